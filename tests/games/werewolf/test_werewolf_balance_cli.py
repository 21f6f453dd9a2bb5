"""``wooolf balance``: the generic verb and ``api.balance`` on Werewolf mixes."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import run

from wooolf_solver import api
from wooolf_solver.games.base import Game

DECK = Path(__file__).resolve().parents[3] / "examples" / "werewolf" / "witch-mix.toml"

pytestmark = pytest.mark.usefixtures("plain_console")


def test_the_spec_worked_value(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "balance", "--roles", "werewolf=1,villager=2", "--json")
    assert (status, err) == (0, "")
    assert out == '{"points": -4, "random_lynch": 0.5}\n'


def test_parity_and_the_readable_answer(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "balance", "--roles", "werewolf=2,villager=5", "--parity")
    assert status == 0 and "1/12" in out and "Points: -7" in out
    status, out, _ = run(capsys, "balance", "--roles", "werewolf=2,villager=5", "--json")
    assert json.loads(out)["random_lynch"] == pytest.approx(3 / 8)


def test_a_deck_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "balance", str(DECK), "--json", "--game", "werewolf")
    assert status == 0
    assert json.loads(out) == {"points": 6, "random_lynch": pytest.approx(float(Fraction(29, 64)))}
    assert api.balance("werewolf", deck=DECK).points == 6


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--roles", "werewolf=two"], "--roles.werewolf: must be a whole number"),
        (["--roles", "werewolf=1,dragon=2"], "dragon"),
        (["--roles", "villager=3"], "at least one werewolf"),
        ([], "give the mix"),
        (["no-such-deck.toml"], "no such deck file"),
        (["--roles", "werewolf=1,villager=2", "--game", "wooolf"], "unknown character"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "balance", *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_the_hook_defaults_to_unsupported() -> None:
    class Bare(Game[object]):
        name = "bare"
        title = "A bare game"

    with pytest.raises(Exception, match="has no `balance`"):
        Bare().balance("werewolf=1,villager=2")
