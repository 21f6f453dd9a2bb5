"""The engine interface and what every engine returns: a :class:`Tally`.

An engine turns a :class:`~wooolf_solver.core.knowledge.Knowledge` into weighted
counts; the posterior, a game's own answers and the conflicts are computed from those
by shared code, so that engines differ only in how they count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from ..core.knowledge import Knowledge, Seat
from ..core.space import World


@dataclass(frozen=True)
class Tally:
    """Weighted counts over the consistent worlds of a knowledge.

    Weights are unnormalized (physical deals times likelihood numerators); a weight
    is exactly zero when no consistent world has the property.
    """

    deals: int
    """Physical deals (with the choices: worlds) of non-zero weight."""
    total: float
    """The sum of the weights of all worlds."""
    roles: Mapping[Seat, Mapping[str, float]]
    """For every seat, the weight of each role (zero weights may be absent)."""
    decision: Mapping[Any, float] = field(default_factory=dict)
    """The weight of each value of the viewpoint's decision (empty without one)."""


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
        self.deals = 0
        self.total = 0.0
        self.roles: dict[Seat, defaultdict[str, float]] = {
            seat: defaultdict(float) for seat in knowledge.seats
        }
        self.decision: defaultdict[Hashable, float] = defaultdict(float)

    def add(self, world: World) -> None:
        """Add one world (every slot and choice valued)."""
        knowledge = self.knowledge
        weight = knowledge.likelihood(world)
        if not weight:
            return
        deals = knowledge.space.multiplicity(world)
        self.deals += deals
        mass = float(deals * weight)
        self.total += mass
        for seat, roles in self.roles.items():
            roles[knowledge.role(world, seat)] += mass
        if knowledge.has_decision:
            self.decision[knowledge.decision(world)] += mass

    def result(self) -> Tally:
        return Tally(
            self.deals,
            self.total,
            {seat: dict(weights) for seat, weights in self.roles.items()},
            dict(self.decision),
        )
