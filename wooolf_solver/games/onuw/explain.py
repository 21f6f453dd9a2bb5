"""``why`` for ONUW: the game's facts and words for the generic ``why``
(:mod:`wooolf_solver.core.reasons`).

A fact is "seat 2 holds a werewolf at dawn" (or, negated, "does not"), or "seat 2
lies" (its claim is false; negated, "tells the truth"). The reason, a minimal set of
events (``"night"``, claim numbers), is found by refuting the fact's negation and
re-verified by the game's CP-SAT model (or, when that found it, by the fast engine).
The fast engine itself hands a knowledge carrying a negation to the CP-SAT model:
counting instead, with fewer events than the record has, can take seconds to minutes
from six players on (every dropped claim multiplies the worlds), so the independent
check is brute force's, in the tests.

The sentences walk the reason: the viewpoint's night, then each claim with what it
tells (a claim that cannot be true is a lie, and only the werewolf team lies), then
the cards made certain on the way, then the fact.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1, "cards": {1: "seer"},
...     "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}}})
>>> why = explain(record, 2, "werewolf")
>>> why.verdict()
'Yes, it is certain: seat 2 holds a werewolf at dawn (your night forces it).'
>>> print(why.sentences[-1])
So seat 2 holds a werewolf at dawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ...core.conflict import minimal_conflict
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
    checker_name,
    explain_fact,
    liar_words,
    refutes,
)
from ...core.words import join_words
from .engines import FastEngine, Known, find_engine
from .model import ClaimIs, OnuwKnowledge, knowledge_of
from .posterior import OnuwPosterior, solve
from .record import Claim, DealRecord
from .rules import Seat
from .words import card, claim_words, night_words

TEAM = "-team"
"""The ending of a team's fact: ``why SEAT werewolf-team`` (the dawn team, ``solve``'s
team columns)."""


def team_of(identity: str) -> str | None:
    """The team a fact's identity names (``werewolf-team``), or ``None``."""
    return identity.removesuffix(TEAM) if identity.endswith(TEAM) else None


def fact_words(fact: Fact) -> str:
    """``seat 2 holds a werewolf at dawn``, ``seat 1 does not hold the seer at dawn``,
    ``seat 3 lies``, ``seat 2 is on the werewolf team at dawn``.

    >>> fact_words(Fact(2, "village-team", False))
    'seat 2 is not on the village team at dawn'
    """
    if fact.identity == LIAR:
        return liar_words(fact)
    team = team_of(fact.identity)
    if team is not None:
        return f"seat {fact.seat} is {'' if fact.holds else 'not '}on the {team} team at dawn"
    verb = "holds" if fact.holds else "does not hold"
    return f"seat {fact.seat} {verb} {card(fact.identity)} at dawn"


@dataclass(frozen=True)
class OnuwTerms(Terms):
    """The events of ONUW: the viewpoint's night and the claims."""

    def events(self, events: Sequence[EventId]) -> str:
        """``your night``, ``claim 2``, ``your night and claims 1 and 3``."""
        claims = [str(event) for event in events if event != "night"]
        words = ["your night"] if "night" in events else []
        if claims:
            words.append(f"{'claim' if len(claims) == 1 else 'claims'} {join_words(claims)}")
        return join_words(words)


TERMS = OnuwTerms(none="No other seat's dawn card is certain.")


def explain(
    record: DealRecord, seat: Seat, identity: str, holds: bool = True, engine: str | None = None
) -> Explanation:
    """Why ``seat`` certainly holds (``holds``) or does not hold ``identity`` at dawn."""
    if not record.layout.is_seat(seat):
        raise InvalidRecordError(f"seat: {seat} is out of range 1..{record.players}")
    name = identity.strip().lower()
    if name == LIAR:
        if not any(claim.seat == seat for claim in record.claims):
            raise InvalidRecordError(f"seat: seat {seat} made no claim (whether it lies?)")
    elif team_of(name) is not None:
        teams = sorted({f"{record.rules.team(card)}{TEAM}" for card in record.deck})
        if name not in teams:
            raise InvalidRecordError(f"identity: no team {name} in this deck ({', '.join(teams)})")
    else:
        name = record.rules.role(identity, "identity")
        if name not in record.deck:
            cards = ", ".join(sorted(set(record.deck)))
            raise InvalidRecordError(f"identity: the deck has no {name} (its cards: {cards})")
    finder = find_engine(engine)
    knowledge = knowledge_of(record)
    if not finder.consistent(knowledge):
        raise InconsistentRecordError(minimal_conflict(knowledge, finder))
    return _explain(DealBook(record, knowledge), Fact(seat, name, holds), engine)


def explanations(record: DealRecord, engine: str | None = None) -> dict[Fact, Explanation]:
    """The explanation of every certain fact of the record's posterior (the seats'
    dawn cards the viewpoint does not hold itself)."""
    posterior = solve(record, engine)
    book = DealBook(record, knowledge_of(record))
    return {fact: _explain(book, fact, engine) for fact in posterior.certain if fact.holds}


def _explain(book: DealBook, fact: Fact, engine: str | None) -> Explanation:
    """Found by ``engine``, checked by another (CP-SAT, or the fast engine)."""
    check = refutes(find_engine(checker_name(engine)))
    return explain_fact(book, fact, find_engine(engine), check)


@dataclass(frozen=True)
class DealBook(FactBook):
    """A deal record's facts (a seat's dawn card, whether it lies) and their words;
    chances counted by the fast engine."""

    terms: ClassVar[Terms] = TERMS
    record: DealRecord
    knowledge: OnuwKnowledge

    def words(self, fact: Fact) -> str:
        return fact_words(fact)

    def negation(self, fact: Fact) -> Negation:
        """A dawn card as by default; a team fails by any card of the other teams (or,
        negated, of that team); "lies" by its claim being true, and the other way round."""
        team = team_of(fact.identity)
        if team is not None:
            rules, knowledge = self.record.rules, self.knowledge
            cards = sorted(
                {card for card in self.record.deck if (rules.team(card) == team) != fact.holds}
            )
            return tuple(
                (knowledge.negation(NEGATION_EVENT, fact.seat, card, False),) for card in cards
            )
        if fact.identity != LIAR:
            return super().negation(fact)
        record = self.record
        claim = next(claim for claim in record.claims if claim.seat == fact.seat)
        return ((ClaimIs(NEGATION_EVENT, claim, fact.holds, record.rules, record.layout),),)

    def chance(self, knowledge: Knowledge, fact: Fact) -> Fraction:
        if not isinstance(knowledge, OnuwKnowledge):
            raise TypeError("an ONUW chance needs an ONUW knowledge")
        posterior = OnuwPosterior(knowledge, FastEngine().tally(knowledge))
        team = team_of(fact.identity)
        if fact.identity == LIAR:
            chance = posterior.lying[fact.seat]
        elif team is not None:
            chance = posterior.team[fact.seat].get(team, Fraction(0))
        else:
            chance = posterior.dawn[fact.seat].get(fact.identity, Fraction(0))
        return chance if fact.holds else 1 - chance

    def opening(self, events: tuple[EventId, ...]) -> list[str]:
        record = self.record
        lines = [_deck_words(record)]
        if record.viewpoint is not None:
            lines.append(
                f"You are seat {record.viewpoint}, dealt {card(record.cards[record.viewpoint])}."
            )
        return lines

    def steps(self, fact: Fact, events: tuple[EventId, ...]) -> list[str]:
        return _sentences(self.record, self.knowledge, fact, events, FastEngine())


def _deck_words(record: DealRecord) -> str:
    counts = Counter(record.deck)
    cards = [f"{n} × {role}" if n > 1 else role for role, n in sorted(counts.items())]
    centre = len(record.layout.centre)
    return (
        f"The {record.edition} deck for {record.players} players holds "
        f"{join_words(cards)}: one card per player and {centre} in the centre."
    )


def _lie_reason(record: DealRecord, claim: Claim) -> str:
    """Why ``claim`` cannot be true, from the viewpoint's own knowledge when it can say."""
    seat, role = claim.seat, claim.role
    truth = f"If seat {seat} told the truth it was dealt {card(role)}"
    viewpoint = record.viewpoint
    if viewpoint is not None:
        own = record.cards[viewpoint]
        entry = record.night.get(viewpoint)
        unique = record.deck.count(role) == 1
        if entry is not None and unique:
            robbed, got = entry.get("robbed"), entry.get("got")
            if got == role and robbed != seat:
                return f"{truth}; but you took {card(role)} from seat {robbed}"
            for looked, seen in (entry.get("saw") or ()) + (entry.get("centre") or ()):
                if seen == role and looked != seat:
                    where = record.layout.name(looked)
                    where = f"seat {where}" if record.layout.is_seat(looked) else where
                    return f"{truth}; but you saw {card(role)} at {where} before anyone moved"
        if entry is not None:
            if entry.get("robbed") == seat and entry.get("got") not in (None, role):
                return f"{truth}; but you took {card(entry.get('got'))} from seat {seat}"
            for looked, seen in entry.get("saw") or ():
                if looked == seat and seen != role:
                    return f"{truth}; but you saw {card(seen)} at seat {seat} before anyone moved"
            wolves = entry.get("wolves")
            claims_wolf = role == "werewolf"
            if wolves is not None and own == "werewolf" and claims_wolf != (seat in wolves):
                return f"{truth}; but you saw who the werewolves are"
        if own == role and record.deck.count(role) == 1:
            return f"{truth}; but you were dealt {card(role)} yourself"
    return f"{truth} and did what it said; that cannot happen with what came before"


def _sentences(
    record: DealRecord,
    knowledge: OnuwKnowledge,
    fact: Fact,
    events: tuple[EventId, ...],
    counter: FastEngine,
) -> list[str]:
    layout = record.layout
    viewpoint = record.viewpoint
    if not events:
        return [f"The deck and the known cards alone force it. So {fact_words(fact)}."]
    lines: list[str] = []
    known = _certain_dealt(counter.possibilities(knowledge.restricted([])), record)
    for count, event in enumerate(events, 1):
        kept = events[:count]
        possible = counter.possibilities(knowledge.restricted(kept))
        if event == "night" and viewpoint is not None:
            role = record.cards[viewpoint]
            lines.append(f"At night you {night_words(layout, role, record.night[viewpoint])}.")
        elif isinstance(event, int):
            claim = record.claims[event - 1]
            line = f"Claim {event}: {claim_words(layout, claim)}."
            lying = possible.lying(claim.seat)
            if lying == 1:
                cards = either([card(c) for c in possible.possible_dealt(claim.seat)])
                line += (
                    f" {_lie_reason(record, claim)}, so seat {claim.seat} lies, and only the "
                    "werewolf team lies (a player who believes it holds a werewolf, the minion "
                    f"or the tanner): seat {claim.seat} was dealt {cards}."
                )
            elif lying == 0:
                line += f" It is true in every deal left: seat {claim.seat} tells the truth."
            elif possible.consistent and len(possible.possible_dealt(claim.seat)) < len(
                set(record.deck)
            ):
                cards = either([card(c) for c in possible.possible_dealt(claim.seat)])
                line += (
                    f" Only the werewolf team may lie, and a village-team player tells the "
                    f"truth: so seat {claim.seat} was dealt {cards}."
                )
            lines.append(line)
        if possible.consistent:
            now = _certain_dealt(possible, record)
            fresh = {slot: role for slot, role in now.items() if known.get(slot) != role}
            if fresh:
                dealt = [f"{_slot(record, s)} was dealt {card(role)}" for s, role in fresh.items()]
                lines.append(f"So {join_words(dealt)}.")
            known = now
    if fact.identity == LIAR:
        number, claim = next((n, c) for n, c in enumerate(record.claims, 1) if c.seat == fact.seat)
        said = f"Claim {number}: {claim_words(layout, claim)}."
        if fact.holds:
            possible = counter.possibilities(knowledge.restricted([*events, number]))
            cards = either([card(c) for c in possible.possible_dealt(claim.seat)])
            said += (
                f" {_lie_reason(record, claim)}, so seat {claim.seat} lies, and only the werewolf "
                "team lies (a player who believes it holds a werewolf, the minion or the tanner): "
                f"seat {claim.seat} was dealt {cards}."
            )
        lines.append(said)
    else:
        lines.append(f"So {fact_words(fact)}.")
    return lines


def _slot(record: DealRecord, slot: int) -> str:
    return f"seat {slot}" if record.layout.is_seat(slot) else record.layout.name(slot)


def _certain_dealt(possible: Known, record: DealRecord) -> dict[int, str]:
    """The slots (not already known) whose dealt card is certain."""
    return {
        slot: role for slot, role in possible.certain_dealt().items() if slot not in record.cards
    }


def either(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
