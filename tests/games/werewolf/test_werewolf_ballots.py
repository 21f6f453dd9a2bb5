"""Advice by each voter's goal: the village lynches the seat most likely a werewolf, a
werewolf the seat worth most to the village, never a packmate while another is open."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.events import Claim, Wolves
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.posterior import known, solve
from wooolf_solver.games.werewolf.record import GameRecord, Model, load_record

EXAMPLES = Path(__file__).parents[3] / "examples" / "werewolf"


def test_the_hunter_no_longer_lynches_the_seer_the_lynch_vindicated() -> None:
    # seat 9 claims the seer: seat 1 (lynched, a villager) a villager, seat 2 a werewolf
    record = load_record(EXAMPLES / "hunter-view-10p.yaml")
    assert record.model.speech == "mimic"
    advice = GAME.solve(record).to_dict()["lynch"]
    assert advice[0]["seat"] == 2 and advice[-1]["seat"] == 9
    old = GAME.solve(replace(record, model=Model(speech="free"))).to_dict()["lynch"]
    assert old[0]["seat"] == 9  # the adversarial reading still says so


def wolf_view() -> GameRecord:
    """Seat 2, a werewolf, on day 2 after seat 9's claim to be the seer (2: werewolf)."""
    view = load_record(EXAMPLES / "game-10p.yaml").view(2)
    claim = next(n for n, event in enumerate(view.events, 1) if isinstance(event, Claim))
    return replace(view, events=view.events[:claim])


@pytest.mark.parametrize("engine", ["fast", "brute"])
def test_a_werewolfs_advice_is_for_the_werewolves(engine: str) -> None:
    out = GAME.solve(wolf_view(), engine).to_dict()
    lynch = out["lynch"]
    assert lynch[0] == {"seat": 9, "werewolf": 0.0, "worth": 7.0}
    assert lynch[-1] == {"seat": 4, "werewolf": 1.0, "worth": 0.0}  # the packmate, last
    assert out["speech"] == "mimic"


def test_the_posteriors_ballots_for_the_bots() -> None:
    assert solve(wolf_view()).ballots((4, 9))[0] == (9, Fraction(7))
    villager = solve(load_record(EXAMPLES / "hunter-view-10p.yaml"))
    ranked = villager.ballots((2, 9))
    assert [seat for seat, _ in ranked] == [2, 9]
    assert ranked[0][1] == villager.werewolf[2]


@pytest.mark.parametrize("seed", range(6))
def test_no_werewolf_is_advised_to_lynch_a_packmate(seed: int) -> None:
    deck = (("seer", 1), ("villager", 3), ("werewolf", 2), ("witch", 1))
    outcome = play_game(deck, RandomBot(random.Random(seed), claims=0.5), random.Random(seed))
    record = outcome.record
    pack = {seat for seat, role in record.cards if role == "werewolf"}
    for wolf in pack:
        view = record.view(wolf)
        woke = next(n for n, event in enumerate(view.events, 1) if isinstance(event, Wolves))
        for end in range(woke, len(view.events) + 1):  # once it knows its pack
            part = replace(view, events=view.events[:end])
            solution = known(part)
            if solution is None:
                continue
            open_seats = [seat for seat, _ in solution.lynch]
            if set(open_seats) - pack:
                assert solution.lynch[0][0] not in pack
