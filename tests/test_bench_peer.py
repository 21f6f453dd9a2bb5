"""``benchmarks/bench_peer.py`` scores every method on the peer's games: here on a
hand-made game in the peer's format (``tests/data/peer/``; the real games live beside
the project), and its measures on hand-computed cases."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import ModuleType

import pytest
from helpers import benchmark

from wooolf_solver.core.speech import SPEECH_MODELS
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import read_record

bench = benchmark("bench_peer")

PEER = Path(__file__).resolve().parent / "data" / "peer"


def test_the_measures_by_hand(bench: ModuleType) -> None:
    """Two seats: one forecast sure and right, one split between two cards."""
    sure = ({"werewolf": 1.0}, "werewolf")
    split = ({"seer": 0.75, "werewolf": 0.25}, "seer")
    scores = bench.Scores.of([sure, split], roles=6)
    assert scores.seats == 2 and scores.top1 == 1.0
    expected = (-math.log2(0.99 + 0.01 / 6) - math.log2(0.99 * 0.75 + 0.01 / 6)) / 2
    assert scores.log_loss == pytest.approx(expected)
    assert scores.brier == pytest.approx((0 + 0.25**2 + 0.25**2) / 2)
    # P(werewolf) 1.0 (bin 10, a werewolf) and 0.25 (bin 3, not one)
    assert scores.bins == ((0.25, 0.0, 1), (1.0, 1.0, 1))
    assert scores.calibration_error == pytest.approx(0.125)


def test_a_card_left_out_counts_as_zero(bench: ModuleType) -> None:
    scores = bench.Scores.of([({"seer": 1.0}, "robber")], roles=6)
    assert scores.top1 == 0.0 and scores.brier == 2.0
    assert scores.log_loss == pytest.approx(-math.log2(0.01 / 6))


def test_the_benchmark_runs(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--data", str(PEER), "--json"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)["files"]
    assert set(report) == {"games-random.jsonl", "games-reg.jsonl"}
    methods = report["games-random.jsonl"]["methods"]
    assert set(methods) == {*SPEECH_MODELS, "wolfbot guess", "wolfbot frequency"}
    assert methods["wolfbot guess"]["top1"] == pytest.approx(1 / 3)  # seats 2 and 3 swapped
    assert methods["wolfbot frequency"]["seats"] == 3
    assert "games-reg.jsonl: 1/1 games" in err
    assert bench.main(["--data", str(PEER)]) == 0
    assert "wolfbot frequency" in capsys.readouterr().out


def test_missing_games_are_one_line(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--data", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_skip_leaves_out_the_first_games(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    # each file here holds one game: skipping one leaves none
    games = bench.read_games(PEER / "games-reg.jsonl", None, skip=0)
    assert len(games) == 1 and bench.read_games(PEER / "games-reg.jsonl", None, skip=1) == []


@pytest.mark.parametrize("group", ["speaker", "claim", "liars", "moved", "lossy"])
def test_by_splits_each_brier_score_into_shares(
    bench: ModuleType, group: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--data", str(PEER), "--json", "--by", group]) == 0
    for report in json.loads(capsys.readouterr().out)["files"].values():
        rows = report["by"][group]
        assert sum(row["seats"] for row in rows.values()) == report["methods"]["mimic"]["seats"]
        for name, scores in report["methods"].items():
            shares = sum(row["brier"][name] for row in rows.values())
            assert shares == pytest.approx(scores["brier"])


def test_a_lost_impossible_claim_is_told_again(bench: ModuleType) -> None:
    """A lossy seer's look at itself comes back as one; which card it named was lost,
    and does not matter: every card gives the same posterior."""
    game = json.loads((PEER / "games-reg.jsonl").read_text().splitlines()[0])
    game["record"]["claims"].append({"seat": 3, "role": "seer"})
    game["lossy"] = ["seer claim about its own card"]
    record = bench.restored(game)
    assert record["claims"][-1] == {"seat": 3, "role": "seer", "saw": {"3": "seer"}}
    assert game["record"]["claims"][-1] == {"seat": 3, "role": "seer"}  # left as it was
    other = {**record, "claims": [*record["claims"][:-1], {**record["claims"][-1],
             "saw": {"3": "villager"}}]}  # fmt: skip
    for speech in SPEECH_MODELS:
        model = {"model": {"speech": speech}}
        posterior = solve(read_record({**record, **model}))
        assert posterior.dawn == solve(read_record({**other, **model})).dawn
        assert posterior.lying[3] == 1


def test_reports_of_parts_pool_into_the_whole(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a file of two games scored whole, and in two runs (--games 1, --skip 1) merged
    game = json.loads((PEER / "games-reg.jsonl").read_text(encoding="utf-8"))
    lines = [json.dumps({**game, "game": number}) for number in (0, 1)]
    (tmp_path / "games-reg.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = ["--data", str(tmp_path), "--json", "--speech", "mimic"]
    reports = []
    for part in ([], ["--games", "1"], ["--skip", "1"]):
        bench.main([*data, *part, str(tmp_path / "games-reg.jsonl")])
        reports.append(json.loads(capsys.readouterr().out)["files"]["games-reg.jsonl"])
    paths = []
    for number, part in enumerate(reports[1:]):
        paths.append(tmp_path / f"part-{number}.json")
        paths[-1].write_text(json.dumps({"files": {"games-reg.jsonl": part}}), encoding="utf-8")
    assert bench.main(["--json", "--merge", *map(str, paths)]) == 0
    pooled = json.loads(capsys.readouterr().out)["files"]["games-reg.jsonl"]
    whole = reports[0]
    assert pooled["games"] == whole["games"] == 2 and pooled["ahead"] == whole["ahead"]
    for method, scores in whole["methods"].items():
        found = pooled["methods"][method]
        for measure in ("seats", "top1", "log_loss", "brier", "calibration_error"):
            assert found[measure] == pytest.approx(scores[measure]), (method, measure)
        assert [sorted(b.items()) for b in found["bins"]] == [
            [(key, pytest.approx(value)) for key, value in sorted(b.items())]
            for b in scores["bins"]
        ]
    assert bench.main(["--merge", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.startswith("bench_peer: cannot merge the reports: ")
