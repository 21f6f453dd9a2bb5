"""Classic Werewolf plugged into the library: the :class:`Werewolf` game and its posterior.

>>> GAME.name, GAME.engines
('werewolf', ('counter', 'brute', 'csp', 'cpsat'))
>>> record = GAME.read({"game": "werewolf", "players": 3, "roles": {"werewolf": 1,
...     "villager": 2}, "viewpoint": 1, "cards": {1: "villager"}}, Path("."))
>>> GAME.solve(record).to_dict()["werewolf"]
{'1': 0.0, '2': 0.5, '3': 0.5}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from math import factorial, prod
from pathlib import Path
from typing import Any, ClassVar

from ...core.errors import InvalidRecordError
from ...core.knowledge import Knowledge, Seat
from ...core.posterior import Posterior
from ...engines import Tally
from ..base import Game
from .explain import Explanation, explain, explanations
from .model import WerewolfKnowledge, knowledge_of
from .record import GameRecord, read_record
from .review import Review, review
from .rules import WEREWOLF


@dataclass(frozen=True)
class WerewolfPosterior(Posterior):
    """The posterior of a Werewolf knowledge, reported as the spec's ``solve`` JSON."""

    @property
    def werewolf_knowledge(self) -> WerewolfKnowledge:
        if not isinstance(self.knowledge, WerewolfKnowledge):
            raise TypeError("a Werewolf posterior needs a Werewolf knowledge")
        return self.knowledge

    @property
    def worlds(self) -> int:
        """The worlds (role assignments with the latent choices) of non-zero weight:
        every world stands for the same number of physical deals."""
        per_world = prod(factorial(n) for _, n in self.knowledge.space.cards)
        return self.tally.deals // per_world

    @cached_property
    def werewolf(self) -> dict[Seat, float]:
        """P(seat is a werewolf), for every seat."""
        return {seat: roles.get(WEREWOLF, 0.0) for seat, roles in self.roles.items()}

    @cached_property
    def lying(self) -> dict[Seat, float]:
        """P(claim false), per claiming seat (its last claim)."""
        total = sum(self.tally.decision.values())
        seats = self.werewolf_knowledge.last_claims
        return {
            seat: sum(w for liars, w in self.tally.decision.items() if seat in liars) / total
            for seat in seats
        }

    @cached_property
    def lynch(self) -> list[tuple[Seat, float]]:
        """The living seats other than the viewpoint, most likely werewolf first."""
        knowledge = self.werewolf_knowledge
        seats = [seat for seat in knowledge.living if seat != knowledge.viewpoint]
        return sorted(((seat, self.werewolf[seat]) for seat in seats), key=lambda x: (-x[1], x[0]))

    def to_dict(self) -> dict[str, Any]:
        """The spec's ``solve --json`` object."""
        return {
            "consistent": True,
            "worlds": self.worlds,
            "roles": {str(seat): roles for seat, roles in self.roles.items()},
            "werewolf": {str(seat): p for seat, p in self.werewolf.items()},
            "lying": {str(seat): p for seat, p in self.lying.items()},
            "lynch": [{"seat": seat, "werewolf": p} for seat, p in self.lynch],
        }


class Werewolf(Game):
    """Classic Werewolf: game records, the exact model, the generic engines."""

    name: ClassVar[str] = "werewolf"
    title: ClassVar[str] = "Werewolf (The Werewolves of Millers Hollow)"
    engines: ClassVar[tuple[str, ...]] = ("counter", "brute", "csp", "cpsat")
    own_engines: ClassVar[Mapping[str, str]] = {
        "counter": "wooolf_solver.games.werewolf.counter:CountingEngine"
    }
    verbs: ClassVar[frozenset[str]] = frozenset({"solve", "why", "review"})

    def read(self, data: Mapping[str, Any], base_dir: Path, verb: str | None = None) -> GameRecord:
        return read_record(data)

    def knowledge(self, record: Any) -> Knowledge:
        if not isinstance(record, GameRecord):
            raise InvalidRecordError("game: not a Werewolf game record")
        return knowledge_of(record)

    def posterior(self, knowledge: Knowledge, tally: Tally) -> Posterior:
        return WerewolfPosterior(knowledge, tally)

    def explain(
        self, record: Any, seat: Seat, role: str, holds: bool = True, engine: str | None = None
    ) -> Explanation:
        """Why a fact is certain (found by the counter)."""
        return explain(self.record(record), seat, role, holds)

    def explanations(self, record: Any, engine: str | None = None) -> dict[Any, Any]:
        return dict(explanations(self.record(record)))

    @staticmethod
    def record(record: Any) -> GameRecord:
        if not isinstance(record, GameRecord):
            raise InvalidRecordError("game: not a Werewolf game record")
        return record

    def review(
        self,
        record: Any,
        engine: str | None = None,
        on_step: Callable[[int, int], None] | None = None,
    ) -> Review:
        """A full record reviewed (judged exactly by the counter)."""
        if not isinstance(record, GameRecord):
            raise InvalidRecordError("game: not a Werewolf game record")
        return review(record)


GAME = Werewolf()
"""The game, as the registry finds it."""
