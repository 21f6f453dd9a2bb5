"""A restarted server continues every table, and no acknowledged move is lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.server.app import create_app
from wooolf_solver.server.storage import Storage

from .helpers import Clock, Seats, TestClient, create, play_day, play_night, play_vote


def app_on(db: Path) -> Any:
    return create_app(db, clock=Clock(), solver=lambda r: None, workers="inline")


def test_half_a_deal_then_a_restart_then_the_rest(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with TestClient(app_on(db)) as client:
        seats = create(client, players=5, bots=[4, 5], seed=21)
        other = create(client, players=3, bots=[3], seed=22)
        play_night(seats)
        seats.act(1, {"claim": {"role": "seer"}})
        before = seats.view(2)
        tokens, table, host = seats.tokens, seats.table, seats.host_token
    assert before["phase"] == "day" and len(before["claims"]) == 1
    with TestClient(app_on(db)) as client:
        again = Seats(client, {"table": table, "seats": {}})
        again.tokens, again.host_token = tokens, host
        after = again.view(2)
        links = again.host("")["seats"]  # the host may see every link again
        assert {int(seat): link["token"] for seat, link in links.items()} == tokens
        assert after["card"] == before["card"] and after["claims"] == before["claims"]
        assert after["night"] == before["night"]
        play_day(again)
        play_vote(again)
        assert again.view(1)["phase"] == "over"
        record = read_record(client.get(f"/api/tables/{table}/record").json())
        assert record.is_game and record.claims[0].role == "seer"
        assert client.get(f"/api/tables/{other.table}/seats/1", headers=other.headers(1)).json()[
            "phase"
        ] in ("night", "day")
    moves = Storage(db).moves(table)
    assert {"claim": {"role": "seer"}} in [move for _, move in moves]
    assert [move for seat, move in moves if seat in (4, 5)] == [
        {"ballot": "nobody"},
        {"ballot": "nobody"},
    ]


def test_a_move_is_in_the_database_when_it_is_acknowledged(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with TestClient(app_on(db)) as client:
        seats = create(client, players=3, seed=8)
        play_night(seats)
        seats.act(2, {"heard_enough": True})
        stored = Storage(db).load(seats.table)  # another connection, while the server runs
        assert stored is not None and stored.state["heard"] == [2]
