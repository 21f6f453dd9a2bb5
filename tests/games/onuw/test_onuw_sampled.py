"""The estimate a bot out of time votes by (:mod:`.sampled`): on played deals with the
doppelganger and the hunter seen by a silent seat (the web table's bots hear few
claims), the shares it estimates from seeded draws are within a tenth of the exact
engine's, and it draws the viewpoint's recorded night as recorded. (With claims that
name a card seen, the few draws in which the claim is honest and true weigh most, and
the estimate needs many more draws: `benchmarks/bench_sampled.py` measures the
ballots it gives there.)"""

from __future__ import annotations

import doctest
from random import Random
from types import ModuleType

import pytest
from helpers import benchmark
from onuw_positions import seen_by

from wooolf_solver.games.onuw.model import OwnNight, choice_variable, knowledge_of
from wooolf_solver.games.onuw.posterior import posterior_of
from wooolf_solver.games.onuw.record import DealRecord
from wooolf_solver.games.onuw.sampled import draw, sampled_posterior
from wooolf_solver.games.onuw.table import play_deal

DECKS = (
    ("official", 4, ("doppelganger", "hunter", "werewolf", "werewolf", "seer", "robber", "drunk")),
    ("table", 4, ("doppelganger", "werewolf", "minion", "mason", "mason", "insomniac")),
    ("table", 5, ("doppelganger", "werewolf", "werewolf", "seer", "robber", "tanner", "drunk")),
)  # fmt: skip


def played(seed: int) -> DealRecord:
    """A deal played on one of :data:`DECKS`, seen by a random seat with its night and
    no claim."""
    rng = Random(seed)
    edition, players, deck = DECKS[seed % len(DECKS)]
    game = play_deal(rng, players, edition=edition, deck=deck).record
    seat = rng.randint(1, players)
    return seen_by(game, seat, {seat: game.night[seat]}, claims=())


@pytest.mark.parametrize("seed", range(6))
def test_the_estimate_is_near_the_exact_posterior(seed: int) -> None:
    knowledge = knowledge_of(played(seed))
    exact = posterior_of(knowledge)
    estimate = sampled_posterior(knowledge, 4000, Random(seed))
    assert estimate.worlds > 100
    for dies, chance in (exact.win_if or {}).items():
        assert abs(chance - (estimate.win_if or {}).get(dies, 0)) < 0.1, dies
    for seat, cards in exact.dawn.items():
        for card in set(cards) | set(estimate.dawn[seat]):
            assert abs(cards.get(card, 0) - estimate.dawn[seat].get(card, 0)) < 0.1, (seat, card)
    assert set(estimate.dealt) == set(exact.dealt)


def test_a_draw_keeps_the_known_cards_and_the_recorded_night() -> None:
    record = played(1)
    knowledge = knowledge_of(record)
    seat = record.viewpoint or 0
    (recorded,) = (o.choice for o in knowledge.observations if isinstance(o, OwnNight))
    rng = Random(0)
    for _ in range(50):
        world, chance = draw(knowledge, rng)
        assert world[seat] == (record.cards[seat],) and chance > 0
        assert world[choice_variable(seat)] == recorded


sampled_bench = benchmark("bench_sampled")


def test_the_benchmark_runs(sampled_bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert doctest.testmod(sampled_bench).failed == 0
    assert sampled_bench.main(["--positions", "2", "--draws", "200"]) == 0
    out = capsys.readouterr().out
    assert "no lead" in out and "200 draws in" in out
