"""The labs' calibration (Brier, log-loss, reliability bins) and talking bots, through
``wooolf simulate --game onuw|werewolf``: the scores on a hand case, the bins adding
up, ``--speech`` and ``--bots`` by role with options, and their one-line errors."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from wooolf_solver.games.onuw.forecasts import forecasts as onuw_forecasts
from wooolf_solver.games.onuw.lab import Simulation
from wooolf_solver.games.onuw.lab import run as run_onuw
from wooolf_solver.games.onuw.night import believed_card
from wooolf_solver.games.onuw.record import load_record
from wooolf_solver.games.onuw.render import render_comparison
from wooolf_solver.games.onuw.table import play_deal, truthful
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.forecasts import forecasts as werewolf_forecasts
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.lab.calibration import BINS, Calibration, bin_of, bits, calibration

pytestmark = pytest.mark.usefixtures("plain_console")


def test_brier_and_log_loss_on_a_hand_case() -> None:
    forecasts = [(0.9, True), (0.2, False), (0.2, True), (1.0, False)]
    score = Calibration.of(forecasts)
    assert score.brier == pytest.approx((0.01 + 0.04 + 0.64 + 1.0) / 4)
    expected = [
        -math.log2(0.99 * 0.9 + 0.005),
        -math.log2(0.99 * 0.8 + 0.005),
        -math.log2(0.99 * 0.2 + 0.005),
        -math.log2(0.005),
    ]
    assert score.log_loss == pytest.approx(sum(expected) / 4)
    assert bits(1.0, False) == pytest.approx(math.log2(200))
    counts = {k: b.count for k, b in enumerate(score.bins) if b.count}
    assert counts == {2: 2, 9: 2}
    assert score.bins[2].forecast == pytest.approx(0.2) and score.bins[2].observed == 0.5
    assert score.bins[9].forecast == pytest.approx(0.95) and score.bins[9].observed == 0.5
    assert [bin_of(p) for p in (0.0, 0.1, 0.5, 0.999, 1.0)] == [0, 1, 5, 9, 9]
    empty = calibration({"mimic": []})["mimic"]
    assert empty["brier"] is None and empty["count"] == 0 and len(empty["bins"]) == BINS


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, "simulate", *argv, "--workers", "1", "--json")
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def check_calibration(report: dict[str, Any]) -> None:
    scores = report["calibration"]
    assert sorted(scores) == ["free", "mimic", "mixed"]
    for score in scores.values():
        assert len(score["bins"]) == BINS and score["count"] > 0
        assert sum(b["count"] for b in score["bins"]) == score["count"]
        for k, b in enumerate(score["bins"]):
            if b["count"]:
                assert k / BINS <= b["forecast"] <= (k + 1) / BINS
                assert 0 <= b["observed"] <= 1
        assert 0 <= score["brier"] <= 1 and score["log_loss"] > 0


@pytest.mark.parametrize("speech", ["mimic", "consistent", "cautious"])
def test_onuw_lab_reports_calibration_under_every_policy(
    capsys: pytest.CaptureFixture[str], speech: str
) -> None:
    report = simulate(
        capsys,
        "--game",
        "onuw",
        "--players",
        "4",
        "--games",
        "4",
        "--seed",
        "c",
        "--speech",
        speech,
    )
    assert report["speech"] == speech
    check_calibration(report)
    quick = simulate(capsys, "--game", "onuw", "--players", "4", "--games", "2", "--quick")
    assert "calibration" not in quick and quick["speech"] == "mimic"


def test_werewolf_lab_reports_calibration(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--game", "werewolf", "--players", "8", "--games", "6", "--seed", "c")
    report = simulate(capsys, *argv, "--bots", "solver:talk=0.5", "--speech", "consistent")
    assert report["speech"] == "consistent"
    check_calibration(report)
    status, out, _ = run(capsys, "simulate", *argv, "--bots", "solver", "--workers", "1")
    assert status == 0 and "P(werewolf) under mimic" in out


def test_onuw_bots_by_role_with_options(tmp_path: Path) -> None:
    bots = ("stand-in", "werewolf-team=bot", "seer=stand-in:centre=1:story=consistent")
    sim = Simulation.of("table", 5, bots, seed="role", analyse=False)
    (report,) = run_onuw([sim], 12, records=tmp_path)
    assert report.to_dict()["by_card"] == {
        "werewolf-team": "bot",
        "seer": "stand-in:centre=1:story=consistent",
    }
    title = str(render_comparison([report], "ONUW lab").title)
    assert title.endswith("; by card: werewolf-team=bot, seer=stand-in:centre=1:story=consistent")
    seers = 0
    for file in sorted(tmp_path.glob("game-*.yaml")):
        record = load_record(file)
        assert not record.bots  # placed by card, no seat is written as a bot
        wolves = {s for s in record.layout.seats if record.cards[s] in ("werewolf", "minion")}
        assert not wolves & {claim.seat for claim in record.claims}
        for seat in record.layout.seats:
            if record.cards[seat] == "seer":
                seers += 1
                assert record.night[seat].get("centre") is not None
    assert seers


def test_the_official_edition_votes_in_a_circle_when_nobody_should_die() -> None:
    sim = Simulation.of("official", 4, ("stand-in",), seed="circle", analyse=False)
    (report,) = run_onuw([sim], 40)
    circles = [
        deal
        for deal in report.deals
        if all(ballot == seat % 4 + 1 for seat, ballot in enumerate(deal.votes, 1))
    ]
    assert circles and all(not deal.dead for deal in circles)
    centre = report.to_dict()["both_werewolves_in_centre"]
    assert centre["count"] and centre["village_win"]["count"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--game", "onuw", "--speech", "honest"), "--speech: unknown story policy 'honest'"),
        (("--game", "werewolf", "--speech", "honest"), "--speech: unknown story policy"),
        (("--game", "onuw", "--bots", "stand-in:story=loud"), "unknown option 'story=loud'"),
        (("--game", "onuw", "--bots", "bot:story=mimic"), "unknown option 'story=mimic'"),
        (("--game", "onuw", "--bots", "wizard=bot"), "'wizard' is neither a role nor TEAM-team"),
        (("--game", "werewolf", "--bots", "solver:talk=2"), "unknown option 'talk=2'"),
        (("--speech", "mimic"), "--speech: the bots of wooolf do not talk"),
    ],
)
def test_bad_speech_and_bots_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, _, err = run(capsys, "simulate", "--players", "5", "--games", "1", *argv)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1


def test_onuw_forecasts_come_from_every_honest_seat_about_every_other_player() -> None:
    played = play_deal(random.Random(11), 5, claims=truthful)
    record, rules = played.record, played.record.rules
    honest = [
        seat
        for seat in record.layout.seats
        if rules.team(believed_card(rules, record.cards[seat], seat, record.night[seat]))
        == "village"
    ]
    found = onuw_forecasts(record, played.dawn, ("mimic", "free"))
    assert len(found["mimic"]) == len(found["free"]) == 4 * len(honest)
    werewolves = sum(played.dawn[seat - 1] == "werewolf" for seat in record.layout.seats)
    assert sum(happened for _, happened in found["mimic"]) <= werewolves * len(honest)


def test_a_werewolf_game_without_claims_gives_no_forecasts() -> None:
    deck = (("seer", 1), ("villager", 3), ("werewolf", 1))
    record = play_game(deck, RandomBot(random.Random(1)), random.Random(1)).record
    assert werewolf_forecasts(record, ("mimic", "free")) == {"mimic": [], "free": []}
