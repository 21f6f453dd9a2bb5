"""Exact deduction for hidden-identity card games, starting with Wooolf!! (狼來了).

>>> from wooolf_solver import Round, solve
>>> round_ = Round.from_dict({"game": "wooolf", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 2, "peek": 6, "sees": "wolf"}]})
>>> solve(round_).roles[6]
{'wolf': 1.0}
"""

from __future__ import annotations

from .errors import InconsistentRecordError, InvalidDeckError, InvalidRecordError, WooolfError
from .explain import Explanation, explain, explanations
from .game import GameRecord, GameRound
from .hints import Action, ActionScore, Advice, Hint, hint
from .posterior import Declaration, Fact, Posterior
from .record import Ask, Declare, Event, Peek, Round
from .review import Moment, Review, RoundReview, SeatReview, review
from .scoring import Declared, GameScore, RoundScore, is_correct, score_game, score_round
from .solver import solve

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionScore",
    "Advice",
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
    "RoundReview",
    "RoundScore",
    "SeatReview",
    "WooolfError",
    "explain",
    "explanations",
    "hint",
    "is_correct",
    "review",
    "score_game",
    "score_round",
    "solve",
]
