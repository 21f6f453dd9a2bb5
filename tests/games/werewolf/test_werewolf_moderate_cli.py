"""``wooolf moderate``: the assistant in the terminal, driven by scripted stdin."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from helpers import run

from wooolf_solver import api

pytestmark = pytest.mark.usefixtures("plain_console")

DECK = ["--game", "werewolf", "--roles", "seer=1,villager=2,werewolf=1"]
ANSWERS = ["villager", "seer", "werewolf", "villager", "4", "1", "3", "3", "3", "3", "3", "3"]


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: list[str],
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    return run(capsys, "moderate", *argv)


def test_a_whole_game_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    script = [*ANSWERS[:5], "9", "2", "u", *ANSWERS[5:]]  # a wrong seat, a slip undone
    status, out, err = play(capsys, monkeypatch, script, *DECK, "--record", str(record))
    assert (status, err) == (0, "")
    assert "Seer (seat 2), wake up: whose card do you look at? (1, 3, 4)" in out
    assert "Show the seer (seat 2) seat 4's card: villager." in out
    assert "answer: '9' is not one of 1, 2, 4" in out
    assert "(the last answer is taken back)" in out
    assert "Dawn 1: dead: seat 1 (villager)." in out
    assert "Day 1: votes 2→3, 3→3, 4→3; seat 3 (werewolf) is lynched." in out
    assert out.rstrip().endswith("The village wins.")
    review = api.review(api.load(record))
    assert review.winner == "village" and [seat for seat, _, _ in review.dead] == [1, 3]


def test_stop_halfway_and_resume(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "session.json"
    status, out, _ = play(capsys, monkeypatch, ANSWERS[:6], *DECK, "--save", str(save))
    assert status == 0 and "Stopped. Resume with --save" in out
    assert json.loads(save.read_text())["answers"] == ANSWERS[:6]
    status, out, _ = play(capsys, monkeypatch, ANSWERS[6:], "--save", str(save))
    assert status == 0 and "Resumed" in out and out.rstrip().endswith("The village wins.")
    assert (
        "Night 1 falls: everyone, close your eyes." in out
    )  # the story so far is told again, for the moderator
    assert json.loads(save.read_text())["answers"] == ANSWERS


def test_quit_and_bad_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = play(capsys, monkeypatch, ["q"], *DECK)
    assert status == 0 and "Stopped." in out
    status, out, err = play(capsys, monkeypatch, [], "--game", "werewolf")
    assert status == 2 and "give --players N" in err
    status, out, err = play(capsys, monkeypatch, [], "--game", "onuw", "--players", "5")
    assert status == 2 and "has no `moderate`" in err
