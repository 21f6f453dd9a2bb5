"""The posterior of any game: each seat's chance of each role, and the certain facts.

Probabilities are the engine's weights normalized; a fact is certain when no world
of non-zero weight contradicts it, decided by exact zeros, never by rounding.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from .knowledge import Knowledge, Seat
from .tally import Tally, Weight


def share(weight: Weight, total: Weight) -> Weight:
    """``weight / total``, exact (a :class:`~fractions.Fraction`) when both are exact.

    >>> share(1, 3), share(Fraction(1, 2), 2), share(1.0, 4)
    (Fraction(1, 3), Fraction(1, 4), 0.25)
    """
    if isinstance(weight, float) or isinstance(total, float):
        return weight / total
    return Fraction(weight) / total


@dataclass(frozen=True, order=True)
class Fact:
    """``seat``'s role is (``holds``) or is not (not ``holds``) ``identity``.

    >>> str(Fact(5, "liar", True)), str(Fact(1, "thief", False))
    ('seat 5 is the liar', 'seat 1 is not the thief')
    """

    seat: Seat
    identity: str
    holds: bool

    def __str__(self) -> str:
        return f"seat {self.seat} is {'' if self.holds else 'not '}the {self.identity}"


@dataclass(frozen=True)
class Posterior:
    """Exact posterior of one viewpoint's knowledge, from an engine's :class:`Tally`."""

    def __repr__(self) -> str:
        return f"<posterior: {self.deals:,} deals>"

    knowledge: Knowledge
    tally: Tally

    @property
    def deals(self) -> int:
        """The number of physical deals (worlds) with non-zero weight."""
        return self.tally.deals

    @cached_property
    def roles(self) -> dict[Seat, dict[str, float]]:
        """For every seat, the probability of each possible role (alphabetical)."""
        roles = {}
        for seat in self.knowledge.seats:
            weights = {name: w for name, w in self.tally.roles.get(seat, {}).items() if w > 0}
            if len(weights) == 1:
                roles[seat] = dict.fromkeys(weights, 1.0)
            else:
                total = sum(weights.values())
                roles[seat] = {name: float(weights[name] / total) for name in sorted(weights)}
        return roles

    def chances(self, query: str) -> dict[Hashable, Weight]:
        """The game's named query ``query`` (:meth:`Knowledge.queries`) as chances: each
        key's weight over the total, exact when the engine counted exactly, keys in the
        order the engine gave them, zero ones left out."""
        total = self.tally.total
        return {key: share(w, total) for key, w in self.tally.query(query).items() if w}

    @cached_property
    def certain(self) -> tuple[Fact, ...]:
        """Every fact of probability exactly 1: a seat's role when only one is
        possible, otherwise each role a seat certainly does not have."""
        facts: list[Fact] = []
        for seat, roles in self.roles.items():
            if len(roles) == 1:
                facts.extend(Fact(seat, name, True) for name in roles)
            else:
                names = self.knowledge.role_names
                facts.extend(Fact(seat, name, False) for name in names if name not in roles)
        return tuple(facts)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``solve``: the count and every seat's roles."""
        return {
            "consistent": True,
            "deals": self.deals,
            "roles": {str(seat): roles for seat, roles in self.roles.items()},
        }
