"""The memory budget of one exact computation: a context setting any engine may read.

An engine that can tell, before the work, how much memory an exact solution needs reads
:func:`max_memory` and refuses an input over it with :class:`TooLargeError` (Wooolf!!'s
counter). The command line sets the budget with ``--max-memory`` around a verb's run
(:func:`memory_budget`), the lab's worker processes with the same setting as their
parent; and for the engines that cannot tell (those that list or search the worlds), the
same block watches the process: every tenth of a second of processor time, a process
grown by more than the budget since the block began stops with the same
:class:`TooLargeError` (in the main thread of a system with interval timers, as Linux and
macOS; elsewhere only the up-front refusals hold). Sizes are in bytes; ``1 GB`` is
``2**30`` bytes, as the messages print them.

>>> max_memory() == DEFAULT_MAX_MEMORY
True
>>> with memory_budget(parse_size("500MB")):
...     max_memory()
524288000
>>> parse_size("2GB"), parse_size("1.5 GB"), parse_size("4096")
(2147483648, 1610612736, 4096)

A time budget (:func:`time_budget`) stops a computation on the same timer once the
block has used more than its seconds of processor time (:class:`TooSlowError`): the web
table's bots use it, so that a ballot the exact engine would need minutes for cannot
hold up the table.

>>> try:
...     with time_budget(0.2):
...         while True:
...             pass
... except TooSlowError as error:
...     print(error)
too slow to solve exactly: over the time budget of 0.2 s of processor time
"""

from __future__ import annotations

import os
import re
import resource
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import FrameType

from .errors import SolverError

DEFAULT_MAX_MEMORY = 1 << 30
"""The default memory budget of one computation, in bytes (1 GB)."""

_BUDGET: ContextVar[int] = ContextVar("max_memory", default=DEFAULT_MAX_MEMORY)

UNITS = {"": 1, "B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30, "TB": 1 << 40}
"""The size units :func:`parse_size` reads (binary multiples, as the messages print)."""

_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*([KMGT]?B?)\s*", re.IGNORECASE)


def max_memory() -> int:
    """The memory budget in force, in bytes."""
    return _BUDGET.get()


@contextmanager
def memory_budget(size: int | None) -> Iterator[int]:
    """Set the memory budget to ``size`` bytes (``None``: leave it) inside the block,
    and watch that the process does not grow by more than it (see the module)."""
    if size is None:
        yield max_memory()
        return
    if size < 1:
        raise ValueError(f"a memory budget must be positive, got {size}")
    token = _BUDGET.set(size)
    try:
        with _watched():
            yield size
    finally:
        _BUDGET.reset(token)


_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("deadline", default=None)
"""The time budget in force: the processor time at which it runs out, and its seconds."""


@contextmanager
def time_budget(seconds: float) -> Iterator[float]:
    """Inside the block, :class:`TooSlowError` once the block has used more than
    ``seconds`` of processor time (on the memory's timer: in the main thread of a system
    with interval timers, else no limit); the memory budget in force is watched too."""
    if seconds <= 0:
        raise ValueError(f"a time budget must be positive, got {seconds}")
    token = _DEADLINE.set((time.process_time() + seconds, seconds))
    try:
        with _watched():
            yield seconds
    finally:
        _DEADLINE.reset(token)


WATCH_EVERY = 0.1
"""Seconds of processor time between two looks at the process's memory."""

_WATCHING: dict[int, int] = {}
"""By process id, the process's memory when its outermost watch began (none: no watch;
a child forked inside a watch inherits no timer, so its parent's entry does not count)."""


@contextmanager
def _watched() -> Iterator[None]:
    """Inside the block, :class:`TooLargeError` once the process has grown by more than
    the budget in force (checked on a timer of processor time, in the main thread)."""
    timer = getattr(signal, "ITIMER_VIRTUAL", None)
    pid = os.getpid()
    if (
        pid in _WATCHING
        or timer is None
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    _WATCHING.clear()
    _WATCHING[pid] = resident_memory()
    previous = signal.signal(signal.SIGVTALRM, _look)
    signal.setitimer(timer, WATCH_EVERY, WATCH_EVERY)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(signal.SIGVTALRM, signal.SIG_DFL if previous is None else previous)
        _WATCHING.clear()


def _look(signum: int, frame: FrameType | None) -> None:
    """The timer's look at the process: too large or out of time, the computation stops
    here (and at every look after, should some code swallow the error, until the block
    ends)."""
    start = _WATCHING.get(os.getpid())
    if start is None or _importing(frame):
        return
    grown = resident_memory() - start
    if grown > max_memory():
        raise TooLargeError("the worlds and tables of this computation", grown, max_memory())
    deadline = _DEADLINE.get()
    if deadline is not None and time.process_time() > deadline[0]:
        raise TooSlowError(deadline[1])


def _importing(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside an import: an error raised there would break the
    import machinery's bookkeeping rather than stop the computation, so the look waits
    for the next tick, after the import."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def parse_size(text: str) -> int:
    """A size in bytes from ``500MB``, ``2GB``, ``1.5 GB``, ``64kB`` or a plain number;
    raises :class:`ValueError` on anything else or a size below one byte."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(f"expected a size such as 500MB or 2GB, got {text!r}")
    number, unit = match.groups()
    size = int(float(number) * UNITS[unit.upper()])
    if size < 1:
        raise ValueError(f"expected a size of at least one byte, got {text!r}")
    return size


class TooLargeError(SolverError):
    """The exact solution would need more memory than the budget allows.

    The message is one line naming the size; ``needed`` and ``budget`` are in bytes.

    >>> print(TooLargeError("the worlds listed", 3 << 29, 1 << 30))
    too large to solve exactly: the worlds listed need about 1.5 GB, over the memory budget of 1 GB
    """

    def __init__(self, what: str, needed: int, budget: int) -> None:
        self.what = what
        self.needed = needed
        self.budget = budget
        super().__init__(
            f"too large to solve exactly: {what} need about {readable_size(needed)}, "
            f"over the memory budget of {readable_size(budget)}"
        )

    def __reduce__(self) -> tuple[type[TooLargeError], tuple[str, int, int]]:
        """Pickled with its arguments: a lab worker's refusal reaches its parent."""
        return (TooLargeError, (self.what, self.needed, self.budget))


class TooSlowError(SolverError):
    """The exact solution would take more processor time than the time budget allows.

    >>> print(TooSlowError(5))
    too slow to solve exactly: over the time budget of 5 s of processor time
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(
            f"too slow to solve exactly: over the time budget of {seconds:g} s of processor time"
        )

    def __reduce__(self) -> tuple[type[TooSlowError], tuple[float]]:
        """Pickled with its argument: a worker's refusal reaches its parent."""
        return (TooSlowError, (self.seconds,))


def readable_size(size: float) -> str:
    """A size in bytes, readable.

    >>> readable_size(1 << 30), readable_size(7 << 19), readable_size(512)
    ('1 GB', '3.5 MB', '512 bytes')
    """
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.3g} {unit}"
    return f"{int(size)} bytes"


def resident_memory() -> int:
    """The bytes this process holds in memory now (its resident set; where the system
    does not tell, the most it has held)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024
