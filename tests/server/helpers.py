"""Driving tables through the JSON API (shared by the server's tests and the benchmark's
spirit): every person makes a legal move whenever it is their turn."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import httpx

with warnings.catch_warnings():  # starlette's test client asks for httpx2, not yet needed
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from wooolf_solver.games.onuw.live import LiveTable

View = dict[str, Any]


class Clock:
    """A clock that moves only when told (the server's ``clock`` in tests)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Seats:
    """A table's people, as a client sees them: their tokens and every view they got."""

    def __init__(self, client: httpx.Client, created: dict[str, Any]) -> None:
        self.client = client
        self.table: str = created["table"]
        self.tokens = {int(seat): entry["token"] for seat, entry in created["seats"].items()}
        self.host_token: str = created.get("host", {}).get("token", "")
        self.views: list[tuple[int, View]] = []

    def host(self, action: str, status: int = 200, method: str = "POST") -> View:
        """A host's action (``start``, ``pause``, ``seats/2/bot``...; ``""``: its view)."""
        url = f"/api/tables/{self.table}/{action or 'host'}"
        headers = {"Authorization": f"Bearer {self.host_token}"}
        response = self.client.request(method if action else "GET", url, headers=headers)
        assert response.status_code == status, response.text
        return response.json()  # type: ignore[no-any-return]

    def join(self) -> None:
        """Every person joins (named after the seat)."""
        for seat in self.tokens:
            self.act(seat, {"join": {"name": f"Person {seat}"}})

    def headers(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def view(self, seat: int) -> View:
        response = self.client.get(
            f"/api/tables/{self.table}/seats/{seat}", headers=self.headers(seat)
        )
        assert response.status_code == 200, response.text
        self.views.append((seat, response.json()))
        return response.json()  # type: ignore[no-any-return]

    def act(self, seat: int, move: dict[str, Any], status: int = 200) -> View:
        response = self.client.post(
            f"/api/tables/{self.table}/seats/{seat}/act", headers=self.headers(seat), json=move
        )
        assert response.status_code == status, response.text
        if status == 200:
            self.views.append((seat, response.json()))
        return response.json()  # type: ignore[no-any-return]


def create(client: TestClient, start: bool = True, **options: Any) -> Seats:
    """A new table; unless ``start`` is false, every person joins and the host starts."""
    response = client.post("/api/tables", json={"game": "onuw", **options})
    assert response.status_code == 201, response.text
    seats = Seats(client, response.json())
    if start:
        seats.join()
        seats.host("start")
    return seats


def wait_step(seats: Seats) -> None:
    """Let the current night step (or whatever the clock waits for) run out: the
    server's :class:`Clock` moves to the table's deadline."""
    tables = seats.client.app.state.tables  # type: ignore[attr-defined]
    deadline = tables.entries[seats.table].table.deadline()
    if isinstance(tables.clock, Clock) and deadline is not None:
        tables.clock.now = max(tables.clock.now, deadline)


def truthful_claim(view: View) -> dict[str, Any]:
    return {"claim": {"role": view["card"], **(view["night"] or {})}}


def wait_for(seats: Seats, role: str) -> None:
    """Let the night's steps run out until ``role``'s step."""
    for _ in range(20):
        if seats.view(min(seats.tokens))["waking"] == role:
            return
        wait_step(seats)
    raise AssertionError(f"the {role} never wakes")


def play_night(
    seats: Seats, choose: Callable[[View], dict[str, Any]] = lambda v: v["options"][-1]
) -> None:
    """Every person acts when woken, each step's time then runs out, until the day."""
    for _ in range(50):
        views = {seat: seats.view(seat) for seat in seats.tokens}
        if all(view["phase"] != "night" for view in views.values()):
            return
        for seat, view in views.items():
            if view["turn"]:
                seats.act(seat, choose(view))
        wait_step(seats)
    raise AssertionError("the night does not end")


def play_day(seats: Seats, claim: bool = True) -> None:
    """Each person claims the truth, then enough of them have heard enough."""
    for seat in seats.tokens:
        view = seats.view(seat)
        if claim and view["phase"] == "day" and not view["claimed"]:
            seats.act(seat, truthful_claim(view))
    for seat in seats.tokens:
        if seats.view(seat)["phase"] == "day":
            seats.act(seat, {"heard_enough": True})


def play_vote(seats: Seats) -> None:
    for seat in seats.tokens:
        view = seats.view(seat)
        if view["turn"]:
            seats.act(seat, view["options"][0])


def live_table(client: TestClient, table: str) -> LiveTable:
    """The server's table itself (every secret: for checking what the views hide)."""
    table_object: LiveTable = client.app.state.tables.entries[table].table  # type: ignore[attr-defined]
    return table_object
