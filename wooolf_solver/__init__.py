"""Exact deduction for hidden-role card games: Wooolf!! (狼來了) first.

>>> from wooolf_solver import Round, solve
>>> round_ = Round.from_dict({"game": "wooolf", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 2, "peek": 6, "sees": "wolf"}]})
>>> solve(round_).roles[6]
{'wolf': 1.0}
"""

from __future__ import annotations

from .api import explain, explanations, hint, load, review, solve, vote
from .core.errors import (
    ArgumentTypeError,
    InconsistentRecordError,
    InvalidDeckError,
    InvalidRecordError,
    SolverError,
    UnknownNameError,
)
from .core.posterior import Fact, Posterior
from .core.reasons import Explanation
from .core.version import __version__
from .games import available, find_game
from .games.wooolf.game import GameRecord, GameRound
from .games.wooolf.hints import Action, ActionScore, Advice, Hint
from .games.wooolf.posterior import Declaration, RoundPosterior
from .games.wooolf.record import Ask, Declare, Event, Peek, Round
from .games.wooolf.review import Moment, Review, RoundReview, SeatReview
from .games.wooolf.scoring import (
    Declared,
    GameScore,
    RoundScore,
    is_correct,
    score_game,
    score_round,
)

WooolfError = SolverError
"""The root error's first name, kept so that ``except WooolfError`` still works."""

__all__ = [
    "Action",
    "ActionScore",
    "Advice",
    "ArgumentTypeError",
    "Ask",
    "Declaration",
    "Declare",
    "Declared",
    "Event",
    "Explanation",
    "Fact",
    "GameRecord",
    "GameRound",
    "GameScore",
    "Hint",
    "InconsistentRecordError",
    "InvalidDeckError",
    "InvalidRecordError",
    "Moment",
    "Peek",
    "Posterior",
    "Review",
    "Round",
    "RoundPosterior",
    "RoundReview",
    "RoundScore",
    "SeatReview",
    "SolverError",
    "UnknownNameError",
    "WooolfError",
    "__version__",
    "available",
    "explain",
    "explanations",
    "find_game",
    "hint",
    "is_correct",
    "load",
    "review",
    "score_game",
    "score_round",
    "solve",
    "vote",
]
