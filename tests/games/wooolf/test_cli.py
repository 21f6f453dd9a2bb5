"""The ``wooolf`` command, called as ``main([...])``: the examples, and errors as one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from wooolf_solver.cli import main

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
WORKED = EXAMPLES / "worked-example.yaml"

pytestmark = pytest.mark.usefixtures("plain_console")  # see conftest.py

CONSISTENT = sorted(
    path.name
    for path in EXAMPLES.iterdir()
    if path.suffix in (".yaml", ".json")
    and path.name != "inconsistent.yaml"
    and not path.name.startswith("game-")  # game records: `wooolf review`
)

# The worked example of shared/spec/record.md, rounded to 6 places.
WORKED_ROLES = {
    "1": {"hound": 0.523077, "hunter": 0.2, "sheep": 0.276923},
    "2": {"hunter": 1.0},
    "3": {"hound": 0.438462, "hunter": 0.4, "sheep": 0.161538},
    "4": {"hound": 0.338462, "hunter": 0.2, "sheep": 0.461538},
    "5": {"shepherd": 1.0},
    "6": {"wolf": 1.0},
}
WORKED_DECLARATIONS = [
    ([6, 1], 0.523077),
    ([6, 3], 0.438462),
    ([6, 4], 0.338462),
    ([6, 0], 0.061538),
]


def solve_json(capsys: pytest.CaptureFixture[str], record: Path, *options: str) -> Any:
    status, out, err = run(capsys, "solve", str(record), "--json", *options)
    assert (status, err) == (0, "")
    return json.loads(out)


# -- the worked example ----------------------------------------------------------------


def test_worked_example_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = solve_json(capsys, WORKED)
    assert result["consistent"] is True
    assert result["deals"] == 1560
    roles = {
        seat: {name: p for name, p in identities.items() if p > 0}
        for seat, identities in result["roles"].items()
    }
    assert roles.keys() == WORKED_ROLES.keys()
    for seat, expected in WORKED_ROLES.items():
        assert roles[seat].keys() == expected.keys(), seat
        for name, probability in expected.items():
            assert roles[seat][name] == pytest.approx(probability, abs=1e-6), (seat, name)
    declared = [(d["targets"], d["probability"]) for d in result["declarations"]]
    assert len(declared) >= 5
    for (targets, probability), (want_targets, want) in zip(
        declared, WORKED_DECLARATIONS, strict=False
    ):
        assert targets == want_targets
        assert probability == pytest.approx(want, abs=1e-6)
    assert all(probability == 0 for _, probability in declared[4:])


def test_worked_example_readable(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", str(WORKED))
    assert (status, err) == (0, "")
    for fact in (
        "seat 2",
        "hunter + sheep",
        "the hunter",
        "2 (you)",
        "52.3%",
        "43.8%",
        "seat 5 is the shepherd",
        "seat 6 is the wolf",
        "seat 6 (wolf), seat 1 (hound)",
        "seat 6 (wolf), nobody (hound)",
        "1,560 deals",
        "✓",
    ):
        assert fact in out, fact
    (seat_5,) = (line for line in out.splitlines() if line.startswith("│ 5 "))
    assert "✓" in seat_5 and "%" not in seat_5  # certain: no percentages in its row


@pytest.mark.parametrize("engine", ["fast", "counter", "brute"])  # counter: the old name
def test_engine_option(capsys: pytest.CaptureFixture[str], engine: str) -> None:
    assert solve_json(capsys, WORKED, "--engine", engine)["deals"] == 1560


# -- the other examples ----------------------------------------------------------------


@pytest.mark.parametrize("name", CONSISTENT)
def test_examples_solve(capsys: pytest.CaptureFixture[str], name: str) -> None:
    result = solve_json(capsys, EXAMPLES / name)
    assert result["consistent"] is True and result["deals"] > 0
    for identities in result["roles"].values():
        assert sum(identities.values()) == pytest.approx(1.0, abs=1e-9)
    assert result == solve_json(capsys, EXAMPLES / name, "--engine", "brute")
    status, out, err = run(capsys, "solve", str(EXAMPLES / name))
    assert (status, err) == (0, "") and "consistent with the record" in out


def test_four_players_neutral_hand(capsys: pytest.CaptureFixture[str]) -> None:
    result = solve_json(capsys, EXAMPLES / "four-players.yaml")
    assert set(result["roles"]) == {"1", "2", "3", "4", "5"}
    # Seat 1 saw a sheep in the neutral hand and seat 2 said "?" there: the other
    # card has a "?" icon, so the neutral hand is a hound, a hunter or the shepherd.
    assert set(result["roles"]["5"]) == {"hound", "hunter", "shepherd"}
    status, out, _ = run(capsys, "solve", str(EXAMPLES / "four-players.yaml"))
    assert status == 0 and "5 (neutral)" in out


def test_shepherd_exposed(capsys: pytest.CaptureFixture[str]) -> None:
    result = solve_json(capsys, EXAMPLES / "shepherd-exposed.yaml")
    assert result["roles"]["3"] == {"shepherd": 1.0}
    assert all(len(d["targets"]) == 1 for d in result["declarations"])  # a wolf's one target
    status, out, _ = run(capsys, "solve", str(EXAMPLES / "shepherd-exposed.yaml"))
    assert status == 0 and "seat 3 is the shepherd" in out and "seat 4 (sheep)" in out


def test_advanced_json_record(capsys: pytest.CaptureFixture[str]) -> None:
    result = solve_json(capsys, EXAMPLES / "advanced.json")
    assert result["roles"]["3"] == {"hunter": 1.0}
    status, out, _ = run(capsys, "solve", str(EXAMPLES / "advanced.json"))
    assert status == 0 and "Advanced game" in out and "hunter/sheep + sheep" in out


def test_custom_deck(capsys: pytest.CaptureFixture[str]) -> None:
    result = solve_json(capsys, EXAMPLES / "piglet.yaml")
    assert result["roles"]["1"] == {"piglet": 1.0}
    assert "piglet" in result["roles"]["4"]  # seat 1 saw a piglet/sheep there
    assert all(len(d["targets"]) == 2 for d in result["declarations"])
    status, out, _ = run(capsys, "solve", str(EXAMPLES / "piglet.yaml"))
    assert status == 0
    for fact in ("Basic game with piglets", "the piglet", "wolf (>)", "shepherd (>>)"):
        assert fact in out, fact


# -- an inconsistent record -------------------------------------------------------------


def test_inconsistent_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", str(EXAMPLES / "inconsistent.yaml"), "--json")
    assert (status, err) == (1, "")
    assert json.loads(out) == {"consistent": False, "conflict": [1, 3]}


def test_inconsistent_readable(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", str(EXAMPLES / "inconsistent.yaml"))
    assert (status, err) == (1, "")
    assert out.count("\n") == 1
    assert "event 1 (seat 1 asked seat 2 has-sheep: no)" in out
    assert "event 3 (seat 3 peeked at seat 2 and said sheep)" in out
    assert "event 2" not in out


# -- malformed input: one line on stderr, exit 2 ---------------------------------------

HEAD = "game: wooolf\nedition: basic\nplayers: 6\n"
VIEW = HEAD + "viewpoint: 2\nhands: {2: [hunter, sheep]}\n"

MALFORMED = {
    "unknown card": (HEAD + "hands: {2: [hunter, goat]}\n", "goat"),
    "seat out of range": (HEAD + "events:\n  - {seat: 7, peek: 1, says: sheep}\n", "seat 7"),
    "ask the neutral hand": (
        HEAD.replace("6", "4")
        + "events:\n  - {seat: 1, ask: 5, question: has-sheep, answer: no}\n",
        "neutral hand",
    ),
    "peek at oneself": (HEAD + "events:\n  - {seat: 3, peek: 3, says: sheep}\n", "itself"),
    "too many copies": (HEAD + "hands: {1: [wolf, sheep], 3: [wolf, hound]}\n", "2 × wolf"),
    "says against sees": (
        VIEW + "events:\n  - {seat: 2, peek: 6, sees: wolf, says: sheep}\n",
        "event 1",
    ),
    "viewpoint without hand": (HEAD + "viewpoint: 2\n", "viewpoint"),
    "unknown field": (HEAD + "colour: red\n", "colour"),
    "invalid YAML": (HEAD + "events: [\n", "YAML"),
    "unquoted question mark": (HEAD + "events:\n  - {seat: 1, peek: 2, says: ?}\n", "quotes"),
    "unquoted question mark, block": (
        HEAD + "events:\n  - seat: 1\n    peek: 2\n    says: ?\n",
        "mapping keys are not allowed here (write '?' in quotes)",
    ),
    "a bare question mark as a card": (
        VIEW.replace("sheep]", "?]"),
        "hands.2: a bare ? is not a card name (a card with a ? icon is CHARACTER?, as hunter?)",
    ),
    "unknown question": (
        HEAD + "events:\n  - {seat: 1, ask: 2, question: has-wolf, answer: no}\n",
        "has-wolf",
    ),
    "unknown edition": (HEAD.replace("basic", "expert"), "expert"),
    "missing deck file": (HEAD.replace("basic", "decks/none.toml"), "none.toml"),
}


def assert_one_line_error(status: int, out: str, err: str, fragment: str) -> None:
    assert status == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("wooolf: error: ")
    assert fragment in err


@pytest.mark.parametrize("json_output", [False, True], ids=["table", "json"])
@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str, json_output: bool
) -> None:
    text, fragment = MALFORMED[case]
    record = tmp_path / "record.yaml"
    record.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "solve", str(record), *(["--json"] if json_output else []))
    assert_one_line_error(status, out, err, fragment)


def test_invalid_json_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text('{"game": "wooolf", "players": 6,', encoding="utf-8")
    assert_one_line_error(*run(capsys, "solve", str(record)), "JSON")


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    assert_one_line_error(*run(capsys, "solve", str(missing)), "nowhere.yaml")


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["solve", str(WORKED), "--engine", "abacus"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("wooolf ")


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wooolf_solver", "solve", str(WORKED), "--json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["deals"] == 1560


def test_solve_why_says_the_fact_each_explanation_explains(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "solve", str(WORKED), "--why")
    assert status == 0
    blocks = out.split("• ")[1:]
    assert blocks
    for block in blocks:
        fact = block.split(" — ")[0]
        assert " ".join(block.split()).endswith(f"So {fact}.")
