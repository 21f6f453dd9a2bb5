"""Why a fact is certain: a minimal set of events that forces it, for any game.

A fact ("seat 5 is the liar", or with ``holds=False`` "seat 1 is not the thief")
is certain when no consistent world contradicts it: the knowledge plus the fact's
negation (:meth:`~.knowledge.Knowledge.negation`) has no world. CP-SAT proposes a
core of events (one assumption literal per event); the caller's engine then shrinks
it event by event (a solver's core is neither minimal nor always trustworthy), so the
set returned forces the fact and stops forcing it when any one event is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .conflict import earliest_minimal_inconsistency
from .errors import EventId
from .knowledge import Knowledge
from .posterior import Fact

if TYPE_CHECKING:
    from .tally import Engine

NEGATION_EVENT = 0
"""The pseudo-event of the fact's negation, kept in every restriction."""


@dataclass(frozen=True)
class Explanation:
    """Whether a fact is certain and, if so, a minimal set of events forcing it (the
    explanation of ``why``, for a game whose JSON shows only these)."""

    fact: Fact
    holds: bool
    events: tuple[EventId, ...]
    sentences: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``why``."""
        if not self.holds:
            return {"holds": False}
        return {"holds": True, "events": list(self.events)}


def challenged(knowledge: Knowledge, fact: Fact) -> Knowledge:
    """The knowledge plus an observation that contradicts ``fact``."""
    negation = knowledge.negation(NEGATION_EVENT, fact.seat, fact.identity, fact.holds)
    return knowledge.extended(negation)


def forces(challenge: Knowledge, events: Sequence[EventId], engine: Engine) -> bool:
    """Whether ``events`` alone (with the deck and the known slots) force the fact
    whose negation ``challenge`` carries."""
    return not engine.consistent(challenge.restricted([*events, NEGATION_EVENT]))


class Cores(Protocol):
    """An engine that proposes a core: events that together leave no world."""

    def core(self, knowledge: Any) -> tuple[EventId, ...]: ...


def minimal_reason(challenge: Knowledge, engine: Engine, cores: Cores) -> tuple[EventId, ...]:
    """A minimal set of events forcing the fact whose negation ``challenge`` carries.

    Its last event is the one after which the fact became certain; the earlier ones
    come from the core ``cores`` finds over that prefix (CP-SAT: one assumption
    literal per event), then shrunk and re-checked by ``engine``. ``()`` when the
    deck and the known slots force it.
    """

    def core(prefix: Sequence[EventId]) -> Sequence[EventId]:
        return cores.core(challenge.restricted([*prefix, NEGATION_EVENT]))

    return earliest_minimal_inconsistency(challenge, engine, (NEGATION_EVENT,), core)
