"""``benchmarks/bench_werewolf.py`` runs, its brute force agrees with the counter, and it
prints its figures (small numbers here: the real run is the script's)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from helpers import benchmark

bench = benchmark("bench_werewolf")


def test_the_benchmark_runs(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--repeat", "1", "--budget", "60", "--games", "20", "--solver-games", "2"]
    assert bench.main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["solve"]["players"] == 18 and report["solve"]["events"] == 10
    assert report["solve"]["brute_agrees"] is True
    assert report["solve"]["speech"] == "mimic" and report["solve"]["counter_free_ms"] > 0
    assert report["balance_ms"] < 10 and report["simulate"]["random_games_s"] > 0
    assert "bench_werewolf: solve" in err
    assert bench.main(argv) == 0
    assert "brute force" in capsys.readouterr().out
