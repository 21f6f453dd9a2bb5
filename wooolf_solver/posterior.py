"""The posterior: who can be what, the certain facts, and the declarations.

>>> from wooolf_solver import Round, solve
>>> posterior = solve(Round.from_dict({"game": "wooolf", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 2, "peek": 6, "sees": "wolf"},
...                {"seat": 5, "peek": 1, "says": "wolf"}]}))
>>> posterior.roles[5]
{'shepherd': 1.0}
>>> Fact(6, "wolf", True) in posterior.certain
True
>>> posterior.declarations()[0].targets[0]
6
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from typing import Any

from .engines.base import Decision, Tally
from .knowledge import Knowledge
from .rules import Seat

NOBODY = 0
"""The pointer for "nobody holds this target"."""


@dataclass(frozen=True, order=True)
class Fact:
    """``seat``'s identity is (``holds``) or is not (not ``holds``) ``identity``."""

    seat: Seat
    identity: str
    holds: bool

    def __str__(self) -> str:
        return f"seat {self.seat} is {'' if self.holds else 'not '}the {self.identity}"


@dataclass(frozen=True)
class Declaration:
    """A declaration (one pointer per target, ``0`` for nobody) and its chance."""

    targets: tuple[Seat, ...]
    probability: float
    certain: bool = False
    """Right in every consistent world (then ``probability`` is exactly 1)."""

    def to_dict(self) -> dict[str, Any]:
        return {"targets": list(self.targets), "probability": self.probability}


@dataclass(frozen=True)
class Posterior:
    """Exact posterior of one viewpoint's knowledge, from an engine's :class:`Tally`."""

    knowledge: Knowledge
    tally: Tally

    @property
    def deals(self) -> int:
        """The number of physical deals with non-zero weight."""
        return self.tally.deals

    @cached_property
    def roles(self) -> dict[Seat, dict[str, float]]:
        """For every seat, the probability of each possible identity (alphabetical)."""
        roles = {}
        for seat in self.knowledge.seats:
            weights = {name: w for name, w in self.tally.roles.get(seat, {}).items() if w > 0}
            if len(weights) == 1:
                roles[seat] = dict.fromkeys(weights, 1.0)
            else:
                total = sum(weights.values())
                roles[seat] = {name: weights[name] / total for name in sorted(weights)}
        return roles

    @cached_property
    def certain(self) -> tuple[Fact, ...]:
        """Every fact of probability exactly 1: a seat's identity when only one is
        possible, otherwise each identity a seat certainly does not have."""
        facts: list[Fact] = []
        for seat, roles in self.roles.items():
            if len(roles) == 1:
                facts.extend(Fact(seat, name, True) for name in roles)
            else:
                facts.extend(
                    Fact(seat, name, False)
                    for name in sorted(self.knowledge.game.characters)
                    if name not in roles
                )
        return tuple(facts)

    def declarations(self, at_least: int = 5) -> list[Declaration]:
        """The viewpoint's declarations, best first (ties: smaller targets first):
        every one with non-zero probability, and at least ``at_least``.
        Empty without a viewpoint whose hand is known."""
        targets = self.knowledge.targets
        if not targets:
            return []
        viewpoint = self.knowledge.viewpoint
        pointers = [NOBODY, *(seat for seat in self.knowledge.seats if seat != viewpoint)]
        mass, right = _declaration_mass(self.tally.decision)
        support = sum(1 for weight in self.tally.decision.values() if weight > 0)
        total = sum(self.tally.decision.values())
        ranked = sorted(
            (
                Declaration(
                    combo,
                    1.0 if right[combo] == support else mass[combo] / total,
                    right[combo] == support,
                )
                for combo in product(pointers, repeat=len(targets))
            ),
            key=lambda d: (-d.probability, d.targets),
        )
        nonzero = sum(1 for d in ranked if d.probability > 0)
        return ranked[: max(nonzero, at_least)]

    def to_dict(self) -> dict[str, Any]:
        """The spec's JSON object for ``solve``."""
        result: dict[str, Any] = {
            "consistent": True,
            "deals": self.deals,
            "roles": {str(seat): roles for seat, roles in self.roles.items()},
        }
        if self.knowledge.targets:
            result["declarations"] = [d.to_dict() for d in self.declarations()]
        return result


def _declaration_mass(
    decision: Mapping[Decision, float],
) -> tuple[defaultdict[tuple[Seat, ...], float], defaultdict[tuple[Seat, ...], int]]:
    """For every declaration right in some world: its weight, and in how many
    values of the decision (with non-zero weight) it is right."""
    mass: defaultdict[tuple[Seat, ...], float] = defaultdict(float)
    right: defaultdict[tuple[Seat, ...], int] = defaultdict(int)
    for holders, weight in decision.items():
        if weight <= 0:
            continue
        choices = [sorted(seats) if seats else [NOBODY] for seats in holders]
        for combo in product(*choices):
            mass[combo] += weight
            right[combo] += 1
    return mass, right
