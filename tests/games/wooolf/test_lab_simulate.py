"""The lab's simulations: the same JSON on every executor (serial, processes, a local
Dask cluster), greedy bots beating random ones, the report's shape, records that
``wooolf review`` reads, designer decks, bot specs and the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from wooolf_solver.cli import main
from wooolf_solver.games.wooolf.bots import make_bot
from wooolf_solver.games.wooolf.game import GameRecord
from wooolf_solver.games.wooolf.lab import Deck, Simulation, compare, simulate
from wooolf_solver.lab.executors import Dask, Processes, Serial, make_executor
from wooolf_solver.lab.stats import Mean, Proportion, t_quantile

ROOT = Path(__file__).resolve().parents[3]
PIGLET = ROOT / "examples" / "decks" / "piglet.toml"
FOG = ROOT / "examples" / "decks" / "fog.toml"

SMALL = Simulation(Deck(edition="advanced"), 4, ("greedy", "random"), seed="same")


@pytest.fixture(scope="module")
def serial_json() -> dict[str, Any]:
    return simulate(SMALL, 4, Serial()).to_dict()


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


def test_the_same_seed_gives_the_same_json_on_two_processes(
    serial_json: dict[str, Any],
) -> None:
    assert simulate(SMALL, 4, Processes(2)).to_dict() == serial_json


def test_the_same_seed_gives_the_same_json_on_a_dask_cluster(
    serial_json: dict[str, Any], dask_address: str
) -> None:
    assert simulate(SMALL, 4, Dask(dask_address)).to_dict() == serial_json


def test_the_json_of_a_report(serial_json: dict[str, Any]) -> None:
    report = serial_json
    assert json.loads(json.dumps(report)) == report
    assert report["version"] == 2
    assert report["games"] == 4
    assert report["settings"]["bots"] == ["greedy", "random"]
    assert report["intervals"] == {"level": 0.95, "shares": "wilson", "means": "student-t"}
    assert list(report["identities"]) == ["sheep", "hound", "hunter", "shepherd", "wolf"]
    for figures in report["identities"].values():
        for name in ("early", "final", "early_right", "final_right", "right", "round_wins"):
            share = figures[name]
            assert set(share) == {"rate", "low", "high", "count", "n"}
            if share["n"]:
                assert 0 <= share["low"] <= share["rate"] <= share["high"] <= 1
        for name in ("points", "certain_after", "chance"):
            assert set(figures[name]) == {"mean", "low", "high", "n"}
        assert "certain" in figures and "forced_guesses" in figures
    rounds = sum(f["seat_rounds"] for f in report["identities"].values())
    assert rounds == 4 * report["rounds_per_game"]["mean"] * report["games"]
    assert list(report["seats"]) == ["1", "2", "3", "4"]
    assert [s["bot"] for s in report["seats"].values()] == ["greedy", "random"] * 2
    assert set(report["shepherd"]) == {"bonus", "fooled"}


def test_greedy_bots_beat_random_ones() -> None:
    """Twenty small games with a fixed seed (so the outcome is fixed): the greedy bots'
    mean points per game lie well above the random bots'."""
    sim = Simulation(Deck(), 5, ("greedy", "random"), seed="beat", analyse=False)
    bots = simulate(sim, 20, Serial()).by_bot()
    greedy, random_ = bots["greedy"], bots["random"]
    assert greedy.points.low is not None and random_.points.high is not None
    assert greedy.points.low > random_.points.high
    assert greedy.right.value is not None and random_.right.value is not None
    assert greedy.right.value > random_.right.value


def test_records_are_game_records_that_review_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim = Simulation(Deck.load(PIGLET), 4, ("greedy", "random"), seed="deck", analyse=False)
    report = simulate(sim, 2, Serial(), records=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-00001.json",
        "game-00002.json",
        "piglet.toml",
    ]
    for index, summary in enumerate(report.summaries, 1):
        record = GameRecord.load(tmp_path / f"game-{index:05d}.json")
        assert record.setup.edition == "piglet"
        assert tuple(record.score.totals.values()) == summary.totals
    assert "piglet" in report.identities
    assert main(["review", str(tmp_path / "game-00001.json"), "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"rounds", "totals", "winners"}


def test_compare_is_simulate_side_by_side(serial_json: dict[str, Any]) -> None:
    basic = Simulation(Deck(), 4, SMALL.bots, seed=SMALL.seed)
    both = compare([SMALL, basic], 4, Processes(2))
    assert [report.simulation.deck.label for report in both] == ["advanced", "basic"]
    assert both[0].to_dict() == serial_json
    assert both[1].to_dict() == simulate(basic, 4, Serial()).to_dict()


def test_compare_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "basic", str(FOG), "--players", "4", "--games", "2", "--workers", "1"]
    status, out, err = run(capsys, *argv, "--json", "--quick", "--records", str(tmp_path))
    assert status == 0 and err == ""
    report = json.loads(out)
    assert report["version"] == 1 and list(report["mixes"]) == ["basic", "fog.toml"]
    assert report["mixes"]["fog.toml"]["settings"]["deck"] == "fog.toml"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1-basic", "2-fog.toml"]
    assert (tmp_path / "2-fog.toml" / "fog.toml").exists()
    GameRecord.load(tmp_path / "2-fog.toml" / "game-00002.json")
    plot = tmp_path / "compare.svg"
    status, out, _ = run(capsys, *argv, "--quick", "--plot", str(plot))
    assert status == 0 and plot.read_text().startswith("<?xml")
    assert "Points a round, per identity" in out and "fog.toml" in out
    status, _, err = run(capsys, "compare", "basic", "basic", "--players", "4")
    assert status == 2 and "two mixes share a name" in err


def test_a_designer_deck_travels_as_text() -> None:
    deck = Deck.load(PIGLET)
    assert deck.file == "piglet.toml" and deck.text == PIGLET.read_text()
    assert "piglet" in deck.rules.characters
    assert deck.setup(6).players == 6


def test_bot_specs() -> None:
    assert make_bot("greedy:early=0.75:follow=0.5").name == "greedy:early=0.75:follow=0.5"
    assert make_bot(" Random : ask=1 ").name == "random:ask=1"
    with pytest.raises(ValueError, match="unknown bot 'greddy' \\(did you mean 'greedy'\\?\\)"):
        make_bot("greddy")
    with pytest.raises(ValueError, match="early must be a number from 0 to 1"):
        make_bot("greedy:early=2")
    with pytest.raises(ValueError, match="mistake must be a number of at least 0"):
        make_bot("greedy:mistake=-1")


def test_the_executor_of_the_options() -> None:
    assert make_executor(1) == Serial()
    assert make_executor(None) == Processes(None)
    assert make_executor(3, "tcp://127.0.0.1:8786") == Dask("tcp://127.0.0.1:8786")


def test_figures() -> None:
    assert Proportion.of(0, 0).value is None
    none = Proportion.of(0, 10)
    assert none.value == 0.0 and none.low == 0.0 and none.high == pytest.approx(0.2775, abs=1e-4)
    assert Mean.of([2.0]).low is None
    assert t_quantile(20) == pytest.approx(2.085963, abs=1e-6)
    assert t_quantile(120) == pytest.approx(1.979930, abs=1e-6)
    assert t_quantile(500) == pytest.approx(1.964720, abs=1e-6)


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--players", "4", "--games", "2", "--bots", "greedy,random", "--seed", "cli"]
    status, out, err = run(capsys, "simulate", *common, "--workers", "1", "--json")
    assert status == 0 and err == ""
    report = json.loads(out)
    assert report["games"] == 2 and report["settings"]["seed"] == "cli"
    plot = tmp_path / "report.png"
    status, out, _ = run(
        capsys, "simulate", *common, "--workers", "1", "--quick", "--plot", str(plot)
    )
    assert status == 0
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert "Declarations, per identity" in out and "Per bot" in out
    assert "What its own knowledge allowed" not in out  # --quick


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "4", "--bots", "greddy"], "unknown bot 'greddy'"),
        (["--players", "3"], "not 3"),
        (["--players", "4", "--edition", "basc"], "unknown edition 'basc'"),
        (["--players", "4", "--deck", "no-such-deck.toml"], "cannot read"),
        (["--players", "4", "--plot", "report.gif", "--games", "1"], "a plot is"),
    ],
)
def test_bad_input_is_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = [str(tmp_path / a) if a.endswith(".gif") else a for a in argv]
    status, out, err = run(capsys, "simulate", *argv, "--workers", "1", "--quick")
    assert status == 2 and out == ""
    assert message in err and len(err.splitlines()) == 1


@pytest.mark.slow
def test_a_bigger_run_on_every_executor() -> None:
    """Six players, three kinds of bots, a Dask cluster of two worker processes."""
    distributed = pytest.importorskip("distributed")
    sim = Simulation(Deck(), 6, ("greedy", "random", "greedy:early=0.7"), seed="big")
    serial = simulate(sim, 6, Serial()).to_dict()
    assert simulate(sim, 6, Processes(2)).to_dict() == serial
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        assert simulate(sim, 6, Dask(cluster.scheduler_address)).to_dict() == serial
