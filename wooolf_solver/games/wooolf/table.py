"""The game engine: whole games of the full rules, played by bots, written as game records.

A game is played the way a table plays it (``shared/rules/wooolf.md``); the turn
order, the end of a round, the next start player and the red X are read exactly as
:mod:`wooolf_solver.games.wooolf.game` checks them, so every played game is a valid game record:

- Each round the setup's cards are shuffled and dealt, two per seat (the neutral
  hand included), and the question cards (each id as many times as the game's data
  says) are shuffled and dealt, two per player.
- From the start player, clockwise, each player takes one turn: a peek, a question
  or an early declaration (not in the first go-around, not with a red X); a seat
  that declared early is skipped. A peek picks one of the two cards at random and
  the peeker announces what the rules force (the shepherd's "wolf"); an answer is
  always truthful. The round ends with the early declaration that brings the early
  declarers to 2 (4-5 players) or 3 (6-8), then every other player makes a final
  declaration or none. Scoring is :func:`~wooolf_solver.games.wooolf.scoring.score_round`.
- The next round starts left of the last early declarer; the game ends after 3
  rounds or when a player holds 2 mistake markers
  (:func:`~wooolf_solver.games.wooolf.scoring.game_over`).
- **House rule (patience).** The rules have no turn limit, and a bot may never want
  to declare. After ``patience`` go-arounds (default 10) of a round, a player who may
  declare early must: its :class:`TurnView` says ``must_declare`` and its move must
  be a :class:`Declaring`. Every round therefore ends.

All randomness comes from the ``random.Random`` passed in, in a fixed order (start
player, then per round: the deal, the question cards, then the turns, the bots'
own draws and each peek's card in play order), so the same seed gives the same game.

Bots see only their own seat's knowledge: a :class:`~wooolf_solver.games.wooolf.record.Round`
from their viewpoint (their hand, their unplayed question cards, the public events
and the cards they saw themselves), never the deal.

>>> import random
>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> from wooolf_solver.games.wooolf.bots import RandomBot
>>> game = base_rules()
>>> played = play_game(random.Random(7), game, game.setup("basic", 5), [RandomBot()] * 5)
>>> played.record["players"], len(played.rounds) == len(played.record["rounds"])
(5, True)
>>> from wooolf_solver.games.wooolf.game import GameRecord
>>> GameRecord.from_dict(played.record).score == played.score
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any, Protocol

from ...core.errors import IllegalMoveError, InvalidArgumentError
from ...core.words import NOBODY
from .game import GameRecord, GameRound, early_declarations_to_end, next_clockwise
from .hints import Action
from .record import Ask, Declare, Event, Peek, Round
from .rules import Game, Hand, Seat, Setup
from .scoring import (
    MAX_ROUNDS,
    Declared,
    GameScore,
    RoundScore,
    When,
    game_over,
    mistake_totals,
    score_game,
)

QUESTIONS_EACH = 2
"""Question cards dealt to each player at the start of a round."""

PATIENCE = 10
"""Go-arounds of a round after which a player who may declare early must."""


@dataclass(frozen=True)
class Declaring:
    """A declaration: one pointer per target of the declarer's identity (a seat, or
    ``0`` for nobody). ``note`` is free text for people (why the bot chose it)."""

    targets: tuple[Seat, ...]
    note: str = ""


Move = Action | Declaring
"""A turn: a peek or a question (:class:`~.hints.Action`), or declaring early."""


def _nothing() -> Mapping[Seat, int]:
    return MappingProxyType({})


@dataclass(frozen=True)
class TurnView:
    """What a bot knows when it is asked to move: its own seat's knowledge only."""

    round: Round
    """The round from the bot's viewpoint: its hand, its unplayed question cards,
    the public events and the cards it saw itself."""
    turn: int
    """The bot's own turns already taken this round (0 on its first)."""
    may_declare: bool
    """Whether it may declare early now (after the first go-around, no red X)."""
    must_declare: bool = False
    """Patience ran out (see the module docstring): the move must be a :class:`Declaring`."""
    number: int = 1
    """The round's number, from 1."""
    totals: Mapping[Seat, int] = field(default_factory=_nothing)
    """Every player's points before this round (public)."""
    mistakes: Mapping[Seat, int] = field(default_factory=_nothing)
    """Every player's mistake markers before this round (public)."""

    @property
    def seat(self) -> Seat:
        """The bot's seat."""
        if self.round.viewpoint is None:
            raise TypeError("a turn's view is always some seat's")
        return self.round.viewpoint

    def others(self, askable: bool = False) -> list[Seat]:
        """Every other seat (neutral hands included, unless ``askable``).

        >>> from wooolf_solver import Round
        >>> view = TurnView(Round.from_dict({"game": "wooolf", "players": 4, "viewpoint": 2,
        ...     "hands": {2: ["wolf", "sheep"]}}), 0, False)
        >>> view.others(), view.others(askable=True)
        ([1, 3, 4, 5], [1, 3, 4])
        """
        setup = self.round.setup
        return [
            seat
            for seat in self.round.seats
            if seat != self.seat and not (askable and setup.is_neutral(seat))
        ]


class Bot(Protocol):
    """A player. ``act`` chooses a turn's move; ``declare`` the final declaration
    (``None``: no declaration). Both see only the bot's own knowledge and draw any
    randomness from ``rng``."""

    @property
    def name(self) -> str:
        """The bot's name in reports (its specification, e.g. ``greedy:early=0.8``)."""
        ...

    def act(self, view: TurnView, rng: random.Random) -> Move: ...

    def declare(self, view: TurnView, rng: random.Random) -> Declaring | None: ...


@dataclass(frozen=True)
class PlayedRound:
    """One played round: the revealed round, the question cards dealt, and the bots'
    notes on their declarations."""

    round: GameRound
    questions: Mapping[Seat, tuple[str, ...]]
    """The question cards dealt to each player."""
    notes: Mapping[Seat, str]
    """Each declaration's note, by seat."""
    stalled: bool = False
    """Whether patience ran out (a player had to declare)."""

    @property
    def score(self) -> RoundScore:
        return self.round.score

    def view(self, seat: Seat, events: int | None = None) -> Round:
        """``seat``'s knowledge after the first ``events`` events (all by default),
        with its unplayed question cards at that moment."""
        return seen_by(self.round, seat, self.questions.get(seat, ()), events)


@dataclass(frozen=True)
class PlayedGame:
    """A whole played game."""

    game: Game
    setup: Setup
    rounds: tuple[PlayedRound, ...]
    bots: tuple[str, ...]
    """The bot's name at every player seat (seat 1 first)."""
    edition: str
    """The record's ``edition``: a built-in edition's name or a deck file's path."""

    @property
    def game_record(self) -> GameRecord:
        """The game as a :class:`~wooolf_solver.games.wooolf.game.GameRecord` (not re-checked)."""
        return GameRecord(self.game, self.setup, tuple(r.round for r in self.rounds))

    @property
    def score(self) -> GameScore:
        return score_game([r.score for r in self.rounds])

    @cached_property
    def record(self) -> dict[str, Any]:
        """The game record as a plain mapping (the spec's format; JSON-ready)."""
        return {
            "game": self.game.name,
            "edition": self.edition,
            "players": self.setup.players,
            "rounds": [round_dict(played.round) for played in self.rounds],
        }


def seen_by(round_: GameRound, seat: Seat, dealt: Sequence[str], events: int | None) -> Round:
    """``seat``'s knowledge of a round after ``events`` events, with the question cards
    it still holds then (``dealt`` less those it asked)."""
    view = round_.seen_by(seat, events)
    left = list(dealt)
    for event in view.events:
        if isinstance(event, Ask) and event.seat == seat:
            left.remove(event.question)
    return replace(view, questions=tuple(left))


def deal(rng: random.Random, game: Game, setup: Setup) -> dict[Seat, Hand]:
    """Shuffle the setup's cards and deal them, ``hand_size`` to every seat."""
    cards = [card for card, copies in setup.cards for _ in range(copies)]
    rng.shuffle(cards)
    size = game.hand_size
    return {
        seat: tuple(sorted(cards[size * (seat - 1) : size * seat]))
        for seat in range(1, setup.seats + 1)
    }


def deal_questions(rng: random.Random, game: Game, players: int) -> dict[Seat, list[str]]:
    """Shuffle the question cards and deal two to every player."""
    deck = [qid for qid, question in game.questions.items() for _ in range(question.copies)]
    rng.shuffle(deck)
    return {
        seat: deck[QUESTIONS_EACH * (seat - 1) : QUESTIONS_EACH * seat]
        for seat in range(1, players + 1)
    }


def play_game(
    rng: random.Random,
    game: Game,
    setup: Setup,
    bots: Sequence[Bot],
    *,
    start: Seat | None = None,
    max_rounds: int = MAX_ROUNDS,
    patience: int = PATIENCE,
    edition: str | None = None,
) -> PlayedGame:
    """Play a game to its end (or ``max_rounds`` rounds); ``bots[s - 1]`` plays seat
    ``s``. ``start`` is the first round's start player (drawn from ``rng`` when
    ``None``); ``edition`` is what the record names (the setup's edition by default;
    a deck file's path for a designer's deck)."""
    if len(bots) != setup.players:
        raise InvalidArgumentError(f"{len(bots)} bots for {setup.players} players")
    if start is None:
        start = rng.randint(1, setup.players)
    rounds: list[PlayedRound] = []
    while len(rounds) < max_rounds and not game_over([r.score for r in rounds]):
        scores = [r.score for r in rounds]
        nothing = dict.fromkeys(range(1, setup.players + 1), 0)
        played = _RoundPlay(
            rng,
            game,
            setup,
            bots,
            number=len(rounds) + 1,
            start=start,
            blocked=rounds[-1].score.red if rounds else frozenset(),
            totals=dict(score_game(scores).totals) if scores else nothing,
            mistakes=mistake_totals(scores) if scores else nothing,
            patience=patience,
        ).play()
        rounds.append(played)
        last = [e.seat for e in played.round.events if isinstance(e, Declare)][-1]
        start = next_clockwise(last, setup.players)
    names = tuple(bot.name for bot in bots)
    return PlayedGame(game, setup, tuple(rounds), names, edition or setup.edition)


class _RoundPlay:
    """One round in progress: the table's whole state, which only the engine sees."""

    def __init__(
        self,
        rng: random.Random,
        game: Game,
        setup: Setup,
        bots: Sequence[Bot],
        *,
        number: int,
        start: Seat,
        blocked: frozenset[Seat],
        totals: Mapping[Seat, int],
        mistakes: Mapping[Seat, int],
        patience: int,
    ) -> None:
        self.rng = rng
        self.game = game
        self.setup = setup
        self.bots = bots
        self.number = number
        self.start = start
        self.blocked = blocked
        self.totals = MappingProxyType(dict(totals))
        self.mistakes = MappingProxyType(dict(mistakes))
        self.patience = patience
        self.hands = MappingProxyType(deal(rng, game, setup))
        self.dealt = {s: tuple(q) for s, q in deal_questions(rng, game, setup.players).items()}
        self.questions = {seat: list(cards) for seat, cards in self.dealt.items()}
        self.events: list[Event] = []
        self.declared: dict[Seat, Declared] = {}
        self.notes: dict[Seat, str] = {}
        self.stalled = False

    def so_far(self) -> GameRound:
        return GameRound(
            self.game,
            self.setup,
            self.number,
            self.start,
            self.hands,
            tuple(self.events),
            MappingProxyType({}),
            self.blocked,
        )

    def view(self, seat: Seat, turn: int, may: bool = False, must: bool = False) -> TurnView:
        knows = replace(self.so_far().seen_by(seat), questions=tuple(self.questions[seat]))
        return TurnView(knows, turn, may, must, self.number, self.totals, self.mistakes)

    def fail(self, seat: Seat, why: str) -> IllegalMoveError:
        bot = self.bots[seat - 1].name
        return IllegalMoveError(f"round {self.number}, seat {seat} (bot {bot}): {why}")

    def play(self) -> PlayedRound:
        players = self.setup.players
        to_end = early_declarations_to_end(players)
        seat, turn = self.start, 0
        laps = dict.fromkeys(range(1, players + 1), 0)
        while len(self.declared) < to_end:
            while seat in self.declared:
                seat = next_clockwise(seat, players)
            may = turn >= players and seat not in self.blocked
            must = may and turn >= players * self.patience
            self.stalled = self.stalled or must
            move = self.bots[seat - 1].act(self.view(seat, laps[seat], may, must), self.rng)
            laps[seat] += 1
            if must and not isinstance(move, Declaring):
                raise self.fail(seat, "patience ran out: it must declare early")
            self.move(seat, move, may)
            seat = next_clockwise(seat, players)
            turn += 1
        for other in range(1, players + 1):
            if other not in self.declared:
                made = self.bots[other - 1].declare(self.view(other, laps[other]), self.rng)
                if made is not None:
                    self.declared[other] = self.declaration(other, made, "final")
        declared = MappingProxyType(dict(sorted(self.declared.items())))
        round_ = replace(self.so_far(), declarations=declared)
        return PlayedRound(
            round_,
            MappingProxyType(self.dealt),
            MappingProxyType({s: self.notes[s] for s in sorted(self.declared)}),
            self.stalled,
        )

    def move(self, seat: Seat, move: Move, may: bool) -> None:
        if isinstance(move, Declaring):
            if not may:
                why = "a red X" if seat in self.blocked else "the first go-around"
                raise self.fail(seat, f"it may not declare early ({why})")
            self.declared[seat] = self.declaration(seat, move, "early")
            self.events.append(Declare(seat))
            return
        target = move.target
        if target == seat or not 1 <= target <= self.setup.seats:
            raise self.fail(seat, f"cannot {move.kind} seat {target}")
        if move.kind == "peek":
            card = self.rng.choice(self.hands[target])
            says = self.game.announcement(self.game.identity(self.hands[seat]), card)
            self.events.append(Peek(seat, target, says, card))
            return
        if self.setup.is_neutral(target):
            raise self.fail(seat, f"cannot ask seat {target}, the neutral hand")
        if move.question not in self.questions[seat]:
            raise self.fail(seat, f"does not hold the question card {move.question!r}")
        self.questions[seat].remove(move.question)
        answer = self.game.answer(self.game.questions[move.question], self.hands[target])
        self.events.append(Ask(seat, target, move.question, answer))

    def declaration(self, seat: Seat, made: Declaring, when: When) -> Declared:
        identity = self.game.identity(self.hands[seat])
        targets = tuple(made.targets)
        if len(targets) != len(identity.targets):
            raise self.fail(
                seat,
                f"{len(targets)} pointers, but the {identity.name} has {len(identity.targets)}",
            )
        for pointer in targets:
            if pointer == seat or not NOBODY <= pointer <= self.setup.seats:
                raise self.fail(seat, f"cannot point at seat {pointer}")
        self.notes[seat] = made.note
        return Declared(seat, when, targets)


# -- the record as a plain mapping ----------------------------------------------------------


def round_dict(round_: GameRound) -> dict[str, Any]:
    """One revealed round in the game record's format (``hands``, ``events``, ...)."""
    return {
        "start": round_.start,
        "hands": {seat: [card.name for card in hand] for seat, hand in round_.hands.items()},
        "events": [event_dict(event) for event in round_.events],
        "declarations": {
            seat: {"when": d.when, "targets": list(d.targets)}
            for seat, d in round_.declarations.items()
        },
    }


def event_dict(event: Event) -> dict[str, Any]:
    """An event in the record's format; a peek carries the card seen when known.

    >>> from wooolf_solver.games.wooolf.rules import Card
    >>> event_dict(Peek(2, 4, "wolf", Card("hound", "hound")))
    {'seat': 2, 'peek': 4, 'sees': 'hound', 'says': 'wolf'}
    >>> event_dict(Ask(1, 3, "has-sheep", False))
    {'seat': 1, 'ask': 3, 'question': 'has-sheep', 'answer': 'no'}
    """
    if isinstance(event, Declare):
        return {"seat": event.seat, "declare": "early"}
    if isinstance(event, Peek):
        peek: dict[str, Any] = {"seat": event.seat, "peek": event.target}
        if event.sees is not None:
            peek["sees"] = event.sees.name
        peek["says"] = event.says
        return peek
    return {
        "seat": event.seat,
        "ask": event.target,
        "question": event.question,
        "answer": "yes" if event.answer else "no",
    }
