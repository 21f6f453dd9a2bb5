"""Fewer runs of Python's cycle collector during a long job of many small objects.

A lab game makes and drops hundreds of thousands of small objects, nearly all freed
by their reference counts; the cycle collector's default (a run every 700 net
allocations) then costs a few per cent of the time for nothing found, and its
occasional full runs walk every object of the process (the modules, the tables kept
for the whole run). Inside :func:`fewer_collections` the first generation's
threshold is :data:`THRESHOLD`, and the objects made before the block are left out of
the collections (:func:`gc.freeze`); the settings before are put back, and those
objects collected again, when the last such block in the process ends.

>>> import gc
>>> before = gc.get_threshold()
>>> with fewer_collections():
...     gc.get_threshold()[0] >= THRESHOLD
True
>>> gc.get_threshold() == before
True
>>> with fewer_collections():
...     gc.get_freeze_count() > 0
True
>>> gc.get_freeze_count()
0
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLD = 20_000
"""Net allocations between two runs of the youngest generation's collection."""

_LOCK = threading.Lock()
_OPEN: list[tuple[int, ...]] = []
"""The thresholds before the first open block, once per block open (threads may
play games side by side)."""
_FROZE: list[bool] = [False]
"""Whether the first open block froze the objects before it (none were frozen)."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect cycles less often inside the block (see the module docstring)."""
    with _LOCK:
        if not _OPEN:
            _FROZE[:] = [gc.get_freeze_count() == 0]  # (never undo someone else's freeze)
            if _FROZE[0]:
                gc.freeze()
        before = _OPEN[0] if _OPEN else gc.get_threshold()
        _OPEN.append(before)
        gc.set_threshold(max(THRESHOLD, before[0]), *before[1:])
    try:
        yield
    finally:
        with _LOCK:
            _OPEN.pop()
            if not _OPEN:
                gc.set_threshold(*before)
                if _FROZE[0]:
                    gc.unfreeze()
