"""The lifted engine behind :mod:`.fast`: one run over a knowledge, every count of
the one tally without enumerating every world (:class:`Sums`, not yet divided;
:func:`tally_of`).

**Symmetry.** A slot is *marked* when something names it: a known card, the
viewpoint, a seat or centre slot that a claim or the viewpoint's night entry
mentions. The other slots fall into *blocks* of interchangeable slots: the centre
slots; the seats that made the same claim (its content, and whether it is observed),
or none, and are bots or not (this counts under the ``uniform`` night prior only).
Permuting a block's slots changes no weight, so worlds come in orbits of equal weight.

**Lifted deals.** Each marked slot (and each block of one slot) gets a card
explicitly, pruned as it goes: by default a village-believer's claim is true or has
weight 0, so it holds the card it claims, and sees what it says it saw before any
card moved, unless the copying card's move brought that card there first; a robber
that claimed a robbery robs the seat it named or a card off the village team, one
that claimed another card only the latter; an insomniac that claimed another card
needs a troublemaker that may swap it. Each block gets only a multiset of the
remaining cards, counted by a multinomial; one representative deal (its block cards
in a fixed order) stands for the orbit.

**The night**, in wake order, on the representative, with its choices: a choice that
moves no card and that nothing observes (a seer or lone werewolf whose own night is
neither the viewpoint's fact nor told in a claim of the card it holds) is *lumped*:
its options all weigh the same, so one stands for all. Any other choice is
enumerated up to the symmetry still left (options that differ only by block slots
holding the same card, not yet touched by an earlier choice, are one option counted
that many times), each claimer's likelihood applied as soon as its night is known,
and a claim that must be true fixing its claimer's choice. What each seat brings to
the night depends on its seat and card only, and is cached. The troublemaker's
swaps, when only an insomniac wakes after it, are summed in closed form: a swap of
two players keeps the set of player cards, and each seat gets each other seat's card
in exactly one option. An insomniac that looks last, its look observed, is judged as
soon as the card it will see is known: no card move left can reach its seat, or only
swaps made with one option (the card traced back through them); when it fails on the
cards as they are a step earlier, that step plays only the options that move that
card. The options of the night's last robber or drunk with a choice walked that swap
its seat with a slot no later step reads or moves (its *star*) share the rest of the
night: it is walked once per verdict of its claim, and each option's swap made at the
leaves. A step that moves no card and whose night is the same in every walk is folded
into the plan even when a claim tells it: a werewolf, minion or mason with no choice
(the seats it sees depend on the cards dealt and the copy), and the copy's own step
when it moves nothing and nothing names the seat copied (it looks before any card
moves).

**The copy.** A copying card's night is played once per card it may copy: when nothing
names the seat copied, the seats dealt the same card are one copy, counted that many
times. When the deal breaks a fragile pair, the copy plays only the moves that bring
the card seen there. Copies whose own step is folded and whose steps left are the same
(a copied villager, tanner, minion, werewolf... that no list shown to a claim or a fact
tells apart) are walked together, once, with the copying card as dealt; each leaf is
then read per copy: the copying card at dawn as the role it became, the weight and
count of the copy's plan, and the truth of the claims that plan decides.

Every weight is an exact integer (the night prior scaled by a common multiple of
every option count, the claims' likelihoods, the orbit's size); the per-slot outputs
of a block's slots are averaged over the block at the end, which is exact by the
symmetry.

**Cards dealt as one kind.** A run may deal several real cards as one kind (the
werewolf, minion and tanner cards that nothing tells apart, :mod:`.unseen`): its
:class:`Labels` then count each world's labellings into whether a player holds a
werewolf at dawn, the number of worlds and the viewpoint's wins, and a copy of such a
card is tied to the card it copied for the night.

**Memory.** What a run keeps grows with the players' hands it meets: one night plan
each (:data:`PLAN_BYTES`). A run whose plans would hold more than the memory budget
(:func:`~wooolf_solver.core.budget.max_memory`, ``--max-memory``) stops with
:class:`~wooolf_solver.core.budget.TooLargeError`, one line.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import chain, combinations, product
from math import comb, factorial
from operator import itemgetter
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, TypeVar, cast

from ....core.budget import TooLargeError, max_memory
from ....core.tally import Tally, Weight
from ..model import (
    NOTHING_SEEN,
    ClaimMade,
    OnuwKnowledge,
    OwnNight,
    PartialNight,
)
from ..model import seen_of as outcome_of
from ..night import (
    NOTHING,
    Choice,
    Doppelganger,
    Drunk,
    EntryValue,
    Insomniac,
    Mason,
    Minion,
    NightEntry,
    NightState,
    Power,
    Robber,
    Seer,
    Troublemaker,
    Werewolf,
    power_of,
)
from ..record import Claim
from ..rules import Layout, Rules, Seat, Slot
from ..win import Judge, death_judge, hunted
from ..win import wins as dawn_wins

OBSERVERS: tuple[type[Power], ...] = (Seer, Werewolf)
"""The powers whose choice moves no card: lumped when nothing observes it."""

EMPTY_LEFT: Mapping[str, int] = MappingProxyType({})
"""No card left to deal."""

Key = TypeVar("Key")

CALM: tuple[type[Power], ...] = (Power, Werewolf, Minion, Mason, Seer, Insomniac)
"""The powers that move no card at all."""

FOLDED = frozenset({"seer", "wolf", "minion", "mason"})
"""The fast paths that move no card and whose entry only a fact or a told night
observes: folded into the plan otherwise."""

MOVERS = frozenset({"robber", "swap", "drunk"})
"""The fast paths that swap two cards: the copier's and one other, or two others."""

CALM_KINDS = frozenset({"seer", "wolf", "minion", "mason", "insomniac", "idle"})
"""The fast paths that move no card."""

PLAN_BYTES = 1 << 10
"""What one night plan holds, about: its steps and options are shared with the
engine's caches, so a plan adds under 1 kB (measured with ``tracemalloc`` at 13
players with the doppelganger: about 1 kB of growth per plan, every cache included)."""


def _slots_in(value: EntryValue) -> Iterator[Slot]:
    if isinstance(value, int):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            if isinstance(item, int):
                yield item
            elif isinstance(item, tuple) and item and isinstance(item[0], int):
                yield item[0]


def swapped(kind: str, seat: Seat, choice: Choice) -> tuple[Slot, Slot] | None:
    """The two slots a move of one of the :data:`MOVERS` swaps: a troublemaker's two
    seats, or a robber's or drunk's own seat and the slot it chose (``None``: no move).

    >>> swapped("robber", 2, (5,)), swapped("swap", 2, (1, 3)), swapped("drunk", 2, ())
    ((2, 5), (1, 3), None)
    """
    if kind not in MOVERS or not choice:
        return None
    return (choice[0], choice[1]) if kind == "swap" else (seat, choice[0])


def moves(step: _Step, choice: Choice, slots: Sequence[Slot]) -> bool:
    """Whether a step's ``choice`` may move the card of one of ``slots`` (a power the
    walk does not know may).

    >>> moves((3, "robber", "robber", ((1,), (2,)), 1, False), (1,), (2, 5))
    False
    """
    seat, _, kind, *_ = step
    if kind not in MOVERS:
        return kind == "generic"
    move = swapped(kind, seat, choice)
    return move is not None and (move[0] in slots or move[1] in slots)


def holders(cards: Sequence[str], names: Iterable[str], players: int) -> list[Seat]:
    """The seats (the first ``players`` slots of ``cards``) holding one of ``names``.

    >>> holders(["seer", "robber", "seer", "seer"], ["seer"], 3)
    [1, 3]
    """
    dealt, found = cards[:players], []
    for name in names:
        at = -1
        for _ in range(dealt.count(name)):
            at = dealt.index(name, at + 1)
            found.append(at + 1)
    return found


def mentioned(entry: NightEntry) -> set[Slot]:
    return {slot for _, value in entry.items for slot in _slots_in(value)}


def _multinomial(counts: Sequence[int]) -> int:
    result = factorial(sum(counts))
    for count in counts:
        result //= factorial(count)
    return result


@lru_cache(maxsize=1 << 14)
def _sub_multisets_of(
    left: tuple[tuple[str, int], ...], size: int
) -> tuple[tuple[dict[str, int], int, tuple[str, ...]], ...]:
    """Every sub-multiset of the multiset ``left`` (``(kind, count)`` pairs) of ``size``
    cards: the sub-multiset, its number of layouts in a row, its cards in sorted order
    (cached: a block meets the same cards left again and again)."""
    return tuple(_laid_out(part) for part in _sub_multisets(dict(left), size))


def _laid_out(part: dict[str, int]) -> tuple[dict[str, int], int, tuple[str, ...]]:
    """A multiset, its number of layouts in a row, its cards in sorted order."""
    cards = tuple(kind for kind in sorted(part) for _ in range(part[kind]))
    return part, _multinomial(list(part.values())), cards


def _sub_multisets(left: Mapping[str, int], size: int) -> Iterator[dict[str, int]]:
    """Every sub-multiset of ``left`` of ``size`` cards."""
    kinds = sorted(kind for kind, count in left.items() if count)

    def walk(index: int, room: int) -> Iterator[dict[str, int]]:
        if room == 0:
            yield {}
            return
        if index == len(kinds):
            return
        kind = kinds[index]
        for take in range(min(room, left[kind]), -1, -1):
            for rest in walk(index + 1, room - take):
                yield {kind: take, **rest} if take else rest

    yield from walk(0, size)


def _picker(indices: Sequence[int]) -> Callable[[Sequence[str]], tuple[str, ...]]:
    """A function picking the items at ``indices`` of a sequence, as a tuple."""
    if len(indices) == 1:
        (only,) = indices
        return lambda items: (items[only],)
    if not indices:
        return lambda items: ()
    return cast("Callable[[Sequence[str]], tuple[str, ...]]", itemgetter(*indices))


def marked_slots(knowledge: OnuwKnowledge) -> set[Slot]:
    """The slots something names: a known card, a seat whose night is a fact, a slot
    that a claim or the viewpoint's night mentions, a seat whose ballot a hunter may
    shoot by (its voter and the seat it names)."""
    marked = {int(slot) for slot in knowledge.space.known} | set(knowledge.prior.facts)
    marked |= {*knowledge.shots, *knowledge.shots.values()}
    for claim in knowledge.claims:
        marked |= mentioned(claim.entry)
    for obs in knowledge.observations:
        if isinstance(obs, OwnNight):
            marked |= mentioned(obs.entry) | set(obs.choice)
    return marked


_Star = tuple[Seat, tuple[tuple[Slot, int], ...]]
"""A star's hub and spokes (:meth:`_Night.star`): its seat, and each slot it swaps
with and how many options that stands for."""

_Leaf = tuple[
    list[str], int, int, tuple[Seat, ...], int, tuple[bool, ...], tuple[bool, ...], _Star | None
]
"""Worlds of one night: the dawn cards, the weight and number of worlds per option,
how many options: one (``()``), or the options of a troublemaker who swaps two seats
of the tuple (each pair once) or nothing (the rest of the options); whether each
claim is true, and whether its speaker believes it holds a card off the village team
(a liar); a star: the dawn of each option is the cards with the hub's and a spoke's
swapped (``options``: the spokes' sizes summed), else ``None``."""


def _swap(cards: Sequence[str], first: Slot, second: Slot) -> list[str]:
    """The cards with those of two slots swapped (a new list).

    >>> _swap(["seer", "robber", "tanner"], 1, 3)
    ['tanner', 'robber', 'seer']
    """
    after = list(cards)
    after[first - 1], after[second - 1] = after[second - 1], after[first - 1]
    return after


def _pair_swaps(cards: Sequence[str], pairs: Sequence[Seat]) -> Iterator[list[str]]:
    """The cards after each swap of two seats of ``pairs`` (each pair once)."""
    for index, first in enumerate(pairs):
        for second in pairs[index + 1 :]:
            yield _swap(cards, first, second)


def _spread(leaf: _Leaf) -> Iterator[_Leaf]:
    """A leaf's worlds as leaves without a star: a star's, one per spoke."""
    now, weight, count, pairs, _, truth, liar, star = leaf
    if star is None:
        yield leaf
        return
    hub, spokes = star
    for spoke, size in spokes:
        yield _swap(now, hub, spoke), weight * size, count * size, pairs, 1, truth, liar, None


_Layouts = tuple[tuple[tuple[str, ...], int], ...]
"""The deals of the blocks: each the cards of the blocks' slots, and its layouts."""

_Items = tuple[tuple[str, EntryValue], ...]
"""What a seat did and saw at night: a :class:`~.night.NightEntry`'s items (the walk
makes no entry objects)."""

_Said = tuple[tuple[bool, ...], tuple[bool, ...]]
"""Whether each claim is true, and whether its speaker lies (:meth:`_Engine.said`)."""

Weigher = Callable[[tuple[bool, ...], tuple[bool, ...]], tuple[int, tuple[tuple[int, int], ...]]]
"""A leaf's claim factors from whether each claim is true and whether its speaker
lies: the product of every claim's factor, and for each true claim its number and
the product of the other claims' factors."""


class Labels(Protocol):
    """Cards dealt as one kind that stand for several real ones (:mod:`.unseen`): a
    world stands for every labelling of them, each of the same weight."""

    def win_table(
        self, judge: Judge, players: Sequence[str]
    ) -> Mapping[tuple[str, str | None], int]:
        """By the viewpoint's dawn card and the dying seat's (``None``: nobody dies): the
        labellings in which the viewpoint wins, for the players' dawn cards."""
        ...

    def wolf_seats(self, players: Sequence[str]) -> Iterable[tuple[frozenset[Seat], int]]:
        """By the players' dawn cards: each set of player seats whose class cards are
        labelled werewolves, with its labellings."""
        ...

    @property
    def telling(self) -> Iterable[str]:
        """The cards dealt as one kind, and those :meth:`shown` follows: what, besides
        the werewolf card, tells which seats hold a werewolf at dawn."""
        ...

    def shown(
        self, seat: Seat, after: list[str], entry: tuple[tuple[str, EntryValue], ...]
    ) -> tuple[list[str], tuple[tuple[str, EntryValue], ...]]:
        """The viewpoint's option at ``seat`` showed it the class cards its ``entry``
        names: each becomes a card of its own for the rest of the night, in the cards
        ``after`` the option and in the entry."""
        ...

    def seen_labels(
        self, seen: str, players: Sequence[str]
    ) -> Iterable[tuple[str, Sequence[str], Iterable[tuple[frozenset[Seat], int]]]]:
        """By what the viewpoint saw (the cards :meth:`shown` follows among them) and
        the players' dawn cards, for each labelling of the cards followed: what it saw
        and the players' cards, so labelled, and each set of player seats whose other
        class cards are labelled werewolves, with the labellings that do so."""
        ...

    def copy_of(self, card: str) -> str:
        """The card a copy of ``card`` becomes (a card tied to the one it copied)."""
        ...

    def no_wolf(self, players: Sequence[str]) -> int:
        """The labellings with no werewolf among the players' dawn cards."""
        ...

    def worlds(self, players: Sequence[str], dawn: Sequence[str]) -> int:
        """The worlds the labellings count, by the players' dealt and the dawn cards."""
        ...


@dataclass
class _Tally:
    """Integer weight sums per output, on representative slots."""

    players: int
    slots: int
    claims: tuple[Claim, ...]
    deaths: tuple[Seat | None, ...]
    total: int = 0
    worlds: int = 0
    dawn: list[dict[str, int]] = field(default_factory=list)
    dealt: list[dict[str, int]] = field(default_factory=list)
    no_wolf: int = 0
    lying: list[int] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)
    """By claim: the weight of the worlds where it is true, its own factor left out
    (with a :data:`Weigher`)."""
    win: dict[Seat | None, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.dawn = [defaultdict(int) for _ in range(self.slots)]
        self.dealt = [defaultdict(int) for _ in range(self.slots)]
        self.lying = [0] * len(self.claims)
        self.kept = [0] * len(self.claims)
        self.win = dict.fromkeys(self.deaths, 0)


class _Engine:
    """One knowledge's computation (see the module's docstring)."""

    def __init__(self, knowledge: OnuwKnowledge, copy_target: Seat | None = None) -> None:
        self.knowledge = knowledge
        self.copy_target = copy_target
        """A copying card's hint: the only seat it copies (marked), what it sees there
        its outcome (:meth:`outcome_tally`); ``None``: any, by the night prior."""
        self.rules: Rules = knowledge.rules
        self.layout: Layout = knowledge.layout
        prior = knowledge.prior
        self.scale, self.uniform, self.bots, self.facts = (
            prior.scale,
            prior.uniform,
            prior.bots,
            prior.facts,
        )
        self.fact: OwnNight | None = next(
            (obs for obs in knowledge.observations if isinstance(obs, OwnNight)), None
        )
        # a night hint's option: the viewpoint's choice is fixed, its entry need only
        # agree, and what it sees is recorded
        self.partial = isinstance(self.fact, PartialNight)
        self.claims: tuple[ClaimMade, ...] = tuple(
            obs for obs in knowledge.observations if isinstance(obs, ClaimMade)
        )
        self.prunes = frozenset(made.claim.seat for made in self.claims if not made.weights.false)
        """The claimers whose honest claim is true or weighs 0 (every pruning below
        holds for them); the others' claims (``village_lies`` above 0, in
        :mod:`.lies`) are only weighed."""
        self.certain = frozenset(
            made.claim.seat for made in self.claims if not made.weights.false | made.weights.liar
        )
        """The claimers whose claim weighs 0 unless true, whatever they believe (a claim
        taking its honest-and-true part in :mod:`.lies`): holding the card claimed, a
        robber too robbed the seat it told, which held the card it told."""
        space = knowledge.space
        self.known: dict[Slot, str] = {
            int(slot): str(cards[0]) for slot, cards in space.known.items()
        }
        self.free: dict[str, int] = {str(role): count for role, count in space.cards}
        self.claim_at: dict[Seat, ClaimMade] = {obs.claim.seat: obs for obs in self.claims}
        self.weights = {seat: made.weights for seat, made in self.claim_at.items()}
        self._slots()
        self.told: dict[Seat, str] = {
            claim.seat: claim.role for claim in knowledge.claims if claim.entry.items
        }
        """The card each claim that tells a night claims: only a seat holding that card
        has a night its claim reads (holding another, the claim is false whatever the
        night, and a card whose belief is fixed believes the same)."""
        self._roles()
        self.truth, self.liar = [False] * len(knowledge.claims), [False] * len(knowledge.claims)
        self.weigh: Weigher | None = None
        """Each leaf's claim factors, when the claims' weights are applied per leaf
        (:mod:`.lies`); ``None``: applied as the night goes."""
        self.unseen: Labels | None = None
        """The labels of the cards dealt as one kind (:mod:`.unseen`); ``None``: none,
        the weights are the worlds' own."""
        self._deal_rules()
        judge = knowledge.judge
        self.listed = judge is None
        """Whether ``win_if`` is judged world by world (some key reads more than the
        cards of the viewpoint and that key's seat)."""
        self.judge: Judge = judge or death_judge(self.rules)
        """``win_if`` by the viewpoint's card, the key's seat's and whether a player holds
        a werewolf (:attr:`.model.OnuwKnowledge.judge`)."""
        cards: list[str | None] = [*self.rules.roles, None]
        self.win_table = {
            wolves: {
                (mine, dies): int(self.judge(mine, dies, wolves))
                for mine in self.rules.roles
                for dies in cards
            }
            for wolves in (False, True)
        }
        """Whether the viewpoint wins, by some player holding a werewolf, its dawn card
        and the dawn card of the seat that dies (``None``: nobody)."""
        self.shots = knowledge.shots
        """Whom a voter takes along if it dies holding a card that shoots (a hunter)."""
        self.per_world = bool(self.shots) or self.listed
        """Whether some world's ``win_if`` is read from that world alone (a hunter's
        recorded shot, or a key judged world by world): no swap or spoke summed."""
        self.option_cache: dict[tuple[Seat, str, bool], tuple[tuple[Choice, ...], int]] = {}
        self.claim_number = {claim.seat: n for n, claim in enumerate(knowledge.claims)}
        self.seats = self.layout.seats
        self._moves()
        self.pins = self._pins()
        self._caches()
        self.deaths: tuple[Seat | None, ...] = knowledge.deaths
        self.killed = {dies: knowledge.killed(dies) for dies in self.deaths}
        """``win_if``'s reading of each key: the seats the vote kills, the ballots shot by."""

    def _roles(self) -> None:
        """What the engine reads of each card, by name."""
        roles = self.rules.roles
        self.fixed_belief = {
            name: type(power_of(role)).believes is Power.believes for name, role in roles.items()
        }
        self.team_of = {name: role.team for name, role in roles.items()}
        self.believes = {name: power_of(role).believes for name, role in roles.items()}
        self.shooters = {name: role.shoots for name, role in roles.items()}
        self.powers = {name: power_of(role) for name, role in roles.items()}
        self.kinds = {name: self._kind(power) for name, power in self.powers.items()}
        self.rank = {role.name: rank for rank, role in enumerate(self.rules.wake_order)}

    def _caches(self) -> None:
        """What the walk keeps per run, by seat and card (and night)."""
        self.allowed_cache: dict[tuple[Slot, str], bool] = {}
        self.kinds_at: dict[tuple[Slot, str], tuple[str, ...]] = {}
        """The cards a marked slot may hold, in the deals' order, by slot and the card
        left to the blocks (:meth:`_kinds_at`)."""
        self.quiet: dict[tuple[Seat, str], tuple[int, int | None, bool, bool]] = {}
        self.step_cache: dict[tuple[Seat, str, bool], _Step | None] = {}
        self.plans: dict[tuple[str, ...], _Plan] = {}
        """The plan of the night (:meth:`_Night.plan`) by the players' cards."""
        self.wakes: dict[Hashable, _Woken] = {}
        """What the seats that wake bring to a plan, by their cards and the copy
        (:meth:`_Night.woken`)."""
        self.rests: dict[tuple[tuple[_Step, ...], int, int, Slot], int] = {}
        """The rests of the nights after a calm copy (:meth:`_Night.calm_rest`),
        numbered."""
        self.judged: dict[tuple[Seat, str, Hashable], tuple[int, bool, bool | None]] = {}
        """A claim's verdict by its seat, card and night (:meth:`_Night.judge`)."""
        self.folds: dict[tuple[Seat, str, bool], tuple[int, int, int | None, bool, bool]] = {}
        self.looks: dict[Hashable, tuple[int, bool, bool | None]] = {}
        """The verdict of the last look's claim by the watcher, its card, its copy and
        the card seen (:meth:`_Night.sees`)."""
        self.copy_told = frozenset(
            claim.seat for claim in self.knowledge.claims if claim.entry.get("copied") is not None
        )
        """The seats whose claim names a seat copied."""
        self.mover_cache: dict[tuple[tuple[Slot, ...], Seat, str], tuple[str, ...]] = {}
        """The cards whose copy may move a deal's broken pairs (:meth:`_movers`)."""
        self.copy_fits: dict[tuple[Seat, Seat, str], bool] = {}
        """Whether a copy may be made by its claim (:meth:`may_copy`)."""
        self.becomes: dict[tuple[Seat, str, str], bool] = {}
        """Whether a copying card may become a kind by its claim (:meth:`_may_become`)."""
        self.robs: dict[tuple[Seat, str, tuple[Seat, str] | None], Choice | None] = {}
        """The option a robber's claim may tell truly (:meth:`honest_rob`)."""
        self.fitting: dict[frozenset[str], list[frozenset[str]]] = {}
        """The cards each block may hold, by the kinds that the lists holding ban."""
        self.layout_cache: dict[tuple[tuple[int, ...], frozenset[str]], _Layouts] = {}
        """The deals of the blocks by the cards left (:meth:`_layouts`)."""
        self.block_slots = tuple(slot for block in self.blocks for slot in block)
        """The slots of the blocks, block by block."""
        self.first = set(self.pairs_at) | set(self.claim_at)
        """The marked slots dealt first: those that a claim or a seen card tests."""
        """A step folded into the plan (:meth:`_Night.fold`), by seat, card and lone."""

    def _pins(self) -> dict[Seat, tuple[str, Choice]]:
        """The choice a claim that must be true fixes, by seat: when the seat holds the
        card it claims (a village card, believed), its choice is the one it tells."""
        pins: dict[Seat, tuple[str, Choice]] = {}
        for seat, made in self.claim_at.items():
            role = made.claim.role
            power = self.powers.get(role)
            if power is None or power.copies:  # no one holds it; a copy's choice is free
                continue
            if self.must_hold(made.claim, {seat - 1: role}) and any(
                key in made.claim.entry.keys for key in power.telling
            ):
                pins[seat] = (role, power.choice_of(made.claim.entry))
        return pins

    def tell(self, said: Iterable[tuple[int, bool, bool]]) -> None:
        """Set each claim's truth and whether its speaker lies, by number."""
        for number, true, liar in said:
            self.truth[number] = true
            self.liar[number] = liar

    def note(self, number: int, judged: tuple[int, bool, bool | None]) -> int:
        """Set a claim's truth, and whether its speaker lies if that is observed, from
        its verdict (:meth:`_Night.judge`); its factor."""
        factor, true, liar = judged
        self.truth[number] = true
        if liar is not None:
            self.liar[number] = liar
        return factor

    def said(self) -> _Said:
        """Whether each claim is true, and whether its speaker lies, as it stands."""
        return tuple(self.truth), tuple(self.liar)

    def _slots(self) -> None:
        """The marked slots (dealt explicitly) and the blocks of interchangeable slots."""
        knowledge, layout = self.knowledge, self.layout
        marked = marked_slots(knowledge)
        if self.copy_target is not None:
            marked.add(self.copy_target)
        told = {claim.seat: claim for claim in knowledge.claims}
        # the other slots, by what tells them apart: centre or seat, a bot (under the
        # uniform prior), the claim made (its content, and whether it is observed)
        blocks: dict[Any, list[Slot]] = defaultdict(list)
        for slot in layout.slots:
            if slot in marked:
                continue
            if not layout.is_seat(slot):
                blocks["centre"].append(slot)
                continue
            said, made = told.get(slot), self.claim_at.get(slot)
            weights = None if made is None else made.weights
            sign = None if said is None else (said.role, said.entry, weights)
            blocks[(self.uniform and slot in self.bots, sign)].append(slot)
        # a block of one slot gains nothing: it is dealt explicitly, with the pruning
        marked |= {block[0] for block in blocks.values() if len(block) == 1}
        self.concrete = tuple(slot for slot in layout.slots if slot in marked)
        self.blocks: tuple[tuple[Slot, ...], ...] = tuple(
            tuple(block) for block in blocks.values() if len(block) > 1
        )
        self.block_of: dict[Slot, int] = {
            slot: index for index, block in enumerate(self.blocks) for slot in block
        }

    # -- lifted deals ------------------------------------------------------------------

    def _deal_rules(self) -> None:
        """What the deal alone must satisfy (pure pruning; the night checks it all
        again): the cards that the viewpoint's night and every claim that must be true
        saw before any card moved, and the wolves and masons they name (who wakes as
        a role depends on the cards dealt and the copy made, not on card moves).

        ``pairs``: (s, r, q, x), "if s holds r, q holds x"; ``lists``: (s, r, role,
        seats), "if s holds r, the players holding role are among seats, and the others
        of seats hold a copying card that became role"."""
        rules = self.rules
        deck = set(self.free) | set(self.known.values())

        copying = {name for name in deck if power_of(rules.roles[name]).copies}

        def calm_before(role: str, but: set[str] | None = None) -> bool:
            wakes = rules.roles[role].wakes or 0
            return all(
                type(power_of(rules.roles[other])) in CALM or other in (but or ())
                for other in deck
                if (rules.roles[other].wakes or 0) < wakes
            )

        pairs: list[tuple[Slot, str, Slot, str]] = []
        fragile: list[tuple[Slot, str, Slot, str]] = []
        lists: list[tuple[Slot, str, str, tuple[Slot, ...]]] = []
        sources: list[tuple[Seat, str, NightEntry]] = []
        if self.fact is not None:
            seat = self.fact.seat
            sources.append((seat, self.known[seat], self.fact.entry))
        for made in self.claims:
            role = made.claim.role
            prunes = made.claim.seat in self.prunes
            believed = self.fixed_belief.get(role) and rules.team(role) == "village"
            certain = made.claim.seat in self.certain and role in rules.roles
            if (prunes and believed) or certain:
                sources.append((made.claim.seat, role, made.claim.entry))
        for seat, role, entry in sources:
            power = type(power_of(rules.roles[role]))
            if power in CALM:  # who wakes as a role: by the cards dealt, whatever moved
                for key, kind in (("wolves", "werewolf"), ("masons", "mason")):
                    if entry.get(key) is not None:
                        lists.append((seat, role, kind, tuple(entry.get(key))))
            if not calm_before(role, copying):
                continue
            found = pairs if calm_before(role) else fragile  # fragile: unless a copy moved
            if power is Robber and entry.get("robbed") is not None:
                found.append((seat, role, entry.get("robbed"), str(entry.get("got"))))
            if power in CALM:
                for key in ("saw", "centre"):
                    for slot, card in entry.get(key) or ():
                        found.append((seat, role, slot, card))
        self.pairs = pairs
        self.fragile = fragile
        """The pairs that hold unless the copying card, a player's, moved a card first
        (:meth:`_may_move`)."""
        self.copying = frozenset(copying)
        self.lists = lists
        seats = self.layout.seats
        self.list_checks = tuple(
            (
                seat - 1,
                role,
                kind,
                _picker([o - 1 for o in seats if o in listed]),
                _picker([o - 1 for o in seats if o not in listed]),
                frozenset({"", kind, *copying}),
                tuple(listed),
            )
            for seat, role, kind, listed in lists
        )
        """Each list as a test: the index of its seat, its role, the kind listed,
        pickers of the cards of the seats listed and of the others, the cards a
        listed seat may hold (that kind, or a copying card that became it), and the
        seats listed."""
        self.pairs_at: dict[Slot, list[tuple[Slot, str, Slot, str, bool]]] = defaultdict(list)
        for rules_of, weak in ((pairs, False), (fragile, True)):
            for seat, role, other, card in rules_of:
                self.pairs_at[seat].append((seat, role, other, card, weak))
                self.pairs_at[other].append((seat, role, other, card, weak))

    def _pairs_hold(self, slot: Slot, dealt: list[str], left: Mapping[str, int]) -> bool:
        """Whether the pairs at ``slot`` hold as far as the cards are dealt (``left``:
        the cards not dealt yet)."""
        for seat, role, other, card, weak in self.pairs_at.get(slot, ()):
            held = dealt[other - 1]
            broken = dealt[seat - 1] == role and held and held != card
            if broken and (not weak or not self._may_move(dealt, left)):
                return False
        return True

    def _broken(self, dealt: Sequence[str]) -> list[tuple[Slot, str]]:
        """The fragile pairs that the deal breaks (as far as it is dealt): each slot
        whose card the copy must move, and the card it must bring there. A pair that
        holds on a slot of a broken one is listed too, with the card it holds: every
        look of a pair sees the cards as the copy left them (nothing else moves
        first), so that slot would have to show two cards, and no copy brings both."""
        active = [(other, card) for other, card in self._looked(dealt) if dealt[other - 1]]
        broken = [(other, card) for other, card in active if dealt[other - 1] != card]
        if broken:
            moved = {other for other, _ in broken}
            broken += [(o, card) for o, card in active if o in moved and dealt[o - 1] == card]
        return broken

    def _looked(self, dealt: Sequence[str]) -> list[tuple[Slot, str]]:
        """The fragile pairs of a deal (broken or not): each slot and the card that a
        look will see there once the copy moved."""
        return [
            (other, card) for seat, role, other, card in self.fragile if dealt[seat - 1] == role
        ]

    def copier_of(self, dealt: Sequence[str]) -> Seat:
        """The player dealt a card that copies another (0: none, or not dealt yet)."""
        players = dealt[: self.layout.players]
        return min((players.index(name) + 1 for name in self.copying if name in players), default=0)

    def _may_move(self, dealt: Sequence[str], left: Mapping[str, int]) -> bool:
        """Whether one copy may still bring every fragile pair the deal breaks its card
        before anyone looks: the copying card is a player's (or a player's not dealt
        yet may take it), and another player holds (or the cards ``left`` hold) a card
        whose copy, which the copier's claim allows, moves those cards (:meth:`brings`)."""
        broken = self._broken(dealt)
        if not broken:
            return True
        copier = self.copier_of(dealt)
        moved = tuple(dict.fromkeys(slot for slot, _ in broken))  # two pairs may name one
        if copier:
            copying = dealt[copier - 1]
            return self._copy_brings(broken, moved, copier, copying, dealt=dealt, left=left)
        return any(
            left.get(name) and self._copy_brings(broken, moved, seat, name, dealt=dealt, left=left)
            for name in self.copying
            for seat in self.seats
            if not dealt[seat - 1]
        )

    def _copy_brings(
        self,
        broken: Sequence[tuple[Slot, str]],
        moved: tuple[Slot, ...],
        copier: Seat,
        copying: str,
        *,
        dealt: Sequence[str],
        left: Mapping[str, int],
    ) -> bool:
        """Whether the copying card ``copying`` at ``copier`` may copy a card, held by
        a player or left, whose move brings each slot of ``broken`` its card."""
        players = dealt[: self.layout.players]
        return any(
            (left.get(name) or name in players)
            and self.brings(self.kinds[name], broken, copier, copying, dealt=dealt, left=left)
            for name in self._movers(moved, copier, copying)
        )

    def _movers(self, moved: tuple[Slot, ...], copier: Seat, copying: str) -> tuple[str, ...]:
        """The cards whose copy, which the claim of the copying card ``copying`` at
        ``copier`` allows, moves the cards of every slot of ``moved`` (cached)."""
        key = (moved, copier, copying)
        found = self.mover_cache.get(key)
        if found is None:
            found = self.mover_cache[key] = tuple(
                name
                for name in self.kinds
                if self.reaches(self.kinds[name], moved, copier)
                and any(
                    self.may_copy(copier, copying, seat, name)
                    for seat in self.seats
                    if seat != copier
                )
            )
        return found

    def reaches(self, kind: str, slots: Sequence[Slot], copier: Seat) -> bool:
        """Whether one move of a copy of a power of ``kind`` by the player ``copier``
        may move the cards of every slot of ``slots``."""
        seats = [slot for slot in slots if self.layout.is_seat(slot)]
        others = [seat for seat in seats if seat != copier]
        if kind == "robber":  # the copier's card and one other player's
            return len(seats) == len(slots) and len(others) <= 1
        if kind == "swap":  # two other players' cards
            return len(others) == len(slots) <= 2
        if kind == "drunk":  # the copier's card and one centre card
            return not others and len(slots) - len(seats) <= 1
        return kind == "generic" or not slots

    def brings(
        self,
        kind: str,
        broken: Sequence[tuple[Slot, str]],
        copier: Seat,
        copying: str,
        *,
        dealt: Sequence[str],
        left: Mapping[str, int],
    ) -> bool:
        """Whether one move of a copy of a power of ``kind`` by the player ``copier``,
        dealt the copying card ``copying``, may bring each slot of ``broken`` the card
        it must hold (a slot not dealt yet may hold a card ``left``): a robber's move
        brings the copier the card it robs and the seat robbed the copying card; a
        troublemaker's, each of two other players the other's card; a drunk's, the
        copier a centre card and that slot the copying card."""
        if not broken:
            return True
        wanted = dict(broken)
        if len(wanted) < len(set(broken)) or not self.reaches(kind, tuple(wanted), copier):
            return False  # one slot must hold two cards, or the move misses a slot
        if kind not in MOVERS:
            return True

        def may_hold(slot: Slot, card: str) -> bool:
            held = dealt[slot - 1]
            return held == card or (not held and bool(left.get(card)))

        others = [slot for slot in wanted if slot != copier]
        if kind == "swap":
            if len(others) == 2:
                first, second = others
                return dealt[first - 1] == wanted[second] and dealt[second - 1] == wanted[first]
            (slot,) = others
            return any(
                may_hold(seat, wanted[slot]) for seat in self.seats if seat not in (copier, slot)
            )
        # a robber's or a drunk's move: the copier's card and one other slot's
        if others:
            (slot,) = others
            return (
                wanted[slot] == copying
                and (copier not in wanted or dealt[slot - 1] == wanted[copier])
                and (kind != "robber" or self._may_rob(copier, copying, dealt[slot - 1]))
            )
        card = wanted[copier]
        if kind == "robber":
            return self._may_rob(copier, copying, card) and any(
                may_hold(seat, card) for seat in self.seats if seat != copier
            )
        return any(may_hold(slot, card) for slot in self.layout.centre)

    def _may_rob(self, copier: Seat, copying: str, card: str) -> bool:
        """Whether the copying card ``copying`` at ``copier``, become a robber, may rob
        ``card`` (``""``: not dealt yet) by its claim (as :meth:`_Night.groups`): an
        honest claim of another card is false, so its speaker must lie, ending the
        night with a card off the village team."""
        made = self.claim_at.get(copier)
        if made is None or copier not in self.prunes or made.claim.role == copying:
            return True
        return not card or self.team_of[card] != "village"

    def _lists_hold(self, dealt: list[str]) -> bool:
        """Whether the lists of wolves and masons hold, as far as the cards are dealt
        (a slot not dealt yet is ``""``)."""
        for index, role, kind, inside, outside, fits, listed in self.list_checks:
            if dealt[index] == role:
                if kind in outside(dealt):
                    return False
                held = inside(dealt)
                if not fits.issuperset(held):
                    return False
                if not self.copying.isdisjoint(held) and not all(
                    self._may_become(seat, dealt[seat - 1], kind)
                    for seat in listed
                    if dealt[seat - 1] in self.copying
                ):
                    return False
        return True

    def _may_become(self, seat: Seat, copying: str, kind: str) -> bool:
        """Whether the copying card ``copying`` at ``seat`` may become ``kind`` by its
        claim (:meth:`may_copy`, some seat copied; cached): a list that holds and
        names the seat says it did."""
        key = (seat, copying, kind)
        found = self.becomes.get(key)
        if found is None:
            found = self.becomes[key] = any(
                self.may_copy(seat, copying, target, kind)
                for target in self.seats
                if target != seat
            )
        return found

    def _moves(self) -> None:
        """Whether the deck's card moves are plain, and the claimers that would lie
        holding an insomniac card (see :meth:`_dawn_may_lie`)."""
        deck = {*self.free, *self.known.values()}
        plain = all(
            self.kinds[name] in CALM_KINDS
            or self.kinds[name] in {"swap", "drunk", "copy"}
            or (self.kinds[name] == "robber" and self.team_of[name] == "village")
            for name in deck
        )
        robbers = [self.rank[name] for name in deck if self.kinds[name] == "robber"]
        swappers = [self.rank[name] for name in deck if self.kinds[name] == "swap"]
        plain = plain and (not robbers or not swappers or max(robbers) < min(swappers))
        self.plain_moves = plain
        """Whether the deck's only card moves are a village robber's, then swaps, a
        drunk's (its own card) and a copy's."""
        self.reachers = frozenset(
            name for name in deck if self.kinds[name] == "swap" or name in self.copying
        )
        """The cards that may reach an insomniac's seat (:meth:`_dawn_may_lie`)."""
        insomniacs = [name for name in deck if self.kinds[name] == "insomniac"]
        self.watchers = tuple(sorted(insomniacs))
        self.swappers = tuple(sorted(name for name in deck if self.kinds[name] == "swap"))
        """The deck's insomniac cards and troublemaker cards (:meth:`_dawn_may_lie`)."""
        self.sleepless: frozenset[Seat] = frozenset()
        """The claimers that would lie if they held an insomniac (village) card, when
        the deck's card moves are plain (see :meth:`_dawn_may_lie`)."""
        if plain and insomniacs:
            self.sleepless = frozenset(
                seat
                for seat, made in self.claim_at.items()
                if seat in self.prunes
                and made.claim.role not in insomniacs
                and all(self.team_of[name] == "village" for name in insomniacs)
            )

    def _dawn_may_lie(self, dealt: list[str], left: Mapping[str, int] = EMPTY_LEFT) -> bool:
        """False when an insomniac must lie (it claimed another card) but cannot end
        the night holding a card off the village team: the only card moves are the
        robber's (which hands over the robber, a village card, or the copying card,
        a village card, if a copy robbed the robber), the drunk's (its own card), a
        copy's and the troublemakers', and no troublemaker among the players may swap
        it (its choice fixed elsewhere by its claim or the viewpoint's night), nor may
        the copying card copy one (a copied robber hands over the copying card; a copy
        must bring the broken fragile pairs their cards, :meth:`_copy_swaps`). On a
        deal not complete (``left``: the cards not dealt yet), True while a card left
        may swap or copy."""
        if not self.sleepless or (left and any(left.get(name) for name in self.reachers)):
            return True
        players, copier = self.layout.players, -1
        for seat in holders(dealt, self.watchers, players):
            if seat not in self.sleepless:
                continue
            reached = False
            for other in holders(dealt, self.swappers, players):
                if other == seat:
                    continue
                pin = self.pins.get(other)
                told = pin[1] if pin is not None and pin[0] == dealt[other - 1] else None
                if self.fact is not None and other == self.fact.seat:
                    told = self.fact.choice
                if told is None or seat in told:
                    reached = True
            if not reached:
                if copier < 0:
                    copier = self.copier_of(dealt)
                reached = bool(copier) and self._copy_swaps(copier, dealt, left)
            if not reached:
                return False
        return True

    def _copy_swaps(self, copier: Seat, dealt: Sequence[str], left: Mapping[str, int]) -> bool:
        """Whether the copying card at ``copier`` may become a troublemaker: its claim
        allows a copy of a troublemaker a player holds, and a troublemaker's move may
        bring the fragile pairs the deal breaks their cards (:meth:`brings`)."""
        copying, players = dealt[copier - 1], self.layout.players
        return any(
            self.may_copy(copier, copying, other, dealt[other - 1])
            for other in holders(dealt, self.swappers, players)
            if other != copier
        ) and self.brings("swap", self._broken(dealt), copier, copying, dealt=dealt, left=left)

    def must_hold(self, claim: Claim, dealt: Mapping[int, str] | Sequence[str]) -> bool:
        """Whether ``claim`` has weight 0 unless true, by the deal alone: its seat holds
        the role it claims, a village card whose holder believes it holds it (or any
        card, its claimer :attr:`certain`)."""
        role = dealt[claim.seat - 1]
        if role != claim.role or claim.seat not in self.prunes:
            return False
        return claim.seat in self.certain or (
            self.fixed_belief[role] and self.team_of[role] == "village"
        )

    def _allowed(self, slot: Slot, role: str) -> bool:
        """Whether a marked slot may hold ``role`` (a cheap test that needs no night)."""
        key = (slot, role)
        known = self.allowed_cache.get(key)
        if known is None:
            known = self.allowed_cache[key] = self._allowed_at(slot, role)
        return known

    def _allowed_at(self, slot: Slot, role: str) -> bool:
        made = self.claim_at.get(slot)
        if made is None or not self.fixed_belief[role] or slot not in self.prunes:
            return True
        if self.rules.team(role) != "village":
            return True
        return made.claim.role == role

    def deals(self) -> Iterator[tuple[tuple[str, ...], int]]:
        """Every lifted deal: a representative (cards by ``slot - 1``) and its orbit size.

        The marked slots are dealt one by one (an explicit stack, not a generator per
        slot), a card refused where some block would be left fewer cards it may hold
        than it has slots; for each deal of them, the blocks' deals are listed at once.
        A copying card (one in the deck, not known) is placed first, at each marked
        slot in turn and then in the blocks: the fragile pairs then prune at once."""
        layout = self.layout
        dealt = [""] * len(layout.slots)
        for slot, role in self.known.items():
            dealt[slot - 1] = role
        for slot, role in self.known.items():
            if not self._allowed(slot, role) or not self._pairs_hold(slot, dealt, self.free):
                return
        left = dict(self.free)
        order = sorted(left)  # the kinds of card, as the deals are listed
        unknown = sorted(
            (slot for slot in self.concrete if slot not in self.known),
            key=lambda slot: (slot not in self.first, len(self._kinds_at(slot, order, "")), slot),
        )
        copies = [name for name in self.copying if left.get(name)]
        if len(copies) != 1 or left[copies[0]] != 1:
            yield from self._marked_deals(dealt, left, order, unknown)
            return
        copy = copies[0]
        left[copy] = 0
        for slot in unknown:
            dealt[slot - 1] = copy
            if (
                self._allowed(slot, copy)
                and self._pairs_hold(slot, dealt, left)
                and self._lists_hold(dealt)
            ):
                rest = [other for other in unknown if other != slot]
                yield from self._marked_deals(dealt, left, order, rest)
            dealt[slot - 1] = ""
        left[copy] = 1
        if self.blocks:
            yield from self._marked_deals(dealt, left, order, unknown, copy)

    def _marked_deals(
        self,
        dealt: list[str],
        left: dict[str, int],
        order: Sequence[str],
        unknown: list[Slot],
        skip: str = "",
    ) -> Iterator[tuple[tuple[str, ...], int]]:
        """The deals of the ``unknown`` marked slots (the others dealt), each with every
        deal of the blocks; the card ``skip`` is left to the blocks. A card is taken back
        as soon as an insomniac that must lie can no longer end the night off the
        village team (:meth:`_dawn_may_lie`)."""
        if not unknown:
            if self._dawn_may_lie(dealt, left):
                yield from self._block_deals(dealt, left, order)
            return
        fits = [
            frozenset(kind for kind in left if self._allowed(block[0], kind))
            for block in self.blocks
        ]
        supply = [sum(left[kind] for kind in kinds) for kinds in fits]
        """By block: how many cards left it may hold."""
        hits = {
            kind: [(at, len(self.blocks[at])) for at, kinds in enumerate(fits) if kind in kinds]
            for kind in left
        }
        """By card: the blocks that may hold it, and their sizes."""
        kinds = [self._kinds_at(slot, order, skip) for slot in unknown]
        """By marked slot: the cards it may hold, in order."""
        trials: list[Iterator[str]] = [iter(kinds[0])]
        """By marked slot being dealt: the cards still to try there."""
        taken: list[str] = []
        while trials:
            depth = len(trials) - 1
            slot = unknown[depth]
            if len(taken) > depth:  # take back this slot's last card
                back = taken.pop()
                left[back] += 1
                for at, _ in hits[back]:
                    supply[at] += 1
            for role in trials[-1]:
                if left[role] and all(supply[at] > size for at, size in hits[role]):
                    dealt[slot - 1] = role
                    if self._pairs_hold(slot, dealt, left) and self._lists_hold(dealt):
                        break
            else:
                dealt[slot - 1] = ""
                trials.pop()
                continue
            left[role] -= 1
            for at, _ in hits[role]:
                supply[at] -= 1
            taken.append(role)
            if not self._dawn_may_lie(dealt, left):
                continue  # taken back at once
            if depth + 1 < len(unknown):
                trials.append(iter(kinds[depth + 1]))
            else:
                yield from self._block_deals(dealt, left, order)

    def _kinds_at(self, slot: Slot, order: Sequence[str], skip: str) -> tuple[str, ...]:
        """The cards of ``order`` but ``skip`` that a marked slot may hold
        (:meth:`_allowed`; cached)."""
        key = (slot, skip)
        kinds = self.kinds_at.get(key)
        if kinds is None:
            kinds = self.kinds_at[key] = tuple(
                kind for kind in order if kind != skip and self._allowed(slot, kind)
            )
        return kinds

    def _block_deals(
        self, dealt: list[str], left: dict[str, int], order: Sequence[str]
    ) -> list[tuple[tuple[str, ...], int]]:
        """Every deal of the blocks, the marked slots dealt (``dealt``, the cards
        ``left``): each block a multiset of the cards left that it may hold, in a
        fixed order, and the number of its layouts. A list of wolves or masons that
        holds names every player of that kind, all marked: no seat of a block holds it.
        The insomniac that must lie was tested as the marked slots were dealt."""
        if self.fragile and not self._may_move(dealt, left):
            return []
        banned = frozenset(kind for at, role, kind, *_ in self.list_checks if dealt[at] == role)
        kinds = self.fitting.get(banned)
        if kinds is None:
            kinds = self.fitting[banned] = [
                frozenset(
                    kind
                    for kind in self.free
                    if self._allowed(block[0], kind)
                    and not (kind in banned and self.layout.is_seat(block[0]))
                )
                for block in self.blocks
            ]
        found: list[tuple[tuple[str, ...], int]] = []
        slots = self.block_slots
        counts = tuple(left[kind] for kind in order)
        for cards, orbit in self._layouts(counts, order, banned, kinds):
            for slot, card in zip(slots, cards, strict=True):
                dealt[slot - 1] = card
            if (
                self._lists_hold(dealt)
                and self._dawn_may_lie(dealt)
                and (not self.fragile or self._may_move(dealt, {}))
            ):
                found.append((tuple(dealt), orbit))
        for slot in slots:
            dealt[slot - 1] = ""
        return found

    def _layouts(
        self,
        counts: tuple[int, ...],
        order: Sequence[str],
        banned: frozenset[str],
        kinds: list[frozenset[str]],
    ) -> _Layouts:
        """Every deal of the blocks of the cards left (their ``counts`` in ``order``),
        each block a multiset of the cards it may hold (``kinds``, by the kinds the
        lists that hold ``banned``) in a fixed order: the cards of the blocks' slots,
        and the number of layouts (cached by the cards left and the kinds banned)."""
        key = (counts, banned)
        found = self.layout_cache.get(key)
        if found is None:
            left = dict(zip(order, counts, strict=True))
            found = self.layout_cache[key] = tuple(self._lay(0, left, order, kinds))
        return found

    def _lay(
        self, index: int, left: dict[str, int], order: Sequence[str], kinds: list[frozenset[str]]
    ) -> Iterator[tuple[tuple[str, ...], int]]:
        """The deals of the blocks from ``index`` on (see :meth:`_layouts`)."""
        if index == len(self.blocks):
            yield (), 1
            return
        block, fits = self.blocks[index], kinds[index]
        if index == len(self.blocks) - 1:  # it takes every card left, if it may
            rest = tuple((kind, left[kind]) for kind in order if left[kind])
            if not all(kind in fits for kind, _ in rest):
                return
            options = _sub_multisets_of(rest, len(block))
        else:
            allowed = tuple((kind, left[kind]) for kind in order if left[kind] and kind in fits)
            options = _sub_multisets_of(allowed, len(block))
        for part, ways, cards in options:
            for kind, count in part.items():
                left[kind] -= count
            for more, orbit in self._lay(index + 1, left, order, kinds):
                yield cards + more, ways * orbit
            for kind, count in part.items():
                left[kind] += count

    # -- the night, played with its choices ----------------------------------------------

    def _kind(self, power: Power) -> str:
        """How the walk plays a power: one of the fast paths, or ``"generic"``."""
        return {
            Robber: "robber",
            Troublemaker: "swap",
            Seer: "seer",
            Werewolf: "wolf",
            Minion: "minion",
            Mason: "mason",
            Insomniac: "insomniac",
            Doppelganger: "copy",
            Drunk: "drunk",
            Power: "idle",
        }.get(type(power), "generic")

    def options_of(
        self,
        seat: Seat,
        name: str,
        dealt: tuple[str, ...],
        lone: bool,
        copies: Mapping[Seat, str] = MappingProxyType({}),
    ) -> tuple[tuple[Choice, ...], int]:
        """The options of ``seat`` holding ``name`` (the viewpoint's recorded one only)
        and the prior weight of each (cached unless the power is not a known one), with
        the roles the copying seats became (``copies``: whether a werewolf is alone)."""
        key = (seat, name, lone)
        cached = self.option_cache.get(key)
        if cached is not None:
            return cached
        power = self.powers[name]
        state = NightState(self.layout, dealt, list(dealt), dict(copies))
        if seat in self.facts:
            options = power.options(seat, state, uniform=True)
            if self.fact is not None:
                options = (self.fact.choice,) if self.fact.choice in options else ()
            result = (options, 1)
        else:
            options = power.options(seat, state, self.uniform and seat not in self.bots)
            result = (options, self.scale // len(options))
        if self.kinds[name] != "generic":
            self.option_cache[key] = result
        return result

    def copy_options(
        self, seat: Seat, copied: str, dealt: tuple[str, ...]
    ) -> tuple[tuple[Choice, ...], int]:
        """The options of a copying card at ``seat`` once it became ``copied`` (the
        copied role's choices, without the seat copied; the recorded one only for the
        viewpoint) and the prior weight of each: a seat uniformly among the other
        players, then the copied role's choice uniformly (cached)."""
        key = (seat, f"copied {copied}", False)
        cached = self.option_cache.get(key)
        if cached is not None:
            return cached
        power = self.powers[copied]
        state = NightState(self.layout, dealt, list(dealt), {seat: copied})
        if seat in self.facts:
            options = power.options(seat, state, uniform=True)
            if self.fact is not None:
                told = self.fact.choice[1:]
                options = (told,) if told in options else ()
            result = (options, 1)
        else:
            options = power.options(seat, state, self.uniform and seat not in self.bots)
            result = (options, self.scale // (len(options) * (self.layout.players - 1)))
        self.option_cache[key] = result
        return result

    def may_copy(self, seat: Seat, name: str, target: Seat, copied: str) -> bool:
        """Whether the copying card ``name`` at ``seat`` may copy ``copied`` at
        ``target`` by what is known of its night and by its own claim (cached): the
        viewpoint's night names the seat it copied and the card it saw there, a copy
        hint the seat (:attr:`copy_target`); a claim that must be true, as when it then
        believes it holds that village card, claims ``name`` and names that copy if
        it names one (else the night weighs 0 at its first step)."""
        key = (seat, target, copied)
        known = self.copy_fits.get(key)
        if known is None:
            made = self.claim_at.get(seat)
            known = self._night_allows(seat, target, copied)
            if made is not None and seat in self.prunes:
                believed = self.fixed_belief[copied] and self.team_of[copied] == "village"
                if believed or seat in self.certain:
                    told = made.claim.entry.get("copied")
                    known = (
                        known and made.claim.role == name and told in (None, ((target, copied),))
                    )
            self.copy_fits[key] = known
        return known

    def _night_allows(self, seat: Seat, target: Seat, copied: str) -> bool:
        """Whether what is known of the copying seat's night allows the copy of
        ``copied`` at ``target`` (see :meth:`may_copy`). Neither is a class card: the
        viewpoint's night names the card it copied (:mod:`.unseen`)."""
        if self.copy_target is not None and target != self.copy_target:
            return False
        fact = self.fact
        if fact is None or seat not in self.facts:
            return True
        told = fact.entry.get("copied")
        return (target,) == fact.choice[:1] and told in (None, ((target, copied),))

    def honest_rob(self, seat: Seat, name: str, copy: tuple[Seat, str] | None) -> Choice | None:
        """The one option a robber's claim may tell truly, holding ``name`` (with the
        ``copy`` it made, if a copying card): the seat its claim says it robbed, or
        ``None`` when the claim cannot be true (another card, another copy); ``()``
        when any option may be (a claim that names no seat robbed). The claimer must
        be one whose honest false claim weighs 0 (:attr:`prunes`)."""
        key = (seat, name, copy)
        if key not in self.robs:
            claim = self.claim_at[seat].claim
            told = dict(claim.entry.items)
            copied, robbed = told.get("copied"), told.get("robbed")
            if claim.role != name or (copy is not None and copied not in (None, (copy,))):
                self.robs[key] = None
            else:
                self.robs[key] = (robbed,) if isinstance(robbed, int) else ()
        return self.robs[key]

    def leaves(self, dealt: tuple[str, ...]) -> list[_Leaf]:
        """Every night on a representative deal that the viewpoint's night and the
        claims allow (see :class:`_Night`)."""
        return _Night(self, dealt).leaves()

    # -- weighing ----------------------------------------------------------------------

    def tally(self, stop_at_first: bool = False) -> _Tally:
        """Every world's weight into the outputs (only the first, with
        ``stop_at_first``: a consistency test)."""
        layout = self.layout
        tally = _Tally(layout.players, len(layout.slots), self.knowledge.claims, self.deaths)
        players, unseen = layout.players, self.unseen
        viewpoint = self.knowledge.viewpoint
        whole = viewpoint is not None and self.per_world  # a star's spokes one by one
        by_truth: dict[tuple[bool, ...], int] = {}
        # the weight of the worlds by which claims are true, summed per claim at the end
        for dealt, orbit in self.deals():
            deal_mass = 0
            leaves = self.leaves(dealt)
            if whole:
                leaves = [world for leaf in leaves for world in _spread(leaf)]
            for now, prior, count, pairs, options, truth, liars, star in leaves:
                weight = orbit * prior
                if self.weigh is not None:
                    factor, kept = self.weigh(truth, liars)
                    for number, rest in kept:
                        tally.kept[number] += weight * options * rest
                    weight *= factor
                    if not weight:
                        continue
                mass = weight * options
                tally.total += mass
                worlds = orbit * count * options
                wolves = viewpoint is not None and "werewolf" in now[:players]
                if unseen is not None:
                    worlds *= unseen.worlds(dealt[:players], now)
                tally.worlds += worlds
                if star is None:
                    tally.no_wolf += mass * self._unwolfed(now[:players])
                else:
                    tally.no_wolf += weight * self._star_unwolfed(now, star)
                if stop_at_first:
                    return tally
                deal_mass += mass
                by_truth[truth] = by_truth.get(truth, 0) + mass
                if pairs:
                    self._add_swaps(
                        tally, now, dealt, weight, pairs=pairs, options=options, wolves=wolves
                    )
                elif star is not None:
                    self._add_star(tally, now, dealt, weight, star)
                    if viewpoint is not None:
                        self._add_star_wins(tally, now, weight, star, viewpoint)
                else:
                    self._add_world(tally, now, dealt, mass, wolves)
            if deal_mass:
                for index, card in enumerate(dealt):
                    tally.dealt[index][card] += deal_mass
        for dawn, dealt_sums in zip(tally.dawn, tally.dealt, strict=True):
            for card, mass in dealt_sums.items():  # the dawn: the deals' cards, then the moves
                dawn[card] += mass
        for truth, mass in by_truth.items():
            for number, true in enumerate(truth):
                if not true:
                    tally.lying[number] += mass
        return tally

    def outcome_tally(self) -> Outcomes:
        """With a partial fact (a night hint's option): the weight of each signature
        of ``D``, the player seats holding a werewolf at dawn, by what the viewpoint
        sees. A signature is the marked player seats in ``D`` and how many seats of
        each block are in ``D``; every set of that signature has the same weight (the
        symmetry), and :meth:`Outcomes.orbit` counts them. With a class of cards dealt
        as one kind, a world adds each labelling's ``D``."""
        players = self.layout.players
        sides = tuple(tuple(slot for slot in block if slot <= players) for block in self.blocks)
        marked = tuple(slot for slot in self.concrete if slot <= players)
        masses: dict[str, dict[Signature, int]] = defaultdict(lambda: defaultdict(int))

        # each world's mass by what the viewpoint saw and the players' dawn cards that
        # tell D (a werewolf, a class card), summed before D is read once per such key
        mask: defaultdict[str, str] = defaultdict(str, {card: card for card in self.telling})
        pending: defaultdict[tuple[str, tuple[str, ...]], int] = defaultdict(int)

        def add(seen: str, now: list[str], mass: int) -> None:
            pending[seen, tuple(map(mask.__getitem__, now[:players]))] += mass

        for cards, orbit in self.deals():
            night = _Night(self, cards)
            found = night.leaves()
            for leaf, seen in zip(found, night.seen, strict=True):
                for now, prior, _, pairs, options, *_ in _spread(leaf):
                    weight = orbit * prior
                    if not pairs:
                        add(seen, now, weight * options)
                        continue
                    for after in _pair_swaps(now, pairs):
                        add(seen, after, weight)
                    rest = options - comb(len(pairs), 2)
                    if rest:
                        add(seen, now, weight * rest)
        signatures: dict[frozenset[Seat], Signature] = {}

        def signature(wolves: frozenset[Seat]) -> Signature:
            """The signature of ``D`` (cached by ``D``)."""
            found = signatures.get(wolves)
            if found is None:
                found = signatures[wolves] = (
                    tuple(slot for slot in marked if slot in wolves),
                    tuple(sum(slot in wolves for slot in side) for side in sides),
                )
            return found

        def werewolves(cards: Sequence[str]) -> frozenset[Seat]:
            return frozenset(seat for seat, card in enumerate(cards, 1) if card == "werewolf")

        for (seen, cards), mass in pending.items():
            if self.unseen is None:
                masses[seen][signature(werewolves(cards))] += mass
                continue
            for shown, real, labels in self.unseen.seen_labels(seen, cards):
                per, wolves = masses[shown], werewolves(real)
                for labelled, count in labels:
                    per[signature(wolves | labelled)] += mass * count
        return Outcomes(
            MappingProxyType({seen: MappingProxyType(dict(per)) for seen, per in masses.items()}),
            sides,
        )

    def _unwolfed(self, players: Sequence[str]) -> int:
        """By the players' dawn cards: 1 if no player holds a werewolf, else 0 (with a
        class of cards dealt as one kind: the labellings in which none does)."""
        if self.unseen is not None:
            return self.unseen.no_wolf(players)
        return 0 if "werewolf" in players else 1

    def _star_unwolfed(self, now: list[str], star: _Star) -> int:
        """:meth:`_unwolfed` summed over a star's spokes, each times its size: a spoke
        among the players leaves the players' cards as they are, and so does a centre
        spoke for this count when neither card it trades tells it (:attr:`telling`)."""
        hub, spokes = star
        players, telling = self.layout.players, self.telling
        kept = now[hub - 1]
        same, total = 0, 0
        for spoke, size in spokes:
            card = now[spoke - 1]
            if spoke <= players or (card not in telling and kept not in telling):
                same += size
                continue
            cards = now[:players]
            cards[hub - 1] = card
            total += size * self._unwolfed(cards)
        return total + same * self._unwolfed(now[:players]) if same else total

    @staticmethod
    def _add_moves(tally: _Tally, now: Sequence[str], dealt: Sequence[str], mass: int) -> None:
        """A night's dawn into the dawn cards, ``mass`` times, as it differs from the
        deal's cards (those are added once per run, from the dealt cards' sums)."""
        for sums, card, held in zip(tally.dawn, now, dealt, strict=True):
            if card != held:
                sums[card] += mass
                sums[held] -= mass

    def _add_star(
        self, tally: _Tally, now: list[str], dealt: Sequence[str], weight: int, star: _Star
    ) -> None:
        """A star's dawns into the dawn cards (no viewpoint: no ``win_if``): each spoke
        swaps its card with the hub's, ``weight`` times its size."""
        hub, spokes = star
        self._add_moves(tally, now, dealt, weight * sum(size for _, size in spokes))
        kept, at_hub = now[hub - 1], tally.dawn[hub - 1]
        for spoke, size in spokes:
            card, there, mass = now[spoke - 1], tally.dawn[spoke - 1], weight * size
            at_hub[card] += mass
            at_hub[kept] -= mass
            there[kept] += mass
            there[card] -= mass

    def _add_star_wins(
        self, tally: _Tally, now: list[str], weight: int, star: _Star, viewpoint: Seat
    ) -> None:
        """A star's worlds into ``win_if``. A spoke among the players, neither of whose
        two seats is the viewpoint, keeps the viewpoint's card and the players' cards
        (so the table of wins): each seat's death counts as in ``now``, but for the
        hub's and the spoke's, whose cards trade places. So does a centre spoke when
        neither card it trades tells the table (:attr:`telling`), but for the hub's
        death. Any other spoke is a world of its own."""
        hub, spokes = star
        players, telling = self.layout.players, self.telling
        wins, mine = self._judged(now, "werewolf" in now[:players]), now[viewpoint - 1]
        kept = now[hub - 1]
        inside = 0
        for spoke, size in spokes:
            card = now[spoke - 1]
            if viewpoint in (hub, spoke) or (
                spoke > players and (card in telling or kept in telling)
            ):
                after = _swap(now, hub, spoke)
                self._add_wins(
                    tally, after, weight * size, "werewolf" in after[:players], viewpoint
                )
                continue
            # a spoke among the players, or a centre card that changes no table
            inside += size
            moved = wins[mine, card] - wins[mine, kept]
            if moved:
                tally.win[hub] += weight * size * moved
                if spoke <= players:
                    tally.win[spoke] -= weight * size * moved
        if inside:
            for dies in self.deaths:
                won = wins[mine, None if dies is None else now[dies - 1]]
                if won:
                    tally.win[dies] += weight * inside * won

    def _add_world(
        self, tally: _Tally, now: list[str], dealt: Sequence[str], mass: int, wolves: bool
    ) -> None:
        """One night's dawn into the dawn cards and ``win_if`` (with a class of cards
        dealt as one kind, the labellings in which the viewpoint wins)."""
        self._add_moves(tally, now, dealt, mass)
        viewpoint = self.knowledge.viewpoint
        if viewpoint is not None:
            self._add_wins(tally, now, mass, wolves, viewpoint)

    def _add_wins(
        self, tally: _Tally, now: list[str], mass: int, wolves: bool, viewpoint: Seat
    ) -> None:
        """One night's dawn into ``win_if``."""
        if self.listed:
            for dies in self._listed_wins(now, viewpoint):
                tally.win[dies] += mass
            return
        wins, mine = self._judged(now, wolves), now[viewpoint - 1]
        for dies in self.deaths:
            if dies is not None and dies in self.shots and self.shooters[now[dies - 1]]:
                won = int(self._shot_wins(now, dies, viewpoint))
            else:
                won = wins[mine, None if dies is None else now[dies - 1]]
            if won:
                tally.win[dies] += mass * won

    @cached_property
    def telling(self) -> frozenset[str]:
        """The cards that tell which players hold a werewolf at dawn: the werewolf card
        and, with a class of cards dealt as one kind, its kinds. A trade of two other
        cards between a player and the centre keeps the table of wins
        (:meth:`_judged`)."""
        return frozenset({"werewolf", *(self.unseen.telling if self.unseen is not None else ())})

    def _judged(self, now: Sequence[str], wolves: bool) -> Mapping[tuple[str, str | None], int]:
        """Whether the viewpoint wins (with a class of cards, in how many labellings), by
        its dawn card and the dying seat's, for the players' dawn cards of ``now``: the
        same after any swap of two players."""
        if self.unseen is None:
            return self.win_table[wolves]
        return self.unseen.win_table(self.judge, now[: self.layout.players])

    def _listed_wins(self, now: list[str], viewpoint: Seat) -> Iterator[Seat | None]:
        """The keys of ``win_if`` the viewpoint wins by (read by :attr:`killed`), each
        set of the dead judged once."""
        judged: dict[tuple[Seat, ...], bool] = {}
        for dies, (dead, votes) in self.killed.items():
            fallen = hunted(self.rules, dead, now, votes)
            won = judged.get(fallen)
            if won is None:
                won = dawn_wins(self.rules, self.layout.players, now, fallen, viewpoint)
                judged[fallen] = won
            if won:
                yield dies

    def _shot_wins(self, now: list[str], dies: Seat, viewpoint: Seat) -> bool:
        """Whether the viewpoint wins when the vote kills ``dies``, who holds a card
        that shoots and takes the seat of its ballot along (:func:`~..win.hunted`)."""
        dead = hunted(self.rules, (dies,), now, self.shots)
        return dawn_wins(self.rules, self.layout.players, now, dead, viewpoint)

    def _add_swaps(
        self,
        tally: _Tally,
        now: list[str],
        dealt: Sequence[str],
        weight: int,
        *,
        pairs: tuple[Seat, ...],
        options: int,
        wolves: bool,
    ) -> None:
        """The nights of every swap of two seats of ``pairs`` (each pair once) and of
        the rest of the ``options`` (no swap), each of ``weight``: a seat of ``pairs``
        keeps its card in the options that leave it alone, and gets each other seat's
        card in one option. No swap of two players changes whether a player holds a
        werewolf (``wolves``)."""
        if self.per_world:  # each swap's night one by one
            rest = options - comb(len(pairs), 2)
            for after in _pair_swaps(now, pairs):
                self._add_world(tally, after, dealt, weight, wolves)
            if rest:
                self._add_world(tally, now, dealt, weight * rest, wolves)
            return
        inside = set(pairs)
        held: dict[str, int] = {}
        for seat in pairs:
            held[now[seat - 1]] = held.get(now[seat - 1], 0) + 1
        alone = options - (len(pairs) - 1)
        self._add_moves(tally, now, dealt, weight * options)
        for seat in pairs:  # its card in ``alone`` options of ``options``, another's in one
            card, sums = now[seat - 1], tally.dawn[seat - 1]
            sums[card] -= weight * (options - alone)
            for other, copies in held.items():
                given = copies - (other == card)
                if given:
                    sums[other] += weight * given
        viewpoint = self.knowledge.viewpoint
        if viewpoint is None:
            return
        wins = self._judged(now, wolves)
        mine = now[viewpoint - 1]
        mine_dist = [(mine, options)]
        if viewpoint in inside:
            mine_dist = [(mine, alone)]
            mine_dist += [(other, copies - (other == mine)) for other, copies in held.items()]
        for card, copies in mine_dist if None in tally.win else ():
            if copies:
                tally.win[None] += weight * copies * wins[card, None]
        for dies in self.deaths:
            if dies is None:
                continue
            theirs = now[dies - 1]
            if viewpoint in inside and dies in inside:
                # the pair itself; one of them with a third seat; neither
                total = wins[theirs, mine] + (options - (2 * len(pairs) - 3)) * wins[mine, theirs]
                for other, copies in held.items():
                    third = copies - (other == mine) - (other == theirs)
                    if third:
                        total += third * (wins[other, theirs] + wins[mine, other])
            elif dies in inside:
                total = alone * wins[mine, theirs]
                for other, copies in held.items():
                    third = copies - (other == theirs)
                    if third:
                        total += third * wins[mine, other]
            else:
                total = sum(copies * wins[card, theirs] for card, copies in mine_dist)
            if total:
                tally.win[dies] += weight * total

    def consistent(self) -> bool:
        return self.tally(stop_at_first=True).total > 0

    def check_memory(self) -> None:
        """Refuse (:class:`TooLargeError`) a run whose night plans outgrow the budget."""
        needed, budget = len(self.plans) * PLAN_BYTES, max_memory()
        if needed > budget:
            raise TooLargeError(f"the night plans of {len(self.plans)} hands", needed, budget)

    def sums(self) -> Sums:
        """Every output's weight, a block's sums spread evenly over its slots."""
        tally = self.tally()
        layout = self.layout
        share: dict[Slot, Fraction] = {slot: Fraction(1) for slot in layout.slots}
        members: dict[Slot, tuple[Slot, ...]] = {slot: (slot,) for slot in layout.slots}
        for block in self.blocks:
            for slot in block:
                share[slot] = Fraction(1, len(block))
                members[slot] = block

        def spread(sums: list[dict[str, int]]) -> dict[Slot, dict[str, Fraction]]:
            out: dict[Slot, dict[str, Fraction]] = {}
            for slot in layout.slots:
                merged: Counter[str] = Counter()
                for other in members[slot]:
                    merged.update(sums[other - 1])
                out[slot] = {card: share[slot] * w for card, w in sorted(merged.items()) if w}
            return out

        def by_claim(values: list[int]) -> dict[Seat, Fraction]:
            of = {claim.seat: w for claim, w in zip(self.knowledge.claims, values, strict=True)}
            return {
                claim.seat: share[claim.seat] * sum(of[other] for other in members[claim.seat])
                for claim in self.knowledge.claims
            }

        win: dict[Seat | None, Fraction] = {}
        for dies in self.deaths:
            if dies is None:
                win[None] = Fraction(tally.win[None])
            else:
                win[dies] = share[dies] * sum(tally.win[other] for other in members[dies])
        return Sums(
            tally.total,
            tally.worlds,
            spread(tally.dawn),
            spread(tally.dealt),
            tally.no_wolf,
            by_claim(tally.lying),
            by_claim(tally.kept),
            win,
        )


@dataclass
class Sums:
    """Every output of ``solve`` as a weight (exact; not yet divided by the total)."""

    total: Fraction | int
    worlds: int
    dawn: dict[Slot, dict[str, Fraction]]
    dealt: dict[Slot, dict[str, Fraction]]
    no_wolf: Fraction | int
    lying: dict[Seat, Fraction]
    """By claim (its seat): the weight of the worlds where it is false."""
    kept: dict[Seat, Fraction]
    """By claim: the weight of the worlds where it is true, its own factor left out
    (with a :data:`Weigher`; else 0)."""
    win: dict[Seat | None, Fraction]
    """By the seat that dies (``None``: nobody): the weight of the viewpoint's wins."""

    def add(self, other: Sums, factor: int = 1) -> None:
        """Add ``factor`` times ``other``'s weights (the worlds: ``other``'s too)."""
        self.total += factor * other.total
        self.worlds += other.worlds
        self.no_wolf += factor * other.no_wolf
        for table, more in ((self.dawn, other.dawn), (self.dealt, other.dealt)):
            for slot, dist in more.items():
                _add_into(table.setdefault(slot, {}), dist, factor)
        _add_into(self.lying, other.lying, factor)
        _add_into(self.kept, other.kept, factor)
        _add_into(self.win, other.win, factor)

    @classmethod
    def zero(cls) -> Sums:
        """No weight at all."""
        return cls(0, 0, {}, {}, 0, {}, {}, {})


def _add_into(into: dict[Key, Fraction], more: Mapping[Key, Fraction], factor: int) -> None:
    for key, w in more.items():
        into[key] = into.get(key, Fraction(0)) + factor * w


def tally_of(knowledge: OnuwKnowledge, sums: Sums) -> Tally:
    """The one tally of ``sums`` (an empty one when the total is 0): each seat's dawn
    card as its role, and every named query of the knowledge (:data:`~..model.QUERIES`),
    the teams summed from the dawn cards."""
    if not sums.total:
        return Tally(0, 0, {})
    rules = knowledge.rules
    teams: dict[tuple[Seat, str], Fraction] = defaultdict(Fraction)
    for seat in knowledge.layout.seats:
        for card, w in sums.dawn[seat].items():
            teams[seat, rules.team(card)] += w

    def pairs(table: Mapping[Slot, Mapping[str, Fraction]]) -> Mapping[Hashable, Weight]:
        return {(slot, card): w for slot, dist in table.items() for card, w in dist.items()}

    def keyed(weights: Mapping[Any, Weight]) -> Mapping[Hashable, Weight]:
        return weights

    queries = {
        "dawn": pairs(sums.dawn),
        "dealt": pairs(sums.dealt),
        "team": keyed(teams),
        "no_werewolf": keyed({True: sums.no_wolf}),
        "lying": keyed(sums.lying),
        "win_if": keyed(sums.win),
    }
    roles = {seat: dict(sums.dawn[seat]) for seat in knowledge.layout.seats}
    return Tally(sums.worlds, sums.total, roles, queries=queries)


Signature = tuple[tuple[Seat, ...], tuple[int, ...]]
"""A set of player seats up to the symmetry: its marked seats, its size in each block."""


@dataclass(frozen=True)
class Outcomes:
    """A night hint's option: weights (exact integers, a common factor left out) by
    what the viewpoint sees, then by the :data:`Signature` of ``D``."""

    masses: Mapping[str, Mapping[Signature, int]]
    sides: tuple[tuple[Seat, ...], ...]
    """The player seats of each block."""

    def orbit(self, signature: Signature) -> int:
        """How many sets of player seats have this signature."""
        result = 1
        for side, inside in zip(self.sides, signature[1], strict=True):
            result *= comb(len(side), inside)
        return result

    def sets(self, signature: Signature) -> Iterator[tuple[Seat, ...]]:
        """The sets of player seats of this signature, each sorted."""
        marked, counts = signature
        picks = [
            combinations(side, inside) for side, inside in zip(self.sides, counts, strict=True)
        ]
        for chosen in product(*picks):
            yield tuple(sorted((*marked, *chain.from_iterable(chosen))))

    @staticmethod
    def summed(parts: Iterable[tuple[Outcomes, int]]) -> Outcomes:
        """The outcomes of disjoint parts of the worlds (each with its factor), whose
        blocks differ: each set of player seats on its own (a signature of no block).
        Every set of a signature weighs the same, its mass divided by its orbit."""
        masses: dict[str, dict[Signature, int]] = defaultdict(lambda: defaultdict(int))
        for found, factor in parts:
            for seen, per in found.masses.items():
                into = masses[seen]
                for signature, mass in per.items():
                    each, rest = divmod(mass * factor, found.orbit(signature))
                    assert not rest, "a signature's sets weigh the same"
                    for chosen in found.sets(signature):
                        into[chosen, ()] += each
        return Outcomes(
            MappingProxyType({seen: MappingProxyType(dict(per)) for seen, per in masses.items()}),
            (),
        )


_Step = tuple[Seat, str, str, tuple[Choice, ...], int, bool]
"""A seat that wakes: its seat, card, kind of power, options, prior weight of each
option, and whether its options are lumped."""


class _Shape(NamedTuple):
    """Where the walk of a plan's steps takes its shortcuts (:meth:`_Night.shape`); a
    step's number equal to the number of steps: none."""

    swapper: int
    """The step of the closed-form swaps (:meth:`_Night.closed_form`)."""
    settled: int
    """The step of the early look (:meth:`_Night.settle`)."""
    trace: Slot
    """The slot whose card the early look sees."""
    tail: int
    """The step whose options are summed at the leaves (:meth:`_Night.star_step`)."""
    quiet: frozenset[Slot]
    """The slots the steps after it read or move."""
    hope: int
    """The first step from which a move must reach the early look's card or the card of
    the robber or drunk right before the look, when the look fails on both
    (:meth:`_Night.hope_step`)."""
    hoper: Seat
    """That robber's or drunk's seat (0: none)."""
    fixed: int
    """The first step of the steps with one option each that end the night, after
    every other shortcut (:meth:`_Night.rest`)."""


NO_SHAPE = _Shape(0, 0, 0, 0, frozenset(), 0, 0, 0)
"""The shortcuts of a night not planned yet."""

_Woken = tuple[int, int, list["_Step"], tuple[tuple[int, bool, bool], ...], _Shape, int | None]
"""What the seats that wake bring to a plan (:meth:`_Night.woken`): a weight factor,
a count, the steps walked, the truth and liar each folded claim gets, the shortcuts,
and the number of the rest of the night after a calm copy (:meth:`_Night.calm_rest`)."""


class _Plan(NamedTuple):
    """A night's plan (:meth:`_Night.plan`)."""

    weight: int
    counted: int
    """The count of the night's options folded into the plan."""
    steps: list[_Step]
    shape: _Shape
    truth: tuple[bool, ...]
    """The claims' truth as the plan leaves it."""
    liar: tuple[bool, ...]
    """Whether each claim's speaker lies, as the plan leaves it."""
    rest: int | None
    """The number of the rest of the night after a calm copy (:meth:`_Night.calm_rest`;
    ``None``: not one)."""


QUIET_COPIES = frozenset({"idle", "minion", "wolf", "mason", "seer"})
"""The fast paths of a copy that moves no card (it looks before any card moves): its
step is folded into the plan (:meth:`_Night.fold_fixed`)."""

LISTING = frozenset({"wolf", "minion", "mason"})
"""The fast paths that see who woke as a role (a list of seats)."""


class _Night:
    """The night of one representative deal, played with its choices (a walk in wake
    order); ``engine.truth`` holds whether each claim is true, on the way."""

    def __init__(self, engine: _Engine, dealt: tuple[str, ...]) -> None:
        self.engine = engine
        self.dealt = dealt
        self.players = engine.layout.players
        fact = engine.fact
        self.fact_seat = fact.seat if fact is not None else 0
        holders: dict[str, list[Seat]] = defaultdict(list)
        for seat in engine.layout.seats:
            holders[dealt[seat - 1]].append(seat)
        self.held = {name: tuple(seats) for name, seats in holders.items()}
        self.lists = self.held
        """The players that wake as each role: dealt it, or a copying card that became it."""
        self.copier = engine.copier_of(dealt)
        """The player dealt a card that copies another (0: none)."""
        self.broken = engine._broken(dealt) if engine.fragile and self.copier else []
        """The fragile pairs the deal breaks: the copy's move must bring each slot its
        card (:meth:`_Engine._broken`)."""
        self.looked = engine._looked(dealt) if engine.fragile and self.copier else []
        """Every fragile pair of the deal, broken or not: the copy's move must leave
        each slot the card a look will see there (:meth:`brought`)."""
        self.copy: tuple[Seat, str] | None = None
        """The seat it copies and the card it saw there (the role it becomes)."""
        self.touched: set[Slot] = set()
        self.steps: list[_Step] = []
        self.count = 1
        """How many nights each leaf stands for, from the steps folded into the plan."""
        self.take(NO_SHAPE)
        self.asleep: tuple[int, tuple[tuple[int, bool, bool], ...], tuple[Seat, ...]] | None = None
        """What the seats that do not wake bring (:meth:`sleepers`), once asked."""
        self.spokes: _Star | None = None
        """The star being summed (:meth:`star`): its seat and the slots it swaps with."""
        self.found: list[_Leaf] = []
        self.current = NOTHING_SEEN
        self.seen: list[str] = []
        """What the viewpoint saw in each night found (with a partial fact)."""

    def check(self, seat: Seat, name: str, entry: _Items, mass: int) -> int:
        """The weight once ``seat``'s night is known (its entry's items; 0: impossible);
        sets its truth."""
        engine = self.engine
        fact = engine.fact
        if seat == self.fact_seat and fact is not None:
            if engine.partial:
                if not fact.entry.agrees_with(NightEntry(entry)):
                    return 0
                self.current = outcome_of(NightEntry(entry))
            elif entry != fact.entry.items:
                return 0
        number = engine.claim_number.get(seat)
        if number is None:
            return mass
        key = (seat, name, entry)
        judged = engine.judged.get(key)
        if judged is None:
            judged = self.judge(seat, number, name, entry)
            if engine.kinds[name] != "generic":  # a generic power's entry may not hash
                engine.judged[key] = judged
        return mass * engine.note(number, judged)

    def judge(
        self, seat: Seat, number: int, name: str, entry: _Items
    ) -> tuple[int, bool, bool | None]:
        """A claim's factor once its seat's card and night are known, whether it is
        true, and whether its speaker lies (``None``: a claim told, not observed)."""
        engine = self.engine
        claim = engine.knowledge.claims[number]
        told = claim.entry.items
        if told:
            real = dict(entry)
            true = name == claim.role and all(real.get(k) == v for k, v in told)
        else:
            true = name == claim.role
        if seat not in engine.claim_at:
            return 1, true, None
        kind = engine.kinds[name]
        if kind in {"robber", "insomniac"}:
            believed = name
            for key, value in entry:
                if key in {"got", "now"}:
                    believed = str(value)
        elif engine.fixed_belief[name]:
            believed = name
        elif seat == self.copier and self.copy and engine.fixed_belief[self.copy[1]]:
            believed = self.copy[1]  # a copy of a card that believes what it was dealt
        else:
            believed = engine.believes[name](seat, NightEntry(entry), name)
        weights = engine.weights[seat]
        if engine.team_of[believed] != "village":
            return weights.liar, true, True
        return (weights.true if true else weights.false), true, False

    def plan(self) -> tuple[int, int | None]:
        """The seats that wake, with their options; the weight of the others (0: no
        night is possible) and the number of the rest after a calm copy
        (:meth:`calm_rest`; ``None``: not one, or no night). What each seat brings
        depends on its seat and card only (and, for a werewolf, whether it is alone):
        cached in the engine."""
        engine, dealt = self.engine, self.dealt
        if self.asleep is None:
            self.asleep = self.sleepers()
        weight, said, woke = self.asleep
        if not weight:
            return 0, None
        engine.tell(said)
        copier, copy = self.copier, self.copy
        if copy is not None and engine.powers[copy[1]].at_dawn:
            woke = (*(seat for seat in woke if seat != copier), copier)  # it looks last
        key = (copy[1] if copy else None, tuple((seat, dealt[seat - 1]) for seat in woke))
        found = engine.wakes.get(key)
        if found is None:
            found = engine.wakes[key] = self.woken(woke)
        factor, count, steps, said, shape, rest = found
        if not factor:
            return 0, None
        engine.tell(said)
        self.steps, self.count = steps, self.count * count
        self.take(shape)
        return weight * factor, rest

    def sleepers(self) -> tuple[int, tuple[tuple[int, bool, bool], ...], tuple[Seat, ...]]:
        """What the seats that do not wake bring, the same for every copy of the deal:
        their weight factor (0: none), the truth and liar each of their claims gets,
        and the seats that wake, in wake order (the copying card's turn first)."""
        engine, dealt = self.engine, self.dealt
        weight, said, wake = 1, [], []
        for seat in engine.seats:
            name = dealt[seat - 1]
            rank = engine.rank.get(name)
            if rank is not None:
                wake.append((rank, seat))
                continue
            quiet = engine.quiet.get((seat, name))
            if quiet is None:
                quiet = engine.quiet[seat, name] = self.sleeper(seat, name)
            factor, number, true, liar = quiet
            weight *= factor
            if not weight:
                return 0, (), ()
            if number is not None:
                said.append((number, true, liar))
        return weight, tuple(said), tuple(seat for _, seat in sorted(wake))

    def woken(self, woke: Sequence[Seat]) -> _Woken:
        """What the seats that wake bring to the plan, in wake order: the same for
        every deal whose waking seats hold the same cards (their lists too), with the
        same copy (cached in the engine, :attr:`_Engine.wakes`)."""
        engine, dealt = self.engine, self.dealt
        weight, count, steps = 1, 1, []
        said: list[tuple[int, bool, bool]] = []
        none: _Woken = (0, 0, [], (), NO_SHAPE, None)
        for seat in woke:
            name = dealt[seat - 1]
            if seat == self.copier:
                step = self.copied_step(seat, name)
                if step is None:
                    return none
            else:
                step, folded = self.cached_step(seat, name)
                if step is None:
                    return none
                factor, size, number, true, liar = folded
                if size:
                    weight *= factor
                    count *= size
                    if not weight:
                        return none
                    if number is not None:
                        said.append((number, true, liar))
                    continue
            fixed = self.fold_fixed(step)
            if fixed is None:
                steps.append(step)
                continue
            weight *= fixed[0]
            count *= fixed[1]
            if not weight:
                return none
            number = engine.claim_number.get(seat)
            if number is not None:
                said.append((number, engine.truth[number], engine.liar[number]))
        self.steps = steps
        self.shape()
        return weight, count, steps, tuple(said), self.shaped, self.calm_rest()

    def shape(self) -> None:
        """Where the walk of the plan's steps takes its shortcuts (:class:`_Shape`)."""
        steps = self.steps
        self.swapper = self.closed_form()
        self.settled, self.trace = self.settle()
        tail, quiet = self.star_step()
        hope = self.hope_step()
        fixed = len(steps)
        while fixed and len(steps[fixed - 1][3]) == 1:
            fixed -= 1
        for shortcut in (self.swapper, tail):
            if shortcut < len(steps):
                fixed = max(fixed, shortcut + 1)
        fixed = max(fixed, min(self.settled, len(steps)))
        self.take(_Shape(self.swapper, self.settled, self.trace, tail, quiet, *hope, fixed))

    def take(self, shape: _Shape) -> None:
        """Walk by these shortcuts."""
        self.shaped = shape
        self.swapper, self.settled, self.trace, self.tail, self.quiet = shape[:5]
        self.hope, self.hoper, self.fixed = shape[5:]

    def cached_step(
        self, seat: Seat, name: str
    ) -> tuple[_Step | None, tuple[int, int, int | None, bool, bool]]:
        """The step of a seat that wakes (not the copier), by its seat, card and
        whether it is a lone werewolf (cached unless its power is not a known one),
        and its fold (:meth:`fold`, cached)."""
        engine = self.engine
        key = (seat, name, len(self.lists[name]) == 1)
        if key in engine.step_cache:
            step = engine.step_cache[key]
        else:
            step = self.step(seat, name, key[2])
            if engine.kinds[name] != "generic":  # a generic power's options may vary
                engine.step_cache[key] = step
        if step is None:
            return None, (0, 0, None, False, False)
        folded = engine.folds.get(key)
        if folded is None:
            folded = engine.folds[key] = self.fold(step)
        return step, folded

    def settle(self) -> tuple[int, Slot]:
        """The first step after which the card an observed insomniac that wakes last
        (a copy of one too) will see is known (its look is then judged at once,
        :meth:`walk`), and the slot that card is in then: the steps after it move no
        card to its seat, or only with their one option (the card is traced back
        through those swaps); the number of steps: none."""
        steps, engine = self.steps, self.engine
        none = (len(steps), 0)
        if not steps or steps[-1][2] != "insomniac":
            return none
        watcher = steps[-1][0]
        if watcher not in engine.claim_number and watcher != self.fact_seat:
            return none
        found, trace = len(steps) - 1, watcher
        while found:
            seat, _, kind, options, *_ = steps[found - 1]
            if kind not in CALM_KINDS:
                if kind not in MOVERS:
                    break
                moves = [swapped(kind, seat, option) for option in options]
                touching = [move for move in moves if move is not None and trace in move]
                if touching and len(options) > 1:
                    break
                if touching:
                    first, second = touching[0]
                    trace = second if trace == first else first
            found -= 1
        return (found, trace) if found < len(steps) - 1 else none

    def hope_step(self) -> tuple[int, Seat]:
        """When the step right before the early look is a robber's or drunk's at
        another seat than the one the look sees (:meth:`settle`), only its taking that
        card moves it, bringing the look its own card: a look that fails on both cards
        then fails. The first step from which the steps up to that one move neither
        card (a step's options may then be cut to those that move one, :meth:`aimed`),
        and that robber's or drunk's seat; the number of steps: none."""
        steps, last = self.steps, self.settled - 1
        if not 0 < last < len(steps) - 1:
            return len(steps), 0
        seat, _, kind, *_ = steps[last]
        if kind not in {"robber", "drunk"} or seat == self.trace:
            return len(steps), 0
        pair = (self.trace, seat)
        hope = last - 1
        while hope > 0 and not any(moves(steps[hope], choice, pair) for choice in steps[hope][3]):
            hope -= 1
        return hope, seat

    def closed_form(self) -> int:
        """The step whose swaps are summed at once (:meth:`swaps`; the number of steps:
        none): a troublemaker's, when only an insomniac (not a copy) wakes after it."""
        found = len(self.steps)
        for index, (seat, _, kind, options, _, _) in enumerate(self.steps):
            if kind == "swap" and len(options) > 1 and seat not in self.engine.told:
                later = [step[2] for step in self.steps[index + 1 :]]
                copier = self.copier in (step[0] for step in self.steps[index:])
                if later in ([], ["insomniac"]) and not copier:
                    found = index
        return found

    def star_step(self) -> tuple[int, frozenset[Slot]]:
        """The step whose options are summed at the leaves (:meth:`star`), and the slots
        the steps after it read or move: a robber's or drunk's, the night's last step
        with a choice walked (no closed-form swaps), its own seat not one of those slots;
        the number of steps: none."""
        steps, none = self.steps, (len(self.steps), frozenset[Slot]())
        chosen = [index for index, step in enumerate(steps) if len(step[3]) > 1 and not step[5]]
        if not chosen or self.swapper < len(steps):
            return none
        index = chosen[-1]
        seat, _, kind, *_ = steps[index]
        if kind not in {"robber", "drunk"} or seat == self.fact_seat:
            return none
        later: set[Slot] = set()
        for other, _, after, options, *_ in steps[index + 1 :]:
            if after == "generic":
                return none
            if after in {"robber", "drunk", "insomniac"}:
                later.add(other)
            later.update(slot for option in options for slot in option)
        return none if seat in later else (index, frozenset(later))

    def copied_step(self, seat: Seat, name: str) -> _Step | None:
        """The copying card's step, once it copied (:attr:`copy`): the copied role's
        kind and options, at the copying card's turn (or last, for a look at dawn)."""
        assert self.copy is not None
        engine, copied = self.engine, self.copy[1]
        options, per = engine.copy_options(seat, copied, self.dealt)
        if not options:
            return None
        kind = engine.kinds[copied]
        return (seat, name, kind, options, per, self.lumped(seat, name, kind, options))

    def lumped(self, seat: Seat, name: str, kind: str, options: tuple[Choice, ...]) -> bool:
        """Whether a step's options are lumped: a seer's or werewolf's look that nothing
        observes (not the viewpoint's night, nor told by a claim of the card held)."""
        engine = self.engine
        return (
            len(options) > 1
            and kind in {"seer", "wolf"}
            and engine.told.get(seat) != name
            and (seat != self.fact_seat or engine.fact is None)
        )

    def fold(self, step: _Step) -> tuple[int, int, int | None, bool, bool]:
        """A step that neither moves a card nor is observed (its options lumped or
        one, no fact of its seat, no night told by its claim, a card believed as
        dealt): its weight factor and number of options, and its claim's number,
        truth and whether its speaker lies, as :meth:`sleeper`; ``size`` 0: none."""
        seat, name, kind, options, per, lump = step
        engine = self.engine
        if (
            kind not in FOLDED
            or not (lump or len(options) == 1)
            or seat == self.fact_seat
            or engine.told.get(seat) == name
            or not engine.fixed_belief[name]
        ):
            return 0, 0, None, False, False
        factor = self.check(seat, name, (), per * len(options))
        number = engine.claim_number.get(seat)
        if number is None:
            return factor, len(options), None, False, False
        return factor, len(options), number, engine.truth[number], engine.liar[number]

    def fold_fixed(self, step: _Step) -> tuple[int, int] | None:
        """A step that moves no card and whose night is the same in every walk of
        the plan, though a claim may tell it: a werewolf, minion or mason with no
        choice (it sees who woke as a role: the cards dealt and the copy made), or
        the copy's own, its options lumped or none, when nothing names the seat
        copied (it looks before any card moves). Its weight factor (its claim's
        truth set) and number of options; ``None``: not one (nor the viewpoint's)."""
        seat, name, kind, options, per, lump = step
        if seat == self.fact_seat:
            return None
        if seat == self.copier:
            engine = self.engine
            if (
                kind not in QUIET_COPIES
                or not (lump or options == (NOTHING,))
                or seat in engine.facts
                or seat in engine.copy_told
            ):
                return None
        elif kind not in LISTING or options != (NOTHING,):
            return None
        _, entry = self.act(seat, name, kind, options[0], list(self.dealt))
        return self.check(seat, name, entry, per * len(options)), len(options)

    def sleeper(self, seat: Seat, name: str) -> tuple[int, int | None, bool, bool]:
        """What a seat that does not wake brings: its weight factor (prior, claim),
        and its claim's number, truth and whether its speaker lies."""
        engine, fact = self.engine, self.engine.fact
        if seat == self.fact_seat and fact is not None and (fact.entry.items or fact.choice):
            return 0, None, False, False
        factor = self.check(seat, name, (), 1 if seat in engine.facts else engine.scale)
        number = engine.claim_number.get(seat)
        if number is None:
            return factor, None, False, False
        return factor, number, engine.truth[number], engine.liar[number]

    def step(self, seat: Seat, name: str, lone: bool) -> _Step | None:
        """A seat that wakes, with its options (``None``: it has none)."""
        engine = self.engine
        kind = engine.kinds[name]
        copies = {self.copier: self.copy[1]} if self.copy else {}
        options, per = engine.options_of(seat, name, self.dealt, lone, copies)
        pin = engine.pins.get(seat)
        if pin is not None and pin[0] == name and len(options) > 1:
            options = tuple(option for option in options if option == pin[1])
        if not options:
            return None
        return (seat, name, kind, options, per, self.lumped(seat, name, kind, options))

    def act(
        self, seat: Seat, name: str, kind: str, choice: Choice, now: list[str]
    ) -> tuple[list[str], _Items]:
        """Play one choice: the cards after it (``now`` itself if none moved) and what
        the seat did and saw (the items of :meth:`~.night.Power.perform`'s entry; a
        copying card's start with the seat it copied and the card it saw)."""
        if seat != self.copier or self.copy is None:
            return self.perform(seat, name, kind, choice, now)
        target, copied = self.copy
        after, entry = self.perform(seat, copied, kind, choice, now)
        return after, (("copied", ((target, copied),)), *entry)

    def perform(
        self, seat: Seat, name: str, kind: str, choice: Choice, now: list[str]
    ) -> tuple[list[str], _Items]:
        """Play one choice of a seat playing ``name`` (see :meth:`act`)."""
        if kind in {"robber", "swap"}:
            if not choice:
                return now, ()
            after = list(now)
            first, second = (seat, choice[0]) if kind == "robber" else choice
            after[first - 1], after[second - 1] = after[second - 1], after[first - 1]
            if kind == "robber":
                return after, (("robbed", choice[0]), ("got", after[seat - 1]))
            return after, (("swapped", choice),)
        if kind == "seer":
            if not choice:
                return now, ()
            seen = tuple((slot, now[slot - 1]) for slot in choice)
            return now, (("saw" if choice[0] <= self.players else "centre", seen),)
        if kind == "wolf":
            wolves = ("wolves", self.lists[name])
            if not choice:
                return now, (wolves,)
            return now, (wolves, ("centre", ((choice[0], now[choice[0] - 1]),)))
        if kind == "minion":
            return now, (("wolves", self.lists.get("werewolf", ())),)
        if kind == "mason":
            return now, (("masons", self.lists[name]),)
        if kind == "insomniac":
            return now, (("now", now[seat - 1]),)
        if kind == "drunk":
            if not choice:
                return now, ()
            after = list(now)
            after[seat - 1], after[choice[0] - 1] = after[choice[0] - 1], after[seat - 1]
            return after, (("took", choice[0]),)
        after = list(now)
        state = NightState(self.engine.layout, self.dealt, after)
        return after, self.engine.powers[name].perform(seat, choice, state).items

    def key(self, slot: Slot) -> tuple[Any, ...]:
        """What tells ``slot`` apart for the options still to come."""
        block = self.engine.block_of.get(slot)
        if block is None or slot in self.touched:
            return (0, slot)
        return (1, block, self.dealt[slot - 1])

    def groups(self, index: int, step: _Step, now: list[str]) -> list[tuple[Choice, int]]:
        """A step's options up to the symmetry left: one of each, and how many; only
        those after which the early look may pass (:meth:`aimed`)."""
        seat, name, kind, _, _, lump = step
        options = self.aimed(index, step, now)
        if not options:
            return []
        if kind == "robber" and seat in self.engine.prunes:
            honest = self.engine.honest_rob(seat, name, self.copy if seat == self.copier else None)
            if honest != ():
                # an honest robber tells the truth or weighs 0: it robbed the seat it
                # told, or it lies, holding a card off the village team
                team_of = self.engine.team_of
                options = tuple(
                    option
                    for option in options
                    if option == honest or (option and team_of[now[option[0] - 1]] != "village")
                )
                if not options:
                    return []
        if seat == self.copier and self.looked:  # only a move that brings what is seen
            options = tuple(option for option in options if self.brought(kind, option, now))
            if not options:
                return []
        if lump or len(options) == 1:
            return [(options[0], len(options))]
        grouped: dict[Any, list[Choice]] = {}
        key = self.key
        for option in options:
            found = key(option[0]) if len(option) == 1 else tuple(sorted(map(key, option)))
            grouped.setdefault(found, []).append(option)
        return [(group[0], len(group)) for group in grouped.values()]

    def brought(self, kind: str, choice: Choice, now: list[str]) -> bool:
        """Whether the copy's move ``choice`` (a copied robber's, troublemaker's or
        drunk's, the night's first) leaves each slot of a fragile pair the card seen
        there (:attr:`looked`): else a claim that must be true, or the viewpoint's
        night, saw another card (nothing else moves before those looks)."""
        if kind not in MOVERS:  # a power the walk does not know: its own check decides
            return True
        after = {}
        move = swapped(kind, self.copier, choice)
        if move is not None:
            first, second = move
            after = {first: now[second - 1], second: now[first - 1]}
        return all(after.get(slot, now[slot - 1]) == card for slot, card in self.looked)

    def walk(self, index: int, now: list[str], weight: int, count: int) -> None:
        steps = self.steps
        if index == len(steps):
            star, options = self.spokes, 1
            if star is not None:
                options = sum(size for _, size in star[1])
            self.found.append(
                (self.dawn(now), weight, count, (), options, *self.engine.said(), star)
            )
            self.seen.append(self.current)
            return
        if index == self.fixed:
            self.rest(index, now, weight, count)
            return
        if index == self.swapper:
            self.swaps(index, now, weight, count)
            return
        if index == self.settled and not self.look(now):  # the last look is known already
            return
        if index == self.tail:
            self.star(index, now, weight, count)
            return
        seat, name, kind, _, per, lump = step = steps[index]
        act = self.act if seat == self.copier else self.perform
        for choice, size in self.groups(index, step, now):
            after, entry = act(seat, name, kind, choice, now)
            if seat == self.fact_seat:
                after, entry = self.follow(seat, after, entry)
            mass = self.check(seat, name, entry, weight * per * size)
            if not mass:
                continue
            new = [] if lump else [slot for slot in choice if slot not in self.touched]
            self.touched.update(new)
            self.walk(index + 1, after, mass, count * size)
            self.touched.difference_update(new)

    def follow(self, seat: Seat, after: list[str], entry: _Items) -> tuple[list[str], _Items]:
        """The viewpoint's option in a night hint, through the class of cards dealt as
        one kind: each class card it shows is followed as a card of its own
        (:meth:`Labels.shown`), labelled only at the leaves."""
        engine = self.engine
        if not engine.partial or engine.unseen is None:
            return after, entry
        return engine.unseen.shown(seat, after, entry)

    def rest(self, index: int, now: list[str], weight: int, count: int) -> None:
        """The steps that end the night from :attr:`fixed` on, each with one option,
        played in a loop (no symmetry left to keep: nothing after them groups); the
        last look judged where :meth:`settle` put it, and a robber's or the copy's
        option still tested by :meth:`groups`."""
        steps = self.steps
        for at in range(index, len(steps)):
            if at == self.settled and not self.look(now):
                return
            seat, name, kind, options, per, _ = step = steps[at]
            choice, size = options[0], 1
            if kind == "robber" or seat == self.copier:
                found = self.groups(at, step, now)
                if not found:
                    return
                ((choice, size),) = found
            act = self.act if seat == self.copier else self.perform
            now, entry = act(seat, name, kind, choice, now)
            if seat == self.fact_seat:
                now, entry = self.follow(seat, now, entry)
            weight = self.check(seat, name, entry, weight * per * size)
            if not weight:
                return
            count *= size
        self.walk(len(steps), now, weight, count)

    def aimed(self, index: int, step: _Step, now: list[str]) -> tuple[Choice, ...]:
        """A step's options after which the last look, judged early (:meth:`settle`),
        may pass. Right before the look: when it fails on the card it would see, the
        options that move that card; a robber or drunk at another seat moves it only
        by taking it, which brings the look its own card. From :attr:`hope` on, when
        the look fails on that card and on the card of the robber or drunk right
        before it (:meth:`hope_step`): the options that move one of those two."""
        options, settled, trace = step[3], self.settled, self.trace
        if index + 1 == settled < len(self.steps):
            if self.look(now):
                return options
            seat, _, kind, *_ = step
            if kind in ("robber", "drunk") and seat != trace:
                taking = (trace,)
                return (taking,) if taking in options and self.sees(now[seat - 1]) else ()
            return tuple(option for option in options if moves(step, option, (trace,)))
        if self.hope <= index < settled and not (self.look(now) or self.sees(now[self.hoper - 1])):
            return tuple(option for option in options if moves(step, option, (trace, self.hoper)))
        return options

    def look(self, now: list[str]) -> int:
        """The verdict of the last look, once known (:meth:`settle`): its factor."""
        return self.sees(now[self.trace - 1])

    def sees(self, card: str) -> int:
        """The verdict of the last look (:meth:`settle`) if it sees ``card``: its factor,
        its claim's truth set. The claim's verdict is cached by the watcher, its card,
        its copy and the card seen (not the viewpoint's look: :meth:`check` records
        what it sees)."""
        watcher, watched = self.steps[-1][:2]
        engine = self.engine
        copy = self.copy if watcher == self.copier else None
        key = (watcher, watched, copy, card)
        number = engine.claim_number.get(watcher)
        judged = engine.looks.get(key)
        if judged is not None and number is not None:
            return engine.note(number, judged)
        seen: _Items = (("now", card),)
        if copy is not None:  # as :meth:`act` writes it
            seen = (("copied", (copy,)), *seen)
        factor = self.check(watcher, watched, seen, 1)
        judged = engine.judged.get((watcher, watched, seen))
        if judged is not None and watcher != self.fact_seat:
            engine.looks[key] = judged
        return factor

    def star(self, index: int, now: list[str], weight: int, count: int) -> None:
        """A robber's or drunk's options (:meth:`star_step`) that swap its seat with a
        slot no later step reads or moves: the rest of the night is the same for all
        of them, so it is walked once per verdict of its claim (the weight and truth
        its options give), and each option's swap is made at the leaves. Its other
        options are walked one by one."""
        seat, name, kind, _, per, _ = step = self.steps[index]
        act = self.act if seat == self.copier else self.perform
        engine, quiet = self.engine, self.quiet
        number = engine.claim_number.get(seat)
        verdicts: dict[tuple[int, bool, bool], list[tuple[Slot, int]]] = {}
        for choice, size in self.groups(index, step, now):
            if choice and quiet.isdisjoint(choice):
                factor = self.check(seat, name, self.spoke_entry(seat, kind, choice, now), 1)
                if factor:
                    verdict = (factor, *self.claim_state(number))
                    verdicts.setdefault(verdict, []).append((choice[0], size))
                continue
            after, entry = act(seat, name, kind, choice, now)
            mass = self.check(seat, name, entry, weight * per * size)
            if mass:
                self.walk(index + 1, after, mass, count * size)
        for (factor, *said), spokes in verdicts.items():
            if number is not None:  # only the star's own claim differs between verdicts
                engine.truth[number], engine.liar[number] = said
            self.spokes = (seat, tuple(spokes))
            self.walk(index + 1, now, weight * per * factor, count)
        self.spokes = None

    def claim_state(self, number: int | None) -> tuple[bool, bool]:
        """Whether claim ``number`` is true and its speaker lies, as it stands
        (``False, False``: no claim)."""
        if number is None:
            return False, False
        return self.engine.truth[number], self.engine.liar[number]

    def spoke_entry(self, seat: Seat, kind: str, choice: Choice, now: list[str]) -> _Items:
        """What a robber or drunk at ``seat`` does and sees by the swap ``choice``, as
        :meth:`act` writes it, without making the swap (a star's spoke)."""
        target = choice[0]
        entry: _Items = (("took", target),)
        if kind == "robber":
            entry = (("robbed", target), ("got", now[target - 1]))
        if seat == self.copier and self.copy is not None:
            return (("copied", (self.copy,)), *entry)
        return entry

    def swaps(self, index: int, now: list[str], weight: int, count: int) -> None:
        """The troublemaker's options at once, the last card move of the night: only an
        insomniac wakes after it. The swaps that touch an observed insomniac are
        played one by one; the others are one leaf."""
        steps, engine = self.steps, self.engine
        seat, name, _, options, per, _ = steps[index]
        mass = self.check(seat, name, (), weight * per)
        if not mass:
            return
        watcher = steps[-1][0] if index < len(steps) - 1 else None
        pairs = tuple(other for other in self.engine.layout.seats if other != seat)
        if watcher is not None:
            mass *= steps[-1][4]
            if watcher in self.engine.claim_number or watcher == self.fact_seat:
                for option in options:
                    if watcher not in option:
                        continue
                    after = _swap(now, *option)
                    final = mass * self.sees(after[watcher - 1])
                    if final:
                        self.found.append(
                            (self.dawn(after), final, count, (), 1, *engine.said(), None)
                        )
                        self.seen.append(self.current)
                pairs = tuple(other for other in pairs if other != watcher)
            mass *= self.sees(now[watcher - 1])
        rest = len(pairs) * (len(pairs) - 1) // 2 + (NOTHING in options)
        if mass and rest:
            self.found.append((self.dawn(now), mass, count, pairs, rest, *engine.said(), None))
            self.seen.append(self.current)

    def dawn(self, now: list[str]) -> list[str]:
        """The cards at dawn, a copying card's read as the role it became."""
        if self.copy is None:
            return now
        card, copied = self.dealt[self.copier - 1], self.copy[1]
        return [copied if held == card else held for held in now]

    def targets(self) -> list[tuple[Seat, int]]:
        """The seats the copying card may copy up to the symmetry (one of each group
        of interchangeable seats dealt the same card, or of every seat dealt the same
        card when nothing names the seat copied), and how many each stands for:
        none whose copy its own claim rules out (:meth:`_Engine.may_copy`), nor one
        that a list of wolves or masons that holds rules out (it lists the copying
        seat: the copy is of that kind; it does not: of another), nor, when the deal
        breaks a fragile pair, one whose copy cannot move that card."""
        engine, dealt, copier = self.engine, self.dealt, self.copier
        name = dealt[copier - 1]
        holding = [(kind, seats) for at, role, kind, seats in engine.lists if dealt[at - 1] == role]
        listed = {kind for kind, seats in holding if copier in seats}
        unlisted = {kind for kind, _ in holding} - listed
        broken, kinds = self.broken, engine.kinds
        others = [
            seat
            for seat, card in enumerate(dealt[: self.players], 1)
            if seat != copier
            and listed <= {card}
            and card not in unlisted
            and engine.may_copy(copier, name, seat, card)
            and (
                not broken or engine.brings(kinds[card], broken, copier, name, dealt=dealt, left={})
            )
        ]
        # the seat copied matters only to what names it: the copier's own night or claim
        named = copier in (self.fact_seat, *engine.facts) or copier in engine.copy_told
        unseen = engine.unseen if engine.deaths or engine.partial else None
        grouped: dict[tuple[Any, ...], list[Seat]] = {}
        for seat in others:
            # unnamed, a copy's night depends on the card copied only: one per card; but
            # the viewpoint's wins, or what its option shows, tell which seat's class card
            # is tied to the copy
            card = dealt[seat - 1]
            tied = unseen is not None and unseen.copy_of(card) != card
            key = self.key(seat) if named or tied else (2, card)
            grouped.setdefault(key, []).append(seat)
        return [(group[0], len(group)) for group in grouped.values()]

    def leaves(self) -> list[_Leaf]:
        """Every night of the deal (the plan depends on the players' cards only: it
        is shared by the deals that differ in the centre); with a copying card, the
        nights of each seat it may copy (the plan: by the role it becomes too), the
        copies whose night after their own step is the same walked once
        (:meth:`calm_walk`; one copy tied to the card it copied at most, :class:`Labels`)."""
        if not self.copier:
            self.night(self.planned(), 1)
            return self.found
        calm: dict[int, list[tuple[Seat, int]]] = defaultdict(list)
        tied: set[int] = set()
        for target, size in self.targets():
            plan = self.become(target)
            tie = self.tied()
            # a tied copy walked with others: at most one, and none where what the
            # viewpoint's option shows may be the tied card (read per copy at the leaves)
            if plan.rest is None or (tie and (plan.rest in tied or self.engine.partial)):
                self.night(plan, size)
                continue
            if tie:
                tied.add(plan.rest)
            calm[plan.rest].append((target, size))
        for copies in calm.values():
            if len(copies) == 1:
                target, size = copies[0]
                self.night(self.become(target), size)
            else:
                self.calm_walk(copies)
        return self.found

    def become(self, target: Seat) -> _Plan:
        """Make the copy of the card at ``target`` (the copying card becomes it) and
        load its night's plan."""
        copied = self.dealt[target - 1]
        if self.engine.unseen is not None:
            copied = self.engine.unseen.copy_of(copied)
        self.copy = (target, copied)
        playing = tuple(sorted({*self.held.get(copied, ()), self.copier}))
        self.lists = {**self.held, copied: playing}
        self.steps, self.count, self.touched = [], 1, {target}
        if self.engine.copy_target is not None:
            self.current = copied
        return self.planned()

    def tied(self) -> bool:
        """Whether the copy made is tied to the card it copied (:class:`Labels`)."""
        return self.copy is not None and self.copy[1] != self.dealt[self.copy[0] - 1]

    def planned(self) -> _Plan:
        """The plan of the night (made once by the players' cards and the role
        copied), loaded: its steps, count and the claims' truth it sets."""
        engine = self.engine
        key = self.dealt[: self.players]
        if self.copy is not None:
            key += (self.copy[1],)
        plan = engine.plans.get(key)
        if plan is None:
            weight, rest = self.plan()
            plan = _Plan(
                weight,
                self.count,
                self.steps,
                self.shaped,
                *engine.said(),
                rest,
            )
            engine.plans[key] = plan
            engine.check_memory()
        else:
            self.load(plan)
        return plan

    def load(self, plan: _Plan) -> None:
        """Take up a plan made before: its steps, count and the claims' truth."""
        self.count, self.steps = plan.counted, plan.steps
        self.take(plan.shape)
        self.engine.truth[:] = plan.truth
        self.engine.liar[:] = plan.liar

    def night(self, plan: _Plan, size: int) -> None:
        """The nights of the deal (with the copy made, if any; its ``plan`` loaded),
        ``size`` times."""
        if plan.weight:
            now = list(self.dealt)
            if self.copy is not None:  # the card copied, tied to its copy (:class:`Labels`)
                now[self.copy[0] - 1] = self.copy[1]
            self.walk(0, now, plan.weight * size, self.count * size)

    def calm_rest(self) -> int | None:
        """For a copy whose own step is folded into the plan (:meth:`fold_fixed`),
        the copying card not the viewpoint's nor its outcome asked, and whose list
        no step left reads: the number of its steps (with the closed-form swaps and
        the early look), the same for every copy whose steps are the same; else
        ``None``."""
        engine, steps = self.engine, self.steps
        if (
            self.copy is None
            or engine.copy_target is not None
            or self.copier == self.fact_seat
            or any(step[0] == self.copier for step in steps)
        ):
            return None
        read = {
            "werewolf" if kind == "minion" else name
            for _, name, kind, *_ in steps
            if kind in LISTING
        }
        if self.copy[1] in read:  # a list that shows the copy
            return None
        return engine.rests.setdefault(
            (tuple(steps), self.swapper, self.settled, self.trace), len(engine.rests)
        )

    def calm_walk(self, copies: list[tuple[Seat, int]]) -> None:
        """The nights of copies whose steps are the same (:meth:`calm_rest`), each
        copy's target and how many it stands for: the steps walked once, with the
        copying card as dealt and every seat copied touched; each leaf then read per
        copy: the copying card at dawn as the role it became, the weight and count
        of the copy's plan, and the truth of the claims its plan decides (the
        copier's too). A copy tied to the card it copied (:class:`Labels`) has that
        card marked for the walk; the other copies read it back as dealt (nothing
        in the night tells the two apart: both are cards off the village team with no
        night that no claim names)."""
        engine, card = self.engine, self.dealt[self.copier - 1]
        plans, tie = [], None
        for target, size in copies:
            plan = self.become(target)
            assert self.copy is not None
            copied = self.copy[1]
            if self.tied():
                tie = (target, copied)
            plans.append(({card: copied}, size, plan))
        start = list(self.dealt)
        if tie is not None:
            start[tie[0] - 1] = tie[1]
            for read, _, _ in plans:
                if read[card] != tie[1]:
                    read[tie[1]] = self.dealt[tie[0] - 1]
        self.copy, self.lists = None, self.held
        self.touched = {target for target, _ in copies}
        numbers, observed = engine.claim_number, engine.claim_at
        walked = [numbers[seat] for seat, *_ in self.steps if seat in numbers]
        told = [numbers[seat] for seat, *_ in self.steps if seat in numbers and seat in observed]
        found, seen = self.found, self.seen
        self.found, self.seen = [], []
        self.walk(0, start, 1, 1)
        leaves, self.found, self.seen = zip(self.found, self.seen, strict=True), found, seen
        for (now, weight, count, pairs, options, truth, liar, star), current in leaves:
            for read, size, plan in plans:
                said_true, said_liar = list(plan.truth), list(plan.liar)
                for number in walked:
                    said_true[number] = truth[number]
                for number in told:
                    said_liar[number] = liar[number]
                found.append(
                    (
                        [read.get(held, held) for held in now],
                        weight * plan.weight * size,
                        count * plan.counted * size,
                        pairs,
                        options,
                        tuple(said_true),
                        tuple(said_liar),
                        star,
                    )
                )
                seen.append(current)


__all__ = [
    "Outcomes",
    "Signature",
    "Sums",
    "Weigher",
    "marked_slots",
    "mentioned",
    "tally_of",
]
