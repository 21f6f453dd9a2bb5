"""Thirteen players with three centre cards (the box's sixteen cards, as the peer engine
wolfbot deals them, a villager for the doppelganger): a bot game's public record solves
with the fast engine, its answers a distribution; under a memory budget its night plans
outgrow, ``solve`` refuses it in one line (exit status 2)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest
from helpers import benchmark

from wooolf_solver.cli import main
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import load_record

bench = benchmark("bench_onuw")


@pytest.fixture
def record_path(bench: ModuleType, tmp_path: Path) -> Path:
    record = bench.Spec(13, "official", 4, False, None, box=True).record()
    path = tmp_path / "box-13.json"
    path.write_text(json.dumps(record.to_dict()), encoding="utf-8")
    return path


def test_a_thirteen_player_public_record_solves(record_path: Path) -> None:
    record = load_record(record_path)
    assert record.players == 13 and len(record.layout.centre) == 3 and len(record.claims) == 13
    posterior = solve(record)
    for slot in record.layout.slots:
        assert sum(posterior.dawn[slot].values(), Fraction(0)) == 1


def test_a_record_over_the_memory_budget_is_refused_in_one_line(
    record_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(record_path), "--max-memory", "8kB"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    # the engine's count of its night plans or the process's growth, whichever trips first
    assert err.startswith("wooolf: error: too large to solve exactly: the ")
    assert "over the memory budget of 8 kB" in err and err.count("\n") == 1
