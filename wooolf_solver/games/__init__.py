"""The registry of games: a record's ``game:`` field (or ``--game``) names one.

Each game is a package ``wooolf_solver.games.<name>`` exposing ``GAME``, an instance
of :class:`~wooolf_solver.games.base.Game`; it is imported on first use, so the
generic layers never import a game themselves.

>>> available()
('wooolf', 'onuw', 'werewolf')
>>> find_game("wooolf").title
'Wooolf!! (狼來了)'
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from ..core.arguments import name_argument
from ..core.documents import shown
from ..core.errors import UnknownNameError, did_you_mean

if TYPE_CHECKING:
    from .base import AnyGame

GAMES: dict[str, str] = {
    "wooolf": "wooolf_solver.games.wooolf:GAME",
    "onuw": "wooolf_solver.games.onuw:GAME",
    "werewolf": "wooolf_solver.games.werewolf:GAME",
}
"""Game name -> ``module:attribute`` of its :class:`~.base.Game`, the default first."""


def available() -> tuple[str, ...]:
    """The names of the games the library plays, the default first."""
    return tuple(GAMES)


@cache
def find_game(name: str) -> AnyGame:
    """The game called ``name`` (case and surrounding spaces ignored).

    >>> find_game("chess")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.UnknownNameError: unknown game 'chess' (known: wooolf, onuw, werewolf)
    """
    key = name_argument(name, "game").strip().lower()
    if key not in GAMES:
        hint = did_you_mean(key, GAMES)
        raise UnknownNameError(f"unknown game {shown(name)}{hint} (known: {', '.join(GAMES)})")
    module, attribute = GAMES[key].split(":")
    game: AnyGame = getattr(import_module(module), attribute)
    return game
