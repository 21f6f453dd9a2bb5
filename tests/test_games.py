"""Every game of the registry, as a parameter: each bundled record of a game solves the
same with every engine the game lists (the engine-agreement matrix on the examples),
and the registry describes it.

An engine other than the game's default is skipped on a record whose space has more
than :data:`ENUMERABLE` worlds (the enumerating references would take minutes); the
per-game tests check them against the default on played records instead."""

from __future__ import annotations

import math
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver import InconsistentRecordError, InvalidRecordError, available, find_game, load
from wooolf_solver.core.documents import read_document

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ENUMERABLE = 200_000
"""The most worlds of a space the references are asked to go through here."""


def worlds(path: Path) -> int:
    """A record's worlds (type-level deals times the choices' combinations), counted
    up to just over :data:`ENUMERABLE`."""
    record = load(path)
    space = find_game(record.game_name).knowledge(record).space
    choices = math.prod(len(values) for _, values in space.choices)
    deals = sum(1 for _ in islice(space.deals(), ENUMERABLE // choices + 1))
    return deals * choices


def round_records() -> list[tuple[str, Path]]:
    """Every bundled record a game can solve (game records for review are left out)."""
    found = []
    for path in sorted([*EXAMPLES.rglob("*.yaml"), *EXAMPLES.rglob("*.json")]):
        name = read_document(path).get("game")
        if name not in available():
            continue
        try:
            find_game(name).knowledge(load(path))
        except InvalidRecordError:  # a record of another kind (a whole game)
            continue
        found.append((name, path))
    return found


def cases() -> list[Any]:
    return [
        pytest.param(path, engine, id=f"{name}:{path.relative_to(EXAMPLES)}:{engine}")
        for name, path in round_records()
        for engine in find_game(name).engines
    ]


def outcome(path: Path, engine: str | None) -> tuple[Any, ...]:
    game = find_game(load(path).game_name)
    try:
        posterior = game.solve(load(path), engine)
    except InconsistentRecordError as error:
        return ("conflict", error.conflict)
    return ("solved", posterior.deals, posterior.roles, posterior.certain)


@pytest.mark.parametrize(("path", "engine"), cases())
def test_every_engine_agrees_with_the_default(path: Path, engine: str) -> None:
    default = find_game(load(path).game_name).engines[0]
    if engine != default and worlds(path) > ENUMERABLE:
        pytest.skip(f"over {ENUMERABLE:,} worlds: too many for {engine}")
    expected = outcome(path, None)
    got = outcome(path, engine)
    assert got[0] == expected[0]
    if got[0] == "conflict":
        assert got == expected
        return
    assert got[1] == expected[1]
    assert got[3] == expected[3]
    assert got[2].keys() == expected[2].keys()
    for seat, roles in expected[2].items():
        assert got[2][seat].keys() == roles.keys()
        for role, chance in roles.items():
            assert math.isclose(got[2][seat][role], chance, rel_tol=1e-9)


@pytest.mark.parametrize("name", available())
def test_the_registry_describes_every_game(name: str) -> None:
    game = find_game(name)
    description = game.describe()
    assert description["name"] == name
    assert description["engines"] == list(game.engines)
    assert "solve" in description["verbs"]
    assert any(found == name for found, _ in round_records()), f"no example record of {name}"
