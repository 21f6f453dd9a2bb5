"""wolfbot's games with its default 16-card deck (``benchmarks/data/wolfbot13/``, made by
``benchmarks/wolfbot_games.py``): the stored files read back as valid records and pass
the converter's check, and the statement converter on hand-written statements (no
wolfbot needed)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import benchmark

from wooolf_solver.games.onuw.record import read_record

convert = benchmark("wolfbot_convert")
bench = benchmark("bench_peer")

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "wolfbot13"
PEER = Path(__file__).resolve().parent / "data" / "peer"


def games(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text("utf-8").splitlines()]


@pytest.mark.parametrize("name", ["games-random.jsonl", "games-reg.jsonl"])
def test_the_stored_games_read_back_and_pass_the_check(convert: ModuleType, name: str) -> None:
    found = games(name)
    assert len(found) == 100
    known = 0
    for game in found:
        record = read_record(game["record"])
        assert record.layout.players == 13 and len(record.claims) == 13
        assert sorted(game["record"]["deck"]) == sorted(convert.DECK)
        problems, quirks = convert.check_game(game)
        assert problems == [], (game["game"], problems)
        known += bool(quirks)
        assert set(game["wolfbot"]["guess"]) == set(game["truth"]["dawn"])
        assert len(game["wolfbot"]["samples"]) == 40
    assert known < 20  # the three-mason games (a doppelganger that copied a mason)


STATEMENTS = [
    ("I am a Villager.", {"role": "villager"}),
    ("I am a Hunter.", {"role": "hunter"}),
    (
        "I am a Seer and I saw that Player 12 was a Wolf.",
        {"role": "seer", "saw": {"13": "werewolf"}},
    ),
    (
        "I am a Seer and I saw that Center 1 was a Minion and that Center 0 was a Tanner.",
        {"role": "seer", "centre": {"c2": "minion", "c1": "tanner"}},
    ),
    (
        "I am a Robber and I swapped with Player 0. I am now a Doppelganger.",
        {"role": "robber", "robbed": 1, "got": "doppelganger"},
    ),
    (
        "I am a Troublemaker and I swapped Player 3 and Player 2.",
        {"role": "troublemaker", "swapped": [4, 3]},
    ),
    ("I am a Drunk and I swapped with Center 2.", {"role": "drunk", "took": "c3"}),
    (
        "I am a Insomniac and when I woke up I was a Robber. I don't know who I switched with.",
        {"role": "insomniac", "now": "robber"},
    ),
    (
        "I am a Insomniac and when I woke up I was a Insomniac.",
        {"role": "insomniac", "now": "insomniac"},
    ),
    ("I am a Mason. The other Mason is not present.", {"role": "mason", "masons": [3]}),
    ("I am a Mason. The other Mason is Player 0.", {"role": "mason", "masons": [1, 3]}),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "keys"), STATEMENTS)
def test_each_statement_becomes_a_claim(
    convert: ModuleType, sentence: str, keys: dict[str, Any]
) -> None:
    claim, note = convert.claim_of(3, sentence)
    assert claim == {"seat": 3, **keys} and note is None
    record = {"game": "onuw", "edition": "official", "players": 13, "deck": list(convert.DECK)}
    assert read_record({**record, "claims": [claim]}).claims[0].role == keys["role"]


def test_impossible_statements_are_kept_as_said(convert: ModuleType) -> None:
    """A seer looking at itself, a troublemaker swapping itself: valid claims, lies."""
    seer, _ = convert.claim_of(3, "I am a Seer and I saw that Player 2 was a Seer.")
    swap, _ = convert.claim_of(3, "I am a Troublemaker and I swapped Player 2 and Player 5.")
    assert seer["saw"] == {"3": "seer"} and swap["swapped"] == [3, 6]


def test_a_doppelganger_claim_is_the_bare_role_and_a_note(convert: ModuleType) -> None:
    """The copied role cannot be written without the seat, which was never said."""
    claim, note = convert.claim_of(7, "I am a Doppelganger and when I woke up I was a Wolf.")
    assert claim == {"seat": 7, "role": "doppelganger"}
    assert note == "doppelganger claim: copied a werewolf (no seat said)"
    assert convert.copied_said([note]) == "werewolf"
    assert convert.copied_said([note, note]) is None


def test_an_unknown_statement_is_refused(convert: ModuleType) -> None:
    with pytest.raises(ValueError, match="not a wolfbot statement"):
        convert.claim_of(1, "I am a Wolf.")


def test_the_peer_benchmark_reads_named_files(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    files = [str(PEER / "games-random.jsonl")]
    assert bench.main([*files, "--json", "--speech", "mimic", "--limit", "60"]) == 0
    report = json.loads(capsys.readouterr().out)["files"]
    assert list(report) == ["games-random.jsonl"] and report["games-random.jsonl"]["left_out"] == {}


def _forever(game: Any) -> Any:
    while True:
        pass


def test_a_game_over_the_time_limit_is_left_out_of_every_method(bench: ModuleType) -> None:
    game = json.loads((PEER / "games-random.jsonl").read_text().splitlines()[0])
    quick = {"wolfbot guess": bench.wolfbot_guess}
    assert bench.within(0.05, game, quick) == {"wolfbot guess": bench.wolfbot_guess(game)}
    assert bench.within(0.05, game, {**quick, "slow": _forever}) is None
    left_out: dict[int, str] = {}
    assert bench.seats_of([game], {**quick, "slow": _forever}, limit=0.05, left_out=left_out) == []
    assert left_out == {game["game"]: "over the time limit"}


def test_a_game_no_world_fits_is_left_out_of_every_method(bench: ModuleType) -> None:
    game = json.loads((PEER / "games-random.jsonl").read_text().splitlines()[0])
    left_out: dict[int, str] = {}

    def contradictory(game: Any) -> Any:
        raise bench.ContradictoryError

    chosen = {"wolfbot guess": bench.wolfbot_guess, "model": contradictory}
    assert bench.seats_of([game], chosen, left_out=left_out) == []
    assert left_out == {game["game"]: "no world fits"}
