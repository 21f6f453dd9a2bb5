"""``wooolf simulate`` and ``compare`` for Werewolf, through ``Game.lab()``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run

from wooolf_solver.games.werewolf.balance import village_win

DECK = str(Path(__file__).resolve().parents[3] / "examples" / "werewolf" / "witch-mix.toml")
LAB = ["--game", "werewolf", "--seed", "7"]

pytestmark = pytest.mark.usefixtures("plain_console")


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    status, out, _ = run(capsys, "simulate", *LAB, *argv, "--json")
    assert status == 0
    data: dict[str, object] = json.loads(out)
    return data


def test_the_same_seed_gives_the_same_json_on_any_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = simulate(capsys, "--players", "9", "--games", "40", "--workers", "1")
    two = simulate(capsys, "--players", "9", "--games", "40", "--workers", "2")
    assert one == two and one["games"] == 40 and one["label"] == "table-9"


def test_random_bots_agree_with_the_exact_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate(
        capsys,
        "--players",
        "8",
        "--edition",
        "werewolf=2,villager=6",
        "--games",
        "2000",
        "--bots",
        "random",
        "--workers",
        "1",
    )
    village = data["teams"]["village"]  # type: ignore[index]
    exact = float(village_win(6, 2))
    assert data["random_lynch"] == pytest.approx(exact)
    assert village["low"] <= exact <= village["high"]


def test_solver_bots_and_a_deck_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "lab.png"
    data = simulate(
        capsys,
        "--players",
        "9",
        "--deck",
        DECK,
        "--games",
        "6",
        "--bots",
        "solver",
        "--workers",
        "1",
        "--plot",
        str(plot),
        "--records",
        str(tmp_path / "games"),
    )
    assert data["label"] == "witch-9" and data["bots"] == ["solver"]
    assert plot.stat().st_size > 0 and len(list((tmp_path / "games").glob("*.yaml"))) == 6


def test_compare_and_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "compare",
        "table",
        DECK,
        *LAB,
        "--players",
        "9",
        "--games",
        "20",
        "--workers",
        "1",
        "--json",
    )
    assert status == 0 and set(json.loads(out)["mixes"]) == {"table-9", "witch-9"}
    status, out, _ = run(
        capsys, "compare", "table", DECK, *LAB, "--players", "9", "--games", "20", "--workers", "1"
    )
    assert status == 0 and "random lynch" in out and "witch-9" in out
    # each team's row reads as the roles' rows do ("werewolves won", not "werewolves wins")
    assert "village won" in out and "werewolves won" in out and " wins " not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "9", "--bots", "clever"], "unknown bot 'clever'"),
        (["--players", "30"], "the role table is for 8 to 18 players"),
        (["--players", "8", "--deck", DECK], "--players: 8, but the mix"),
        (["--roles", "werewolf=1,werewolf=2"], "--roles.werewolf: named twice"),
        (["--roles", "werewolf=2,seer=1,villager=5", "--players", "9"], "is for 8 players"),
        (["--roles", "werewolf=2,seer=1,villager=5", "--deck", DECK], "not allowed with"),
        (["--roles", "werewolf=²"], "--roles.werewolf: must be a whole number"),
        ([], "--players: needed for the werewolf mix 'table', or give the mix as --roles"),
    ],
)
def test_bad_lab_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, _out, err = run(capsys, "simulate", *LAB, *argv, "--games", "2", "--workers", "1")
    assert status == 2 and message in err, err
    if "not allowed" not in message:  # argparse's own errors come with the usage
        assert len(err.strip().splitlines()) == 1, err


def test_roles_imply_the_players_as_balance_reads_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    roles = "werewolf=2,seer=1,villager=5"
    data = simulate(capsys, "--roles", roles, "--games", "4", "--workers", "1", "--quick")
    assert data["deck"] == {"seer": 1, "villager": 5, "werewolf": 2}
    assert data["label"] == "werewolf2-seer1-villager5"
    status, out, _ = run(capsys, "balance", "--roles", roles, "--json")
    assert status == 0 and data["random_lynch"] == json.loads(out)["random_lynch"]
    same = simulate(capsys, "--roles", roles, "--players", "8", "--games", "4", "--workers", "1",
                    "--quick")  # fmt: skip
    assert same == data


def test_compare_takes_roles_each_with_its_own_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "compare", *LAB, "--roles", "werewolf=2,seer=1,villager=5", "--roles",
        "werewolf=2,witch=1,villager=6", "--games", "3", "--workers", "1", "--quick", "--json",
    )  # fmt: skip
    assert status == 0, err
    mixes = json.loads(out)["mixes"]
    assert {label: sum(m["deck"].values()) for label, m in mixes.items()} == {
        "werewolf2-seer1-villager5": 8,
        "werewolf2-villager6-witch1": 9,
    }
    status, _, err = run(capsys, "compare", *LAB, "--games", "2")
    assert status == 2 and "compare: name the mixes" in err
