"""The workshop's latencies (``/workshop``, issue 26.3): how soon after an edit the page
has its first figure, and its first interval.

The server's app (``create_app``, its workers in processes: two on two cores) is driven
in this process through its ASGI interface (FastAPI's test client: no sockets, so the
figures are the server's own). For each game its default deck is edited ``--edits``
times (each edit a new job that replaces the last, as the page does), and for each edit
two latencies are measured from the moment the edit is sent:

- **first figure**: the first view (the answer to ``POST /workshop/api/jobs``, then
  ``GET /workshop/api/jobs/ID`` polled every ``--poll`` seconds) with the mix's exact
  figures (the game's ``balance`` hook) or figures from at least one game;
- **first interval**: the first view whose figures come from at least one game.

The very first edit, before the workers' processes have started, is timed apart
(``cold``); the page warms them when it loads (``GET /workshop/api/games``), and the
others are timed after that (``warm``). Targets: the first figure within 0.2 s, the
first interval within 2 s (warm).

    python benchmarks/bench_workshop.py              # every game with a lab
    python benchmarks/bench_workshop.py --games werewolf --edits 5 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wooolf_solver.server.app import create_app

with warnings.catch_warnings():  # starlette's test client asks for httpx2, not yet needed
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

FIRST_FIGURE = 0.2
FIRST_INTERVAL = 2.0
WARM_WAIT = 60.0
"""Seconds at most to wait for the workers' warm-up."""


def copies_of(document: Any) -> dict[str, int] | None:
    """The deck document's first table of ``NAME = COPIES`` (``None``: it has none).

    >>> copies_of({"game": "g", "editions": {"e": {"rows": [{"cards": {"a": 1}}]}}})
    {'a': 1}
    """
    if isinstance(document, dict):
        if document and all(type(n) is int for n in document.values()):
            return document
        inner: Any = document.values()
    elif isinstance(document, list):
        inner = document
    else:
        return None
    return next((found for v in inner if (found := copies_of(v)) is not None), None)


def edits_of(document: dict[str, Any], edits: int, grows: bool) -> list[dict[str, Any]]:
    """The decks of ``edits`` edits of the page's deck document, in its first copies
    table: one more, then one fewer, copy of its most common card, in turn (``grows``: a
    deck of any size, as a role list); else ``k + 1`` copies of it moved to the next most
    common card at edit ``k`` (so that the deck keeps its size, and each edit is a deck
    not seen before while the most common card has copies to give).

    >>> [copies_of(d) for d in edits_of({"c": {"a": 1, "b": 3}}, 3, True)]
    [{'a': 1, 'b': 4}, {'a': 1, 'b': 3}, {'a': 1, 'b': 4}]
    >>> [copies_of(d) for d in edits_of({"c": {"a": 1, "b": 4}}, 3, False)]
    [{'a': 2, 'b': 3}, {'a': 3, 'b': 2}, {'a': 4, 'b': 1}]
    """
    out = []
    for k in range(edits):
        edited = json.loads(json.dumps(document))
        table = copies_of(edited)
        if table is not None:
            ranked = sorted(table, key=lambda name: -table[name])
            common = ranked[0]
            if grows or len(ranked) == 1:
                table[common] += k % 2 == 0
            else:
                moved = 1 + k % max(1, table[common] - 1)
                table[common] -= moved
                table[ranked[1]] += moved
        out.append(edited)
    return out


def timed_edit(
    client: TestClient, body: dict[str, Any], poll: float, deadline: float
) -> dict[str, Any]:
    """Send one edit; the seconds to its first figure (exact, or from a game) and to
    its first interval."""
    start = time.perf_counter()
    answer = client.post("/workshop/api/jobs", json=body)
    if answer.status_code != 201:
        raise SystemExit(f"bench_workshop: {answer.json().get('error')}")
    view = answer.json()
    first = None
    while time.perf_counter() - start < deadline:
        if first is None and (view["exact"] or view["done"]):
            first = time.perf_counter() - start
        if view["done"] or view["state"] != "running":
            break
        time.sleep(poll)
        view = client.get(f"/workshop/api/jobs/{view['job']}").json()
    interval = time.perf_counter() - start if view["done"] else None
    return {
        "job": view["job"],
        "answer": answer.elapsed.total_seconds(),
        "first_figure": first,
        "first_interval": interval,
        "exact": view["exact"] is not None or view["exact_pending"],
    }


def bench_game(
    client: TestClient, game: dict[str, Any], edits: int, games: int, poll: float
) -> list[dict[str, Any]]:
    """Every edit of the game's default deck, timed (the first one's job replaced by the
    next, and so on)."""
    query = {"game": game["name"], "mix": game["mix"], "players": game["players"]}
    deck = client.get("/workshop/api/deck", params=query).json()
    runs: list[dict[str, Any]] = []
    last = None
    for edited in edits_of(deck["deck"], edits, game["role_lists"]):  # as the page sends it
        body: dict[str, Any] = {"game": game["name"], "games": games, "deck": edited}
        if not game["role_lists"]:
            body["players"] = deck["players"]
        if last is not None:
            body["replaces"] = last
        run = timed_edit(client, body, poll, 60.0)
        last = run["job"]
        runs.append(run)
    client.delete(f"/workshop/api/jobs/{last}")
    return runs


def summary(runs: Sequence[dict[str, Any]], key: str) -> dict[str, float | None]:
    values = [run[key] for run in runs if run[key] is not None]
    if not values:
        return {"median": None, "max": None}
    return {"median": statistics.median(values), "max": max(values)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", metavar="GAME", help="the games (default: all)")
    parser.add_argument("--edits", type=int, default=3, help="edits per game (default: 3)")
    parser.add_argument("--jobs", type=int, default=200, help="games a job plays (200)")
    parser.add_argument("--poll", type=float, default=0.01, help="seconds between polls")
    parser.add_argument("--workers", default="process", choices=["process", "thread"])
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Path(folder) / "bench.sqlite", workers=args.workers)
        with TestClient(app) as client:
            report = run_all(client, app, args)
    if args.json:
        print(json.dumps(report))
    else:
        show(report)
    return 0


def run_all(client: TestClient, app: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The cold edit, the warm-up, then every game's edits."""
    # the cold edit first, as a page's first: the warm-up the list starts runs beside it
    listed = client.get("/workshop/api/games").json()["games"]
    chosen = [g for g in listed if not args.games or g["name"] in args.games]
    if not chosen:
        raise SystemExit(f"bench_workshop: no such game (known: {[g['name'] for g in listed]})")
    cold = bench_game(client, chosen[0], 1, args.jobs, args.poll)[0]
    deadline = time.monotonic() + WARM_WAIT
    while getattr(app.state, "workshop_warming", set()) and time.monotonic() < deadline:
        time.sleep(0.05)
    games = {g["name"]: bench_game(client, g, args.edits, args.jobs, args.poll) for g in chosen}
    return {
        "workers": args.workers,
        "load": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None,
        "cold": {"game": chosen[0]["name"], **cold},
        "games": {
            name: {
                "edits": runs,
                "first_figure": summary(runs, "first_figure"),
                "first_interval": summary(runs, "first_interval"),
                "exact": any(run["exact"] for run in runs),
            }
            for name, runs in games.items()
        },
        "targets": {"first_figure": FIRST_FIGURE, "first_interval": FIRST_INTERVAL},
    }


def show(report: dict[str, Any]) -> None:
    def seconds(value: float | None) -> str:
        return "—" if value is None else f"{value:.3f} s"

    cold = report["cold"]
    print(f"workshop latencies (workers: {report['workers']}; load {report['load']}; targets: "
          f"first figure {FIRST_FIGURE} s, first interval {FIRST_INTERVAL} s)")  # fmt: skip
    figure, interval = seconds(cold["first_figure"]), seconds(cold["first_interval"])
    print(f"cold ({cold['game']}, the workers starting): first figure {figure}, "
          f"first interval {interval}")  # fmt: skip
    print(f"{'game':<10} {'exact':<6} {'first figure (median / max)':<30} first interval")
    for name, figures in report["games"].items():
        ff, fi = figures["first_figure"], figures["first_interval"]
        ok_f = "ok" if (ff["max"] or 0) <= FIRST_FIGURE else "over"
        ok_i = "ok" if fi["max"] is not None and fi["max"] <= FIRST_INTERVAL else "over"
        print(
            f"{name:<10} {'yes' if figures['exact'] else 'no':<6} "
            f"{seconds(ff['median'])} / {seconds(ff['max'])} {ok_f:<8} "
            f"{seconds(fi['median'])} / {seconds(fi['max'])} {ok_i}"
        )


if __name__ == "__main__":
    sys.exit(main())
