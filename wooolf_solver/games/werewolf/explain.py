"""Why a fact about a seat's role is certain: a minimal set of the record's events.

A fact ("seat 4 is the werewolf", or "seat 1 is not the witch") is certain when the
knowledge plus the fact's negation has no world; the reason is a minimal set of events
that forces it (drop any one and it is no longer forced), found by the counter, the
earliest such moment's event last.

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 4, "roles": {"werewolf": 1,
...     "seer": 1, "villager": 2}, "viewpoint": 1, "cards": {1: "villager"}, "events": [
...     {"night": 1}, {"dawn": 1, "dead": [3], "cards": {3: "villager"}},
...     {"seat": 2, "claims": "villager"}]})
>>> reason = explain(record, 4, "werewolf", holds=False)
>>> reason.to_dict()
{'holds': True, 'events': [2, 3], 'speech': 'mimic'}
>>> print(reason.sentences[-1])
So seat 4 is not the werewolf.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.conflict import earliest_minimal_inconsistency, minimal_conflict
from ...core.errors import InconsistentRecordError, InvalidRecordError
from ...core.posterior import Fact
from ...core.reasons import NEGATION_EVENT, Explanation, challenged
from ...core.speech import DEFAULT_SPEECH, Speech
from ...core.words import not_certain
from .brute import Solution
from .counter import CountingEngine
from .counter import solve_knowledge as counted
from .events import Event
from .model import WerewolfKnowledge, knowledge_of
from .record import GameRecord
from .rules import Seat


@dataclass(frozen=True)
class WerewolfExplanation(Explanation):
    """An explanation that names the speech model the record's claims were read by."""

    speech: Speech = DEFAULT_SPEECH

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``why``, with the speech model."""
        return {**super().to_dict(), "speech": self.speech}


def explain(record: GameRecord, seat: Seat, role: str, holds: bool = True) -> Explanation:
    """Why ``seat`` certainly plays (``holds``) or does not play ``role``, if it is certain."""
    if seat not in record.seats:
        raise InvalidRecordError(f"seat: must be between 1 and {record.players}, not {seat}")
    knowledge = knowledge_of(record)
    if role not in knowledge.role_names:
        known = ", ".join(knowledge.role_names)
        raise InvalidRecordError(f"role: nobody plays {role!r} with this deck (known: {known})")
    engine = CountingEngine()
    if not engine.consistent(knowledge):
        raise InconsistentRecordError(minimal_conflict(knowledge, engine))
    return _explain(record, knowledge, Fact(seat, role, holds))


def explanations(record: GameRecord) -> dict[Fact, Explanation]:
    """The explanation of every certain fact of the record's posterior (each seat's role
    when it is certain, else each role it certainly does not play).

    >>> from wooolf_solver.games.werewolf.record import read_record
    >>> record = read_record({"game": "werewolf", "players": 3, "roles": {"werewolf": 1,
    ...     "villager": 2}, "viewpoint": 1, "cards": {1: "werewolf"}})
    >>> sorted(str(fact) for fact in explanations(record))
    ['seat 1 is the werewolf', 'seat 2 is the villager', 'seat 3 is the villager']
    """
    knowledge = knowledge_of(record)
    solution = counted(knowledge)
    if not solution.consistent:
        raise InconsistentRecordError(solution.conflict)
    return {fact: _explain(record, knowledge, fact) for fact in certain(solution, knowledge)}


def certain(solution: Solution, knowledge: WerewolfKnowledge) -> list[Fact]:
    """Every fact of probability exactly 1 (from exact zeros)."""
    facts = []
    for seat, roles in solution.roles.items():
        possible = [role for role, p in roles.items() if p]
        if len(possible) == 1:
            facts.append(Fact(seat, possible[0], True))
        else:
            facts += [Fact(seat, r, False) for r in knowledge.role_names if r not in possible]
    return facts


def _explain(record: GameRecord, knowledge: WerewolfKnowledge, fact: Fact) -> Explanation:
    engine = CountingEngine()
    challenge = challenged(knowledge, fact)
    speech = record.model.speech
    if engine.consistent(challenge):
        return WerewolfExplanation(fact, False, (), (not_certain(str(fact)),), speech)
    events = earliest_minimal_inconsistency(challenge, engine, (NEGATION_EVENT,))
    lines = [f"Event {n}: {describe(record.events[int(n) - 1])}." for n in events]
    if not events:
        lines.append("The deck and the known cards alone say so.")
    verb = "is" if fact.holds else "is not"
    lines.append(f"So seat {fact.seat} {verb} the {fact.identity}.")
    return WerewolfExplanation(fact, True, events, tuple(lines), speech)


def describe(event: Event) -> str:
    """One line for an event.

    >>> from wooolf_solver.games.werewolf.events import Claim, Dawn
    >>> describe(Dawn(1, (7,), ((7, "villager"),))), describe(Claim(4, "seer", ((2, "werewolf"),)))
    ('dawn 1: seat 7 (villager) died', 'seat 4 claims the seer (saw 2: werewolf)')
    """
    data = event.to_dict()
    cards = data.pop("cards", {})
    shown = {seat: f" ({role})" for seat, role in cards.items()}
    if "dawn" in data:
        dead = ", ".join(f"{s}{shown.get(s, '')}" for s in data["dead"]) or "nobody"
        return (
            f"dawn {data['dawn']}: seat {dead} died"
            if data["dead"]
            else f"dawn {data['dawn']}: nobody died"
        )
    if "claims" in data:
        saw = ", ".join(f"{s}: {x}" for s, x in data.get("checked", {}).items())
        return f"seat {data['seat']} claims the {data['claims']}" + (f" (saw {saw})" if saw else "")
    if "day" in data:
        who = data["lynched"]
        return f"day {data['day']}: " + (
            "nobody lynched" if who is None else f"seat {who} lynched{shown.get(who, '')}"
        )
    if "shoots" in data:
        return f"seat {data['seat']} shoots seat {data['shoots']}{shown.get(data['shoots'], '')}"
    return ", ".join(f"{key} {value}" for key, value in data.items())
