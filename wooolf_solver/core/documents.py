"""Safe, bounded reading of YAML, JSON and TOML documents.

Every reader refuses input beyond the limits below with one line that starts with the
document's path (or ``<text>``), raised as the caller's error class:

>>> parse_yaml("colours: [red?, blue]\\nshown: yes")
{'colours': ['red?', 'blue'], 'shown': 'yes'}
>>> parse_json('{"a": ' * 1000)
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidRecordError: <text>: nested too deeply (more than 64 levels)

YAML is read as YAML 1.2 by ruamel.yaml's safe loader, so ``red?`` and ``yes`` stay strings
(plain documents are parsed by libyaml when PyYAML's C extension is installed, see
:mod:`.fastyaml`, and resolved and built by ruamel all the same). Aliases are never
expanded: the composed node graph is measured with shared nodes counted once per use
(memoized), so an alias bomb is refused before it is built.
"""

from __future__ import annotations

import json
import math
import os
import stat
import tomllib
from collections.abc import Callable, Mapping, Sequence
from io import StringIO
from pathlib import Path
from typing import Any, NoReturn

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from . import fastyaml
from .errors import InvalidDeckError, InvalidRecordError, SolverError

MAX_BYTES = 2_000_000
"""The largest document read, in bytes (at most one byte more is ever read)."""

MAX_DEPTH = 64
"""The deepest nesting of lists and mappings (a scalar at the top is depth 1)."""

MAX_NODES = 1_000_000
"""The most values in a document, counting each use of a YAML alias as a full copy."""

MAX_STRING = 10_000
"""The longest string (or other scalar, keys included), in characters."""

MAX_DIGITS = 100
"""The longest number literal, in characters; larger integers are refused."""

_INT_BOUND = 10**MAX_DIGITS
_TOO_DEEP = f"nested too deeply (more than {MAX_DEPTH} levels)"
_TOO_MANY_DIGITS = f"a number has too many digits (more than {MAX_DIGITS})"


class _RefusedError(Exception):
    """A document's problem, raised before the source's name is prefixed."""


# -- public readers ----------------------------------------------------------------------


def read_document(
    path: str | os.PathLike[str], error: type[SolverError] = InvalidRecordError
) -> Mapping[str, Any]:
    """A mapping of fields read from a YAML or JSON file.

    A ``.json`` file is read as JSON, any other as YAML 1.2 (which reads most JSON too).

    >>> try:
    ...     read_document("/no/such/file.yaml")
    ... except SolverError as error:
    ...     print(error)
    /no/such/file.yaml: cannot read: No such file or directory
    """
    source = str(path)
    try:
        text = _read_text(path)
        if Path(path).suffix.lower() == ".json":
            return _fields(_parse_json(text))
        return _fields(_parse_yaml(text))
    except _RefusedError as refused:
        raise error(f"{source}: {refused}") from None


def parse_document(
    text: str, *, error: type[SolverError] = InvalidRecordError, source: str = "<text>"
) -> Mapping[str, Any]:
    """A mapping of fields from a document's text: JSON when it starts with ``{``,
    otherwise YAML 1.2.

    >>> parse_document('{"game": "onuw", "players": 3}')
    {'game': 'onuw', 'players': 3}
    >>> parse_document("- a list")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: <text>: the document must be a mapping of \
fields, not a list
    """
    try:
        text = _bounded(text)
        parse = _parse_json if text.lstrip().startswith("{") else _parse_yaml
        return _fields(parse(text))
    except _RefusedError as refused:
        raise error(f"{source}: {refused}") from None


def read_toml(
    path: str | os.PathLike[str], error: type[SolverError] = InvalidDeckError
) -> dict[str, Any]:
    """The table read from a TOML file (rules or deck data).

    >>> try:
    ...     read_toml("/no/such/deck.toml")
    ... except SolverError as error:
    ...     print(error)
    /no/such/deck.toml: cannot read: No such file or directory
    """
    source = str(path)
    try:
        return _parse_toml(_read_text(path))
    except _RefusedError as refused:
        raise error(f"{source}: {refused}") from None


def parse_yaml(
    text: str, *, error: type[SolverError] = InvalidRecordError, source: str = "<text>"
) -> Any:
    """Parse YAML 1.2 text within the limits (so that ``[red?, blue]`` is two strings).

    >>> parse_yaml("seats: {2: [red?, blue]}")
    {'seats': {2: ['red?', 'blue']}}
    >>> parse_yaml("a: &a [x, x]\\nb: [*a, *a]")
    {'a': ['x', 'x'], 'b': [['x', 'x'], ['x', 'x']]}
    """
    try:
        return _parse_yaml(_bounded(text))
    except _RefusedError as refused:
        raise error(f"{source}: {refused}") from None


def dump_yaml(data: Any, flow: bool | None = None) -> str:
    """``data`` as YAML 1.2, keys in their order, lines unwrapped; ``flow``: ``None``
    writes leaf collections inline, ``True`` everything inline.

    >>> print(dump_yaml({"seat": 2, "saw": ["c1", "c3"]}), end="")
    seat: 2
    saw: [c1, c3]
    """
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = flow
    yaml.width = 4096
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]
    stream = StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


def parse_json(
    text: str, *, error: type[SolverError] = InvalidRecordError, source: str = "<text>"
) -> Any:
    """Parse JSON text within the limits; a key given twice is refused.

    >>> parse_json('{"players": 6, "seen": [1, 2.5, null]}')
    {'players': 6, 'seen': [1, 2.5, None]}
    >>> parse_json('{"a": 1, "a": 2}', source="round.json")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: round.json: duplicate key 'a'
    """
    try:
        return _parse_json(_bounded(text))
    except _RefusedError as refused:
        raise error(f"{source}: {refused}") from None


def parse_toml(
    text: str, *, error: type[SolverError] = InvalidDeckError, source: str = "<text>"
) -> dict[str, Any]:
    """Parse TOML text within the limits.

    >>> parse_toml('title = "Basic"\\n[rows]\\nplayers = [4, 5]')
    {'title': 'Basic', 'rows': {'players': [4, 5]}}
    """
    try:
        return _parse_toml(_bounded(text))
    except _RefusedError as refused:
        raise error(f"{source}: {refused}") from None


def shown(value: Any, limit: int = 40) -> str:
    """A short ``repr`` of a user's value for an error message (one line, bounded).

    Strings past ``limit`` characters end in ``…``; containers show their first items and
    at most two levels; shared or cyclic parts are never expanded.

    >>> shown("goat")
    "'goat'"
    >>> shown("x" * 5_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'…"
    >>> shown({"a": [1, [2, [3]]], "b": list(range(100))})
    "{'a': [1, […]], 'b': [0, 1, 2, 3, 4, 5, 6, …]}"
    >>> shown(7**5000)
    '<a number of 4226 digits>'
    """
    return _shown(value, max(limit, 1), levels=3)


# -- reading bytes -----------------------------------------------------------------------


def _read_text(path: str | os.PathLike[str]) -> str:
    """The UTF-8 text of a regular file of at most ``MAX_BYTES`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        # Opened without blocking (a FIFO must not hang) and checked after opening, so
        # that a path swapped between a check and the open cannot slip through.
        descriptor = os.open(path, flags)
    except OSError as failure:
        raise _RefusedError(f"cannot read: {failure.strerror or failure}") from None
    try:
        with os.fdopen(descriptor, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise _RefusedError("cannot read: not a regular file")
            if info.st_size > MAX_BYTES:
                raise _RefusedError(_too_large(info.st_size))
            data = stream.read(MAX_BYTES + 1)
    except OSError as failure:
        raise _RefusedError(f"cannot read: {failure.strerror or failure}") from None
    if len(data) > MAX_BYTES:
        raise _RefusedError(_too_large(None))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _RefusedError("not UTF-8 text") from None


def _too_large(size: int | None) -> str:
    found = f"{size:,} bytes" if size is not None else "more bytes"
    return f"too large ({found}; at most {MAX_BYTES:,})"


def _bounded(text: str) -> str:
    if len(text) > MAX_BYTES:
        return _fail(f"too large ({len(text):,} characters; at most {MAX_BYTES:,})")
    return text


def _fail(reason: str) -> NoReturn:
    raise _RefusedError(reason)


# -- parsing -----------------------------------------------------------------------------


def _parse_yaml(text: str) -> Any:
    yaml = YAML(typ="safe", pure=True)
    # From ruamel.yaml 0.19 the composer refuses deeper nesting before recursing into it;
    # older ones recurse, and their RecursionError is caught below.
    yaml.max_depth = MAX_DEPTH
    try:
        node = fastyaml.compose(text, yaml, MAX_DEPTH)  # libyaml's speed, when it can
        if node is fastyaml.SLOW:
            node = yaml.compose(text)
        if node is None:
            return None
        _measure(node, _node_children, _node_problem)
        return yaml.constructor.construct_document(node)
    except RecursionError:
        raise _RefusedError(_TOO_DEEP) from None
    except MarkedYAMLError as failure:
        if type(failure).__name__ == "MaxDepthExceededError":
            raise _RefusedError(_TOO_DEEP) from None
        where, problem = _yaml_where(failure), _yaml_problem(failure)
        raise _RefusedError(f"not valid YAML{where}: {problem}") from None
    except YAMLError as failure:  # such as a control character, with no line and column
        first = str(failure).strip().split("\n", 1)[0]
        raise _RefusedError(f"not valid YAML: {_one_line(first)}") from None
    except (ValueError, TypeError, OverflowError) as failure:
        # A scalar the constructor cannot build, such as the date 2024-13-45.
        raise _RefusedError(f"not valid YAML: {_one_line(str(failure))}") from None


def _yaml_where(failure: MarkedYAMLError) -> str:
    mark = failure.problem_mark or failure.context_mark
    return f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def _yaml_problem(failure: MarkedYAMLError) -> str:
    problem = str(failure.problem or failure.context or "syntax error")
    if problem.startswith("but ") and failure.context:
        problem = f"{failure.context} {problem}"
    problem = problem.split(" with value ", 1)[0]  # ruamel's duplicate keys echo both values
    bare_mark = "'?'" in problem or problem.startswith("mapping keys are not allowed")
    hint = " (write '?' in quotes)" if bare_mark else ""
    return _one_line(problem, 120) + hint


def _parse_json(text: str) -> Any:
    try:
        data = json.loads(
            text,
            parse_int=_json_int,
            parse_float=_json_float,
            parse_constant=_json_constant,
            object_pairs_hook=_json_object,
        )
    except json.JSONDecodeError as failure:
        raise _RefusedError(f"not valid JSON: {_one_line(str(failure))}") from None
    except RecursionError:
        raise _RefusedError(_TOO_DEEP) from None
    except ValueError as failure:
        raise _RefusedError(f"not valid JSON: {_one_line(str(failure))}") from None
    _measure(data, _python_children, _python_problem)
    return data


def _json_int(literal: str) -> int:
    return int(literal) if len(literal) <= MAX_DIGITS else _fail(_TOO_MANY_DIGITS)


def _json_float(literal: str) -> float:
    return float(literal) if len(literal) <= MAX_DIGITS else _fail(_TOO_MANY_DIGITS)


def _json_constant(literal: str) -> NoReturn:
    _fail(f"not valid JSON: {literal} is not a number")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            _fail(f"duplicate key {shown(key)}")
        data[key] = value
    return data


def _parse_toml(text: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(text, parse_float=_json_float)
    except tomllib.TOMLDecodeError as failure:
        raise _RefusedError(f"not valid TOML: {_one_line(str(failure))}") from None
    except RecursionError:
        raise _RefusedError(_TOO_DEEP) from None
    except ValueError as failure:
        # Python refuses to convert integers of more than 4300 digits.
        if "integer string conversion" in str(failure):
            raise _RefusedError(_TOO_MANY_DIGITS) from None
        raise _RefusedError(f"not valid TOML: {_one_line(str(failure))}") from None
    _measure(data, _python_children, _python_problem)
    return data


def _fields(data: Any) -> Mapping[str, Any]:
    """The document as a mapping of fields named by strings."""
    if data is None:
        _fail("the document is empty")
    if not isinstance(data, Mapping):
        _fail(f"the document must be a mapping of fields, not {_kind(data)}")
    for key in data:
        if not isinstance(key, str):
            _fail(f"field names must be strings, not {shown(key)}")
    return data


def _kind(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str):
        return f"the string {shown(value)}"
    return shown(value)


def _one_line(text: str, limit: int = 200) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit] + "…"


# -- measuring ---------------------------------------------------------------------------


def _measure(
    root: Any,
    children: Callable[[Any], Sequence[Any] | None],
    problem: Callable[[Any], str | None],
) -> None:
    """Refuse a tree, or a graph with shared parts, beyond the depth, size or leaf limits.

    Iterative (no recursion), and each distinct node is visited once: its expanded size
    and height are memoized, so that a shared node counts fully at each use without being
    walked again.
    """
    measured: dict[int, tuple[int, int]] = {}  # id -> (expanded size, height)
    open_nodes: set[int] = set()
    stack: list[tuple[Any, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, closing = stack.pop()
        key = id(node)
        kids = children(node)
        if closing:
            open_nodes.discard(key)
            size = 1 + sum(measured[id(kid)][0] for kid in kids or ())
            height = 1 + max((measured[id(kid)][1] for kid in kids or ()), default=0)
            if size > MAX_NODES:
                _fail(f"too many values (more than {MAX_NODES:,}, counting each alias in full)")
            measured[key] = (size, height)
        elif key in measured:
            if depth + measured[key][1] - 1 > MAX_DEPTH:
                _fail(_TOO_DEEP)
        elif key in open_nodes:
            _fail("an alias refers to a collection that holds it")
        elif depth > MAX_DEPTH:
            _fail(_TOO_DEEP)
        elif kids is None:
            reason = problem(node)
            if reason:
                _fail(reason)
            measured[key] = (1, 1)
        else:
            open_nodes.add(key)
            stack.append((node, depth, True))
            stack.extend((kid, depth + 1, False) for kid in kids)


def _node_children(node: Any) -> Sequence[Any] | None:
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, SequenceNode):
        return list(node.value)
    return None


def _node_problem(node: Any) -> str | None:
    if not isinstance(node, ScalarNode) or len(node.value) <= MAX_DIGITS:
        return None  # short: the common case, answered without the tag (slow to read)
    line = f"line {node.start_mark.line + 1}: " if node.start_mark is not None else ""
    value = str(node.value)
    if len(value) > MAX_STRING:
        return f"{line}a string is too long ({len(value):,} characters; at most {MAX_STRING:,})"
    if str(node.tag).rsplit(":", 1)[-1] in {"int", "float"} and len(value) > MAX_DIGITS:
        return f"{line}{_TOO_MANY_DIGITS}"
    return None


def _python_children(value: Any) -> Sequence[Any] | None:
    if isinstance(value, dict):
        return [part for pair in value.items() for part in pair]
    if isinstance(value, list | tuple):
        return value
    return None


def _python_problem(value: Any) -> str | None:
    if isinstance(value, str) and len(value) > MAX_STRING:
        return f"a string is too long ({len(value):,} characters; at most {MAX_STRING:,})"
    if isinstance(value, int) and not -_INT_BOUND < value < _INT_BOUND:
        return _TOO_MANY_DIGITS
    return None


# -- showing -----------------------------------------------------------------------------


def _shown(value: Any, limit: int, levels: int) -> str:
    if isinstance(value, str | bytes):
        text, cut = repr(value[:limit]), len(value) > limit
        if len(text) > limit + 3:  # escapes made it long
            text, cut = text[: limit + 1], True
        return text + "…" if cut else text
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if -(10**limit) < value < 10**limit:
            return repr(value)
        digits = int(abs(value).bit_length() * math.log10(2)) + 1
        return f"<a number of {digits} digits>"
    if isinstance(value, Mapping):
        items = [(key, value[key]) for _, key in zip(range(limit), value, strict=False)]
        return _shown_items(items, len(value), "{}", limit, levels)
    if isinstance(value, list | tuple | set | frozenset):
        if isinstance(value, set | frozenset) and not value:
            return f"{type(value).__name__}()"
        if isinstance(value, tuple) and len(value) == 1:
            return f"({_shown(value[0], limit, levels - 1)},)"
        brackets = "[]" if isinstance(value, list) else "()" if isinstance(value, tuple) else "{}"
        items = list(zip(range(limit), value, strict=False))
        return _shown_items(items, len(value), brackets, limit, levels, keyed=False)
    return _one_line(repr(value), limit)


def _shown_items(
    items: list[tuple[Any, Any]],
    total: int,
    brackets: str,
    limit: int,
    levels: int,
    *,
    keyed: bool = True,
) -> str:
    if total and levels <= 1:
        return f"{brackets[0]}…{brackets[1]}"
    inner = max(limit // 2, 8)
    parts: list[str] = []
    used = 0
    for key, item in items:
        if used >= limit:
            break
        part = _shown(item, inner, levels - 1)
        if keyed:
            part = f"{_shown(key, inner, levels - 1)}: {part}"
        parts.append(part)
        used += len(part) + 2
    if len(parts) < total:
        parts.append("…")
    return brackets[0] + ", ".join(parts) + brackets[1]
