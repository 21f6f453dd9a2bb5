"""Data integrity and availability: a change is committed before anyone sees it (a
full disk changes nothing and answers 503), a corrupted row stops only its own
table, the number of tables is capped, and the clock looks only at live tables."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.server.app import Tables, create_app
from wooolf_solver.server.limits import Limits
from wooolf_solver.server.workers import BusyError, Workers

from .helpers import (
    Clock,
    Seats,
    TestClient,
    create,
    live_table,
    play_day,
    play_night,
    play_vote,
)  # fmt: skip
from .test_api import Recorder


class FullDisk:
    """A connection whose writes fail while ``full`` (reads pass through)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.full = False

    def execute(self, sql: str, *args: Any) -> Any:
        if self.full and not sql.lstrip().upper().startswith("SELECT"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def close(self) -> None:
        self.db.close()


def tables_of(client: TestClient) -> Tables:
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return tables


def full_disk(client: TestClient) -> FullDisk:
    store = tables_of(client).store
    disk = FullDisk(store.db)
    store.db = disk  # type: ignore[assignment]
    return disk


def views(seats: Seats) -> dict[int, Any]:
    return {seat: seats.view(seat) for seat in seats.tokens}


def test_a_move_not_stored_is_not_seen(client: TestClient, tmp_path: Path) -> None:
    seats = create(client, players=5, bots=[4, 5], seed=3)
    play_night(seats)
    recorder = Recorder()
    tables_of(client).hub.add(seats.table, 2, recorder)
    before = views(seats)
    disk = full_disk(client)
    disk.full = True
    refused = seats.act(1, {"claim": {"role": "seer"}}, status=503)
    assert refused["error"].startswith("database: the change could not be stored")
    assert seats.act(2, {"heard_enough": True}, status=503)["error"].startswith("database:")
    assert views(seats) == before and recorder.messages == []
    assert live_table(client, seats.table).claims == []
    disk.full = False
    assert seats.act(1, {"claim": {"role": "seer"}})["claims"][0]["role"] == "seer"
    assert len(recorder.messages) == 1
    again = create_app(tmp_path / "t.sqlite", clock=Clock(), workers="inline")
    with TestClient(again) as other:
        assert [c["role"] for c in live_table(other, seats.table).claims] == ["seer"]


def test_the_clock_and_the_bots_wait_for_the_database(client: TestClient, clock: Clock) -> None:
    seats = create(client, players=3, bots=[2, 3], seed=5, day_seconds=60)
    play_night(seats)
    assert seats.view(1)["phase"] == "day"
    disk = full_disk(client)
    disk.full = True
    clock.now += 61
    tables_of(client).tick_all()
    view = seats.view(1)  # the view as it is: the day, its time up
    assert view["phase"] == "day" and view["seconds_left"] == 0
    assert seats.table in tables_of(client).clocked
    disk.full = False
    tables_of(client).tick_all()  # the tick again, then the bots' ballots
    assert seats.view(1)["phase"] == "vote"
    assert live_table(client, seats.table).ballots == {"2": None, "3": None}
    disk.full = True
    seats.act(1, {"ballot": 2}, status=503)
    disk.full = False
    play_vote(seats)
    assert seats.view(1)["phase"] == "over"


def test_a_bots_ballot_not_stored_is_asked_again(client: TestClient) -> None:
    seats = create(client, players=3, bots=[2, 3], seed=5)
    play_night(seats)
    disk = full_disk(client)
    play_day(seats, claim=False)  # heard enough: the vote; the bots' ballots stored at once
    assert live_table(client, seats.table).ballots == {"2": None, "3": None}
    other = create(client, players=3, bots=[2, 3], seed=6)
    play_night(other)
    disk.full = True
    other.act(1, {"heard_enough": True}, status=503)
    disk.full = False
    other.act(1, {"heard_enough": True})
    assert live_table(client, other.table).ballots == {"2": None, "3": None}


def corrupt(db: Path, table: str, state: str, game: str = "onuw") -> None:
    """Overwrite a table's row (``key=json``: change one field of its real state)."""
    with sqlite3.connect(db) as connection:
        if "=" in state:
            key, value = state.split("=")
            (text,) = connection.execute(
                "SELECT state FROM tables WHERE id = ?", (table,)
            ).fetchone()
            state = json.dumps({**json.loads(text), key: json.loads(value)})
        connection.execute(
            "UPDATE tables SET state = ?, game = ? WHERE id = ?", (state, game, table)
        )


@pytest.mark.parametrize(
    ("state", "game"),
    [
        ("{not json", "onuw"),
        ('{"phase": "night"}', "onuw"),
        ("[]", "onuw"),
        ("{}", "chess"),
        ("step=99", "onuw"),  # the real state, its night step out of range
        ("dealt=[]", "onuw"),  # the real state, no cards
    ],
)
def test_a_corrupted_row_stops_only_its_table(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, state: str, game: str
) -> None:
    db = tmp_path / "t.sqlite"
    with TestClient(create_app(db, clock=Clock(), workers="inline")) as client:
        bad = create(client, players=3, seed=1)
        good = create(client, players=3, seed=2)
    corrupt(db, bad.table, state, game)
    caplog.set_level(logging.ERROR, logger="wooolf.server")
    with TestClient(create_app(db, clock=Clock(), workers="inline")) as client:
        good.client = client
        assert good.view(1)["phase"] in ("night", "day")
        assert (
            client.get(f"/api/tables/{bad.table}/seats/1", headers=bad.headers(1)).status_code
            == 401
        )
    lines = [record.getMessage() for record in caplog.records if bad.table in record.getMessage()]
    assert len(lines) == 1 and "skipped" in lines[0] and "\n" not in lines[0]


def test_tables_are_capped_and_finished_ones_make_room(tmp_path: Path) -> None:
    now = Clock()
    limits = Limits(tables=3, idle=3600)
    app = create_app(
        tmp_path / "t.sqlite", solver=lambda r: None, workers="inline",
        clock=now, limits=limits,
    )  # fmt: skip
    with TestClient(app) as client:
        first = create(client, players=3, bots=[2, 3], seed=1)
        for seed in (2, 3):
            create(client, players=3, seed=seed)
        full = client.post("/api/tables", json={"game": "onuw", "players": 3})
        assert full.status_code == 503 and full.json()["error"].startswith("tables:")
        play_night(first)
        play_day(first)
        play_vote(first)
        assert first.view(1)["phase"] == "over"
        made = create(client, players=3, seed=4)  # the finished table made room
        assert first.table not in tables_of(client).entries
        assert client.get(f"/api/tables/{first.table}/record").status_code == 404
        now.now += 3601  # nobody moved for an hour: every table expires
        tables_of(client).expire()
        assert tables_of(client).entries == {}
        assert (
            client.get(f"/api/tables/{made.table}/seats/1", headers=made.headers(1)).status_code
            == 401
        )
        create(client, players=3, seed=5)
    with TestClient(create_app(tmp_path / "t.sqlite", workers="inline")) as client:
        assert len(tables_of(client).entries) == 1  # expired tables left the database too


def test_the_clock_visits_only_tables_that_time_can_move(client: TestClient, clock: Clock) -> None:
    lobby = create(client, start=False, players=3, seed=99)
    tables = [
        create(client, players=3, bots=[2, 3], seed=seed, day_seconds=60) for seed in range(12)
    ]
    registry = tables_of(client)
    registry.tick_all()
    assert lobby.table not in registry.clocked  # the lobby waits for people, not time
    assert registry.clocked == {seats.table for seats in tables}  # every night step ends by time
    for seats in tables:
        play_night(seats)
    assert registry.clocked == {seats.table for seats in tables}  # days that end by time
    clock.now += 61
    registry.tick_all()  # the vote: the bots vote, then the vote's time limit for seat 1
    registry.tick_all()
    assert registry.clocked == {seats.table for seats in tables}
    clock.now += 121
    registry.tick_all()  # seat 1 votes nobody: every deal is over
    assert registry.clocked == set()
    assert {live_table(client, seats.table).phase for seats in tables} == {"over"}
    visited = []
    registry.tick = visited.append  # type: ignore[method-assign]
    for _ in range(100):
        registry.tick_all()
    assert visited == []


def test_polling_at_any_rate_does_not_stall_the_night(tmp_path: Path) -> None:
    import threading  # noqa: PLC0415

    import httpx  # noqa: PLC0415

    from .live_server import serving  # noqa: PLC0415

    app = create_app(
        tmp_path / "t.sqlite", pause=(0.3, 0.3), solver=lambda r: None, workers="thread"
    )
    with serving(app) as base, httpx.Client(base_url=base, timeout=10) as http:
        created = http.post(
            "/api/tables", json={"game": "onuw", "players": 5, "bots": [3, 4, 5], "seed": 3}
        ).json()
        table = created["table"]
        tokens = {int(seat): entry["token"] for seat, entry in created["seats"].items()}
        seats = Seats(http, created)
        seats.join()
        seats.host("start")
        stop = threading.Event()

        def poll() -> None:
            with httpx.Client(base_url=base, timeout=10) as poller:
                while not stop.is_set():
                    for seat, token in tokens.items():
                        poller.get(
                            f"/api/tables/{table}/seats/{seat}",
                            headers={"Authorization": f"Bearer {token}"},
                        )
                    stop.wait(0.01)

        pollers = [threading.Thread(target=poll) for _ in range(3)]
        for thread in pollers:
            thread.start()
        try:
            start = time.monotonic()
            while time.monotonic() - start < 30:
                phases = set()
                for seat, token in tokens.items():
                    url = f"/api/tables/{table}/seats/{seat}"
                    headers = {"Authorization": f"Bearer {token}"}
                    view = http.get(url, headers=headers).json()
                    phases.add(view["phase"])
                    if view["turn"]:
                        http.post(f"{url}/act", headers=headers, json=view["options"][-1])
                if phases == {"day"}:
                    break
                time.sleep(0.05)
            assert phases == {"day"}
            steps = len(app.state.tables.entries[table].table.steps)
            assert time.monotonic() - start < 0.3 * steps + 5
        finally:
            stop.set()
            for thread in pollers:
                thread.join()


def test_analyses_are_bounded_in_number_and_time() -> None:
    async def scenario() -> None:
        workers = Workers("thread", Limits(analyses=1, waiting=1, analysis_seconds=0.5))
        slow = asyncio.ensure_future(workers.offload(time.sleep, 1.0))
        await asyncio.sleep(0.05)
        waiting = asyncio.ensure_future(workers.offload(pow, 2, 2))  # waits for the slow one
        await asyncio.sleep(0.05)
        with pytest.raises(BusyError, match="analysis: 2 analyses are running or waiting"):
            await workers.offload(time.sleep, 0)
        with pytest.raises(BusyError, match=r"analysis: longer than 0\.5 s"):
            await waiting  # it waited too long: it never ran
        with pytest.raises(BusyError, match=r"analysis: longer than 0\.5 s"):
            await slow
        assert workers.running == 1  # still counted until its worker is done
        await asyncio.sleep(0.8)
        assert workers.running == 0
        assert await workers.offload(pow, 2, 5) == 32

    asyncio.run(scenario())


def test_a_dead_worker_is_replaced() -> None:
    async def scenario() -> None:
        workers = Workers("process", Limits())
        try:
            first = await workers.offload(os.getpid)
            os.kill(first, signal.SIGKILL)
            await asyncio.sleep(0.5)
            second = await workers.offload(os.getpid)  # on a new pool if the old one broke
            assert second != first
            slow = asyncio.ensure_future(workers.offload(time.sleep, 2))
            await asyncio.sleep(1.0)  # started in a worker
            assert workers.executor is not None
            for process in list(workers.executor._processes.values()):  # type: ignore[attr-defined]
                process.kill()
            await slow  # tried again once, on a new pool
            assert await workers.offload(pow, 3, 3) == 27
        finally:
            workers.close()

    asyncio.run(scenario())
