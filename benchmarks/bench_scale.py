"""How the counter scales with players: made-up decks of 10 and 12 players, and the
built-in 8-player positions against the figures of ``docs/benchmarks.md``.

A made-up deck (:func:`deck_text`: three wolves, one hidden; a piglet with three
faces; hunters and hounds with and without icons; a hidden shepherd; sheep for the
rest) is dealt with a fixed seed, and a round is played from the deal (truthful
announcements and answers) from the hunter's view when a seat is the hunter (its
decision: the wolves' and the hounds' seats); only the viewpoint's hand is known.
For each position, in one run:

- ``solve``: ``solve(round_)`` with the roles and the declarations, ``--repeat``
  runs after a warm-up: the median wall-clock and processor times;
- ``hint``: a full ``hint(round_)`` (every action and the advice), the same with
  ``--hint-repeat`` runs;
- the ratios to the figures before compare the fastest runs (a busy machine's
  medians wander);
- the peak memory of each, traced (``tracemalloc``) in one more run, and the
  process's peak resident size at the end;
- with ``--before``, the counter's dense labelled passes (the code path of the
  built-in tables, which was every table's before the sparse passes) on the
  10-player positions, and its ``solve`` on the 12-player ones, for the ratios;
- with ``--baseline DIR``, the built-in 8-player positions timed in child
  processes on the library of another checkout (``DIR``, say the main branch's
  worktree) and on this one, in turns, twice: the ratios compare like with like on a
  busy machine (the fastest runs of each).

The targets: on made-up 12-player decks, ``solve`` at most 200 ms and a full hint at
most 1 s, each within 500 MB; the built-in 8-player positions no slower than the
figures of ``docs/benchmarks.md`` (``TODAY``, measured on a quiet machine: a busy one
is slower) or, with ``--baseline``, than the other checkout in the same run. Progress goes to
stderr, the table to stdout.

    python benchmarks/bench_scale.py                # the table
    python benchmarks/bench_scale.py --before       # and the dense passes, for ratios
    python benchmarks/bench_scale.py --baseline ../main   # 8 players against main
    python benchmarks/bench_scale.py --json         # JSON on stdout

>>> "wolf?" in deck_text(12) and 'hand_size = 2' in deck_text(12)
True
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from common import POSITIONS, format_ratio, format_time
from positions import StableRandom

from wooolf_solver import Round, hint, solve
from wooolf_solver.core.budget import memory_budget
from wooolf_solver.games.wooolf import designs
from wooolf_solver.games.wooolf.engines import counter
from wooolf_solver.games.wooolf.model import knowledge_of
from wooolf_solver.games.wooolf.posterior import RoundPosterior
from wooolf_solver.games.wooolf.rules import Hand, Rules, Seat, base_rules, load_deck
from wooolf_solver.games.wooolf.table import deal

ROOT = Path(__file__).resolve().parent.parent
"""This checkout."""
SEED = 20261201
SOLVE_TARGET = 0.200
HINT_TARGET = 1.0
MEMORY_TARGET = 500 * 2**20

TODAY: dict[str, tuple[float, float]] = {
    "8-basic-early": (5.69e-3, 25.3e-3),
    "8-basic-late": (4.12e-3, 12.0e-3),
    "8-advanced-early": (6.97e-3, 35.7e-3),
    "8-advanced-late": (9.07e-3, 47.1e-3),
}
"""``solve`` and ``hint`` medians of ``docs/benchmarks.md`` (2026-11-30), in seconds."""

MADE_UP: tuple[tuple[int, int], ...] = ((10, 2), (10, 8), (12, 2), (12, 8))
"""Players and events of the made-up positions."""


def deck_text(players: int, hand_size: int = 2) -> str:
    """The made-up deck file for ``players`` players (see the module's docstring)."""
    cards = {
        "wolf": 2,
        "wolf?": 1,
        "shepherd?": 1,
        "hunter": 1 + (players >= 11),
        "hunter?": 1,
        "hound": 2,
        "hound?": 1,
        "piglet": 1,
        "piglet/sheep": 1,
        "piglet?": 1,
    }
    cards["sheep"] = hand_size * players - sum(cards.values())
    listed = ", ".join(f'"{name}" = {copies}' for name, copies in cards.items())
    return (
        f'game = "wooolf"\nhand_size = {hand_size}\n\n'
        '[characters.sheep]\nvalue = 0\ntargets = ["hound", "hunter"]\n\n'
        '[characters.piglet]\nvalue = 1\ntargets = ["wolf", "shepherd"]\n\n'
        f'[editions.made-up]\ntitle = "Made up, {players} players"\n\n'
        f"[[editions.made-up.rows]]\nplayers = [{players}]\ncards = {{ {listed} }}\n"
    )


def play(game: Rules, hands: dict[Seat, Hand], viewpoint: Seat, count: int, rng: Any) -> list[Any]:
    """``count`` truthful events, round the table from seat 2 (:func:`designs.play`)."""
    seats = sorted(hands)
    acting = [*seats[1:], *seats[:1]]
    return designs.play(rng, game, hands, acting, viewpoint=viewpoint, count=count, asked=seats)


def made_up(directory: Path, players: int, events: int) -> tuple[str, Round]:
    """A made-up position: its name and round."""
    path = directory / f"made-up-{players}.toml"
    path.write_text(deck_text(players), encoding="utf-8")
    game, edition = load_deck(path, base_rules())
    (setup,) = edition.rows
    rng = StableRandom(f"{SEED}-{players}")
    hands = deal(rng, game, setup)
    hunters = [seat for seat, hand in hands.items() if game.identity(hand).name == "hunter"]
    viewpoint = hunters[0] if hunters else 1
    record = {
        "game": "wooolf",
        "edition": str(path),
        "players": players,
        "viewpoint": viewpoint,
        "hands": {viewpoint: [card.name for card in hands[viewpoint]]},
        "events": play(game, hands, viewpoint, events, rng),
    }
    view = game.identity(hands[viewpoint]).name
    return f"{players}-made-up-{events}-events ({view})", Round.from_dict(record)


@dataclass
class Figures:
    """One verb on one position."""

    median: float
    """Wall-clock seconds, median."""
    cpu: float
    """This process's processor seconds, median (BLAS threads included)."""
    best: float
    """Wall-clock seconds, the fastest run (the steadiest figure on a busy machine)."""
    peak: int
    """Traced peak memory, bytes (0: not traced)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "median_ms": self.median * 1e3,
            "cpu_ms": self.cpu * 1e3,
            "best_ms": self.best * 1e3,
            "peak_mb": self.peak / 2**20,
        }


def measure(work: Callable[[], Any], repeat: int, *, warm_up: bool = True) -> Figures:
    """A warm-up, ``repeat`` timed runs, and one traced run for the peak memory
    (none without a warm-up: the references that only run once)."""
    if warm_up:
        work()
    times, cpu = [], []
    for _ in range(repeat):
        start, processor = time.perf_counter(), time.process_time()
        work()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - processor)
    peak = 0
    if warm_up:
        tracemalloc.start()
        try:
            work()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    return Figures(statistics.median(times), statistics.median(cpu), min(times), peak)


def solved(round_: Round) -> Callable[[], Any]:
    def work() -> Any:
        posterior = solve(round_)
        assert isinstance(posterior, RoundPosterior)
        return posterior.roles, posterior.declarations()

    return work


def dense(work: Callable[[], Any]) -> Callable[[], Any]:
    """``work`` on the counter's dense labelled passes, whatever the table."""

    def run() -> Any:
        saved = counter.DENSE_CODES, counter.DENSE_SEATS
        counter.DENSE_CODES, counter.DENSE_SEATS = 10**18, 10**9
        try:
            with memory_budget(10**18):
                return work()
        finally:
            counter.DENSE_CODES, counter.DENSE_SEATS = saved

    return run


CHILD = """
import json, statistics, sys, time
from pathlib import Path
from wooolf_solver import Round, hint, solve
names, repeat, hint_repeat = json.loads(sys.argv[1])
def fastest(work, runs):
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)
figures = {}
for name in names:
    round_ = Round.load(Path(sys.argv[2]) / f"{name}.yaml")
    def solved():
        posterior = solve(round_)
        return posterior.roles, posterior.declarations()
    figures[name] = (fastest(solved, repeat), fastest(lambda: hint(round_), hint_repeat))
print(json.dumps(figures))
"""


def time_elsewhere(
    checkout: Path, names: list[str], repeat: int, hint_repeat: int
) -> dict[str, tuple[float, float]]:
    """``solve`` and ``hint`` fastest runs of the built-in positions on another
    checkout's library, in a child process."""
    environment = {**os.environ, "PYTHONPATH": str(checkout.resolve())}
    argv = [sys.executable, "-c", CHILD, json.dumps([names, repeat, hint_repeat]), str(POSITIONS)]
    done = subprocess.run(argv, env=environment, capture_output=True, text=True, check=True)
    figures: dict[str, list[float]] = json.loads(done.stdout)
    return {name: (pair[0], pair[1]) for name, pair in figures.items()}


Figures8 = dict[str, tuple[float, float]]
"""``solve`` and ``hint`` seconds of each built-in position."""


def baselines(checkout: Path | None, repeat: int, hint_repeat: int) -> tuple[Figures8, Figures8]:
    """The figures before (``TODAY``, or ``checkout``'s) and, with a checkout, this
    one's, both in child processes, in turns: like with like."""
    if checkout is None:
        return TODAY, {}
    baseline: Figures8 = {}
    mine: Figures8 = {}
    for turn in range(2):
        say(f"built-in positions on {checkout} and on this checkout ({turn + 1}/2)")
        there = time_elsewhere(checkout, list(TODAY), repeat, hint_repeat)
        here = time_elsewhere(ROOT, list(TODAY), repeat, hint_repeat)
        baseline = _faster(baseline, there) if baseline else there
        mine = _faster(mine, here) if mine else here
    return baseline, mine


def _faster(
    one: dict[str, tuple[float, float]], other: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """The faster figure of each, position by position."""
    return {
        name: (min(one[name][0], other[name][0]), min(one[name][1], other[name][1])) for name in one
    }


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of solve")
    parser.add_argument("--hint-repeat", type=int, default=3, help="timed runs of hint")
    parser.add_argument("--before", action="store_true", help="also the dense passes")
    parser.add_argument("--baseline", type=Path, help="a checkout to time 8 players on")
    parser.add_argument("--json", action="store_true", help="JSON on stdout")
    args = parser.parse_args(argv)
    baseline, mine = baselines(args.baseline, args.repeat, args.hint_repeat)
    rows: list[dict[str, Any]] = []
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="wooolf-scale-") as directory:
        positions = [made_up(Path(directory), p, e) for p, e in MADE_UP]
        positions += [(name, Round.load(POSITIONS / f"{name}.yaml")) for name in TODAY]
        for name, round_ in positions:
            knowledge = knowledge_of(round_)
            say(f"{name}: solve")
            row: dict[str, Any] = {"position": name, "players": round_.setup.players}
            row["events"] = len(round_.events)
            row["solve"] = measure(solved(round_), args.repeat)
            row["decision_values"] = len(solve(round_).tally.decision)
            say(f"{name}: hint")
            row["hint"] = measure(partial(hint, round_), args.hint_repeat)
            labels = (len(knowledge.targets) + 1) ** len(knowledge.free_seats)
            many = len(knowledge.free_seats) > counter.DENSE_SEATS and knowledge.targets
            row["sparse"] = labels > counter.DENSE_CODES or bool(many)
            if name in TODAY:
                row["before"] = dict(zip(("solve", "hint"), baseline[name], strict=True))
                if name in mine:  # the ratio from this checkout's child runs too
                    row["now"] = dict(zip(("solve", "hint"), mine[name], strict=True))
            elif args.before and row["sparse"]:
                say(f"{name}: solve, dense passes")
                once = measure(dense(solved(round_)), 1, warm_up=False)
                before = {"solve": once.best}
                if round_.setup.players <= 10:
                    say(f"{name}: hint, dense passes")
                    before["hint"] = measure(dense(partial(hint, round_)), 1, warm_up=False).best
                row["before"] = before
            rows.append(row)
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    if args.json:
        out = [
            {
                **row,
                "solve": row["solve"].to_dict(),
                "hint": row["hint"].to_dict(),
            }
            for row in rows
        ]
        print(json.dumps({"positions": out, "peak_rss_mb": peak_rss / 2**20}, indent=2))
    else:
        report(rows, peak_rss)
    say(f"done in {time.perf_counter() - began:.1f} s (load average {os.getloadavg()[0]:.1f})")
    return 0


def report(rows: list[dict[str, Any]], peak_rss: int) -> None:
    """The table, then one line per target."""
    head = (
        f"{'position':<36} {'pl':>2} {'ev':>2} {'values':>7} {'path':<6} "
        f"{'solve':>9} {'cpu':>9} {'peak':>7} {'ratio':>7} "
        f"{'hint':>9} {'cpu':>9} {'peak':>7} {'ratio':>7}"
    )
    print(head)
    print("-" * len(head))
    for row in rows:
        cells = []
        for verb in ("solve", "hint"):
            figures: Figures = row[verb]
            before = row.get("before", {}).get(verb)
            now = row.get("now", {}).get(verb, figures.best)
            ratio = format_ratio(before / now) if before else "-"
            cells.append(
                f"{format_time(figures.median):>9} {format_time(figures.cpu):>9} "
                f"{figures.peak / 2**20:>5.0f}MB {ratio:>7}"
            )
        print(
            f"{row['position']:<36} {row['players']:>2} {row['events']:>2} "
            f"{row['decision_values']:>7,} {'sparse' if row['sparse'] else 'dense':<6} "
            + " ".join(cells)
        )
    print()
    print("times: wall-clock and processor-time medians; ratio: before / now, fastest runs")
    print("(before: docs/benchmarks.md, or --baseline, for the built-in positions; the dense")
    print("passes with --before for the made-up ones); above 1 is faster now")
    for players in (10, 12):
        mine = [row for row in rows if row["players"] == players]
        if mine:
            solve_max = max(row["solve"].median for row in mine)
            hint_max = max(row["hint"].median for row in mine)
            solve_cpu = max(row["solve"].cpu for row in mine)
            hint_cpu = max(row["hint"].cpu for row in mine)
            memory = max(max(row["solve"].peak, row["hint"].peak) for row in mine)
            print(
                f"made up, {players} players: solve max {format_time(solve_max)} "
                f"({format_time(solve_cpu)} processor; target ≤ {format_time(SOLVE_TARGET)}), "
                f"hint max {format_time(hint_max)} ({format_time(hint_cpu)} processor; "
                f"target ≤ {format_time(HINT_TARGET)}), traced peak {memory / 2**20:.0f} MB "
                f"(target ≤ {MEMORY_TARGET / 2**20:.0f} MB)"
            )
    built_in = [row for row in rows if row["position"] in TODAY]
    if built_in:
        worst = min(
            row["before"][verb] / row.get("now", {}).get(verb, row[verb].best)
            for row in built_in
            for k, verb in enumerate(("solve", "hint"))
        )
        print(f"built-in 8 players: slowest ratio to the baseline {format_ratio(worst)}")
    print(f"process peak resident memory {peak_rss / 2**20:.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
