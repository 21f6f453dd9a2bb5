"""The benchmark scripts on a tiny subset: the shape of their reports, never their timings."""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import BENCHMARKS, benchmark

ENGINE_KEYS = {"status", "runs", "median_ms", "max_ms", "ratio", "agrees", "error"}

bench = benchmark("bench_solve")
hint_bench = benchmark("bench_hint")
common = benchmark("common")
positions = benchmark("positions")


def run_json(bench: ModuleType, capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status = bench.main([*argv, "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    return report


def test_json_report(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(bench, capsys, "--players", "4", "--repeat", "1", "--engines", "fast,brute")
    assert report["version"] == bench.VERSION
    assert {"python", "platform", "cpus", "packages"} <= set(report["machine"])
    assert report["settings"]["engines"] == ["fast", "brute"]
    assert report["settings"]["repeat"] == 1
    assert [row["name"] for row in report["positions"]] == ["4-basic-early", "4-basic-late"]
    for row in report["positions"]:
        assert row["players"] == 4 and row["edition"] == "basic"
        assert isinstance(row["deals"], int) and row["deals"] > 0
        assert set(row["engines"]) == {"fast", "brute"}
        counter, brute = row["engines"]["fast"], row["engines"]["brute"]
        assert set(counter) == set(brute) == ENGINE_KEYS
        assert counter["status"] == brute["status"] == "ok"
        assert counter["runs"] == 1 and brute["runs"] == 1
        assert isinstance(counter["median_ms"], float) and isinstance(brute["ratio"], float)
        assert brute["agrees"] is True and counter["agrees"] is None
    assert report["positions"][1]["events"] >= 12
    assert report["target"] == {
        "engine": "fast",
        "players": 8,
        "max_median_ms": None,
        "target_ms": 20.0,
    }


def test_table_and_json_file(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "reports" / "bench.json"
    status = bench.main(
        ["--players", "4", "--repeat", "1", "--engines", "brute", "--json-out", str(out)]
    )
    printed = capsys.readouterr().out
    assert status == 0
    assert "4-basic-late" in printed and "✓" in printed
    assert "fast, 8 players: max median not measured (target ≤ 20 ms)" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["version"] == bench.VERSION
    assert list(report["positions"][0]["engines"]) == ["fast", "brute"]
    assert list(tmp_path.joinpath("reports").iterdir()) == [out]  # no temporary file left


def test_over_budget_is_skipped_on_bigger_positions(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    # no run can answer within a nanosecond: brute force is stopped on the first position
    report = run_json(
        bench, capsys, "--players", "4,5", "--repeat", "1", "--engines", "brute", "--budget", "1e-9"
    )
    rows = {row["name"]: row["engines"]["brute"] for row in report["positions"]}
    assert rows["4-basic-early"]["status"] == "timeout"
    assert rows["4-basic-early"]["median_ms"] is None
    assert rows["5-basic-early"] == {
        "status": "skipped",
        "runs": 0,
        "median_ms": None,
        "max_ms": None,
        "ratio": None,
        "agrees": None,
        "error": None,
    }
    # more events prune the search: a late position is not covered by an early one,
    # and 5-basic-late (14 events) not by 4-basic-late (12)
    assert rows["4-basic-late"]["status"] == rows["5-basic-late"]["status"] == "timeout"


def test_positions_are_the_generated_ones(positions: ModuleType) -> None:
    assert positions.main(["--check"]) == 0
    names = sorted(path.name for path in (BENCHMARKS / "positions").glob("*.yaml"))
    assert names == sorted(positions.files())
    assert "8-basic-early.yaml" in names and "6-basic-worked-example.yaml" in names


def test_hint_json_report(hint_bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(hint_bench, capsys, "--players", "4", "--repeat", "1", "--why-repeat", "1")
    assert report["version"] == hint_bench.VERSION
    assert {"python", "platform", "cpus", "packages"} <= set(report["machine"])
    assert report["settings"] == {
        "references": ["fast-naive", "brute-naive"],
        "repeat": 1,
        "why_repeat": 1,
        "reference_repeat": 1,
        "budget_s": 45.0,
        "full": False,
    }
    imported = report["ortools_import_ms"]
    assert imported is None or isinstance(imported, float)  # None: already loaded
    assert [row["name"] for row in report["positions"]] == ["4-basic-early", "4-basic-late"]
    for row in report["positions"]:
        assert row["players"] == 4 and row["edition"] == "basic"
        assert isinstance(row["deals"], int) and row["deals"] > 0
        assert row["actions"] == 4 + 5 * 3  # a peek at 4 seats (the neutral hand too), 5
        # questions to each of the 3 other players
        assert list(row["hint"]) == ["fast", "fast-naive", "brute-naive"]
        for name, outcome in row["hint"].items():
            assert set(outcome) == ENGINE_KEYS
            assert outcome["status"] == "ok" and outcome["runs"] == 1
            assert isinstance(outcome["median_ms"], float)
            assert outcome["agrees"] is (None if name == "fast" else True)
        why = row["why"]
        assert set(why) == {"facts", "runs", "median_ms", "max_ms", "all_hold", "explained"}
        assert why["runs"] == 1 and why["all_hold"] is True
        assert why["facts"] == len(why["explained"]) > 0
        for fact in why["explained"]:
            assert set(fact) == {"seat", "identity", "holds", "events", "median_ms"}
            assert all(1 <= event <= row["events"] for event in fact["events"])
    assert report["targets"]["hint"] == {
        "engine": "fast",
        "players": 8,
        "max_median_ms": None,
        "target_ms": 100.0,
    }
    assert isinstance(report["targets"]["why"]["max_ms"], float)
    assert report["targets"]["why"]["target_ms"] == 1000.0


def test_hint_tables_and_json_file(
    hint_bench: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "reports" / "hint.json"
    argv = ["--players", "4", "--repeat", "1", "--why-repeat", "1", "--json-out", str(out)]
    status = hint_bench.main([*argv, "--references", "fast-naive"])
    printed = capsys.readouterr().out
    assert status == 0
    assert "4-basic-late" in printed and "✓" in printed and "brute-naive" not in printed
    assert "hint, 8 players: max median not measured (target ≤ 100 ms)" in printed
    assert "why, any fact: max " in printed and "(target ≤ 1 s)" in printed
    assert "OR-Tools import, once (not in the figures): " in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert list(report["positions"][0]["hint"]) == ["fast", "fast-naive"]
    assert list(tmp_path.joinpath("reports").iterdir()) == [out]  # no temporary file left


def test_hint_over_budget_skips_the_positions_covering_it(
    hint_bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    # events do not prune a tally per outcome: a late position is skipped after an
    # early one of the same edition ran over budget (bench_solve would run it); the
    # other edition's positions still run
    argv = ["--players", "4,6", "--repeat", "1", "--why-repeat", "1", "--budget", "1e-9"]
    report = run_json(hint_bench, capsys, *argv, "--references", "brute-naive")
    rows = {row["name"]: row["hint"]["brute-naive"]["status"] for row in report["positions"]}
    assert rows == {
        "4-basic-early": "timeout",
        "4-basic-late": "skipped",
        "6-basic-early": "skipped",
        "6-basic-worked-example": "skipped",
        "6-basic-late": "skipped",
        "6-advanced-early": "timeout",
        "6-advanced-late": "skipped",
    }


def test_doctests(
    bench: ModuleType, hint_bench: ModuleType, common: ModuleType, positions: ModuleType
) -> None:
    for module in (bench, hint_bench, common, positions):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_progress_lines_off_a_terminal(
    common: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a pipe or a log, each step is one line on stderr (a spinner only on a terminal)."""
    shown = common.progress()
    with shown.status("8-basic-late: counter"):
        pass
    out, err = capsys.readouterr()
    assert out == ""
    assert err.rstrip().endswith("] 8-basic-late: counter")


decks_bench = benchmark("bench_decks")


def test_the_decks_benchmark_reports_the_worst_case(
    decks_bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """One small deck's views, each timed in its own interpreter: every position, and
    the worst of each figure with whether it meets the goal (not the timings)."""
    argv = ["--decks", "2:3", "--verbs", "solve", "--repeat", "0", "--lab-games", "0"]
    status = decks_bench.main(argv)
    out = capsys.readouterr().out
    assert status == 0
    assert "positions on 1 decks" in out and "solve: worst cold" in out and "goal ≤ 0.5 s" in out
    status = decks_bench.main([*argv, "--json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0
    assert {row["deck"] for row in result["positions"]} == {"deck-2-9p"}
    assert result["lab"] is None and {"solve_cold", "solve_met", "memory_met"} <= set(
        result["worst"]
    )
