"""Checks of a library call's arguments at the public entry points, raising
:class:`~wooolf_solver.core.errors.ArgumentTypeError` (a ``TypeError`` and a
``SolverError``) instead of a bare ``TypeError`` or ``AttributeError`` from deep inside.

>>> seat_argument(True)
Traceback (most recent call last):
...
wooolf_solver.core.errors.ArgumentTypeError: seat: must be a seat number (an int), not True
>>> path_argument("round.yaml"), optional_name(None, "engine")
(PosixPath('round.yaml'), None)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from .documents import shown
from .errors import ArgumentTypeError, InvalidArgumentError


def instance_argument(value: Any, kind: type, name: str) -> Any:
    """``value``, which must be a ``kind`` (a game's object handed back to the library).

    >>> instance_argument(5, Path, "path")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.ArgumentTypeError: path: must be a Path, not 5
    """
    if not isinstance(value, kind):
        raise ArgumentTypeError(f"{name}: must be a {kind.__name__}, not {shown(value)}")
    return value


def seat_argument(value: Any, name: str = "seat") -> int:
    """A seat number: an ``int`` (not ``True``, not ``"5"``, not ``5.0``)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"{name}: must be a seat number (an int), not {shown(value)}")
    return value


def seats_argument(value: Any, name: str = "seats") -> tuple[int, ...]:
    """Seat numbers: a list or tuple of ``int`` (the seats a call is about).

    >>> seats_argument([6, 1]), seats_argument((), "targets")
    ((6, 1), ())
    >>> seats_argument(5, "targets")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.ArgumentTypeError: targets: must be a list of seat numbers, not 5
    """
    if not isinstance(value, list | tuple):
        raise ArgumentTypeError(f"{name}: must be a list of seat numbers, not {shown(value)}")
    return tuple(seat_argument(seat, f"{name}.{index}") for index, seat in enumerate(value, 1))


def count_argument(value: Any, name: str) -> int:
    """A count: an ``int`` (not ``True``, not ``"5"``) of at least 0.

    >>> count_argument(-1, "at_least")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidArgumentError: at_least: must be 0 or more, not -1
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"{name}: must be a count (an int), not {shown(value)}")
    if value < 0:
        raise InvalidArgumentError(f"{name}: must be 0 or more, not {value}")
    return value


def name_argument(value: Any, name: str) -> str:
    """A name (of a role, a game, an identity): a ``str``."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name}: must be a string, not {shown(value)}")
    return value


def optional_name(value: Any, name: str) -> str | None:
    """A name or ``None`` (an engine's, the game's default when ``None``)."""
    if value is not None and not isinstance(value, str):
        raise ArgumentTypeError(f"{name}: must be a string or None, not {shown(value)}")
    return value


def flag_argument(value: Any, name: str) -> bool:
    """``True`` or ``False`` (``"no"`` would be true)."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name}: must be True or False, not {shown(value)}")
    return value


def path_argument(value: Any, name: str = "path") -> Path:
    """A file's path: a ``str`` or an ``os.PathLike``."""
    if not isinstance(value, str | os.PathLike):
        raise ArgumentTypeError(f"{name}: must be a path (str or Path), not {shown(value)}")
    return Path(value)


def callback_argument(value: Any, name: str) -> Callable[..., Any] | None:
    """A function to call, or ``None``."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name}: must be a function or None, not {shown(value)}")
    return cast("Callable[..., Any] | None", value)
