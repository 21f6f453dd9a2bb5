"""The lab's benchmark script on a tiny run: the shape of its report, never its timings."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from helpers import benchmark

bench = benchmark("bench_lab")


def test_json_report(
    bench: ModuleType, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench, "GOAL_PLAYERS", 5)  # small games stand for the goal's
    assert bench.main(["--players", "4,5", "--games", "1", "--cli-games", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["version"] == bench.VERSION
    assert report["goal"] == {"players": 5, "rounds_per_second_per_core": 5.0}
    four, five = report["serial"]
    assert (four["players"], five["players"]) == (4, 5)
    for row in (four, five):
        assert row["games"] == 1 and 1 <= row["rounds"] <= 3 and row["turns"] > 0
        assert row["rounds_per_second"] > 0 and 0 < row["share_in_bots"] <= 1
    assert four["goal_met"] is None and isinstance(five["goal_met"], bool)
    assert report["processes"] == []
    assert report["cli_goal"] == {"players": 5, "rounds_per_second_per_core": 30.0}
    four, five = report["cli"]
    for row in (four, five):
        assert row["games"] == 1 and 1 <= row["rounds"] <= 3 and row["rounds_per_second"] > 0
        assert row["start_seconds"] is None  # one game: nothing to split
        assert row["loops"] == "c" and row["cpu_seconds"] > row["import_cpu_seconds"] > 0
        assert row["rounds_per_cpu_second_after_import"] > row["rounds_per_cpu_second"] > 0
    assert four["goal_met"] is None and isinstance(five["goal_met"], bool)


def test_the_start_split_off(bench: ModuleType) -> None:
    """Two games: the start is a one-game run of the same first game, the rest the
    games after it."""
    row = bench.bench_cli(4, 2, "split")
    assert row["games"] == 2 and row["start_seconds"] > 0
    after = row["rounds_per_second_after_start"]
    assert after is None or after > 0


def test_table(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--players", "4", "--games", "1", "--workers", "1", "--cli-games", "0"]) == 0
    out = capsys.readouterr().out
    assert "rounds/s" in out and "4 players on 1 processes" in out


def test_the_numpy_loops_timed(bench: ModuleType) -> None:
    """``--loops numpy``: the command runs the numpy loops (the same report)."""
    row = bench.bench_cli(4, 1, "numpy", "numpy")
    assert row["loops"] == "numpy" and 1 <= row["rounds"] <= 3 and row["cpu_seconds"] > 0
