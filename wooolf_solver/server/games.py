"""The games the server seats and the pages it mounts, as each game says
(:attr:`Game.live_table <wooolf_solver.games.base.Game.live_table>`,
:attr:`Game.pages <wooolf_solver.games.base.Game.pages>`): the server asks the
registry and names no game itself.

A live table class follows :class:`LiveTable`; a move it refuses raises
:class:`~wooolf_solver.core.errors.OutOfTurnError` (answered 409: not this seat's move
now) or another :class:`~wooolf_solver.core.errors.IllegalMoveError` (422: one line
naming the field).

>>> seated()
('onuw',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import Any, ClassVar, Protocol

from fastapi.openapi.models import Example

from ..games import available, find_game


class LiveTable(Protocol):
    """A table in play: a pure state machine, its clock passed in."""

    version: int
    bots: list[int]
    phase: str
    examples: ClassVar[dict[str, dict[str, Any]]]
    """A move of each kind (a label -> the move), for the API's description."""

    @classmethod
    def new(
        cls, options: Mapping[str, Any], now: float, pause: tuple[float, float] = ...
    ) -> LiveTable: ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveTable: ...

    def to_json(self) -> dict[str, Any]: ...

    @property
    def people(self) -> list[int]: ...

    def view(self, seat: int, now: float | None = None) -> dict[str, Any]: ...

    def public(self, now: float | None = None) -> dict[str, Any]: ...

    def start(self, now: float) -> LiveTable: ...

    def pause(self, now: float) -> LiveTable: ...

    def resume(self, now: float) -> LiveTable: ...

    def end(self, now: float) -> LiveTable: ...

    def hand_to_bot(self, seat: int, now: float) -> LiveTable: ...

    def again(self, now: float, pause: tuple[float, float] = ...) -> LiveTable: ...

    def act(self, seat: int, move: Mapping[str, Any], now: float) -> LiveTable: ...

    def advance(self, now: float) -> bool: ...

    def deadline(self) -> float | None: ...

    def bots_to_vote(self) -> list[tuple[int, dict[str, Any]]]: ...

    def bot_vote(self, seat: int, ballot: Any) -> None: ...

    def knowledge(self, seat: int) -> dict[str, Any]:
        """The deal record of what ``seat`` knows now (its card, its night, the claims)."""
        ...

    def record(self) -> dict[str, Any]: ...


def _load(target: str) -> Any:
    module, attribute = target.split(":")
    return getattr(import_module(module), attribute)


@cache
def seated() -> tuple[str, ...]:
    """The games the server seats: those with a live table."""
    return tuple(name for name in available() if find_game(name).live_table)


def _live(game: str) -> str:
    """``module:Class`` of a seated game's live table."""
    if game not in seated():
        raise KeyError(game)
    return str(find_game(game).live_table)


@cache
def live_table(game: str) -> type[LiveTable]:
    """The live table class of ``game`` (a :class:`KeyError` for a game not seated)."""
    cls: type[LiveTable] = _load(_live(game))
    return cls


@cache
def bot_solver(game: str) -> Callable[[Mapping[str, Any]], Any]:
    """The function that gives a bot's ballot from its own record (``bot_ballot`` of
    the live table's module)."""
    module = _live(game).split(":")[0]
    solver: Callable[[Mapping[str, Any]], Any] = _load(f"{module}:bot_ballot")
    return solver


def move_examples() -> dict[str, Example]:
    """The moves the API's description shows: every seated game's examples."""
    return {
        label: Example(value=move)
        for game in seated()
        for label, move in live_table(game).examples.items()
    }


def page_routers() -> list[Any]:
    """The routers of the games' own pages."""
    return [_load(target) for name in available() for target in find_game(name).pages]
