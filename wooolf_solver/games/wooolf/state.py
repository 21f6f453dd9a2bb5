"""A Wooolf!! game in play, on the generic play-state protocol (:mod:`wooolf_solver.core.play`).

The turns, as the table plays them (see :mod:`.table` for the rules and the house
rule of patience):

1. **chance** draws the first round's start player (unless it is given);
2. per round, **chance** deals the cards and the question cards (two shuffles);
3. **turns**: from the start player, clockwise, one seat at a time makes a peek or a
   question (an :class:`~.hints.Action`) or declares early (a :class:`Declaring`);
   after a peek, **chance** draws which of the two cards the peeker sees;
4. **final declarations**: every seat that did not declare early makes one at once
   (a :class:`Declaring`, or :class:`Pass` for none); then the round is scored and the
   next one dealt, or the game is over. Its result is a :class:`PlayedGame`.

A seat's :meth:`WooolfState.view` is a :class:`TurnView`: its own knowledge only.
The chance draws and the bots' own draws come from one generator in a fixed order,
so the same seed plays the same game.

>>> from random import Random
>>> from wooolf_solver.core.play import play
>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> class First:
...     def act(self, view, legal, rng): return next(iter(legal))
>>> game = base_rules()
>>> state = WooolfState(game, game.setup("basic", 4), max_rounds=1)
>>> played = play(state, {seat: First() for seat in range(1, 5)}, Random(3))
>>> len(played.rounds), played.rounds[0].round.events[0]
(1, Peek(seat=2, target=1, says='sheep', sees=Card(character='sheep', icon='sheep')))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from types import MappingProxyType
from typing import Literal

from ...core.errors import IllegalMoveError, InvalidArgumentError
from ...core.play import CHANCE, TERMINAL, Turn, play
from ...core.words import NOBODY
from .game import GameRound, early_declarations_to_end, next_clockwise
from .hints import Action
from .record import Ask, Declare, Event, Peek
from .rules import Hand, Rules, Seat, Setup
from .scoring import (
    MAX_ROUNDS,
    Declared,
    RoundScore,
    game_over,
    mistake_totals,
    score_game,
)
from .table import (
    PATIENCE,
    Bot,
    Declaring,
    Move,
    Pass,
    PlayedGame,
    PlayedRound,
    TurnView,
    deal,
    deal_questions,
)

Phase = Literal["start", "deal", "turns", "peek", "final", "over"]


@dataclass(frozen=True)
class Moves:
    """A seat's legal moves now: tested one by one (:meth:`refusal` says why not);
    listed, every action and then every declaration."""

    seat: Seat
    seats: int
    """Every seat, the neutral hand's included."""
    askable: tuple[Seat, ...]
    questions: tuple[str, ...]
    pointers: int
    """The pointers of the seat's declaration (its identity's targets)."""
    identity: str
    phase: Literal["turns", "final"]
    may: bool
    """Whether it may declare early (in the turns)."""
    must: bool
    """Whether it must (patience ran out)."""
    blocked: bool
    """Whether a red X keeps it from declaring early."""

    def __contains__(self, move: object) -> bool:
        return self.refusal(move) is None

    def refusal(self, move: object) -> str | None:
        """Why the seat may not make ``move`` now (``None``: it may)."""
        if isinstance(move, Pass):
            return None if self.phase == "final" else "it may pass only the final declaration"
        if isinstance(move, Declaring):
            if self.phase == "turns" and not self.may:
                why = "a red X" if self.blocked else "the first go-around"
                return f"it may not declare early ({why})"
            return self.pointing(move.targets)
        if not isinstance(move, Action):
            return f"{move!r} is not a move"
        if self.phase == "final":
            return "the round is over: a final declaration or none"
        if self.must:
            return "patience ran out: it must declare early"
        if move.target == self.seat or not 1 <= move.target <= self.seats:
            return f"cannot {move.kind} seat {move.target}"
        if move.kind == "peek":
            return None
        if move.target not in self.askable:
            return f"cannot ask seat {move.target}, the neutral hand"
        if move.question not in self.questions:
            return f"does not hold the question card {move.question!r}"
        return None

    def pointing(self, targets: tuple[Seat, ...]) -> str | None:
        """Why ``targets`` is no declaration of this seat's (``None``: it is)."""
        if len(targets) != self.pointers:
            return f"{len(targets)} pointers, but the {self.identity} has {self.pointers}"
        for pointer in targets:
            if pointer == self.seat or not NOBODY <= pointer <= self.seats:
                return f"cannot point at seat {pointer}"
        return None

    def __iter__(self) -> Iterator[Move]:
        others = [seat for seat in range(1, self.seats + 1) if seat != self.seat]
        if self.phase == "final":
            yield Pass()
        elif not self.must:
            yield from (Action("peek", seat) for seat in others)
            for question in dict.fromkeys(self.questions):
                yield from (Action("ask", seat, question) for seat in self.askable)
        if self.phase == "final" or self.may:
            for targets in itertools.product([NOBODY, *others], repeat=self.pointers):
                yield Declaring(targets)


@dataclass
class WooolfState:
    """A game in play (see the module's docstring). ``names``: the bot at every
    player seat, for the result and for the messages of refused moves."""

    game: Rules = field(compare=False, repr=False)
    setup: Setup = field(compare=False, repr=False)
    start: Seat | None = None
    """The next round's start player (drawn by chance when ``None``)."""
    max_rounds: int = MAX_ROUNDS
    patience: int = PATIENCE
    edition: str | None = None
    """What the record names (the setup's edition by default)."""
    names: tuple[str, ...] = ()
    rounds: list[PlayedRound] = field(default_factory=list)
    """The rounds played to their end."""
    phase: Phase = "start"
    # -- the round in play --
    number: int = 0
    opened: Seat = 0
    """The round's start player."""
    hands: Mapping[Seat, Hand] = field(default_factory=dict)
    dealt: Mapping[Seat, tuple[str, ...]] = field(default_factory=dict)
    questions: dict[Seat, list[str]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    declared: dict[Seat, Declared] = field(default_factory=dict)
    notes: dict[Seat, str] = field(default_factory=dict)
    passed: set[Seat] = field(default_factory=set)
    seat: Seat = 0
    """The seat whose turn it is (in the turns)."""
    turn: int = 0
    """The turns taken this round."""
    laps: dict[Seat, int] = field(default_factory=dict)
    """Each seat's own turns taken this round."""
    peeking: Action | None = None
    """A peek whose card chance draws next."""
    stalled: bool = False
    blocked: frozenset[Seat] = frozenset()
    totals: Mapping[Seat, int] = field(default_factory=dict)
    mistakes: Mapping[Seat, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.phase == "start" and self.start is not None:
            self.phase = "deal" if self.max_rounds > 0 else "over"

    # -- the protocol -------------------------------------------------------------------

    @property
    def current(self) -> Turn:
        phase = self.phase
        if phase in ("start", "deal", "peek"):
            return CHANCE
        if phase == "turns":
            return (self.seat,)
        if phase == "final":
            return tuple(seat for seat in self.players if self.final_due(seat))
        return TERMINAL

    @property
    def players(self) -> range:
        return range(1, self.setup.players + 1)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def final_due(self, seat: Seat) -> bool:
        """Whether ``seat`` still owes its final declaration (or its pass)."""
        return seat not in self.declared and seat not in self.passed

    def legal(self, seat: Seat) -> Moves | tuple[Move, ...]:
        turn = self.current
        if isinstance(turn, str) or seat not in turn:
            return ()
        return self.moves(seat)

    def moves(self, seat: Seat) -> Moves:
        """``seat``'s moves in this phase (whether or not it is its turn)."""
        setup = self.setup
        may, must = self.may_declare(seat)
        identity = self.game.identity(self.hands[seat])
        return Moves(
            seat,
            setup.seats,
            tuple(other for other in self.players if other != seat),
            tuple(self.questions[seat]),
            len(identity.targets),
            identity.name,
            "final" if self.phase == "final" else "turns",
            may,
            must,
            seat in self.blocked,
        )

    def may_declare(self, seat: Seat) -> tuple[bool, bool]:
        """Whether ``seat`` may declare early now, and whether it must (in its turn)."""
        if self.phase != "turns" or seat != self.seat:
            return False, False
        players = self.setup.players
        may = self.turn >= players and seat not in self.blocked
        return may, may and self.turn >= players * self.patience

    def chance(self, rng: Random) -> None:
        if self.phase == "start":
            self.start = rng.randint(1, self.setup.players)
            self.phase = "deal" if self.max_rounds > 0 else "over"
        elif self.phase == "deal":
            hands = deal(rng, self.game, self.setup)  # the cards first, then the questions
            self.deal_round(hands, deal_questions(rng, self.game, self.setup.players))
        elif self.phase == "peek":
            assert self.peeking is not None
            seat, target = self.seat, self.peeking.target
            card = rng.choice(self.hands[target])
            says = self.game.announcement(self.game.identity(self.hands[seat]), card)
            self.events.append(Peek(seat, target, says, card))
            self.peeking = None
            self.next_turn()
        else:
            raise IllegalMoveError("chance: it is not chance's turn")

    def deal_round(self, hands: Mapping[Seat, Hand], questions: Mapping[Seat, list[str]]) -> None:
        """Start the next round with these hands and question cards."""
        scores = [r.score for r in self.rounds]
        nothing = dict.fromkeys(self.players, 0)
        self.number = len(self.rounds) + 1
        self.hands = MappingProxyType(dict(hands))
        self.dealt = MappingProxyType({s: tuple(q) for s, q in questions.items()})
        self.questions = {seat: list(cards) for seat, cards in questions.items()}
        self.events, self.declared, self.notes, self.passed = [], {}, {}, set()
        assert self.start is not None
        self.opened, self.seat, self.turn = self.start, self.start, 0
        self.laps = dict.fromkeys(self.players, 0)
        self.stalled = False
        self.blocked = scores[-1].red if scores else frozenset()
        self.totals = MappingProxyType(dict(score_game(scores).totals) if scores else nothing)
        self.mistakes = MappingProxyType(mistake_totals(scores) if scores else nothing)
        self.phase = "turns"

    def apply(self, seat: Seat, move: Move) -> None:
        turn = self.current
        if isinstance(turn, str) or seat not in turn:
            raise self.fail(seat, "it is not this seat's turn")
        moves = self.moves(seat)
        why = moves.refusal(move)
        if why is not None:
            raise self.fail(seat, why)
        if self.phase == "final":
            if isinstance(move, Declaring):
                self.declare(seat, move, "final")
            else:
                self.passed.add(seat)
            if not any(self.final_due(other) for other in self.players):
                self.end_round()
            return
        self.stalled = self.stalled or moves.must
        self.laps[seat] += 1
        if isinstance(move, Declaring):
            self.declare(seat, move, "early")
            self.events.append(Declare(seat))
            if len(self.declared) >= early_declarations_to_end(self.setup.players):
                self.phase = "final"
                return
        elif isinstance(move, Action) and move.kind == "peek":
            self.peeking = move
            self.phase = "peek"
            return
        elif isinstance(move, Action):
            assert move.question is not None
            self.questions[seat].remove(move.question)
            answer = self.game.answer(self.game.questions[move.question], self.hands[move.target])
            self.events.append(Ask(seat, move.target, move.question, answer))
        self.next_turn()

    def fail(self, seat: Seat, why: str) -> IllegalMoveError:
        bot = f" (bot {self.names[seat - 1]})" if 0 < seat <= len(self.names) else ""
        return IllegalMoveError(f"round {self.number}, seat {seat}{bot}: {why}")

    def declare(self, seat: Seat, made: Declaring, when: Literal["early", "final"]) -> None:
        self.declared[seat] = Declared(seat, when, tuple(made.targets))
        self.notes[seat] = made.note

    def next_turn(self) -> None:
        """Pass the turn clockwise, over the seats that declared early."""
        self.phase = "turns"
        self.turn += 1
        self.seat = next_clockwise(self.seat, self.setup.players)
        while self.seat in self.declared:
            self.seat = next_clockwise(self.seat, self.setup.players)

    def so_far(self) -> GameRound:
        """The round in play as it is (every hand; no declaration yet)."""
        return GameRound(
            self.game,
            self.setup,
            self.number,
            self.opened,
            self.hands,
            tuple(self.events),
            MappingProxyType({}),
            self.blocked,
        )

    def end_round(self) -> None:
        """Score the round, and deal the next or end the game."""
        declared = MappingProxyType(dict(sorted(self.declared.items())))
        round_ = replace(self.so_far(), declarations=declared)
        notes = MappingProxyType({s: self.notes[s] for s in sorted(self.declared)})
        self.rounds.append(PlayedRound(round_, self.dealt, notes, self.stalled))
        last = [e.seat for e in self.events if isinstance(e, Declare)][-1]
        self.start = next_clockwise(last, self.setup.players)
        scores: list[RoundScore] = [r.score for r in self.rounds]
        over = len(self.rounds) >= self.max_rounds or game_over(scores)
        self.phase = "over" if over else "deal"

    def view(self, seat: Seat) -> TurnView:
        if not self.hands:
            raise IllegalMoveError(f"view: no round dealt yet, nothing for seat {seat} to see")
        knows = replace(self.so_far().seen_by(seat), questions=tuple(self.questions[seat]))
        may, must = self.may_declare(seat)
        return TurnView(
            knows,
            self.laps[seat],
            may,
            must,
            self.number,
            self.totals,
            self.mistakes,
            final=self.phase == "final",
        )

    def result(self) -> PlayedGame:
        if not self.is_terminal:
            raise IllegalMoveError("result: the game is not over")
        edition = self.edition or self.setup.edition
        return PlayedGame(self.game, self.setup, tuple(self.rounds), self.names, edition)


def play_game(
    rng: Random,
    game: Rules,
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
    names = tuple(bot.name for bot in bots)
    state = WooolfState(game, setup, start, max_rounds, patience, edition, names)
    return play(state, dict(enumerate(bots, 1)), rng)


__all__ = ["Moves", "WooolfState", "play_game"]
