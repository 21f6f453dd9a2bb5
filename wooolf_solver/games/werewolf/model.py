"""The exact model of a Werewolf record, as a :class:`~wooolf_solver.core.knowledge.Knowledge`.

- A **world** deals the cards to the seats (with a thief, the two extra villagers join
  the deck and two cards are left over in slots ``N + 1`` and ``N + 2``) and values the
  latent choices: ``"take"`` (the left-over slot the thief takes, 1 or 2; ``None`` when
  nobody was dealt the thief) and ``"lovers"`` (an unordered pair of seats; ``None``
  when nobody plays cupid). Every deal is equally likely; :class:`Prior` (event
  ``"prior"``) weighs the choices so that each deal keeps its weight.
- A seat's role is the role it plays: the card dealt, or the one the thief took.
- Observations, each with an ``event`` (the record's event number), a ``scope()`` and
  an exact integer ``likelihood(world)``: hard facts (:class:`RoleIn`,
  :class:`SeerSaw`, :class:`PackIs`, :class:`DawnVictims`, :class:`LoversAre`,
  :class:`PiperPlays`, :class:`Took`, :class:`GoesOn`) and claims (:class:`ClaimMade`).

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 3,
...     "roles": {"werewolf": 1, "villager": 1, "seer": 1}, "viewpoint": 1, "cards": {1: "seer"},
...     "events": [{"night": 1}, {"seat": 1, "checks": 2, "sees": "villager"}]})
>>> knowledge = knowledge_of(record)
>>> knowledge.space.slots, knowledge.events
((2, 3), (2,))
>>> knowledge.role({1: ("seer",), 2: ("villager",), 3: ("werewolf",)}, 3)
'werewolf'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import comb
from types import MappingProxyType
from typing import Any, Self

from ...core.errors import EventId
from ...core.knowledge import Knowledge, Observation
from ...core.space import Space, Var, World
from ...core.speech import DEFAULT_SPEECH, ClaimWeights, Speech
from .events import (
    Charmed,
    Charms,
    Check,
    Claim,
    Dawn,
    Day,
    Lovers,
    Night,
    Protects,
    Shot,
    Takes,
    WitchNight,
    Wolves,
)
from .record import GameRecord
from .rules import CUPID, PIPER, THIEF, WEREWOLF, WITCH, Rules, Seat, load_rules
from .speech import weigh_claims

LYING = "lying"
"""The named query of the seats whose last claim is false."""
TAKE = "take"
"""The thief's exchange: the left-over slot taken (1 or 2), ``None`` without a thief."""
LOVERS = "lovers"
"""The lovers: a sorted pair of seats, ``None`` when nobody plays cupid."""
ALWAYS = ("prior", "cards")
"""Pseudo-events kept in every restriction (never named by a conflict)."""


@dataclass(frozen=True)
class Layout:
    """The hidden variables' shape: the seats, the left-over slots, the choices.

    >>> layout = Layout(3, thief=True, cupid=False)
    >>> layout.slots, layout.choices
    ((1, 2, 3, 4, 5), ('take',))
    >>> layout.role({1: ("thief",), 2: ("villager",), 3: ("werewolf",), 4: ("villager",),
    ...     5: ("werewolf",), "take": 2}, 1)
    'werewolf'
    """

    players: int
    thief: bool
    cupid: bool

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.players + 1))

    @property
    def leftover(self) -> tuple[int, ...]:
        return (self.players + 1, self.players + 2) if self.thief else ()

    @property
    def slots(self) -> tuple[int, ...]:
        return (*self.seats, *self.leftover)

    @property
    def choices(self) -> tuple[str, ...]:
        return (*((TAKE,) if self.thief else ()), *((LOVERS,) if self.cupid else ()))

    def role(self, world: World, seat: Seat) -> str:
        """The role ``seat`` plays in ``world``."""
        dealt: str = world[seat][0]
        if dealt == THIEF and self.thief:
            take = world[TAKE]
            if take is not None:
                taken: str = world[self.players + take][0]
                return taken
        return dealt

    def role_scope(self, seat: Seat) -> tuple[Var, ...]:
        return (seat, *self.leftover, TAKE) if self.thief else (seat,)

    def scope(self, seats: Iterable[Seat]) -> tuple[Var, ...]:
        """The variables the roles of ``seats`` read."""
        return (*seats, *self.leftover, TAKE) if self.thief else tuple(seats)

    @property
    def everything(self) -> tuple[Var, ...]:
        return (*self.slots, *self.choices)

    def lovers(self, world: World) -> tuple[Seat, Seat] | None:
        if not self.cupid:
            return None
        pair: tuple[Seat, Seat] | None = world[LOVERS]
        return pair


# -- observations ------------------------------------------------------------------------


@dataclass(frozen=True)
class Prior:
    """The latent choices' prior, as integer weights that keep every deal's weight:
    the thief takes either slot (weight 1 each; 2 for ``None`` when nobody was dealt the
    thief), the lovers are any pair (1 each; the number of pairs for ``None`` when
    nobody plays cupid)."""

    layout: Layout
    event: EventId = "prior"

    def scope(self) -> tuple[Var, ...]:
        return self.layout.everything

    def likelihood(self, world: World) -> int:
        layout, weight = self.layout, 1
        if layout.thief:
            dealt = any(world[seat][0] == THIEF for seat in layout.seats)
            if (world[TAKE] is not None) != dealt:
                return 0
            weight *= 1 if dealt else 2
        if layout.cupid:
            plays = any(layout.role(world, seat) == CUPID for seat in layout.seats)
            if (world[LOVERS] is not None) != plays:
                return 0
            weight *= 1 if plays else comb(layout.players, 2)
        return weight


@dataclass(frozen=True)
class RoleIn:
    """``seat`` plays one of ``roles`` (``holds``), or none of them."""

    event: EventId
    seat: Seat
    roles: frozenset[str]
    layout: Layout = field(repr=False)
    holds: bool = True

    def scope(self) -> tuple[Var, ...]:
        return self.layout.role_scope(self.seat)

    def likelihood(self, world: World) -> int:
        return int((self.layout.role(world, self.seat) in self.roles) == self.holds)


def sees(role: str, alignment: bool) -> str:
    """What the seer sees of a role: the role, or ``werewolf`` / ``not``.

    >>> sees("witch", False), sees("witch", True), sees("werewolf", True)
    ('witch', 'not', 'werewolf')
    """
    if alignment:
        return "werewolf" if role == WEREWOLF else "not"
    return role


@dataclass(frozen=True)
class SeerSaw:
    """The seer saw ``seen`` looking at ``target``."""

    event: EventId
    target: Seat
    seen: str
    alignment: bool
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return self.layout.role_scope(self.target)

    def likelihood(self, world: World) -> int:
        return int(sees(self.layout.role(world, self.target), self.alignment) == self.seen)


@dataclass(frozen=True)
class PackIs:
    """The pack is exactly these seats: every one a werewolf, every living werewolf one."""

    event: EventId
    pack: frozenset[Seat]
    living: tuple[Seat, ...]
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return self.layout.scope(sorted({*self.living, *self.pack}))

    def likelihood(self, world: World) -> int:
        role = self.layout.role
        return int(
            all(role(world, seat) == WEREWOLF for seat in self.pack)
            and all(seat in self.pack for seat in self.living if role(world, seat) == WEREWOLF)
        )


@dataclass(frozen=True)
class DawnVictims:
    """A seat dead at a dawn is the werewolves' victim, so not a werewolf, in a world where
    no witch lives that night (``living``: the seats alive at nightfall) and it is not
    a lover whose partner died at the same dawn."""

    event: EventId
    dead: tuple[Seat, ...]
    living: tuple[Seat, ...]
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return (*self.layout.scope(self.living), *((LOVERS,) if self.layout.cupid else ()))

    def likelihood(self, world: World) -> int:
        role = self.layout.role
        if any(role(world, seat) == WITCH for seat in self.living):
            return 1
        lovers = self.layout.lovers(world)
        for seat in self.dead:
            grief = lovers is not None and seat in lovers and all(s in self.dead for s in lovers)
            if not grief and role(world, seat) == WEREWOLF:
                return 0
        return 1


@dataclass(frozen=True)
class LoversAre:
    """The lovers are ``pair``; ``seat`` is cupid unless it is one of them."""

    event: EventId
    seat: Seat
    pair: tuple[Seat, Seat]
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return (*self.layout.role_scope(self.seat), LOVERS)

    def likelihood(self, world: World) -> int:
        if self.layout.lovers(world) != self.pair:
            return 0
        return int(self.seat in self.pair or self.layout.role(world, self.seat) == CUPID)


@dataclass(frozen=True)
class PiperPlays:
    """Some seat plays the piper, and none of ``charmed`` is him."""

    event: EventId
    charmed: frozenset[Seat]
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return self.layout.scope(self.layout.seats)

    def likelihood(self, world: World) -> int:
        pipers = [s for s in self.layout.seats if self.layout.role(world, s) == PIPER]
        return int(bool(pipers) and not any(s in self.charmed for s in pipers))


@dataclass(frozen=True)
class Took:
    """``seat`` was dealt the thief and took a left-over ``role``."""

    event: EventId
    seat: Seat
    role: str
    layout: Layout = field(repr=False)

    def scope(self) -> tuple[Var, ...]:
        return self.layout.role_scope(self.seat)

    def likelihood(self, world: World) -> int:
        return int(world[self.seat][0] == THIEF and self.layout.role(world, self.seat) == self.role)


@dataclass(frozen=True)
class GoesOn:
    """No win condition holds among ``living`` (the piper's excepted): a werewolf lives,
    a non-werewolf lives (with ``parity``: more non-werewolves than werewolves), and the
    living are not exactly the lovers of different teams.

    The game went on with these living because a public event followed: the fact
    belongs to every public event played with them alive after an earlier public event
    (``witnesses``, in order; ``event`` is the first), and a restriction keeps it while
    one of them is kept (:meth:`WerewolfKnowledge.restricted`), so a set of events whose
    last public event ends the game is consistent.
    """

    event: EventId
    living: tuple[Seat, ...]
    parity: bool
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)
    witnesses: tuple[EventId, ...] = ()

    def among(self, events: Iterable[EventId]) -> GoesOn | None:
        """The fact as kept by ``events``: witnessed by those of them that witness it
        (``None``: by none).

        >>> goes_on = GoesOn(4, (1, 2), False, load_rules(), Layout(2, False, False), (4, 6))
        >>> goes_on.among({6}).event, goes_on.among({1, 2, 3}) is None
        (6, True)
        """
        keep = set(events)
        witnesses = tuple(event for event in self.witnesses or (self.event,) if event in keep)
        return replace(self, event=witnesses[0], witnesses=witnesses) if witnesses else None

    def scope(self) -> tuple[Var, ...]:
        return (*self.layout.scope(self.living), *((LOVERS,) if self.layout.cupid else ()))

    def likelihood(self, world: World) -> int:
        return int(not game_over(self.rules, self.layout, world, self.living, self.parity))


def game_over(
    rules: Rules, layout: Layout, world: World, living: tuple[Seat, ...], parity: bool
) -> bool:
    """Whether a win condition (the piper's excepted) holds among ``living`` in ``world``."""
    if not living:
        return True
    roles = [layout.role(world, seat) for seat in living]
    wolves = roles.count(WEREWOLF)
    others = len(roles) - wolves
    if not wolves or not others or (parity and wolves >= others):
        return True
    lovers = layout.lovers(world)
    if lovers is not None and len(living) == 2 and set(living) == set(lovers):
        return rules.team(roles[0]) != rules.team(roles[1])
    return False


@dataclass(frozen=True)
class ClaimMade:
    """A public claim, weighed by its speaker (:mod:`.speech`): ``weights.liar`` when the
    seat plays a role outside the village's team, else ``weights.true`` or
    ``weights.false`` as the claim is true or false in the world."""

    event: EventId
    claim: Claim
    alignment: bool
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)
    weights: ClaimWeights

    def scope(self) -> tuple[Var, ...]:
        seats = sorted({self.claim.seat, *(seat for seat, _ in self.claim.checked)})
        return self.layout.scope(seats)

    def likelihood(self, world: World) -> int:
        if self.rules.team(self.layout.role(world, self.claim.seat)) != "village":
            return self.weights.liar
        return self.weights.true if self.true(world) else self.weights.false

    @property
    def seer_story(self) -> bool:
        """Whether the claim is a seer's with checks on other seats: true exactly where the
        seat plays the seer and every check holds (any other claim with checks is false in
        every world: only a seer checks, and never itself)."""
        checked = self.claim.checked
        return (
            self.claim.claims == "seer"
            and bool(checked)
            and all(seat != self.claim.seat for seat, _ in checked)
        )

    def true(self, world: World) -> bool:
        """Whether the claim is true in ``world``."""
        role = self.layout.role
        if role(world, self.claim.seat) != self.claim.claims:
            return False
        if self.claim.checked and not self.seer_story:
            return False
        return all(sees(role(world, j), self.alignment) == x for j, x in self.claim.checked)


# -- the knowledge -------------------------------------------------------------------------


@dataclass(frozen=True)
class WerewolfKnowledge(Knowledge):
    """What one viewpoint (or the public) knows of a game; roles are the roles played."""

    layout: Layout
    hidden: Space
    observations: tuple[Observation, ...]
    viewpoint: Seat | None = None
    names: tuple[str, ...] = ()
    living: tuple[Seat, ...] = ()
    """The seats alive after the last event."""
    speech: Speech = DEFAULT_SPEECH
    """The speech model the claims are read by (:mod:`.speech`)."""
    rules: Rules = field(default_factory=load_rules, repr=False, compare=False)

    @property
    def space(self) -> Space:
        return self.hidden

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.layout.seats

    def role(self, world: World, seat: Seat) -> str:
        return self.layout.role(world, seat)

    @property
    def role_names(self) -> tuple[str, ...]:
        return self.names

    def role_scope(self, seat: Seat) -> tuple[Var, ...]:
        return self.layout.role_scope(seat)

    @property
    def events(self) -> tuple[EventId, ...]:
        """The record's events that carry information, in order (once each)."""
        seen: dict[EventId, None] = {}
        for observation in self.observations:
            if observation.event not in ALWAYS:
                seen[observation.event] = None
        return tuple(seen)

    def restricted(self, events: Iterable[EventId]) -> Self:
        """The same knowledge with only the observations of ``events`` (and the prior
        and known cards); "the game goes on" with some living (:class:`GoesOn`) is kept
        while a public event played with them alive is."""
        keep = {*events, *ALWAYS}
        kept: list[Observation] = []
        for observation in self.observations:
            if isinstance(observation, GoesOn):
                witnessed = observation.among(keep)
                if witnessed is not None:
                    kept.append(witnessed)
            elif observation.event in keep:
                kept.append(observation)
        return replace(self, observations=tuple(kept))

    @property
    def claims(self) -> tuple[ClaimMade, ...]:
        return tuple(o for o in self.observations if isinstance(o, ClaimMade))

    @property
    def last_claims(self) -> dict[Seat, ClaimMade]:
        """Each claiming seat's last claim."""
        return {claim.claim.seat: claim for claim in self.claims}

    @property
    def query_names(self) -> tuple[str, ...]:
        """``lying``, when some seat claimed a role (so every engine counts it)."""
        return (LYING,) if self.claims else ()

    def queries(self, world: World) -> Mapping[str, Iterable[Hashable]]:
        """``lying``: the seats whose last claim is false in ``world``."""
        return {LYING: [seat for seat, made in self.last_claims.items() if not made.true(world)]}


def knowledge_of(record: GameRecord) -> WerewolfKnowledge:
    """Compile a record into a knowledge, from its viewpoint (or the public's, without
    one): only the viewpoint's own private events are used."""
    full = Counter(dict(record.full_deck))
    layout = Layout(record.players, thief=record.has_thief, cupid=full[CUPID] > 0)
    observations: list[Observation] = [Prior(layout)]
    known: dict[Var, Any] = {}
    if layout.thief:
        observations += [RoleIn("cards", s, frozenset({r}), layout) for s, r in record.cards]
    else:
        known = {seat: (role,) for seat, role in record.cards}
        full.subtract(role for _, role in record.cards)
    choices: list[tuple[Var, tuple[Any, ...]]] = []
    if layout.thief:
        choices.append((TAKE, (None, 1, 2)))
    if layout.cupid:
        choices.append((LOVERS, (None, *combinations(layout.seats, 2))))
    space = Space(
        cards=tuple(sorted((name, n) for name, n in full.items() if n)),
        slots=tuple(slot for slot in layout.slots if slot not in known),
        size=1,
        known=MappingProxyType(known),
        choices=tuple(choices),
    )
    observations += _events(record, layout)
    names = sorted({name for name, _ in record.full_deck} - {THIEF})
    return WerewolfKnowledge(
        layout,
        space,
        tuple(observations),
        record.viewpoint,
        tuple(names),
        record.alive_after(),
        record.model.speech,
        record.rules,
    )


def _events(record: GameRecord, layout: Layout) -> list[Observation]:
    rules, alignment = record.rules, record.variants.seer == "alignment"
    out: list[Observation] = []
    living = list(record.seats)
    nightfall = tuple(living)
    goes_on = _goes_on(record)
    weights = weigh_claims(
        record.events,
        record.deck,
        speech=record.model.speech,
        village_lies=record.model.village_lies,
        alignment=alignment,
        village={
            name
            for name, copies in record.deck
            if copies and name != THIEF and rules.team(name) == "village"
        },
    )
    for number, event in enumerate(record.events, 1):
        if number in goes_on:
            alive, witnesses = goes_on[number]
            out.append(GoesOn(number, alive, record.variants.parity, rules, layout, witnesses))
        if isinstance(event, Night):
            nightfall = tuple(living)
        if isinstance(event, Dawn):
            out.append(DawnVictims(number, event.dead, nightfall, layout))
        if isinstance(event, Shot):
            out.append(RoleIn(number, event.seat, frozenset({"hunter"}), layout))
        if isinstance(event, Dawn | Shot | Day):
            out += [
                RoleIn(number, seat, frozenset({role}), layout) for seat, role in event.revealed
            ]
        if isinstance(event, Claim):
            out.append(ClaimMade(number, event, alignment, rules, layout, weights[number]))
        if event.actor == record.viewpoint and not event.public:
            out += _private(event, number, layout, alignment=alignment, living=tuple(living))
        living = [seat for seat in living if seat not in event.deaths]
    return out


def _goes_on(record: GameRecord) -> dict[int, tuple[tuple[Seat, ...], tuple[int, ...]]]:
    """Each set of living with which a public event followed an earlier one (so the game
    had not ended), by its first such event: the living and every such event.

    >>> from wooolf_solver.games.werewolf.record import read_record
    >>> _goes_on(read_record({"game": "werewolf", "players": 4, "roles": {"werewolf": 1,
    ...     "villager": 3}, "events": [{"night": 1}, {"dawn": 1, "dead": [2]},
    ...     {"sheriff": 1}, {"day": 1, "lynched": 3}, {"night": 2}]}))
    {2: ((1, 2, 3, 4), (2,)), 3: ((1, 3, 4), (3, 4)), 5: ((1, 4), (5,))}
    """
    living, played = record.seats, False
    witnesses: dict[tuple[Seat, ...], list[int]] = {}
    for number, event in enumerate(record.events, 1):
        if event.public and played:
            witnesses.setdefault(living, []).append(number)
        played = played or event.public
        living = tuple(seat for seat in living if seat not in event.deaths)
    return {numbers[0]: (alive, tuple(numbers)) for alive, numbers in witnesses.items()}


def _private(
    event: Any, number: int, layout: Layout, *, alignment: bool, living: tuple[Seat, ...]
) -> list[Observation]:
    def fact(seat: Seat, role: str, holds: bool = True) -> RoleIn:
        return RoleIn(number, seat, frozenset({role}), layout, holds)

    if isinstance(event, Check):
        return [
            fact(event.seat, "seer"),
            SeerSaw(number, event.checks, event.sees, alignment, layout),
        ]
    if isinstance(event, Wolves):
        return [fact(event.seat, WEREWOLF), PackIs(number, frozenset(event.wolves), living, layout)]
    if isinstance(event, WitchNight):
        return [fact(event.seat, WITCH), fact(event.victim, WEREWOLF, holds=False)]
    if isinstance(event, Protects):
        return [fact(event.seat, "defender")]
    if isinstance(event, Charms):
        return [fact(event.seat, PIPER)]
    if isinstance(event, Charmed):
        return [PiperPlays(number, frozenset(event.charmed), layout)]
    if isinstance(event, Lovers):
        return [LoversAre(number, event.seat, event.lovers, layout)]
    if isinstance(event, Takes):
        return [Took(number, event.seat, event.takes, layout)]
    return []


__all__ = [
    "LOVERS",
    "TAKE",
    "ClaimMade",
    "DawnVictims",
    "GoesOn",
    "Layout",
    "LoversAre",
    "PackIs",
    "PiperPlays",
    "Prior",
    "RoleIn",
    "SeerSaw",
    "Took",
    "WerewolfKnowledge",
    "game_over",
    "knowledge_of",
]
