"""Shared work between the questions asked of one position: a small memo of results.

In the lab a bot's decision and the report's analysis ask about the same positions
(the same record prefix from the same viewpoint): the bot hints and solves at its turn,
the report solves every seat after each bisected prefix and hints at each declaration.
Inside :func:`sharing` (the lab plays and measures each game in it) the counter's
passes, the posteriors and the hints are computed once per position and kept in a
least-recently-used memo (:data:`MEMO_SIZE` entries per kind), keyed by what the answer
depends on: the knowledge's cards, hands, observations and viewpoint, and the memory
budget; outside it (a single ``solve`` or ``hint``, the benchmarks) nothing is kept, and
leaving it empties the memos. The answers are the very objects first computed, so
outputs are unchanged; the counter keeps no joint bigger than :data:`SMALL_BYTES`.

>>> memo = Memo(2)
>>> memo.get("a", lambda: 1), memo.get("a", lambda: 2)  # not sharing: nothing kept
(1, 2)
>>> with sharing():
...     memo.get("a", lambda: 1), memo.get("b", lambda: 2), memo.get("a", lambda: 3)
...     memo.get("c", lambda: 4), memo.get("b", lambda: 5)  # "b" was the oldest
(1, 2, 1)
(4, 5)
>>> memo.entries
OrderedDict()
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from ....core.kept import kept
from ..model import RoundKnowledge

T = TypeVar("T")

MEMO_SIZE = 256
"""Positions kept per kind of answer (a lab game's round has a few hundred)."""

SMALL_BYTES = 1 << 20
"""The biggest table the counter's memo keeps (the built-in decks' joints are a few
kilobytes; a designer deck's sparse joint is not kept)."""


_SHARING: ContextVar[bool] = ContextVar("sharing", default=False)

MEMOS: list[Memo] = []
"""Every memo, emptied when the outermost :func:`sharing` block ends."""


@contextmanager
def sharing() -> Iterator[None]:
    """Share the work between the questions asked inside the block (see the module's
    docstring); the memos are emptied when the outermost block ends."""
    if _SHARING.get():
        yield
        return
    token = _SHARING.set(True)
    try:
        yield
    finally:
        _SHARING.reset(token)
        for memo in MEMOS:
            memo.clear()


def is_sharing() -> bool:
    """Whether the caller is inside a :func:`sharing` block."""
    return _SHARING.get()


class Memo:
    """A least-recently-used memo of ``size`` entries, used inside :func:`sharing`;
    a ``lasting`` one is used everywhere and never emptied, for the small tables that
    depend on the deck alone (the same in every game of a lab run).

    >>> lasting = Memo(2, lasting=True)
    >>> lasting.get("a", lambda: 1), lasting.get("a", lambda: 2)  # kept, not sharing
    (1, 1)
    """

    def __init__(self, size: int = MEMO_SIZE, lasting: bool = False) -> None:
        self.size = size
        self.lasting = lasting
        self.entries: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()
        """A lasting memo serves every thread (the web table's requests run in a pool)."""
        if not lasting:
            MEMOS.append(self)

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
        if not (self.lasting or _SHARING.get()):
            return make()
        entries = self.entries
        with self.lock:
            kept = entries.get(key)
            if kept is not None:
                entries.move_to_end(key)
                found: T = kept[1]
                return found
        value = make()  # outside the lock: it may ask other memos
        if small is not None and not small(value):
            return value
        with self.lock:
            entries[key] = (keep, value)
            if len(entries) > self.size:
                entries.popitem(last=False)
        return value

    def find(self, key: Hashable) -> Any:
        """The answer kept for ``key``, or ``None`` (nothing made, nothing kept).

        >>> with sharing():
        ...     Memo().find("a") is None
        True
        """
        if not (self.lasting or _SHARING.get()):
            return None
        with self.lock:
            kept = self.entries.get(key)
            return None if kept is None else kept[1]

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


def position(knowledge: RoundKnowledge) -> Hashable:
    """What every answer about ``knowledge`` depends on (the game by identity: the
    lab's rules are one object; a memo entry keeps it alive, so the identity is not
    reused while the entry is kept), made and hashed once per knowledge.

    >>> from wooolf_solver import Round
    >>> from wooolf_solver.games.wooolf.model import knowledge_of
    >>> round_ = Round.load("examples/worked-example.yaml")
    >>> position(knowledge_of(round_)) == position(knowledge_of(round_))
    True
    """

    def key() -> Key:
        hands = tuple(sorted(knowledge.hands.items()))
        parts = (id(knowledge.game), knowledge.setup, hands, knowledge.observations)
        return Key((*parts, knowledge.viewpoint))

    return kept(knowledge, "position", key)


class Key:
    """A memo key that keeps its hash: a position's holds every observation, and
    the memos look it up several times."""

    __slots__ = ("hashed", "parts")

    def __init__(self, parts: tuple[Hashable, ...]) -> None:
        self.parts = parts
        self.hashed: int | None = None  # hashed when first looked up (never, outside sharing)

    def __hash__(self) -> int:
        if self.hashed is None:
            self.hashed = hash(self.parts)
        return self.hashed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Key):
            return NotImplemented
        return hash(self) == hash(other) and self.parts == other.parts

    def __reduce__(self) -> tuple[type[Key], tuple[tuple[Hashable, ...]]]:
        return Key, (self.parts,)  # hashed again where it is read: hashes differ by process
