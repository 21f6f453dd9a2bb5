"""The brute-force reference: every world of a record enumerated, weighed exactly.

It walks every world of the knowledge's :class:`~wooolf_solver.core.space.Space` (each
deal of the free cards with every value of the latent choices), weighs it exactly
(physical deals times the observations' integer likelihoods) and sums the weights
into every output of ``solve`` as :class:`~fractions.Fraction`; certainty comes from
exact zeros. An inconsistent record gets a minimal conflict by deletion.

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 3,
...     "roles": {"werewolf": 1, "villager": 1, "seer": 1}, "viewpoint": 1, "cards": {1: "seer"},
...     "events": [{"night": 1}, {"seat": 1, "checks": 2, "sees": "villager"}]})
>>> solution = solve(record)
>>> solution.worlds, solution.werewolf[3], solution.lynch
(1, Fraction(1, 1), ((3, Fraction(1, 1)), (2, Fraction(0, 1))))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import prod
from typing import Any

from ...core.conflict import shrink
from ...core.errors import EventId
from ...core.space import World
from ...core.speech import DEFAULT_SPEECH, Speech
from .ballots import advice
from .model import WerewolfKnowledge, knowledge_of
from .record import GameRecord
from .rules import WEREWOLF, Seat, Team

Distribution = Mapping[str, Fraction]


@dataclass(frozen=True)
class Solution:
    """Every output of ``solve``, exact."""

    consistent: bool
    worlds: int = 0
    roles: Mapping[Seat, Distribution] = field(default_factory=dict)
    werewolf: Mapping[Seat, Fraction] = field(default_factory=dict)
    lying: Mapping[Seat, Fraction] = field(default_factory=dict)
    """P(claim false) per claiming seat (its last claim)."""
    lynch: tuple[tuple[Seat, Fraction], ...] = ()
    """The living seats other than the viewpoint with P(werewolf), the best ballot for
    the viewpoint's team first (:mod:`.ballots`)."""
    conflict: tuple[EventId, ...] = ()
    goal: Team = "village"
    """The team whose goal ``lynch`` follows: the viewpoint's (the public's: the village)."""
    worth: Mapping[Seat, Fraction] = field(default_factory=dict)
    """Each ``lynch`` seat's worth to a voter not of the village (empty for the village)."""
    speech: Speech = DEFAULT_SPEECH

    @classmethod
    def of(
        cls,
        knowledge: WerewolfKnowledge,
        worlds: int,
        roles: Mapping[Seat, Distribution],
        lying: Mapping[Seat, Fraction],
    ) -> Solution:
        """A consistent knowledge's solution from its exact role chances and lies."""
        werewolf = {seat: roles[seat].get(WEREWOLF, Fraction(0)) for seat in knowledge.seats}
        goal, order = advice(knowledge, roles)
        lynch = tuple((seat, werewolf[seat]) for seat, _ in order)
        worth = {} if goal == "village" else dict(order)
        return cls(True, worlds, roles, werewolf, lying, lynch, (), goal, worth, knowledge.speech)

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON: probabilities as floats (roles without their zeros).

        >>> Solution(False, conflict=(2, 5)).to_dict()
        {'consistent': False, 'conflict': [2, 5]}
        """
        if not self.consistent:
            return {"consistent": False, "conflict": list(self.conflict)}
        return {
            "consistent": True,
            "worlds": self.worlds,
            "roles": {
                str(seat): {role: float(p) for role, p in sorted(dist.items()) if p}
                for seat, dist in self.roles.items()
            },
            "werewolf": {str(seat): float(p) for seat, p in self.werewolf.items()},
            "lying": {str(seat): float(p) for seat, p in self.lying.items()},
            "lynch": [
                {"seat": seat, "werewolf": float(p)}
                | ({"worth": float(self.worth[seat])} if self.worth else {})
                for seat, p in self.lynch
            ],
            "speech": self.speech,
        }


def weight(knowledge: WerewolfKnowledge, world: World) -> int:
    """A world's number of physical deals times its observations' likelihoods."""
    likelihood = prod(observation.likelihood(world) for observation in knowledge.observations)
    return knowledge.space.multiplicity(world) * likelihood if likelihood else 0


def worlds(knowledge: WerewolfKnowledge) -> Iterator[tuple[World, int]]:
    """Every world of non-zero weight, with its weight."""
    for world in knowledge.space.worlds():
        mass = weight(knowledge, world)
        if mass:
            yield world, mass


def consistent(knowledge: WerewolfKnowledge) -> bool:
    """Whether some world has a non-zero weight."""
    return any(True for _ in worlds(knowledge))


def conflict(knowledge: WerewolfKnowledge) -> tuple[EventId, ...]:
    """A minimal set of events that cannot all hold (each dropped in turn, the earliest
    first, while the rest still cannot hold)."""

    def fails(events: Sequence[EventId]) -> bool:
        return not consistent(knowledge.restricted(events))

    return shrink(knowledge.events, fails)


def solve(record: GameRecord) -> Solution:
    """Every output of ``solve`` for ``record``, by enumeration."""
    return solve_knowledge(knowledge_of(record))


def solve_knowledge(knowledge: WerewolfKnowledge) -> Solution:
    """Every output of ``solve`` for a compiled knowledge."""
    seats = knowledge.seats
    total, count = 0, 0
    roles_w: dict[Seat, defaultdict[str, int]] = {seat: defaultdict(int) for seat in seats}
    claims = knowledge.last_claims
    lying_w = dict.fromkeys(claims, 0)
    for world, mass in worlds(knowledge):
        count += 1
        total += mass
        for seat in seats:
            roles_w[seat][knowledge.role(world, seat)] += mass
        for seat, claim in claims.items():
            if not claim.true(world):
                lying_w[seat] += mass
    if not count:
        return Solution(False, conflict=conflict(knowledge), speech=knowledge.speech)
    roles = {
        seat: {role: Fraction(w, total) for role, w in sorted(weights.items())}
        for seat, weights in roles_w.items()
    }
    lying = {seat: Fraction(w, total) for seat, w in lying_w.items()}
    return Solution.of(knowledge, count, roles, lying)
