"""``why`` for Werewolf: the game's facts and words for the generic ``why``
(:mod:`wooolf_solver.core.reasons`).

A fact is "seat 4 is the werewolf" (or "is not"), or "seat 4 lies" (its last claim is
false; negated, "tells the truth"), the facts of ``solve``'s role and lying columns.
The reason, a minimal set of the record's events, is found by the counter and
re-checked by the generic python-constraint engine (or the other way round with
``--engine csp``).

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 4, "roles": {"werewolf": 1,
...     "seer": 1, "villager": 2}, "viewpoint": 1, "cards": {1: "villager"}, "events": [
...     {"night": 1}, {"dawn": 1, "dead": [3], "cards": {3: "villager"}},
...     {"seat": 2, "claims": "villager"}]})
>>> reason = explain(record, 4, "werewolf", holds=False)
>>> reason.to_dict()
{'holds': True, 'events': [2, 3], 'speech': 'mimic'}
>>> reason.verdict()
'Yes, it is certain: seat 4 is not the werewolf (events 2 and 3 force it).'
>>> explain(record, 2, "liar").verdict()
'Yes, it is certain: seat 2 lies (event 2 forces it).'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ...core.conflict import consistent_tally, minimal_conflict
from ...core.errors import EventId, InconsistentRecordError, InvalidRecordError
from ...core.knowledge import Knowledge
from ...core.posterior import Fact
from ...core.reasons import (
    LIAR,
    NEGATION_EVENT,
    Explanation,
    FactBook,
    Negation,
    Terms,
    explain_fact,
    refutes,
)
from ...engines import Engine, get_engine
from .engines.counter import CountingEngine
from .model import RoleIn, WerewolfKnowledge, knowledge_of, sees
from .posterior import WerewolfPosterior
from .record import GameRecord
from .rules import Seat
from .words import event_words

TERMS = Terms(none="No seat's role is certain.")

CHECKER = "csp"
"""The engine that re-checks a reason the counter found (see
:func:`~wooolf_solver.core.reasons.checker_name`)."""


def explain(
    record: GameRecord,
    seat: Seat,
    role: str,
    holds: bool = True,
    *,
    finder: Engine | None = None,
    checker: Engine | None = None,
) -> Explanation:
    """Why ``seat`` certainly plays (``holds``) or does not play ``role`` (or, for
    ``role="liar"``, why its last claim is certainly false), if it is certain: found
    by ``finder`` (by default the counter), re-checked by ``checker`` (by default
    python-constraint's search: a few milliseconds a check at ten players, where
    CP-SAT's tables take seconds to build)."""
    if seat not in record.seats:
        raise InvalidRecordError(f"seat: must be between 1 and {record.players}, not {seat}")
    knowledge = knowledge_of(record)
    name = role.strip().lower()
    if name == LIAR:
        if seat not in knowledge.last_claims:
            raise InvalidRecordError(f"seat: seat {seat} made no claim (whether it lies?)")
    elif role not in knowledge.role_names:
        known = ", ".join(knowledge.role_names)
        raise InvalidRecordError(f"role: nobody plays {role!r} with this deck (known: {known})")
    else:
        name = role
    finder = finder or CountingEngine()
    if not finder.consistent(knowledge):
        raise InconsistentRecordError(minimal_conflict(knowledge, finder))
    check = refutes(checker or get_engine(CHECKER))
    return explain_fact(GameBook(record, knowledge), Fact(seat, name, holds), finder, check)


def explanations(
    record: GameRecord, *, finder: Engine | None = None, checker: Engine | None = None
) -> dict[Fact, Explanation]:
    """The explanation of every certain fact of the record's posterior (each seat's role
    when it is certain, else each role it certainly does not play).

    >>> from wooolf_solver.games.werewolf.record import read_record
    >>> record = read_record({"game": "werewolf", "players": 3, "roles": {"werewolf": 1,
    ...     "villager": 2}, "viewpoint": 1, "cards": {1: "werewolf"}})
    >>> sorted(str(fact) for fact in explanations(record))
    ['seat 1 is the werewolf', 'seat 2 is the villager', 'seat 3 is the villager']
    """
    knowledge = knowledge_of(record)
    finder = finder or CountingEngine()
    posterior = WerewolfPosterior(knowledge, consistent_tally(knowledge, finder))
    book, check = GameBook(record, knowledge), refutes(checker or get_engine(CHECKER))
    return {fact: explain_fact(book, fact, finder, check) for fact in posterior.certain}


@dataclass(frozen=True)
class GameBook(FactBook):
    """A game record's facts (a seat's role, whether it lies) and their words."""

    terms: ClassVar[Terms] = TERMS
    record: GameRecord
    knowledge: WerewolfKnowledge

    def negation(self, fact: Fact) -> Negation:
        """A role as by default; "lies" fails when the seat's last claim is true (it
        plays the role it claims and every check it gives is right), "tells the truth"
        when any one of these is wrong."""
        if fact.identity != LIAR:
            return super().negation(fact)
        knowledge = self.knowledge
        made = knowledge.last_claims[fact.seat]
        claim, layout = made.claim, knowledge.layout
        if claim.checked and not made.seer_story:  # false in every world
            return () if fact.holds else ((),)
        names = knowledge.role_names
        parts = [RoleIn(NEGATION_EVENT, claim.seat, frozenset({claim.claims}), layout)]
        for seat, seen in claim.checked:
            right = frozenset(role for role in names if sees(role, made.alignment) == seen)
            parts.append(RoleIn(NEGATION_EVENT, seat, right, layout))
        if fact.holds:
            return (tuple(parts),)
        return tuple((RoleIn(p.event, p.seat, p.roles, p.layout, False),) for p in parts)

    def chance(self, knowledge: Knowledge, fact: Fact) -> float | Fraction:
        if not isinstance(knowledge, WerewolfKnowledge):
            raise TypeError("a Werewolf chance needs a Werewolf knowledge")
        posterior = WerewolfPosterior(knowledge, CountingEngine().tally(knowledge))
        if fact.identity == LIAR:
            chance = posterior.lying[fact.seat]
        else:
            chance = posterior.exact[fact.seat].get(fact.identity, Fraction(0))
        return chance if fact.holds else 1 - chance

    def steps(self, fact: Fact, events: tuple[EventId, ...]) -> list[str]:
        """Each event of the reason; for a liar, its claim first."""
        said = self.record.events
        lines = [f"Event {n}: {event_words(said[int(n) - 1])}." for n in events]
        if fact.identity == LIAR:
            n = self.knowledge.last_claims[fact.seat].event
            if n not in events:
                lines.insert(0, f"The claim, event {n}: {event_words(said[int(n) - 1])}.")
        if not events:
            lines.append("The deck and the known cards alone say so.")
        lines.append(f"So {self.words(fact)}.")
        return lines
