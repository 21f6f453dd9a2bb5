"""Deck files as documents: a designer's deck as plain data (tables, lists, text, whole
numbers and switches), written out as the TOML every game's deck reader takes.

A game's lab turns a simulation's cards into such a document
(:meth:`~wooolf_solver.lab.runner.Hooks.deck_document`); the workshop edits it, checks
its shape (:func:`checked`), writes it (:func:`toml_text`) and lets the game's own
reader judge the rest, as ``wooolf simulate --deck FILE`` would.

>>> print(toml_text({"name": "five", "cards": {"a": 2, "b": 1}}), end="")
name = "five"
<BLANKLINE>
[cards]
a = 2
b = 1
>>> checked({"cards": {"a": 1.5}})
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidArgumentError: deck.cards.a: a whole number, text, \
a switch, a list or a table, not 1.5
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..core.documents import shown
from ..core.errors import InvalidArgumentError

DEEPEST = 6
"""The most tables a deck document nests."""
MOST_ENTRIES = 2000
"""The most values (all levels together) a deck document holds."""
STEM = re.compile(r"[A-Za-z0-9_-]{1,60}")
"""A deck file's name (without ``.toml``)."""

Scalar = str | int | bool


def checked(document: Any, where: str = "deck") -> dict[str, Any]:
    """``document`` if it is a deck document (a table of text, whole numbers, switches,
    lists and tables, not too deep or large), else a one-line error naming the field."""
    count = 0

    def check(value: Any, at: str, depth: int) -> None:
        nonlocal count
        count += 1
        if count > MOST_ENTRIES:
            raise InvalidArgumentError(f"{where}: more than {MOST_ENTRIES} values")
        if isinstance(value, Mapping):
            if depth >= DEEPEST:
                raise InvalidArgumentError(f"{at}: tables nest {DEEPEST} deep at most")
            for key, inner in value.items():
                if not isinstance(key, str) or not key:
                    raise InvalidArgumentError(f"{at}: a name, not {shown(key)}")
                check(inner, f"{at}.{key}", depth + 1)
        elif isinstance(value, list):
            for k, inner in enumerate(value):
                check(inner, f"{at}.{k}", depth + 1)
        elif not isinstance(value, Scalar) or (isinstance(value, int) and abs(value) > 10**9):
            raise InvalidArgumentError(
                f"{at}: a whole number, text, a switch, a list or a table, not {shown(value)}"
            )

    if not isinstance(document, Mapping):
        raise InvalidArgumentError(f"{where}: a table of the deck file's fields")
    check(document, where, 0)
    return dict(document)


def _text(value: str) -> str:
    """A TOML basic string (control characters escaped)."""
    quoted = json.dumps(value, ensure_ascii=False)
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group()):04x}", quoted)


def _value(value: Any) -> str:
    """A value written on one line (a table inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(inner) for inner in value) + "]"
    pairs = ", ".join(f"{_key(key)} = {_value(inner)}" for key, inner in value.items())
    return "{ " + pairs + " }" if pairs else "{}"


def _tables(value: Any) -> bool:
    """Whether ``value`` is a non-empty list of tables (written ``[[...]]``)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def toml_text(document: Mapping[str, Any]) -> str:
    """The deck document as TOML: each level's plain values first, then its tables
    (``[a.b]``) and lists of tables (``[[a.b]]``, their own tables written inline).

    >>> print(toml_text({"e": {"x": {"t": "X", "rows": [{"n": [5], "c": {"a?": 1}}]}}}), end="")
    [e.x]
    t = "X"
    <BLANKLINE>
    [[e.x.rows]]
    n = [5]
    c = { "a?" = 1 }
    """
    lines: list[str] = []

    def table(path: list[str], values: Mapping[str, Any], inline: bool) -> None:
        for key, value in values.items():
            if inline or not (isinstance(value, Mapping) or _tables(value)):
                lines.append(f"{_key(key)} = {_value(value)}")
        if inline:
            return
        for key, value in values.items():
            if isinstance(value, Mapping):
                plain = not value or any(
                    not (isinstance(inner, Mapping) or _tables(inner)) for inner in value.values()
                )
                if plain:  # a table of tables only needs no header of its own
                    lines.extend(("", f"[{_dotted([*path, key])}]"))
                table([*path, key], value, False)
            elif _tables(value):
                for item in value:
                    lines.extend(("", f"[[{_dotted([*path, key])}]]"))
                    table([*path, key], item, True)

    table([], document, False)
    text = "\n".join(lines).lstrip("\n")
    return text + "\n" if text else ""


def _key(key: str) -> str:
    """A key: bare when TOML allows it, else quoted (a card may read ``a?``)."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _text(key)


def _dotted(path: list[str]) -> str:
    return ".".join(map(_key, path))


def stem_of(document: Mapping[str, Any], default: str = "deck") -> str:
    """The deck file's name: its ``name``, or the one table under ``editions``, when
    either is a plain name; else ``default``.

    >>> stem_of({"name": "five"}), stem_of({"editions": {"mine": {}}}), stem_of({"name": "../x"})
    ('five', 'mine', 'deck')
    """
    named = document.get("name")
    editions = document.get("editions")
    if not isinstance(named, str) and isinstance(editions, Mapping) and len(editions) == 1:
        (named,) = editions
    return named if isinstance(named, str) and STEM.fullmatch(named) else default


@contextmanager
def written(text: str, stem: str) -> Iterator[Path]:
    """The deck file ``stem.toml`` holding ``text``, in a folder of its own that is
    removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="deck-") as folder:
        path = Path(folder) / f"{stem}.toml"
        path.write_text(text, encoding="utf-8")
        yield path
