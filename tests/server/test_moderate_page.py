"""The moderator's page's API (``/moderate``): a whole game of classic Werewolf taps to
its end, the record ``review`` reads, a restart in the middle, undo, refusals."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

from wooolf_solver import api
from wooolf_solver.games.werewolf.moderate import Assistant
from wooolf_solver.server.app import create_app

with warnings.catch_warnings():  # starlette's test client asks for httpx2, not yet needed
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

DECK = {"cupid": 1, "hunter": 1, "seer": 1, "villager": 2, "werewolf": 2, "witch": 1}
CARDS = ["cupid", "hunter", "seer", "villager", "villager", "werewolf", "werewolf", "witch"]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]

View = dict[str, Any]


def client_on(db: Path) -> TestClient:
    return TestClient(create_app(db, workers="thread"))


def tap(client: TestClient, view: View, answer: str, status: int = 200) -> View:
    response = client.post(
        "/moderate/api/game/answer",
        json={"answer": answer, "step": view["step"]},
        headers=bearer(view),
    )
    assert response.status_code == status, response.text
    return {**response.json(), "key": view["key"]}


def bearer(view: View) -> dict[str, str]:
    """The game's key, as the page sends it (a view here carries it)."""
    return {"Authorization": f"Bearer {view['key']}"}


def choose(view: View) -> str:
    """The script's moderator: the first option, the last seat in a ballot."""
    question = view["question"]
    options = [option["value"] for option in question["options"]]
    return options[-1] if question["key"] in ("vote", "elect") else options[0]


def new_game(client: TestClient, **options: Any) -> View:
    body = {"roles": DECK, "names": NAMES, "deal": "hand", **options}
    response = client.post("/moderate/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def test_a_whole_game_to_the_win_and_review_reads_its_record(tmp_path: Path) -> None:
    with client_on(tmp_path / "t.sqlite") as client:
        view = new_game(client)
        assert view["question"]["prompt"] == "Ann (seat 1)'s card?"
        for card in CARDS:
            view = tap(client, view, card)
        assert view["question"]["prompt"] == "Cupid (Ann, seat 1), wake up: the first lover?"
        assert view["question"]["options"][1] == {"value": "2", "label": "2 · Bo"}
        taps = list(CARDS)
        while view["question"] is not None:
            taps.append(choose(view))
            view = tap(client, view, taps[-1])
        assert view["over"] and view["winner"] == "werewolves"
        record = client.get("/moderate/api/game/record", headers=bearer(view))
        assert record.status_code == 200
    lines = view["lines"]
    assert lines[0] == "Night 1 falls: everyone, close your eyes."
    assert "Bo (seat 2, hunter) dies of grief (the lover of Ann (seat 1))." in lines[6]
    assert lines[-1] == "The werewolves win."
    path = tmp_path / "game.json"
    path.write_text(record.text)
    review = api.review(api.load(path))
    assert review.winner == "werewolves"
    terminal = Assistant(tuple(sorted(DECK.items())), names=tuple(NAMES))
    for answer in taps:  # the same taps typed into the terminal's assistant
        terminal.answer(answer)
    assert json.loads(json.dumps(terminal.record_dict())) == json.loads(record.text)
    assert terminal.lines() == lines


def test_a_restart_in_the_middle_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    with client_on(db) as client:
        view = new_game(client, deal="shuffle")
        assert view["step"] == 8 and view["night"] == 1  # the cards dealt here
        assert sorted(row["card"] for row in view["table"]) == CARDS
        for _ in range(5):
            view = tap(client, view, choose(view))
        before = view
    with client_on(db) as client:
        after = {
            **client.get("/moderate/api/game", headers=bearer(before)).json(),
            "key": before["key"],
        }
        assert after == before
        while after["question"] is not None:
            after = tap(client, after, choose(after))
        assert after["over"]


def test_undo_a_stale_tap_and_refusals(tmp_path: Path) -> None:
    with client_on(tmp_path / "t.sqlite") as client:
        view = new_game(client)
        first = tap(client, view, "cupid")
        tap(client, view, "hunter", status=409)  # a second tab's tap on an old step
        wrong = tap(client, first, "wizard", status=422)
        assert wrong["error"].startswith("answer: 'wizard' is not one of")
        undo = client.post("/moderate/api/game/undo", json={"step": 1}, headers=bearer(view))
        assert undo.json()["step"] == 0 and undo.json()["question"] == view["question"]
        assert client.get("/moderate/api/game", headers=bearer({"key": "other"})).status_code == 404
        assert client.get("/moderate/api/game").status_code == 404  # no key
        bad = client.post("/moderate/api/games", json={"roles": {"seer": 1, "villager": 3}})
        assert bad.status_code == 422 and bad.json()["error"].startswith("roles: a deck needs")
        bad = client.post("/moderate/api/games", json={"roles": DECK, "names": ["Ann"]})
        assert bad.json()["error"] == "names: 1 names for 8 players"


def test_the_page_and_its_setup(tmp_path: Path) -> None:
    with client_on(tmp_path / "t.sqlite") as client:
        page = client.get("/moderate")
        assert page.status_code == 200 and 'src="/moderate/moderate.js"' in page.text
        assert client.get("/moderate/moderate.js").status_code == 200
        eight = client.get("/moderate/api/setup?players=8").json()
        assert eight["table"] and eight["deck"] == {"seer": 1, "villager": 5, "werewolf": 2}
        five = client.get("/moderate/api/setup?players=5").json()
        assert not five["table"] and sum(five["deck"].values()) == 5
        assert client.get("/moderate/api/setup?players=40").status_code == 422
