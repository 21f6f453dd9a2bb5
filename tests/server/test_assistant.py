"""The live Wooolf!! assistant's API: the worked example's numbers, a record file that
``wooolf solve`` reads, one-line errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wooolf_solver import api
from wooolf_solver.core.documents import read_document
from wooolf_solver.server.app import create_app

from .helpers import TestClient

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "worked-example.yaml"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "t.sqlite", workers="inline")) as client:
        yield client


def test_the_worked_example(client: TestClient) -> None:
    record = dict(read_document(EXAMPLE))
    body = client.post("/wooolf/api/analyse", json=record).json()
    assert body["solve"]["deals"] == 1560
    assert body["solve"]["roles"]["1"]["hound"] == pytest.approx(0.523077, abs=1e-6)
    assert body["solve"]["declarations"][0] == {
        "targets": [6, 1],
        "probability": pytest.approx(0.523077, abs=1e-6),
    }
    assert body["identity"] == "hunter" and body["targets"] == ["wolf", "hound"]
    best = body["hint"]["actions"][0]
    assert (best["action"], best["target"], best["question"]) == (
        "ask",
        1,
        "is-sheep-shepherd-hunter",
    )
    facts = {fact["fact"]: fact["events"] for fact in body["why"]}
    assert facts["seat 5 is the shepherd"] == [3, 4]


def test_a_contradiction_names_its_events(client: TestClient) -> None:
    record = {"game": "wooolf", "players": 6, "events": [
        {"seat": 1, "ask": 2, "question": "has-sheep", "answer": "yes"},
        {"seat": 3, "ask": 2, "question": "has-sheep", "answer": "no"},
    ]}  # fmt: skip
    body = client.post("/wooolf/api/analyse", json=record).json()
    assert body["solve"] == {"consistent": False, "conflict": [1, 2]}


def test_a_malformed_round_is_refused_in_one_line(client: TestClient) -> None:
    response = client.post(
        "/wooolf/api/analyse",
        json={"game": "wooolf", "players": 6, "events": [{"seat": 9, "declare": "early"}]},
    )
    assert response.status_code == 422 and "\n" not in response.json()["error"]
    assert client.get("/wooolf/api/setup", params={"players": 12}).status_code == 422


def test_the_download_is_a_record_that_solve_reads(client: TestClient, tmp_path: Path) -> None:
    record = dict(read_document(EXAMPLE))
    response = client.post("/wooolf/api/record", json=record)
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    path = tmp_path / "round.yaml"
    path.write_text(response.text, encoding="utf-8")
    assert api.solve(str(path)).deals == 1560


def test_the_page_and_its_setup(client: TestClient) -> None:
    assert "live assistant" in client.get("/wooolf").text
    assert client.get("/wooolf/assistant.js").status_code == 200
    setup = client.get("/wooolf/api/setup", params={"edition": "advanced", "players": 4}).json()
    assert setup["neutral"] == [5] and "shepherd/hunter" in [c["name"] for c in setup["cards"]]
