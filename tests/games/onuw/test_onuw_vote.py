"""The ballot advice of the contract: every legal ballot, `win_if` as in `solve`,
`found` the named seat's chance of a werewolf at dawn, best first, ties in seat order,
nobody last."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from wooolf_solver import api
from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.games.onuw.vote import vote

ROOT = Path(__file__).resolve().parents[3]
BASE: dict[str, Any] = {"game": "onuw", "players": 3, "viewpoint": 1}
CENTRE = {"c1": "robber", "c2": "troublemaker"}
SEER = {**BASE, "cards": {1: "seer"}, "night": {1: {"centre": CENTRE}}}

pytestmark = pytest.mark.usefixtures("plain_console")


def test_the_worked_seer_fact() -> None:
    record = read_record(SEER)
    assert vote(record).to_dict() == {
        "ballots": [
            {"ballot": 2, "win_if": 1.0, "found": 1.0},
            {"ballot": 3, "win_if": 1.0, "found": 1.0},
            {"ballot": "nobody", "win_if": 0.0, "found": 0.0},
        ],
        "speech": "mimic",
    }


@pytest.mark.parametrize("name", ["table-4p-bots", "official-3p-lies"])
def test_ballots_follow_solve(name: str) -> None:
    path = ROOT / "examples" / "onuw" / f"{name}.yaml"
    record = api.load(path)
    advice = api.vote(record).to_dict()["ballots"]
    solution = solve(record, "brute").to_dict()
    seats = [str(seat) for seat in record.layout.seats if seat != record.viewpoint]
    nobody = ["nobody"] if record.rules_edition.vote.nobody else []
    assert sorted(str(b["ballot"]) for b in advice) == sorted(seats + nobody)
    for ballot in advice:
        key = str(ballot["ballot"])
        assert ballot["win_if"] == solution["win_if"][key]
        found = 0.0 if key == "nobody" else solution["dawn"][key].get("werewolf", 0.0)
        assert ballot["found"] == found
    order = [(-b["win_if"], b["ballot"] == "nobody", str(b["ballot"])) for b in advice]
    assert order == sorted(order)


def test_official_edition_has_no_nobody_ballot() -> None:
    record = read_record({**BASE, "edition": "official", "cards": {1: "villager"}})
    assert all(b.ballot is not None for b in vote(record).ballots)


def test_vote_needs_a_viewpoint() -> None:
    with pytest.raises(InvalidRecordError, match="viewpoint"):
        vote(read_record({"game": "onuw", "players": 3}))


def test_the_vote_verb(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "examples" / "onuw" / "table-4p-bots.yaml")
    status, out, _ = run(capsys, "vote", path, "--json")
    assert status == 0 and json.loads(out)["ballots"][0]["ballot"] == 2
    status, out, _ = run(capsys, "vote", path)
    assert status == 0 and "Best ballot: seat 2" in out
