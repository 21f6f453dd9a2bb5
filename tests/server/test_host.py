"""The table for a real group over the API (issue 25): the lobby, the host's token and
tools, the time limits, a session of several deals, and bounded bodies on every new route."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from wooolf_solver.server.app import create_app
from wooolf_solver.server.limits import Limits

from .helpers import Clock, Seats, TestClient, create, live_table, play_day, play_night

HOSTING = ("start", "pause", "resume", "deal", "end", "seats/2/bot")


def test_the_host_has_a_token_and_sees_every_link_again(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", workers="inline", public_url="http://localhost:8765")
    with TestClient(app) as client:
        created = client.post(
            "/api/tables",
            json={
                "game": "onuw",
                "players": 4,
                "bots": [4],
                "step_seconds": 10,
                "vote_seconds": 60,
            },
        ).json()
        host = created["host"]
        assert (
            len(host["token"]) >= 43
            and host["link"] == f"/host/{created['table']}?key={host['token']}"
        )
        seats = Seats(client, created)
        view = seats.host("")
        assert {seat: link["token"] for seat, link in view["seats"].items()} == {
            seat: link["token"] for seat, link in created["seats"].items()
        }
        assert view["seats"]["1"]["url"] == "http://localhost:8765" + created["seats"]["1"]["link"]
        assert view["warning"].startswith("the links point to localhost")
        assert view["phase"] == "lobby" and view["lobby"]["waiting"] == [1, 2, 3]
        table = live_table(client, seats.table)
        assert {step.pause for step in table.steps} == {10} and table.vote_seconds == 60


def test_the_host_routes_ask_for_the_hosts_token(client: TestClient) -> None:
    seats = create(client, start=False, players=3, seed=1)
    other = create(client, start=False, players=3, seed=2)
    for action in (*HOSTING, "host"):
        url = f"/api/tables/{seats.table}/{action}"
        method = client.get if action == "host" else client.post
        assert method(url).status_code == 401
        assert method(url, headers={"Authorization": "Bearer nonsense"}).status_code == 401
        assert method(url, headers=other.headers(1)).status_code == 401  # another table's
        refused = method(url, headers=seats.headers(1))
        assert refused.status_code == 403 and set(refused.json()) == {"error"}
        hosted = {"Authorization": f"Bearer {other.host_token}"}
        assert method(f"/api/tables/{seats.table}/{action}", headers=hosted).status_code == 401
    host = {"Authorization": f"Bearer {seats.host_token}"}
    assert client.get(f"/api/tables/{seats.table}/seats/1", headers=host).status_code == 403
    assert live_table(client, seats.table).phase == "lobby"  # nothing refused changed it


def test_the_night_waits_in_the_lobby_for_everyone(client: TestClient) -> None:
    seats = create(client, start=False, players=4, bots=[4], seed=3)
    first = seats.view(1)
    assert first["phase"] == "lobby" and first["lobby"]["waiting"] == [1, 2, 3]
    assert first["card"] and not first["turn"] and first["names"] == {}
    assert seats.host("start", status=409)["error"].startswith("start: waiting for seat(s) 1, 2, 3")
    assert seats.act(1, {"ready": True}, status=409)["error"].startswith("ready: seat 1")
    assert seats.act(1, {"join": {"name": ""}}, status=422)["error"].startswith("join.name:")
    seats.act(1, {"join": {"name": "Eva"}})
    seats.act(2, {"join": {"name": "Sven"}})
    assert seats.view(3)["names"] == {"1": "Eva", "2": "Sven"}
    seats.host("seats/3/bot")  # the one who never came: a bot plays the seat
    assert seats.act(3, {"join": {"name": "Late"}}, status=422)["error"].startswith("seat:")
    assert seats.host("start")["phase"] == "night"
    assert seats.host("start", status=409)["error"].startswith("start: the night")
    again = create(client, start=False, players=3, seed=4)
    for seat in (1, 2, 3):
        again.act(seat, {"join": {"name": f"P{seat}"}})
        again.act(seat, {"ready": True})
    assert again.view(1)["phase"] == "night"  # every person ready: no need for the host


def test_a_step_lasts_its_time_and_whoever_is_late_is_told(
    client: TestClient, clock: Clock
) -> None:
    seats = create(client, players=3, seed=5, step_seconds=10)
    waking = [(seats.view(1)["waking"], seats.view(1)["seconds_left"])]
    clock.now += 10
    waking.append((seats.view(1)["waking"], seats.view(1)["seconds_left"]))
    assert waking == [("werewolf", 10), ("seer", 10)]
    late = [seat for seat in (1, 2, 3) if seats.view(seat)["timed_out"] == ["night"]]
    table = live_table(client, seats.table)
    assert late == table.steps[0].seats and all(seats.view(seat)["night"] for seat in late)


def test_a_session_the_host_pauses_hands_a_seat_to_a_bot_ends_and_deals_again(
    client: TestClient, clock: Clock
) -> None:
    seats = create(client, players=4, bots=[4], seed=6, vote_seconds=30)
    first = seats.view(1)
    assert seats.host("resume", status=409)["error"].startswith("resume:")
    play_night(seats)
    paused = seats.host("pause")
    assert paused["paused"] and paused["phase"] == "day"
    assert seats.act(1, {"heard_enough": True}, status=409)["error"].startswith("paused:")
    clock.now += 3600
    assert seats.view(1)["phase"] == "day" and seats.view(1)["seconds_left"] == 300
    seats.host("resume")
    assert seats.host("deal", status=409)["error"].startswith("deal: this deal is not over")
    seats.host("seats/3/bot")
    del seats.tokens[3]  # gone: a bot plays the seat
    play_day(seats)
    assert seats.view(1)["phase"] == "vote"
    seats.act(1, {"ballot": 2})
    clock.now += 31  # seat 2 never votes: nobody, in the table edition
    view = seats.view(2)
    assert view["ballot"] == "nobody" and view["timed_out"] == ["ballot"]
    assert view["phase"] == "over" and view["result"]["votes"]["3"] is not None
    scores = view["scores"]
    dealt = seats.host("deal")
    assert dealt["phase"] == "lobby" and dealt["deal"] == 2 and dealt["scores"] == scores
    assert dealt["bots"] == [3, 4] and dealt["names"] == {
        "1": "Person 1",
        "2": "Person 2",
        "3": "Person 3",
    }
    second = seats.view(1)  # the same links still hold the seats
    assert second["deal"] == 2 and second["phase"] == "lobby" and second["claims"] == []
    assert client.get(f"/api/tables/{seats.table}/record").status_code == 404
    assert (first["card"], first["deck"]) != (second["card"], second["deck"][::-1])
    seats.host("start")
    ended = seats.host("end")
    assert ended["phase"] == "over" and ended["deal"] == 2
    assert seats.view(1)["result"] is not None
    assert client.get(f"/api/tables/{seats.table}/record").status_code == 200


def test_the_host_page_survives_a_reload_and_deals_nothing(client: TestClient) -> None:
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    made = client.post("/setup", content="players=3&bots=3", headers=form, follow_redirects=False)
    assert made.status_code == 303 and made.headers["location"].startswith("/host/")
    tables = client.app.state.tables.entries  # type: ignore[attr-defined]
    assert len(tables) == 1
    page = client.get(made.headers["location"])
    again = client.get(made.headers["location"])
    assert page.status_code == again.status_code == 200 and len(tables) == 1
    assert page.text.count('class="seat-link"') == 2 and page.text == again.text
    (table_id,) = tables
    client.cookies.clear()
    assert client.get(f"/host/{table_id}").status_code == 401
    view = client.get(f"/api/tables/{table_id}/seats/1")
    assert view.status_code == 401
    created = create(client, start=False, players=3)
    link = client.get(f"/host/{created.table}?key={created.host_token}", follow_redirects=False)
    assert link.status_code == 303 and link.headers["location"] == f"/host/{created.table}"
    assert client.get(link.headers["location"]).status_code == 200
    assert client.get(f"/host/{created.table}?key=nonsense").status_code == 401


@pytest.mark.parametrize("action", HOSTING)
def test_every_new_route_refuses_a_huge_body_at_once(client: TestClient, action: str) -> None:
    seats = create(client, start=False, players=3, seed=7)
    url = f"/api/tables/{seats.table}/{action}"
    headers = {"Authorization": f"Bearer {seats.host_token}", "Content-Type": "application/json"}
    huge = b"[" * (20 * 1024 * 1024)
    start = time.monotonic()
    answer = client.post(url, content=huge, headers=headers)
    assert answer.status_code == 413 and len(answer.content) < 200
    assert answer.json()["error"] == f"body: longer than {Limits().body} bytes"
    assert time.monotonic() - start < Limits().body_seconds / 2  # refused, not read to the deadline
    join = client.post(
        f"/api/tables/{seats.table}/seats/1/act",
        json={"join": {"name": "E" * 5000}},
        headers=seats.headers(1),
    )
    assert join.status_code == 422 and len(join.content) < 200


def test_a_huge_body_to_a_host_route_stalls_no_table(tmp_path: Path) -> None:
    import socket  # noqa: PLC0415
    import threading  # noqa: PLC0415

    import httpx  # noqa: PLC0415

    from .live_server import serving  # noqa: PLC0415

    app = create_app(tmp_path / "t.sqlite", workers="inline")
    with serving(app) as base, httpx.Client(base_url=base, timeout=10) as http:
        seats = Seats(http, http.post("/api/tables", json={"game": "onuw", "players": 3}).json())
        port = int(base.rsplit(":", 1)[1])
        head = (
            f"POST /api/tables/{seats.table}/start HTTP/1.1\r\nHost: x\r\n"
            f"Authorization: Bearer {seats.host_token}\r\nContent-Type: application/json\r\n"
        )
        answers: list[bytes] = []

        def upload(length: int, sent: int) -> None:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(f"{head}Content-Length: {length}\r\n\r\n".encode())
                try:
                    for _ in range(sent // (1 << 20)):
                        sock.sendall(b"[" * (1 << 20))
                except OSError:
                    pass  # the server refused it and closed: the rest is never read
                answers.append(sock.recv(200))

        uploads = [
            threading.Thread(target=upload, args=(20 << 20, 20 << 20)),  # 20 MB sent
            threading.Thread(target=upload, args=(100 << 20, 1 << 20)),  # 100 MB announced
        ]
        for thread in uploads:
            thread.start()
        slowest = 0.0
        for _ in range(20):
            start = time.monotonic()
            seats.view(1)
            slowest = max(slowest, time.monotonic() - start)
        for thread in uploads:
            thread.join()
        # A table stalled by the uploads would answer only at the body's deadline; a loaded
        # machine may be slow, so the bound is half that deadline rather than a fixed second.
        assert slowest < Limits().body_seconds / 2
        assert all(answer.startswith(b"HTTP/1.1 413") for answer in answers), answers
        assert seats.view(1)["phase"] == "lobby"
