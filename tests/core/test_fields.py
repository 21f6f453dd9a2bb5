"""Typed field readers: one-line messages that name the field."""

from __future__ import annotations

from typing import Any

import pytest

from wooolf_solver.core.errors import InvalidDeckError, InvalidRecordError, SolverError
from wooolf_solver.core.fields import (
    MAX_NAME,
    at,
    boolean,
    choice,
    count,
    integer,
    mapping,
    name,
    only,
    required,
    sequence,
    string,
)


def message(read: Any, *args: Any, **options: Any) -> str:
    """The message of the error ``read(*args)`` raises, checked to be one short line."""
    with pytest.raises(InvalidRecordError) as error:
        read(*args, **options)
    text = str(error.value)
    assert "\n" not in text
    assert len(text) < 200, text
    return text


HUGE = "x" * 5_000_000


def test_at() -> None:
    assert at("", "players") == "players"
    assert at("events.3", "seat") == "events.3.seat"
    assert at("hands", 2) == "hands.2"
    assert len(at("hands", HUGE)) < 60
    assert at("hands", "a\nb") == "hands.'a\\nb'"


def test_mapping_and_sequence() -> None:
    assert mapping({2: "x"}, "hands") == {2: "x"}
    assert message(mapping, [1], "hands") == "hands: must be a mapping, not [1]"
    assert message(mapping, None, "hands") == "hands: must be a mapping, not None"
    assert sequence(("a", "b"), "cards") == ["a", "b"]
    assert message(sequence, "ab", "cards") == "cards: must be a list, not 'ab'"
    assert message(sequence, {"a": 1}, "cards") == "cards: must be a list, not {'a': 1}"


def test_string_echoes_a_huge_value_shortly() -> None:
    assert string("red", "colour") == "red"
    assert message(string, 3, "colour") == "colour: must be a string, not 3"
    assert message(string, [HUGE], "colour").startswith("colour: must be a string, not ['xxx")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("7", "players: must be a whole number, not '7' (write it without quotes)"),
        (2.5, "players: must be a whole number, not 2.5"),
        (2.0, "players: must be a whole number, not 2.0 (write 2)"),
        (True, "players: must be a whole number, not True"),
        (None, "players: must be a whole number, not None"),
        ([1], "players: must be a whole number, not [1]"),
        ("seven", "players: must be a whole number, not 'seven'"),
        (float("nan"), "players: must be a whole number, not nan"),
    ],
)
def test_integer_refuses_what_is_not_a_whole_number(value: Any, expected: str) -> None:
    assert message(integer, value, "players") == expected


def test_integer_ranges() -> None:
    assert integer(4, "players", 1, 6) == 4
    assert integer(-3, "offset") == -3
    assert message(integer, 9, "players", 1, 6) == "players: must be between 1 and 6, not 9"
    assert message(integer, 0, "players", 1) == "players: must be at least 1, not 0"
    assert message(integer, 7, "players", high=6) == "players: must be at most 6, not 7"
    huge = message(integer, 10**5000, "players", 1, 6)
    assert huge == "players: must be between 1 and 6, not <a number of 5001 digits>"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (-1, "cards.red: must be between 0 and 20, not -1"),
        (1_000_000, "cards.red: must be between 0 and 20, not 1000000"),
        (1.5, "cards.red: must be a whole number, not 1.5"),
        ([1], "cards.red: must be a whole number, not [1]"),
        (False, "cards.red: must be a whole number, not False"),
    ],
)
def test_count(value: Any, expected: str) -> None:
    assert message(count, value, "cards.red", high=20) == expected


def test_count_defaults() -> None:
    assert count(0, "copies") == 0
    assert "must be between 0 and 10000" in message(count, 1_000_000, "copies")
    assert count(2, "players", 1, 8) == 2


def test_boolean() -> None:
    assert boolean(False, "answer") is False
    assert message(boolean, "yes", "answer") == "answer: must be true or false, not 'yes'"
    assert message(boolean, 1, "answer") == "answer: must be true or false, not 1"


def test_choice() -> None:
    assert choice("goal", "says", ["goal", "gate"]) == "goal"
    assert message(choice, "goat", "hands.2", ["goal", "gate"], what="card") == (
        "hands.2: unknown card 'goat' (did you mean 'goal'?)"
    )
    assert message(choice, "zzz", "says", ["goal", "gate"], what="card") == (
        "says: unknown card 'zzz' (known: goal, gate)"
    )
    many = [f"c{n}" for n in range(30)]
    assert message(choice, "zzz", "says", many) == "says: unknown value 'zzz'"
    assert message(choice, 3, "says", many) == "says: must be a string, not 3"
    huge = message(choice, HUGE, "says", ["goal"], what="card")
    assert huge.startswith("says: unknown card 'xxxx") and "…" in huge


def test_only() -> None:
    event = {"seat": 1, "says": "goal"}
    assert only(event, {"seat", "says"}, "events.2") is event
    assert message(only, {"seat": 1, "sayz": "x"}, {"seat", "says"}, "events.2") == (
        "events.2: unknown field 'sayz' (did you mean 'says'?)"
    )
    assert message(only, {"zzz": 1}, {"seat", "says"}, "events.2") == (
        "events.2: unknown field 'zzz' (known: says, seat)"
    )
    assert message(only, {"seat": 1, 3: "x"}, {"seat"}, "events.2") == (
        "events.2: unknown field 3 (known: seat)"
    )
    assert message(only, {"sayz": 1}, {"says"}, "") == (
        "unknown field 'sayz' (did you mean 'says'?)"
    )
    assert message(only, ["seat"], {"seat"}, "events.2") == (
        "events.2: must be a mapping, not ['seat']"
    )
    assert len(message(only, {HUGE: 1}, {"seat"}, "events.2")) < 100


def test_required() -> None:
    assert required({"players": 4}, "players", "") == 4
    assert message(required, {}, "players", "") == "missing field 'players'"
    assert message(required, {"seat": 1}, "says", "events.3") == ("events.3: missing field 'says'")


def test_players_in_quotes_is_not_missing() -> None:
    data = {"players": "7"}
    text = message(lambda: integer(required(data, "players", ""), at("", "players"), 1, 8))
    assert text.startswith("players: must be a whole number")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", "editions: must not be empty"),
        ("   ", "editions: must not be empty"),
        ("a/b", "editions: must not contain '/': 'a/b'"),
        ("a\\b", "editions: must not contain '\\\\': 'a\\\\b'"),
        ("a\nb", "editions: must not contain control characters: 'a\\nb'"),
        (" basic", "editions: must not start or end with spaces: ' basic'"),
        (5, "editions: must be a string, not 5"),
    ],
)
def test_name_refusals(value: Any, expected: str) -> None:
    assert message(name, value, "editions") == expected


def test_name_length() -> None:
    assert name("basic", "editions") == "basic"
    assert name("x" * MAX_NAME, "editions") == "x" * MAX_NAME
    text = message(name, HUGE, "editions")
    assert text.startswith("editions: is too long (5,000,000 characters; at most 64): 'xxx")
    assert message(name, "abcd", "editions", max_length=3).startswith("editions: is too long")


def test_the_error_class_is_the_callers() -> None:
    readers: list[tuple[Any, tuple[Any, ...]]] = [
        (mapping, (1,)),
        (sequence, (1,)),
        (string, (1,)),
        (integer, ("1",)),
        (count, (-1,)),
        (boolean, (1,)),
        (name, ("",)),
    ]
    for read, args in readers:
        with pytest.raises(InvalidDeckError) as error:
            read(*args, "deck.toml: cards", error=InvalidDeckError)
        assert str(error.value).startswith("deck.toml: cards: ")
        assert isinstance(error.value, SolverError)
    with pytest.raises(InvalidDeckError):
        choice("x", "w", ["y"], error=InvalidDeckError)
    with pytest.raises(InvalidDeckError):
        only({"x": 1}, ["y"], "w", error=InvalidDeckError)
    with pytest.raises(InvalidDeckError):
        required({}, "y", "w", error=InvalidDeckError)
