"""The designer lab: whole games between bots, and how solvable and balanced a deck is.

- :mod:`~wooolf_solver.lab.engine`: the game engine (:func:`play_game`), the bot
  interface (:class:`Bot`, :class:`TurnView`, :class:`Declaring`).
- :mod:`~wooolf_solver.lab.bots`: the ``random`` and ``greedy`` bots, :func:`make_bot`.
- :mod:`~wooolf_solver.lab.measure`: one played game as plain figures per seat and round.
- :mod:`~wooolf_solver.lab.simulate`: many games (:func:`simulate`) and the :class:`Report`.
- :mod:`~wooolf_solver.lab.executors`: where games run (serial, processes, Dask).
- :mod:`~wooolf_solver.lab.stats`: shares and means with 95% intervals.
- :mod:`~wooolf_solver.lab.plot`: bar charts of reports (matplotlib).

>>> from wooolf_solver.lab import Deck, Simulation, simulate
>>> report = simulate(Simulation(Deck(), 4, ("random",), seed="x", analyse=False), 1)
>>> report.games
1
"""

from __future__ import annotations

from .bots import BOTS, GreedyBot, RandomBot, make_bot
from .engine import (
    Bot,
    Declaring,
    IllegalMoveError,
    Move,
    PlayedGame,
    PlayedRound,
    TurnView,
    play_game,
)
from .executors import Dask, Executor, Processes, Serial, make_executor
from .simulate import Deck, Report, Simulation, simulate

__all__ = [
    "BOTS",
    "Bot",
    "Dask",
    "Deck",
    "Declaring",
    "Executor",
    "GreedyBot",
    "IllegalMoveError",
    "Move",
    "PlayedGame",
    "PlayedRound",
    "Processes",
    "RandomBot",
    "Report",
    "Serial",
    "Simulation",
    "TurnView",
    "make_bot",
    "make_executor",
    "play_game",
    "simulate",
]
