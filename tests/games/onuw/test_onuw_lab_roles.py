"""``wooolf simulate --game onuw`` with the cards as a role list (``--roles``, or ``--deck``
NAME=COPIES,...): the table edition's centre aside, the player count follows."""

from __future__ import annotations

import json

import pytest
from helpers import run

from wooolf_solver.games.onuw.lab import Mix
from wooolf_solver.games.onuw.rules import load_rules

ROLES = "werewolf=2,seer=1,robber=1,troublemaker=1,villager=1"
LAB = ["--game", "onuw", "--games", "2", "--workers", "1", "--quick"]

pytestmark = pytest.mark.usefixtures("plain_console")


def test_a_role_list_is_the_table_editions_cards() -> None:
    rules = load_rules()
    mix = Mix.of(ROLES, rules)
    assert mix.edition == "table" and mix.cards is not None and len(mix.cards) == 6
    assert mix.players(rules) == 6 - rules.edition("table").centre
    assert Mix.of("table", rules).players(rules) is None


@pytest.mark.parametrize("option", ["--roles", "--deck"])
def test_roles_imply_the_players(capsys: pytest.CaptureFixture[str], option: str) -> None:
    status, out, err = run(capsys, "simulate", *LAB, option, ROLES, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["players"] == 6 - load_rules().edition("table").centre
    assert sorted(data["deck"]) == sorted(Mix.of(ROLES).cards or ())


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--roles", ROLES, "--players", "5"], "--players: 5, but the mix"),
        (["--roles", "werewolf=1,werewolf=2"], "--roles.werewolf: named twice"),
        (["--roles", "werewolf=2,wizard=1"], "unknown role 'wizard'"),
        ([], "--players: needed for the onuw mix 'table', or give the mix as --roles"),
    ],
)
def test_bad_roles(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, _, err = run(capsys, "simulate", *LAB, *argv)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1, err
