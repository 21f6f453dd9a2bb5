"""Safe, bounded reading of documents: every hostile input gives one short line."""

from __future__ import annotations

import itertools
import os
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from wooolf_solver.core import documents
from wooolf_solver.core.documents import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_STRING,
    parse_json,
    parse_toml,
    parse_yaml,
    read_document,
    read_toml,
    shown,
)
from wooolf_solver.core.errors import InvalidDeckError, InvalidRecordError, SolverError


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """The "billion laughs": each level lists the previous one ``width`` times."""
    lines = ["a: &a [" + ",".join(['"x"'] * width) + "]"]
    names = "abcdefghijklmnopqrstuvwxyz"
    for previous, name in itertools.pairwise(names[:levels]):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * width) + "]")
    return "\n".join(lines) + "\n"


def refusal(error: pytest.ExceptionInfo[SolverError], source: str) -> str:
    """The message, checked to be one short line that starts with the source."""
    message = str(error.value)
    assert message.startswith(f"{source}: "), message
    assert "\n" not in message
    assert len(message) < 200, message
    return message


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# -- YAML 1.2 ----------------------------------------------------------------------------


def test_yaml_is_read_as_yaml_1_2() -> None:
    assert parse_yaml("hands: {2: [hunter?, sheep]}\nok: yes\noff: no") == {
        "hands": {2: ["hunter?", "sheep"]},
        "ok": "yes",
        "off": "no",
    }


def test_yaml_aliases_are_shared_not_copied() -> None:
    data = parse_yaml("a: &a [x, y]\nb: *a\nc: [*a, *a]")
    assert data["b"] is data["a"]
    assert data == {"a": ["x", "y"], "b": ["x", "y"], "c": [["x", "y"], ["x", "y"]]}


def test_alias_bomb_is_refused_quickly_and_in_little_memory(tmp_path: Path) -> None:
    bomb = alias_bomb()
    assert 300 < len(bomb.encode()) < 600
    path = write(tmp_path, "bomb.yaml", bomb)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(InvalidRecordError) as error:
            read_document(path)
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "too many values" in refusal(error, str(path))
    assert elapsed < 5
    assert peak < 20_000_000


def test_merge_key_bomb_is_refused() -> None:
    lines = ["a: &a {x: 1, y: 2}"]
    for previous, name in zip("abcdefghij", "bcdefghijk", strict=True):
        lines.append(f"{name}: &{name} {{<<: [" + ", ".join([f"*{previous}"] * 9) + "]}")
    start = time.perf_counter()
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml("\n".join(lines))
    assert "too many values" in refusal(error, "<text>")
    assert time.perf_counter() - start < 5


def test_a_small_alias_tree_is_accepted() -> None:
    data = parse_yaml(alias_bomb(levels=3, width=9))
    assert len(data["c"]) == 9
    assert data["c"][0][0] == ["x"] * 9


@pytest.mark.parametrize("text", ["&a [*a]", "&a {x: [1, *a]}"])
def test_an_alias_inside_its_own_collection_is_refused(text: str) -> None:
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(text)
    assert "alias" in refusal(error, "<text>")


def test_aliases_cannot_nest_deeper_than_the_limit() -> None:
    half = MAX_DEPTH - 10
    text = f"a: &a {'[' * half}1{']' * half}\nb: {'[' * half}*a{']' * half}"
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(text)
    assert "nested too deeply" in refusal(error, "<text>")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        "a: " + "[" * 100_000,
        "{a: " * 100_000 + "}" * 100_000,
        "- " * 100_000 + "x",
    ],
    ids=["flow-list", "unclosed", "flow-mapping", "block-list"],
)
def test_yaml_nested_100_000_deep(text: str) -> None:
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(text)
    assert refusal(error, "<text>").endswith(f"nested too deeply (more than {MAX_DEPTH} levels)")


class _YamlWithoutMaxDepth(YAML):
    """ruamel.yaml before 0.19, whose composer has no depth limit and recurses."""

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, 0 if name == "max_depth" else value)


# 700 levels overflow the composer's recursion, 300 do not (the measure refuses them).
@pytest.mark.parametrize("text", ["[" * 700 + "]" * 700, "a: " + "[" * 300 + "]" * 300])
def test_yaml_nesting_without_a_composer_limit(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(documents, "YAML", _YamlWithoutMaxDepth)
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(text)
    assert "nested too deeply" in refusal(error, "<text>")


def test_nesting_up_to_the_limit_is_accepted() -> None:
    depth = MAX_DEPTH - 1  # the mapping at the top is one level
    for parse in (parse_json, parse_yaml):
        data = parse('{"a": ' + "[" * depth + "]" * depth + "}")
        for _ in range(depth - 1):
            (data,) = data["a"] if isinstance(data, dict) else data
        assert data == []
        with pytest.raises(InvalidRecordError):
            parse('{"a": ' + "[" * (depth + 1) + "]" * (depth + 1) + "}")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a: [", "line 1, column 5: expected the node content"),
        ("a: b: c", "line 1, column 5: mapping values are not allowed here"),
        ("a: 1\na: 2", "line 2, column 1: found duplicate key"),
        ("---\na: 1\n---\nb: 2\n", "expected a single document in the stream but found another"),
        ("a: *nowhere", "found undefined alias 'nowhere'"),
        ("a: !!python/object:os.system x", "could not determine a constructor"),
        ("a: \x00", "unacceptable character #x0000"),
        ("day: 2024-13-45", "month must be in 1..12"),
    ],
)
def test_invalid_yaml_gives_one_line(text: str, problem: str) -> None:
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(text, source="round.yaml")
    message = refusal(error, "round.yaml")
    assert message.startswith("round.yaml: not valid YAML")
    assert problem in message


def test_a_huge_yaml_duplicate_is_echoed_shortly() -> None:
    long = "x" * MAX_STRING
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(f"a: {long}\na: {long}")
    assert refusal(error, "<text>").endswith('found duplicate key "a"')


# -- JSON --------------------------------------------------------------------------------


def test_json_is_read_strictly() -> None:
    assert parse_json('{"a": [1, 2.5, true, null, "x"]}') == {"a": [1, 2.5, True, None, "x"]}
    for text, problem in [
        ('{"a": 1, "a": 2}', "duplicate key 'a'"),
        ('{"a": NaN}', "NaN is not a number"),
        ('{"a": Infinity}', "Infinity is not a number"),
        ('{"a": [1,}', "not valid JSON: Expecting value: line 1 column 10"),
    ]:
        with pytest.raises(InvalidRecordError) as error:
            parse_json(text)
        assert problem in refusal(error, "<text>")


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"a": ' * 100_000, "[" * 500 + "]" * 500],
    ids=["list", "unclosed-mapping", "500"],
)
def test_json_nested_too_deep(text: str) -> None:
    with pytest.raises(InvalidRecordError) as error:
        parse_json(text)
    assert refusal(error, "<text>").endswith("nested too deeply (more than 64 levels)")


def test_json_file_nested_100_000_deep(tmp_path: Path) -> None:
    path = write(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000)
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert "nested too deeply" in refusal(error, str(path))


# -- TOML --------------------------------------------------------------------------------


def test_toml_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.toml", 'title = "Basic"\n[cards]\nred = 2\n')
    assert read_toml(path) == {"title": "Basic", "cards": {"red": 2}}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a = " + "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("a = " + "{b = " * 100_000 + "}" * 100_000, "nested too deeply"),
        ("a = " + "[" * 100 + "]" * 100, "nested too deeply"),
        ("a = 1\na = 2", "not valid TOML: Cannot overwrite a value"),
        ("a = 1979-13-45", "not valid TOML"),
        ("a = " + "1" * 5000, "a number has too many digits"),
        ("a = " + "1" * (MAX_DIGITS + 1), "a number has too many digits"),
        ("a = 1." + "1" * 200, "a number has too many digits"),
        (f'a = "{"x" * (MAX_STRING + 1)}"', "a string is too long"),
    ],
)
def test_invalid_toml_gives_one_line(tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path, "deck.toml", text)
    with pytest.raises(InvalidDeckError) as error:
        read_toml(path)
    assert problem in refusal(error, str(path))


# -- files -------------------------------------------------------------------------------


def test_missing_file() -> None:
    with pytest.raises(InvalidRecordError) as error:
        read_document("/no/such/dir/round.yaml")
    assert str(error.value) == "/no/such/dir/round.yaml: cannot read: No such file or directory"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_dev_zero_fails_fast(tmp_path: Path) -> None:
    path = tmp_path / "round.yaml"
    path.symlink_to("/dev/zero")
    start = time.perf_counter()
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert refusal(error, str(path)) == f"{path}: cannot read: not a regular file"
    assert time.perf_counter() - start < 5


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_does_not_block(tmp_path: Path) -> None:
    path = tmp_path / "round.yaml"
    os.mkfifo(path)
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert "not a regular file" in refusal(error, str(path))


def test_a_directory(tmp_path: Path) -> None:
    with pytest.raises(InvalidRecordError) as error:
        read_document(tmp_path)
    assert "cannot read" in refusal(error, str(tmp_path))


def test_non_utf8_file(tmp_path: Path) -> None:
    path = write(tmp_path, "round.yaml", b"game: caf\xe9\n")
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert str(error.value) == f"{path}: not UTF-8 text"


def test_a_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = write(tmp_path, "round.json", b'\xef\xbb\xbf{"players": 4}')
    assert read_document(path) == {"players": 4}


def test_a_5_mb_file_is_refused_by_size(tmp_path: Path) -> None:
    path = write(tmp_path, "round.yaml", "name: " + "x" * 5_000_000)
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert "too large" in refusal(error, str(path))


def test_a_5_mb_string_is_refused_in_a_short_line() -> None:
    text = "x" * 5_000_000
    with pytest.raises(InvalidRecordError) as error:
        parse_yaml(text)
    assert "too large" in refusal(error, "<text>")
    assert len(shown(text)) < 50


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_long_string_is_refused(tmp_path: Path, suffix: str) -> None:
    path = write(tmp_path, f"round{suffix}", '{"name": "' + "x" * 1_500_000 + '"}')
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert "a string is too long (1,500,000 characters; at most 10,000)" in refusal(
        error, str(path)
    )


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
@pytest.mark.parametrize("digits", [5000, MAX_DIGITS + 1])
def test_a_long_integer_is_refused(tmp_path: Path, suffix: str, digits: int) -> None:
    path = write(tmp_path, f"round{suffix}", '{"players": ' + "7" * digits + "}")
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert "a number has too many digits (more than 100)" in refusal(error, str(path))


@pytest.mark.parametrize("suffix", [".yaml", ".json", ".toml"])
def test_integers_up_to_the_limit_are_read(tmp_path: Path, suffix: str) -> None:
    big = "9" * MAX_DIGITS
    text = f"players = {big}" if suffix == ".toml" else '{"players": ' + big + "}"
    path = write(tmp_path, f"round{suffix}", text)
    data = read_toml(path) if suffix == ".toml" else read_document(path)
    assert data == {"players": int(big)}


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("round.yaml", "", "the document is empty"),
        ("round.yaml", "# only a comment\n", "the document is empty"),
        ("round.json", "[1, 2]", "the document must be a mapping of fields, not a list"),
        ("round.yaml", "just text", "the document must be a mapping of fields, not the string"),
        ("round.yaml", "1: one", "field names must be strings, not 1"),
    ],
)
def test_a_document_is_a_mapping_of_fields(
    tmp_path: Path, name: str, content: str, problem: str
) -> None:
    path = write(tmp_path, name, content)
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert problem in refusal(error, str(path))


def test_the_error_class_is_the_callers(tmp_path: Path) -> None:
    path = write(tmp_path, "deck.yaml", "[")
    with pytest.raises(InvalidDeckError):
        read_document(path, error=InvalidDeckError)
    with pytest.raises(InvalidRecordError):
        read_toml(write(tmp_path, "deck.toml", "["), error=InvalidRecordError)
    with pytest.raises(InvalidDeckError):
        parse_json("[", error=InvalidDeckError)


def test_json_suffix_is_read_as_json(tmp_path: Path) -> None:
    # Valid YAML, but not JSON: the suffix decides.
    path = write(tmp_path, "round.JSON", "players: 4")
    with pytest.raises(InvalidRecordError) as error:
        read_document(path)
    assert "not valid JSON" in refusal(error, str(path))
    assert read_document(write(tmp_path, "round.yml", '{"players": 4}')) == {"players": 4}


# -- any text ----------------------------------------------------------------------------

_SYNTAX = st.text(alphabet="[]{}:,-&*!?'\"#|>=.\n \t0123abcxe\\\x00é", max_size=60)


@given(_SYNTAX)
def test_any_text_parses_or_gives_one_line(text: str) -> None:
    for parse in (parse_yaml, parse_json, parse_toml):
        try:
            parse(text)
        except SolverError as error:
            message = str(error)
            assert message.startswith("<text>: ")
            assert "\n" not in message
            assert len(message) < 300


# -- shown -------------------------------------------------------------------------------


def test_shown_is_bounded() -> None:
    assert shown("goat") == "'goat'"
    long = shown("x" * 5_000_000)
    assert long == repr("x" * 40) + "…"
    assert len(shown("\x00" * 1000)) < 50
    assert "\n" not in shown("a\nb")
    assert shown(10**5000) == "<a number of 5001 digits>"
    assert shown(12) == "12"
    assert shown((1,)) == "(1,)"
    assert shown(set()) == "set()"
    assert len(shown(list(range(1_000_000)))) < 80
    assert len(shown({str(n): "y" * 1000 for n in range(1000)})) < 120


def test_shown_never_expands_shared_or_cyclic_parts() -> None:
    cycle: list[object] = []
    cycle.append(cycle)
    assert shown(cycle) == "[[[…]]]"
    bomb = parse_yaml(alias_bomb(levels=6))
    assert len(shown(bomb)) < 200


def test_limits_are_module_constants() -> None:
    assert documents.MAX_BYTES >= 1_000_000
    assert documents.MAX_NODES >= 100_000
