"""The generic shell of the ``wooolf`` command: ``games``, wrong-kind records, output
paths checked before a run, progress on stderr, a broken pipe, internal errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import run
from rich.console import Console

from wooolf_solver.cli import main, session, solve
from wooolf_solver.games import available

ROOT = Path(__file__).resolve().parents[1]
ROUND = str(ROOT / "examples" / "worked-example.yaml")
GAME = str(ROOT / "examples" / "game-6p-basic.yaml")
LAB = ["--players", "4", "--games", "2", "--quick", "--workers", "1"]

pytestmark = pytest.mark.usefixtures("plain_console")  # see conftest.py


def test_games_json_lists_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "games", "--json")
    assert (status, err) == (0, "")
    games = json.loads(out)["games"]
    assert [game["name"] for game in games] == list(available())
    wooolf = games[0]
    assert wooolf["title"] == "Wooolf!! (狼來了)" and wooolf["engines"][0] == "fast"
    assert wooolf["verbs"] == ["solve", "hint", "why", "review", "balance", "simulate", "compare"]


def test_games_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0 and "wooolf" in out and "fast, cpsat, csp" in out


@pytest.mark.parametrize(
    "argv",
    [["solve", GAME], ["hint", GAME], ["why", GAME, "1", "wolf"], ["solve", GAME, "--why"]],
    ids=["solve", "hint", "why", "solve-why"],
)
def test_a_game_record_is_refused_by_round_verbs(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: ") and "this is a game record" in err
    assert "use `wooolf review`" in err and err.count("\n") == 1


def test_a_round_record_is_refused_by_review(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "review", ROUND)
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: ") and "this is a round record" in err
    assert "use `wooolf solve`" in err and err.count("\n") == 1


BAD_PATHS = {
    "plot-no-folder": ("--plot", "missing/plot.png", "no folder"),
    "plot-format": ("--plot", "plot.gif", "a plot is .png"),
    "plot-folder": ("--plot", "folder.png", "is a folder"),
    "records-file": ("--records", "file.txt", "is a file"),
}


@pytest.mark.parametrize("case", list(BAD_PATHS))
def test_bad_lab_paths_are_refused_before_running(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, case: str
) -> None:
    option, name, says = BAD_PATHS[case]
    (tmp_path / "file.txt").write_text("x")
    (tmp_path / "folder.png").mkdir()

    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("the simulation ran before the path was checked")

    monkeypatch.setattr("wooolf_solver.lab.runner.Hooks.run", no_run)
    status, out, err = run(capsys, "simulate", *LAB, option, str(tmp_path / name))
    assert (status, out) == (2, "")
    assert says in err and err.count("\n") == 1


def test_a_bad_html_path_is_refused_before_the_review(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_review(*args: object, **kwargs: object) -> None:
        raise AssertionError("the review ran before the path was checked")

    monkeypatch.setattr("wooolf_solver.api.review", no_review)
    started = time.monotonic()
    status, out, err = run(capsys, "review", GAME, "--html", str(tmp_path / "no" / "a.html"))
    assert (status, out) == (2, "") and "--html: cannot write" in err
    assert time.monotonic() - started < 5


def test_progress_lines_on_a_plain_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session, "PROGRESS_INTERVAL", 0.0)
    status, out, err = run(capsys, "simulate", *LAB[:2], "--games", "3", "--quick", "--json")
    assert status == 0 and json.loads(out)["games"] == 3
    lines = err.splitlines()
    assert lines and all(line.startswith("simulate: ") for line in lines)
    assert lines[0].startswith("simulate: 1/3 games, ") and lines[0].endswith(" s")


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_broken_pipe_exits_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["solve", ROUND, "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_a_broken_pipe_in_a_real_pipe_exits_0() -> None:
    command = [sys.executable, "-m", "wooolf_solver", "solve", ROUND]
    with subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.read(10)
        process.stdout.close()
        err = process.stderr.read()
        assert process.wait(timeout=60) == 0
    assert err == b""


def fail(*args: object, **kwargs: object) -> None:
    raise RuntimeError("the counter\nlost count")


def test_an_internal_error_is_one_line_and_exit_70(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solve.api, "solve", fail)
    status, out, err = run(capsys, "solve", ROUND)
    assert (status, out) == (70, "")
    assert err == (
        "wooolf: internal error: RuntimeError: the counter lost count "
        "(rerun with --debug for the traceback)\n"
    )


def test_debug_shows_the_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solve.api, "solve", fail)
    status, _, err = run(capsys, "--debug", "solve", ROUND)
    assert status == 70
    assert err.startswith("Traceback (most recent call last):")
    assert "RuntimeError: the counter" in err
    assert err.splitlines()[-1] == "wooolf: internal error: RuntimeError: the counter lost count"


def test_a_bare_value_error_is_internal_not_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def value_error(*args: object, **kwargs: object) -> None:
        raise ValueError("oops")

    monkeypatch.setattr(solve.api, "solve", value_error)
    status, _, err = run(capsys, "solve", ROUND)
    assert status == 70 and "internal error: ValueError: oops" in err


def test_review_progress_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session, "PROGRESS_INTERVAL", 0.0)
    status, out, err = run(capsys, "review", GAME, "--json")
    assert status == 0 and json.loads(out)["winners"]
    lines = err.splitlines()
    assert lines and all(line.startswith("review: ") for line in lines)
    assert lines[0].startswith("review: 1/") and " seat rounds, " in lines[0]


def test_no_progress_lines_when_quick(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "review", GAME, "--json")
    assert (status, err) == (0, "")


def test_speech_overrides_the_records_model(capsys: pytest.CaptureFixture[str]) -> None:
    """``--speech`` reads a talking game's claims by the model named; a game whose rules
    fix what players say refuses it in one line."""
    record = str(ROOT / "examples" / "onuw" / "official-3p-lies.yaml")
    free = run(capsys, "solve", record, "--json", "--speech", "free")
    mimic = run(capsys, "solve", record, "--json", "--speech", "mimic")
    assert free[0] == mimic[0] == 0
    assert json.loads(free[1])["consistent"] and json.loads(mimic[1])["consistent"]
    status, out, err = run(capsys, "solve", ROUND, "--speech", "free")
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: --speech: Wooolf!! (狼來了) has no speech model")
    assert err.count("\n") == 1


def test_a_long_count_shows_a_spinner_on_a_terminal_only() -> None:
    terminal = io.StringIO()
    console = Console(file=terminal, force_terminal=True, width=80)
    with session.working("solve", console):
        time.sleep(0.2)
    assert "solve: counting the worlds" in terminal.getvalue()
    piped = io.StringIO()
    with session.working("solve", Console(file=piped, force_terminal=False)):
        pass
    assert piped.getvalue() == ""
