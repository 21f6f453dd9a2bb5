"""Simulation reports and the solver bots."""

from __future__ import annotations

import random

import pytest
from werewolf_reference import consistent, weight

from wooolf_solver.games.werewolf.balance import village_win
from wooolf_solver.games.werewolf.lab import compare, simulate
from wooolf_solver.games.werewolf.model import knowledge_of
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import dump_record, read_record
from wooolf_solver.games.werewolf.rules import load_rules
from wooolf_solver.games.werewolf.solver_bots import SolverBot
from wooolf_solver.games.werewolf.validate import check_game


def test_the_same_seed_gives_the_same_report() -> None:
    deck = load_rules().table_deck(8)
    first = simulate(deck, 50, seed=3).to_dict()
    assert first == simulate(deck, 50, seed=3).to_dict()
    assert first != simulate(deck, 50, seed=4).to_dict()
    assert set(first) == {"games", "teams", "roles", "days", "unfinished"}
    assert set(first["teams"]["village"]) == {"rate", "low", "high", "count", "n"}
    assert set(first["days"]) == {"mean", "low", "high", "n"}


def test_the_random_village_rate_brackets_the_exact_baseline() -> None:
    deck = load_rules().table_deck(10)
    report = simulate(deck, 2000, seed=11)
    exact = float(village_win(8, 2))
    village = report.teams["village"]
    assert village.low < exact < village.high
    assert report.roles["werewolf"].value == pytest.approx(report.teams["werewolves"].value)
    days = report.days
    assert days.low is not None and days.high is not None and days.value is not None
    assert days.n == 2000 and 1 <= days.low < days.value < days.high


DECK = (("cupid", 1), ("hunter", 1), ("seer", 1), ("villager", 1), ("werewolf", 1), ("witch", 1))


@pytest.mark.parametrize("seed", range(6))
def test_solver_bots_play_legal_games_seen_consistently(seed: int) -> None:
    outcome = play_game(DECK, SolverBot(random.Random(seed)), random.Random(seed))
    record = outcome.record
    assert read_record(dump_record(record)) == record
    check_game(record)
    for seat in (None, *record.seats):
        knowledge = knowledge_of(record.view(seat))
        assert weight(knowledge, outcome.world) > 0
        assert consistent(knowledge)


def test_the_seer_bot_claims_once_she_has_seen_a_werewolf() -> None:
    deck = (("seer", 1), ("villager", 4), ("werewolf", 1))
    for seed in range(20):
        record = play_game(deck, SolverBot(random.Random(seed)), random.Random(seed)).record
        claims = [e for e in record.events if e.kind == "claims"]
        seer = next(seat for seat, role in record.cards if role == "seer")
        assert all(claim.actor == seer for claim in claims)
    simulate(deck, 5, seed=1, bots=SolverBot)


def test_compare_puts_mixes_side_by_side() -> None:
    rules = load_rules()
    mixes = compare([rules.table_deck(8), rules.table_deck(12)], 30, seed=5)
    out = [mix.to_dict() for mix in mixes]
    assert [mix["points"] for mix in out] == [0, -3]
    assert all({"roles", "points", "random_lynch", "teams", "days"} <= set(mix) for mix in out)
