"""Minimal sets of events: the shared, engine-agnostic shrinking.

Deletion-based: every engine answers the same yes/no questions in the same order,
so every engine finds the same set.

>>> shrink([1, 2, 3, 4], lambda kept: {2, 4} <= set(kept))
(2, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .engines.base import Engine
from .knowledge import Knowledge


def shrink(items: Sequence[int], holds: Callable[[Sequence[int]], bool]) -> tuple[int, ...]:
    """A minimal subset of ``items`` for which the monotone test ``holds`` (true of
    ``items`` itself) is still true: trying to drop each item, the earliest first."""
    kept = list(items)
    for item in list(items):
        trial = [other for other in kept if other != item]
        if holds(trial):
            kept = trial
    return tuple(kept)


def minimal_conflict(knowledge: Knowledge, engine: Engine) -> tuple[int, ...]:
    """A minimal set of events that cannot all hold, for an inconsistent knowledge.

    The last event of the shortest inconsistent prefix is in it; the earlier events
    of that prefix are then dropped, the earliest first, while the rest still
    conflicts. ``()`` if the knowledge is consistent.
    """

    def conflicts(events: Sequence[int]) -> bool:
        return not engine.consistent(knowledge.restricted(events))

    events = knowledge.events
    if not conflicts(events):
        return ()
    low, high = 0, len(events)  # the shortest conflicting prefix has length in (low, high]
    while high - low > 1:
        middle = (low + high) // 2
        if conflicts(events[:middle]):
            high = middle
        else:
            low = middle
    *earlier, last = events[:high]
    return (*shrink(earlier, lambda kept: conflicts([*kept, last])), last)
