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
per core with 8 players, end to end. That run writes every game's record (``--records``, in a
temporary folder), as issue 23 ran it, and is also timed in processor seconds (the child's
user and system time: the figure per core, which other work on the machine moves less than the
wall clock), with the start-up alone (``python -c "import wooolf_solver.cli"``, the median of
three) discounted as well. ``--loops numpy`` times the numpy loops that an install without a C
compiler runs (:mod:`wooolf_solver.games.wooolf.engines.array_kernels`), in the serial games
and the CLI.

    python benchmarks/bench_lab.py --players 8 --games 0 --cli-games 40   # only the CLI
    python benchmarks/bench_lab.py --players 8 --games 0 --seed 5 --loops numpy

>>> per_second(10, 4.0), per_second(3, 0.0)
(2.5, None)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rich.console import Console
from rich.table import Table

from wooolf_solver.core.play import Legal
from wooolf_solver.games.wooolf.bots import GreedyBot
from wooolf_solver.games.wooolf.engines.deals import array_loops
from wooolf_solver.games.wooolf.lab import LAB, Deck, Simulation, simulate
from wooolf_solver.games.wooolf.rules import base_rules
from wooolf_solver.games.wooolf.state import play_game
from wooolf_solver.games.wooolf.table import Move, TurnView
from wooolf_solver.lab.executors import Processes
from wooolf_solver.lab.runner import playing

T = TypeVar("T")

VERSION = 1
"""The version of the JSON report's layout."""
GOAL_PLAYERS = 8
GOAL_ROUNDS_PER_SECOND = 5.0
"""Issue 5's goal: the bots alone, one core."""
GOAL_CLI_ROUNDS_PER_SECOND = 30.0
"""Issue 12's goal: ``wooolf simulate`` end to end (the report included), one core."""
LOOPS = ("c", "numpy")
"""The loops over the rows to time: the C ones (where built) or numpy's."""
STARTS = 3
"""Runs of the start-up alone; their median is discounted."""

NUMPY_LOOPS = """import sys
from wooolf_solver.cli import main
from wooolf_solver.games.wooolf.engines.deals import array_loops
with array_loops():
    sys.exit(main(sys.argv[1:]))
"""
"""``wooolf`` with the numpy loops, for ``python -c`` (arguments after ``-c``'s)."""


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

    def act(self, view: TurnView, legal: Legal[Move], rng: random.Random) -> Move:
        return self._timed(lambda: self.bot.act(view, legal, rng))

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
    with playing(LAB):
        play_game(random.Random(f"{seed}:warm-up"), game, setup, [GreedyBot()] * players)
    rounds = turns = 0
    in_bots = 0.0
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        bots = [Timed() for _ in range(players)]
        with playing(LAB):  # as the lab plays a game
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


def bench_cli(players: int, games: int, seed: str, loops: str = "c") -> dict[str, Any]:
    """``wooolf simulate`` with greedy bots on one worker, as the user runs it (a new
    interpreter, the report's analysis and the records included), timed from start to
    exit, in wall-clock and processor seconds, and with the start-up alone discounted;
    and, when ``games`` is more than one, the same command with one game (the same first
    game), which splits the time into the start (the process and its first game:
    imports, the deck's first tables) and the games after it."""
    run = _timed_simulate(players, games, seed, loops)
    rate = per_second(run.rounds, run.seconds)
    start = _timed_start()
    found: dict[str, Any] = {
        "players": players,
        "games": games,
        "loops": loops,
        "rounds": run.rounds,
        "seconds": run.seconds,
        "rounds_per_second": rate,
        "cpu_seconds": run.cpu,
        "rounds_per_cpu_second": _per(run.rounds, run.cpu),
        "import_cpu_seconds": start.cpu,
        "rounds_per_cpu_second_after_import": _per(run.rounds, run.cpu, start.cpu),
        "goal_met": (rate is not None and rate >= GOAL_CLI_ROUNDS_PER_SECOND)
        if players == GOAL_PLAYERS
        else None,
        "start_seconds": None,
        "rounds_per_second_after_start": None,
    }
    if games > 1:
        first = _timed_simulate(players, 1, seed, loops)
        found["start_seconds"] = first.seconds
        found["rounds_per_second_after_start"] = per_second(
            run.rounds - first.rounds, max(run.seconds - first.seconds, 0.0)
        )
    return found


def _per(count: int, seconds: float | None, less: float | None = 0.0) -> float | None:
    """``count`` per second of ``seconds - less`` (``None`` if either is unknown)."""
    if seconds is None or less is None:
        return None
    return per_second(count, seconds - less)


@dataclass(frozen=True)
class Run:
    """One timed process: the rounds it played, its wall-clock and processor seconds
    (``None`` where the system does not report a child's)."""

    rounds: int
    seconds: float
    cpu: float | None


def _timed_simulate(players: int, games: int, seed: str, loops: str = "c") -> Run:
    """One ``wooolf simulate`` process, its records written to a temporary folder."""
    program = ["-m", "wooolf_solver"] if loops == "c" else ["-c", NUMPY_LOOPS]
    with tempfile.TemporaryDirectory() as records:
        arguments = [
            *("simulate", "--players", str(players), "--games", str(games), "--bots"),
            *("greedy", "--workers", "1", "--seed", seed, "--records", records, "--json"),
        ]
        done, seconds, cpu = _timed([*program, *arguments])
    report = json.loads(done.stdout)
    return Run(round(report["rounds_per_game"]["mean"] * report["games"]), seconds, cpu)


def _timed_start() -> Run:
    """The start-up alone (the interpreter and the command line's modules): the median
    of :data:`STARTS` runs."""
    runs = [_timed(["-c", "import wooolf_solver.cli"])[1:] for _ in range(STARTS)]
    cpus = [cpu for _, cpu in runs if cpu is not None]
    return Run(0, statistics.median(s for s, _ in runs), statistics.median(cpus) if cpus else None)


def _timed(arguments: list[str]) -> tuple[subprocess.CompletedProcess[str], float, float | None]:
    """Run this Python with ``arguments`` on this checkout's package: the finished
    process, its wall-clock seconds and its processor seconds (user and system)."""
    root = str(Path(__file__).resolve().parents[1])  # this checkout's package, not another
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *arguments], capture_output=True, text=True, check=True, env=env
    )
    seconds = time.perf_counter() - start
    after = _children_cpu()
    return done, seconds, None if before is None or after is None else after - before


def _children_cpu() -> float | None:
    """The processor seconds of this process's finished children (``None`` on a
    system without :mod:`resource`)."""
    try:
        import resource  # noqa: PLC0415 (not on Windows)
    except ImportError:
        return None
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


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
    parser.add_argument(
        "--loops",
        choices=LOOPS,
        default="c",
        help="the loops over the rows: the C ones (default) or numpy's (an install without C)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    counts = [int(part) for part in args.players.split(",")]
    with array_loops() if args.loops == "numpy" else nullcontext():
        serial = [bench_serial(players, args.games, args.seed) for players in counts if args.games]
    cli = [
        bench_cli(players, args.cli_games, args.seed, args.loops)
        for players in counts
        if args.cli_games
    ]
    pooled = [
        bench_processes(players, args.games, args.seed, args.workers, args.analyse)
        for players in counts
        if args.workers > 0
    ]
    result = {
        "version": VERSION,
        "machine": machine(),
        "settings": {"games": args.games, "seed": args.seed, "bots": "greedy", "loops": args.loops},
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
            f"--workers 1 --records DIR, end to end with its report ({row['loops']} loops): "
            f"{row['rounds']} rounds in {row['seconds']:.1f} s, "
            f"{row['rounds_per_second']:.2f} rounds/s"
        )
        if row["cpu_seconds"] is not None:
            console.print(
                f"  processor time {row['cpu_seconds']:.2f} s: "
                f"{row['rounds_per_cpu_second']:.2f} rounds per processor second; "
                f"{row['rounds_per_cpu_second_after_import']:.2f} with the start-up "
                f"({row['import_cpu_seconds']:.2f} s) discounted"
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
