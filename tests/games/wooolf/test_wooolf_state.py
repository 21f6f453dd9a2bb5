"""Wooolf!!'s play state (:mod:`wooolf_solver.games.wooolf.state`) on the generic protocol:
bots see only their own seat, the listed moves are exactly the legal ones, illegal moves
are refused and change nothing, and a played game is a valid game record."""

from __future__ import annotations

import itertools
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.errors import IllegalMoveError
from wooolf_solver.core.play import CHANCE, TERMINAL, Legal, play
from wooolf_solver.games.wooolf.bots import GreedyBot, RandomBot
from wooolf_solver.games.wooolf.game import GameRecord
from wooolf_solver.games.wooolf.hints import Action
from wooolf_solver.games.wooolf.record import Ask, Peek
from wooolf_solver.games.wooolf.rules import base_rules
from wooolf_solver.games.wooolf.state import WooolfState, play_game
from wooolf_solver.games.wooolf.table import Declaring, Move, Pass, TurnView

GAME = base_rules()
SETUPS = st.sampled_from([(4, "basic"), (5, "advanced"), (6, "basic"), (8, "advanced")])


class Watcher:
    """The random bot, keeping every view and legal moves it was shown."""

    name = "watcher"

    def __init__(self) -> None:
        self.seen: list[tuple[TurnView, Legal[Move], Move]] = []

    def act(self, view: TurnView, legal: Legal[Move], rng: Random) -> Move:
        move = RandomBot().act(view, legal, rng)
        self.seen.append((view, legal, move))
        return move


def new_state(players: int, edition: str, **options: Any) -> WooolfState:
    return WooolfState(GAME, GAME.setup(edition, players), **options)


@given(SETUPS, st.integers(0, 10**6))
def test_a_bot_sees_its_own_seat_only(setup: tuple[int, str], seed: int) -> None:
    players, edition = setup
    state = new_state(players, edition, patience=3)
    bots = {seat: Watcher() for seat in range(1, players + 1)}
    played = play(state, bots, Random(seed))
    assert state.current == TERMINAL
    record = GameRecord.from_dict(played.record)
    assert record.score == played.score
    for seat, bot in bots.items():
        assert bot.seen
        for view, legal, move in bot.seen:
            knows = view.round
            assert view.seat == knows.viewpoint == seat
            assert list(knows.hands) == [seat]  # its own hand, never the deal
            real = played.rounds[view.number - 1]
            assert knows.hands[seat] == real.round.hands[seat]
            for seen, event in zip(knows.events, real.round.events, strict=False):
                if isinstance(event, Peek) and event.seat != seat:
                    assert seen == Peek(event.seat, event.target, event.says, None)
                else:
                    assert seen == event
            held = list(real.questions[seat])
            for event in knows.events:
                if isinstance(event, Ask) and event.seat == seat:
                    held.remove(event.question)
            assert list(knows.questions or ()) == held
            assert move in legal
            assert (Pass() in legal) == view.final


def universe(state: WooolfState, seat: int) -> list[Move]:
    """Every move a seat might try: in range or not, legal or not."""
    seats = range(-1, state.setup.seats + 2)
    pointers = len(GAME.identity(state.hands[seat]).targets)
    moves: list[Move] = [Pass(), *(Action("peek", s) for s in seats)]
    moves += [Action("ask", s, q) for s in seats for q in (*GAME.questions, "no-such")]
    for count in {pointers - 1, pointers, pointers + 1} - {-1}:
        moves += [Declaring(t) for t in itertools.product(seats, repeat=count)]
    return moves


def snapshot(state: WooolfState) -> tuple[object, ...]:
    """Everything a move may change."""
    return (
        state.phase,
        state.start,
        state.seat,
        state.turn,
        state.peeking,
        state.stalled,
        len(state.rounds),
        tuple(state.events),
        dict(state.declared),
        dict(state.notes),
        set(state.passed),
        dict(state.laps),
        {seat: list(cards) for seat, cards in state.questions.items()},
    )


@given(st.sampled_from([(4, "basic"), (5, "advanced")]), st.integers(0, 10**6))
def test_the_listed_moves_are_the_legal_ones_and_illegal_ones_change_nothing(
    setup: tuple[int, str], seed: int
) -> None:
    players, edition = setup
    state = new_state(players, edition, max_rounds=1, patience=2)
    rng = Random(seed)
    while not state.is_terminal:
        turn = state.current
        before = snapshot(state)
        if isinstance(turn, str):
            assert turn == CHANCE
            for seat in range(1, players + 1):
                assert not list(state.legal(seat))
                with pytest.raises(IllegalMoveError, match="not this seat's turn"):
                    state.apply(seat, Pass())
                assert snapshot(state) == before
            state.chance(rng)
            continue
        for seat in range(1, players + 1):
            if seat in turn:
                legal = state.legal(seat)
                listed = list(legal)
                assert len(set(listed)) == len(listed)
                tried = universe(state, seat)
                assert set(listed) == {move for move in tried if move in legal}
                for move in rng.sample(tried, 30):
                    if move not in legal:
                        with pytest.raises(IllegalMoveError, match=f"seat {seat}"):
                            state.apply(seat, move)
                        assert snapshot(state) == before
            else:
                assert not list(state.legal(seat))
                with pytest.raises(IllegalMoveError, match="not this seat's turn"):
                    state.apply(seat, Pass())
                assert snapshot(state) == before
        seat = turn[0]
        state.apply(seat, RandomBot().act(state.view(seat), state.legal(seat), rng))
    with pytest.raises(IllegalMoveError, match="chance"):
        state.chance(rng)


def test_the_game_result_only_at_the_end_and_no_view_before_the_deal() -> None:
    state = new_state(4, "basic")
    with pytest.raises(IllegalMoveError, match="not over"):
        state.result()
    with pytest.raises(IllegalMoveError, match="no round dealt"):
        state.view(1)


def test_play_gives_the_same_game_as_play_game() -> None:
    """The lab's ``play_game`` is ``play`` on a state, bot names aside."""
    setup = GAME.setup("basic", 5)
    bots = [GreedyBot(), RandomBot()] * 2 + [GreedyBot()]
    lab = play_game(Random(9), GAME, setup, bots)
    state = WooolfState(GAME, setup)
    direct = play(state, dict(enumerate(bots, 1)), Random(9))
    assert direct.record == lab.record
