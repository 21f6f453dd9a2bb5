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
from rich.console import Console

from wooolf_solver.cli import main
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import load_record
from wooolf_solver.games.onuw.render import render_solve

bench = benchmark("bench_onuw")
EXAMPLES = Path(__file__).parents[3] / "examples"


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


def test_the_box_dawn_table_fits_eighty_columns() -> None:
    # the box's twelve roles: the wide table (tenths of a percent) on a wide terminal, else
    # the narrow one (whole percents, roles by their first letters), one line a slot either way
    record = load_record(EXAMPLES / "onuw" / "box-13p.yaml")
    assert len(set(record.deck)) == 12
    posterior = solve(record)
    shown = {}
    for width in (80, 200):
        console = Console(width=width, record=True)
        console.print(render_solve(record, posterior))
        shown[width] = console.export_text()
        assert max(map(len, shown[width].splitlines())) <= width
    narrow = shown[80].split("Dawn: ")[1].splitlines()
    assert narrow[0].startswith("the chance of each card in each slot, in percent")
    heading = narrow[2].split()
    assert heading[:3] == ["slot", "were", "mini"] and "trou" in heading and len(heading) == 13
    rows = [line.split() for line in narrow[4:20]]
    assert [row[0] for row in rows] == [*map(str, range(1, 14)), "c1", "c2", "c3"]
    assert all(len(row) == 13 for row in rows)
    wide = shown[200].split("Dawn: ")[1].splitlines()
    assert "troublemaker" in wide[2] and "%" in wide[4] and len(wide[4].split()) == 13
