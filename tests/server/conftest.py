"""The server tests' common fixtures: a clock moved by hand, and an app on it whose bots
vote "nobody" at once (a module may define its own ``client``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from wooolf_solver.server.app import create_app

from .helpers import Clock, TestClient


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    app = create_app(
        tmp_path / "t.sqlite",
        solver=lambda record: None,
        workers="inline",
        clock=clock,
    )
    with TestClient(app) as client:
        yield client
