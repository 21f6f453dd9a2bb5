"""Why a fact is certain: a minimal set of events that forces it, in plain sentences.

A fact ("seat 5 is the shepherd", or with ``holds=False`` "seat 1 is not the wolf")
is certain when no consistent world contradicts it: the knowledge plus the fact's
negation has no world. CP-SAT proposes a core of events (one assumption literal per
event); the project then shrinks it event by event with its own counting engine
(a solver's core is neither minimal nor always trustworthy), so the set returned
forces the fact and stops forcing it when any one event is dropped.

>>> from wooolf_solver import Round
>>> why = explain(Round.load("examples/worked-example.yaml"), 5, "shepherd")
>>> why.holds, why.events
(True, (3, 4))
>>> print(why.sentences[-1])
So seat 5 is the shepherd.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...core.arguments import flag_argument, name_argument, seat_argument
from ...core.conflict import minimal_conflict
from ...core.documents import shown
from ...core.errors import ArgumentTypeError, EventId, InconsistentRecordError, InvalidRecordError
from ...core.i18n import ENGLISH, Texts, spoken
from ...core.knowledge import Knowledge
from ...core.posterior import Fact
from ...core.reasons import (
    Explanation,
    FactBook,
    Terms,
    checker_name,
    explain_fact,
    refutes,
    role_chance,
)
from ...engines import Engine
from .engines import engine as find_engine
from .engines.cpsat import CpSatEngine
from .model import Announced, RoundKnowledge, knowledge_of
from .posterior import RoundPosterior
from .record import Round
from .rules import Seat
from .words import describe_observation

TERMS = Terms(
    given="the deck and the known hands",
    alone="the deck alone",
    none="Nothing about the unknown hands is certain yet.",
)


def explain(
    round_: Round, seat: Seat, identity: str, holds: bool = True, engine: str | None = None
) -> Explanation:
    """Why ``seat`` certainly is (``holds``) or is not ``identity``, if it is certain."""
    if not isinstance(round_, Round):
        raise ArgumentTypeError(f"round_: must be a Round, not {shown(round_)}")
    seat_argument(seat)
    name_argument(identity, "identity")
    flag_argument(holds, "holds")
    if seat not in round_.seats:
        raise InvalidRecordError(f"seat: {seat} is out of range 1..{len(round_.seats)}")
    name = identity.strip().lower()
    if name not in round_.game.characters:
        known = ", ".join(round_.game.characters)
        raise InvalidRecordError(f"identity: unknown identity {identity!r} (known: {known})")
    counter = find_engine(engine)
    knowledge = knowledge_of(round_)
    if not counter.consistent(knowledge):
        raise InconsistentRecordError(minimal_conflict(knowledge, counter))
    return _explain(RoundBook(round_, knowledge, counter), Fact(seat, name, holds), engine)


def explanations(round_: Round, engine: str | None = None) -> dict[Fact, Explanation]:
    """The explanation of every certain fact of the round's posterior."""
    from .engines.solver import solve  # noqa: PLC0415 (solve imports this module's neighbours)

    posterior = solve(round_, engine)  # raises if the record contradicts itself
    book = RoundBook(round_, posterior.knowledge, find_engine(engine))
    return {fact: _explain(book, fact, engine) for fact in posterior.certain}


def _explain(book: RoundBook, fact: Fact, engine: str | None) -> Explanation:
    """Found by the counter with CP-SAT's cores, checked by the other engine."""
    check = refutes(find_engine(checker_name(engine)))
    return explain_fact(book, fact, book.counter, check, CpSatEngine())


@dataclass(frozen=True)
class RoundBook(FactBook):
    """A round's facts (a seat is or is not a character) and their words."""

    terms: ClassVar[Terms] = TERMS
    round_: Round
    knowledge: RoundKnowledge
    counter: Engine

    def chance(self, knowledge: Knowledge, fact: Fact) -> float:
        if not isinstance(knowledge, RoundKnowledge):
            raise TypeError("a round's chance needs a round's knowledge")
        return role_chance(RoundPosterior(knowledge, self.counter.tally(knowledge)).roles, fact)

    def opening(self, events: tuple[EventId, ...]) -> list[str]:
        """The deck, in the language being spoken (:func:`~wooolf_solver.core.i18n.spoken`,
        as for :meth:`steps`: English unless a page asked)."""
        if not events:
            return []
        say, setup = spoken(), self.round_.setup
        deck = say(", ").join(f"{count} × {card.name}" for card, count in setup.cards)
        return [
            say(
                "The {edition} deck for {players} players deals: {deck}.",
                edition=setup.edition,
                players=setup.players,
                deck=deck,
            )
        ]

    def steps(self, fact: Fact, events: tuple[EventId, ...]) -> list[str]:
        """The events of the reason in order, each followed by what it makes certain."""
        say = spoken()
        if not events:
            return [
                say(
                    "The deck and the known hands alone force it. So {fact}.",
                    fact=fact_words(fact, say),
                )
            ]
        round_, knowledge = self.round_, self.knowledge

        def certain_after(kept: Sequence[EventId]) -> set[Fact]:
            partial = knowledge.restricted(kept)
            return set(RoundPosterior(partial, self.counter.tally(partial)).certain)

        lines = []
        before = certain_after([])
        for count, event in enumerate(events, 1):
            certain = certain_after(events[:count])
            fresh = sorted(certain - before)
            new = [f for f in fresh if f != fact and (f.holds or f.seat == fact.seat)]
            observation = next(o for o in knowledge.observations if o.event == event)
            what = describe_observation(observation, round_.viewpoint, say)
            line = say("Event {event}: {what}.", event=event, what=what)
            if isinstance(observation, Announced):
                line += _lie(round_, observation, fresh, say)
            if new:
                facts = say(", ").join(fact_words(f, say) for f in new)
                line += say(" So {facts}.", facts=facts)
            lines.append(line)
            before = certain
        lines.append(say("So {fact}.", fact=fact_words(fact, say)))
        return lines


def fact_words(fact: Fact, say: Texts = ENGLISH) -> str:
    """``seat 5 is the shepherd`` or ``seat 1 is not the wolf``, in the language of ``say``.

    >>> fact_words(Fact(5, "shepherd", True)), fact_words(Fact(1, "wolf", False))
    ('seat 5 is the shepherd', 'seat 1 is not the wolf')
    """
    if fact.holds:
        return say("seat {seat} is the {identity}", seat=fact.seat, identity=fact.identity)
    return say("seat {seat} is not the {identity}", seat=fact.seat, identity=fact.identity)


def _lie(round_: Round, observation: Announced, new: list[Fact], say: Texts) -> str:
    """A note when an announcement just exposed its peeker as a liar."""
    for found in new:
        liar = round_.game.characters[found.identity]
        if found.seat == observation.peeker and found.holds and liar.announces is not None:
            return say(
                " An honest peek cannot give that; only the {liar} lies (always saying {icon}).",
                liar=liar.name,
                icon=liar.announces,
            )
    return ""
