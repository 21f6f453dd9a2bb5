"""Balance for designers: a deck's card points and its exact random-lynch baseline.

The **random-lynch model** (the spec's): night first; every night the werewolves kill a
living non-werewolf uniformly at random, every day the lynched player is uniform over
the living; the village wins when no werewolf lives, the werewolves when no
non-werewolf does (or, with ``parity``, when they are at least as many); powers are
ignored. The village's win probability is an exact recursion over (living
non-werewolves, living werewolves), in :class:`~fractions.Fraction`.

>>> balance({"werewolf": 1, "villager": 2}).to_dict()
{'points': -4, 'random_lynch': 0.5}
>>> village_win(5, 2), village_win(5, 2, parity=True)
(Fraction(3, 8), Fraction(1, 12))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from ...core.errors import InvalidDeckError
from ...core.roles import copies_of
from .rules import WEREWOLF, Deck, Rules, load_rules


@dataclass(frozen=True)
class Balance:
    """A deck's point sum and the village's exact win probability under random lynch."""

    points: int
    village: Fraction

    @property
    def random_lynch(self) -> float:
        return float(self.village)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``wooolf balance --json``."""
        return {"points": self.points, "random_lynch": self.random_lynch}


def _over(others: int, wolves: int, parity: bool) -> Fraction | None:
    """The village's result if the game is over, else ``None``."""
    if not wolves:
        return Fraction(1)
    if not others or (parity and wolves >= others):
        return Fraction(0)
    return None


@cache
def _night(others: int, wolves: int, parity: bool) -> Fraction:
    """The village's chance at nightfall (the game not over)."""
    others -= 1
    over = _over(others, wolves, parity)
    return over if over is not None else _day(others, wolves, parity)


@cache
def _day(others: int, wolves: int, parity: bool) -> Fraction:
    """The village's chance at the day's vote (the game not over)."""
    living = others + wolves
    total = Fraction(0)
    for share, after in (
        (Fraction(wolves, living), (others, wolves - 1)),
        (Fraction(others, living), (others - 1, wolves)),
    ):
        if share:
            over = _over(*after, parity)
            total += share * (over if over is not None else _night(*after, parity))
    return total


def village_win(others: int, wolves: int, parity: bool = False) -> Fraction:
    """The village's exact win probability from ``others`` non-werewolves and ``wolves``
    werewolves, at the first nightfall.

    >>> village_win(2, 1), village_win(1, 1)
    (Fraction(1, 2), Fraction(0, 1))
    """
    over = _over(others, wolves, parity)
    return over if over is not None else _night(others, wolves, parity)


def balance(
    roles: Mapping[str, int] | Deck, parity: bool = False, rules: Rules | None = None
) -> Balance:
    """The deck's points and random-lynch baseline (every non-werewolf card counts as a
    villager; a thief's extra cards are not dealt in this model).

    >>> balance({"werewolf": 2, "seer": 1, "villager": 5}).points
    0
    """
    rules = rules or load_rules()
    data = dict(roles)
    deck = rules.check_deck(data, None, "roles", error=InvalidDeckError)
    wolves = dict(deck).get(WEREWOLF, 0)
    others = sum(n for _, n in deck) - wolves
    return Balance(rules.points(deck), village_win(others, wolves, parity))


def parse_roles(text: str, where: str = "--roles") -> dict[str, int]:
    """A deck from ``werewolf=2,seer=1,villager=5`` (the command line's form).

    >>> parse_roles("werewolf=2, seer=1")
    {'werewolf': 2, 'seer': 1}
    >>> parse_roles("werewolf=two")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidDeckError: --roles.werewolf: must be a whole number, not 'two'
    >>> parse_roles("werewolf=1,werewolf=2")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidDeckError: --roles.werewolf: named twice (give its copies once)
    """
    return copies_of(text, where)
