"""Typed readers for the fields of a parsed document, with one-line errors.

Each reader takes a value and ``where``, the path of its field (``"events.3.seat"``, built
with :func:`at`), and returns the value typed, or raises ``error`` (by default
:class:`InvalidRecordError`; a deck reader passes :class:`InvalidDeckError`) with the message
``"<where>: <why>"``. A user's value is echoed bounded, by :func:`shown`.

>>> event = only({"seat": 2, "says": "red"}, {"seat", "says", "sees"}, "events.1")
>>> integer(required(event, "seat", "events.1"), at("events.1", "seat"), 1, 6)
2
>>> try:
...     integer("7", "players")
... except SolverError as error:
...     print(error)
players: must be a whole number, not '7' (write it without quotes)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from fractions import Fraction
from typing import Any, cast

from .documents import shown
from .errors import InvalidRecordError, SolverError, did_you_mean

MAX_NAME = 64
"""The longest name (of a rule, a deck entry, an edition), in characters."""

MAX_COUNT = 10_000
"""The default upper bound of :func:`count`."""

FINEST = 10**6
"""The largest denominator of a :func:`probability` (six decimal places, or ``a/b``)."""

FEW_CHOICES = 8
"""Up to this many known choices are listed in an "unknown" message."""

MAX_DIGITS = 6
"""The most digits :func:`digits` reads (a seat, a count written as text)."""

Error = type[SolverError]


def at(where: str, key: object) -> str:
    """The path of field ``key`` inside ``where`` (``""`` at the top of a document).

    >>> at("events.3", "seat"), at("", "players"), at("hands", 2)
    ('events.3.seat', 'players', 'hands.2')
    """
    if isinstance(key, str) and 0 < len(key) <= MAX_NAME and key.isprintable():
        label = key
    elif isinstance(key, int) and not isinstance(key, bool) and abs(key) < 10**MAX_NAME:
        label = str(key)
    else:
        label = shown(key)
    return f"{where}.{label}" if where else label


def digits(value: Any, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number a string writes in ASCII digits (spaces around them allowed, at
    most ``max_digits`` of them), else ``None``: the one reader of "a number from text"
    (a seat as a JSON key, ``c2``'s ``2``), so that ``"²"`` (which ``str.isdigit`` accepts
    and ``int`` refuses) or 5,000 digits are never handed to ``int``.

    >>> digits(" 3"), digits("²"), digits("3" * 5000), digits(3), digits("+3")
    (3, None, None, None, None)
    """
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not (0 < len(text) <= max_digits and text.isascii() and text.isdigit()):
        return None
    return int(text)


def probability(value: Any, where: str, *, error: Error = InvalidRecordError) -> Fraction:
    """A probability from 0 to 1, exact: a number, or a string such as ``"1/3"`` or
    ``"0.05"``, at most six decimal places fine (a denominator up to :data:`FINEST`), so
    that ``1e-160`` or ``"1e-999999999"`` never reach the arithmetic.

    >>> probability("1/3", "model.village_lies"), probability(0.05, "x")
    (Fraction(1, 3), Fraction(1, 20))
    >>> try:
    ...     probability(1e-160, "model.village_lies")
    ... except SolverError as error:
    ...     print(error)
    model.village_lies: must be a probability from 0 to 1, at most 6 decimal places fine, not 1e-160
    """
    rate: Fraction | None = None
    if isinstance(value, float) and math.isfinite(value):
        rate = Fraction(value).limit_denominator(FINEST)  # 1e-05 is 1/100000
        rate = rate if float(rate) == value else None
    elif isinstance(value, int) and not isinstance(value, bool):
        rate = Fraction(value) if value in (0, 1) else None
    elif isinstance(value, str) and 0 < len(value) <= MAX_NAME and value.isascii():
        try:  # no exponent: Fraction("1e-999999999") would compute 10**999999999
            rate = None if "e" in value.lower() else Fraction(value)
        except (ValueError, ZeroDivisionError):
            rate = None
    if rate is None or not 0 <= rate <= 1 or rate.denominator > FINEST:
        why = (
            f"must be a probability from 0 to 1, at most 6 decimal places fine, not {shown(value)}"
        )
        raise _fail(error, where, why)
    return rate


def mapping(value: Any, where: str, *, error: Error = InvalidRecordError) -> Mapping[Any, Any]:
    """A mapping (its keys unchecked: see :func:`only` for fields named by strings).

    >>> mapping([1, 2], "hands")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: hands: must be a mapping, not [1, 2]
    """
    if not isinstance(value, Mapping):
        raise _fail(error, where, f"must be a mapping, not {shown(value)}")
    return value


def sequence(value: Any, where: str, *, error: Error = InvalidRecordError) -> list[Any]:
    """A list (a tuple is accepted too; a string is not).

    >>> sequence("red, blue", "colours")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: colours: must be a list, not 'red, blue'
    """
    if not isinstance(value, list | tuple):
        raise _fail(error, where, f"must be a list, not {shown(value)}")
    return list(value)


def string(value: Any, where: str, *, error: Error = InvalidRecordError) -> str:
    """A string.

    >>> string(3, "title")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: title: must be a string, not 3
    """
    if not isinstance(value, str):
        raise _fail(error, where, f"must be a string, not {shown(value)}")
    return value


def integer(
    value: Any,
    where: str,
    low: int | None = None,
    high: int | None = None,
    *,
    error: Error = InvalidRecordError,
) -> int:
    """A whole number, between ``low`` and ``high`` when given (both included).

    ``True``, ``2.5``, ``2.0`` and ``"7"`` are refused: a record says what it means.

    >>> integer(9, "players", 1, 6)
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: players: must be between 1 and 6, not 9
    >>> integer(2.5, "players")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: players: must be a whole number, not 2.5
    """
    if not isinstance(value, int) or isinstance(value, bool):
        hint = ""
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
            hint = f" (write {int(value)})"
        elif isinstance(value, str) and digits(value.strip().lstrip("+-"), 100) is not None:
            hint = " (write it without quotes)"
        raise _fail(error, where, f"must be a whole number, not {shown(value)}{hint}")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            bounds = f"between {low} and {high}"
        elif low is not None:
            bounds = f"at least {low}"
        else:
            bounds = f"at most {high}"
        raise _fail(error, where, f"must be {bounds}, not {shown(value)}")
    return value


def count(
    value: Any,
    where: str,
    low: int = 0,
    high: int = MAX_COUNT,
    *,
    error: Error = InvalidRecordError,
) -> int:
    """A whole count from ``low`` to ``high`` (a number of copies, of hands, ...).

    >>> count(1_000_000, "tokens.red", high=20)
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: tokens.red: must be between 0 and 20, not 1000000
    >>> count([1], "tokens.red")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: tokens.red: must be a whole number, not [1]
    """
    return integer(value, where, low, high, error=error)


def boolean(value: Any, where: str, *, error: Error = InvalidRecordError) -> bool:
    """``true`` or ``false`` (YAML 1.2 reads ``yes`` as a string, which is refused).

    >>> boolean("yes", "answer")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: answer: must be true or false, not 'yes'
    """
    if not isinstance(value, bool):
        raise _fail(error, where, f"must be true or false, not {shown(value)}")
    return value


def choice(
    value: Any,
    where: str,
    choices: Iterable[str],
    *,
    what: str = "value",
    error: Error = InvalidRecordError,
) -> str:
    """One of ``choices``; an unknown one is named ``what`` in the message.

    >>> try:
    ...     choice("goat", "events.2.says", ["goal", "gate", "coat"], what="word")
    ... except SolverError as error:
    ...     print(error)
    events.2.says: unknown word 'goat' (did you mean 'goal'?)
    >>> choice("x", "colour", ["red", "blue"], what="colour")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: colour: unknown colour 'x' (known: red, blue)
    """
    known = list(choices)
    text = string(value, where, error=error)
    if text in known:
        return text
    raise _fail(error, where, f"unknown {what} {shown(text)}{_hint(text, known)}")


def only(
    data: Any, allowed: Collection[str], where: str, *, error: Error = InvalidRecordError
) -> Mapping[str, Any]:
    """``data`` as a mapping of fields, refusing any field not in ``allowed``.

    The first unknown field in the document's order is named.

    >>> try:
    ...     only({"seat": 1, "sayz": "red"}, ["seat", "says"], "events.2")
    ... except SolverError as error:
    ...     print(error)
    events.2: unknown field 'sayz' (did you mean 'says'?)
    """
    fields = mapping(data, where, error=error)
    for key in fields:
        if not isinstance(key, str) or key not in allowed:
            raise _fail(error, where, f"unknown field {shown(key)}{_hint(key, allowed)}")
    return cast(Mapping[str, Any], fields)


def required(
    data: Mapping[Any, Any], key: str, where: str, *, error: Error = InvalidRecordError
) -> Any:
    """The value of field ``key`` of ``data`` (the mapping at ``where``), which must be there.

    >>> required({"game": "chess"}, "players", "")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: missing field 'players'
    """
    if key not in data:
        raise _fail(error, where, f"missing field {shown(key)}")
    return data[key]


def name(
    value: Any, where: str, *, max_length: int = MAX_NAME, error: Error = InvalidRecordError
) -> str:
    """A name for rules or deck data: printable, not empty, no ``/`` or ``\\``, no spaces
    around it, at most ``max_length`` characters.

    >>> name("red/blue", "editions")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: editions: must not contain '/': 'red/blue'
    """
    text = string(value, where, error=error)
    if not text.strip():
        raise _fail(error, where, "must not be empty")
    if len(text) > max_length:
        why = f"is too long ({len(text):,} characters; at most {max_length}): {shown(text)}"
        raise _fail(error, where, why)
    for separator in "/\\":
        if separator in text:
            raise _fail(error, where, f"must not contain {separator!r}: {shown(text)}")
    if not text.isprintable():
        raise _fail(error, where, f"must not contain control characters: {shown(text)}")
    if text != text.strip():
        raise _fail(error, where, f"must not start or end with spaces: {shown(text)}")
    return text


def _hint(word: object, known: Iterable[str]) -> str:
    """A did-you-mean hint, else the known choices when they are few."""
    options = list(known) if isinstance(known, list | tuple) else sorted(known)
    hint = did_you_mean(word, options) if isinstance(word, str) and len(word) <= MAX_NAME else ""
    if not hint and 0 < len(options) <= FEW_CHOICES:
        hint = f" (known: {', '.join(options)})"
    return hint


def _fail(error: Error, where: str, why: str) -> SolverError:
    return error(f"{where}: {why}" if where else why)
