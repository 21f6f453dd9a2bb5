"""Answers kept on the object they are about, as :func:`functools.cached_property`
keeps one, for a function defined where the object's class cannot know of it (a
record's compiled knowledge, a knowledge's memo key).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
>>> point = Point(3)
>>> kept(point, "square", lambda: point.x**2), kept(point, "square", lambda: 0)
(9, 9)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

T = TypeVar("T")


def kept(owner: object, name: str, make: Callable[[], T]) -> T:
    """``make()``, kept on ``owner`` (in its instance dictionary, beside its cached
    properties) under ``_kept_<name>``: the next call returns it. ``owner`` must never
    change what ``make`` reads (a frozen dataclass)."""
    slot = f"_kept_{name}"
    found = owner.__dict__.get(slot)
    if found is None:
        found = owner.__dict__[slot] = make()
    return cast(T, found)
