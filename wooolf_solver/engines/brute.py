"""The plain reference: enumerate every world and weigh it.

Slow (it visits every deal of the free cards and every combination of the choices),
simple, and independent of any fast engine's algebra: the yardstick every other
engine is tested against.

>>> from wooolf_solver.api import game_of
>>> game, record = game_of("examples/worked-example.yaml")
>>> BruteForceEngine().tally(game.knowledge(record)).deals
1560
"""

from __future__ import annotations

from typing import ClassVar

from ..core.knowledge import Knowledge
from .base import Tally, WorldTally


class BruteForceEngine:
    """Visits every world of the knowledge's space."""

    name: ClassVar[str] = "brute"

    def tally(self, knowledge: Knowledge) -> Tally:
        worlds = WorldTally(knowledge)
        for world in knowledge.space.worlds():
            worlds.add(world)
        return worlds.result()

    def consistent(self, knowledge: Knowledge) -> bool:
        return any(knowledge.likelihood(world) for world in knowledge.space.worlds())
