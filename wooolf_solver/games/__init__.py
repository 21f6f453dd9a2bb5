"""The registry of games: a record's ``game:`` field names one.

>>> find_game("wooolf").title
'Wooolf!! (狼來了)'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..rules import Game, load_game

GAMES = ("wooolf",)
"""Games with a rules file in this folder, the default first."""


@cache
def find_game(name: str) -> Game:
    """The rules of the game called ``name``."""
    key = name.strip().lower()
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return load_game(Path(__file__).with_name(f"{key}.toml"))
