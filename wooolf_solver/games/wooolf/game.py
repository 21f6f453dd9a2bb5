"""Game records: every round of a game with every hand revealed, read and checked.

The format is the game-record section of ``docs/wooolf/records.md`` (YAML or JSON):
``game``, ``edition`` and ``players`` are read as in a round record, then ``rounds``,
each with its ``start`` player, the ``hands`` of every seat (the neutral hand
included), the ``events`` (as in a round record; every peek carries both ``sees``
and ``says``, and both are required) and the ``declarations`` (seat ->
``{when: early|final, targets: [...]}``; a seat not listed made none).

A record its own revealed hands cannot produce is refused with an
:class:`~wooolf_solver.core.errors.InvalidRecordError` naming the round and the event or
field (``round 2, event 5: ...``). How the rules of play are read:

- **Turn order.** A round's events are its players' turns, one action each: the start
  player first, then clockwise, which is increasing seat numbers, wrapping from the
  last player to seat 1 (the neutral hand never has a turn). The first go-around is
  every player's first turn, so the round's first ``players`` events, and nobody may
  declare early during it. From then on a seat that has declared early is skipped.
  An event by any other seat than the one whose turn it is is refused.
- **End of a round.** A round ends with the early declaration that brings the early
  declarers to 2 (4-5 players) or 3 (6-8 players): that is its last event, and every
  other player then makes a final declaration or none. A round recorded with fewer
  early declarations, or with events after its end, is refused.
- **The next round** starts with the player to the left of the previous round's last
  early declarer: the next seat clockwise (left of a player is where play goes next).
- **Red X.** A seat whose early declaration in the previous round was wrong may not
  declare early (its ``declare`` event is refused); final declarations stay open to it.
- **Declarations.** Each ``declare`` event has an early declaration in
  ``declarations`` and each early declaration a ``declare`` event; ``targets`` has one
  pointer per target of the seat's identity (its revealed hand), each a seat or ``0``
  for nobody, never the declarer itself (its identity is never one of its targets).
- **End of the game** (:func:`~wooolf_solver.games.wooolf.scoring.game_over`): a round after a
  player holds 2 mistake markers, or a fourth round, is refused. A record may stop
  before the end (an unfinished game).
- Not checked: the number of questions a player asks (the question cards dealt are
  not recorded).

>>> record = GameRecord.load("examples/game-6p-basic.yaml")
>>> len(record.rounds), record.setup.players
(3, 6)
>>> first = record.round(1)
>>> first.start, first.identity(3).name, first.declarations[6]
(6, 'shepherd', Declared(seat=6, when='early', targets=(0,)))
>>> dict(record.score.totals), record.score.winners
({1: 6, 2: 3, 3: 5, 4: 2, 5: 3, 6: 5}, (1,))
>>> view = first.seen_by(2, events=4)
>>> view.viewpoint, list(view.hands), len(view.events)
(2, [2], 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from ...core.arguments import path_argument
from ...core.documents import read_document, shown
from ...core.errors import InvalidRecordError
from ...core.fields import at, digits
from ...core.kept import kept
from ...core.words import NOBODY
from .record import (
    Ask,
    Declare,
    Event,
    Peek,
    Round,
    check_copies,
    check_fields,
    folder_argument,
    load_rules,
    parse_seat,
    read_events,
    read_hand,
    record_fields,
)
from .rules import Character, Hand, Rules, Seat, Setup
from .scoring import (
    Declared,
    GameScore,
    RoundScore,
    game_over,
    mistake_totals,
    score_game,
    score_round,
)


def early_declarations_to_end(players: int) -> int:
    """The early declarations that end a round: 2 with 4-5 players, 3 with 6-8.

    >>> early_declarations_to_end(5), early_declarations_to_end(6)
    (2, 3)
    """
    return 2 if players <= 5 else 3


def next_clockwise(seat: Seat, players: int) -> Seat:
    """The player after ``seat`` in turn order (to its left).

    >>> next_clockwise(3, 6), next_clockwise(6, 6)
    (4, 1)
    """
    return seat % players + 1


def describe_hand(hand: Hand) -> str:
    """``hound + sheep``."""
    return " + ".join(card.name for card in hand)


@dataclass(frozen=True)
class GameRound:
    """One revealed round of a game."""

    def __repr__(self) -> str:
        return f"<round {self.number}: {len(self.events)} events>"

    game: Rules
    setup: Setup
    number: int
    """The round's number, from 1."""
    start: Seat
    hands: Mapping[Seat, Hand]
    """Every seat's hand, the neutral hand included."""
    events: tuple[Event, ...]
    declarations: Mapping[Seat, Declared]
    """Seat -> its declaration; a seat not listed made none."""
    blocked: frozenset[Seat] = frozenset()
    """Seats with a red X from the previous round: no early declaration this round."""

    @property
    def players(self) -> tuple[Seat, ...]:
        """The seats that act (the neutral hand excluded)."""
        return tuple(range(1, self.setup.players + 1))

    @property
    def first_go_around(self) -> int:
        """The number of events in the first go-around (every player's first turn)."""
        return self.setup.players

    def identity(self, seat: Seat) -> Character:
        return self.game.identity(self.hands[seat])

    def declare_event(self, seat: Seat) -> int | None:
        """The number (from 1) of ``seat``'s ``declare`` event, if it declared early."""
        for number, event in enumerate(self.events, 1):
            if isinstance(event, Declare) and event.seat == seat:
                return number
        return None

    def seen_by(self, seat: Seat, events: int | None = None) -> Round:
        """The round as ``seat`` knows it (its hand, the public events, the cards it saw
        itself), cut after the first ``events`` events (all of them by default).

        >>> record = GameRecord.load("examples/game-4p-advanced.yaml")
        >>> view = record.round(1).seen_by(1, events=0)
        >>> view.viewpoint, view.events
        (1, ())
        """
        if seat not in self.players:
            raise InvalidRecordError(f"seat {seat} is not a player of this round")
        count = len(self.events) if events is None else events
        if not 0 <= count <= len(self.events):
            raise InvalidRecordError(f"events: {events} is out of range 0..{len(self.events)}")
        public = self.public_events
        known = tuple(
            public[number] if isinstance(event, Peek) and event.seat != seat else event
            for number, event in enumerate(self.events[:count])
        )
        hands = MappingProxyType({seat: self.hands[seat]})
        return Round(self.game, self.setup, seat, hands, None, known)

    @cached_property
    def public_events(self) -> tuple[Event, ...]:
        """The events as the public knows them: every peek without the card seen
        (made once: the lab's report asks for every seat's view again and again)."""
        return tuple(map(_public, self.events))

    @cached_property
    def score(self) -> RoundScore:
        """The round's points, mistakes and red X (:func:`~.scoring.score_round`)."""
        return score_round(self.game, self.setup, self.hands, self.events, self.declarations)


def _public(event: Event) -> Event:
    """``event`` as the public knows it: a peek without the card seen, made once per
    event and kept on it (a played round's views share it, turn after turn)."""
    if isinstance(event, Peek) and event.sees is not None:
        return kept(event, "public", lambda: replace(event, sees=None))
    return event


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the rules, the setup, and every round revealed."""

    def __repr__(self) -> str:
        return (
            f"<game: {self.setup.edition}, {self.setup.players} players, {len(self.rounds)} rounds>"
        )

    game_name: ClassVar[str] = "wooolf"

    game: Rules
    setup: Setup
    rounds: tuple[GameRound, ...]

    def round(self, number: int) -> GameRound:
        """Round ``number``, counted from 1."""
        if not 1 <= number <= len(self.rounds):
            raise InvalidRecordError(f"round {number} is out of range 1..{len(self.rounds)}")
        return self.rounds[number - 1]

    @cached_property
    def score(self) -> GameScore:
        """Totals and winners (:func:`~wooolf_solver.games.wooolf.scoring.score_game`)."""
        return score_game([round_.score for round_ in self.rounds])

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a game record from a YAML or JSON file."""
        path = path_argument(path)
        return cls.from_dict(read_document(path), base_dir=path.parent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base_dir: str | Path | None = None) -> GameRecord:
        """Build a game from a parsed record, checking it against the rules."""
        data = record_fields(data)
        if "events" in data and "rounds" not in data:
            raise InvalidRecordError(
                "events: this is a round record, not a game record "
                "(read it with Round.load, or use `wooolf solve`)"
            )
        check_fields(data, ("game", "edition", "players", "rounds"))
        game, setup = load_rules(data, folder_argument(base_dir))
        raw = data.get("rounds")
        if not isinstance(raw, list) or not raw:
            raise InvalidRecordError("rounds: a list of at least one round")
        rounds: list[GameRound] = []
        for number, raw_round in enumerate(raw, 1):
            if rounds and game_over([r.score for r in rounds]):
                raise InvalidRecordError(f"round {number}: {_why_over(rounds)}")
            rounds.append(_RoundReader(game, setup, number, rounds).read(raw_round))
        return cls(game, setup, tuple(rounds))


def _why_over(rounds: Sequence[GameRound]) -> str:
    marked = [s for s, n in mistake_totals([r.score for r in rounds]).items() if n >= 2]
    last = len(rounds)
    if marked:
        who = ", ".join(f"seat {seat}" for seat in marked)
        return f"the game ended after round {last}: {who} held 2 mistake markers"
    return f"the game ended after round {last}, its last round"


class _RoundReader:
    """Checks one round of a game record against its revealed hands and the rules."""

    FIELDS = frozenset({"start", "hands", "events", "declarations"})

    def __init__(self, game: Rules, setup: Setup, number: int, before: list[GameRound]) -> None:
        self.game = game
        self.setup = setup
        self.number = number
        self.previous = before[-1] if before else None

    def fail(self, where: str, why: str) -> InvalidRecordError:
        return InvalidRecordError(f"round {self.number}, {where}: {why}")

    def prefixed(self, error: InvalidRecordError) -> InvalidRecordError:
        return InvalidRecordError(f"round {self.number}, {error}")

    def read(self, raw: Any) -> GameRound:
        if not isinstance(raw, Mapping):
            raise InvalidRecordError(f"round {self.number}: a round is a mapping of fields")
        unknown = sorted(set(raw) - self.FIELDS, key=str)
        if unknown:
            raise InvalidRecordError(f"round {self.number}: {unknown[0]}: unknown field")
        start = self.start(raw.get("start"))
        try:
            hands = self.hands(raw.get("hands"))
        except InvalidRecordError as error:
            raise self.prefixed(error) from None
        raw_events = raw.get("events", [])
        if not isinstance(raw_events, list):
            raise self.fail("events", "a list of events")
        blocked = self.previous.score.red if self.previous else frozenset()
        round_ = GameRound(self.game, self.setup, self.number, start, hands, (), {}, blocked)
        round_ = replace(round_, events=self.play(round_, raw_events))
        declarations = self.declarations(round_, raw.get("declarations"))
        return replace(round_, declarations=MappingProxyType(declarations))

    # -- setup ---------------------------------------------------------------------------

    def start(self, value: Any) -> Seat:
        if value is None:
            raise self.fail("start", "required (the round's start player)")
        try:
            seat = parse_seat(value, "start", self.setup.players)
        except InvalidRecordError as error:
            raise self.prefixed(error) from None
        if self.previous is not None:
            early = [e.seat for e in self.previous.events if isinstance(e, Declare)]
            expected = next_clockwise(early[-1], self.setup.players)
            if seat != expected:
                raise self.fail(
                    "start",
                    f"seat {seat}, but round {self.previous.number}'s last early declarer "
                    f"was seat {early[-1]}, so seat {expected} (to its left) starts",
                )
        return seat

    def hands(self, raw: Any) -> Mapping[Seat, Hand]:
        if not isinstance(raw, Mapping):
            raise InvalidRecordError("hands: every seat's hand, seat -> two cards")
        hands: dict[Seat, Hand] = {}
        for key, cards in raw.items():
            seat = parse_seat(key, f"hands: seat {at('', key)}", self.setup.seats, key=True)
            if seat in hands:
                raise InvalidRecordError(f"hands: seat {seat} is given twice")
            hands[seat] = read_hand(self.game, cards, f"hands.{seat}", self.game.hand_size)
        check_copies(self.setup, hands.values(), "hands")
        for seat in range(1, self.setup.seats + 1):
            if seat not in hands:
                what = "the neutral hand" if self.setup.is_neutral(seat) else "a player"
                raise InvalidRecordError(
                    f"hands: seat {seat} ({what}) has no hand; a game record reveals every hand"
                )
        return MappingProxyType(dict(sorted(hands.items())))

    # -- play ----------------------------------------------------------------------------

    def play(self, round_: GameRound, raw_events: list[Any]) -> tuple[Event, ...]:
        """Read the events in play order, checking each in turn (turn order, early
        declarations, its content against the hands) before the next is read, so that
        the first event that breaks a rule is the one named."""
        players = self.setup.players
        to_end = early_declarations_to_end(players)
        declared: list[Seat] = []
        when: dict[Seat, int] = {}
        events: list[Event] = []
        seat = round_.start
        empty = Round(self.game, self.setup)
        for number, raw in enumerate(raw_events, 1):
            where = f"event {number}"
            if len(declared) == to_end:
                raise self.fail(
                    where,
                    f"the round ended with early declaration number {to_end} "
                    f"(event {number - 1}); no event follows it",
                )
            event = self.event(empty, number, raw)
            events.append(event)
            if event.seat in when:
                raise self.fail(
                    where,
                    f"seat {event.seat} declared early in event {when[event.seat]} "
                    "and takes no more actions",
                )
            while seat in declared:
                seat = next_clockwise(seat, players)
            if event.seat != seat:
                raise self.fail(
                    where,
                    f"seat {event.seat} acts, but it is seat {seat}'s turn (round start "
                    f"seat {round_.start}, clockwise, skipping seats that declared early)",
                )
            seat = next_clockwise(seat, players)
            if isinstance(event, Declare):
                self.declare(round_, where, number, event)
                declared.append(event.seat)
                when[event.seat] = number
            elif isinstance(event, Peek):
                self.peek(round_, where, event)
            else:
                self.ask(round_, where, event)
        if len(declared) < to_end:
            raise self.fail(
                "events",
                f"{len(declared)} early declaration(s); a round of {players} players ends "
                f"only with the early declaration number {to_end}",
            )
        return tuple(events)

    def event(self, empty: Round, number: int, raw: Any) -> Event:
        """Event ``number`` of the round, read alone (its messages keep its number)."""
        try:
            (event,) = read_events(empty, [raw])
        except InvalidRecordError as error:
            text = str(error)
            if text.startswith("event 1:"):
                text = f"event {number}:{text[len('event 1:') :]}"
            raise InvalidRecordError(f"round {self.number}, {text}") from None
        return event

    def declare(self, round_: GameRound, where: str, number: int, event: Declare) -> None:
        if number <= round_.first_go_around:
            raise self.fail(
                where,
                f"seat {event.seat} declared early in the round's first go-around "
                f"(events 1..{round_.first_go_around}: every player's first turn)",
            )
        if event.seat in round_.blocked:
            raise self.fail(
                where,
                f"seat {event.seat} may not declare early: its early declaration in round "
                f"{self.number - 1} was wrong (red X)",
            )

    def peek(self, round_: GameRound, where: str, event: Peek) -> None:
        peeker = round_.identity(event.seat)
        hand = round_.hands[event.target]
        if not any(self.game.announcement(peeker, card) == event.says for card in hand):
            raise self.fail(
                where,
                f"seat {event.seat} (the {peeker.name}) said {event.says!r} about seat "
                f"{event.target}, but no card of its hand ({describe_hand(hand)}) makes the "
                f"{peeker.name} announce {event.says!r}",
            )
        if event.sees is None:
            raise self.fail(
                where, f"sees: required in a game record (the card seat {event.seat} saw)"
            )
        if event.sees not in hand:
            raise self.fail(
                where,
                f"sees {event.sees.name}, but seat {event.target} holds {describe_hand(hand)}",
            )
        announced = self.game.announcement(peeker, event.sees)
        if event.says != announced:
            raise self.fail(
                where,
                f"says {event.says!r}, but seat {event.seat} (the {peeker.name}) saw "
                f"{event.sees.name} and must announce {announced!r}",
            )

    def ask(self, round_: GameRound, where: str, event: Ask) -> None:
        hand = round_.hands[event.target]
        truth = self.game.answer(self.game.questions[event.question], hand)
        if event.answer != truth:
            raise self.fail(
                where,
                f"answer {_word(event.answer)}, but seat {event.target} holds "
                f"{describe_hand(hand)}: the truthful answer to {event.question} is "
                f"{_word(truth)}",
            )

    # -- declarations --------------------------------------------------------------------

    def declarations(self, round_: GameRound, raw: Any) -> dict[Seat, Declared]:
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise self.fail("declarations", "a mapping of seat to {when, targets}")
        declarations: dict[Seat, Declared] = {}
        for key, spec in raw.items():
            try:
                seat = parse_seat(key, "declarations", self.setup.seats, key=True)
            except InvalidRecordError as error:
                raise self.prefixed(error) from None
            if seat in declarations:
                raise self.fail(f"declarations.{seat}", "given twice")
            declarations[seat] = self.declaration(round_, seat, spec)
        for number, event in enumerate(round_.events, 1):
            if isinstance(event, Declare):
                made = declarations.get(event.seat)
                if made is None or made.when != "early":
                    raise self.fail(
                        f"event {number}",
                        f"seat {event.seat} declared early, but declarations has no early "
                        f"declaration for seat {event.seat}",
                    )
        for seat, made in sorted(declarations.items()):
            if made.when == "early" and round_.declare_event(seat) is None:
                raise self.fail(
                    f"declarations.{seat}",
                    f"an early declaration, but seat {seat} has no `declare: early` event",
                )
        return dict(sorted(declarations.items()))

    def declaration(self, round_: GameRound, seat: Seat, spec: Any) -> Declared:
        where = f"declarations.{seat}"
        if self.setup.is_neutral(seat):
            raise self.fail(where, f"seat {seat} is the neutral hand, which never declares")
        if not isinstance(spec, Mapping) or set(spec) != {"when", "targets"}:
            raise self.fail(where, "a declaration is {when: early|final, targets: [...]}")
        when = spec["when"]
        if when not in ("early", "final"):
            raise self.fail(where, f"when: {shown(when)} is not `early` or `final`")
        identity = round_.identity(seat)
        raw = spec["targets"]
        if not isinstance(raw, list) or len(raw) != len(identity.targets):
            names = ", ".join(identity.targets)
            count = len(identity.targets)
            raise self.fail(
                where,
                f"targets: seat {seat} is the {identity.name}, whose declaration has "
                f"{count} pointer{'s' if count > 1 else ''} ({names})",
            )
        targets = tuple(self.pointer(where, seat, value) for value in raw)
        return Declared(seat, "early" if when == "early" else "final", targets)

    def pointer(self, where: str, seat: Seat, value: Any) -> Seat:
        value = value if digits(value) is None else digits(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"targets: {shown(value)} is not a seat number or 0 (nobody)")
        if not NOBODY <= value <= self.setup.seats:
            raise self.fail(
                where, f"targets: seat {value} is out of range 0..{self.setup.seats} (0: nobody)"
            )
        if value == seat:
            raise self.fail(where, f"targets: seat {seat} points at itself")
        return value


def _word(yes: bool) -> str:
    return "yes" if yes else "no"
