"""A moderator's full record checked against the rules: the game the rules can produce.

:func:`check_game` replays a record whose every card is known and refuses, naming the
event, what the rules cannot produce: a private event by the wrong role, a seer's look
that is not the card, a pack that is not the living werewolves, a werewolf as the
werewolves' victim, a revealed card that is not the seat's, a shot by a non-hunter, a
game that goes on after it has ended. (The reader already refuses dead players acting,
second potions and events out of order.)

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 3, "roles": {"werewolf": 1,
...     "villager": 2}, "cards": {1: "werewolf", 2: "villager", 3: "villager"},
...     "events": [{"night": 1}, {"dawn": 1, "dead": [2]}, {"day": 1, "votes": {1: 3, 3: 3},
...     "lynched": 3}, {"night": 2}]})
>>> check_game(record)
Traceback (most recent call last):
...
wooolf_solver.core.errors.InvalidRecordError: events.4: the game ended at event 3 (werewolves won)
"""

from __future__ import annotations

from ...core.errors import InvalidRecordError
from .events import (
    Charmed,
    Charms,
    Check,
    Event,
    Lovers,
    Protects,
    Shot,
    Takes,
    WitchNight,
    Wolves,
)
from .model import sees
from .play import winner_of
from .record import GameRecord
from .rules import CUPID, PIPER, WEREWOLF, WITCH, Seat

ROLE_OF_EVENT: dict[type[Event], str] = {
    Check: "seer",
    Wolves: WEREWOLF,
    WitchNight: WITCH,
    Protects: "defender",
    Charms: PIPER,
    Shot: "hunter",
}


def check_game(record: GameRecord) -> None:
    """Refuse a full record the rules cannot produce, naming the event."""
    if not record.is_full:
        raise InvalidRecordError("cards: a full record gives every seat's card")
    roles = dict(record.cards)
    alignment = record.variants.seer == "alignment"
    living = list(record.seats)
    lovers: tuple[Seat, Seat] | None = None
    charmed: set[Seat] = set()
    public = [n for n, event in enumerate(record.events, 1) if event.public]
    ended: tuple[int, str] | None = None
    for number, event in enumerate(record.events, 1):
        where = f"events.{number}"
        if ended is not None and event.public:
            raise InvalidRecordError(f"{where}: the game ended at event {ended[0]} ({ended[1]})")
        _check_event(event, where, roles, tuple(living), alignment)
        if isinstance(event, Lovers):
            lovers = event.lovers
        if isinstance(event, Charms):
            charmed.update(event.charms)
        living = [seat for seat in living if seat not in event.deaths]
        if event.public and number != public[-1]:
            won = winner_of(
                record.rules, roles, living, lovers=lovers, charmed=frozenset(charmed),
                parity=record.variants.parity,
            )  # fmt: skip
            if won is not None:
                ended = (number, f"{won} won")


def _check_event(
    event: Event, where: str, roles: dict[Seat, str], living: tuple[Seat, ...], alignment: bool
) -> None:
    actor = event.actor
    needed = ROLE_OF_EVENT.get(type(event))
    if actor is not None and needed is not None and roles[actor] != needed:
        raise InvalidRecordError(f"{where}.seat: seat {actor} is the {roles[actor]}, not {needed}")
    for seat, card in event.revealed:
        if roles[seat] != card:
            raise InvalidRecordError(f"{where}.cards.{seat}: seat {seat} is the {roles[seat]}")
    if isinstance(event, Check) and sees(roles[event.checks], alignment) != event.sees:
        raise InvalidRecordError(f"{where}.sees: seat {event.checks} is the {roles[event.checks]}")
    if isinstance(event, Wolves):
        pack = tuple(seat for seat in living if roles[seat] == WEREWOLF)
        if event.wolves != pack:
            raise InvalidRecordError(f"{where}.wolves: the pack is {list(pack)}")
    if isinstance(event, WitchNight) and roles[event.victim] == WEREWOLF:
        raise InvalidRecordError(f"{where}.victim: seat {event.victim}, a werewolf, is no victim")
    if isinstance(event, Protects) and roles[event.protects] == "little-girl":
        raise InvalidRecordError(f"{where}.protects: the defender cannot protect the little girl")
    if isinstance(event, Lovers) and event.seat not in event.lovers and roles[event.seat] != CUPID:
        raise InvalidRecordError(f"{where}.seat: seat {event.seat} is neither cupid nor a lover")
    if isinstance(event, Charmed) and any(roles[seat] == PIPER for seat in event.charmed):
        raise InvalidRecordError(f"{where}.charmed: the piper is never charmed")
    if isinstance(event, Takes) and roles[event.seat] != event.takes:
        raise InvalidRecordError(f"{where}.takes: seat {event.seat} plays the {roles[event.seat]}")
