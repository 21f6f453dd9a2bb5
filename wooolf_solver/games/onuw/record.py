"""Deal records and game records of One Night Ultimate Werewolf, in YAML or JSON.

A :class:`DealRecord` is one deal as far as it is known: the table (edition, players,
deck, bots), the known dealt cards, night entries, claims in order, and ballots. A
**game record** is one with every card, every player's night and every ballot; its
night is then replayed and every entry checked against the deal. Malformed input is
refused with an :class:`~wooolf_solver.core.errors.InvalidRecordError` of one line
that names the field.

>>> record = read_record('''
... game: onuw
... players: 3
... viewpoint: 1
... cards: {1: robber}
... night: {1: {robbed: 2, got: werewolf}}
... claims: [{seat: 2, role: seer, saw: {3: troublemaker}}]
... ''')
>>> record.deck, record.layout.centre
(('robber', 'seer', 'troublemaker', 'werewolf', 'werewolf'), (4, 5))
>>> record.claims[0]
Claim(seat=2, role='seer', entry=NightEntry(items=(('saw', ((3, 'troublemaker'),)),)))
>>> read_record({"game": "onuw", "players": 3, "votes": {1: 1}})
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidRecordError: votes.1: seat 1 cannot vote for itself
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from ...core.documents import dump_yaml, parse_yaml, read_document, shown
from ...core.errors import InvalidRecordError, did_you_mean
from ...core.fields import at, probability
from ...core.speech import DEFAULT_SPEECH, Speech, read_speech
from .night import Choice, NightEntry, NightState, copies_made, play_night, power_of
from .rules import Edition, Layout, Rules, Seat, Slot, load_rules
from .win import Ballot

NightModel = Literal["act", "uniform"]

FIELDS = (
    "game", "edition", "players", "deck", "bots", "model", "viewpoint",
    "cards", "night", "claims", "votes",
)  # fmt: skip


@dataclass(frozen=True)
class Claim:
    """A public statement: "I was dealt ``role``, and this is what I did and saw"."""

    seat: Seat
    role: str
    entry: NightEntry = field(default_factory=NightEntry)
    """The night keys the claim gives (any subset of the role's keys)."""


@dataclass(frozen=True)
class Model:
    """The probability model's options: the night prior, the village's lie rate and
    the speech model (:mod:`wooolf_solver.core.speech`)."""

    night: NightModel = "act"
    village_lies: Fraction = Fraction(0)
    speech: Speech = DEFAULT_SPEECH


@dataclass(frozen=True)
class DealRecord:
    """One deal as far as the record knows it."""

    game_name: ClassVar[str] = "onuw"
    """The registry's name of the game (how the generic API finds it)."""

    rules: Rules
    edition: str
    players: int
    deck: tuple[str, ...]
    """Every card in play, sorted."""
    viewpoint: Seat | None = None
    bots: frozenset[Seat] = frozenset()
    cards: Mapping[Slot, str] = field(default_factory=lambda: MappingProxyType({}))
    """Known dealt cards, by slot."""
    night: Mapping[Seat, NightEntry] = field(default_factory=lambda: MappingProxyType({}))
    claims: tuple[Claim, ...] = ()
    votes: Mapping[Seat, Ballot] | None = None
    model: Model = Model()
    own_deck: bool = False
    """Whether the record names its deck (rather than the edition's)."""

    @cached_property
    def layout(self) -> Layout:
        return Layout(self.players, self.rules.edition(self.edition).centre)

    @property
    def rules_edition(self) -> Edition:
        return self.rules.edition(self.edition)

    @property
    def is_game(self) -> bool:
        """Whether this is a game record: every card, night entry and ballot known."""
        return (
            len(self.cards) == len(self.layout.slots)
            and len(self.night) == self.players
            and self.votes is not None
            and len(self.votes) == self.players
        )

    @property
    def dealt(self) -> tuple[str, ...]:
        """Every slot's dealt card (a game record's; each slot must be known)."""
        return tuple(self.cards[slot] for slot in self.layout.slots)

    def choices(self) -> dict[Seat, Choice]:
        """The choices that the recorded night entries make."""
        return {
            seat: power_of(self.rules.roles[self.cards[seat]]).choice_of(entry)
            for seat, entry in self.night.items()
        }

    def to_dict(self) -> dict[str, Any]:
        """The record in the contract's form (seats as numbers, centre slots as ``c1``)."""
        out: dict[str, Any] = {"game": "onuw", "edition": self.edition, "players": self.players}
        if self.own_deck:
            out["deck"] = list(self.deck)
        if self.bots:
            out["bots"] = sorted(self.bots)
        if self.model != Model():
            model: dict[str, Any] = {"night": self.model.night}
            if self.model.village_lies:
                model["village_lies"] = str(self.model.village_lies)
            if self.model.speech != DEFAULT_SPEECH:
                model["speech"] = self.model.speech
            out["model"] = model
        if self.viewpoint is not None:
            out["viewpoint"] = self.viewpoint
        if self.cards:
            out["cards"] = {_key(self.layout, slot): role for slot, role in self.cards.items()}
        if self.night:
            out["night"] = {seat: entry.to_dict(self.layout) for seat, entry in self.night.items()}
        if self.claims:
            out["claims"] = [
                {"seat": claim.seat, "role": claim.role, **claim.entry.to_dict(self.layout)}
                for claim in self.claims
            ]
        if self.votes is not None:
            out["votes"] = {
                voter: "nobody" if ballot is None else ballot
                for voter, ballot in self.votes.items()
            }
        return out


def _key(layout: Layout, slot: Slot) -> int | str:
    return slot if layout.is_seat(slot) else layout.name(slot)


# -- reading ---------------------------------------------------------------------------


def read_record(source: str | Mapping[str, Any], rules: Rules | None = None) -> DealRecord:
    """A deal record from a parsed mapping or from YAML / JSON text."""
    data = parse_yaml(source, source="record") if isinstance(source, str) else source
    if not isinstance(data, Mapping):
        raise InvalidRecordError("record: a record is a mapping of fields")
    return _Reader(data, rules or load_rules()).read()


def load_record(path: str | Path, rules: Rules | None = None) -> DealRecord:
    """Read a deal record from a YAML or JSON file (safely, within the core's limits)."""
    return read_record(read_document(path), rules)


def dump_record(record: DealRecord, form: Literal["yaml", "json"] = "yaml") -> str:
    """The record as YAML (flow style for the small mappings) or JSON text.

    >>> record = read_record({"game": "onuw", "players": 3, "cards": {"c1": "seer"}})
    >>> print(dump_record(record), end="")
    game: onuw
    edition: table
    players: 3
    cards: {c1: seer}
    >>> read_record(dump_record(record, "json")) == record
    True
    """
    data = record.to_dict()
    if form == "json":
        return json.dumps(data) + "\n"
    return dump_yaml(data)


class _Reader:
    """Checks a parsed record field by field."""

    def __init__(self, data: Mapping[str, Any], rules: Rules) -> None:
        self.data = data
        self.rules = rules

    def read(self) -> DealRecord:
        unknown = [key for key in self.data if key not in FIELDS]
        if unknown:
            hint = did_you_mean(unknown[0], FIELDS) if isinstance(unknown[0], str) else ""
            raise InvalidRecordError(f"{at('', unknown[0])}: unknown field{hint}")
        game = self.data.get("game")
        if not isinstance(game, str) or game.strip().lower() != "onuw":
            raise InvalidRecordError(f"game: must be `onuw`, not {shown(game)}")
        edition = self.rules.edition(self.data.get("edition", "table")).name
        players = self.data.get("players")
        low, high = self.rules.min_players, self.rules.max_players
        if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
            raise InvalidRecordError(
                f"players: a number of players in {low}..{high}, not {shown(players)}"
            )
        self.layout = Layout(players, self.rules.edition(edition).centre)
        raw_deck = self.data.get("deck")
        if raw_deck is None:
            self.deck = self.rules.deck(edition, players)
        elif isinstance(raw_deck, list):
            self.deck = self.rules.check_deck(raw_deck, len(self.layout.slots), "deck")
        else:
            raise InvalidRecordError("deck: a list of role names")
        self.copies = Counter(self.deck)
        self.bots = self.read_bots()
        viewpoint = self.data.get("viewpoint")
        if viewpoint is not None:
            viewpoint = self.layout.parse(viewpoint, "viewpoint", seat=True)
        cards = self.read_cards()
        if viewpoint is not None and viewpoint not in cards:
            raise InvalidRecordError(
                f"cards: the viewpoint, seat {viewpoint}, needs its dealt card"
            )
        record = DealRecord(
            self.rules,
            edition,
            players,
            self.deck,
            viewpoint,
            self.bots,
            MappingProxyType(cards),
            MappingProxyType(self.read_night(cards)),
            self.read_claims(),
            self.read_votes(edition),
            self.read_model(),
            raw_deck is not None,
        )
        if len(cards) == len(self.layout.slots) and len(record.night) == players:
            check_night(record)
        return record

    # -- the table -------------------------------------------------------------------

    def mapping(self, name: str, what: str) -> Mapping[Any, Any]:
        raw = self.data.get(name)
        if raw is None:
            return {}
        if not isinstance(raw, Mapping):
            raise InvalidRecordError(f"{name}: a mapping of {what}")
        return raw

    def read_bots(self) -> frozenset[Seat]:
        raw = self.data.get("bots") or []
        if not isinstance(raw, list):
            raise InvalidRecordError("bots: a list of seats")
        seats = [self.layout.parse(value, "bots", seat=True) for value in raw]
        if len(set(seats)) != len(seats):
            raise InvalidRecordError("bots: a seat is listed twice")
        return frozenset(seats)

    def read_model(self) -> Model:
        options = ("night", "village_lies", "speech")
        raw = self.mapping("model", "options (night, village_lies, speech)")
        for key in raw:
            if key not in options:
                hint = did_you_mean(key, options) if isinstance(key, str) else ""
                raise InvalidRecordError(f"{at('model', key)}: unknown option{hint}")
        night = raw.get("night", "act")
        if night not in ("act", "uniform"):
            raise InvalidRecordError(f"model.night: `act` or `uniform`, not {shown(night)}")
        rate = probability(raw.get("village_lies", 0), "model.village_lies")
        return Model(night, rate, read_speech(raw.get("speech", DEFAULT_SPEECH), "model.speech"))

    def copying(self, name: str) -> bool:
        """Whether the role ``name`` becomes another at night (a doppelganger)."""
        return power_of(self.rules.roles[name]).copies

    def role(self, value: Any, where: str) -> str:
        """A role name that the deck holds."""
        role = self.rules.role(value, where)
        if not self.copies[role]:
            raise InvalidRecordError(f"{where}: the deck has no {role}")
        return role

    def read_cards(self) -> dict[Slot, str]:
        cards: dict[Slot, str] = {}
        for key, value in self.mapping("cards", "slot to role").items():
            slot = self.layout.parse(key, "cards")
            where = f"cards.{self.layout.name(slot)}"
            if slot in cards:
                raise InvalidRecordError(f"{where}: given twice")
            cards[slot] = self.role(value, where)
        for role, count in sorted(Counter(cards.values()).items()):
            if count > self.copies[role]:
                raise InvalidRecordError(
                    f"cards: {count} × {role}, but the deck has {self.copies[role]}"
                )
        return dict(sorted(cards.items()))

    # -- night entries and claims ----------------------------------------------------

    def read_night(self, cards: Mapping[Slot, str]) -> dict[Seat, NightEntry]:
        night: dict[Seat, NightEntry] = {}
        for key, raw in self.mapping("night", "seat to night entry").items():
            seat = self.layout.parse(key, "night", seat=True)
            where = f"night.{seat}"
            if seat in night:
                raise InvalidRecordError(f"{where}: given twice")
            if seat not in cards:
                raise InvalidRecordError(f"{where}: seat {seat}'s dealt card is not in `cards`")
            night[seat] = self.entry(raw, cards[seat], seat, where, full=True)
        return dict(sorted(night.items()))

    def read_claims(self) -> tuple[Claim, ...]:
        raw = self.data.get("claims") or []
        if not isinstance(raw, list):
            raise InvalidRecordError("claims: a list of claims")
        claims: list[Claim] = []
        made: dict[Seat, int] = {}
        for number, item in enumerate(raw, 1):
            where = f"claim {number}"
            if not isinstance(item, Mapping):
                raise InvalidRecordError(f"{where}: a claim is a mapping {{seat, role, ...}}")
            for name in ("seat", "role"):
                if name not in item:
                    raise InvalidRecordError(f"{where}: {name}: required")
            seat = self.layout.parse(item["seat"], f"{where}: seat", seat=True)
            if seat in self.bots:
                raise InvalidRecordError(f"{where}: seat {seat} is a bot, and bots make no claims")
            if seat in made:
                raise InvalidRecordError(
                    f"{where}: seat {seat} already claimed in claim {made[seat]}"
                )
            made[seat] = number
            # a role outside the deck is a lie, and valid input (docs/onuw/records.md)
            role = self.rules.role(item["role"], f"{where}: role")
            keys = {key: value for key, value in item.items() if key not in ("seat", "role")}
            claims.append(Claim(seat, role, self.entry(keys, role, seat, where, full=False)))
        return tuple(claims)

    def entry(self, raw: Any, role: str, seat: Seat, where: str, full: bool) -> NightEntry:
        """A night entry (``full``) or a claim's night keys, for ``role`` at ``seat``.
        A night entry must be one the role can have; a claim need only be well formed
        (a story no honest player could tell is a lie, and valid input)."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise InvalidRecordError(f"{where}: a mapping of night keys")
        power = power_of(self.rules.roles[role])
        values: dict[str, Any] = {}
        for key, value in raw.items():
            name = str(key)
            if name not in power.keys:
                keys = ", ".join(power.keys) or "none: it does nothing at night"
                raise InvalidRecordError(
                    f"{where}: a {role} has no night key {shown(name)} (keys: {keys})"
                )
            values[name] = self.value(name, value, f"{where}.{name}", full)
        if full:
            for name in power.required:
                if name not in values:
                    raise InvalidRecordError(f"{where}: {name}: required for a {role}")
            if "robbed" in values and "got" not in values:
                raise InvalidRecordError(f"{where}: got: required (the card robbed)")
        entry = NightEntry.of(**values)
        if full:
            power.check(entry, seat, self.layout, where)
        return entry

    def value(self, key: str, raw: Any, where: str, full: bool) -> Any:
        """A night key's value; in a claim (not ``full``) it need not be possible."""
        layout = self.layout
        role_of = self.role if full else self.rules.role
        if key in ("wolves", "masons", "swapped"):
            if not isinstance(raw, list):
                raise InvalidRecordError(f"{where}: a list of seats")
            seats = tuple(sorted(layout.parse(value, where, seat=True) for value in raw))
            if not full:
                return seats
            if len(set(seats)) != len(seats):
                raise InvalidRecordError(f"{where}: a seat is listed twice")
            role = {"wolves": "werewolf", "masons": "mason"}.get(key)
            copied = sum(self.copies[name] for name in self.copies if self.copying(name))
            if role is not None and len(seats) > self.copies[role] + copied:
                raise InvalidRecordError(
                    f"{where}: {len(seats)} seats, but the deck has {self.copies[role]} × {role}"
                )
            return seats
        if key in ("copied", "saw", "centre"):
            if not isinstance(raw, Mapping) or not raw:
                raise InvalidRecordError(f"{where}: a mapping of slot to the role seen")
            pairs = tuple(
                sorted(
                    (
                        layout.parse(slot, where, seat=key != "centre", centre=key == "centre"),
                        role_of(role, where),
                    )
                    for slot, role in raw.items()
                )
            )
            if not full:  # a slot named twice (`c1` and `C1`) stays twice: a lie
                return pairs
            if len({slot for slot, _ in pairs}) != len(pairs):
                raise InvalidRecordError(f"{where}: a slot is named twice")
            for role, count in Counter(role for _, role in pairs).items():
                if count > self.copies[role]:
                    raise InvalidRecordError(f"{where}: the deck has {self.copies[role]} × {role}")
            return pairs
        if key == "robbed":
            return layout.parse(raw, where, seat=True)
        if key == "took":
            return layout.parse(raw, where, centre=True)
        return role_of(raw, where)

    # -- ballots -----------------------------------------------------------------------

    def read_votes(self, edition: str) -> dict[Seat, Ballot] | None:
        if self.data.get("votes") is None:
            return None
        nobody_allowed = self.rules.edition(edition).vote.nobody
        votes: dict[Seat, Ballot] = {}
        for key, value in self.mapping("votes", "voter to ballot").items():
            voter = self.layout.parse(key, "votes", seat=True)
            where = f"votes.{voter}"
            if voter in votes:
                raise InvalidRecordError(f"{where}: given twice")
            if isinstance(value, str) and value.strip().lower() == "nobody":
                if not nobody_allowed:
                    raise InvalidRecordError(
                        f"{where}: the {edition} edition has no `nobody` ballot"
                    )
                votes[voter] = None
                continue
            target = self.layout.parse(value, where, seat=True)
            if target == voter:
                raise InvalidRecordError(f"{where}: seat {voter} cannot vote for itself")
            votes[voter] = target
        return dict(sorted(votes.items()))


def check_night(record: DealRecord) -> None:
    """Replay a fully known night and refuse an entry the deal cannot produce,
    naming the seat.

    >>> cards = {1: "robber", 2: "seer", 3: "werewolf", "c1": "werewolf", "c2": "troublemaker"}
    >>> night = {1: {"robbed": 2, "got": "werewolf"}, 2: {}, 3: {"wolves": [3]}}
    >>> read_record({"game": "onuw", "players": 3, "cards": cards, "night": night})
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: night.1: seat 1 cannot have this night: ...
    """
    rules, layout = record.rules, record.layout
    dealt = record.dealt
    if Counter(dealt) != Counter(record.deck):
        raise InvalidRecordError("cards: the dealt cards are not the deck's cards")
    choices = record.choices()
    state = NightState(layout, dealt, list(dealt), copies_made(rules, layout, dealt, choices))
    for seat, choice in choices.items():
        options = power_of(rules.roles[dealt[seat - 1]]).options(seat, state, uniform=True)
        if choice not in options and choice:
            raise InvalidRecordError(
                f"night.{seat}: seat {seat}, dealt the {dealt[seat - 1]}, cannot make this move"
            )
    dawn = play_night(rules, layout, dealt, choices)
    for seat, entry in record.night.items():
        if dawn.entries[seat] != entry:
            raise InvalidRecordError(
                f"night.{seat}: seat {seat} cannot have this night: the deal gives it "
                f"{dawn.entries[seat].to_dict(layout)}"
            )
