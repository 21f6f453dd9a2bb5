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

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

T = TypeVar("T")

SLOT = "_kept"
"""Where an object keeps its answers: a dictionary in its instance dictionary, beside
its cached properties."""


def kept(owner: object, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, kept on ``owner`` under ``key``: the next call with the same key
    returns it. ``owner`` must never change what ``make`` reads (a frozen dataclass)."""
    answers: dict[Hashable, Any] | None = owner.__dict__.get(SLOT)
    if answers is None:
        answers = owner.__dict__[SLOT] = {}
    found = answers.get(key)
    if found is None:
        found = answers[key] = make()
    return cast(T, found)
