"""The solver's pages of a table: the reveal's review link (the page ``wooolf review --html``
writes, ``404`` before the deal is over, as for its record), and the solver's view of a
seat, from what it knows, for that seat's token alone and once the night is over; the
review and the setup page's refusals in the page's language."""

from __future__ import annotations

from pathlib import Path

from wooolf_solver import api
from wooolf_solver.server.app import create_app

from .helpers import TestClient, create, live_table, play_night


def test_a_finished_deal_opens_its_review(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", solver=lambda record: None, workers="inline")
    with TestClient(app) as client:
        seats = create(client, players=4, bots=[3, 4], seed=2)
        assert client.get(f"/tables/{seats.table}/review").status_code == 404
        assert client.get("/tables/nosuchtable/review").status_code == 404
        seats.host("end")
        page = client.get(f"/tables/{seats.table}/review")
    assert page.status_code == 200 and page.text.startswith("<!DOCTYPE html>")
    assert "review" in page.text.lower() and "<script" not in page.text


def test_a_seat_asks_for_the_solvers_view_of_itself(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", solver=lambda record: None, workers="inline")
    with TestClient(app) as client:
        seats = create(client, players=4, bots=[3, 4], seed=2)
        url = f"/api/tables/{seats.table}/seats/1/solve"
        assert client.get(url).status_code == 401
        assert client.get(url, headers=seats.headers(2)).status_code == 403
        assert client.get(url, headers=seats.headers(1)).status_code == 409  # the night
        seats.host("end")
        body = client.get(url, headers=seats.headers(1)).json()
    assert body["consistent"] and body["dealt"]["1"] == {seats.view(1)["card"]: 1.0}


def test_the_review_and_the_refusals_speak_the_pages_language(tmp_path: Path) -> None:
    """The review opens in the reveal's language (its own words and ONUW's sentences);
    the same page in English is the command line's, byte for byte; the setup page's
    refusal is the catalogue's message for its code, the API's line kept as a detail."""
    app = create_app(tmp_path / "t.sqlite", solver=lambda record: None, workers="inline")
    with TestClient(app) as client:
        seats = create(client, players=4, bots=[3, 4], seed=2)
        seats.host("end")
        record = client.get(f"/api/tables/{seats.table}/record").json()
        swedish = client.get(f"/tables/{seats.table}/review?lang=sv").text
        chinese = client.get(
            f"/tables/{seats.table}/review", headers={"Accept-Language": "zh-TW"}
        ).text
        english = client.get(f"/tables/{seats.table}/review").text
        refused = client.post("/setup?lang=sv", data={"players": "3", "deck": "seer"})
    assert '<html lang="sv">' in swedish and "Genomgång av given" in swedish
    assert "Plats 1, fick " in swedish and "Tidslinje" in swedish and "Timeline" not in swedish
    assert '<html lang="zh-Hant">' in chinese and "本局回顧" in chinese and "1 號座位" in chinese
    game, read = api.game_of(record, "review")
    assert english == game.render("review-html", read, game.review(read, None, None))
    assert refused.status_code == 422 and "Kortleken fungerar inte" in refused.text
    assert "<code>deck: 1 cards" in refused.text  # the API's line, as a detail


def test_the_solvers_view_names_what_cannot_hold(client: TestClient) -> None:
    """A seer who saw a villager hears that villager claim the seer: from the seer's view no
    deal fits, and the answer names the claim and its seat (the page says it in its words)."""
    deck = ["werewolf", "seer", "villager", "villager", "mason"]
    for seed in range(1, 200):
        seats = create(client, start=False, players=3, deck=deck, seed=seed)
        dealt = live_table(client, seats.table).dealt
        if dealt[0] == "seer" and dealt[1] == "villager":
            break
    seats.join()
    seats.host("start")
    play_night(seats, lambda view: {"saw": 2} if view["card"] == "seer" else view["options"][-1])
    seats.act(2, {"claim": {"role": "seer"}})
    answer = client.get(f"/api/tables/{seats.table}/seats/1/solve", headers=seats.headers(1))
    body = answer.json()
    assert answer.status_code == 200 and body["consistent"] is False
    assert {"event": 1, "seat": 2} in body["conflict"]
