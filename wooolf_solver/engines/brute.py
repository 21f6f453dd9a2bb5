"""The plain reference: enumerate every world and weigh it.

Slow (it visits every deal of the free cards and every combination of the choices),
simple, and independent of any fast engine's algebra: the yardstick every other
engine is tested against.

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.knowledge import knowledge_of
>>> round_ = Round.from_dict({"game": "wooolf", "players": 4, "viewpoint": 1,
...     "hands": {1: ["wolf", "sheep"]}})
>>> BruteForceEngine().tally(knowledge_of(round_)).deals
2520
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
