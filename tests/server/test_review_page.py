"""The reveal's review link: a finished deal's review page (the one ``wooolf review --html``
writes), ``404`` before the deal is over, as for its record."""

from __future__ import annotations

from pathlib import Path

from wooolf_solver.server.app import create_app

from .helpers import TestClient, create


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
