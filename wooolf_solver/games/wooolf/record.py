"""Round records: the setup, the known hands and the events of one round.

The format is the contract of ``docs/wooolf/records.md``; YAML and JSON are read.

>>> round_ = Round.from_dict({
...     "game": "wooolf", "edition": "basic", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 1, "peek": 4, "says": "sheep"},
...                {"seat": 2, "peek": 6, "sees": "wolf"}]})
>>> round_.events[1]
Peek(seat=2, target=6, says='wolf', sees=Card(character='wolf', icon='wolf'))
>>> round_.identity(2).name
'hunter'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from ...core.arguments import path_argument
from ...core.documents import read_document, shown
from ...core.errors import InvalidDeckError, InvalidRecordError, did_you_mean
from ...core.fields import MAX_NAME, at, digits, integer, only
from ...games import find_game
from .rules import Card, Character, Hand, Question, Rules, Seat, Setup, base_rules, load_deck


@dataclass(frozen=True)
class Peek:
    """``seat`` looked at one card of ``target`` and announced ``says``.

    ``sees`` is the card seen, when the record knows it: the peeker's private
    knowledge, used only when solving for the peeker's own viewpoint.
    """

    seat: Seat
    target: Seat
    says: str
    sees: Card | None = None


@dataclass(frozen=True)
class Ask:
    """``seat`` asked ``target`` a question card, answered truthfully."""

    seat: Seat
    target: Seat
    question: str
    answer: bool


@dataclass(frozen=True)
class Declare:
    """``seat`` declared early (the declaration's content is secret)."""

    seat: Seat
    when: Literal["early"] = "early"


Event = Peek | Ask | Declare


@dataclass(frozen=True)
class Round:
    """One round as one seat (the viewpoint) or the public knows it."""

    def __repr__(self) -> str:
        seen = f", viewpoint {self.viewpoint}" if self.viewpoint is not None else ""
        return (
            f"<round: {self.setup.edition}, {self.setup.players} players{seen}, "
            f"{len(self.events)} events>"
        )

    game_name: ClassVar[str] = "wooolf"

    game: Rules
    setup: Setup
    viewpoint: Seat | None = None
    hands: Mapping[Seat, Hand] = field(default_factory=lambda: MappingProxyType({}))
    questions: tuple[str, ...] | None = None
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat, neutral hands included."""
        return tuple(range(1, self.setup.seats + 1))

    def identity(self, seat: Seat) -> Character:
        """The identity of a seat whose hand is known."""
        return self.game.identity(self.hands[seat])

    def question(self, qid: str) -> Question:
        return self.game.questions[qid]

    # -- reading -----------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Round:
        """Read a round record from a YAML or JSON file."""
        path = path_argument(path)
        return cls.from_dict(read_document(path), base_dir=path.parent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base_dir: str | Path | None = None) -> Round:
        """Build a round from a parsed record, checking every field."""
        return _RoundReader(record_fields(data), folder_argument(base_dir)).read()


def record_fields(data: Any) -> Mapping[str, Any]:
    """A parsed record given to ``from_dict``: a mapping, or a one-line error.

    >>> record_fields([1, 2])
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: a record must be a mapping of fields, not [1, 2]
    """
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"a record must be a mapping of fields, not {shown(data)}")
    return data


def folder_argument(base_dir: Any) -> Path:
    """The folder a record's relative paths start from (``None``: the working folder)."""
    return Path.cwd() if base_dir is None else path_argument(base_dir, "base_dir")


def load_rules(data: Mapping[str, Any], base_dir: Path) -> tuple[Rules, Setup]:
    """The game, and its setup for the record's edition and player count."""
    game_name = data.get("game")
    if not isinstance(game_name, str):
        raise InvalidRecordError("game: required (for example `game: wooolf`)")
    try:
        named = find_game(game_name)
    except ValueError as error:
        raise InvalidRecordError(f"game: {error}") from None
    if named.name != "wooolf":
        raise InvalidRecordError(
            f"game: this is a record of {named.name}, not of wooolf "
            "(read it with its game's reader, or use `wooolf solve`)"
        )
    game = base_rules()
    edition = data.get("edition", "basic")
    if not isinstance(edition, str):
        raise InvalidRecordError("edition: an edition name or the path of a deck file")
    if edition not in game.editions and edition.endswith(".toml"):
        try:
            game, found = load_deck(base_dir / edition, game)
        except InvalidDeckError as error:
            raise InvalidRecordError(f"edition: {error}") from None
        edition = found.name
    if "players" not in data:
        raise InvalidRecordError("players: required, a number of players")
    players = integer(data["players"], "players")
    try:
        return game, game.setup(edition, players)
    except ValueError as error:
        field_name = "edition" if edition not in game.editions else "players"
        raise InvalidRecordError(f"{field_name}: {error}") from None


class _RoundReader:
    """Checks a parsed round record field by field."""

    FIELDS = frozenset({"game", "edition", "players", "viewpoint", "hands", "questions", "events"})

    def __init__(self, data: Mapping[str, Any], base_dir: Path) -> None:
        self.data = data
        self.base_dir = base_dir

    def read(self) -> Round:
        if "rounds" in self.data:
            raise InvalidRecordError(
                "rounds: this is a game record, not a round record "
                "(read it with GameRecord.load, or use `wooolf review`)"
            )
        check_fields(self.data, self.FIELDS)
        game, setup = load_rules(self.data, self.base_dir)
        self.game, self.setup = game, setup
        hands = self.hands()
        viewpoint = self.data.get("viewpoint")
        if viewpoint is not None:
            viewpoint = self.seat(viewpoint, "viewpoint", player=True)
            if viewpoint not in hands:
                raise InvalidRecordError(f"hands: the viewpoint, seat {viewpoint}, needs its hand")
        round_ = Round(game, setup, viewpoint, MappingProxyType(hands), self.questions())
        return replace(round_, events=read_events(round_, self.data.get("events", [])))

    def seat(self, value: Any, where: str, player: bool = False, key: bool = False) -> Seat:
        seat = parse_seat(value, where, self.setup.seats, key)
        if player and self.setup.is_neutral(seat):
            raise InvalidRecordError(f"{where}: seat {seat} is the neutral hand")
        return seat

    def hands(self) -> dict[Seat, Hand]:
        raw = self.data.get("hands", {}) or {}
        if not isinstance(raw, Mapping):
            raise InvalidRecordError("hands: a mapping of seat to two cards")
        hands = {}
        for key, cards in raw.items():
            seat = self.seat(key, f"hands: seat {at('', key)}", key=True)
            if seat in hands:
                raise InvalidRecordError(f"hands: seat {seat} is given twice")
            hands[seat] = read_hand(self.game, cards, f"hands.{seat}", self.game.hand_size)
        check_copies(self.setup, hands.values(), "hands")
        return dict(sorted(hands.items()))

    def questions(self) -> tuple[str, ...] | None:
        raw = self.data.get("questions")
        if raw is None:
            return None
        if not isinstance(raw, list):
            raise InvalidRecordError("questions: a list of question ids")
        return tuple(read_question(self.game, qid, "questions") for qid in raw)


def check_fields(data: Mapping[Any, Any], allowed: Iterable[str]) -> None:
    """Refuse a record's field not in ``allowed``, the first first (with a near miss).

    >>> check_fields({"game": "wooolf", "event": []}, ["game", "events"])
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: event: unknown field (did you mean 'events'?)
    """
    names = list(allowed)
    for key in data:
        if key not in names:
            hint = did_you_mean(key, names) if isinstance(key, str) else ""
            raise InvalidRecordError(f"{at('', key)}: unknown field{hint}")


def parse_seat(value: Any, where: str, seats: int, key: bool = False) -> Seat:
    """A seat number checked against the table; as a mapping's ``key`` (JSON keys are
    strings) it may also be written as digits."""
    if key and digits(value) is not None:
        value = digits(value)
    if isinstance(value, str) and digits(value, 100) is not None:
        raise InvalidRecordError(
            f"{where}: must be a whole number, not {shown(value)} (write it without quotes)"
        )
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidRecordError(f"{where}: {shown(value)} is not a seat number")
    if not 1 <= value <= seats:
        raise InvalidRecordError(f"{where}: seat {value} is out of range 1..{seats}")
    return value


def read_card(game: Rules, name: Any, where: str) -> Card:
    if name == {None: None}:  # YAML reads a bare ? in a list as an empty mapping
        raise InvalidRecordError(
            f"{where}: a bare ? is not a card name (a card with a ? icon is CHARACTER?, as hunter?)"
        )
    if not isinstance(name, str):
        raise InvalidRecordError(f"{where}: {shown(name)} is not a card name")
    if len(name) > MAX_NAME:
        raise InvalidRecordError(f"{where}: unknown card {shown(name)}")
    try:
        return game.card(name)
    except ValueError as error:
        raise InvalidRecordError(f"{where}: {error}") from None


def read_hand(game: Rules, cards: Any, where: str, size: int) -> Hand:
    if not isinstance(cards, list) or len(cards) != size:
        raise InvalidRecordError(f"{where}: a hand is a list of {size} cards")
    return tuple(sorted(read_card(game, name, where) for name in cards))


def read_question(game: Rules, qid: Any, where: str) -> str:
    if not isinstance(qid, str):
        raise InvalidRecordError(f"{where}: must be a question id, not {shown(qid)}")
    key = qid.strip().lower()
    if key not in game.questions:
        known = ", ".join(game.questions)
        raise InvalidRecordError(f"{where}: unknown question {shown(qid)} (known: {known})")
    return key


def check_copies(setup: Setup, hands: Iterable[Hand], where: str) -> None:
    """Refuse hands that hold more copies of a card than the deck has."""
    used = Counter(card for hand in hands for card in hand)
    for card, count in sorted(used.items()):
        if count > setup.copies(card):
            raise InvalidRecordError(
                f"{where}: {count} × {card.name}, but the {setup.edition} deck for "
                f"{setup.players} players has {setup.copies(card)}"
            )


def read_events(round_: Round, events: Any) -> tuple[Event, ...]:
    """Check a list of raw events against a round's setup and known hands."""
    if not isinstance(events, list):
        raise InvalidRecordError("events: a list of events")
    return tuple(_EventReader(round_).read(events))


class _EventReader:
    """Checks the events of a round, numbering them from 1 in messages."""

    def __init__(self, round_: Round) -> None:
        self.round = round_

    def read(self, events: list[Any]) -> Iterable[Event]:
        declared: dict[Seat, int] = {}
        for number, raw in enumerate(events, 1):
            event = self.event(number, raw)
            if event.seat in declared:
                raise InvalidRecordError(
                    f"event {number}: seat {event.seat} declared early in event "
                    f"{declared[event.seat]} and takes no more actions"
                )
            if isinstance(event, Declare):
                declared[event.seat] = number
            yield event

    def event(self, number: int, raw: Any) -> Event:
        where = f"event {number}"
        if not isinstance(raw, Mapping):
            raise InvalidRecordError(f"{where}: an event is a mapping of fields")
        kinds = [kind for kind in ("peek", "ask", "declare") if kind in raw]
        if len(kinds) != 1:
            raise InvalidRecordError(f"{where}: needs exactly one of peek, ask, declare")
        allowed = {
            "peek": {"seat", "peek", "says", "sees"},
            "ask": {"seat", "ask", "question", "answer"},
            "declare": {"seat", "declare"},
        }[kinds[0]]
        only(raw, allowed, where)
        if "seat" not in raw:
            raise InvalidRecordError(f"{where}: seat: required")
        seats = self.round.setup.seats
        seat = parse_seat(raw["seat"], f"{where}: seat", seats)
        if self.round.setup.is_neutral(seat):
            raise InvalidRecordError(f"{where}: seat {seat} is the neutral hand, which never acts")
        if kinds[0] == "declare":
            if raw["declare"] != "early":
                raise InvalidRecordError(f"{where}: declare: only `early` is recorded in a round")
            return Declare(seat)
        target = parse_seat(raw[kinds[0]], f"{where}: {kinds[0]}", seats)
        if target == seat:
            raise InvalidRecordError(f"{where}: seat {seat} cannot {kinds[0]} at itself")
        if kinds[0] == "ask":
            return self.ask(where, raw, seat, target)
        return self.peek(where, raw, seat, target)

    def ask(self, where: str, raw: Mapping[str, Any], seat: Seat, target: Seat) -> Ask:
        if self.round.setup.is_neutral(target):
            raise InvalidRecordError(f"{where}: ask: seat {target} is the neutral hand")
        qid = read_question(self.round.game, raw.get("question"), f"{where}: question")
        answer = raw.get("answer")
        if isinstance(answer, str) and answer.strip().lower() in ("yes", "no"):
            answer = answer.strip().lower() == "yes"
        if not isinstance(answer, bool):
            raise InvalidRecordError(f"{where}: answer: `yes` or `no`")
        return Ask(seat, target, qid, answer)

    def peek(self, where: str, raw: Mapping[str, Any], seat: Seat, target: Seat) -> Peek:
        game, setup = self.round.game, self.round.setup
        says = raw.get("says")
        if says is not None:
            says = str(says).strip().lower()
            if says not in game.icons:
                raise InvalidRecordError(
                    f"{where}: says: {shown(raw['says'])} is not an icon ({' '.join(game.icons)})"
                )
        sees = None
        if raw.get("sees") is not None:
            sees = read_card(game, raw["sees"], f"{where}: sees")
            if not setup.copies(sees):
                raise InvalidRecordError(
                    f"{where}: sees: the {setup.edition} deck for {setup.players} players "
                    f"has no {sees.name}"
                )
        peeker_known = seat in self.round.hands
        if sees is not None and peeker_known:
            announced = game.announcement(self.round.identity(seat), sees)
            if says is not None and says != announced:
                raise InvalidRecordError(
                    f"{where}: says {says!r}, but seat {seat} saw {sees.name} "
                    f"and must announce {announced!r}"
                )
            says = announced
        if says is None:
            raise InvalidRecordError(f"{where}: says: required (what seat {seat} announced)")
        return Peek(seat, target, says, sees)
