"""The night: each role's choices and power, applied in wake order with real card moves.

A **choice** is the tuple of slots a role acts on (``()`` for "do nothing"): the seer's
``(3,)`` or two centre slots, the robber's target, the troublemaker's pair, the
drunk's or the lone werewolf's centre slot. A :class:`NightEntry` is what a seat did
and saw, in the keys of the record format (``saw``, ``centre``, ``robbed``, ``got``...).

Each role's power is a small class, registered by name (:func:`power`); a role's
``power`` field in the rules data names its class, so a new role is one data row and
one class. The doppelganger (:class:`Doppelganger`) wakes first and becomes the role
it copies: its choice is the seat copied followed by that role's choice, the others
see it where they see that role (:meth:`NightState.playing`), and at dawn its card
counts as that role (:func:`as_played`).

>>> from wooolf_solver.games.onuw.rules import load_rules
>>> rules = load_rules()
>>> layout = rules.layout("table", 3)
>>> dealt = ("robber", "werewolf", "troublemaker", "seer", "werewolf")
>>> dawn = play_night(rules, layout, dealt, {1: (2,), 3: (1, 2)})
>>> dawn.cards
('robber', 'werewolf', 'troublemaker', 'seer', 'werewolf')
>>> dawn.entries[1].to_dict(layout), dawn.entries[3].to_dict(layout)
({'robbed': 2, 'got': 'werewolf'}, {'swapped': [1, 2]})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from random import Random
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar, cast

from ...core.errors import InvalidRecordError
from .rules import ChoiceKind, Layout, Role, Rules, Seat, Slot, load_rules

Choice = tuple[Slot, ...]
"""The slots a night choice acts on; ``()`` is "do nothing"."""

NOTHING: Choice = ()

EntryValue = Slot | str | tuple[Slot, ...] | tuple[tuple[Slot, str], ...]
"""A night key's value: a slot, a role, sorted seats, or sorted (slot, role) pairs."""

KEYS = ("copied", "wolves", "masons", "saw", "centre", "robbed", "got", "swapped", "took", "now")
"""Every night key, in the order they are written."""


@dataclass(frozen=True)
class NightEntry:
    """What one seat did and saw at night (or, in a claim, says it did and saw).

    >>> entry = NightEntry.of(robbed=3, got="seer")
    >>> entry.get("robbed"), entry.get("saw"), entry.to_dict(Layout(5, 2))
    (3, None, {'robbed': 3, 'got': 'seer'})
    """

    items: tuple[tuple[str, EntryValue], ...] = ()

    @classmethod
    def of(cls, **values: EntryValue | None) -> NightEntry:
        """An entry from keyword values (``None`` values are left out)."""
        return cls(tuple((key, values[key]) for key in KEYS if values.get(key) is not None))  # type: ignore[misc]

    def get(self, key: str) -> Any:
        return dict(self.items).get(key)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.items)

    def agrees_with(self, real: NightEntry) -> bool:
        """Whether every key given here has the value ``real`` has (a claim's test)."""
        return all(real.get(key) == value for key, value in self.items)

    def to_dict(self, layout: Layout) -> dict[str, Any]:
        """The record form: seats as numbers, centre slots as ``c1``, seen cards as maps."""
        out: dict[str, Any] = {}
        for key, value in self.items:
            if key in ("copied", "saw", "centre"):
                pairs = cast(tuple[tuple[Slot, str], ...], value)
                seen: dict[int | str, str] = {}
                for slot, role in pairs:  # a slot a claim names twice: " c1" the second time
                    name = _slot_key(layout, slot)
                    while name in seen:
                        name = f" {name}"
                    seen[name] = role
                out[key] = seen
            elif key in ("wolves", "masons", "swapped"):
                out[key] = list(cast(tuple[Slot, ...], value))
            elif key in ("robbed", "took"):
                out[key] = _slot_key(layout, cast(Slot, value))
            else:
                out[key] = value
        return out


def _slot_key(layout: Layout, slot: Slot) -> int | str:
    return slot if layout.is_seat(slot) else layout.name(slot)


def choice_options(kind: ChoiceKind, seat: Seat, layout: Layout) -> tuple[Choice, ...]:
    """Every real choice (not "do nothing") of a kind, for the holder at ``seat``.

    >>> choice_options("player-or-centre-pair", 1, Layout(3, 3))
    ((2,), (3,), (4, 5), (4, 6), (5, 6))
    >>> choice_options("two-players", 2, Layout(4, 2))
    ((1, 3), (1, 4), (3, 4))
    """
    others = tuple(other for other in layout.seats if other != seat)
    if kind == "player":
        return tuple((other,) for other in others)
    if kind == "two-players":
        return tuple(combinations(others, 2))
    if kind == "centre":
        return tuple((slot,) for slot in layout.centre)
    if kind == "player-or-centre-pair":
        return (*((other,) for other in others), *combinations(layout.centre, 2))
    return (NOTHING,)


# -- the powers ------------------------------------------------------------------------


@dataclass
class NightState:
    """The night in progress: the dealt cards (fixed), the cards as they are now, and
    the roles a doppelganger has become (by its seat)."""

    layout: Layout
    dealt: tuple[str, ...]
    """The card dealt to each slot (index ``slot - 1``)."""
    now: list[str]
    copies: dict[Seat, str] = field(default_factory=dict)

    def card(self, slot: Slot) -> str:
        return self.now[slot - 1]

    def swap(self, first: Slot, second: Slot) -> None:
        a, b = first - 1, second - 1
        self.now[a], self.now[b] = self.now[b], self.now[a]

    def dealt_to(self, role: str) -> tuple[Seat, ...]:
        """The player seats dealt ``role``."""
        return tuple(seat for seat in self.layout.seats if self.dealt[seat - 1] == role)

    def playing(self, role: str) -> tuple[Seat, ...]:
        """The player seats that wake as ``role``: dealt it, or a doppelganger that
        copied it."""
        copied = (seat for seat, name in self.copies.items() if name == role)
        return tuple(sorted({*self.dealt_to(role), *copied}))


class Power:
    """A role's night power. The defaults: no choice, sees nothing, no night keys."""

    keys: ClassVar[tuple[str, ...]] = ()
    """The night keys an entry of this role may have."""
    required: ClassVar[tuple[str, ...]] = ()
    """The keys a full night entry (not a claim) must have."""
    acted: ClassVar[tuple[str, ...]] = ()
    """The keys an entry has only when its seat made a choice (not "do nothing")."""
    telling: ClassVar[tuple[str, ...]] = ()
    """The keys whose slots tell the choice made (:meth:`choice_of`)."""
    at_dawn: ClassVar[bool] = False
    """Whether it looks at the very end of the night (a doppelganger copying it
    looks then too)."""
    copies: ClassVar[bool] = False
    """Whether it becomes another role at night (the doppelganger)."""

    def __init__(self, role: Role) -> None:
        self.role = role

    def has_choice(self, seat: Seat, state: NightState) -> bool:
        """Whether the holder at ``seat`` chooses anything in this deal."""
        return self.role.choice != "none"

    def options(self, seat: Seat, state: NightState, uniform: bool = False) -> tuple[Choice, ...]:
        """The choices of the night prior, equally likely (``uniform``: the model in
        which "do nothing" is one more option for roles that may pass)."""
        if not self.has_choice(seat, state):
            return (NOTHING,)
        real = choice_options(self.role.choice, seat, state.layout)
        return (NOTHING, *real) if uniform and self.role.may_pass else real

    def chance(self, choice: Choice, seat: Seat, state: NightState, uniform: bool) -> Fraction:
        """The night prior's chance of ``choice``: one of :meth:`options`, uniformly."""
        options = self.options(seat, state, uniform)
        return Fraction(int(choice in options), len(options))

    def domain(self, seat: Seat, layout: Layout, deck: Iterable[Role]) -> tuple[Choice, ...]:
        """Every choice it might make at ``seat`` in some deal of ``deck``'s roles, "do
        nothing" included."""
        return (NOTHING, *choice_options(self.role.choice, seat, layout))

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        """Act (moving cards in ``state``) and return what the seat did and saw."""
        return NightEntry()

    def choice_of(self, entry: NightEntry) -> Choice:
        """The choice a full night entry records."""
        return NOTHING

    def believes(self, seat: Seat, entry: NightEntry, dealt: str) -> str:
        """The card the holder believes it holds at dawn: the last it saw."""
        return dealt

    def late(self, seat: Seat, entry: NightEntry, state: NightState) -> NightEntry:
        """Its entry after the night's last look (a doppelganger's insomniac look)."""
        return entry

    def pick(self, options: Sequence[Choice], rng: Random) -> Choice:
        """One of its ``options`` drawn by the night prior (uniformly)."""
        return rng.choice(options)

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        """Refuse an entry this role cannot produce at ``seat`` (keys already read)."""


_POWERS: dict[str, type[Power]] = {}


P = TypeVar("P", bound=type[Power])


def power(name: str) -> Callable[[P], P]:
    """Register a power class under ``name`` (a role's ``power`` field)."""

    def register(cls: P) -> P:
        _POWERS[name] = cls
        return cls

    return register


def power_of(role: Role) -> Power:
    """The power of ``role`` (the neutral :class:`Power` when none is registered).

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> type(power_of(load_rules().roles["seer"])).__name__
    'Seer'
    """
    return _POWERS.get(role.power or role.name, Power)(role)


def _seen(state: NightState, slots: Sequence[Slot]) -> tuple[tuple[Slot, str], ...]:
    return tuple((slot, state.card(slot)) for slot in slots)


def _fail(where: str, problem: str) -> InvalidRecordError:
    return InvalidRecordError(f"{where}: {problem}")


@power("werewolf")
class Werewolf(Power):
    """Sees the other werewolves; a lone werewolf may look at one centre card."""

    keys = ("wolves", "centre")
    required = ("wolves",)
    acted = ("centre",)
    telling = ("centre",)

    def has_choice(self, seat: Seat, state: NightState) -> bool:
        return len(state.playing(self.role.name)) == 1

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        wolves = state.playing(self.role.name)
        lone = len(wolves) == 1  # a doppelganger who copied a werewolf wakes with them
        return NightEntry.of(wolves=wolves, centre=(lone and _seen(state, choice)) or None)

    def choice_of(self, entry: NightEntry) -> Choice:
        return tuple(slot for slot, _ in entry.get("centre") or ())

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        wolves, centre = entry.get("wolves"), entry.get("centre")
        if wolves is not None and seat not in wolves:
            raise _fail(f"{where}.wolves", f"must include seat {seat} itself")
        if centre is not None:
            if wolves is not None and len(wolves) != 1:
                raise _fail(f"{where}.centre", "only a lone werewolf looks at the centre")
            if len(centre) != 1 or layout.is_seat(centre[0][0]):
                raise _fail(f"{where}.centre", "a lone werewolf looks at one centre card")


@power("minion")
class Minion(Power):
    """Sees which players were dealt a werewolf."""

    keys = ("wolves",)
    required = ("wolves",)

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        return NightEntry.of(wolves=state.playing("werewolf"))

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        if seat in (entry.get("wolves") or ()):
            raise _fail(f"{where}.wolves", f"seat {seat} holds the minion, not a werewolf")


@power("mason")
class Mason(Power):
    """Sees the other masons."""

    keys = ("masons",)
    required = ("masons",)

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        return NightEntry.of(masons=state.playing(self.role.name))

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        masons = entry.get("masons")
        if masons is not None and seat not in masons:
            raise _fail(f"{where}.masons", f"must include seat {seat} itself")


@power("seer")
class Seer(Power):
    """Looks at another player's card, or at two centre cards."""

    keys = ("saw", "centre")
    acted = ("saw", "centre")
    telling = ("saw", "centre")

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        if not choice:
            return NightEntry()
        if state.layout.is_seat(choice[0]):
            return NightEntry.of(saw=_seen(state, choice))
        return NightEntry.of(centre=_seen(state, choice))

    def choice_of(self, entry: NightEntry) -> Choice:
        return tuple(slot for slot, _ in entry.get("saw") or entry.get("centre") or ())

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        saw, centre = entry.get("saw"), entry.get("centre")
        if saw is not None and centre is not None:
            raise _fail(where, "a seer looks at a player or at the centre, not both")
        if saw is not None:
            if len(saw) != 1 or not layout.is_seat(saw[0][0]):
                raise _fail(f"{where}.saw", "a seer looks at one other player's card")
            if saw[0][0] == seat:
                raise _fail(f"{where}.saw", f"seat {seat} cannot look at its own card")
        if centre is not None and (len(centre) != 2 or layout.is_seat(centre[0][0])):
            raise _fail(f"{where}.centre", "a seer looks at two centre cards")


@power("robber")
class Robber(Power):
    """May swap its card with another player's, then looks at its new card."""

    keys = ("robbed", "got")
    acted = ("robbed", "got")
    telling = ("robbed",)

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        if not choice:
            return NightEntry()
        state.swap(seat, choice[0])
        return NightEntry.of(robbed=choice[0], got=state.card(seat))

    def choice_of(self, entry: NightEntry) -> Choice:
        robbed = entry.get("robbed")
        return () if robbed is None else (robbed,)

    def believes(self, seat: Seat, entry: NightEntry, dealt: str) -> str:
        got = entry.get("got")
        return dealt if got is None else str(got)

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        robbed = entry.get("robbed")
        if robbed is not None and (robbed == seat or not layout.is_seat(robbed)):
            raise _fail(f"{where}.robbed", "a robber robs another player")
        if entry.get("got") is not None and robbed is None:
            raise _fail(f"{where}.got", "needs `robbed` (whom the card came from)")


@power("troublemaker")
class Troublemaker(Power):
    """May swap the cards of two other players, without looking."""

    keys = ("swapped",)
    acted = ("swapped",)
    telling = ("swapped",)

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        if not choice:
            return NightEntry()
        state.swap(*choice)
        return NightEntry.of(swapped=choice)

    def choice_of(self, entry: NightEntry) -> Choice:
        return tuple(entry.get("swapped") or ())

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        pair = entry.get("swapped")
        if pair is None:
            return
        if len(pair) != 2 or len(set(pair)) != 2 or not all(map(layout.is_seat, pair)):
            raise _fail(f"{where}.swapped", "two different players")
        if seat in pair:
            raise _fail(f"{where}.swapped", f"seat {seat} swaps two other players, not itself")


@power("drunk")
class Drunk(Power):
    """Must swap its card with a centre card, without looking."""

    keys = ("took",)
    required = ("took",)
    acted = ("took",)
    telling = ("took",)

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        if not choice:  # only in a world of zero prior: a drunk always takes one
            return NightEntry()
        state.swap(seat, choice[0])
        return NightEntry.of(took=choice[0])

    def choice_of(self, entry: NightEntry) -> Choice:
        return (entry.get("took"),)

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        took = entry.get("took")
        if took is not None and layout.is_seat(took):
            raise _fail(f"{where}.took", "a drunk takes a centre card")


@power("insomniac")
class Insomniac(Power):
    """Looks at its own card at the end of the night."""

    keys = ("now",)
    required = ("now",)
    at_dawn = True

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        return NightEntry.of(now=state.card(seat))

    def believes(self, seat: Seat, entry: NightEntry, dealt: str) -> str:
        now = entry.get("now")
        return dealt if now is None else str(now)


@power("doppelganger")
class Doppelganger(Power):
    """Wakes first, looks at another player's card and becomes that role: its choice is
    ``(seat, *the copied role's choice)``, its entry ``copied`` and that role's keys.
    A copied seer, robber, troublemaker or drunk acts at once; a copied werewolf,
    minion or mason wakes with them; a copied insomniac looks after the insomniac.
    (Copied roles are read from the game's own rules file.)

    >>> rules = load_rules()
    >>> dealt = ("doppelganger", "robber", "werewolf", "seer", "werewolf", "troublemaker")
    >>> dawn = play_night(rules, Layout(3, 3), dealt, {1: (2, 3), 2: (1,)})
    >>> dawn.entries[1].to_dict(Layout(3, 3)), dawn.entries[2].get("got")  # robbed twice
    ({'copied': {2: 'robber'}, 'robbed': 3, 'got': 'werewolf'}, 'werewolf')
    >>> dawn.cards[:3]  # seat 3 holds the doppelganger card, a robber since it copied one
    ('robber', 'werewolf', 'robber')
    """

    keys = KEYS
    required = ("copied",)
    acted = ("copied",)
    telling = ("copied",)
    copies = True

    def copy(self, name: str) -> Power:
        """The power of the role it becomes."""
        return power_of(load_rules().roles[name])

    def _target(self, choice: Choice, seat: Seat, state: NightState) -> str | None:
        if not choice or choice[0] == seat or not state.layout.is_seat(choice[0]):
            return None
        name = state.dealt[choice[0] - 1]
        return None if name == self.role.name else name

    def options(self, seat: Seat, state: NightState, uniform: bool = False) -> tuple[Choice, ...]:
        found: list[Choice] = []
        for (target,) in choice_options("player", seat, state.layout):
            name = state.dealt[target - 1]
            copied = NightState(state.layout, state.dealt, state.now, {seat: name})
            found += [(target, *sub) for sub in self.copy(name).options(seat, copied, uniform)]
        return tuple(found)

    def pick(self, options: Sequence[Choice], rng: Random) -> Choice:
        """A seat uniformly, then one of the copied role's choices uniformly."""
        target = rng.choice(sorted({option[0] for option in options}))
        return rng.choice([option for option in options if option[0] == target])

    def chance(self, choice: Choice, seat: Seat, state: NightState, uniform: bool) -> Fraction:
        """A seat uniformly, then the copied role's choice by its own prior."""
        name = self._target(choice, seat, state)
        if name is None:
            return Fraction(0)
        copied = NightState(state.layout, state.dealt, state.now, {seat: name})
        sub = self.copy(name).chance(choice[1:], seat, copied, uniform)
        return sub / (state.layout.players - 1)

    def domain(self, seat: Seat, layout: Layout, deck: Iterable[Role]) -> tuple[Choice, ...]:
        roles = [role for role in deck if not power_of(role).copies]
        subs = {sub for role in roles for sub in power_of(role).domain(seat, layout, roles)}
        return (
            NOTHING,
            *(
                (target, *sub)
                for (target,) in choice_options("player", seat, layout)
                for sub in sorted(subs)
            ),
        )

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        name = self._target(choice, seat, state)
        if name is None:  # only in a world of zero prior: a doppelganger always copies
            return NightEntry()
        state.copies[seat] = name
        power = self.copy(name)
        sub = NightEntry() if power.at_dawn else power.perform(seat, choice[1:], state)
        return NightEntry((("copied", ((choice[0], name),)), *sub.items))

    def late(self, seat: Seat, entry: NightEntry, state: NightState) -> NightEntry:
        name = state.copies.get(seat)
        if name is None or not self.copy(name).at_dawn:
            return entry
        look = self.copy(name).perform(seat, NOTHING, state)
        if all(key in entry.keys for key in look.keys):  # looked already
            return entry
        return NightEntry((*entry.items, *look.items))

    def _split(self, entry: NightEntry) -> tuple[tuple[Slot, str] | None, NightEntry]:
        copied = entry.get("copied")
        rest = NightEntry(tuple(item for item in entry.items if item[0] != "copied"))
        return (copied[0] if copied else None), rest

    def choice_of(self, entry: NightEntry) -> Choice:
        copied, rest = self._split(entry)
        if copied is None:
            return NOTHING
        return (copied[0], *self.copy(copied[1]).choice_of(rest))

    def believes(self, seat: Seat, entry: NightEntry, dealt: str) -> str:
        copied, rest = self._split(entry)
        if copied is None:
            return dealt
        return self.copy(copied[1]).believes(seat, rest, copied[1])

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        copied, rest = self._split(entry)
        pairs = entry.get("copied") or ()
        if copied is None:
            return
        if len(pairs) != 1 or copied[0] == seat:
            raise _fail(f"{where}.copied", "a doppelganger copies one other player's card")
        if copied[1] == self.role.name:
            raise _fail(f"{where}.copied", "there is one doppelganger card")
        power = self.copy(copied[1])
        for key in rest.keys:
            if key not in power.keys:
                raise _fail(
                    f"{where}.{key}", f"a doppelganger that copied the {copied[1]} has no such key"
                )
        for key in power.required:
            if key not in rest.keys:
                raise _fail(f"{where}: {key}", f"required for a doppelganger {copied[1]}")
        power.check(rest, seat, layout, where)


# -- the night as a whole --------------------------------------------------------------


@dataclass(frozen=True)
class Dawn:
    """The end of a night: every slot's card, and what each player did and saw."""

    cards: tuple[str, ...]
    """The card in each slot at dawn (index ``slot - 1``), the doppelganger's read as
    the role it became (its holder's role at dawn)."""
    entries: Mapping[Seat, NightEntry]


def wakers(rules: Rules, layout: Layout, dealt: Sequence[str]) -> Iterator[tuple[Seat, Role]]:
    """The seats that wake, in the night's order (seat order within a role)."""
    for role in rules.wake_order:
        for seat in layout.seats:
            if dealt[seat - 1] == role.name:
                yield seat, role


def play_night(
    rules: Rules, layout: Layout, dealt: Sequence[str], choices: Mapping[Seat, Choice]
) -> Dawn:
    """Run the night on a deal (``dealt[slot - 1]``) with each seat's choice (absent:
    nothing); the choices must be legal (see :func:`night_options`)."""
    state = NightState(layout, tuple(dealt), list(dealt))
    entries = {seat: NightEntry() for seat in layout.seats}
    woken = list(wakers(rules, layout, dealt))
    for seat, role in woken:
        entries[seat] = power_of(role).perform(seat, choices.get(seat, NOTHING), state)
    for seat, role in woken:
        entries[seat] = power_of(role).late(seat, entries[seat], state)
    return Dawn(as_played(state), MappingProxyType(entries))


def as_played(state: NightState) -> tuple[str, ...]:
    """The cards as they are now, a doppelganger's read as the role it became.

    >>> state = NightState(Layout(3, 2), ("doppelganger",) * 5, ["robber", "doppelganger"])
    >>> state.copies[1] = "werewolf"
    >>> as_played(state)
    ('robber', 'werewolf')
    """
    became = {state.dealt[seat - 1]: name for seat, name in state.copies.items()}
    return tuple(became.get(card, card) for card in state.now)


def copies_made(
    rules: Rules, layout: Layout, dealt: Sequence[str], choices: Mapping[Seat, Choice]
) -> dict[Seat, str]:
    """The roles the doppelgangers become by their choices (an illegal choice: none)."""
    state = NightState(layout, tuple(dealt), list(dealt))
    made = {}
    for seat in layout.seats:
        power = power_of(rules.roles[dealt[seat - 1]])
        choice = choices.get(seat, NOTHING)
        if power.copies and choice in power.options(seat, state, uniform=True):
            made[seat] = dealt[choice[0] - 1]
    return made


def night_options(
    rules: Rules, layout: Layout, dealt: Sequence[str], seat: Seat, uniform: bool = False
) -> tuple[Choice, ...]:
    """The night prior's equally likely choices of the player at ``seat``.

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> rules = load_rules()
    >>> layout = rules.layout("table", 3)
    >>> deal = ("werewolf", "seer", "robber", "werewolf", "troublemaker")
    >>> night_options(rules, layout, deal, 1), night_options(rules, layout, deal, 1, uniform=True)
    (((4,), (5,)), ((), (4,), (5,)))
    """
    state = NightState(layout, tuple(dealt), list(dealt))
    return power_of(rules.roles[dealt[seat - 1]]).options(seat, state, uniform)


def believed_card(rules: Rules, role: str, seat: Seat, entry: NightEntry) -> str:
    """The card a holder dealt ``role`` believes it holds at dawn, given its entry."""
    return power_of(rules.roles[role]).believes(seat, entry, role)
