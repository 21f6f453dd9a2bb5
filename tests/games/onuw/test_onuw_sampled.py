"""The estimate a bot out of time votes by (:mod:`.sampled`): the chance of drawing
each world is exact (over every world of a record, the chances sum to 1); on played
deals with the doppelganger and the hunter, seen by a seat that heard every claim or
none, the shares it estimates from seeded draws are within a tenth of the exact
engine's; it draws the viewpoint's recorded night as recorded."""

from __future__ import annotations

import doctest
from dataclasses import replace
from math import factorial
from random import Random
from types import ModuleType

import pytest
from helpers import benchmark
from onuw_positions import seen_by
from test_onuw_fast import talkers

from wooolf_solver.games.onuw.model import OwnNight, choice_variable, knowledge_of
from wooolf_solver.games.onuw.posterior import posterior_of
from wooolf_solver.games.onuw.record import DealRecord, read_record
from wooolf_solver.games.onuw.sampled import chance_of, draw, sampled_posterior, told
from wooolf_solver.games.onuw.table import play_deal

DECKS = (
    ("official", 4, ("doppelganger", "hunter", "werewolf", "werewolf", "seer", "robber", "drunk")),
    ("table", 4, ("doppelganger", "werewolf", "minion", "mason", "mason", "insomniac")),
    ("table", 5, ("doppelganger", "werewolf", "werewolf", "seer", "robber", "tanner", "drunk")),
)  # fmt: skip


def played(seed: int, heard: bool = True) -> DealRecord:
    """A deal played on one of :data:`DECKS` (village-believers honest, the others
    bluffing), seen by a random seat with its night and every claim (``heard``) or
    none."""
    rng = Random(seed)
    edition, players, deck = DECKS[seed % len(DECKS)]
    claims = talkers(players, deck, 0.0)
    game = play_deal(rng, players, edition=edition, deck=deck, claims=claims).record
    seat = rng.randint(1, players)
    record = seen_by(game, seat, {seat: game.night[seat]})
    return record if heard else replace(record, claims=())


def test_the_chances_of_drawing_every_world_sum_to_one() -> None:
    """A public record (no recorded night), claims that name a choice and two of one
    card: :func:`chance_of` is the chance of drawing each world up to the factor
    ``n!`` (``n`` free slots), whichever claims the draw made true first."""
    record = read_record(
        {
            "game": "onuw",
            "players": 4,
            "deck": ["werewolf", "werewolf", "seer", "robber", "mason", "mason"],
            "claims": [
                {"seat": 1, "role": "robber", "robbed": 3, "got": "mason"},
                {"seat": 2, "role": "mason"},
                {"seat": 3, "role": "mason", "masons": [2, 3]},
                {"seat": 4, "role": "seer", "saw": {1: "werewolf"}},
            ],
        }
    )
    knowledge = knowledge_of(record)
    claims = told(knowledge)
    assert [claim.choice for claim in claims] == [(3,), None, None, (1,)]
    total = sum(chance_of(knowledge, world, claims) for world in knowledge.space.worlds())
    assert total == factorial(len(knowledge.space.slots))


@pytest.mark.parametrize("heard", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_the_estimate_is_near_the_exact_posterior(seed: int, heard: bool) -> None:
    knowledge = knowledge_of(played(seed, heard))
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
    claims = told(knowledge)
    seat = record.viewpoint or 0
    (recorded,) = (o.choice for o in knowledge.observations if isinstance(o, OwnNight))
    rng = Random(0)
    for _ in range(50):
        world, chance = draw(knowledge, rng, claims)
        assert world[seat] == (record.cards[seat],) and chance > 0
        assert world[choice_variable(seat)] == recorded


sampled_bench = benchmark("bench_sampled")


def test_the_benchmark_runs(sampled_bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert doctest.testmod(sampled_bench).failed == 0
    assert sampled_bench.main(["--positions", "2", "--draws", "200"]) == 0
    out = capsys.readouterr().out
    assert "no lead" in out and "200 draws in" in out
