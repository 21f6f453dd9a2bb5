"""``why``, for every game: whether a fact is certain and, if so, the fewest events
that force it, found by one engine and checked by a second.

A *fact* is a named query about one seat (:class:`~.posterior.Fact`: the seat has or
has not a role, or whatever else a game names, such as "lies"). It is certain when no
consistent world contradicts it: every way it can fail (its *negation*, one or more
alternatives, each a few observations) leaves the knowledge without a world.

The algorithm is the same in every game (:func:`explain_fact`):

1. certain? the finder engine refutes every alternative of the negation;
2. if not: the fact's chance, or that its contrary is certain;
3. if so: the shortest prefix of the events that forces it gives the last event of
   the reason; the earlier ones (an engine's core first, when it has one) are dropped,
   the earliest first, while the rest still forces it
   (:func:`~.conflict.earliest_minimal`);
4. a second engine re-verifies (:data:`Check`) that the events force the fact and
   that none of them can be dropped: a reference engine of the game's choice, or the
   game's own engine when that reference found them (:func:`checker_name`).

A game gives a :class:`FactBook`: its knowledge, its facts' negations and chances,
and its words (the fact, the events, the sentences that walk the reason).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .conflict import earliest_minimal
from .errors import EventId
from .knowledge import Knowledge, Observation, Seat
from .posterior import Fact
from .words import join_numbers, percent

if TYPE_CHECKING:
    from .tally import Engine

NEGATION_EVENT = 0
"""The pseudo-event of a fact's negation, kept in every restriction."""

LIAR = "liar"
"""The identity of the fact that a seat lies (its last claim is false), in a game
with claims."""

Negation = tuple[tuple[Observation, ...], ...]
"""The ways a fact can fail: alternatives, each a conjunction of observations (all with
the event :data:`NEGATION_EVENT`)."""


@dataclass(frozen=True)
class Terms:
    """A game's words around the reasons: what forces a fact with no event (``given``
    in a verdict, ``alone`` in the list of ``solve --why``), the sentence when nothing
    is certain, and the events' names (:meth:`events`)."""

    given: str = "the deck and the known cards"
    alone: str = "the deck and the known cards"
    none: str = "Nothing is certain yet."

    def events(self, events: Sequence[EventId]) -> str:
        """``event 3``, ``events 3 and 4``.

        >>> Terms().events([3]), Terms().events([3, 4])
        ('event 3', 'events 3 and 4')
        """
        return f"{'event' if len(events) == 1 else 'events'} {join_numbers(events)}"


TERMS = Terms()


@dataclass(frozen=True)
class Explanation:
    """Whether a fact is certain and, if so, a minimal set of events forcing it, with
    the sentences that walk it; the same type in every game.

    >>> fact = Fact(2, "x", True)
    >>> yes = Explanation(fact, True, (1, 3), ("So seat 2 is the x.",))
    >>> yes.verdict()
    'Yes, it is certain: seat 2 is the x (events 1 and 3 force it).'
    >>> yes.to_dict()
    {'holds': True, 'events': [1, 3]}
    >>> Explanation(fact, False, (), (), chance=0.25).verdict()
    'No, it is not certain that seat 2 is the x: seat 2 is the x with chance 25.0%.'
    >>> Explanation(fact, False, (), (), contrary=True).verdict()
    'No: on the contrary, it is certain that seat 2 is not the x (add --not to see why).'
    """

    fact: Fact
    holds: bool
    """Whether the fact is certain."""
    events: tuple[EventId, ...]
    """A minimal set of events that forces it (when it holds)."""
    sentences: tuple[str, ...]
    """The reason walked in sentences, the :attr:`opening` ones first (when it holds)."""
    words: str = ""
    """The fact in the game's words (``""``: ``str(fact)``)."""
    opposite: str = ""
    """Its opposite in the game's words (``""``: ``str`` of the opposite fact)."""
    chance: float | None = None
    """When not certain and its contrary is not certain either: the chance that the
    seat *is* the identity (of the fact without ``--not``)."""
    contrary: bool = False
    """Whether the opposite fact is certain (the fact is then impossible)."""
    speech: str | None = None
    """The speech model the claims were weighed by (for a game with talk)."""
    opening: int = 0
    """How many of the sentences say the setting (the deck, the viewpoint), the same
    for every reason of one record: ``solve --why`` says them once."""
    terms: Terms = field(default=TERMS, compare=False, repr=False)

    @property
    def said(self) -> str:
        """The fact in words."""
        return self.words or str(self.fact)

    @property
    def denied(self) -> str:
        """The opposite fact in words."""
        return self.opposite or str(opposite(self.fact))

    @property
    def cause(self) -> str:
        """What forces the fact, in a list: ``events 3 and 4``, or the game's ``alone``."""
        return self.terms.events(self.events) if self.events else self.terms.alone

    def verdict(self) -> str:
        """The first line of ``why``, the same in every game: ``Yes, it is certain: ...``
        or ``No, it is not certain that ...`` (with the chance) or ``No: on the contrary``."""
        if self.holds:
            events = self.events
            if not events:
                how = f"{self.terms.given} force it"
            else:
                how = f"{self.terms.events(events)} {'forces' if len(events) == 1 else 'force'} it"
            return f"Yes, it is certain: {self.said} ({how})."
        if self.contrary:
            flag = "add --not" if self.fact.holds else "leave out --not"
            return f"No: on the contrary, it is certain that {self.denied} ({flag} to see why)."
        line = f"No, it is not certain that {self.said}"
        if self.chance is not None:
            positive = self.said if self.fact.holds else self.denied
            line += f": {positive} with chance {percent(self.chance)}"
        return line + "."

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``why``: ``holds``, ``events`` when it holds, and the
        speech model in a game with talk."""
        out: dict[str, Any] = {"holds": self.holds}
        if self.holds:
            out["events"] = list(self.events)
        if self.speech is not None:
            out["speech"] = self.speech
        return out


def liar_words(fact: Fact) -> str:
    """``seat 3 lies``, ``seat 3 tells the truth`` (a :data:`LIAR` fact)."""
    return f"seat {fact.seat} {'lies' if fact.holds else 'tells the truth'}"


def opposite(fact: Fact) -> Fact:
    """The fact with ``holds`` flipped."""
    return Fact(fact.seat, fact.identity, not fact.holds)


class FactBook(ABC):
    """A game's part of ``why`` for one record: its knowledge, how each fact can fail,
    its chances and its words. The defaults read a fact as a seat's role."""

    terms: ClassVar[Terms] = TERMS
    knowledge: Knowledge
    """The record's knowledge (consistent)."""

    @property
    def speech(self) -> str | None:
        """The speech model the knowledge reads claims by (``None``: a game without talk)."""
        speech: str | None = getattr(self.knowledge, "speech", None)
        return speech

    def words(self, fact: Fact) -> str:
        """The fact in words: ``seat 3 is the x``, ``seat 3 lies``."""
        return liar_words(fact) if fact.identity == LIAR else str(fact)

    def negation(self, fact: Fact) -> Negation:
        """The ways ``fact`` can fail (by default: the seat's role says otherwise)."""
        knowledge = self.knowledge
        return ((knowledge.negation(NEGATION_EVENT, fact.seat, fact.identity, fact.holds),),)

    @abstractmethod
    def chance(self, knowledge: Knowledge, fact: Fact) -> float | Fraction:
        """The exact chance of ``fact`` (as stated) in ``knowledge`` (the book's own
        or a restriction of it)."""

    def opening(self, events: tuple[EventId, ...]) -> Sequence[str]:
        """The sentences that set the scene (the deck, the viewpoint)."""
        return ()

    @abstractmethod
    def steps(self, fact: Fact, events: tuple[EventId, ...]) -> Sequence[str]:
        """The reason walked: each event and what it makes certain, then the fact."""


Check = Callable[[FactBook, Fact, Sequence[EventId]], bool]
"""Whether the events (with the deck and the known cards) force the fact."""


def role_chance(roles: Mapping[Seat, Mapping[str, float]], fact: Fact) -> float:
    """The chance of a fact about a seat's role, from a posterior's ``roles``.

    >>> role_chance({1: {"x": 0.25, "y": 0.75}}, Fact(1, "x", False))
    0.75
    """
    chance = roles[fact.seat].get(fact.identity, 0.0)
    return chance if fact.holds else 1 - chance


def refutes(engine: Engine) -> Check:
    """The check by refutation with ``engine``: no alternative of the negation has a
    world with the events."""

    def check(book: FactBook, fact: Fact, events: Sequence[EventId]) -> bool:
        return refuted(book, fact, book.knowledge.restricted(events), engine)

    return check


def refuted(book: FactBook, fact: Fact, knowledge: Knowledge, engine: Engine) -> bool:
    """Whether ``knowledge`` leaves no world against ``fact``."""
    return not any(engine.consistent(knowledge.extended(*way)) for way in book.negation(fact))


class Cores(Protocol):
    """An engine that proposes a core: events that together leave no world."""

    def core(self, knowledge: Any) -> tuple[EventId, ...]: ...


def checker_name(finder: str | None, second: str = "cpsat") -> str | None:
    """The engine that re-checks a reason found by the engine ``finder`` (``None``:
    the game's default): the game's ``second`` choice, or its default (``None``) when
    that one found it.

    >>> checker_name(None), checker_name("cpsat"), checker_name("brute", "csp")
    ('cpsat', None, 'csp')
    """
    return None if finder == second else second


def explain_fact(
    book: FactBook, fact: Fact, engine: Engine, check: Check, cores: Cores | None = None
) -> Explanation:
    """Whether ``fact`` is certain in the book's (consistent) knowledge and, if it is,
    a minimal set of events that forces it, found with ``engine`` (seeded by the core
    of ``cores`` when given) and re-verified by ``check``."""
    knowledge = book.knowledge
    told = partial(
        Explanation,
        fact,
        words=book.words(fact),
        opposite=book.words(opposite(fact)),
        speech=book.speech,
        terms=book.terms,
    )
    if not refuted(book, fact, knowledge, engine):
        if refuted(book, opposite(fact), knowledge, engine):
            return told(False, (), (), contrary=True)
        positive = Fact(fact.seat, fact.identity, True)
        return told(False, (), (), chance=float(book.chance(knowledge, positive)))

    def fails(events: Sequence[EventId]) -> bool:
        return refuted(book, fact, knowledge.restricted(events), engine)

    seed = None
    ways = book.negation(fact)
    if cores is not None and len(ways) == 1:
        finder = cores

        def seed(prefix: Sequence[EventId]) -> Sequence[EventId]:
            return finder.core(knowledge.restricted(prefix).extended(*ways[0]))

    events = earliest_minimal(knowledge.events, fails, seed)
    verify(book, fact, events, check)
    opening = tuple(book.opening(events))
    sentences = (*opening, *book.steps(fact, events))
    return told(True, events, sentences, opening=len(opening))


def verify(book: FactBook, fact: Fact, events: tuple[EventId, ...], check: Check) -> None:
    """Raise unless ``events`` force ``fact`` by ``check`` and no smaller set of them does."""
    if not check(book, fact, events) or any(
        check(book, fact, [other for other in events if other != event]) for event in events
    ):
        raise RuntimeError(f"the reason {list(events)} for {fact} failed its re-verification")


# -- a fact's negation as one observation, for the tests and the engines' own checks ----


def challenged(knowledge: Knowledge, fact: Fact) -> Knowledge:
    """The knowledge plus an observation that contradicts ``fact`` (a seat's role)."""
    negation = knowledge.negation(NEGATION_EVENT, fact.seat, fact.identity, fact.holds)
    return knowledge.extended(negation)


def forces(challenge: Knowledge, events: Sequence[EventId], engine: Engine) -> bool:
    """Whether ``events`` alone (with the deck and the known slots) force the fact
    whose negation ``challenge`` carries."""
    return not engine.consistent(challenge.restricted([*events, NEGATION_EVENT]))
