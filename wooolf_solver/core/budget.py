"""The memory budget of one exact computation: a context setting any engine may read.

An engine that can tell, before the work, how much memory an exact solution needs reads
:func:`max_memory` and refuses an input over it (Wooolf!!'s counter raises its
``TooLargeError``); the command line sets it with ``--max-memory`` around a verb's run
(:func:`memory_budget`), the lab's worker processes with the same setting as their
parent. Sizes are in bytes; ``1 GB`` is ``2**30`` bytes, as the messages print them.

>>> max_memory() == DEFAULT_MAX_MEMORY
True
>>> with memory_budget(parse_size("500MB")):
...     max_memory()
524288000
>>> parse_size("2GB"), parse_size("1.5 GB"), parse_size("4096")
(2147483648, 1610612736, 4096)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

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
    """Set the memory budget to ``size`` bytes (``None``: leave it) inside the block."""
    if size is None:
        yield max_memory()
        return
    if size < 1:
        raise ValueError(f"a memory budget must be positive, got {size}")
    token = _BUDGET.set(size)
    try:
        yield size
    finally:
        _BUDGET.reset(token)


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
