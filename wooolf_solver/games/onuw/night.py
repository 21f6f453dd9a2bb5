"""The night: each role's choices and power, applied in wake order with real card moves.

A **choice** is the tuple of slots a role acts on (``()`` for "do nothing"): the seer's
``(3,)`` or two centre slots, the robber's target, the troublemaker's pair, the
drunk's or the lone werewolf's centre slot. A :class:`NightEntry` is what a seat did
and saw, in the keys of the record format (``saw``, ``centre``, ``robbed``, ``got``...).

Each role's power is a small class, registered by name (:func:`power`); a role's
``power`` field in the rules data names its class, so a new role is one data row and
one class.

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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar, cast

from ...core.errors import InvalidRecordError
from .rules import ChoiceKind, Layout, Role, Rules, Seat, Slot

Choice = tuple[Slot, ...]
"""The slots a night choice acts on; ``()`` is "do nothing"."""

NOTHING: Choice = ()

EntryValue = Slot | str | tuple[Slot, ...] | tuple[tuple[Slot, str], ...]
"""A night key's value: a slot, a role, sorted seats, or sorted (slot, role) pairs."""

KEYS = ("wolves", "masons", "saw", "centre", "robbed", "got", "swapped", "took", "now")
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
            if key in ("saw", "centre"):
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
    """The night in progress: the dealt cards (fixed) and the cards as they are now."""

    layout: Layout
    dealt: tuple[str, ...]
    """The card dealt to each slot (index ``slot - 1``)."""
    now: list[str]

    def card(self, slot: Slot) -> str:
        return self.now[slot - 1]

    def swap(self, first: Slot, second: Slot) -> None:
        a, b = first - 1, second - 1
        self.now[a], self.now[b] = self.now[b], self.now[a]

    def dealt_to(self, role: str) -> tuple[Seat, ...]:
        """The player seats dealt ``role``."""
        return tuple(seat for seat in self.layout.seats if self.dealt[seat - 1] == role)


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

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        """Act (moving cards in ``state``) and return what the seat did and saw."""
        return NightEntry()

    def choice_of(self, entry: NightEntry) -> Choice:
        """The choice a full night entry records."""
        return NOTHING

    def believes(self, seat: Seat, entry: NightEntry, dealt: str) -> str:
        """The card the holder believes it holds at dawn: the last it saw."""
        return dealt

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
        return len(state.dealt_to(self.role.name)) == 1

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        wolves = state.dealt_to(self.role.name)
        return NightEntry.of(wolves=wolves, centre=_seen(state, choice) or None)

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
        return NightEntry.of(wolves=state.dealt_to("werewolf"))

    def check(self, entry: NightEntry, seat: Seat, layout: Layout, where: str) -> None:
        if seat in (entry.get("wolves") or ()):
            raise _fail(f"{where}.wolves", f"seat {seat} holds the minion, not a werewolf")


@power("mason")
class Mason(Power):
    """Sees the other masons."""

    keys = ("masons",)
    required = ("masons",)

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        return NightEntry.of(masons=state.dealt_to(self.role.name))

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

    def perform(self, seat: Seat, choice: Choice, state: NightState) -> NightEntry:
        return NightEntry.of(now=state.card(seat))

    def believes(self, seat: Seat, entry: NightEntry, dealt: str) -> str:
        now = entry.get("now")
        return dealt if now is None else str(now)


# -- the night as a whole --------------------------------------------------------------


@dataclass(frozen=True)
class Dawn:
    """The end of a night: every slot's card, and what each player did and saw."""

    cards: tuple[str, ...]
    """The card in each slot at dawn (index ``slot - 1``)."""
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
    for seat, role in wakers(rules, layout, dealt):
        entries[seat] = power_of(role).perform(seat, choices.get(seat, NOTHING), state)
    return Dawn(tuple(state.now), MappingProxyType(entries))


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
