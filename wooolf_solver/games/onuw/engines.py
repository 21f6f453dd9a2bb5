"""The engines of ONUW behind the library's :class:`~wooolf_solver.engines.Engine`
interface, each also computing the contract's whole ``solve`` output
(:class:`~.brute.Solution`).

An engine here wraps a module with ``solve_knowledge``, ``consistent`` and
``conflict`` over an :class:`~.model.OnuwKnowledge`: the fast exact engine
(:mod:`.fast`, the default: it counts interchangeable slots and night choices
instead of listing them), the game's CP-SAT model (:mod:`.cpsat`) or the brute-force
reference (:mod:`.brute`); the ``csp`` engine lists the worlds with the generic
python-constraint search (:mod:`wooolf_solver.engines.csp`) instead. Every verb of
the game (``solve``, ``hint``, ``vote``, ``why``, ``review``) asks its engine for
:meth:`OnuwEngine.solution` or :meth:`OnuwEngine.consistent`.

>>> from wooolf_solver.games.onuw.record import read_record
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> engine = find_engine()
>>> engine.name, engine.solution(knowledge_of(record)).worlds
('fast', 18)
>>> [find_engine(name).solution(knowledge_of(record)).worlds for name in ENGINES]
[18, 18, 18, 18]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any, ClassVar, Protocol

from ...core.errors import EventId
from ...core.knowledge import Knowledge
from ...engines import Tally, get_engine
from ...engines.cpsat import CpSatEngine as GenericCpSatEngine
from ...engines.csp import ConstraintEngine
from . import brute, cpsat, fast
from .brute import Solution
from .cpsat import NightModel
from .model import ClaimMade, NightPrior, OnuwKnowledge, OwnNight
from .rules import Seat, Slot

ENGINES: tuple[str, ...] = ("fast", "cpsat", "csp", "brute")
"""The engines that solve ONUW, the default first."""

OWN_ENGINES: Mapping[str, str] = {
    "fast": "wooolf_solver.games.onuw.engines:FastEngine",
    "cpsat": "wooolf_solver.games.onuw.engines:CpSatEngine",
    "csp": "wooolf_solver.games.onuw.engines:CspEngine",
    "brute": "wooolf_solver.games.onuw.engines:BruteEngine",
}
"""ONUW's own engines: name -> ``module:Class`` (they replace the generic ones)."""


class OnuwEngine:
    """An engine computing the contract's outputs with the functions of ``module``."""

    name: ClassVar[str]
    module: ClassVar[ModuleType]

    def solution(self, knowledge: OnuwKnowledge) -> Solution:
        """Every output of ``solve`` (an inconsistent one carries its conflict)."""
        result: Solution = self.module.solve_knowledge(knowledge)
        return result

    def consistent(self, knowledge: Knowledge) -> bool:
        return bool(self.module.consistent(_onuw(knowledge)))

    def conflict(self, knowledge: OnuwKnowledge) -> tuple[EventId, ...]:
        """A minimal set of events that cannot all hold."""
        return tuple(self.module.conflict(knowledge))

    def possibilities(self, knowledge: OnuwKnowledge) -> Known:
        """What is possible in the knowledge's worlds (what ``why`` says between the
        events): by default read off :meth:`solution`."""
        return Counted(self.solution(knowledge))

    def tally(self, knowledge: Knowledge) -> Tally:
        """The generic tally: dawn cards as the seats' roles (weights as floats)."""
        solution = self.solution(_onuw(knowledge))
        if not solution.consistent:
            return Tally(0, 0.0, {})
        roles = {
            seat: {card: float(p) for card, p in solution.dawn[seat].items()}
            for seat in knowledge.seats
        }
        return Tally(solution.worlds, 1.0, roles)


class Known(Protocol):
    """What is possible in a knowledge's worlds, without the chances."""

    @property
    def consistent(self) -> bool: ...

    def possible_dealt(self, slot: Slot) -> list[str]:
        """Every card ``slot`` can have been dealt, sorted."""
        ...

    def certain_dealt(self) -> dict[Slot, str]:
        """The slots whose dealt card is certain, with that card."""
        ...

    def lying(self, seat: Seat) -> Fraction | None:
        """1 when ``seat``'s claim is certainly false, 0 when certainly true, else ``None``."""
        ...


@dataclass(frozen=True)
class Counted:
    """What is possible, read off an exact solution (its exact zeros)."""

    solution: Solution

    @property
    def consistent(self) -> bool:
        return self.solution.consistent

    def possible_dealt(self, slot: Slot) -> list[str]:
        return sorted(card for card, p in self.solution.dealt[slot].items() if p)

    def certain_dealt(self) -> dict[Slot, str]:
        if not self.solution.consistent:
            return {}
        out = {}
        for slot in self.solution.dealt:
            possible = self.possible_dealt(slot)
            if len(possible) == 1:
                out[slot] = possible[0]
        return out

    def lying(self, seat: Seat) -> Fraction | None:
        chance = self.solution.lying.get(seat) if self.solution.consistent else None
        return chance if chance in (0, 1) else None


def _onuw(knowledge: Any) -> OnuwKnowledge:
    if not isinstance(knowledge, OnuwKnowledge):
        raise TypeError("an ONUW engine needs an ONUW knowledge")
    return knowledge


class FastEngine(OnuwEngine):
    """The fast exact engine (:mod:`.fast`), the default; it agrees exactly with
    :class:`BruteEngine`.

    It reads the model's own observations (the night prior, the viewpoint's night, the
    claims); a knowledge carrying any other (the negation of a fact, when an
    explanation asks whether the fact is certain) goes to the CP-SAT model, which
    encodes those negations (one solve for ``consistent``; the enumeration of its
    solutions for ``solution``), and to the reference if even that cannot encode it."""

    name: ClassVar[str] = "fast"
    module: ClassVar[ModuleType] = fast

    def solution(self, knowledge: OnuwKnowledge) -> Solution:
        if _foreign(knowledge):
            return _stand_in(knowledge).solution(knowledge)
        return super().solution(knowledge)

    def consistent(self, knowledge: Knowledge) -> bool:
        if _foreign(knowledge):
            return _stand_in(knowledge).consistent(knowledge)
        return super().consistent(knowledge)

    def conflict(self, knowledge: OnuwKnowledge) -> tuple[EventId, ...]:
        if _foreign(knowledge):
            return _stand_in(knowledge).conflict(knowledge)
        return super().conflict(knowledge)

    def possibilities(self, knowledge: OnuwKnowledge) -> Known:
        """By single CP-SAT solves (:class:`.cpsat.Possibilities`): no counting."""
        return _solved_possibilities(knowledge) or super().possibilities(knowledge)


def _foreign(knowledge: Knowledge) -> bool:
    """Whether the knowledge has an observation the model does not make itself."""
    return not all(isinstance(o, NightPrior | OwnNight | ClaimMade) for o in knowledge.observations)


def _stand_in(knowledge: Knowledge) -> OnuwEngine:
    """The engine for a knowledge the fast engine does not read: CP-SAT when its
    model encodes every observation, else the brute-force reference."""
    return CpSatEngine() if cpsat.encodable(_onuw(knowledge)) else BruteEngine()


class CpSatEngine(OnuwEngine, GenericCpSatEngine):
    """ONUW's own CP-SAT model (:mod:`.cpsat`): ``consistent``, ``conflict`` and
    ``possible`` are single solves; ``solution`` enumerates the model's solutions
    (the worlds of non-zero weight) and weighs each exactly, like the reference.
    ``core`` (the generic engine's) proposes events that cannot all hold."""

    name: ClassVar[str] = "cpsat"
    module: ClassVar[ModuleType] = cpsat

    def build(self, knowledge: Knowledge, assumptions: bool = False) -> NightModel:
        return NightModel(_onuw(knowledge), assumptions)

    def possibilities(self, knowledge: OnuwKnowledge) -> Known:
        """By single solves (:class:`.cpsat.Possibilities`)."""
        return _solved_possibilities(knowledge) or super().possibilities(knowledge)


def _solved_possibilities(knowledge: OnuwKnowledge) -> Known | None:
    try:
        return cpsat.Possibilities(knowledge)
    except cpsat.UnsupportedError:
        return None


class CspEngine(OnuwEngine, ConstraintEngine):
    """The generic python-constraint search (:mod:`wooolf_solver.engines.csp`) over the
    model's variables (the dealt cards and the night choices): its solutions are the
    worlds of non-zero weight, weighed exactly as the reference weighs them."""

    name: ClassVar[str] = "csp"

    def solution(self, knowledge: OnuwKnowledge) -> Solution:
        return brute.solution_of(knowledge, self.worlds(knowledge), self.consistent)

    def consistent(self, knowledge: Knowledge) -> bool:
        return ConstraintEngine.consistent(self, knowledge)

    def conflict(self, knowledge: OnuwKnowledge) -> tuple[EventId, ...]:
        return knowledge.conflict(self.consistent)


class BruteEngine(OnuwEngine):
    """The brute-force reference (:mod:`.brute`): every world enumerated, exactly."""

    name: ClassVar[str] = "brute"
    module: ClassVar[ModuleType] = brute


def find_engine(name: str | None = None) -> OnuwEngine:
    """A new ONUW engine by name (``None``: the default)."""
    engine = get_engine(name, OWN_ENGINES, ENGINES)
    if not isinstance(engine, OnuwEngine):
        raise TypeError(f"{name}: not an ONUW engine")
    return engine
