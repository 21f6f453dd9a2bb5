"""One API for every game: ``load``, ``solve``, ``hint``, ``vote``, ``explain``, ``review``,
``balance``.

Each takes a record of any game (or a path to one) and hands it to the game that
the record's ``game:`` field names.

>>> from wooolf_solver import load, solve
>>> record = load("examples/worked-example.yaml")
>>> record.game_name
'wooolf'
>>> solve("examples/worked-example.yaml").deals
1560
"""

from __future__ import annotations

from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import Any

from .core.arguments import (
    callback_argument,
    flag_argument,
    name_argument,
    optional_name,
    path_argument,
    seat_argument,
)
from .core.documents import read_document
from .core.errors import InvalidRecordError, UnknownNameError
from .core.knowledge import Seat
from .core.posterior import Posterior
from .games import find_game
from .games.base import Game

Source = Any
"""A record of any game, or the path of a record file (``str`` or ``Path``)."""


def load(path: str | PathLike[str], verb: str | None = None) -> Any:
    """Read a record of any game from a YAML or JSON file (``verb``: what it is read
    for, when known, so that a record of the wrong kind is told so)."""
    path = path_argument(path)
    optional_name(verb, "verb")
    data = read_document(path)
    return game_named(data.get("game")).read(data, path.parent, verb)


def game_named(name: Any) -> Game:
    """The game a record's ``game:`` field names, or a one-line error."""
    if not isinstance(name, str):
        raise InvalidRecordError("game: required (for example `game: wooolf`)")
    try:
        return find_game(name)
    except UnknownNameError as error:
        raise InvalidRecordError(f"game: {error}") from None


def game_of(record: Source) -> tuple[Game, Any]:
    """The game of a record (read first when it is a path), and the record."""
    if isinstance(record, str | PathLike):
        record = load(record)
    name = getattr(type(record), "game_name", None)
    if name is None:
        raise InvalidRecordError(f"not a record: {type(record).__name__}")
    return find_game(name), record


def solve(record: Source, engine: str | None = None) -> Posterior:
    """The exact posterior of the record's viewpoint (``engine``: the game's default)."""
    optional_name(engine, "engine")
    game, record = game_of(record)
    return game.solve(record, engine)


def hint(record: Source, engine: str | None = None, naive: bool = False) -> Any:
    """Every action open to the record's viewpoint, scored by what it would teach."""
    optional_name(engine, "engine")
    flag_argument(naive, "naive")
    game, record = game_of(record)
    return game.hint(record, engine, naive)


def vote(record: Source, engine: str | None = None) -> Any:
    """The viewpoint's ballot advice: every ballot it may cast, best first."""
    optional_name(engine, "engine")
    game, record = game_of(record)
    return game.vote(record, engine)


def explain(
    record: Source, seat: Seat, role: str, holds: bool = True, engine: str | None = None
) -> Any:
    """Why ``seat`` certainly has (``holds``) or has not ``role``, if it is certain."""
    seat_argument(seat)
    name_argument(role, "role")
    flag_argument(holds, "holds")
    optional_name(engine, "engine")
    game, record = game_of(record)
    return game.explain(record, seat, role, holds, engine)


def explanations(record: Source, engine: str | None = None) -> dict[Any, Any]:
    """The explanation of every certain fact of the record's posterior."""
    optional_name(engine, "engine")
    game, record = game_of(record)
    return game.explanations(record, engine)


def review(
    record: Source,
    engine: str | None = None,
    on_step: Callable[[int, int], None] | None = None,
) -> Any:
    """A played game replayed from every seat; ``on_step(done, total)`` after each step
    (a seat's round, for Wooolf!!), for a progress bar."""
    optional_name(engine, "engine")
    callback_argument(on_step, "on_step")
    game, record = game_of(record)
    return game.review(record, engine, on_step)


def balance(
    game: str, roles: str | None = None, deck: str | Path | None = None, parity: bool = False
) -> Any:
    """The balance figures of a role mix of ``game`` (``roles``: ``NAME=COPIES,...``; or
    ``deck``: a deck file), from the game's ``balance`` hook."""
    name_argument(game, "game")
    optional_name(roles, "roles")
    flag_argument(parity, "parity")
    path = path_argument(deck, "deck") if deck is not None else None
    return game_named(game).balance(roles, path, parity)
