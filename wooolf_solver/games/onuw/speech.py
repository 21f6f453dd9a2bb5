"""What a claim is worth: the speech models of ONUW (``docs/onuw/rules.md``).

Who speaks honestly is the model's (a seat believing it holds a village card); what
each claim weighs under the record's speech model is this module's, as three exact
integers per claim (:class:`~wooolf_solver.core.speech.ClaimWeights`): a liar's
likelihood, an honest speaker's when the claim is true, and when it is false. Every
engine reads these.

- ``free``: a liar's claim weighs 1, an honest one ``1 - e`` if true and ``e`` if
  false (``e`` the record's ``village_lies``);
- ``mimic``: a liar's weighs ``q``, the chance that a story-teller tells this story
  (:func:`story_chance`), an honest one ``(1 - e)·[true] + e·q``;
- ``mixed``: as ``mimic``, ``q`` the mean of :func:`story_chance` and
  :func:`story_share` (the share of the village's whole stories that tell it).

Each triple is scaled to whole numbers by the denominators of ``e`` and ``q`` (the same
factor in every world). Another model is one more branch of :func:`speech_chance`.

A 3-player table deck (werewolf ×2, seer, robber, troublemaker: K = 4 role names); seat
1 says it is the seer and saw seat 2's werewolf: 1/4 for the role, 1/3 for the look
(two other players or the centre pair), 1/4 for the card:

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3,
...     "claims": [{"seat": 1, "role": "seer", "saw": {2: "werewolf"}}]})
>>> teller = Teller.of(record)
>>> story_chance(record.claims[0], teller)
Fraction(1, 48)
>>> weights_of(record.claims[0], teller, "mimic", Fraction(1, 10))
ClaimWeights(liar=10, true=433, false=1)
>>> weights_of(record.claims[0], teller, "free", Fraction(1, 10))
ClaimWeights(liar=10, true=9, false=1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Self, cast

from ...core.speech import ClaimWeights, Speech, claim_weights
from .night import (
    EntryValue,
    Mason,
    NightEntry,
    NightState,
    Power,
    Werewolf,
    choice_options,
    power_of,
)
from .record import Claim, DealRecord
from .rules import Layout, Role, Rules, Seat, Slot

CARD_KEYS = ("saw", "centre", "got", "now")
"""The night keys that tell cards seen: each card told is one of the deck's names."""


@dataclass(frozen=True)
class Teller:
    """What a story-teller chooses from: the table, the deck, and the night prior."""

    rules: Rules
    layout: Layout
    deck: tuple[str, ...]
    uniform: bool = False
    """The ``uniform`` night prior: "do nothing" is one more option where a role may pass."""

    @classmethod
    def of(cls, record: DealRecord) -> Self:
        return cls(record.rules, record.layout, record.deck, record.model.night == "uniform")

    @property
    def names(self) -> int:
        """K, the deck's distinct role names (centre and players together)."""
        return len(set(self.deck))


def _one_of(count: int, possible: bool) -> Fraction:
    """The chance of one of ``count`` equally likely options; a part no honest speaker
    could tell counts as one more option (its value cancels: such a claim is false in
    every world, so it weighs alike in all of them)."""
    return Fraction(1, count) if possible else Fraction(1, count + 1)


def _list_sets(teller: Teller, kind: str, own: bool) -> int:
    """How many ``wolves`` or ``masons`` lists a speaker may tell: the sets of other
    players of at most as many seats as the deck has ``kind`` cards (one fewer when the
    speaker holds one and lists itself too)."""
    most = teller.deck.count(kind) - own
    return sum(comb(teller.layout.players - 1, size) for size in range(most + 1))


def _list_possible(
    listed: tuple[Slot, ...], seat: Seat, teller: Teller, kind: str, own: bool
) -> bool:
    """Whether a list is one of the :func:`_list_sets` (itself in it when ``own``)."""
    rest = [other for other in listed if other != seat]
    most = teller.deck.count(kind) - own
    return (seat in listed) == own and len(set(listed)) == len(listed) and len(rest) <= most


def _seats_listed(
    listed: tuple[Slot, ...], seat: Seat, teller: Teller, kind: str, own: bool
) -> Fraction:
    """A ``wolves`` or ``masons`` list: uniform over the :func:`_list_sets`."""
    possible = _list_possible(listed, seat, teller, kind, own)
    return _one_of(_list_sets(teller, kind, own), possible)


def _cards_told(key: str, value: EntryValue) -> int:
    if key in ("got", "now"):
        return 1
    return len(value) if isinstance(value, tuple) else 1


def _choice_slots(power: Power, entry: NightEntry) -> tuple[Slot, ...]:
    """The slots of the choice a claim tells, in key order (slot of each card seen)."""
    slots: list[Slot] = []
    for key in power.telling:
        value = entry.get(key)
        if isinstance(value, int):
            slots.append(value)
        elif isinstance(value, tuple):
            slots.extend(item[0] if isinstance(item, tuple) else item for item in value)
    return tuple(slots)


def story_chance(claim: Claim, teller: Teller) -> Fraction:
    """q: the chance that a story-teller at the claim's seat tells this story (the
    ``mimic`` model of ``speech.md``). The role: one of the deck's K names (a role
    outside the deck too). Each card told: one of the K names. A ``wolves`` or
    ``masons`` list: one of the sets it may name. The choice told (a seat looked at,
    robbed, swapped; a centre slot): by the night prior of the role in that seat. Keys
    left out are summed out. A part no honest speaker could tell (a choice outside the
    prior, a list that is not a set it may name) counts as one more option.

    >>> from wooolf_solver.games.onuw.record import read_record
    >>> record = read_record({"game": "onuw", "players": 3, "model": {"night": "uniform"},
    ...     "claims": [{"seat": 1, "role": "troublemaker", "swapped": [2, 3]},
    ...                {"seat": 2, "role": "robber", "got": "seer"},
    ...                {"seat": 3, "role": "seer", "saw": {3: "seer"}}]})
    >>> [str(story_chance(claim, Teller.of(record))) for claim in record.claims]
    ['1/8', '1/24', '1/80']
    """
    seat, entry = claim.seat, claim.entry
    role = teller.rules.roles[claim.role]
    power = power_of(role)
    if power.copies:
        return _copied_story(claim, teller)
    names = teller.names
    wolf = isinstance(power, Werewolf)
    chance = Fraction(1, names)
    for key, value in entry.items:
        if key in CARD_KEYS:
            chance /= names ** _cards_told(key, value)
    for key, kind, own in (
        ("wolves", claim.role if wolf else "werewolf", wolf),
        ("masons", claim.role, isinstance(power, Mason)),
    ):
        listed = entry.get(key)
        if listed is not None:
            chance *= _seats_listed(listed, seat, teller, kind, own)
    if not any(key in entry.keys for key in power.acted):
        return chance
    real = choice_options(role.choice, seat, teller.layout)
    count = len(real) + (teller.uniform and role.may_pass)
    lone = True
    if wolf:  # only a lone werewolf looks at the centre
        wolves = entry.get("wolves")
        if wolves is None:
            chance *= _seats_listed((seat,), seat, teller, claim.role, True)
        lone = wolves is None or wolves == (seat,)
    told = _choice_slots(power, entry)
    if not told:  # a robber's card without its target: any target
        return chance * Fraction(len(real), count)
    return chance * _one_of(count, lone and told in real)


def _copied_story(claim: Claim, teller: Teller) -> Fraction:
    """q of a doppelganger's story: the role (1/K), the seat it copied (one of the other
    players), the card it saw there (one of the deck's K - 1 other names), then the
    copied role's own story without its role's 1/K. Without ``copied``: the copied
    role's story averaged over those names (0 for a name whose keys are not the
    story's; no keys at all: 1/K, as any role).

    >>> from wooolf_solver.games.onuw.record import read_record
    >>> deck = ["doppelganger", "werewolf", "werewolf", "seer", "robber", "troublemaker"]
    >>> record = read_record({"game": "onuw", "edition": "official", "players": 3,
    ...     "deck": deck, "claims": [{"seat": 1, "role": "doppelganger",
    ...     "copied": {2: "seer"}, "saw": {3: "werewolf"}}]})
    >>> story_chance(record.claims[0], Teller.of(record))  # 1/5 · 1/2 · 1/4 · (1/5 · 1/5)
    Fraction(1, 1000)
    """
    names, seat = teller.names, claim.seat
    rest = NightEntry(tuple(item for item in claim.entry.items if item[0] != "copied"))
    copied = claim.entry.get("copied")
    if not claim.entry.items:
        return Fraction(1, names)
    cards = sorted(name for name in set(teller.deck) if name != claim.role) or [claim.role]
    if copied is None:
        told = sum((_copy_told(name, rest, claim, teller) for name in cards), Fraction())
        return Fraction(1, names) * (told / len(cards) or Fraction(1, names + 1))
    (slot, seen), *more = copied
    chance = Fraction(1, names) * _one_of(teller.layout.players - 1, not more and slot != seat)
    chance *= _one_of(len(cards), seen in cards)
    return chance * (_copy_told(seen, rest, claim, teller) or Fraction(1, names + 1))


def _copy_told(name: str, rest: NightEntry, claim: Claim, teller: Teller) -> Fraction:
    """The story ``rest`` of a doppelganger that became ``name``, without the role's
    1/K (0 when ``name`` cannot tell it: another doppelganger, or keys it has not)."""
    power = power_of(teller.rules.roles[name])
    if power.copies or any(key not in power.keys for key in rest.keys):
        return Fraction(0)
    return story_chance(Claim(claim.seat, name, rest), teller) * teller.names


def _slots_and_cards(key: str, value: EntryValue) -> tuple[tuple[Slot, ...], tuple[str, ...]]:
    """The slots and the cards a card key tells (``got`` and ``now``: one card, no slot)."""
    if key in ("got", "now"):
        return (), (str(value),)
    pairs = cast(tuple[tuple[Slot, str], ...], value)
    return tuple(slot for slot, _ in pairs), tuple(card for _, card in pairs)


def _stories(template: NightEntry, told: NightEntry, role: str, seat: Seat, teller: Teller) -> int:
    """How many whole stories of an honest holder of ``role`` at ``seat`` that made the
    choice of ``template`` (an entry with its cards left blank) agree with ``told``:
    each card it saw is one of the deck's K names, each list one of the sets it may
    name; a key ``told`` gives must agree, a key it leaves out counts every value."""
    given = dict(told.items)
    if any(key not in template.keys for key in given):
        return 0
    count = 1
    for key, value in template.items:
        said = given.get(key)
        if key in ("wolves", "masons"):
            kind, own = ("werewolf", False) if key == "wolves" else (role, True)
            count *= (
                _list_sets(teller, kind, own)
                if said is None
                else _list_possible(cast(tuple[Slot, ...], said), seat, teller, kind, own)
            )
        elif key in CARD_KEYS:
            slots, cards = _slots_and_cards(key, value)
            if said is None:
                count *= teller.names ** len(cards)
            else:
                told_slots, told_cards = _slots_and_cards(key, said)
                count *= told_slots == slots and set(told_cards) <= set(teller.deck)
        elif said is not None:
            count *= said == value
    return count


def _templates(role: Role, seat: Seat, teller: Teller) -> tuple[NightEntry, ...]:
    """The entry of each choice of the night prior of ``role`` at ``seat``, its cards
    blank (only how many it tells counts). A role that becomes another at night copies,
    in turn, each village role of the deck but itself, and tells that role's entry."""
    power, layout = power_of(role), teller.layout
    fills = [""]
    if getattr(power, "copies", False):
        names = sorted(set(teller.deck) - {role.name})
        fills = [name for name in names if teller.rules.roles[name].team == "village"]
    found: list[NightEntry] = []
    for fill in fills:
        dealt = (fill,) * len(layout.slots)
        for choice in power.options(seat, NightState(layout, dealt, list(dealt)), teller.uniform):
            night = NightState(layout, dealt, list(dealt))
            entry = power.perform(seat, choice, night)
            late = getattr(power, "late", None)
            found.append(late(seat, entry, night) if late is not None else entry)
    return tuple(found)


def story_share(claim: Claim, teller: Teller) -> Fraction:
    """The share of the **whole stories** an honest player at the claim's seat could
    tell that agree with the claim (the ``uniform`` story-teller of ``docs/speech.md``):
    a story is a village role of the deck with everything its holder would tell, one
    story per choice of the night prior and per card it could see (each of the deck's K
    names) and per list it could name. 0 for a role off the deck or not of the village,
    or a claim no honest player could make.

    The 3-player table deck (werewolf ×2, seer, robber, troublemaker: K = 4): the seer
    tells 2 × 4 looks at a player and 16 at the centre pair, the robber 2 × 4, the
    troublemaker 1 swap: 33 stories.

    >>> from wooolf_solver.games.onuw.record import read_record
    >>> record = read_record({"game": "onuw", "players": 3,
    ...     "claims": [{"seat": 1, "role": "seer", "saw": {2: "werewolf"}},
    ...                {"seat": 2, "role": "troublemaker"},
    ...                {"seat": 3, "role": "werewolf"}]})
    >>> [str(story_share(claim, Teller.of(record))) for claim in record.claims]
    ['1/33', '1/33', '0']
    """
    total = agree = 0
    for name in sorted(set(teller.deck)):
        role = teller.rules.roles[name]
        if role.team != "village":
            continue
        for template in _templates(role, claim.seat, teller):
            total += _stories(template, NightEntry(), name, claim.seat, teller)
            if name == claim.role:
                agree += _stories(template, claim.entry, name, claim.seat, teller)
    return Fraction(agree, total) if total else Fraction(0)


def speech_chance(claim: Claim, teller: Teller, speech: Speech) -> Fraction:
    """The chance a liar tells the claim under ``speech``: ``mimic`` :func:`story_chance`,
    ``mixed`` the mean of it and :func:`story_share` (a liar follows either with chance
    ½), ``free`` 1 (unused)."""
    if speech == "free":
        return Fraction(1)
    if speech == "mixed":
        return (story_chance(claim, teller) + story_share(claim, teller)) / 2
    return story_chance(claim, teller)


def weights_of(
    claim: Claim, teller: Teller, speech: Speech, village_lies: Fraction
) -> ClaimWeights:
    """A claim's three likelihoods under ``speech``, as integers on one scale
    (:func:`~wooolf_solver.core.speech.claim_weights`, the story priced by
    :func:`story_chance` only where the model reads it).

    >>> from wooolf_solver.games.onuw.record import read_record
    >>> record = read_record({"game": "onuw", "players": 3,
    ...     "claims": [{"seat": 1, "role": "villager"}]})
    >>> claim = record.claims[0]
    >>> weights_of(claim, Teller.of(record), "mimic", Fraction(0))  # off the deck: K = 4
    ClaimWeights(liar=1, true=4, false=0)
    >>> weights_of(claim, Teller.of(record), "free", Fraction(0))
    ClaimWeights(liar=1, true=1, false=0)
    """
    return claim_weights(speech, village_lies, speech_chance(claim, teller, speech))


__all__ = [
    "CARD_KEYS",
    "Teller",
    "speech_chance",
    "story_chance",
    "story_share",
    "weights_of",
]
