"""What one seat knows of a round: Wooolf!!'s observations and their likelihoods.

A :class:`RoundKnowledge` is compiled from a round record: the cards, the known hands
and one observation per informative event (:class:`Announced`, :class:`Seen`,
:class:`Answered`). It defines the probability model of a round: a world (a hand for
every seat) weighs its number of physical deals times, for each observation, its
likelihood numerator (the ``/2`` of a peek is the same in every world and is left
out). Every engine computes from this, and only this.

>>> from wooolf_solver import Round
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

from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, partial

from ...core.kept import kept
from ...core.knowledge import Knowledge, Observation
from ...core.space import Space, Var, World
from .record import Ask, Peek, Round
from .rules import Card, Hand, Question, Rules, Seat, Setup

Decision = tuple[frozenset[Seat], ...]
"""For each target of the viewpoint's identity, in order, the seats holding it."""


@dataclass(frozen=True)
class Announced:
    """A public peek announcement: ``peeker`` said ``icon`` on a card of ``target``."""

    event: int
    peeker: Seat
    target: Seat
    icon: str
    game: Rules = field(repr=False, compare=False, kw_only=True)

    def scope(self) -> tuple[Var, ...]:
        return (self.peeker, self.target)

    def likelihood(self, world: World) -> int:
        """How many of the target's cards the peeker would announce as ``icon``."""
        peeker = self.game.identity(world[self.peeker])
        return sum(self.game.announcement(peeker, card) == self.icon for card in world[self.target])


@dataclass(frozen=True)
class Seen:
    """The viewpoint saw ``card`` among the two cards of ``target``."""

    event: int
    target: Seat
    card: Card

    def scope(self) -> tuple[Var, ...]:
        return (self.target,)

    def likelihood(self, world: World) -> int:
        """How many of the target's cards are ``card``."""
        hand: Hand = world[self.target]
        return hand.count(self.card)


@dataclass(frozen=True)
class Answered:
    """``target`` answered ``question`` (truthfully) with ``yes``."""

    event: int
    target: Seat
    question: Question
    yes: bool
    game: Rules = field(repr=False, compare=False, kw_only=True)

    def scope(self) -> tuple[Var, ...]:
        return (self.target,)

    def likelihood(self, world: World) -> int:
        """1 when the truthful answer is ``yes``, else 0."""
        return int(self.game.answer(self.question, world[self.target]) == self.yes)


WooolfObservation = Announced | Seen | Answered


@dataclass(frozen=True)
class RoundKnowledge(Knowledge):
    """The deck, the known hands and the observations of one viewpoint (or the public)."""

    def __repr__(self) -> str:
        seen = f"seat {self.viewpoint}" if self.viewpoint is not None else "the public"
        return (
            f"<knowledge of {seen}: {len(self.free_seats)} unknown hands, "
            f"{len(self.observations)} observations>"
        )

    game: Rules
    setup: Setup
    hands: Mapping[Seat, Hand]
    observations: tuple[Observation, ...]
    viewpoint: Seat | None = None

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.setup.seats + 1))

    def after(self, events: int) -> RoundKnowledge:
        """The knowledge after the first ``events`` events: the observations of those
        events (hands stay hidden during a round, so that is the view cut there).

        >>> from wooolf_solver import Round
        >>> knowledge = knowledge_of(Round.load("examples/worked-example.yaml"))
        >>> len(knowledge.observations), len(knowledge.after(2).observations)
        (4, 2)
        """
        numbers = [observation.event for observation in self.observations]
        return replace(self, observations=self.observations[: bisect_right(numbers, events)])

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

    @cached_property
    def space(self) -> Space:
        """The free cards dealt two by two to the free seats."""
        return Space(self.free_cards, self.free_seats, self.game.hand_size, self.hands)

    @cached_property
    def targets(self) -> tuple[str, ...]:
        """The viewpoint's targets (the decision), or ``()`` without a known viewpoint."""
        if self.viewpoint is None or self.viewpoint not in self.hands:
            return ()
        return self.game.identity(self.hands[self.viewpoint]).targets

    # -- what the posterior reports ---------------------------------------------------

    def role(self, world: World, seat: Seat) -> str:
        """The seat's identity: the character of its higher card."""
        return self.game.identity(world[seat]).name

    @property
    def role_names(self) -> tuple[str, ...]:
        return tuple(sorted(self.game.characters))

    @property
    def has_decision(self) -> bool:
        return bool(self.targets)

    def decision(self, world: World) -> Decision:
        """For each of the viewpoint's targets, the seats holding it."""
        identities = {seat: self.game.identity(world[seat]).name for seat in self.seats}
        return tuple(
            frozenset(seat for seat, name in identities.items() if name == target)
            for target in self.targets
        )


def knowledge_of(round_: Round) -> RoundKnowledge:
    """Compile a round into knowledge from its viewpoint (or the public's), once per
    round (kept with it: a bot solves and hints the same view)."""
    return kept(round_, "knowledge", lambda: _compiled(round_))


def _compiled(round_: Round) -> RoundKnowledge:
    observations: list[Observation] = []
    for number, event in enumerate(round_.events, 1):
        if isinstance(event, Peek | Ask):
            own = isinstance(event, Peek) and event.sees is not None
            own = own and event.seat == round_.viewpoint
            key = (number, own, id(round_.game))
            made = partial(_observation, round_, number, event, own)
            observations.append(kept(event, key, made))
    return RoundKnowledge(
        round_.game, round_.setup, round_.hands, tuple(observations), round_.viewpoint
    )


def _observation(round_: Round, number: int, event: Peek | Ask, own: bool) -> Observation:
    """What event ``number`` tells the round's viewpoint (``own``: a peek of its own,
    whose card it saw; kept with the event, by its number, the game and ``own``: every
    seat's views of a played round share their public events, so their observations
    too)."""
    game = round_.game
    if isinstance(event, Ask):
        question = round_.question(event.question)
        return Answered(number, event.target, question, event.answer, game=game)
    if own and event.sees is not None:
        return Seen(number, event.target, event.sees)
    return Announced(number, event.seat, event.target, event.says, game=game)
