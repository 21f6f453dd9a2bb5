"""One API for every game: ``read``, ``solve``, ``hint``, ``vote``, ``why`` (``explain``),
``explanations``, ``review``, ``balance``.

Each verb takes a :data:`Source`: a record already read, a path to a YAML or JSON
file, a mapping of fields (as parsed from YAML or JSON), or the text of such a
document. The record's ``game:`` field names the game that answers.

>>> from wooolf_solver import read, solve
>>> record = read("examples/worked-example.yaml")
>>> record.game_name
'wooolf'
>>> solve("examples/worked-example.yaml").deals
1560
>>> solve({"game": "onuw", "players": 3}).deals
336
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from os import PathLike
from pathlib import Path
from typing import Any, cast

from .core.arguments import (
    callback_argument,
    count_argument,
    flag_argument,
    name_argument,
    optional_name,
    path_argument,
    seat_argument,
)
from .core.documents import parse_document, read_document, shown
from .core.errors import ArgumentTypeError, InvalidRecordError, UnknownNameError
from .core.knowledge import Seat
from .core.posterior import Fact, Posterior
from .games import find_game
from .games.base import AnyGame, Reason, Record, Result

Source = Record | str | PathLike[str] | Mapping[str, Any]
"""What every verb takes: a record already read; a path to a YAML or JSON file (a
``Path``, or a ``str`` of one line that does not start with ``{``); YAML or JSON text
(a ``str`` of several lines, or one that starts with ``{``); or a mapping of fields,
as parsed from such a document. The relative paths in a mapping or a text (a deck
file) are read from the current directory; in a file, from the file's directory."""


def read(source: Source, verb: str | None = None) -> Record:
    """The record ``source`` holds, read by the game its ``game:`` field names
    (``verb``: what it is read for, when known, so that a game with several kinds of
    record reads the kind that verb needs).

    >>> read("game: onuw\\nplayers: 3\\n").game_name
    'onuw'
    >>> read(5)
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.ArgumentTypeError: record: must be a record, a path, a mapping \
or YAML/JSON text, not 5
    """
    optional_name(verb, "verb")
    if isinstance(getattr(type(source), "game_name", None), str):
        return cast("Record", source)
    if isinstance(source, str) and _is_text(source):
        source = parse_document(source)
    elif isinstance(source, str | PathLike):
        return load(source, verb)
    if not isinstance(source, Mapping):
        raise ArgumentTypeError(
            f"record: must be a record, a path, a mapping or YAML/JSON text, not {shown(source)}"
        )
    record: Record = game_named(source.get("game")).read(source, Path(), verb)
    return record


def _is_text(source: str) -> bool:
    """Whether a ``str`` source is a document's text rather than a file's path."""
    return "\n" in source or source.lstrip().startswith("{")


def load(path: str | PathLike[str], verb: str | None = None) -> Record:
    """Read a record of any game from a YAML or JSON file (``verb``: what it is read
    for, when known, so that a record of the wrong kind is told so)."""
    path = path_argument(path)
    optional_name(verb, "verb")
    data = read_document(path)
    record: Record = game_named(data.get("game")).read(data, path.parent, verb)
    return record


def game_named(name: object) -> AnyGame:
    """The game a record's ``game:`` field names, or a one-line error."""
    if not isinstance(name, str):
        raise InvalidRecordError("game: required (for example `game: wooolf`)")
    try:
        return find_game(name)
    except UnknownNameError as error:
        raise InvalidRecordError(f"game: {error}") from None


def game_of(source: Source, verb: str | None = None) -> tuple[AnyGame, Record]:
    """The game of a source, and its record (read first unless it is one)."""
    record = read(source, verb)
    return find_game(type(record).game_name), record


def solve(record: Source, engine: str | None = None) -> Posterior:
    """The exact posterior of the record's viewpoint (``engine``: the game's default)."""
    optional_name(engine, "engine")
    game, read_ = game_of(record)
    return game.solve(read_, engine)


def hint(
    record: Source,
    engine: str | None = None,
    naive: bool = False,
    on_step: Callable[[int, int], None] | None = None,
) -> Result:
    """Every action open to the record's viewpoint, scored by what it would teach;
    ``on_step(done, total)`` after each action scored on its own (ONUW's options, by
    the fast engine), for a progress bar."""
    optional_name(engine, "engine")
    flag_argument(naive, "naive")
    callback_argument(on_step, "on_step")
    game, read_ = game_of(record)
    return game.hint(read_, engine, naive, on_step)


def vote(record: Source, engine: str | None = None) -> Result:
    """The viewpoint's ballot advice: every ballot it may cast, best first."""
    optional_name(engine, "engine")
    game, read_ = game_of(record)
    return game.vote(read_, engine)


def explain(
    record: Source, seat: Seat, role: str, holds: bool = True, engine: str | None = None
) -> Reason:
    """Why ``seat`` certainly has (``holds``) or has not ``role``, if it is certain."""
    seat_argument(seat)
    name_argument(role, "role")
    flag_argument(holds, "holds")
    optional_name(engine, "engine")
    game, read_ = game_of(record)
    return game.explain(read_, seat, role, holds, engine)


why = explain
"""The command line's name of :func:`explain`."""


def explanations(record: Source, engine: str | None = None) -> Mapping[Fact, Reason]:
    """The explanation of every certain fact of the record's posterior."""
    optional_name(engine, "engine")
    game, read_ = game_of(record)
    return game.explanations(read_, engine)


def review(
    record: Source,
    engine: str | None = None,
    on_step: Callable[[int, int], None] | None = None,
) -> Result:
    """A played game replayed from every seat; ``on_step(done, total)`` after each step
    (a seat's round, for Wooolf!!), for a progress bar."""
    optional_name(engine, "engine")
    callback_argument(on_step, "on_step")
    game, read_ = game_of(record)
    return game.review(read_, engine, on_step)


def balance(
    game: str,
    roles: str | None = None,
    deck: str | Path | None = None,
    parity: bool = False,
    on_step: Callable[[int, int], None] | None = None,
    *,
    players: int | None = None,
) -> Result:
    """The balance figures of a role mix of ``game`` (``roles``: ``NAME=COPIES,...`` or a
    built-in edition's name; or ``deck``: a deck file), from the game's ``balance`` hook;
    ``players``: the table's size (an edition's deck for that many; a mix that deals for
    another count is refused); ``on_step(done, total)`` after each step of a long count
    (ONUW's deals), for a progress bar."""
    name_argument(game, "game")
    optional_name(roles, "roles")
    flag_argument(parity, "parity")
    callback_argument(on_step, "on_step")
    if players is not None:
        count_argument(players, "players")
    path = path_argument(deck, "deck") if deck is not None else None
    return game_named(game).balance(roles, path, parity, on_step, players=players)
