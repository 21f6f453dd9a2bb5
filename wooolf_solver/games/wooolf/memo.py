"""Shared work between the questions asked of one position: a small memo of results.

In the lab a bot's decision and the report's analysis ask about the same positions
(the same record prefix from the same viewpoint): the bot hints and solves at its turn,
the report solves every seat after each bisected prefix and hints at each declaration.
The counter's passes and the hints are computed once per position and kept in a
least-recently-used memo (:data:`MEMO_SIZE` entries per kind), keyed by what the answer
depends on: the knowledge's cards, hands, observations and viewpoint, and the memory
budget. The answers are the very objects first computed, so outputs are unchanged; the
counter keeps no joint bigger than :data:`SMALL_BYTES`.

>>> memo = Memo(2)
>>> memo.get("a", lambda: 1), memo.get("b", lambda: 2), memo.get("a", lambda: 3)
(1, 2, 1)
>>> memo.get("c", lambda: 4), memo.get("b", lambda: 5)  # "b" was the oldest
(4, 5)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from .knowledge import RoundKnowledge

T = TypeVar("T")

MEMO_SIZE = 256
"""Positions kept per kind of answer (a lab game's round has a few hundred)."""

SMALL_BYTES = 1 << 20
"""The biggest table the counter's memo keeps (the built-in decks' joints are a few
kilobytes; a designer deck's sparse joint is not kept)."""


class Memo:
    """A least-recently-used memo of ``size`` entries."""

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self.entries: OrderedDict[Hashable, Any] = OrderedDict()

    def get(
        self,
        key: Hashable,
        make: Callable[[], T],
        keep: object = None,
        small: Callable[[T], bool] | None = None,
    ) -> T:
        """The answer kept for ``key``, else ``make()``, kept (with ``keep``, an object
        the key names by identity, alive with the entry) unless it raises or ``small``
        says it is too big to keep (the memo must not hold a designer deck's big
        tables past their use)."""
        entries = self.entries
        if key in entries:
            entries.move_to_end(key)
            found: T = entries[key][1]
            return found
        value = make()
        if small is not None and not small(value):
            return value
        entries[key] = (keep, value)
        if len(entries) > self.size:
            entries.popitem(last=False)
        return value

    def clear(self) -> None:
        self.entries.clear()


def position(knowledge: RoundKnowledge) -> Hashable:
    """What every answer about ``knowledge`` depends on (the game by identity: the
    lab's rules are one object; a memo entry keeps it alive, so the identity is not
    reused while the entry is kept)."""
    return (
        id(knowledge.game),
        knowledge.setup,
        tuple(sorted(knowledge.hands.items())),
        knowledge.observations,
        knowledge.viewpoint,
    )
