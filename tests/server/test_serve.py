"""``wooolf serve``, and a real server whose bots vote from the solver in a worker process."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from wooolf_solver.cli import build_parser, main
from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.server.app import create_app

from .live_server import serving


def test_the_serve_verb_is_registered() -> None:
    args = build_parser().parse_args(["serve", "--db", "x.sqlite"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8765, "x.sqlite")


def test_a_bad_port_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


def play_with_the_solver(tmp_path: Path, players: int, bots: list[int], seconds: float) -> None:
    """A deal on a real server with the default solver and workers, to the end."""
    app = create_app(tmp_path / "t.sqlite", pause=(0, 0))
    with serving(app) as base, httpx.Client(base_url=base, timeout=30) as client:
        created = client.post(
            "/api/tables", json={"game": "onuw", "players": players, "bots": bots, "seed": 3}
        ).json()
        table = created["table"]
        people = {int(seat): entry["token"] for seat, entry in created["seats"].items()}
        deadline = time.monotonic() + seconds
        over: set[int] = set()
        while time.monotonic() < deadline and len(over) < len(people):
            for seat, token in people.items():
                url = f"/api/tables/{table}/seats/{seat}"
                headers = {"Authorization": f"Bearer {token}"}
                view = client.get(url, headers=headers).json()
                move = None
                if view["phase"] == "over":
                    over.add(seat)
                elif view["turn"]:
                    move = view["options"][-1]
                elif view["phase"] == "day" and not view["said_heard_enough"]:
                    move = {"heard_enough": True}
                if move is not None:
                    assert client.post(f"{url}/act", headers=headers, json=move).status_code == 200
            time.sleep(0.1)
        assert len(over) == len(people), "the deal did not end in time"
        record = read_record(client.get(f"/api/tables/{table}/record").json())
        assert record.is_game and record.votes is not None
        assert set(record.votes) == set(range(1, players + 1))


def test_bots_vote_from_the_solver_in_a_worker_process(tmp_path: Path) -> None:
    play_with_the_solver(tmp_path, 3, [2, 3], seconds=120)


@pytest.mark.slow
def test_two_bots_of_five_seats_vote_from_the_exact_solver(tmp_path: Path) -> None:
    play_with_the_solver(tmp_path, 5, [4, 5], seconds=300)  # about 20 s of solver per bot
