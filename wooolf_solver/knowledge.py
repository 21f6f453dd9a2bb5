"""What one seat knows, as an engine-neutral description of constraints over the deal.

A :class:`Knowledge` is compiled from a round record: the cards, the known hands and
one :data:`Observation` per informative event. It defines the probability model of
the spec: a world's weight is its number of physical deals times, for each
observation, its likelihood numerator (the ``/2`` of a peek is the same in every
world and is left out). Every engine computes from this, and only this.

>>> from wooolf_solver.record import Round
>>> round_ = Round.from_dict({"game": "wooolf", "players": 5, "viewpoint": 1,
...     "hands": {1: ["wolf", "sheep"]},
...     "events": [{"seat": 2, "peek": 3, "says": "hound"}]})
>>> knowledge = knowledge_of(round_)
>>> knowledge.free_seats, knowledge.targets
((2, 3, 4, 5), ('sheep',))
>>> knowledge.observations
(Announced(event=1, peeker=2, target=3, icon='hound'),)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from math import factorial, prod

from .record import Ask, Peek, Round
from .rules import Card, Character, Game, Hand, Question, Seat, Setup


@dataclass(frozen=True)
class Announced:
    """A public peek announcement: ``peeker`` said ``icon`` on a card of ``target``."""

    event: int
    peeker: Seat
    target: Seat
    icon: str


@dataclass(frozen=True)
class Seen:
    """The viewpoint saw ``card`` among the two cards of ``target``."""

    event: int
    target: Seat
    card: Card


@dataclass(frozen=True)
class Answered:
    """``target`` answered ``question`` (truthfully) with ``yes``."""

    event: int
    target: Seat
    question: Question
    yes: bool


Observation = Announced | Seen | Answered


@dataclass(frozen=True)
class Knowledge:
    """The deck, the known hands and the observations of one viewpoint (or the public)."""

    game: Game
    setup: Setup
    hands: Mapping[Seat, Hand]
    observations: tuple[Observation, ...]
    viewpoint: Seat | None = None

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.setup.seats + 1))

    @cached_property
    def free_seats(self) -> tuple[Seat, ...]:
        """Seats whose hand is not known."""
        return tuple(seat for seat in self.seats if seat not in self.hands)

    @cached_property
    def free_cards(self) -> tuple[tuple[Card, int], ...]:
        """The cards outside the known hands, with their copies (all non-zero)."""
        left = Counter(dict(self.setup.cards))
        left.subtract(card for hand in self.hands.values() for card in hand)
        return tuple((card, count) for card, count in sorted(left.items()) if count)

    @property
    def events(self) -> tuple[int, ...]:
        """The numbers of the events that carry information."""
        return tuple(obs.event for obs in self.observations)

    @property
    def targets(self) -> tuple[str, ...]:
        """The viewpoint's targets (the decision), or ``()`` without a known viewpoint."""
        if self.viewpoint is None or self.viewpoint not in self.hands:
            return ()
        return self.game.identity(self.hands[self.viewpoint]).targets

    def restricted(self, events: Iterable[int]) -> Knowledge:
        """The same knowledge with only the observations of ``events``."""
        keep = set(events)
        return replace(self, observations=tuple(o for o in self.observations if o.event in keep))

    # -- the probability model --------------------------------------------------------

    def likelihood(self, observation: Observation, hands: Mapping[Seat, Hand]) -> int:
        """The likelihood numerator of ``observation`` in a world (0, 1 or 2)."""
        return likelihood(self.game, observation, hands)

    def weight(self, hands: Mapping[Seat, Hand]) -> int:
        """The product of every observation's likelihood numerator in a world."""
        return prod(likelihood(self.game, obs, hands) for obs in self.observations)

    def multiplicity(self, hands: Mapping[Seat, Hand]) -> int:
        """The number of physical deals (cards are distinct objects) behind a type-level
        deal of the free cards to the free seats."""
        total = prod(factorial(count) for _, count in self.free_cards)
        for seat in self.free_seats:
            total //= prod(factorial(n) for n in Counter(hands[seat]).values())
        return total


def likelihood(game: Game, observation: Observation, hands: Mapping[Seat, Hand]) -> int:
    """How many of the target's cards produce ``observation`` (1 or 0 for an answer)."""
    hand = hands[observation.target]
    if isinstance(observation, Answered):
        return int(game.answer(observation.question, hand) == observation.yes)
    if isinstance(observation, Seen):
        return hand.count(observation.card)
    peeker = game.identity(hands[observation.peeker])
    return sum(game.announcement(peeker, card) == observation.icon for card in hand)


def announcer_class(character: Character) -> str | None:
    """Identities that announce alike on every card share a class (``None``: truthful)."""
    return character.announces


def knowledge_of(round_: Round) -> Knowledge:
    """Compile a round into knowledge from its viewpoint (or the public's)."""
    observations: list[Observation] = []
    for number, event in enumerate(round_.events, 1):
        if isinstance(event, Peek):
            if event.sees is not None and event.seat == round_.viewpoint:
                observations.append(Seen(number, event.target, event.sees))
            else:
                observations.append(Announced(number, event.seat, event.target, event.says))
        elif isinstance(event, Ask):
            question = round_.question(event.question)
            observations.append(Answered(number, event.target, question, event.answer))
    return Knowledge(round_.game, round_.setup, round_.hands, tuple(observations), round_.viewpoint)
