"""A finished deal's review as one HTML page, the page ``wooolf review --html`` writes: the
reveal's link opens it (``GET /tables/ID/review``). It is computed in the server's workers,
bounded as the assistant's analyses are (:meth:`.workers.Workers.offload`).

>>> page = review_page({"game": "onuw", "players": 3, "edition": "table",
...     "cards": {1: "werewolf", 2: "seer", 3: "robber", "c1": "troublemaker", "c2": "werewolf"},
...     "night": {1: {"wolves": [1]}, 2: {"saw": {3: "robber"}}, 3: {}},
...     "votes": {1: 2, 2: 1, 3: 1}})
>>> page.startswith("<!DOCTYPE html>"), "<script" in page
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import api
from ..core.errors import InvalidRecordError


def review_page(record: Mapping[str, Any]) -> str:
    """The review page of a game record (any game with an HTML review)."""
    game, read = api.game_of(dict(record), "review")
    page = game.render("review-html", read, game.review(read, None, None))
    if not isinstance(page, str):
        raise InvalidRecordError(f"review: {game.title} has no HTML review")
    return page
