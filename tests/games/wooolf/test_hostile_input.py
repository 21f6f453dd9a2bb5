"""Input an attacker (or a tired user) might give: each case one short line, exit 2,
within seconds, through the command line as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import refused as refused_line
from helpers import run, write

pytestmark = pytest.mark.usefixtures("plain_console")

ROUND = {"game": "wooolf", "players": 4, "viewpoint": 1, "hands": {"1": ["wolf", "sheep"]}}


def refused(capsys: pytest.CaptureFixture[str], path: Path, *verb: str) -> str:
    """Run ``wooolf solve PATH`` (or ``verb``): exit 2, one short line on stderr."""
    return refused_line(capsys, *(verb or ("solve",)), str(path))


def test_alias_bomb_in_says(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for n in range(1, 9):
        prev, name = chr(ord("a") + n - 1), chr(ord("a") + n)
        levels.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    bomb = "\n".join(levels)
    text = f"{bomb}\ngame: wooolf\nplayers: 4\nevents:\n  - {{seat: 1, peek: 2, says: *i}}\n"
    assert len(text.encode()) < 700
    refused(capsys, write(tmp_path, "bomb.yaml", text))


@pytest.mark.parametrize("suffix", ["json", "yaml"])
def test_nested_100000_deep(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    text = f'{{"game": "wooolf", "players": 4, "events": {deep}}}'
    refused(capsys, write(tmp_path, f"deep.{suffix}", text))


@pytest.mark.parametrize(
    ("change", "expect"),
    [
        (
            {"events": [{"seat": 2, "ask": 3, "question": ["has-sheep"], "answer": "yes"}]},
            "must be a question id",
        ),
        ({"questions": [{"a": 1}]}, "must be a question id"),
        ({"players": "7"}, "players: must be a whole number"),
        ({"events": [{"seat": "1", "peek": 2, "says": "wolf"}]}, "must be a whole number"),
        ({"hands": {"1": ["w" * 5_000_000, "sheep"]}}, "too large"),
        ({"hands": {"1": ["w" * 500_000, "sheep"]}}, "too long"),
        ({"hands": {"1": ["w" * 5_000, "sheep"]}}, "unknown card"),
        ({"players": "HUGE"}, "too many digits"),
        ({"evnets": []}, "did you mean 'events'"),
        ({"events": [{"seat": 2, "peek": 3, "sayz": "wolf"}]}, "did you mean 'says'"),
        ({"rounds": []}, "this is a game record"),
    ],
)
def test_bad_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, object], expect: str
) -> None:
    text = json.dumps({**ROUND, **change}).replace('"HUGE"', "9" * 5000)  # a 5,000-digit number
    assert expect in refused(capsys, write(tmp_path, "bad.json", text))


def test_round_record_to_review(capsys: pytest.CaptureFixture[str]) -> None:
    assert "round record" in refused(capsys, Path("examples/worked-example.yaml"), "review")


def test_non_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes("game: wooolf\nplayers: 4\n# caf\xe9\n".encode("latin-1"))
    assert "latin.yaml" in refused(capsys, path)


def test_deck_path_links_to_dev_zero(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    path = write(tmp_path, "r.yaml", "game: wooolf\nedition: zero.toml\nplayers: 4\n")
    assert "zero.toml" in refused(capsys, path)


def test_every_hand_known_solves(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {
        **ROUND,
        "hands": {
            "1": ["wolf", "sheep"],
            "2": ["hunter", "hound?"],
            "3": ["shepherd?", "sheep"],
            "4": ["hunter?", "hound"],
            "5": ["sheep", "sheep"],
        },
        "events": [{"seat": 2, "peek": 1, "says": "wolf"}],
    }
    path = write(tmp_path, "known.json", json.dumps(record))
    for verb in ("solve", "hint"):
        status, out, err = run(capsys, verb, str(path), "--json")
        assert (status, err) == (0, ""), err
        if verb == "solve":
            assert json.loads(out)["deals"] == 1
