"""``wooolf solve A B C ...`` and ``wooolf solve -`` (JSON lines on standard input): many
records in one process, each answer named, the run going on past a bad record, the exit
status the worst (issue 23.7)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from wooolf_solver.cli import solve

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
WOOOLF = str(EXAMPLES / "worked-example.yaml")
ONUW = str(EXAMPLES / "onuw" / "robber-5p.yaml")
WEREWOLF = str(EXAMPLES / "werewolf" / "seer-claim-9p.yaml")
CONTRADICTION = str(EXAMPLES / "inconsistent.yaml")
MISSING = str(EXAMPLES / "no-such-record.yaml")

pytestmark = pytest.mark.usefixtures("plain_console")  # see conftest.py


def lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def alone(capsys: pytest.CaptureFixture[str], path: str) -> dict[str, Any]:
    """The JSON answer of ``wooolf solve path --json``, the record alone."""
    _, out, _ = run(capsys, "solve", path, "--json")
    answer: dict[str, Any] = json.loads(out)
    return answer


def stdin(monkeypatch: pytest.MonkeyPatch, *records: Any) -> None:
    """Standard input holding one line per record (a string as it is, else its JSON)."""
    text = "".join(f"{r if isinstance(r, str) else json.dumps(r)}\n" for r in records)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_records_of_every_game_with_a_bad_one_in_the_middle(
    capsys: pytest.CaptureFixture[str],
) -> None:
    paths = [WOOOLF, ONUW, MISSING, CONTRADICTION, WEREWOLF]
    status, out, err = run(capsys, "solve", *paths, "--json")
    assert (status, err) == (2, "")  # bad input is the worst
    answers = lines(out)
    assert [answer["record"] for answer in answers] == paths
    missing = answers[2]
    assert set(missing) == {"record", "error"} and "cannot read" in missing["error"]
    assert answers[3] == {"record": CONTRADICTION, "consistent": False, "conflict": [1, 3]}
    for path, answer in zip(paths, answers, strict=True):
        if path not in (MISSING, CONTRADICTION):
            assert answer == {"record": path, **alone(capsys, path)}


@pytest.mark.parametrize(
    ("paths", "expected"),
    [([WOOOLF, ONUW], 0), ([WOOOLF, CONTRADICTION], 1), ([MISSING, CONTRADICTION, WOOOLF], 2)],
    ids=["answered", "contradiction", "bad-input"],
)
def test_the_exit_status_is_the_worst(
    capsys: pytest.CaptureFixture[str], paths: list[str], expected: int
) -> None:
    status, out, _ = run(capsys, "solve", *paths, "--json")
    assert status == expected and len(out.splitlines()) == len(paths)


def test_json_lines_on_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    five = {"game": "wooolf", "players": 5}
    peek = {**five, "events": [{"seat": 1, "peek": 2, "says": "?"}]}
    stdin(monkeypatch, five, "", "[1, 2]", '{"players": 5}', "{nope", peek)
    status, out, err = run(capsys, "solve", "-", "--json")
    assert (status, err) == (2, "")
    answers = lines(out)
    assert [answer["record"] for answer in answers] == ["-:1", "-:3", "-:4", "-:5", "-:6"]
    assert answers[0]["consistent"] and answers[4]["consistent"]  # blank line 2 skipped
    assert answers[0]["deals"] != answers[4]["deals"]
    assert answers[1]["error"] == "-:3: a record must be a JSON object, not [1, 2]"
    assert answers[2]["error"].startswith("game: required")
    assert answers[3]["error"].startswith("-:5: ")


def test_paths_and_standard_input_mixed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin(monkeypatch, {"game": "wooolf", "players": 5})
    status, out, _ = run(capsys, "solve", WOOOLF, "-", ONUW, "--json")
    assert status == 0
    assert [answer["record"] for answer in lines(out)] == [WOOOLF, "-:1", ONUW]


def test_readable_answers_under_headings_with_why(capsys: pytest.CaptureFixture[str]) -> None:
    paths = [WOOOLF, MISSING, CONTRADICTION, str(EXAMPLES / "four-players.yaml")]
    status, out, err = run(capsys, "solve", *paths, "--why")
    assert status == 2
    headings = [line for line in out.splitlines() if line.startswith("==> ")]
    assert headings == [f"==> {path} <==" for path in paths]
    assert out.count("Why: ") == 2  # each record answered gives its explanations
    assert "the record contradicts itself" in out
    assert err.startswith(f"wooolf: error: {MISSING}: cannot read") and err.count("\n") == 1


def test_one_record_prints_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", WOOOLF)
    assert "==>" not in out and '"record"' not in json.dumps(alone(capsys, WOOOLF))


def test_why_and_json_are_refused_together(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", WOOOLF, ONUW, "--json", "--why")
    assert (status, out) == (2, "") and "--why" in err


def test_an_interruption_ends_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []

    def interrupted(record: object, engine: str | None = None) -> None:
        calls.append(record)
        raise KeyboardInterrupt

    monkeypatch.setattr(solve.api, "solve", interrupted)
    status, out, err = run(capsys, "solve", WOOOLF, ONUW, "--json")
    assert (status, out, len(calls)) == (130, "", 1)
    assert err == "wooolf: error: interrupted\n"
