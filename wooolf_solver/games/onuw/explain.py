"""``why`` for ONUW: a minimal set of claims (and the viewpoint's night) that forces a
certain fact about a seat's dawn card, re-verified, in plain sentences.

A fact is "seat 2 holds a werewolf at dawn" (or, negated, "does not"). It is certain
when the knowledge plus the fact's negation has no world. The reason is a minimal
set of events (``"night"``, claim numbers) that, with the deck and the known cards,
already leaves no world against the fact (:mod:`wooolf_solver.core.conflict`, checked
with the game's exact engine); it is then re-verified: it forces the fact, and
dropping any one event stops forcing it.

The sentences walk the reason: the viewpoint's night, then each claim with what it
tells (a claim that cannot be true is a lie, and only the werewolf team lies), then
the cards made certain on the way, then the fact.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1, "cards": {1: "seer"},
...     "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}}})
>>> why = explain(record, 2, "werewolf")
>>> why.holds, why.events
(True, ('night',))
>>> print(why.sentences[-1])
So seat 2 holds a werewolf at dawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.conflict import earliest_minimal_inconsistency
from ...core.errors import EventId, InconsistentRecordError, InvalidRecordError
from ...core.knowledge import Knowledge
from ...core.posterior import Fact
from ...core.reasons import NEGATION_EVENT, challenged, forces
from ...core.speech import DEFAULT_SPEECH, Speech
from ...core.words import join_words, not_certain
from .engines import Known, OnuwEngine, find_engine
from .model import ClaimIs, OnuwKnowledge, knowledge_of
from .record import Claim, DealRecord
from .rules import Seat
from .words import card, claim_words, night_words

LIAR = "liar"
"""The identity of ``why SEAT liar``: the seat's claim is false."""


def fact_words(fact: Fact) -> str:
    """``seat 2 holds a werewolf at dawn``, ``seat 1 does not hold the seer at dawn``,
    ``seat 3 lies``."""
    if fact.identity == LIAR:
        return f"seat {fact.seat} {'lies' if fact.holds else 'tells the truth'}"
    verb = "holds" if fact.holds else "does not hold"
    return f"seat {fact.seat} {verb} {card(fact.identity)} at dawn"


@dataclass(frozen=True)
class Explanation:
    """Whether a fact is certain and, if so, a minimal reason for it, in sentences."""

    fact: Fact
    holds: bool
    """Whether the fact is certain."""
    events: tuple[EventId, ...]
    sentences: tuple[str, ...]
    chance: Fraction | None = None
    """The fact's probability when it is not certain (``None`` when it is)."""
    speech: Speech = DEFAULT_SPEECH
    """The speech model the claims were weighed by."""

    def to_dict(self) -> dict[str, Any]:
        """``{"fact", "holds", "events", "sentences"}`` (events: ``"night"``, claim numbers)."""
        out: dict[str, Any] = {"fact": fact_words(self.fact), "holds": self.holds}
        if self.holds:
            out["events"] = list(self.events)
        out["sentences"] = list(self.sentences)
        out["speech"] = self.speech
        return out


def explain(
    record: DealRecord, seat: Seat, identity: str, holds: bool = True, engine: str | None = None
) -> Explanation:
    """Why ``seat`` certainly holds (``holds``) or does not hold ``identity`` at dawn."""
    if not record.layout.is_seat(seat):
        raise InvalidRecordError(f"seat: {seat} is out of range 1..{record.players}")
    if identity.strip().lower() == LIAR:
        if not any(claim.seat == seat for claim in record.claims):
            raise InvalidRecordError(f"seat: seat {seat} made no claim (whether it lies?)")
        name = LIAR
    else:
        name = record.rules.role(identity, "identity")
    if name != LIAR and name not in record.deck:
        raise InvalidRecordError(
            f"identity: the deck has no {name} (its cards: {', '.join(sorted(set(record.deck)))})"
        )
    counter = find_engine(engine)
    knowledge = knowledge_of(record)
    if not counter.consistent(knowledge):
        raise InconsistentRecordError(counter.conflict(knowledge))
    return _explain(record, knowledge, Fact(seat, name, holds), counter)


def explanations(record: DealRecord, engine: str | None = None) -> dict[Fact, Explanation]:
    """The explanation of every certain fact of the record's posterior (the seats'
    dawn cards the viewpoint does not hold itself)."""
    from .solver import solve  # noqa: PLC0415

    counter = find_engine(engine)
    posterior = solve(record, engine)
    return {
        fact: _explain(record, posterior.knowledge, fact, counter)  # type: ignore[arg-type]
        for fact in posterior.certain
        if fact.holds
    }


def _explain(
    record: DealRecord, knowledge: OnuwKnowledge, fact: Fact, counter: OnuwEngine
) -> Explanation:
    if fact.identity == LIAR:
        claim = next(claim for claim in record.claims if claim.seat == fact.seat)
        negation = ClaimIs(NEGATION_EVENT, claim, fact.holds, record.rules, record.layout)
        challenge: Knowledge = knowledge.extended(negation)
    else:
        challenge = challenged(knowledge, fact)
    if counter.consistent(challenge):
        solution = counter.solution(knowledge)
        if fact.identity == LIAR:
            chance = solution.lying[fact.seat]
        else:
            chance = solution.dawn[fact.seat].get(fact.identity, Fraction(0))
        chance = chance if fact.holds else 1 - chance
        words = (not_certain(fact_words(fact)),)
        return Explanation(fact, False, (), words, chance, record.model.speech)
    events = earliest_minimal_inconsistency(challenge, counter, (NEGATION_EVENT,))
    _verify(challenge, events, counter)
    sentences = _sentences(record, knowledge, fact, events, counter)
    return Explanation(fact, True, events, tuple(sentences), None, record.model.speech)


def _verify(challenge: Knowledge, events: Sequence[EventId], counter: OnuwEngine) -> None:
    """Check that ``events`` force the fact and that no smaller set of them does."""
    if not forces(challenge, events, counter) or any(
        forces(challenge, [other for other in events if other != event], counter)
        for event in events
    ):
        raise RuntimeError(f"the reason {list(events)} failed its re-verification")


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
    counter: OnuwEngine,
) -> list[str]:
    layout = record.layout
    lines = [_deck_words(record)]
    viewpoint = record.viewpoint
    if viewpoint is not None:
        lines.append(f"You are seat {viewpoint}, dealt {card(record.cards[viewpoint])}.")
    if not events:
        lines.append(f"The deck and the known cards alone force it. So {fact_words(fact)}.")
        return lines
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
