"""The exact model of a deal record, as a :class:`~wooolf_solver.core.knowledge.Knowledge`.

- A **world** maps every hidden variable to a value: each slot (a seat or a centre
  slot, named by its number) to the sorted tuple of its cards (one card here), and
  each player's night choice (named ``"night:3"``) to a :data:`~.night.Choice`.
- The :class:`~wooolf_solver.core.space.Space` deals the free cards to the free
  slots (uniform over physical deals) and gives each choice its finite domain.
- Observations, each with an ``event``, a ``scope()`` and an exact integer
  ``likelihood(world)`` (a factor common to every world left out): :class:`NightPrior`
  (the night prior as a factor, event ``"prior"``, kept in every restriction),
  :class:`OwnNight` (the viewpoint's recorded night, event ``"night"``) and
  :class:`ClaimMade` (claim ``n``, event ``n``).
- A world is a *distinct* deal (cards of one role interchangeable) with the choices:
  the :class:`NightSpace` counts it once, lists only the choices in the night prior's
  support, and its physical deals are a factor of :meth:`OnuwKnowledge.likelihood`.
- Named queries (:data:`QUERIES`, what every engine counts into the one tally): the
  dawn and dealt card of a slot, a seat's team, whether no player holds a werewolf,
  which claims lie, and who may die for the viewpoint to win.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> knowledge = knowledge_of(record)
>>> knowledge.space.slots, [name for name, _ in knowledge.space.choices]
((2, 3, 4, 5), ['night:1', 'night:2', 'night:3'])
>>> knowledge.events
('night',)
>>> world = {1: ("robber",), 2: ("werewolf",), 3: ("troublemaker",), 4: ("seer",),
...     5: ("werewolf",), "night:1": (2,), "night:2": (4,), "night:3": (1, 2)}
>>> knowledge.dawn(world, 1), knowledge.likelihood(world)  # 1/2 for the lone wolf, scaled; 2 deals
('robber', 144)
>>> knowledge.queries(world)["win_if"]  # a robber at dawn: seat 2's death wins
[2]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import product
from math import lcm
from types import MappingProxyType
from typing import Any, Self

from ...core.errors import EventId
from ...core.knowledge import Knowledge, Observation
from ...core.space import Space, Var, World
from ...core.speech import DEFAULT_SPEECH, FREE, ClaimWeights, Speech
from .night import (
    NOTHING,
    Choice,
    Dawn,
    NightEntry,
    NightState,
    copies_made,
    play_night,
    power_of,
)
from .night import choice_options as _choice_options
from .record import Claim, DealRecord
from .rules import Layout, Rules, Seat, Slot, Team
from .speech import Teller, weights_of
from .win import Judge, death_judge, hunted, wins


def choice_variable(seat: Seat) -> str:
    """The name of ``seat``'s night-choice variable.

    >>> choice_variable(3)
    'night:3'
    """
    return f"night:{seat}"


def _variables(layout: Layout) -> tuple[Var, ...]:
    return (*layout.slots, *(choice_variable(seat) for seat in layout.seats))


def dealt_of(layout: Layout, world: World) -> tuple[str, ...]:
    """The card dealt to each slot of a world (index ``slot - 1``)."""
    return tuple(world[slot][0] for slot in layout.slots)


def choices_of(layout: Layout, world: World) -> tuple[Choice, ...]:
    """Each player's choice in a world (index ``seat - 1``)."""
    return tuple(world[choice_variable(seat)] for seat in layout.seats)


@lru_cache(maxsize=1 << 16)
def _replay(
    rules: Rules, layout: Layout, dealt: tuple[str, ...], choices: tuple[Choice, ...]
) -> Dawn:
    # A generic engine visits every combination of the domains, so a choice may not
    # suit the card dealt to its seat; such a world has a zero prior, and its night is
    # played as if that seat did nothing.
    state = NightState(layout, dealt, list(dealt))
    state.copies.update(
        copies_made(rules, layout, dealt, dict(zip(layout.seats, choices, strict=True)))
    )
    legal = {}
    for seat, choice in zip(layout.seats, choices, strict=True):
        options = power_of(rules.roles[dealt[seat - 1]]).options(seat, state, uniform=True)
        legal[seat] = choice if choice in options else NOTHING
    return play_night(rules, layout, dealt, legal)


def night_of(rules: Rules, layout: Layout, world: World) -> Dawn:
    """The night played on a world's deal with its choices (cached)."""
    return _replay(rules, layout, dealt_of(layout, world), choices_of(layout, world))


# -- observations ------------------------------------------------------------------------


@dataclass(frozen=True)
class NightPrior:
    """The night prior as a factor: each player's choice, given its dealt card, is
    uniform over its options (``uniform``: with "do nothing" for roles that may pass;
    bots always ``act``). The choice of a seat in ``facts`` (the viewpoint with a
    recorded night) is not weighted: any legal choice has factor 1.

    The likelihood is an integer: each weighted seat's ``1 / n`` scaled by ``scale``
    (a common multiple of every option count), the same factor in every world."""

    rules: Rules
    layout: Layout
    scale: int
    uniform: bool = False
    bots: frozenset[Seat] = frozenset()
    facts: frozenset[Seat] = frozenset()
    event: EventId = "prior"

    def scope(self) -> tuple[Var, ...]:
        return _variables(self.layout)

    def support(
        self, seat: Seat, dealt: Sequence[str], copies: Mapping[Seat, str] | None = None
    ) -> tuple[Choice, ...]:
        """The choices of ``seat`` with a non-zero factor, given the dealt cards (and
        the roles the doppelgangers became: a werewolf is lone only without one)."""
        state = NightState(self.layout, tuple(dealt), list(dealt), dict(copies or {}))
        role = power_of(self.rules.roles[dealt[seat - 1]])
        return role.options(seat, state, self.uniform_for(seat))

    def uniform_for(self, seat: Seat) -> bool:
        """Whether "do nothing" is one of ``seat``'s options (a fact: any legal one)."""
        return seat in self.facts or (self.uniform and seat not in self.bots)

    def factor(
        self,
        seat: Seat,
        dealt: Sequence[str],
        choice: Choice,
        copies: Mapping[Seat, str] | None = None,
    ) -> int:
        """``scale`` times the prior probability of ``choice`` (1 or 0 for a fact)."""
        state = NightState(self.layout, tuple(dealt), list(dealt), dict(copies or {}))
        power = power_of(self.rules.roles[dealt[seat - 1]])
        chance = power.chance(choice, seat, state, self.uniform_for(seat))
        if not chance:
            return 0
        if seat in self.facts:
            return 1
        weight = self.scale * chance
        if weight.denominator != 1:  # an option count the scale (_scale) does not cover
            raise ValueError(f"the night prior's scale {self.scale} misses {chance}")
        return int(weight)

    def likelihood(self, world: World) -> int:
        dealt = dealt_of(self.layout, world)
        choices = {seat: world[choice_variable(seat)] for seat in self.layout.seats}
        copies = copies_made(self.rules, self.layout, dealt, choices)
        result = 1
        for seat in self.layout.seats:
            result *= self.factor(seat, dealt, choices[seat], copies)
            if not result:
                break
        return result


@dataclass(frozen=True)
class NightSpace(Space):
    """ONUW's hidden variables, listed as the game counts them: a world is a distinct
    deal (cards of one role interchangeable) with every seat's choice in the night
    prior's support (``prior``), and counts once (:meth:`multiplicity` 1); its physical
    deals (:meth:`physical`) weigh it, as a factor of :meth:`OnuwKnowledge.likelihood`.
    (:attr:`OnuwKnowledge.space` gives it the knowledge's own prior.)"""

    prior: NightPrior | None = field(default=None, repr=False, compare=False)

    def worlds(self) -> Iterator[dict[Var, Any]]:
        """Every world with a non-zero night prior, deal by deal."""
        prior = self.prior
        if prior is None:
            yield from super().worlds()
            return
        layout = prior.layout
        for deal in self.deals():
            values: dict[Var, Any] = {**self.known, **deal}
            cards = tuple(values[slot][0] for slot in layout.slots)
            copying = [seat for seat in layout.seats if self._copies(prior, cards[seat - 1])]
            for made in product(*(prior.support(seat, cards) for seat in copying)):
                fixed = dict(zip(copying, made, strict=True))
                copies = copies_made(prior.rules, layout, cards, fixed)
                supports = [
                    (fixed[seat],) if seat in fixed else prior.support(seat, cards, copies)
                    for seat in layout.seats
                ]
                for choices in product(*supports):
                    world = dict(values)
                    world.update(zip(map(choice_variable, layout.seats), choices, strict=True))
                    yield world

    @staticmethod
    def _copies(prior: NightPrior, card: str) -> bool:
        return power_of(prior.rules.roles[card]).copies

    def multiplicity(self, world: World) -> int:
        """1: a world counts once (its physical deals are in its likelihood)."""
        return 1

    def physical(self, world: World) -> int:
        """The number of physical deals behind a world's deal."""
        return super().multiplicity(world)


@dataclass(frozen=True)
class OwnNight:
    """The viewpoint's recorded night: its choice, and what it did and saw."""

    seat: Seat
    entry: NightEntry
    choice: Choice
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)
    event: EventId = "night"

    def scope(self) -> tuple[Var, ...]:
        return _variables(self.layout)

    def likelihood(self, world: World) -> int:
        if world[choice_variable(self.seat)] != self.choice:
            return 0
        return int(night_of(self.rules, self.layout, world).entries[self.seat] == self.entry)


@dataclass(frozen=True)
class ClaimMade:
    """A public claim, weighed by the record's speech model (:mod:`.speech`): a
    speaker believing it holds a village card is honest (``weights.true`` if the claim
    is true, ``weights.false`` if not); any other is a liar (``weights.liar``).
    ``village_lies`` is the honest speakers' error rate the weights were made with."""

    event: EventId
    claim: Claim
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)
    village_lies: Fraction = Fraction(0)
    weights: ClaimWeights = FREE

    def scope(self) -> tuple[Var, ...]:
        return _variables(self.layout)

    def likelihood(self, world: World) -> int:
        seat = self.claim.seat
        real = world[seat][0]
        entry = night_of(self.rules, self.layout, world).entries[seat]
        believes = power_of(self.rules.roles[real]).believes(seat, entry, real)
        if self.rules.team(believes) != "village":
            return self.weights.liar
        if claim_true(self.rules, self.layout, self.claim, world):
            return self.weights.true
        return self.weights.false


@dataclass(frozen=True)
class PartialNight(OwnNight):
    """The viewpoint's night as a night hint holds it: the choice is fixed (the option
    scored) and ``entry`` is what it knows before acting (a lone werewolf's
    ``{wolves: [v]}``, or nothing): every key it gives must hold."""

    def likelihood(self, world: World) -> int:
        if world[choice_variable(self.seat)] != self.choice:
            return 0
        real = night_of(self.rules, self.layout, world).entries[self.seat]
        return int(self.entry.agrees_with(real))


@dataclass(frozen=True)
class CardIs:
    """The observation that ``slot``'s card at dawn (``dawn``) or as dealt is
    (``holds``) or is not ``role``: the negation of a fact about a card, added to a
    knowledge to ask whether the fact is certain (:meth:`OnuwKnowledge.negation`)."""

    event: EventId
    slot: Slot
    role: str
    holds: bool
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)
    dawn: bool = True

    def scope(self) -> tuple[Var, ...]:
        return _variables(self.layout)

    def likelihood(self, world: World) -> int:
        if self.dawn:
            card = night_of(self.rules, self.layout, world).cards[self.slot - 1]
        else:
            card = world[self.slot][0]
        return int((card == self.role) == self.holds)


@dataclass(frozen=True)
class ClaimIs:
    """The observation that ``claim`` is true (``holds``) or false: the negation of
    "seat lies" (or of "seat tells the truth"), to ask whether that is certain."""

    event: EventId
    claim: Claim
    holds: bool
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return _variables(self.layout)

    def likelihood(self, world: World) -> int:
        return int(claim_true(self.rules, self.layout, self.claim, world) == self.holds)


QUERIES = ("dawn", "dealt", "team", "no_werewolf", "lying", "win_if")
"""The named queries of an ONUW knowledge (:meth:`OnuwKnowledge.queries`)."""

NOTHING_SEEN = "nothing"
"""What an option that shows no card shows (troublemaker, drunk, do nothing)."""


def seen_of(entry: NightEntry) -> str:
    """What a night entry shows its seat, as the night hint keys it: the card seen or
    got, the cards seen in slot order joined by a comma, or ``"nothing"``.

    >>> seen_of(NightEntry.of(centre=((4, "seer"), (5, "werewolf")))), seen_of(NightEntry())
    ('seer,werewolf', 'nothing')
    """
    seen = entry.get("saw") or entry.get("centre")
    if seen:
        return ",".join(role for _, role in seen)
    got = entry.get("got")
    return str(got) if got is not None else NOTHING_SEEN


def claim_true(rules: Rules, layout: Layout, claim: Claim, world: World) -> bool:
    """Whether ``claim`` is true: its role is the seat's dealt card and every night
    key it gives has the value of the seat's real night."""
    if world[claim.seat][0] != claim.role:
        return False
    return claim.entry.agrees_with(night_of(rules, layout, world).entries[claim.seat])


# -- the knowledge -------------------------------------------------------------------------


@dataclass(frozen=True)
class OnuwKnowledge(Knowledge):
    """What one viewpoint (or the public) knows of a deal; its roles are dawn cards."""

    rules: Rules = field(repr=False)
    layout: Layout
    hidden: NightSpace
    observations: tuple[Observation, ...]
    viewpoint: Seat | None = None
    claims: tuple[Claim, ...] = ()
    deck: tuple[str, ...] = ()
    speech: Speech = DEFAULT_SPEECH
    """The speech model its claims are weighed by."""
    ballots: tuple[tuple[Seat, Seat], ...] = ()
    """The recorded ballots that name a seat, ``(voter, target)`` (what a dying hunter's
    ballot is read from, :attr:`shots`)."""

    @cached_property
    def shots(self) -> Mapping[Seat, Seat]:
        """Whom each voter would take along if it died holding a card that shoots: its
        recorded ballot, when the deck has such a card (else none)."""
        if not any(self.rules.roles[name].shoots for name in set(self.deck)):
            return MappingProxyType({})
        return MappingProxyType(dict(self.ballots))

    @cached_property
    def space(self) -> NightSpace:
        """The hidden variables, listed with this knowledge's own night prior."""
        return replace(self.hidden, prior=self.prior)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.layout.seats

    def role(self, world: World, seat: Seat) -> str:
        return self.dawn(world, seat)

    @property
    def role_names(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.deck)))

    def role_scope(self, seat: Seat) -> tuple[Var, ...]:
        return _variables(self.layout)

    def negation(self, event: EventId, seat: Seat, role: str, holds: bool) -> CardIs:
        """The observation that contradicts "``seat``'s dawn card is (not) ``role``"
        (an ONUW observation, so that the CP-SAT model can encode it)."""
        return CardIs(event, seat, role, not holds, self.rules, self.layout)

    @property
    def has_decision(self) -> bool:
        return self.viewpoint is not None

    def decision(self, world: World) -> Hashable:
        """The set of player seats holding a werewolf card at dawn (what hints are about)."""
        return frozenset(seat for seat in self.seats if self.dawn(world, seat) == "werewolf")

    @property
    def events(self) -> tuple[EventId, ...]:
        """The events a conflict may name: the viewpoint's ``"night"``, then the claims."""
        return tuple(obs.event for obs in self.observations if obs.event != "prior")

    def restricted(self, events: Iterable[EventId]) -> Self:
        """The same knowledge with only the observations of ``events`` (and the prior)."""
        keep = {*events, "prior"}
        return replace(self, observations=tuple(o for o in self.observations if o.event in keep))

    def likelihood(self, world: World) -> int:
        """The observations' likelihoods times the world's physical deals."""
        weight = super().likelihood(world)
        return weight and weight * self.space.physical(world)

    @cached_property
    def prior(self) -> NightPrior:
        for observation in self.observations:
            if isinstance(observation, NightPrior):
                return observation
        raise ValueError("a knowledge without its night prior")

    # -- queries -------------------------------------------------------------------------

    @property
    def query_names(self) -> tuple[str, ...]:
        return QUERIES

    def queries(self, world: World) -> Mapping[str, Iterable[Hashable]]:
        """``dawn`` and ``dealt``: ``(slot, card)`` for every slot; ``team``: ``(seat,
        team)`` at dawn; ``no_werewolf``: ``True`` when no player holds a werewolf at
        dawn; ``lying``: the seat of each false claim; ``win_if``: each seat (``None``:
        nobody) whose death alone makes the viewpoint win (:attr:`deaths`)."""
        layout, rules = self.layout, self.rules
        dawn = self.night(world).cards
        return {
            "dawn": [(slot, dawn[slot - 1]) for slot in layout.slots],
            "dealt": [(slot, world[slot][0]) for slot in layout.slots],
            "team": [(seat, rules.team(dawn[seat - 1])) for seat in layout.seats],
            "no_werewolf": () if "werewolf" in dawn[: layout.players] else (True,),
            "lying": [claim.seat for claim in self.claims if self.lying(world, claim)],
            "win_if": [dies for dies in self.deaths if self.win_if(world, dies)],
        }

    @property
    def deaths(self) -> tuple[Seat | None, ...]:
        """Who may die alone for ``win_if``: every other seat, then nobody (``None``);
        none without a viewpoint."""
        if self.viewpoint is None:
            return ()
        return (*(seat for seat in self.seats if seat != self.viewpoint), None)

    def night(self, world: World) -> Dawn:
        return night_of(self.rules, self.layout, world)

    def dawn(self, world: World, slot: Slot) -> str:
        """The card in ``slot`` after the night."""
        return self.night(world).cards[slot - 1]

    def dealt(self, world: World, slot: Slot) -> str:
        """The card dealt to ``slot``."""
        return str(world[slot][0])

    def team(self, world: World, seat: Seat) -> Team:
        """The team of ``seat`` by its dawn card."""
        return self.rules.team(self.dawn(world, seat))

    def no_werewolf(self, world: World) -> bool:
        """Whether no player holds a werewolf card at dawn."""
        return all(self.dawn(world, seat) != "werewolf" for seat in self.seats)

    def lying(self, world: World, claim: Claim) -> bool:
        """Whether ``claim`` is false."""
        return not claim_true(self.rules, self.layout, claim, world)

    def killed(self, dies: Seat | None) -> tuple[tuple[Seat, ...], Mapping[Seat, Seat | None]]:
        """``win_if``'s reading of its key ``dies``: the seats the vote kills (exactly
        ``dies``; ``None``: nobody), and the ballots a dying hunter's shot reads
        (:attr:`shots`)."""
        return () if dies is None else (dies,), self.shots

    @property
    def listed(self) -> bool:
        """Whether some key of ``win_if`` is not the death of that seat alone, with the
        recorded ballots (the viewpoint's own death, its key its ballot)."""
        return any(
            self.killed(dies) != ((() if dies is None else (dies,)), self.shots)
            for dies in self.deaths
        )

    @property
    def judge(self) -> Judge | None:
        """``win_if`` read from cards alone, when every key can be (:data:`.win.Judge`:
        the viewpoint's dawn card, the key's seat's and whether a player holds a
        werewolf); ``None`` when some key is not the death of that seat alone, to be
        judged world by world."""
        return None if self.listed else death_judge(self.rules)

    def win_if(self, world: World, dies: Seat | None) -> bool:
        """Whether the viewpoint wins (by its dawn card) if the vote kills exactly
        ``dies`` (``None``: nobody), with whom a dying hunter's recorded ballot names
        (as :meth:`killed` reads ``dies``)."""
        if self.viewpoint is None:
            raise ValueError("win_if needs a viewpoint")
        dawn = self.night(world).cards
        dead, votes = self.killed(dies)
        fallen = hunted(self.rules, dead, dawn, votes)
        return wins(self.rules, self.layout.players, dawn, fallen, self.viewpoint)


def _domain(
    rules: Rules, layout: Layout, seat: Seat, roles: Iterable[str], deck: Iterable[str]
) -> tuple[Choice, ...]:
    options: set[Choice] = {NOTHING}
    in_play = [rules.roles[name] for name in sorted(set(deck))]
    for name in roles:
        options.update(power_of(rules.roles[name]).domain(seat, layout, in_play))
    return tuple(sorted(options, key=lambda choice: (len(choice), choice)))


def _scale(record: DealRecord) -> int:
    """A common multiple of every option count a player's choice can have (a
    doppelganger's: the other players times the copied role's count)."""
    counts = {1}
    copying = False
    for name in set(record.deck):
        role = record.rules.roles[name]
        copying |= power_of(role).copies
        if role.choice in ("none", "copy"):
            continue
        real = len(_choice_options(role.choice, 1, record.layout))
        counts.update({real, real + 1} if role.may_pass else {real})
    if copying:
        counts.update({count * (record.players - 1) for count in counts})
    return lcm(*counts)


def knowledge_of(record: DealRecord) -> OnuwKnowledge:
    """Compile a record into a knowledge, from its viewpoint (or the public's, without
    one). Only the viewpoint's night entry is used; the others are private."""
    rules, layout = record.rules, record.layout
    known: dict[Var, Any] = {slot: (role,) for slot, role in record.cards.items()}
    free = Counter(record.deck)
    free.subtract(record.cards.values())
    free_roles = {role for role, count in free.items() if count}
    choices = []
    for seat in layout.seats:
        roles = (record.cards[seat],) if seat in record.cards else free_roles
        choices.append((choice_variable(seat), _domain(rules, layout, seat, roles, record.deck)))
    viewpoint = record.viewpoint
    recorded = viewpoint is not None and viewpoint in record.night
    facts = frozenset({viewpoint}) if recorded and viewpoint is not None else frozenset()
    uniform = record.model.night == "uniform"
    prior = NightPrior(rules, layout, _scale(record), uniform, record.bots, facts)
    space = NightSpace(
        cards=tuple(sorted((role, count) for role, count in free.items() if count)),
        slots=tuple(slot for slot in layout.slots if slot not in known),
        size=1,
        known=MappingProxyType(known),
        choices=tuple(choices),
    )
    observations: list[Observation] = [prior]
    if recorded and viewpoint is not None:
        entry = record.night[viewpoint]
        choice = power_of(rules.roles[record.cards[viewpoint]]).choice_of(entry)
        observations.append(OwnNight(viewpoint, entry, choice, rules, layout))
    lies, teller = record.model.village_lies, Teller.of(record)
    observations.extend(
        ClaimMade(
            number, claim, rules, layout, lies,
            weights_of(claim, teller, record.model.speech, lies),
        )
        for number, claim in enumerate(record.claims, 1)
    )  # fmt: skip
    return OnuwKnowledge(
        rules,
        layout,
        space,
        tuple(observations),
        viewpoint,
        record.claims,
        record.deck,
        record.model.speech,
        tuple(
            (voter, ballot) for voter, ballot in (record.votes or {}).items() if ballot is not None
        ),
    )


def world_of(record: DealRecord) -> dict[Var, Any]:
    """The true world of a game record: its deal and its recorded choices."""
    values: dict[Var, Any] = {slot: (role,) for slot, role in record.cards.items()}
    values.update((choice_variable(seat), choice) for seat, choice in record.choices().items())
    return values


__all__ = [
    "QUERIES",
    "CardIs",
    "ClaimIs",
    "ClaimMade",
    "NightPrior",
    "NightSpace",
    "OnuwKnowledge",
    "OwnNight",
    "PartialNight",
    "choice_variable",
    "knowledge_of",
    "night_of",
    "world_of",
]
