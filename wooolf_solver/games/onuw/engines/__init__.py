"""The engines of ONUW behind the library's :class:`~wooolf_solver.engines.Engine`
interface: each counts a knowledge's worlds into the one
:class:`~wooolf_solver.core.tally.Tally`, with the named queries of
:data:`~wooolf_solver.games.onuw.model.QUERIES` (dawn and dealt cards, teams, no
werewolf, liars, ``win_if``), exactly.

The fast exact engine (:mod:`.fast`, the default: it counts interchangeable slots and
night choices instead of listing them, :mod:`.lifted`, :mod:`.passive`, :mod:`.unseen`,
:mod:`.lies`) and the game's CP-SAT model (:mod:`.cpsat`) are ONUW's own; ``csp`` and ``brute`` are
the generic references, listing the knowledge's worlds
(:class:`~wooolf_solver.games.onuw.model.NightSpace`). A conflict is the shared rule's
(:func:`~wooolf_solver.core.conflict.minimal_conflict`), every engine asking its own
``consistent``.

>>> from wooolf_solver.games.onuw.record import read_record
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> knowledge = knowledge_of(record)
>>> engine = find_engine()
>>> engine.name, engine.tally(knowledge).deals
('fast', 18)
>>> found = [answers(find_engine(name).tally(knowledge)) for name in ENGINES]
>>> found[0]["worlds"], all(other == found[0] for other in found)
(18, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Protocol, cast

from ....core.knowledge import Knowledge
from ....core.posterior import share
from ....core.tally import Engine, Tally
from ....engines import get_engine
from ....engines.brute import BruteForceEngine
from ....engines.cpsat import CpSatEngine as GenericCpSatEngine
from ..model import ClaimMade, NightPrior, OnuwKnowledge, OwnNight
from ..rules import Seat, Slot
from . import cpsat, fast
from .cpsat import NightModel

ENGINES: tuple[str, ...] = ("fast", "cpsat", "csp", "brute")
"""The engines that solve ONUW, the default first."""

OWN_ENGINES: Mapping[str, str] = {
    "fast": "wooolf_solver.games.onuw.engines:FastEngine",
    "cpsat": "wooolf_solver.games.onuw.engines:CpSatEngine",
}
"""ONUW's own engines: name -> ``module:Class`` (they replace the generic ones)."""


def answers(tally: Tally) -> dict[str, Any]:
    """Every answer of a tally, exact: its worlds, and each seat's roles and each named
    query as chances (zero ones left out); two engines agree when these are equal."""
    if not tally.deals:
        return {"worlds": 0}
    total = tally.total
    out: dict[str, Any] = {
        "worlds": tally.deals,
        "roles": {
            seat: {role: share(w, total) for role, w in roles.items() if w}
            for seat, roles in tally.roles.items()
        },
    }
    for name, weights in tally.queries.items():
        out[name] = {key: share(w, total) for key, w in weights.items() if w}
    return out


class Known(Protocol):
    """What is possible in a knowledge's worlds, without the chances (what ``why``
    says between the events)."""

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
    """What is possible, read off an exact tally (its exact zeros)."""

    tally: Tally

    @property
    def consistent(self) -> bool:
        return self.tally.deals > 0

    def _dealt(self) -> list[tuple[Slot, str]]:
        pairs = (cast("tuple[Slot, str]", key) for key, w in self.tally.query("dealt").items() if w)
        return sorted(pairs)

    def possible_dealt(self, slot: Slot) -> list[str]:
        return [card for where, card in self._dealt() if where == slot]

    def certain_dealt(self) -> dict[Slot, str]:
        out = {}
        for slot in sorted({where for where, _ in self._dealt()}):
            possible = self.possible_dealt(slot)
            if len(possible) == 1:
                out[slot] = possible[0]
        return out

    def lying(self, seat: Seat) -> Fraction | None:
        if not self.consistent:
            return None
        weight = self.tally.query("lying").get(seat, 0)
        if not weight:
            return Fraction(0)
        return Fraction(1) if weight == self.tally.total else None


def _onuw(knowledge: Any) -> OnuwKnowledge:
    if not isinstance(knowledge, OnuwKnowledge):
        raise TypeError("an ONUW engine needs an ONUW knowledge")
    return knowledge


class FastEngine:
    """The fast exact engine (:mod:`.fast`), the default; it agrees exactly with the
    brute force.

    It reads the model's own observations (the night prior, the viewpoint's night, the
    claims); a knowledge carrying any other (the negation of a fact, when an
    explanation asks whether the fact is certain) goes to the CP-SAT model, which
    encodes those negations, and to the brute force if even that cannot encode it."""

    name: ClassVar[str] = "fast"

    def tally(self, knowledge: Knowledge) -> Tally:
        onuw = _onuw(knowledge)
        if _foreign(onuw):
            return _stand_in(onuw).tally(onuw)
        return fast.tally(onuw)

    def consistent(self, knowledge: Knowledge) -> bool:
        onuw = _onuw(knowledge)
        if _foreign(onuw):
            return _stand_in(onuw).consistent(onuw)
        return fast.consistent(onuw)

    def possibilities(self, knowledge: OnuwKnowledge) -> Known:
        """By single CP-SAT solves (:class:`.cpsat.Possibilities`): no counting (read
        off the tally when the model cannot encode the knowledge)."""
        try:
            return cpsat.Possibilities(knowledge)
        except cpsat.UnsupportedError:
            return Counted(self.tally(knowledge))


def _foreign(knowledge: OnuwKnowledge) -> bool:
    """Whether the knowledge has an observation the model does not make itself."""
    return not all(isinstance(o, NightPrior | OwnNight | ClaimMade) for o in knowledge.observations)


def _stand_in(knowledge: OnuwKnowledge) -> Engine:
    """The engine for a knowledge the fast engine does not read: CP-SAT when its
    model encodes every observation, else the brute force."""
    return CpSatEngine() if cpsat.encodable(knowledge) else BruteForceEngine()


class CpSatEngine(GenericCpSatEngine):
    """ONUW's own CP-SAT model (:mod:`.cpsat`) in the generic CP-SAT engine:
    ``consistent`` is one solve on a shared model; ``tally`` lists the model's
    solutions (the worlds of non-zero weight), each weighed exactly. ``core`` (the
    generic engine's) proposes events that cannot all hold."""

    name: ClassVar[str] = "cpsat"

    def build(self, knowledge: Knowledge, assumptions: bool = False) -> NightModel:
        return NightModel(_onuw(knowledge), assumptions)

    def consistent(self, knowledge: Knowledge) -> bool:
        return cpsat.consistent(_onuw(knowledge))


def find_engine(name: str | None = None) -> Engine:
    """A new ONUW engine by name (``None``: the default)."""
    return get_engine(name, OWN_ENGINES, ENGINES)


__all__ = [
    "ENGINES",
    "OWN_ENGINES",
    "Counted",
    "CpSatEngine",
    "FastEngine",
    "Known",
    "answers",
    "find_engine",
]
