"""Every game's lab gives the same report on one process and on a Dask cluster, for the
same seed (`wooolf simulate --game NAME --scheduler ADDRESS`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers import run

from wooolf_solver import available, find_game

pytestmark = pytest.mark.usefixtures("plain_console")

SMALL = {"wooolf": ["--players", "4"], "onuw": ["--players", "3"], "werewolf": ["--players", "8"]}
"""A small table of each game (a game missing here plays its default table)."""


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("name", [n for n in available() if "simulate" in find_game(n).verbs])
def test_the_same_report_on_a_dask_cluster(
    name: str, scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", name, *SMALL.get(name, []), "--games", "3", "--seed", "d"]
    status, serial, err = run(capsys, *argv, "--workers", "1", "--json")
    assert status == 0, err
    status, on_dask, err = run(capsys, *argv, "--scheduler", scheduler, "--json")
    assert status == 0, err
    assert on_dask == serial
