"""The live Wooolf!! assistant's API: the worked example's numbers, a record file that
``wooolf solve`` reads, one-line errors."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from wooolf_solver import api
from wooolf_solver.core.documents import read_document
from wooolf_solver.games.wooolf import assistant
from wooolf_solver.server.app import create_app
from wooolf_solver.server.limits import Limits

from .helpers import TestClient
from .live_server import serving

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


def test_an_analysis_does_not_hold_up_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Held until the test lets it go, an analysis blocks neither another page's request
    nor the refusal of a second analysis (no clock: the order of events is the check)."""
    started, release = threading.Event(), threading.Event()

    def held(record: Any) -> dict[str, Any]:
        started.set()
        release.wait(10)
        return {"held": True}

    monkeypatch.setattr(assistant, "analyse", held)
    app = create_app(tmp_path / "t.sqlite", workers="thread", limits=Limits(analyses=1, waiting=0))
    with serving(app) as base, httpx.Client(base_url=base, timeout=10) as http:
        record = {"game": "wooolf", "players": 6, "events": []}
        with ThreadPoolExecutor(1) as pool:
            running = pool.submit(http.post, "/wooolf/api/analyse", json=record)
            assert started.wait(10)
            assert http.get("/wooolf/api/setup").status_code == 200
            busy = http.post("/wooolf/api/analyse", json=record)
            assert not running.done()  # both answered while the analysis was still held
            release.set()
            assert busy.status_code == 503 and busy.json()["error"].startswith("analysis:")
            assert running.result().json() == {"held": True}


def test_the_why_speaks_the_pages_language(client: TestClient) -> None:
    """The why's facts and sentences in the page's language (``?lang=``, else the
    browser's); in English, the same as ``wooolf why`` says them."""
    record = dict(read_document(EXAMPLE))
    english = client.post("/wooolf/api/analyse", json=record).json()["why"]
    swedish = client.post("/wooolf/api/analyse?lang=sv", json=record).json()["why"]
    chinese = client.post(
        "/wooolf/api/analyse", json=record, headers={"Accept-Language": "zh-TW"}
    ).json()["why"]
    assert [fact["events"] for fact in swedish] == [fact["events"] for fact in english]
    shepherd = next(fact for fact in english if fact["fact"] == "seat 5 is the shepherd")
    assert shepherd["sentences"][-1] == "So seat 5 is the shepherd."
    said = {fact["fact"]: fact["sentences"] for fact in swedish}
    assert said["plats 5 är shepherd"][-1] == "Alltså: plats 5 är shepherd."
    assert any("du kikade på plats 6 och såg wolf" in line for line in said["plats 5 är shepherd"])
    assert "5 號是 shepherd" in {fact["fact"] for fact in chinese}
