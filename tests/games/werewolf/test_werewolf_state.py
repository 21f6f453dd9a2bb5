"""Classic Werewolf's play state (:mod:`wooolf_solver.games.werewolf.state`) on the generic
protocol: a seat's view is exactly its own knowledge (its card, its own night results,
the public events), every listed move is accepted, an illegal move or a move out of turn
is refused and changes nothing, and bots on the state play the lab's games."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.errors import IllegalMoveError
from wooolf_solver.core.play import CHANCE, TERMINAL, play
from wooolf_solver.games.werewolf.asks import View
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.events import Claim, Private
from wooolf_solver.games.werewolf.play import Seating, outcome_of, play_game
from wooolf_solver.games.werewolf.rules import Deck, Variants, load_rules
from wooolf_solver.games.werewolf.state import WerewolfState

RULES = load_rules()
EVERY_ROLE: Deck = tuple(
    (name, 3 if name in ("villager", "werewolf") else 1) for name in sorted(RULES.roles)
)
THIEF: Deck = (("hunter", 1), ("seer", 1), ("thief", 1), ("villager", 2), ("werewolf", 1))
DECKS = st.sampled_from([EVERY_ROLE, THIEF, RULES.table_deck(8), RULES.table_deck(12)])
VARIANTS = st.builds(Variants, st.booleans(), st.sampled_from(["card", "alignment"]), st.booleans())


def a_move(view: View, legal: object, rng: Random) -> object:
    """Any listed move; on a day, the truth half the time."""
    assert view.ask is not None
    if view.ask.kind == "claim" and rng.random() < 0.5:
        return Claim(view.seat, view.card)
    return rng.choice(list(legal))  # type: ignore[call-overload]


def state_of(state: WerewolfState) -> tuple[object, ...]:
    """Everything a move could change."""
    seats = state.seats
    return (state.game_record(), state.current, state.winner, state.living, state.sheriff,
            [state.view(s) for s in seats], [list(state.legal(s)) for s in seats])  # fmt: skip


@given(DECKS, VARIANTS, st.integers(0, 10**6))
def test_a_seat_sees_its_own_knowledge_only(deck: Deck, variants: Variants, seed: int) -> None:
    state = WerewolfState(deck, variants)
    rng = Random(seed)
    while (turn := state.current) != TERMINAL:
        if turn == CHANCE:
            state.chance(rng)
            continue
        assert isinstance(turn, tuple) and len(turn) == 1
        (seat,) = turn
        view = state.view(seat)
        assert view.ask is not None and view.ask.seat == seat and view.card == state.roles[seat]
        for event in view.events:  # no other seat's card unless made public
            assert event.public or (isinstance(event, Private) and event.seat == seat)
        assert view.record == state.game_record().view(seat)
        for other in state.seats:
            assert other == seat or (state.view(other).ask is None and not list(state.legal(other)))
        legal = state.legal(seat)
        assert all(move in legal for move in legal)
        state.apply(seat, a_move(view, legal, rng))
    assert state.is_terminal and state.result() == state.winner
    assert state.view(1).ask is None


@given(DECKS, VARIANTS, st.integers(0, 10**6), st.integers(0, 60))
def test_an_illegal_move_is_refused_and_changes_nothing(
    deck: Deck, variants: Variants, seed: int, moves: int
) -> None:
    state = WerewolfState(deck, variants)
    rng = Random(seed)
    with pytest.raises(IllegalMoveError, match="not this seat's turn"):
        state.apply(1, 1)  # the cards are not dealt yet
    for _ in range(moves):
        turn = state.current
        if turn == TERMINAL:
            break
        if turn == CHANCE:
            state.chance(rng)
            continue
        assert isinstance(turn, tuple)
        (seat,) = turn
        before = state_of(state)
        wrong: list[tuple[int, object]] = [(seat, 0), (seat, "nobody"), (seat, (seat, seat))]
        wrong += [(other, move) for other in state.seats if other != seat for move in (1, None)]
        for who, move in wrong:
            if who == seat and move in state.legal(seat):
                continue
            with pytest.raises(IllegalMoveError):
                state.apply(who, move)
            assert state_of(state) == before
        state.apply(seat, a_move(state.view(seat), state.legal(seat), rng))
    if not state.is_terminal and state.current != CHANCE:
        with pytest.raises(IllegalMoveError, match="not chance's turn"):
            state.chance(rng)


@given(DECKS, VARIANTS, st.integers(0, 10**6))
def test_bots_on_the_state_play_the_labs_game(deck: Deck, variants: Variants, seed: int) -> None:
    state = WerewolfState(deck, variants)
    bot = RandomBot(Random(seed), claims=0.3)
    winner = play(state, Seating(state, bot), Random(seed ^ 1))
    outcome = play_game(deck, RandomBot(Random(seed), claims=0.3), Random(seed ^ 1), variants)
    assert (winner, state.game_record()) == (outcome.winner, outcome.record)
    assert outcome_of(state).winners == outcome.winners
