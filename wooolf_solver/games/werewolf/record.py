"""Game records of classic Werewolf, in YAML or JSON: read, checked, written.

A :class:`GameRecord` is a moderated game as far as one seat (``viewpoint``), the public
(no viewpoint) or the moderator (every card, every private event) knows it: the deck,
the variants, the known cards and the events in play order, numbered from 1. Malformed
input is refused with one :class:`~wooolf_solver.core.errors.InvalidRecordError` line
naming the field or the event (``events.3.dead``).

>>> record = read_record('''
... game: werewolf
... players: 9
... roles: {werewolf: 2, seer: 1, witch: 1, hunter: 1, villager: 4}
... viewpoint: 3
... cards: {3: seer}
... events:
...   - {night: 1}
...   - {seat: 3, checks: 5, sees: villager}
...   - {dawn: 1, dead: [7], cards: {7: villager}}
...   - {seat: 4, claims: seer, checked: {2: werewolf}}
...   - {day: 1, votes: {1: 2, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2, 8: 1, 9: 2}, lynched: 2,
...      cards: {2: werewolf}}
... ''')
>>> len(record.events), record.alive_after()
(5, (1, 3, 4, 5, 6, 8, 9))
>>> read_record(dump_record(record)) == record
True
>>> read_record({"game": "werewolf", "players": 8, "events": [{"dawn": 1, "dead": [2]}]})
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidRecordError: events.1: dawn 1 before night 1
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from ...core import fields
from ...core.documents import dump_yaml, parse_json, parse_yaml, read_document, shown
from ...core.errors import InvalidRecordError
from ...core.speech import DEFAULT_SPEECH, Speech, read_speech
from .events import (
    IDIOT,
    PRIVATE_KINDS,
    Cards,
    Charmed,
    Charms,
    Check,
    Claim,
    Dawn,
    Day,
    Event,
    Lovers,
    Night,
    Private,
    Protects,
    SheriffNamed,
    Shot,
    Takes,
    WitchNight,
    Wolves,
)
from .rules import THIEF, WEREWOLF, Deck, Rules, Seat, Variants, load_rules, variants_of

FIELDS = ("game", "players", "roles", "rules", "model", "viewpoint", "cards", "events")
ALIGNMENTS = ("werewolf", "not")


@dataclass(frozen=True)
class Model:
    """The probability model's options: the village's lie rate (as in ONUW) and the
    speech model (:mod:`wooolf_solver.core.speech`)."""

    village_lies: Fraction = Fraction(0)
    speech: Speech = DEFAULT_SPEECH


@dataclass(frozen=True)
class GameRecord:
    """A game as far as the record's viewpoint knows it."""

    game_name: ClassVar[str] = "werewolf"
    """The registry's name of the game (how :mod:`wooolf_solver.api` finds it)."""

    players: int
    deck: Deck
    """The N cards for the N players (the thief's extra cards are not listed)."""
    variants: Variants = field(default_factory=Variants)
    viewpoint: Seat | None = None
    cards: Cards = ()
    """Known roles: the role each seat plays."""
    events: tuple[Event, ...] = ()
    model: Model = field(default_factory=Model)
    rules: Rules = field(default_factory=load_rules, repr=False, compare=False)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.players + 1))

    @property
    def has_thief(self) -> bool:
        return dict(self.deck).get(THIEF, 0) > 0

    @property
    def full_deck(self) -> Deck:
        """Every card shuffled: the deck and, with a thief, the extra cards."""
        return self.rules.cards(self.deck)

    @property
    def is_full(self) -> bool:
        """Whether every seat's card is known (a moderator's record)."""
        return len(self.cards) == self.players

    def alive_after(self, number: int | None = None) -> tuple[Seat, ...]:
        """The living seats after event ``number`` (from 1; ``None``: the last).

        >>> record = GameRecord(3, (("villager", 2), ("werewolf", 1)),
        ...     events=(Night(1), Dawn(1, (2,))))
        >>> record.alive_after(1), record.alive_after()
        ((1, 2, 3), (1, 3))
        """
        events = self.events if number is None else self.events[:number]
        dead = {seat for event in events for seat in event.deaths}
        return tuple(seat for seat in self.seats if seat not in dead)

    def mute_after(self, number: int | None = None) -> frozenset[Seat]:
        """The seats that may no longer vote after event ``number`` (from 1; ``None``:
        the last): each village idiot a lynch revealed (it lives on, without a vote), as
        each event says (:attr:`.events.Event.mutes`; the reader's checks ask it too).

        >>> idiot = Day(1, ((1, 2), (2, 3), (3, 2)), 2, ((2, "village-idiot"),))
        >>> GameRecord(3, (("village-idiot", 1), ("villager", 1), ("werewolf", 1)),
        ...     events=(Night(1), Dawn(1, ()), idiot)).mute_after()
        frozenset({2})
        """
        events = self.events if number is None else self.events[:number]
        return frozenset(seat for event in events for seat in event.mutes)

    def view(self, seat: Seat | None) -> GameRecord:
        """The record as ``seat`` knows it (``None``: the public): its own card, the public
        events and its own private events.

        >>> record = GameRecord(3, (("villager", 2), ("werewolf", 1)),
        ...     cards=((1, "werewolf"), (2, "villager"), (3, "villager")),
        ...     events=(Night(1), Wolves(1, (1,)), Dawn(1, (2,))))
        >>> [event.to_dict() for event in record.view(2).events], record.view(2).cards
        ([{'night': 1}, {'dawn': 1, 'dead': [2]}], ((2, 'villager'),))
        """
        events = tuple(
            event
            for event in self.events
            if event.public or (isinstance(event, Private) and event.seat == seat)
        )
        cards = tuple((s, role) for s, role in self.cards if s == seat)
        return replace(self, viewpoint=seat, cards=cards, events=events)

    def to_dict(self) -> dict[str, Any]:
        """The record in the contract's form."""
        out: dict[str, Any] = {
            "game": "werewolf",
            "players": self.players,
            "roles": dict(self.deck),
        }
        if self.variants.to_dict():
            out["rules"] = self.variants.to_dict()
        if self.model != Model():
            model: dict[str, Any] = {}
            if self.model.village_lies:
                model["village_lies"] = str(self.model.village_lies)
            if self.model.speech != DEFAULT_SPEECH:
                model["speech"] = self.model.speech
            out["model"] = model
        if self.viewpoint is not None:
            out["viewpoint"] = self.viewpoint
        if self.cards:
            out["cards"] = dict(self.cards)
        out["events"] = [event.to_dict() for event in self.events]
        return out


# -- reading and writing -------------------------------------------------------------------


def read_record(source: str | Mapping[str, Any], rules: Rules | None = None) -> GameRecord:
    """A game record from a parsed mapping or from YAML / JSON text.

    >>> read_record({"game": "werewolf", "players": 8, "viewpoint": 9})
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: viewpoint: must be between 1 and 8, not 9
    """
    if isinstance(source, str):
        text = source.lstrip()
        data = parse_json(source) if text.startswith("{") else parse_yaml(source)
    else:
        data = source
    return _Reader(fields.only(data, FIELDS, ""), rules or load_rules()).read()


def load_record(path: str | Path, rules: Rules | None = None) -> GameRecord:
    """Read a game record from a YAML or JSON file (safely, within the core's limits)."""
    return read_record(read_document(path), rules)


def dump_record(record: GameRecord, form: Literal["yaml", "json"] = "yaml") -> str:
    """The record as YAML (one event a line) or JSON text.

    >>> record = GameRecord(3, (("villager", 2), ("werewolf", 1)), events=(Night(1),))
    >>> print(dump_record(record), end="")
    game: werewolf
    players: 3
    roles: {villager: 2, werewolf: 1}
    events:
    - {night: 1}
    >>> read_record(dump_record(record, "json")) == record
    True
    """
    data = record.to_dict()
    if form == "json":
        return json.dumps(data) + "\n"
    events = data.pop("events")
    text = dump_yaml(data)
    lines = [f"- {dump_yaml(event, flow=True).strip()}" for event in events]
    return text + "events:" + ("\n" + "\n".join(lines) if lines else " []") + "\n"


class _Reader:
    """Checks a parsed record field by field, and its events in play order."""

    def __init__(self, data: Mapping[str, Any], rules: Rules) -> None:
        self.data = data
        self.rules = rules

    def read(self) -> GameRecord:
        data, rules = self.data, self.rules
        game = fields.required(data, "game", "")
        if not isinstance(game, str) or game.strip().lower() != "werewolf":
            raise InvalidRecordError(f"game: must be werewolf, not {shown(game)}")
        self.players = fields.integer(
            fields.required(data, "players", ""),
            "players",
            rules.small_players,
            rules.max_players,
        )
        if "roles" in data:
            self.deck = rules.check_deck(data["roles"], self.players, "roles")
        else:
            self.deck = rules.table_deck(self.players)
        self.full = Counter(dict(rules.cards(self.deck)))
        self.played = {name for name, n in self.full.items() if n and name != THIEF}
        self.variants = variants_of(data.get("rules"))
        viewpoint = data.get("viewpoint")
        if viewpoint is not None:
            viewpoint = self.seat(viewpoint, "viewpoint")
        cards = self.read_cards()
        if viewpoint is not None and viewpoint not in dict(cards):
            raise InvalidRecordError(f"cards: the viewpoint, seat {viewpoint}, needs its card")
        self.known = dict(cards)
        events = self.read_events()
        return GameRecord(
            self.players,
            self.deck,
            self.variants,
            viewpoint,
            cards,
            events,
            self.read_model(),
            rules,
        )

    # -- values ----------------------------------------------------------------------

    def seat(self, value: Any, where: str, key: bool = False) -> Seat:
        """A seat number (as a mapping's key, digits are accepted: JSON keys are strings)."""
        if key and fields.digits(value) is not None:
            value = fields.digits(value)
        return fields.integer(value, where, 1, self.players)

    def seats(
        self, value: Any, where: str, low: int = 0, high: int | None = None
    ) -> tuple[Seat, ...]:
        items = fields.sequence(value, where)
        seats = tuple(self.seat(item, fields.at(where, n)) for n, item in enumerate(items, 1))
        if len(set(seats)) != len(seats):
            raise InvalidRecordError(f"{where}: a seat is listed twice")
        top = self.players if high is None else high
        if not low <= len(seats) <= top:
            size = f"{low}" if low == top else f"{low} to {top}"
            noun = "seat" if top == 1 else "seats"
            raise InvalidRecordError(f"{where}: must list {size} {noun}, not {len(seats)}")
        return seats

    def role(self, value: Any, where: str) -> str:
        """The name of a role some seat can play with this deck."""
        name = fields.choice(value, where, self.rules.roles, what="role")
        if name == THIEF and name in self.full:
            raise InvalidRecordError(
                f"{where}: nobody plays the thief (he always exchanges his card)"
            )
        if name not in self.played:
            raise InvalidRecordError(f"{where}: the deck has no {name}")
        return name

    def card_map(
        self, value: Any, where: str, alignment: bool = False, said: bool = False
    ) -> Cards:
        """Seats to roles (or, with ``alignment``, to ``werewolf`` / ``not``); ``said``:
        what a player says, so any role the rules name, in the deck or not."""
        out: dict[Seat, str] = {}
        for key, item in fields.mapping(value, where).items():
            seat = self.seat(key, where, key=True)
            inner = fields.at(where, seat)
            if seat in out:
                raise InvalidRecordError(f"{inner}: given twice")
            if alignment:
                out[seat] = fields.choice(item, inner, ALIGNMENTS, what="alignment")
            elif said:
                out[seat] = fields.choice(item, inner, self.rules.roles, what="role")
            else:
                out[seat] = self.role(item, inner)
        return tuple(sorted(out.items()))

    def read_cards(self) -> Cards:
        cards = self.card_map(self.data.get("cards", {}), "cards")
        for name, count in sorted(Counter(role for _, role in cards).items()):
            if count > self.full[name]:
                raise InvalidRecordError(
                    f"cards: {count} × {name}, but the deck has {self.full[name]}"
                )
        return cards

    def read_model(self) -> Model:
        raw = fields.only(self.data.get("model", {}), ("village_lies", "speech"), "model")
        rate = fields.probability(raw.get("village_lies", 0), "model.village_lies")
        return Model(rate, read_speech(raw.get("speech", DEFAULT_SPEECH), "model.speech"))

    # -- events ----------------------------------------------------------------------

    def read_events(self) -> tuple[Event, ...]:
        raw = fields.sequence(self.data.get("events", []), "events")
        state = _State(self.players)
        events: list[Event] = []
        for number, item in enumerate(raw, 1):
            where = f"events.{number}"
            event = self.event(item, where, state)
            state.apply(event, number)
            events.append(event)
        return tuple(events)

    def event(self, item: Any, where: str, state: _State) -> Event:
        data = fields.mapping(item, where)
        for key in ("night", "dawn", "day", "sheriff"):
            if key in data:
                return getattr(self, f"read_{key}")(data, where, state)  # type: ignore[no-any-return]
        if "seat" not in data:
            raise InvalidRecordError(
                f"{where}: an event is a night, dawn, day, sheriff or a seat's event"
            )
        seat = self.seat(data["seat"], fields.at(where, "seat"))
        if "shoots" in data:
            return self.read_shot(data, where, state, seat)
        if "claims" in data:
            return self.read_claim(data, where, state, seat)
        kind = next((key for key in PRIVATE_KINDS if key in data), None)
        if kind is None:
            kind = next((key for key in ("heals", "poisons") if key in data), None)
            if kind is not None:
                raise InvalidRecordError(f"{where}: missing field 'victim'")
            known = ", ".join(["claims", "shoots", *PRIVATE_KINDS])
            raise InvalidRecordError(f"{where}: a seat's event needs one of {known}")
        if state.phase != "night":
            raise InvalidRecordError(f"{where}: a private {kind} event outside a night")
        state.living(seat, fields.at(where, "seat"))
        return getattr(self, f"read_{kind}")(data, where, state, seat)  # type: ignore[no-any-return]

    # public events

    def read_night(self, data: Mapping[str, Any], where: str, state: _State) -> Night:
        raw = fields.only(data, ("night",), where)
        number = fields.integer(raw["night"], fields.at(where, "night"), 1)
        if number != state.night + 1:
            after = f"after night {state.night}" if state.night else "first"
            raise InvalidRecordError(f"{where}: night {number} {after} (nights count 1, 2, …)")
        if state.phase not in ("start", "day"):
            raise InvalidRecordError(f"{where}: night {number} before day {state.night}")
        return Night(number)

    def read_dawn(self, data: Mapping[str, Any], where: str, state: _State) -> Dawn:
        raw = fields.only(data, ("dawn", "dead", "cards"), where)
        number = fields.integer(raw["dawn"], fields.at(where, "dawn"), 1)
        if state.phase != "night" or number != state.night:
            raise InvalidRecordError(f"{where}: dawn {number} before night {number}")
        dead = self.seats(raw.get("dead", []), fields.at(where, "dead"))
        for seat in dead:
            state.living(seat, fields.at(where, "dead"))
        cards = self.revealed(raw, where, dead)
        return Dawn(number, dead, cards)

    def revealed(
        self, raw: Mapping[str, Any], where: str, dead: tuple[Seat, ...], idiot: Seat | None = None
    ) -> Cards:
        cards = self.card_map(raw.get("cards", {}), fields.at(where, "cards"))
        for seat, role in cards:
            inner = fields.at(fields.at(where, "cards"), seat)
            if seat == idiot and role == IDIOT:
                continue
            if seat not in dead:
                raise InvalidRecordError(f"{inner}: seat {seat} does not die here")
            if not self.variants.reveal:
                raise InvalidRecordError(f"{inner}: cards stay hidden (rules: reveal: false)")
        return cards

    def read_shot(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Shot:
        raw = fields.only(data, ("seat", "shoots", "cards", "dead"), where)
        if state.phase not in ("dawn", "day"):
            raise InvalidRecordError(f"{where}: a shot outside a dawn or a day")
        if seat in state.shot:
            raise InvalidRecordError(f"{where}.seat: seat {seat} has already shot")
        if seat not in state.dead:
            raise InvalidRecordError(f"{where}.seat: seat {seat} shoots but is alive")
        target = self.seat(raw["shoots"], fields.at(where, "shoots"))
        state.living(target, fields.at(where, "shoots"))
        dead = self.seats(raw.get("dead", []), fields.at(where, "dead"))
        for other in dead:
            state.living(other, fields.at(where, "dead"))
            if other == target:
                raise InvalidRecordError(f"{where}.dead: seat {other} is the one shot")
        cards = self.revealed(raw, where, (target, *dead))
        return Shot(seat, target, cards, dead)

    def read_sheriff(self, data: Mapping[str, Any], where: str, state: _State) -> SheriffNamed:
        raw = fields.only(data, ("sheriff",), where)
        if state.phase not in ("dawn", "day"):
            raise InvalidRecordError(f"{where}: a sheriff is named by day")
        seat = self.seat(raw["sheriff"], fields.at(where, "sheriff"))
        state.living(seat, fields.at(where, "sheriff"))
        return SheriffNamed(seat)

    def read_day(self, data: Mapping[str, Any], where: str, state: _State) -> Day:
        raw = fields.only(data, ("day", "votes", "lynched", "cards", "dead"), where)
        number = fields.integer(raw["day"], fields.at(where, "day"), 1)
        if state.phase != "dawn" or number != state.night:
            raise InvalidRecordError(f"{where}: day {number} before dawn {number}")
        votes: dict[Seat, Seat] = {}
        for key, value in fields.mapping(raw.get("votes", {}), fields.at(where, "votes")).items():
            voter = self.seat(key, fields.at(where, "votes"), key=True)
            inner = fields.at(fields.at(where, "votes"), voter)
            if voter in votes:
                raise InvalidRecordError(f"{inner}: given twice")
            state.living(voter, inner)
            if voter in state.mute:
                raise InvalidRecordError(f"{inner}: seat {voter}, the revealed idiot, has no vote")
            votes[voter] = self.seat(value, inner)
            state.living(votes[voter], inner)
        lynched = fields.required(raw, "lynched", where)
        if lynched is not None:
            lynched = self.seat(lynched, fields.at(where, "lynched"))
            state.living(lynched, fields.at(where, "lynched"))
        top = state.most_voted(votes)
        if lynched is None and len(top) == 1:
            raise InvalidRecordError(f"{where}.lynched: seat {top[0]} has the most votes")
        if lynched is not None and len(top) == 1 and lynched != top[0]:
            raise InvalidRecordError(
                f"{where}.lynched: seat {top[0]} has the most votes, not seat {lynched}"
            )
        dead = self.seats(raw.get("dead", []), fields.at(where, "dead"))
        for other in dead:
            state.living(other, fields.at(where, "dead"))
            if other == lynched:
                raise InvalidRecordError(f"{where}.dead: seat {other} is the one lynched")
        gone = (lynched, *dead) if lynched is not None else dead
        cards = self.revealed(raw, where, gone, idiot=lynched)
        if lynched is not None and dict(cards).get(lynched) == IDIOT and lynched in state.mute:
            raise InvalidRecordError(f"{where}.lynched: the idiot, seat {lynched}, is spared once")
        return Day(number, tuple(sorted(votes.items())), lynched, cards, dead)

    def read_claim(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Claim:
        raw = fields.only(data, ("seat", "claims", "checked"), where)
        if state.phase != "dawn":
            raise InvalidRecordError(f"{where}: a claim is made by day, before the vote")
        state.living(seat, fields.at(where, "seat"))
        role = fields.choice(
            raw["claims"], fields.at(where, "claims"), self.rules.roles, what="role"
        )
        alignment = self.variants.seer == "alignment"
        checked = self.card_map(
            raw.get("checked", {}), fields.at(where, "checked"), alignment, said=True
        )
        return Claim(seat, role, checked)  # what was said, however false (a lie: speech.md)

    # private events

    def read_checks(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Check:
        raw = fields.only(data, ("seat", "checks", "sees"), where)
        target = self.seat(raw["checks"], fields.at(where, "checks"))
        if target == seat:
            raise InvalidRecordError(f"{where}.checks: the seer looks at another player")
        state.living(target, fields.at(where, "checks"))
        sees = fields.required(raw, "sees", where)
        if self.variants.seer == "alignment":
            value = fields.choice(sees, fields.at(where, "sees"), ALIGNMENTS, what="alignment")
        else:
            value = self.role(sees, fields.at(where, "sees"))
        return Check(seat, target, value)

    def read_wolves(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Wolves:
        raw = fields.only(data, ("seat", "wolves"), where)
        pack = self.seats(raw["wolves"], fields.at(where, "wolves"), 1, self.full[WEREWOLF])
        if seat not in pack:
            raise InvalidRecordError(f"{where}.wolves: must include seat {seat} itself")
        for other in pack:
            state.living(other, fields.at(where, "wolves"))
        return Wolves(seat, tuple(sorted(pack)))

    def read_victim(
        self, data: Mapping[str, Any], where: str, state: _State, seat: Seat
    ) -> WitchNight:
        raw = fields.only(data, ("seat", "victim", "heals", "poisons"), where)
        victim = self.seat(raw["victim"], fields.at(where, "victim"))
        state.living(victim, fields.at(where, "victim"))
        heals = fields.boolean(raw.get("heals", False), fields.at(where, "heals"))
        if heals and seat in state.healed:
            raise InvalidRecordError(f"{where}.heals: the witch has one healing potion")
        poisons = raw.get("poisons")
        if poisons is not None:
            poisons = self.seat(poisons, fields.at(where, "poisons"))
            state.living(poisons, fields.at(where, "poisons"))
            if seat in state.poisoned:
                raise InvalidRecordError(f"{where}.poisons: the witch has one poison")
        return WitchNight(seat, victim, heals, poisons)

    def read_protects(
        self, data: Mapping[str, Any], where: str, state: _State, seat: Seat
    ) -> Protects:
        raw = fields.only(data, ("seat", "protects"), where)
        target = self.seat(raw["protects"], fields.at(where, "protects"))
        state.living(target, fields.at(where, "protects"))
        if state.protected.get(seat) == (state.night - 1, target):
            raise InvalidRecordError(f"{where}.protects: seat {target} was protected last night")
        if self.known.get(target) == "little-girl":
            raise InvalidRecordError(
                f"{where}.protects: the defender cannot protect the little girl"
            )
        return Protects(seat, target)

    def read_lovers(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Lovers:
        raw = fields.only(data, ("seat", "lovers"), where)
        self.first_night(where, state, "lovers")
        pair = self.seats(raw["lovers"], fields.at(where, "lovers"), 2, 2)
        return Lovers(seat, (min(pair), max(pair)))

    def read_charms(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Charms:
        raw = fields.only(data, ("seat", "charms"), where)
        charms = self.seats(raw["charms"], fields.at(where, "charms"), 1, 2)
        for other in charms:
            state.living(other, fields.at(where, "charms"))
            if other == seat:
                raise InvalidRecordError(f"{where}.charms: the piper never charms himself")
            if other in state.charmed:
                raise InvalidRecordError(f"{where}.charms: seat {other} is charmed already")
        return Charms(seat, tuple(sorted(charms)))

    def read_charmed(
        self, data: Mapping[str, Any], where: str, state: _State, seat: Seat
    ) -> Charmed:
        raw = fields.only(data, ("seat", "charmed"), where)
        charmed = self.seats(raw["charmed"], fields.at(where, "charmed"), 1)
        if seat not in charmed:
            raise InvalidRecordError(f"{where}.charmed: must include seat {seat} itself")
        for other in charmed:
            state.living(other, fields.at(where, "charmed"))
        return Charmed(seat, tuple(sorted(charmed)))

    def read_takes(self, data: Mapping[str, Any], where: str, state: _State, seat: Seat) -> Takes:
        raw = fields.only(data, ("seat", "takes"), where)
        self.first_night(where, state, "takes")
        if not self.full[THIEF]:
            raise InvalidRecordError(f"{where}.takes: the deck has no thief")
        return Takes(seat, self.role(raw["takes"], fields.at(where, "takes")))

    def first_night(self, where: str, state: _State, key: str) -> None:
        if state.night != 1:
            raise InvalidRecordError(f"{where}.{key}: on the first night only")


class _State:
    """What the reader tracks while it reads the events in order."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.phase = "start"  # start, night, dawn (the day's talk), day (after the vote)
        self.night = 0
        self.dead: dict[Seat, int] = {}
        self.mute: set[Seat] = set()
        self.shot: set[Seat] = set()
        self.sheriff: Seat | None = None
        self.healed: set[Seat] = set()
        self.poisoned: set[Seat] = set()
        self.protected: dict[Seat, tuple[int, Seat]] = {}
        self.charmed: set[Seat] = set()

    def living(self, seat: Seat, where: str) -> None:
        if seat in self.dead:
            raise InvalidRecordError(f"{where}: seat {seat} died in event {self.dead[seat]}")

    def most_voted(self, votes: Mapping[Seat, Seat]) -> list[Seat]:
        tally: Counter[Seat] = Counter()
        for voter, target in votes.items():
            tally[target] += 2 if voter == self.sheriff else 1
        if not tally:
            return []
        top = max(tally.values())
        return sorted(seat for seat, n in tally.items() if n == top)

    def apply(self, event: Event, number: int) -> None:
        for seat in event.deaths:
            self.dead[seat] = number
        self.mute.update(event.mutes)  # GameRecord.mute_after's rule, event by event
        if isinstance(event, Night):
            self.phase, self.night = "night", event.night
        elif isinstance(event, Dawn):
            self.phase = "dawn"
        elif isinstance(event, Day):
            self.phase = "day"
        elif isinstance(event, Shot):
            self.shot.add(event.seat)
        elif isinstance(event, SheriffNamed):
            self.sheriff = event.sheriff
        elif isinstance(event, WitchNight):
            if event.heals:
                self.healed.add(event.seat)
            if event.poisons is not None:
                self.poisoned.add(event.seat)
        elif isinstance(event, Protects):
            self.protected[event.seat] = (self.night, event.protects)
        elif isinstance(event, Charms):
            self.charmed.update(event.charms)
        if self.sheriff in event.deaths:
            self.sheriff = None
