"""The engine interface and what every engine returns: a :class:`Tally` (both defined
in :mod:`wooolf_solver.core.tally`, named here too), and :class:`WorldTally`, the shared
back end of the engines that enumerate whole worlds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable

from ..core.knowledge import Knowledge, Seat
from ..core.space import World
from ..core.tally import Engine, Tally, Weight


class WorldTally:
    """Accumulates whole worlds into a :class:`Tally`: the shared back end of the
    engines that enumerate worlds (brute force, CP-SAT, python-constraint)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.deals = 0
        self.total: Weight = 0
        self.roles: dict[Seat, defaultdict[str, Weight]] = {
            seat: defaultdict(int) for seat in knowledge.seats
        }
        self.decision: defaultdict[Hashable, Weight] = defaultdict(int)
        self.queries: dict[str, defaultdict[Hashable, Weight]] = {
            name: defaultdict(int) for name in knowledge.query_names
        }

    def add(self, world: World) -> None:
        """Add one world (every slot and choice valued)."""
        knowledge = self.knowledge
        weight = knowledge.likelihood(world)
        if weight:
            deals = knowledge.space.multiplicity(world)
            self.add_mass(world, deals * weight, deals)

    def add_mass(self, world: World, mass: Weight, deals: int = 1) -> None:
        """Add one world with its ``mass`` (``deals``: the deals it stands for)."""
        knowledge = self.knowledge
        self.deals += deals
        self.total += mass
        for seat, roles in self.roles.items():
            roles[knowledge.role(world, seat)] += mass
        if knowledge.has_decision:
            self.decision[knowledge.decision(world)] += mass
        if self.queries:
            for name, keys in knowledge.queries(world).items():
                query = self.queries[name]
                for key in keys:
                    query[key] += mass

    def result(self) -> Tally:
        return Tally(
            self.deals,
            self.total,
            {seat: dict(weights) for seat, weights in self.roles.items()},
            dict(self.decision),
            {name: dict(weights) for name, weights in self.queries.items()},
        )


__all__ = ["Engine", "Tally", "Weight", "WorldTally"]
