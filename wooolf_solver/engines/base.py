"""The engine interface and what every engine returns: a :class:`Tally`.

An engine turns a :class:`~wooolf_solver.knowledge.Knowledge` into weighted counts;
the posterior, the declarations and the conflicts are computed from those by shared
code, so that engines differ only in how they count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from ..knowledge import Knowledge
from ..rules import Hand, Seat

Decision = tuple[frozenset[Seat], ...]
"""For each target of the viewpoint's identity, in order, the seats holding it."""


@dataclass(frozen=True)
class Tally:
    """Weighted counts over the consistent worlds of a knowledge.

    Weights are unnormalized (physical deals times likelihood numerators); a weight
    is exactly zero when no consistent world has the property.
    """

    deals: int
    """Physical deals with non-zero weight."""
    total: float
    """The sum of the weights of all worlds."""
    roles: Mapping[Seat, Mapping[str, float]]
    """For every seat, the weight of each identity (zero weights may be absent)."""
    decision: Mapping[Decision, float] = field(default_factory=dict)
    """The weight of each value of the viewpoint's decision (empty without targets)."""


class Engine(Protocol):
    """Counts the worlds of a knowledge."""

    name: ClassVar[str]

    def tally(self, knowledge: Knowledge) -> Tally:
        """Every count the posterior needs."""
        ...

    def consistent(self, knowledge: Knowledge) -> bool:
        """Whether at least one world has non-zero weight."""
        ...


class WorldTally:
    """Accumulates whole worlds into a :class:`Tally`: the shared back end of the
    engines that enumerate worlds (brute force, CP-SAT, python-constraint)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.targets = knowledge.targets
        self.deals = 0
        self.total = 0.0
        self.roles: dict[Seat, defaultdict[str, float]] = {
            seat: defaultdict(float) for seat in knowledge.seats
        }
        self.decision: defaultdict[Decision, float] = defaultdict(float)

    def add(self, free_hands: Mapping[Seat, Hand]) -> None:
        """Add one type-level deal of the free cards to the free seats."""
        knowledge = self.knowledge
        hands = {**knowledge.hands, **free_hands}
        weight = knowledge.weight(hands)
        if not weight:
            return
        deals = knowledge.multiplicity(hands)
        self.deals += deals
        mass = float(deals * weight)
        self.total += mass
        identities = {seat: knowledge.game.identity(hand).name for seat, hand in hands.items()}
        for seat, identity in identities.items():
            self.roles[seat][identity] += mass
        if self.targets:
            key = tuple(
                frozenset(seat for seat, name in identities.items() if name == target)
                for target in self.targets
            )
            self.decision[key] += mass

    def result(self) -> Tally:
        return Tally(
            self.deals,
            self.total,
            {seat: dict(weights) for seat, weights in self.roles.items()},
            dict(self.decision),
        )
