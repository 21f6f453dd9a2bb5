"""Exact deduction for hidden-role card games: Wooolf!! (狼來了), One Night Ultimate
Werewolf and Werewolf.

>>> from wooolf_solver import Round, solve
>>> round_ = Round.from_dict({"game": "wooolf", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 2, "peek": 6, "sees": "wolf"}]})
>>> solve(round_).roles[6]
{'wolf': 1.0}

The names below are imported on first use (PEP 562), so that ``import wooolf_solver``
loads no game: a game's package is imported when one of its records is read.

>>> import sys
>>> "read" in dir(sys.modules["wooolf_solver"])
True
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .core.version import __version__

if TYPE_CHECKING:
    from .api import (
        Source,
        balance,
        explain,
        explanations,
        hint,
        load,
        read,
        review,
        solve,
        vote,
        why,
    )
    from .core.errors import (
        ArgumentTypeError,
        IllegalMoveError,
        InconsistentRecordError,
        InvalidArgumentError,
        InvalidDeckError,
        InvalidRecordError,
        OutOfTurnError,
        SolverError,
        UnknownNameError,
        UnsupportedVerbError,
    )
    from .core.errors import SolverError as WooolfError
    from .core.posterior import Fact, Posterior
    from .core.reasons import Explanation
    from .games import available, find_game
    from .games.base import Reason, Record, Result
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

_FROM: dict[str, tuple[str, ...]] = {
    ".api": (
        "Source",
        "balance",
        "explain",
        "explanations",
        "hint",
        "load",
        "read",
        "review",
        "solve",
        "vote",
        "why",
    ),
    ".core.errors": (
        "ArgumentTypeError",
        "IllegalMoveError",
        "InconsistentRecordError",
        "InvalidArgumentError",
        "InvalidDeckError",
        "InvalidRecordError",
        "OutOfTurnError",
        "SolverError",
        "UnknownNameError",
        "UnsupportedVerbError",
    ),
    ".core.posterior": ("Fact", "Posterior"),
    ".core.reasons": ("Explanation",),
    ".games": ("available", "find_game"),
    ".games.base": ("Reason", "Record", "Result"),
    ".games.wooolf.game": ("GameRecord", "GameRound"),
    ".games.wooolf.hints": ("Action", "ActionScore", "Advice", "Hint"),
    ".games.wooolf.posterior": ("Declaration", "RoundPosterior"),
    ".games.wooolf.record": ("Ask", "Declare", "Event", "Peek", "Round"),
    ".games.wooolf.review": ("Moment", "Review", "RoundReview", "SeatReview"),
    ".games.wooolf.scoring": (
        "Declared",
        "GameScore",
        "RoundScore",
        "is_correct",
        "score_game",
        "score_round",
    ),
}
"""Each public name's module (relative to this package), imported on first use."""

_RENAMED = {"WooolfError": "SolverError"}
"""Other names of public names: the root error's first name, kept so that
``except WooolfError`` still works."""

_MODULE_OF = {name: module for module, names in _FROM.items() for name in names}
_MODULE_OF.update({old: _MODULE_OF[new] for old, new in _RENAMED.items()})

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
    "IllegalMoveError",
    "InconsistentRecordError",
    "InvalidArgumentError",
    "InvalidDeckError",
    "InvalidRecordError",
    "Moment",
    "OutOfTurnError",
    "Peek",
    "Posterior",
    "Reason",
    "Record",
    "Result",
    "Review",
    "Round",
    "RoundPosterior",
    "RoundReview",
    "RoundScore",
    "SeatReview",
    "SolverError",
    "Source",
    "UnknownNameError",
    "UnsupportedVerbError",
    "WooolfError",
    "__version__",
    "available",
    "balance",
    "explain",
    "explanations",
    "find_game",
    "hint",
    "is_correct",
    "load",
    "read",
    "review",
    "score_game",
    "score_round",
    "solve",
    "vote",
    "why",
]


_ROOMS = ("api", "cli", "core", "engines", "games", "lab", "server")
"""The sub-packages and modules, imported on first use too (``wooolf_solver.api.solve``
after ``import wooolf_solver``, as when the root imported them)."""


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use (then kept here)."""
    if name in _ROOMS:
        return import_module(f".{name}", __name__)
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones not yet imported included."""
    return sorted({*globals(), *__all__})
