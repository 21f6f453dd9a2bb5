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


def test_bots_vote_from_the_solver_in_a_worker_process(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", pause=(0, 0))  # the default solver and workers
    with serving(app) as base, httpx.Client(base_url=base, timeout=30) as client:
        created = client.post(
            "/api/tables", json={"game": "onuw", "players": 3, "bots": [2, 3], "seed": 3}
        ).json()
        token = created["seats"]["1"]["token"]
        url = f"/api/tables/{created['table']}/seats/1"
        headers = {"Authorization": f"Bearer {token}"}
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            view = client.get(url, headers=headers).json()
            if view["phase"] == "over":
                break
            move = None
            if view["turn"]:
                move = view["options"][-1]
            elif view["phase"] == "day":
                move = {"heard_enough": True}
            if move is not None:
                assert client.post(f"{url}/act", headers=headers, json=move).status_code == 200
            else:
                time.sleep(0.1)
        assert view["phase"] == "over", view
        record = read_record(client.get(f"/api/tables/{created['table']}/record").json())
        assert record.is_game and record.votes is not None and set(record.votes) == {1, 2, 3}
