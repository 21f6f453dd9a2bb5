"""Minimal sets of events: the shared, engine-agnostic shrinking.

Deletion-based: every engine answers the same yes/no questions in the same order,
so every engine finds the same set.

>>> shrink([1, 2, 3, 4], lambda kept: {2, 4} <= set(kept))
(2, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .errors import EventId, InconsistentRecordError
from .knowledge import Knowledge

if TYPE_CHECKING:
    from .tally import Engine, Tally


def shrink(
    items: Sequence[EventId], holds: Callable[[Sequence[EventId]], bool]
) -> tuple[EventId, ...]:
    """A minimal subset of ``items`` for which the monotone test ``holds`` (true of
    ``items`` itself) is still true: trying to drop each item, the earliest first."""
    kept = list(items)
    for item in list(items):
        trial = [other for other in kept if other != item]
        if holds(trial):
            kept = trial
    return tuple(kept)


def minimal_conflict(knowledge: Knowledge, engine: Engine) -> tuple[EventId, ...]:
    """A minimal set of events that cannot all hold, for an inconsistent knowledge
    (``()`` if it is consistent, or if the deck alone leaves no world): the earliest
    one, as :func:`earliest_minimal` finds it, every step checked with ``engine``."""

    def fails(events: Sequence[EventId]) -> bool:
        return not engine.consistent(knowledge.restricted(events))

    return earliest_minimal(knowledge.events, fails)


def earliest_minimal(
    events: Sequence[EventId],
    fails: Callable[[Sequence[EventId]], bool],
    seed: Callable[[Sequence[EventId]], Sequence[EventId]] | None = None,
) -> tuple[EventId, ...]:
    """A minimal subset of ``events`` for which the monotone test ``fails`` is true;
    ``()`` when ``fails`` is true of no event at all, or false of every event.

    The last event of the shortest failing prefix is in it (the earliest moment the
    failure appears); the earlier events of that prefix, or those of ``seed(prefix)``
    if that set still fails, are then dropped, the earliest first, while the rest
    still fails.

    >>> earliest_minimal([1, 2, 3, 4, 5], lambda kept: {2, 4} <= set(kept))
    (2, 4)
    """
    events = list(events)
    if fails([]) or not fails(events):
        return ()
    low, high = 0, len(events)  # the shortest failing prefix has length in (low, high]
    while high - low > 1:
        middle = (low + high) // 2
        if fails(events[:middle]):
            high = middle
        else:
            low = middle
    *earlier, last = events[:high]
    if seed is not None:
        seeded = [event for event in seed(events[:high]) if event in earlier]
        if fails([*seeded, last]):
            earlier = seeded
    return (*shrink(earlier, lambda kept: fails([*kept, last])), last)


def consistent_tally(knowledge: Knowledge, engine: Engine) -> Tally:
    """The engine's tally of a knowledge; raises :class:`InconsistentRecordError`,
    carrying a minimal conflicting set of events, when no world is consistent."""
    tally = engine.tally(knowledge)
    if tally.deals == 0:
        raise InconsistentRecordError(minimal_conflict(knowledge, engine))
    return tally
