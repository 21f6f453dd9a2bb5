"""ONUW as a game of the library: the registry, the generic API and the command line
(`solve` JSON exactly the brute-force reference's, readable tables, exit statuses)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

from wooolf_solver import api
from wooolf_solver.games import available, find_game
from wooolf_solver.games.onuw import GAME
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import load_record

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "onuw"
DEALS = ["robber-5p", "official-3p-lies", "table-4p-bots", "night-seer-4p", "game-table-4p"]
QUICK = ["official-3p-lies", "table-4p-bots"]

pytestmark = pytest.mark.usefixtures("plain_console")


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.yaml")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "record.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_registry_lists_onuw(capsys: pytest.CaptureFixture[str]) -> None:
    assert "onuw" in available() and find_game("onuw") is GAME
    status, out, _ = run(capsys, "games", "--json")
    games = {game["name"]: game for game in json.loads(out)["games"]}
    assert status == 0
    assert games["onuw"] == {
        "name": "onuw",
        "title": "One Night Ultimate Werewolf",
        "engines": ["fast", "cpsat", "csp", "brute"],
        "verbs": ["solve", "hint", "vote", "why", "review", "balance", "simulate", "compare"],
    }
    assert "vote" not in games["wooolf"]["verbs"]


@pytest.mark.parametrize("name", QUICK)
def test_solve_json_is_the_reference_output(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, err = run(capsys, "solve", example(name), "--json")
    assert (status, err) == (0, "")
    expected = solve(load_record(example(name)), "brute").to_dict()
    assert json.loads(out) == {**expected, "speech": "mimic"}


def test_the_api_solves_a_path() -> None:
    posterior = api.solve(example("official-3p-lies"))  # mimic, the default
    assert posterior.roles[1] == {"robber": 50 / 53, "seer": 3 / 53}
    assert posterior.to_dict()["lying"] == {"2": 1.0, "3": 3 / 53}
    assert posterior.to_dict()["speech"] == "mimic"
    assert posterior.deals == 42


def test_solve_tables(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", example("official-3p-lies"))
    assert status == 0
    assert "You are seat 1, dealt the seer: at night you looked at seat 2" in out
    assert "Claim 1: seat 2 claimed the troublemaker" in out
    for words in ("Dawn: the chance of each card", "village team", "lying", "you win if it dies"):
        assert words in out
    assert "No werewolf among the players at dawn: 0%." in out
    assert "42 worlds" in out


CONFLICT = """game: onuw
players: 3
viewpoint: 1
cards: {1: seer}
night: {1: {saw: {2: troublemaker}}}
claims:
  - {seat: 3, role: seer}
  - {seat: 2, role: robber}
"""


def test_a_contradiction_names_a_minimal_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, CONFLICT)
    status, out, _ = run(capsys, "solve", path, "--json")
    assert status == 1
    assert json.loads(out) == {"consistent": False, "conflict": ["night", 2], "speech": "mimic"}
    status, out, _ = run(capsys, "solve", path)
    assert status == 1
    assert "your night (the seer: you looked at seat 2 and saw the troublemaker)" in out
    assert "claim 2 (seat 2 claimed the robber) cannot both hold" in out


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("votes: {1: 1}", "votes.1: seat 1 cannot vote for itself"),
        ("cards: {1: wizard}", "cards.1: unknown role"),
        ("cards: {7: seer}", "seat 7 is out of range"),
        ("edition: official\nvotes: {1: nobody}", "no `nobody` ballot"),
        ("bots: [2]\nclaims: [{seat: 2, role: seer}]", "bots make no claims"),
        ("deck: [seer, robber]", "deck: 2 cards"),
        ("claims: [{seat: 2, role: seer}, {seat: 2, role: robber}]", "already claimed"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, words: str
) -> None:
    path = write(tmp_path, f"game: onuw\nplayers: 3\n{text}\n")
    status, out, err = run(capsys, "solve", path)
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: ") and words in err and err.count("\n") == 1


def test_review_refuses_a_deal_record(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "review", example("official-3p-lies"))
    assert status == 2 and "a review needs a game record" in err


def test_an_unknown_engine_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", example("official-3p-lies"), "--engine", "abacus")
    assert status == 2 and "invalid choice: 'abacus'" in err
    assert "'fast', 'cpsat', 'csp', 'brute'" in err and "counter" not in err


def test_the_old_engine_name_counter_is_the_fast_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = example("official-3p-lies")
    fast = run(capsys, "solve", "--json", path, "--engine", "fast")
    assert run(capsys, "solve", "--json", path, "--engine", "counter") == fast
    assert fast[0] == 0


def test_every_example_reads() -> None:
    for name in DEALS:
        assert load_record(example(name)).game_name == "onuw"
    assert load_record(example("game-table-4p")).is_game
