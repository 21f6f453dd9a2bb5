"""Properties of played games: every game that random bots play on a small table is a
record that is consistent from every seat's view (and the public's), in which the true
world has a non-zero weight and every seat's true role a non-zero posterior."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from werewolf_reference import solve_by, solve_knowledge, weight

from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.model import knowledge_of
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import dump_record, read_record
from wooolf_solver.games.werewolf.rules import SEER_VARIANTS, Variants
from wooolf_solver.games.werewolf.validate import check_game

SMALL_DECKS = [
    (("cupid", 1), ("hunter", 1), ("villager", 1), ("werewolf", 1), ("witch", 1)),
    (("seer", 1), ("thief", 1), ("villager", 1), ("werewolf", 1)),
    (("defender", 1), ("piper", 1), ("seer", 1), ("village-idiot", 1), ("werewolf", 1)),
    (("cupid", 1), ("elder", 1), ("scapegoat", 1), ("seer", 1), ("werewolf", 2)),
    (("cupid", 1), ("thief", 1), ("werewolf", 1), ("witch", 1)),
    (("little-girl", 1), ("seer", 1), ("villager", 2), ("werewolf", 1)),
    (("villager", 3), ("werewolf", 2)),
]


@given(
    deck=st.sampled_from(SMALL_DECKS),
    seed=st.integers(0, 2**32),
    reveal=st.booleans(),
    seer=st.sampled_from(SEER_VARIANTS),
    parity=st.booleans(),
    unanimous=st.booleans(),
)
def test_played_games_are_consistent_from_every_seat(
    *,
    deck: tuple[tuple[str, int], ...],
    seed: int,
    reveal: bool,
    seer: str,
    parity: bool,
    unanimous: bool,
) -> None:
    bot = RandomBot(random.Random(seed), unanimous=unanimous, claims=0.4)
    variants = Variants(reveal, seer, parity)  # type: ignore[arg-type]
    outcome = play_game(deck, bot, random.Random(seed + 1), variants)
    record = outcome.record
    assert read_record(dump_record(record)) == record
    check_game(record)
    truth = dict(record.cards)
    for seat in (None, *record.seats):
        knowledge = knowledge_of(record.view(seat))
        assert weight(knowledge, outcome.world) > 0, seat
        solution = solve_knowledge(knowledge)
        for other in record.seats:
            assert solution.exact[other].get(truth[other], 0) > 0
    # the moderator's full record pins every role
    full = solve_knowledge(knowledge_of(record))
    assert all(full.exact[s] == {truth[s]: 1} for s in record.seats)


@settings(max_examples=10)
@given(deck=st.sampled_from(SMALL_DECKS[:3]), seed=st.integers(0, 2**32))
def test_a_generic_engine_agrees_with_the_reference_on_played_games(
    deck: tuple[tuple[str, int], ...], seed: int
) -> None:
    bot = RandomBot(random.Random(seed), claims=0.5)
    record = play_game(deck, bot, random.Random(seed)).record
    for seat in (None, 1):
        view = record.view(seat)
        assert solve_by(view, "csp").answers() == solve_knowledge(knowledge_of(view)).answers()


ALL_ROLES = (
    ("cupid", 1), ("defender", 1), ("elder", 1), ("hunter", 1), ("little-girl", 1),
    ("piper", 1), ("scapegoat", 1), ("seer", 1), ("thief", 1), ("village-idiot", 1),
    ("villager", 3), ("werewolf", 3), ("witch", 1),
)  # fmt: skip


@given(
    seed=st.integers(0, 2**32),
    reveal=st.booleans(),
    seer=st.sampled_from(SEER_VARIANTS),
    parity=st.booleans(),
)
def test_the_true_world_of_a_big_game_has_weight_from_every_seat(
    seed: int, reveal: bool, seer: str, parity: bool
) -> None:
    # too many worlds to enumerate: the observations are checked on the true world only
    bot = RandomBot(random.Random(seed), unanimous=seed % 2 == 0, claims=0.3)
    variants = Variants(reveal, seer, parity)  # type: ignore[arg-type]
    outcome = play_game(ALL_ROLES, bot, random.Random(seed), variants)
    for seat in (None, *outcome.record.seats):
        assert weight(knowledge_of(outcome.record.view(seat)), outcome.world) > 0, seat
