"""ONUW's play state (:mod:`wooolf_solver.games.onuw.state`) on the generic protocol:
bots see only their own seat, illegal moves are refused and change nothing, the night
comes out the same whatever order the seats choose in, and the state survives JSON."""

from __future__ import annotations

import json
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.errors import IllegalMoveError
from wooolf_solver.core.play import CHANCE, TERMINAL, Legal, play
from wooolf_solver.games.onuw.night import play_night
from wooolf_solver.games.onuw.record import Claim
from wooolf_solver.games.onuw.state import Move, Night, OnuwState, Say, SeatView, Vote

SETUPS = st.sampled_from([(3, "table"), (5, "table"), (4, "official"), (6, "official")])


class Watcher:
    """A bot that plays at random and keeps every view it was shown."""

    def __init__(self) -> None:
        self.views: list[SeatView] = []

    def act(self, view: SeatView, legal: Legal[Move], rng: Random) -> Move:
        self.views.append(view)
        if view.phase == "day":
            seat = view.record.viewpoint
            assert seat is not None
            return Say(Claim(seat, view.record.cards[seat]) if rng.random() < 0.5 else None)
        return rng.choice(list(legal))


@given(SETUPS, st.integers(0, 10**6))
def test_a_bot_sees_its_own_seat_only(setup: tuple[int, str], seed: int) -> None:
    players, edition = setup
    state = OnuwState.new(players, edition=edition, talkers=range(1, players + 1))
    bots = {seat: Watcher() for seat in range(1, players + 1)}
    played = play(state, bots, Random(seed))
    assert played.record.is_game and state.current == TERMINAL
    assert list(played.record.night) == list(range(1, players + 1))  # written in seat order
    for seat, bot in bots.items():
        phases = [view.phase for view in bot.views]
        assert phases == ["night", "day", "vote"]
        for view in bot.views:
            assert view.record.viewpoint == seat
            assert set(view.record.cards) == {seat}
            assert set(view.record.night) <= {seat}
            assert view.record.votes is None
        assert bot.views[-1].record.night[seat] == played.record.night[seat]


@given(SETUPS, st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_the_night_is_the_same_in_any_order_of_choosing(
    setup: tuple[int, str], seed: int, order: Random
) -> None:
    players, edition = setup
    state = OnuwState.new(players, edition=edition)
    state.chance(Random(seed))
    rng = Random(seed)
    choices = {seat: rng.choice(state.night_options(seat)) for seat in state.layout.seats}
    seats = list(choices)
    order.shuffle(seats)
    for seat in seats:
        assert state.current != CHANCE and seat in state.current
        state.apply(seat, Night(choices[seat]))
    dawn = play_night(state.rules, state.layout, state.dealt, choices)
    assert tuple(state.cards) == dawn.cards
    assert state.entries == dict(dawn.entries)


def test_illegal_moves_are_refused_and_change_nothing() -> None:
    state = OnuwState.new(3, talkers=(1, 2))
    with pytest.raises(IllegalMoveError, match="not this seat's turn"):
        state.apply(1, Night(()))  # the cards are not dealt yet
    state.chance(Random(4))
    before = state.to_json()
    wrong = [(1, Vote(2)), (1, Night((1,))), (4, Night(())), (1, Say(None))]
    for seat, move in wrong:
        with pytest.raises(IllegalMoveError):
            state.apply(seat, move)
        assert state.to_json() == before
    for seat in (1, 2, 3):
        state.apply(seat, Night(state.night_options(seat)[0]))
    with pytest.raises(IllegalMoveError):
        state.apply(1, Night(()))  # chosen already
    state.chance(Random(0))
    with pytest.raises(IllegalMoveError):
        state.apply(3, Say(None))  # seat 3 does not talk
    with pytest.raises(IllegalMoveError):
        state.apply(1, Say(Claim(2, "seer")))  # a claim for another seat
    state.apply(2, Say(None))  # out of the drawn order: a live day is free
    state.apply(1, Say(None))
    with pytest.raises(IllegalMoveError):
        state.apply(1, Vote(1))  # not for itself
    with pytest.raises(IllegalMoveError, match="not over"):
        state.result()


@given(SETUPS, st.integers(0, 10**6), st.integers(0, 40))
def test_the_state_survives_json_at_any_point(
    setup: tuple[int, str], seed: int, moves: int
) -> None:
    players, edition = setup
    state = OnuwState.new(players, edition=edition, talkers=range(1, players + 1))
    rng = Random(seed)
    bot = Watcher()
    for _ in range(moves):
        turn = state.current
        if turn == TERMINAL:
            break
        if isinstance(turn, str):
            state.chance(rng)
        else:
            state.apply(turn[0], bot.act(state.view(turn[0]), state.legal(turn[0]), rng))
        back = OnuwState.from_json(json.loads(json.dumps(state.to_json())))
        assert back == state and back.current == state.current
