"""The solver's pages of a table, computed in the server's workers and bounded as the
assistant's analyses are (:meth:`.workers.Workers.offload`):

- a finished deal's review as one HTML page, the page ``wooolf review --html`` writes: the
  reveal's link opens it (``GET /tables/ID/review``);
- the solver's view of one seat, from what that seat knows (its card, its night, the
  claims): a person who asks for it sees it (``GET /api/tables/ID/seats/S/solve``); when
  no deal fits, the events that cannot all hold (``conflict``), which the page names in
  its language.

>>> deck = ["minion", "insomniac", "villager", "mason", "drunk"]
>>> page = review_page({"game": "onuw", "players": 3, "edition": "table", "deck": deck,
...     "cards": {1: "minion", 2: "insomniac", 3: "villager", "c1": "mason", "c2": "drunk"},
...     "night": {1: {"wolves": []}, 2: {"now": "insomniac"}, 3: {}},
...     "votes": {1: 2, 2: 1, 3: 1}})
>>> page.startswith("<!DOCTYPE html>"), "<script" in page
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import api
from ..core.errors import EventId, InconsistentRecordError, InvalidRecordError, SolverError
from ..core.i18n import speaking, texts

PACKAGE = __name__.rpartition(".")[0]
"""The package whose catalogue the pages speak (the table's)."""


def review_page(record: Mapping[str, Any], lang: str = "en") -> str:
    """The review page of a game record (any game with an HTML review), in ``lang``
    (the table's catalogue: its own words and the game's sentences)."""
    game, read = api.game_of(dict(record), "review")
    with speaking(texts(PACKAGE, lang)):
        page = game.render("review-html", read, game.review(read, None, None))
    if not isinstance(page, str):
        raise InvalidRecordError(f"review: {game.title} has no HTML review")
    return page


def seat_view(knowledge: Mapping[str, Any]) -> dict[str, Any]:
    """The posterior of a seat's own deal record, as the library's JSON (``solve``).

    >>> deck = ["minion", "insomniac", "villager", "mason", "drunk"]
    >>> view = seat_view({"game": "onuw", "players": 3, "edition": "table", "deck": deck,
    ...     "viewpoint": 1, "cards": {1: "minion"}, "night": {1: {"wolves": []}}})
    >>> view["consistent"], view["dealt"]["2"]["mason"]
    (True, 0.25)
    """
    try:
        result: dict[str, Any] = api.solve(dict(knowledge)).to_dict()
    except SolverError as error:  # claims no deal fits: said, not raised
        said = {"consistent": False, "error": " ".join(str(error).split())[:300]}
        if isinstance(error, InconsistentRecordError):
            said["conflict"] = [_event(knowledge, event) for event in error.conflict]
        return said
    return result


def _event(knowledge: Mapping[str, Any], event: EventId) -> dict[str, Any]:
    """An event of a conflict as the seat's page names it: the seat's own night, or a
    claim (its number in the record, and the seat that made it).

    >>> _event({"viewpoint": 2, "claims": [{"seat": 3}]}, 1), _event({"viewpoint": 2}, "night")
    ({'event': 1, 'seat': 3}, {'event': 'night', 'seat': 2})
    """
    claims = knowledge.get("claims") or []
    if isinstance(event, int) and 1 <= event <= len(claims):
        return {"event": event, "seat": claims[event - 1].get("seat")}
    return {"event": event, "seat": knowledge.get("viewpoint")}
