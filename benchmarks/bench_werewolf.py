"""Benchmarks of classic Werewolf: ``solve``, ``balance`` and the lab's games per second.

- **solve**: a seat's view of an 18-player game (the rules' table deck) after its first
  10 events, by the default engine (the counter) under the default speech model
  (``mimic``) and under ``free``, median of ``--repeat`` runs, beside the
  generic ``brute`` engine, run in a child process under ``--budget`` seconds (its
  answer is checked against the counter's when it finishes); target ≤ 100 ms.
- **balance**: the exact random-lynch baseline of every table row (8 to 18 players),
  recomputed from an empty cache each time; target ≤ 10 ms per mix.
- **simulate**: twelve-player games per second on one core, with random bots
  (target ≥ 500) and with solver bots (target ≥ 20).

Figures and ratios on stdout (``--json``: one JSON object); progress lines on stderr.

    PYTHONPATH=. python benchmarks/bench_werewolf.py [--repeat 7] [--budget 60] [--json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from wooolf_solver.core.speech import read_by
from wooolf_solver.games.werewolf import balance as balance_module
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.lab import simulate
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import GameRecord, dump_record
from wooolf_solver.games.werewolf.rules import load_rules
from wooolf_solver.games.werewolf.solver_bots import SolverBot

TARGETS = {"solve_ms": 100.0, "balance_ms": 10.0, "random_games_s": 500.0, "solver_games_s": 20.0}


def note(text: str) -> None:
    print(f"bench_werewolf: {text}", file=sys.stderr, flush=True)


def position(players: int = 18, events: int = 10, seed: int = 4) -> GameRecord:
    """A seat's view of a played game of the table deck after its first ``events`` events
    (a villager's seat, with the public claims the random bots make)."""
    rules = load_rules()
    deck = rules.table_deck(players)
    rng = random.Random(seed)
    outcome = play_game(deck, RandomBot(rng, claims=0.3), random.Random(seed ^ 1))
    record = outcome.record
    seat = next(s for s, role in record.cards if role == "villager")
    view = record.view(seat)
    return replace(view, events=view.events[:events])


def median_ms(work: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _brute(queue: Any, text: str) -> None:
    from wooolf_solver import api  # noqa: PLC0415
    from wooolf_solver.games.werewolf.record import read_record  # noqa: PLC0415

    record = read_record(text)
    start = time.perf_counter()
    werewolf = api.solve(record, "brute").to_dict()["werewolf"]
    queue.put((time.perf_counter() - start, werewolf))


def brute_ms(record: GameRecord, budget: float) -> tuple[float | None, dict[str, float] | None]:
    """The brute-force engine's time in a child process (``None``: over the budget)."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    child = context.Process(target=_brute, args=(queue, dump_record(record)))
    child.start()
    child.join(budget)
    if child.is_alive():
        child.terminate()
        child.join()
        return None, None
    seconds, werewolf = queue.get()
    return seconds * 1000, werewolf


def games_per_second(make: Callable[[random.Random], Any], games: int) -> float:
    deck = load_rules().table_deck(12)
    start = time.perf_counter()
    simulate(deck, games, seed=1, bots=make)
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs (the median)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds for brute force")
    parser.add_argument("--games", type=int, default=1000, help="random-bot games")
    parser.add_argument("--solver-games", type=int, default=40, help="solver-bot games")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    from wooolf_solver import api  # noqa: PLC0415

    record = position()
    note(f"solve: {record.players} players, {len(record.events)} events, the counter")
    start = time.perf_counter()
    expected = api.solve(record).to_dict()
    cold = (time.perf_counter() - start) * 1000
    solve = median_ms(lambda: api.solve(record), args.repeat)
    free = read_by(record, "free")
    solve_free = median_ms(lambda: api.solve(free), args.repeat)
    note(f"solve: brute force in a child process (budget {args.budget:g} s)")
    brute, werewolf = brute_ms(record, args.budget)
    agrees = None
    if werewolf is not None:
        agrees = all(abs(werewolf[s] - p) < 1e-9 for s, p in expected["werewolf"].items())
    note("balance: every table row, from an empty cache")
    rows = load_rules().table

    def baselines() -> None:
        balance_module._night.cache_clear()
        balance_module._day.cache_clear()
        for deck in rows.values():
            balance_module.balance(deck)

    balance = median_ms(baselines, args.repeat) / len(rows)
    note(f"simulate: {args.games} twelve-player games, random bots")
    random_rate = games_per_second(RandomBot, args.games)
    note(f"simulate: {args.solver_games} twelve-player games, solver bots")
    solver_rate = games_per_second(SolverBot, args.solver_games)
    report = {
        "solve": {
            "players": record.players,
            "events": len(record.events),
            "worlds": expected["worlds"],
            "speech": record.model.speech,
            "counter_ms": solve,
            "counter_free_ms": solve_free,
            "counter_first_ms": cold,
            "brute_ms": brute,
            "brute_agrees": agrees,
            "speed_up": brute / solve if brute is not None else None,
        },
        "balance_ms": balance,
        "simulate": {"random_games_s": random_rate, "solver_games_s": solver_rate},
        "targets": TARGETS,
    }
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"solve (18 players, 10 events, {expected['worlds']:,} worlds):")
    print(
        f"  counter      {solve:9.2f} ms  (speech {record.model.speech}; target ≤ "
        f"{TARGETS['solve_ms']:g} ms: {solve / TARGETS['solve_ms']:.2f} of it; the first "
        f"run, imports and caches cold: {cold:.1f} ms)"
    )
    print(f"  counter      {solve_free:9.2f} ms  (speech free)")
    if brute is None:
        print(f"  brute force  over the {args.budget:g} s budget")
    else:
        print(
            f"  brute force  {brute:9.2f} ms  ({brute / solve:,.0f}× the counter; "
            f"answers {'agree' if agrees else 'DIFFER'})"
        )
    print(
        f"balance (random lynch, per mix): {balance:.3f} ms  (target ≤ {TARGETS['balance_ms']:g}"
        f" ms: {balance / TARGETS['balance_ms']:.3f} of it)"
    )
    print(
        f"simulate (12 players, one core): random bots {random_rate:,.0f} games/s "
        f"({random_rate / TARGETS['random_games_s']:.1f}× the target of 500), solver bots "
        f"{solver_rate:,.1f} games/s ({solver_rate / TARGETS['solver_games_s']:.1f}× the "
        "target of 20)"
    )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
