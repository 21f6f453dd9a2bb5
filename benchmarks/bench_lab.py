"""How fast the designer lab plays: games and rounds per second of greedy bots.

For each player count (default 6 and 8) it plays ``--games`` games of the basic
edition between greedy bots in this process (one core, after one game untimed),
timing every bot decision, and reports games and rounds per second, the time per
turn, and the share of the time spent in the bots' decisions (``hint`` and
``solve``: the solver) against the engine itself. ``--workers W`` also runs the
same games on ``W`` processes through :func:`wooolf_solver.lab.simulate` and
reports the throughput per core. The goal of issue 5: at least 5 rounds per second
per core with 8 players.

    python benchmarks/bench_lab.py                      # the table
    python benchmarks/bench_lab.py --games 3 --json     # JSON on stdout
    python benchmarks/bench_lab.py --workers 2          # also 2 processes

The solver's figures of the report (``analyse``) are not part of the serial timing;
add ``--analyse`` to time the processes with them. The end-to-end figure is the lab as
the user runs it (issue 12): ``wooolf simulate --players 8 --games K --bots greedy
--workers 1`` in a fresh interpreter, the report's analysis included, timed from the
process's start to its exit (``--cli-games K``, default 40; 0 leaves it out), and split by
one more run of a single game (the same first game) into the start (the process and its first
game) and the rate of the games after it. The goal of issue 12: at least 30 rounds per second
per core with 8 players, end to end.

    python benchmarks/bench_lab.py --players 8 --games 0 --cli-games 40   # only the CLI

>>> per_second(10, 4.0), per_second(3, 0.0)
(2.5, None)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.table import Table

from wooolf_solver.games.wooolf.bots import GreedyBot
from wooolf_solver.games.wooolf.lab import Deck, Simulation, lab_game, simulate
from wooolf_solver.games.wooolf.rules import base_rules
from wooolf_solver.games.wooolf.table import Declaring, Move, TurnView, play_game
from wooolf_solver.lab.executors import Processes

T = TypeVar("T")

VERSION = 1
"""The version of the JSON report's layout."""
GOAL_PLAYERS = 8
GOAL_ROUNDS_PER_SECOND = 5.0
"""Issue 5's goal: the bots alone, one core."""
GOAL_CLI_ROUNDS_PER_SECOND = 30.0
"""Issue 12's goal: ``wooolf simulate`` end to end (the report included), one core."""


def per_second(count: int, seconds: float) -> float | None:
    return count / seconds if seconds > 0 else None


@dataclass
class Timed:
    """A greedy bot whose decisions are timed."""

    bot: GreedyBot = field(default_factory=GreedyBot)
    seconds: float = 0.0
    decisions: int = 0

    @property
    def name(self) -> str:
        return self.bot.name

    def act(self, view: TurnView, rng: random.Random) -> Move:
        return self._timed(lambda: self.bot.act(view, rng))

    def declare(self, view: TurnView, rng: random.Random) -> Declaring | None:
        return self._timed(lambda: self.bot.declare(view, rng))

    def _timed(self, decide: Callable[[], T]) -> T:
        """One decision, its time added to the bot's."""
        start = time.perf_counter()
        try:
            return decide()
        finally:
            self.seconds += time.perf_counter() - start
            self.decisions += 1


def bench_serial(players: int, games: int, seed: str) -> dict[str, Any]:
    """Play ``games`` greedy games in this process, timing the bots (after one game
    untimed: the deck's first tables are in the end-to-end figure, not here)."""
    game = base_rules()
    setup = game.setup("basic", players)
    with lab_game():
        play_game(random.Random(f"{seed}:warm-up"), game, setup, [GreedyBot()] * players)
    rounds = turns = 0
    in_bots = 0.0
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        bots = [Timed() for _ in range(players)]
        with lab_game():  # as the lab plays a game
            played = play_game(random.Random(f"{seed}:{index}"), game, setup, bots)
        rounds += len(played.rounds)
        turns += sum(len(r.round.events) for r in played.rounds)
        in_bots += sum(bot.seconds for bot in bots)
        decisions += sum(bot.decisions for bot in bots)
    seconds = time.perf_counter() - start
    rate = per_second(rounds, seconds)
    return {
        "players": players,
        "games": games,
        "rounds": rounds,
        "turns": turns,
        "seconds": seconds,
        "games_per_second": per_second(games, seconds),
        "rounds_per_second": rate,
        "ms_per_turn": 1000 * seconds / turns if turns else None,
        "ms_per_decision": 1000 * in_bots / decisions if decisions else None,
        "share_in_bots": in_bots / seconds if seconds > 0 else None,
        "goal_met": (rate is not None and rate >= GOAL_ROUNDS_PER_SECOND)
        if players == GOAL_PLAYERS
        else None,
    }


def bench_processes(
    players: int, games: int, seed: str, workers: int, analyse: bool
) -> dict[str, Any]:
    """The same games through :func:`simulate` on ``workers`` processes."""
    sim = Simulation(Deck(), players, ("greedy",), seed=seed, analyse=analyse)
    start = time.perf_counter()
    report = simulate(sim, games, Processes(workers))
    seconds = time.perf_counter() - start
    rounds = sum(summary.rounds for summary in report.summaries)
    rate = per_second(rounds, seconds)
    return {
        "players": players,
        "workers": workers,
        "analyse": analyse,
        "games": games,
        "rounds": rounds,
        "seconds": seconds,
        "games_per_second": per_second(games, seconds),
        "rounds_per_second": rate,
        "rounds_per_second_per_core": rate / workers if rate is not None else None,
    }


def bench_cli(players: int, games: int, seed: str) -> dict[str, Any]:
    """``wooolf simulate`` with greedy bots on one worker, as the user runs it (a new
    interpreter, the report's analysis included), timed from start to exit; and, when
    ``games`` is more than one, the same command with one game (the same first game),
    which splits the time into the start (the process and its first game: imports,
    the deck's first tables) and the games after it."""
    rounds, seconds = _timed_simulate(players, games, seed)
    rate = per_second(rounds, seconds)
    found: dict[str, Any] = {
        "players": players,
        "games": games,
        "rounds": rounds,
        "seconds": seconds,
        "rounds_per_second": rate,
        "goal_met": (rate is not None and rate >= GOAL_CLI_ROUNDS_PER_SECOND)
        if players == GOAL_PLAYERS
        else None,
        "start_seconds": None,
        "rounds_per_second_after_start": None,
    }
    if games > 1:
        first_rounds, first_seconds = _timed_simulate(players, 1, seed)
        found["start_seconds"] = first_seconds
        found["rounds_per_second_after_start"] = per_second(
            rounds - first_rounds, max(seconds - first_seconds, 0.0)
        )
    return found


def _timed_simulate(players: int, games: int, seed: str) -> tuple[int, float]:
    """The rounds played and the seconds taken by one ``wooolf simulate`` process."""
    argv = [
        sys.executable,
        "-m",
        "wooolf_solver",
        "simulate",
        "--players",
        str(players),
        "--games",
        str(games),
        "--bots",
        "greedy",
        "--workers",
        "1",
        "--seed",
        seed,
        "--json",
    ]
    root = str(Path(__file__).resolve().parents[1])  # this checkout's package, not another
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=True, env=env)
    seconds = time.perf_counter() - start
    report = json.loads(done.stdout)
    return round(report["rounds_per_game"]["mean"] * report["games"]), seconds


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="6,8", help="player counts (default: %(default)s)")
    parser.add_argument("--games", type=int, default=5, help="games per count (default: 5)")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--workers", type=int, default=0, help="also run on W processes")
    parser.add_argument("--analyse", action="store_true", help="processes: with the analysis")
    parser.add_argument(
        "--cli-games",
        type=int,
        default=40,
        metavar="K",
        help="games of `wooolf simulate` end to end per count (default: 40; 0: none)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    counts = [int(part) for part in args.players.split(",")]
    serial = [bench_serial(players, args.games, args.seed) for players in counts if args.games]
    cli = [bench_cli(players, args.cli_games, args.seed) for players in counts if args.cli_games]
    pooled = [
        bench_processes(players, args.games, args.seed, args.workers, args.analyse)
        for players in counts
        if args.workers > 0
    ]
    result = {
        "version": VERSION,
        "machine": machine(),
        "settings": {"games": args.games, "seed": args.seed, "bots": "greedy"},
        "goal": {"players": GOAL_PLAYERS, "rounds_per_second_per_core": GOAL_ROUNDS_PER_SECOND},
        "cli_goal": {
            "players": GOAL_PLAYERS,
            "rounds_per_second_per_core": GOAL_CLI_ROUNDS_PER_SECOND,
        },
        "serial": serial,
        "processes": pooled,
        "cli": cli,
    }
    if args.json:
        print(json.dumps(result))
        return 0
    console = Console(width=None if sys.stdout.isatty() else 120, highlight=False)
    table = Table(title="Greedy bots, basic edition, one core", title_justify="left")
    for name in ("players", "games", "rounds", "turns", "s", "games/s", "rounds/s"):
        table.add_column(name, justify="right")
    table.add_column("ms/turn", justify="right")
    table.add_column("in bots", justify="right")
    for row in serial:
        table.add_row(
            str(row["players"]),
            str(row["games"]),
            str(row["rounds"]),
            str(row["turns"]),
            f"{row['seconds']:.1f}",
            f"{row['games_per_second']:.2f}",
            f"{row['rounds_per_second']:.2f}",
            f"{row['ms_per_turn']:.1f}",
            f"{row['share_in_bots']:.0%}",
        )
    console.print(table)
    for row in pooled:
        console.print(
            f"{row['players']} players on {row['workers']} processes"
            f"{' with the analysis' if row['analyse'] else ''}: "
            f"{row['rounds_per_second']:.2f} rounds/s, "
            f"{row['rounds_per_second_per_core']:.2f} per core"
        )
    for row in cli:
        console.print(
            f"wooolf simulate --players {row['players']} --games {row['games']} --bots greedy "
            f"--workers 1, end to end with its report: {row['rounds']} rounds in "
            f"{row['seconds']:.1f} s, {row['rounds_per_second']:.2f} rounds/s"
        )
        if row["start_seconds"] is not None:
            after = row["rounds_per_second_after_start"]
            rest = f"; the games after it {after:.2f} rounds/s" if after is not None else ""
            console.print(
                f"  of which the start and the first game (a one-game run): "
                f"{row['start_seconds']:.1f} s{rest}"
            )
    for row in cli:
        if row["players"] == GOAL_PLAYERS:
            met = "met" if row["goal_met"] else "not met"
            console.print(
                f"Goal end to end: {GOAL_CLI_ROUNDS_PER_SECOND:g} rounds/s per core with "
                f"{GOAL_PLAYERS} players: {met} ({row['rounds_per_second']:.2f})."
            )
    goal = [row for row in serial if row["players"] == GOAL_PLAYERS]
    if goal:
        met = "met" if goal[0]["goal_met"] else "not met"
        console.print(
            f"Goal: {GOAL_ROUNDS_PER_SECOND:g} rounds/s per core with {GOAL_PLAYERS} players: "
            f"{met} ({goal[0]['rounds_per_second']:.2f})."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
