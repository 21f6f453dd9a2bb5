"""The ONUW lab: `wooolf simulate --game onuw` and `compare`, the same seed giving the
same JSON on any number of workers, records that pass `review`, the plot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

from wooolf_solver import api
from wooolf_solver.core.errors import InvalidDeckError, SolverError
from wooolf_solver.games.onuw.lab import Simulation
from wooolf_solver.games.onuw.lab import run as run_lab
from wooolf_solver.lab.executors import Processes

ROOT = Path(__file__).resolve().parents[3]
DECK = str(ROOT / "examples" / "onuw" / "decks" / "tanner.toml")
LAB = ["--game", "onuw", "--players", "3", "--games", "4", "--seed", "s"]

pytestmark = pytest.mark.usefixtures("plain_console")


def test_same_seed_same_json_on_one_or_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    status, one, _ = run(capsys, "simulate", *LAB, "--workers", "1", "--json")
    assert status == 0
    status, two, _ = run(capsys, "simulate", *LAB, "--workers", "2", "--json")
    assert status == 0 and one == two
    report = json.loads(one)
    assert report["games"] == 4 and report["edition"] == "table"
    for figure in (*report["teams"].values(), report["nobody_dead"], report["werewolf_found"]):
        assert set(figure) == {"rate", "low", "high", "count", "n"}
        assert figure["low"] <= figure["rate"] <= figure["high"]
    assert set(report["both_werewolves_in_centre"]) >= {"rate", "village_win"}


def test_records_pass_review(tmp_path: Path) -> None:
    sims = [Simulation.of("official", 3, ("stand-in", "bot"), seed="r")]
    (report,) = run_lab(sims, 3, records=tmp_path)
    files = sorted(tmp_path.glob("game-*.yaml"))
    assert len(files) == 3
    for file, deal in zip(files, report.deals, strict=True):
        result = api.review(file)
        assert result.winners == deal.winners and result.dead == deal.dead


def test_compare_a_custom_deck_with_a_plot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plot = tmp_path / "teams.png"
    argv = ["compare", "table", DECK, "--game", "onuw", "--players", "4", "--games", "2"]
    status, out, _ = run(capsys, *argv, "--workers", "1", "--plot", str(plot), "--json")
    assert status == 0 and plot.stat().st_size > 0
    mixes = json.loads(out)["mixes"]
    assert sorted(mixes) == ["table", "tanner"] and "tanner" in mixes["tanner"]["deck"]
    status, out, _ = run(capsys, *argv, "--workers", "1")
    assert status == 0 and "village team wins" in out


def test_processes_give_the_serial_report() -> None:
    sims = [Simulation.of("table", 3, ("bot",), seed="p")]
    serial = run_lab(sims, 3)[0].to_dict()
    parallel = run_lab(sims, 3, Processes(2))[0].to_dict()
    assert serial == parallel


def test_bad_lab_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SolverError, match="unknown bot"):
        Simulation.of("table", 3, ("wizard",))
    with pytest.raises(SolverError, match="unknown edition"):
        Simulation.of("deluxe", 3, ("bot",))
    with pytest.raises(SolverError, match="cards, but this table needs"):
        Simulation.of(DECK, 5, ("bot",))
    bad = tmp_path / "bad.toml"
    bad.write_text("cards = 3\n", encoding="utf-8")
    with pytest.raises(InvalidDeckError, match="cards"):
        Simulation.of(str(bad), 3, ("bot",))
    status, _, err = run(capsys, "simulate", *LAB, "--bots", "wizard")
    assert status == 2 and "unknown bot 'wizard'" in err
