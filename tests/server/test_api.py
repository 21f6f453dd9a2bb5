"""The JSON API of shared/spec/table.md: tables, seats' views, moves, tokens, records,
and that nothing a seat may not know ever reaches it (in a view or a pushed message)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver import api
from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.server.app import create_app
from wooolf_solver.server.pushing import Subscriber

from .helpers import (
    Clock,
    Seats,
    TestClient,
    create,
    live_table,
    play_day,
    play_night,
    play_vote,
    wait_for,
)  # fmt: skip

VIEW_KEYS = {
    "phase", "seat", "players", "edition", "deck", "bots", "people", "card", "turn",
    "options", "waking", "night", "claims", "claimed", "heard_enough", "said_heard_enough",
    "seconds_left", "ballots_cast", "ballot", "result",
    "names", "lobby", "paused", "timed_out", "deal", "scores", "roles",
}  # fmt: skip
ROLES = sorted(load_rules().roles)


def first_seat_ballot(record: Any) -> Any:
    """A stand-in for the solver: a bot votes for the first other seat."""
    viewpoint = record["viewpoint"]
    return 1 if viewpoint != 1 else 2


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "tables.sqlite", clock=Clock(), solver=first_seat_ballot, workers="inline"
    )
    with TestClient(app) as client:
        yield client


class Recorder(Subscriber):
    """A subscriber that keeps every message it is pushed."""

    def __init__(self) -> None:
        super().__init__()
        self.messages: list[dict[str, Any]] = []

    def deliver(self, message: str) -> None:
        self.messages.append(json.loads(message))


def check_hidden(view: dict[str, Any], seat: int, seats: Seats) -> None:
    """``view`` holds nothing of another seat's card, night or ballot before ``over``."""
    table = live_table(seats.client, seats.table)
    assert set(view) == VIEW_KEYS
    assert view["seat"] == seat
    assert view["card"] == table.dealt[seat - 1]
    assert view["night"] in (None, table.acted.get(str(seat)))
    if view["phase"] == "over":
        return
    assert view["result"] is None
    for claim in view["claims"]:
        assert claim["seat"] in table.people
    assert sorted(view["roles"]) == sorted(set(view["deck"]))  # the deck's rules: public
    public = {
        k: v
        for k, v in view.items()
        if k not in ("card", "night", "deck", "claims", "options", "waking", "roles")
    }
    text = json.dumps(public)
    for role in ROLES:
        assert role not in text, (role, public)
    if view["options"]:
        assert view["turn"]


def test_create_gives_one_link_per_person(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "onuw", "players": 5, "bots": [4, 5]})
    assert response.status_code == 201
    body = response.json()
    assert set(body["seats"]) == {"1", "2", "3"}
    for seat, entry in body["seats"].items():
        assert len(entry["token"]) >= 22  # 128 bits in URL-safe base64
        assert entry["link"] == f"/t/{body['table']}/{seat}#{entry['token']}"
    assert len({entry["token"] for entry in body["seats"].values()}) == 3


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"game": "chess", "players": 5}, "game: unknown game 'chess'"),
        ({"game": "onuw", "players": 2}, "players:"),
        ({"game": "onuw", "players": 4, "bots": [5]}, "bots: seat 5 is out of range 1..4"),
        ({"game": "onuw", "players": 3, "bots": [1, 2, 3]}, "bots: at least one seat"),
        ({"game": "onuw", "players": 5, "day_seconds": 1}, "day_seconds:"),
        ({"game": "onuw", "players": 5, "colour": "red"}, "colour:"),
        ({"game": "onuw", "players": 3, "deck": ["seer"]}, "deck: 1 cards"),
    ],
)
def test_create_refuses_a_bad_table(
    client: TestClient, options: dict[str, Any], error: str
) -> None:
    response = client.post("/api/tables", json=options)
    assert response.status_code == 422
    assert response.json()["error"].startswith(error)
    assert "\n" not in response.json()["error"]


def test_tokens_guard_the_seats(client: TestClient) -> None:
    seats = create(client, players=5, bots=[4, 5])
    url = f"/api/tables/{seats.table}/seats/1"
    for path in (url, f"{url}/events"):
        assert client.get(path).status_code == 401
        assert client.get(path, headers={"Authorization": "Bearer nonsense"}).status_code == 401
        assert client.get(path, headers=seats.headers(2)).status_code == 403
    refused = client.post(f"{url}/act", json={}, headers=seats.headers(2))
    assert refused.status_code == 403
    assert set(refused.json()) == {"error"}
    bot = client.get(f"/api/tables/{seats.table}/seats/4", headers=seats.headers(1))
    assert bot.status_code == 403
    assert (
        client.get(f"/api/tables/{seats.table}/seats/9", headers=seats.headers(1)).status_code
        == 404
    )
    # a token of no seat at that table: nothing says whether the table exists
    assert client.get("/api/tables/nope/seats/1", headers=seats.headers(1)).status_code == 401


def test_the_token_is_checked_before_the_table_is_looked_up(client: TestClient) -> None:
    seats = create(client, players=5, bots=[4, 5])
    for table in (seats.table, "nope", "0" * 12):
        for seat in ("1", "9", "x"):
            for headers in ({}, {"Authorization": "Bearer nonsense"}):
                for path in ("", "/events"):
                    url = f"/api/tables/{table}/seats/{seat}{path}"
                    response = client.get(url, headers=headers)
                    assert response.status_code == 401, url
                    assert (
                        response.json()
                        == client.get(f"/api/tables/nope/seats/1{path}", headers=headers).json()
                    )
                url = f"/api/tables/{table}/seats/{seat}/act"
                assert client.post(url, json={}, headers=headers).status_code == 401
    # the seat's page is served for any table id: its token (in the fragment) decides
    assert client.get("/t/nope/1").status_code == 200
    assert client.get(f"/api/tables/{seats.table}/record").json() == (
        client.get("/api/tables/nope/record").json()
    )


def test_moves_out_of_turn_and_illegal(client: TestClient) -> None:
    seats = create(client, players=5, bots=[4, 5], seed=3)
    table = live_table(client, seats.table)
    assert table.dealt[:3] == ["insomniac", "robber", "seer"]
    wait_for(seats, "seer")
    assert seats.act(1, {}, status=409)["error"].startswith("night:")
    assert seats.act(3, {"saw": 3}, status=422)["error"].startswith("saw: 3 is not a legal move")
    assert seats.act(3, {"ballot": 2}, status=409)["error"].startswith("ballot:")
    assert seats.act(3, {"claim": {"role": "seer"}}, status=409)["error"].startswith("claim:")
    assert seats.act(3, {"dance": 1}, status=422)["error"].startswith("dance: not a move")
    seer = seats.act(3, {"saw": 2})
    assert seer["night"] == {"saw": {"2": "robber"}} and not seer["turn"]
    play_night(seats)
    assert seats.act(1, {"claim": {"role": "pope"}}, status=422)["error"].startswith(
        "claim: role: unknown role 'pope'"
    )
    # a claim no honest player could make (a look at itself) is what was said, so it is
    # taken; a claim that names no seat of the table is malformed
    assert seats.act(1, {"claim": {"role": "seer", "saw": {"9": "seer"}}}, status=422)["error"]
    seats.act(1, {"claim": {"role": "seer", "saw": {"3": "werewolf"}}})
    assert seats.act(1, {"claim": {"role": "seer"}}, status=409)["error"].startswith("claim:")
    seats.act(1, {"heard_enough": True})
    assert seats.act(1, {"heard_enough": True}, status=409)
    assert seats.view(1)["phase"] == "day"
    seats.act(2, {"heard_enough": True})  # 2 of 3 people: a majority
    assert seats.view(1)["phase"] == "vote"
    assert (
        seats.act(1, {"ballot": 1}, status=422)["error"] == "ballot: seat 1 cannot vote for itself"
    )
    assert seats.act(1, {"ballot": 6}, status=422)["error"].startswith(
        "ballot: seat 6 is out of range"
    )
    assert seats.act(1, {"ballot": "nobody"})["ballot"] == "nobody"
    assert seats.act(1, {"ballot": 2}, status=409)


@pytest.mark.parametrize(
    "table",
    [
        {"players": 5, "bots": [4, 5], "seed": 11},
        {"players": 5, "bots": [4, 5], "seed": 12},
        {"players": 5, "bots": [1, 3], "seed": 13},
        {"players": 4, "bots": [4], "seed": 14, "edition": "official"},
        {"players": 6, "bots": [2, 5], "seed": 15},
    ],
    ids=lambda table: f"{table['players']}p-{table.get('edition', 'table')}-{table['seed']}",
)
def test_a_whole_deal_hides_what_each_seat_may_not_know(
    client: TestClient, table: dict[str, Any]
) -> None:
    seats = create(client, day_seconds=60, **table)
    hub = client.app.state.tables.hub  # type: ignore[attr-defined]
    recorders = {seat: Recorder() for seat in seats.tokens}
    for seat, recorder in recorders.items():
        hub.add(seats.table, seat, recorder)
    assert client.get(f"/api/tables/{seats.table}/record").status_code == 404
    play_night(seats)
    play_day(seats)
    assert client.get(f"/api/tables/{seats.table}/record").status_code == 404
    play_vote(seats)
    final = {seat: seats.view(seat) for seat in seats.tokens}
    assert all(view["phase"] == "over" for view in final.values())
    first = min(seats.tokens)
    for seat, view in seats.views:
        check_hidden(view, seat, seats)
    for seat, recorder in recorders.items():
        assert recorder.messages, seat
        for message in recorder.messages:
            check_hidden(message, seat, seats)
        assert recorder.messages[-1]["phase"] == "over"
    result = final[first]["result"]
    assert set(result) >= {"dawn", "dead", "winners", "scores"}
    for bot in table["bots"]:
        assert result["votes"][str(bot)] == (1 if bot != 1 else 2)  # the stand-in solver
    response = client.get(f"/api/tables/{seats.table}/record")
    assert response.status_code == 200
    record = read_record(response.json())
    people = [seat for seat in range(1, table["players"] + 1) if seat not in table["bots"]]
    assert record.is_game and [c.seat for c in record.claims] == people


def test_a_seat_hears_nothing_of_another_seats_night_move(client: TestClient) -> None:
    seats = create(client, players=5, bots=[4, 5], seed=3)  # seat 3 the seer, seat 2 the robber
    hub = client.app.state.tables.hub  # type: ignore[attr-defined]
    recorders = {seat: Recorder() for seat in seats.tokens}
    for seat, recorder in recorders.items():
        hub.add(seats.table, seat, recorder)
    live_table(client, seats.table).steps[2].pause = 3600.0  # the seer's step lasts
    wait_for(seats, "seer")
    client.app.state.tables.publish(seats.table)  # type: ignore[attr-defined]
    before = {seat: len(recorder.messages) for seat, recorder in recorders.items()}
    seats.act(3, {"saw": 1})
    assert len(recorders[3].messages) == before[3] + 1
    assert len(recorders[1].messages) == before[1]
    assert len(recorders[2].messages) == before[2]


def test_the_day_ends_on_time(tmp_path: Path) -> None:
    now = [1000.0]
    app = create_app(
        tmp_path / "t.sqlite",
        pause=(2, 2),
        solver=first_seat_ballot,
        workers="inline",
        clock=lambda: now[0],
    )
    with TestClient(app) as client:
        seats = create(client, players=3, bots=[2, 3], seed=5, day_seconds=60)
        table = live_table(client, seats.table)
        human_steps = [step for step in table.steps if 1 in step.seats]
        for _ in range(len(table.steps) + 1):
            view = seats.view(1)
            if view["turn"]:
                seats.act(1, view["options"][0])
            now[0] += 2.5
        view = seats.view(1)
        assert view["phase"] == "day", (view, human_steps)
        assert 0 < view["seconds_left"] <= 60
        now[0] += 61
        assert seats.view(1)["phase"] == "vote"


def test_bots_vote_with_the_solver(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", clock=Clock(), workers="inline")
    with TestClient(app) as client:
        seats = create(client, players=3, bots=[2, 3], seed=2)
        play_night(seats)
        play_day(seats)
        play_vote(seats)
        view = seats.view(1)
        assert view["phase"] == "over"
        data = client.get(f"/api/tables/{seats.table}/record").json()
        record = read_record(data)
        assert record.votes is not None and set(record.votes) == {1, 2, 3}
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        review = api.review(str(path)).to_dict()  # `wooolf review` reads the record
        assert set(review["seats"]) == {"1", "2", "3"}


def test_pages_and_docs(client: TestClient) -> None:
    assert "Deal" in client.get("/").text
    page = client.post(
        "/setup",
        content="game=onuw&players=5&bots=4&bots=5&edition=table&day_seconds=120",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert page.status_code == 200
    assert page.text.count("<svg") == 3 and page.text.count('class="seat-link"') == 3
    assert page.headers["cache-control"] == "no-store"
    bad = client.post(
        "/setup", content="players=2", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert bad.status_code == 422 and "players:" in bad.text
    decked = client.post(
        "/setup",
        content="players=3&deck=werewolf,+werewolf,+seer,+robber,+villager",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert decked.status_code == 200 and decked.text.count("<svg") == 3
    wrong = client.post(
        "/setup",
        content="players=3&deck=seer",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert wrong.status_code == 422 and "deck: 1 cards" in wrong.text
    seats = create(client, players=3)
    player = client.get(f"/t/{seats.table}/1")
    assert player.status_code == 200 and "/static/player.js" in player.text
    assert seats.tokens[1] not in player.text
    assert client.get("/static/player.js").status_code == 200
    assert client.get("/docs").status_code == 404  # it would need scripts from the internet
    paths = client.get("/openapi.json").json()["paths"]
    assert {
        "/api/tables",
        "/api/tables/{table_id}/seats/{seat}",
        "/api/tables/{table_id}/seats/{seat}/act",
        "/api/tables/{table_id}/record",
    } <= set(paths)
