"""Whole games of the full rules, played by bots, written as game records: the moves, a
seat's view, the played game and its record. The game in play is :mod:`.state`.

A game is played the way a table plays it (``docs/wooolf/rules.md``); the turn
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
:func:`~.state.play_game` plays a game with one bot per seat.

Bots see only their own seat's knowledge: a :class:`~wooolf_solver.games.wooolf.record.Round`
from their viewpoint (their hand, their unplayed question cards, the public events
and the cards they saw themselves), never the deal.

>>> import random
>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> from wooolf_solver.games.wooolf.bots import RandomBot
>>> from wooolf_solver.games.wooolf.state import play_game
>>> game = base_rules()
>>> played = play_game(random.Random(7), game, game.setup("basic", 5), [RandomBot()] * 5)
>>> played.record["players"], len(played.rounds) == len(played.record["rounds"])
(5, True)
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

from ...core.play import Legal
from .game import GameRecord, GameRound
from .hints import Action
from .record import Ask, Declare, Event, Peek, Round
from .rules import Hand, Rules, Seat, Setup
from .scoring import GameScore, RoundScore, score_game

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


@dataclass(frozen=True)
class Pass:
    """No final declaration."""


Move = Action | Declaring | Pass
"""A seat's move: a peek or a question (:class:`~.hints.Action`), a declaration (early,
or final), or no final declaration."""


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
    final: bool = False
    """The round's turns are over: the move is the final declaration (a
    :class:`Declaring`), or :class:`Pass` for none."""

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
    """A player (:class:`wooolf_solver.core.play.Bot` with a name): ``act`` chooses
    its move among ``legal`` from its own knowledge only, drawing any randomness from
    ``rng``."""

    @property
    def name(self) -> str:
        """The bot's name in reports (its specification, e.g. ``greedy:early=0.8``)."""
        ...

    def act(self, view: TurnView, legal: Legal[Move], rng: random.Random) -> Move: ...


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

    game: Rules
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


def deal(rng: random.Random, game: Rules, setup: Setup) -> dict[Seat, Hand]:
    """Shuffle the setup's cards and deal them, ``hand_size`` to every seat."""
    cards = [card for card, copies in setup.cards for _ in range(copies)]
    rng.shuffle(cards)
    size = game.hand_size
    return {
        seat: tuple(sorted(cards[size * (seat - 1) : size * seat]))
        for seat in range(1, setup.seats + 1)
    }


def deal_questions(rng: random.Random, game: Rules, players: int) -> dict[Seat, list[str]]:
    """Shuffle the question cards and deal two to every player."""
    deck = [qid for qid, question in game.questions.items() for _ in range(question.copies)]
    rng.shuffle(deck)
    return {
        seat: deck[QUESTIONS_EACH * (seat - 1) : QUESTIONS_EACH * seat]
        for seat in range(1, players + 1)
    }


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
