"""The exact model of a deal record, in the terms of the game-neutral core.

- A **world** maps hidden variables to values: every slot (a seat or a centre slot,
  named by its number) to the sorted tuple of its cards (one card here), and every
  player's night choice (named ``"night:3"``) to a :data:`~.night.Choice`.
- The :class:`Space` holds the cards, the slots, the known slots and the choice
  variables with their finite domains; its prior is uniform over physical deals.
- An **observation** has an ``event``, a ``scope()`` and an exact ``likelihood(world)``:
  :class:`NightPrior` (the night prior as a factor, event ``"prior"``, never part of a
  conflict), :class:`OwnNight` (the viewpoint's recorded night, event ``"night"``) and
  :class:`ClaimMade` (claim ``n``, event ``n``).
- The weight of a world is its number of physical deals times the product of the
  likelihoods; queries (:func:`dawn`, :func:`dealt`, :func:`team`, ...) are functions of
  a world.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> model = model_of(record)
>>> model.space.free_slots, model.space.choice_variables
((2, 3, 4, 5), ('night:1', 'night:2', 'night:3'))
>>> [obs.event for obs in model.observations]
['prior', 'night']
>>> world = model.world({1: ("robber",), 2: ("werewolf",), 3: ("troublemaker",),
...     4: ("seer",), 5: ("werewolf",), "night:1": (2,), "night:2": (4,), "night:3": (1, 2)})
>>> dawn(world, 1), model.weight(world)
('robber', Fraction(1, 1))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from math import factorial, prod
from types import MappingProxyType
from typing import Any, Protocol

from ...core.errors import EventId
from .night import NOTHING, Choice, Dawn, NightEntry, NightState, play_night, power_of
from .night import choice_options as _choice_options
from .record import Claim, DealRecord
from .rules import Layout, Rules, Seat, Slot, Team
from .win import wins

Variable = Slot | str
"""A hidden variable: a slot (its number) or a player's night choice (``"night:3"``)."""

Value = tuple[Any, ...]
"""A slot's sorted cards, or a night choice."""

Number = int | Fraction


def choice_variable(seat: Seat) -> str:
    """The name of ``seat``'s night-choice variable.

    >>> choice_variable(3)
    'night:3'
    """
    return f"night:{seat}"


@dataclass(frozen=True)
class Space:
    """The hidden variables and their prior: a multiset of cards dealt one per slot
    (uniform over physical deals, some slots known), and latent choice variables with
    finite domains (their prior is the :class:`NightPrior` factor)."""

    cards: tuple[tuple[str, int], ...]
    """The deck: each role with its copies."""
    slots: tuple[Slot, ...]
    known: Mapping[Slot, tuple[str, ...]]
    domains: Mapping[str, tuple[Choice, ...]]
    """Each choice variable's domain."""
    slot_size: int = 1

    @cached_property
    def free_slots(self) -> tuple[Slot, ...]:
        return tuple(slot for slot in self.slots if slot not in self.known)

    @property
    def choice_variables(self) -> tuple[str, ...]:
        return tuple(self.domains)

    @cached_property
    def free_cards(self) -> tuple[str, ...]:
        """The cards outside the known slots, sorted (with repeats)."""
        left = Counter(dict(self.cards))
        left.subtract(card for hand in self.known.values() for card in hand)
        return tuple(sorted(left.elements()))

    def deals(self) -> Iterator[dict[Slot, tuple[str, ...]]]:
        """Every distinct deal (cards of a role interchangeable) of the free cards to
        the free slots, with the known slots filled in."""
        base = {slot: tuple(hand) for slot, hand in self.known.items()}
        for arrangement in _distinct_permutations(self.free_cards):
            deal = dict(base)
            deal.update(
                (slot, (card,)) for slot, card in zip(self.free_slots, arrangement, strict=True)
            )
            yield {slot: deal[slot] for slot in self.slots}

    def multiplicity(self, world: Mapping[Variable, Value]) -> int:
        """The number of physical deals (cards as distinct objects) behind a world."""
        total = prod(factorial(count) for count in Counter(self.free_cards).values())
        for slot in self.free_slots:
            total //= prod(factorial(n) for n in Counter(world[slot]).values())
        return total


def _distinct_permutations(items: Sequence[str]) -> Iterator[tuple[str, ...]]:
    """Each distinct ordering of a sorted multiset once."""
    counts = Counter(items)
    kinds = sorted(counts)
    chosen: list[str] = []

    def extend() -> Iterator[tuple[str, ...]]:
        if len(chosen) == len(items):
            yield tuple(chosen)
            return
        for kind in kinds:
            if counts[kind]:
                counts[kind] -= 1
                chosen.append(kind)
                yield from extend()
                chosen.pop()
                counts[kind] += 1

    return extend()


class World(Mapping[Variable, Value]):
    """A world: every hidden variable's value, with its night replayed once."""

    def __init__(self, rules: Rules, layout: Layout, values: Mapping[Variable, Value]) -> None:
        self.rules = rules
        self.layout = layout
        self._values = dict(values)

    def __getitem__(self, key: Variable) -> Value:
        return self._values[key]

    def __iter__(self) -> Iterator[Variable]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    @cached_property
    def dealt(self) -> tuple[str, ...]:
        """The card dealt to each slot (index ``slot - 1``)."""
        return tuple(self._values[slot][0] for slot in self.layout.slots)

    @cached_property
    def choices(self) -> dict[Seat, Choice]:
        return {seat: self._values[choice_variable(seat)] for seat in self.layout.seats}

    @cached_property
    def night(self) -> Dawn:
        """The night played on this world's deal with its choices."""
        return play_night(self.rules, self.layout, self.dealt, self.choices)


# -- observations ------------------------------------------------------------------------


class Observation(Protocol):
    """What the generic core needs of an observation."""

    @property
    def event(self) -> EventId: ...

    def scope(self) -> tuple[Variable, ...]: ...

    def likelihood(self, world: World) -> Number: ...


def _all_variables(layout: Layout) -> tuple[Variable, ...]:
    return (*layout.slots, *(choice_variable(seat) for seat in layout.seats))


@dataclass(frozen=True)
class NightPrior:
    """The night prior as a factor: each player's choice, given its dealt card, is
    uniform over its options (``uniform``: with "do nothing" for roles that may pass;
    bots always ``act``). For seats in ``facts`` (the viewpoint with a recorded night)
    the choice is not weighted: any legal choice has factor 1."""

    rules: Rules
    layout: Layout
    uniform: bool = False
    bots: frozenset[Seat] = frozenset()
    facts: frozenset[Seat] = frozenset()
    event: EventId = "prior"

    def scope(self) -> tuple[Variable, ...]:
        return (*self.layout.seats, *(choice_variable(s) for s in self.layout.seats))

    def support(self, seat: Seat, dealt: Sequence[str]) -> tuple[Choice, ...]:
        """The choices of ``seat`` with a non-zero factor, given the dealt cards."""
        state = NightState(self.layout, tuple(dealt), list(dealt))
        role = self.rules.roles[dealt[seat - 1]]
        if seat in self.facts:
            return power_of(role).options(seat, state, uniform=True)
        return power_of(role).options(seat, state, self.uniform and seat not in self.bots)

    def factor(self, seat: Seat, dealt: Sequence[str], choice: Choice) -> Fraction:
        options = self.support(seat, dealt)
        if choice not in options:
            return Fraction(0)
        return Fraction(1) if seat in self.facts else Fraction(1, len(options))

    def likelihood(self, world: World) -> Fraction:
        result = Fraction(1)
        for seat in self.layout.seats:
            result *= self.factor(seat, world.dealt, world.choices[seat])
            if not result:
                break
        return result


@dataclass(frozen=True)
class OwnNight:
    """The viewpoint's recorded night: its choice, and what it did and saw."""

    seat: Seat
    entry: NightEntry
    choice: Choice
    layout: Layout
    event: EventId = "night"

    def scope(self) -> tuple[Variable, ...]:
        return _all_variables(self.layout)

    def likelihood(self, world: World) -> int:
        if world.choices[self.seat] != self.choice:
            return 0
        return int(world.night.entries[self.seat] == self.entry)


@dataclass(frozen=True)
class ClaimMade:
    """A public claim: true when its role is the seat's dealt card and its night keys
    agree with the seat's real night. A speaker believing it holds a village card
    tells the truth (likelihood ``1 - village_lies``, else ``village_lies``); any
    other speaker may say anything (likelihood 1)."""

    event: EventId
    claim: Claim
    rules: Rules
    layout: Layout
    village_lies: Fraction = Fraction(0)

    def scope(self) -> tuple[Variable, ...]:
        return _all_variables(self.layout)

    def likelihood(self, world: World) -> Number:
        seat = self.claim.seat
        real = world.dealt[seat - 1]
        entry = world.night.entries[seat]
        believes = power_of(self.rules.roles[real]).believes(seat, entry, real)
        if self.rules.team(believes) != "village":
            return 1
        truthful = is_true(self.claim, world)
        if not self.village_lies:
            return int(truthful)
        return 1 - self.village_lies if truthful else self.village_lies


def is_true(claim: Claim, world: World) -> bool:
    """Whether ``claim`` is true in ``world``."""
    seat = claim.seat
    if world.dealt[seat - 1] != claim.role:
        return False
    return claim.entry.agrees_with(world.night.entries[seat])


# -- the model of a record ---------------------------------------------------------------


@dataclass(frozen=True)
class Model:
    """A record's space and observations."""

    rules: Rules
    layout: Layout
    space: Space
    observations: tuple[Observation, ...]
    viewpoint: Seat | None = None
    claims: tuple[Claim, ...] = field(default=())

    def world(self, values: Mapping[Variable, Value]) -> World:
        return World(self.rules, self.layout, values)

    @property
    def events(self) -> tuple[EventId, ...]:
        """The events a conflict may name: the claims' numbers, then ``"night"``."""
        return tuple(obs.event for obs in self.observations if obs.event != "prior")

    def restricted(self, events: Iterable[EventId]) -> Model:
        """The same model with only the observations of ``events`` (and the prior)."""
        keep = {*events, "prior"}
        return replace(self, observations=tuple(o for o in self.observations if o.event in keep))

    def weight(self, world: World) -> Fraction:
        """The world's number of physical deals times its observations' likelihoods."""
        total = Fraction(self.space.multiplicity(world))
        for observation in self.observations:
            total *= observation.likelihood(world)
            if not total:
                break
        return total

    @cached_property
    def prior(self) -> NightPrior:
        return next(obs for obs in self.observations if isinstance(obs, NightPrior))


def _domain(rules: Rules, layout: Layout, seat: Seat, roles: Iterable[str]) -> tuple[Choice, ...]:
    options: set[Choice] = {NOTHING}
    for name in roles:
        options.update(_choice_options(rules.roles[name].choice, seat, layout))
    return tuple(sorted(options, key=lambda choice: (len(choice), choice)))


def model_of(record: DealRecord) -> Model:
    """Compile a record into its space and observations, from its viewpoint (or the
    public's, without one). Only the viewpoint's night entry is used."""
    rules, layout = record.rules, record.layout
    known = {slot: (role,) for slot, role in record.cards.items()}
    deck = Counter(record.deck)
    free_roles = {role for role, count in deck.items() if count}
    domains = {}
    for seat in layout.seats:
        roles = (record.cards[seat],) if seat in record.cards else free_roles
        domains[choice_variable(seat)] = _domain(rules, layout, seat, roles)
    space = Space(
        tuple(sorted(deck.items())),
        layout.slots,
        MappingProxyType(known),
        MappingProxyType(domains),
    )
    viewpoint = record.viewpoint
    facts = frozenset({viewpoint}) if viewpoint in record.night else frozenset()
    observations: list[Observation] = [
        NightPrior(rules, layout, record.model.night == "uniform", record.bots, facts)
    ]
    if viewpoint is not None and viewpoint in record.night:
        entry = record.night[viewpoint]
        choice = power_of(rules.roles[record.cards[viewpoint]]).choice_of(entry)
        observations.append(OwnNight(viewpoint, entry, choice, layout))
    observations.extend(
        ClaimMade(number, claim, rules, layout, record.model.village_lies)
        for number, claim in enumerate(record.claims, 1)
    )
    return Model(rules, layout, space, tuple(observations), viewpoint, record.claims)


# -- queries -------------------------------------------------------------------------------


def dawn(world: World, slot: Slot) -> str:
    """The card in ``slot`` after the night."""
    return world.night.cards[slot - 1]


def dealt(world: World, slot: Slot) -> str:
    """The card dealt to ``slot``."""
    return world.dealt[slot - 1]


def team(world: World, seat: Seat) -> Team:
    """The team of ``seat`` by its dawn card."""
    return world.rules.team(dawn(world, seat))


def no_werewolf(world: World) -> bool:
    """Whether no player holds a werewolf card at dawn."""
    return all(dawn(world, seat) != "werewolf" for seat in world.layout.seats)


def lying(world: World, claim: Claim) -> bool:
    """Whether ``claim`` is false."""
    return not is_true(claim, world)


def win_if(world: World, viewpoint: Seat, dies: Seat | None) -> bool:
    """Whether ``viewpoint`` wins (by its dawn card) if exactly ``dies`` dies (``None``:
    nobody)."""
    dead = () if dies is None else (dies,)
    return wins(world.rules, world.layout.players, world.night.cards, dead, viewpoint)
