"""The worst case over designer decks of every shape: ``solve``, a full ``hint`` and
their memory on a seeded family of made-up 9–12-player decks, and the lab end to end.

The decks and rounds are :mod:`wooolf_solver.games.wooolf.designs`' family (several
icons a character, three-copy characters, neutral hands, made-up characters and
liars, 0 to 12 events, the view of every identity dealt). Every position is timed
**as a user runs it**: each verb in a fresh interpreter (a child process), whose
first call is cold (the deck's tables built in it, as in a ``wooolf solve`` command);
the interpreter's start and the library's import are timed apart. For each position
and verb:

- ``cold``: the first library call (``solve(round_).to_dict()``; for ``hint``, the
  JSON object, the advice and the reasons of the five best actions, as the readable
  output prints them);
- ``warm``: the fastest of ``--repeat`` more calls in the same process;
- each also in processor time (``process_time``), the steadier figure on a machine
  shared with other work;
- ``peak``: the child's peak resident size (the imports included), and the traced peak
  of the cold call (``tracemalloc``, in one more child with ``--traced``).

The report lists the slowest positions and the worst case of each figure against the
goals of issue 23 (``solve`` ≤ 0.5 s, ``hint`` ≤ 2 s, 500 MB), and the designer lab's
rate as the issue measured it (``wooolf simulate --players 8 --games 40 --bots greedy
--workers 1 --seed 5 --records DIR --json`` from start to exit; goal ≥ 30 rounds a
second on one core). Progress goes to stderr, the table to stdout.

    python benchmarks/bench_decks.py                   # 48 decks and the lab
    python benchmarks/bench_decks.py --decks 0:12 --lab-games 0   # a quick look
    python benchmarks/bench_decks.py --json            # JSON on stdout
    python benchmarks/bench_decks.py --library ../old  # another checkout's library
    python benchmarks/bench_decks.py --baseline ../old # and this one, in turns

>>> seeds("3:6"), seeds("4")
([3, 4, 5], [0, 1, 2, 3])
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wooolf_solver.games.wooolf.designs import family

ROOT = Path(__file__).resolve().parent.parent
"""This checkout."""
GOALS = {"solve": 0.5, "hint": 2.0}
"""Seconds, the slowest position's cold call (issue 23)."""
MEMORY_GOAL = 500 * 2**20
"""Bytes, the process's peak resident size."""
LAB_GOAL = 30.0
"""Rounds a second, one core, 8 players, end to end."""

CHILD = """
import json, resource, sys, time, tracemalloc
began = time.perf_counter()
from wooolf_solver import Round, hint, solve
imported = time.perf_counter() - began
record, verb, repeat, traced = json.loads(sys.argv[1])
round_ = Round.from_dict(record)
def work():
    if verb == "solve":
        return solve(round_).to_dict()
    advice = hint(round_)
    return advice.to_dict(), advice.advice.recommendation(), [
        score.reason() for score in list(advice.actions)[:5]]
if traced:
    tracemalloc.start()
start, processor = time.perf_counter(), time.process_time()
work()
cold, cold_cpu = time.perf_counter() - start, time.process_time() - processor
peak_traced = tracemalloc.get_traced_memory()[1] if traced else 0
tracemalloc.stop()
warm, warm_cpu = [], []
for _ in range(repeat):
    start, processor = time.perf_counter(), time.process_time()
    work()
    warm.append(time.perf_counter() - start)
    warm_cpu.append(time.process_time() - processor)
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"import": imported, "cold": cold, "warm": min(warm, default=cold),
                  "cold_cpu": cold_cpu, "warm_cpu": min(warm_cpu, default=cold_cpu),
                  "rss": rss, "traced": peak_traced}))
"""


def seeds(text: str) -> list[int]:
    """``A:B`` (the seeds ``A`` to ``B - 1``) or ``N`` (the first ``N``)."""
    first, _, last = text.rpartition(":")
    return list(range(int(first or 0), int(last)))


def child(
    record: dict[str, Any], verb: str, repeat: int, traced: bool, library: Path = ROOT
) -> dict[str, Any]:
    """One verb on one record in a fresh interpreter (``library``: the checkout whose
    library it imports, this one by default)."""
    path = os.pathsep.join(filter(None, [str(library), os.environ.get("PYTHONPATH")]))
    argv = [sys.executable, "-c", CHILD, json.dumps([record, verb, repeat, traced])]
    done = subprocess.run(
        argv, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": path}
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def lab(games: int, directory: Path, library: Path = ROOT) -> dict[str, Any]:
    """``wooolf simulate`` as issue 23 ran it, from start to exit."""
    argv = [
        *(sys.executable, "-m", "wooolf_solver", "simulate", "--players", "8"),
        *("--games", str(games), "--bots", "greedy", "--workers", "1", "--seed", "5"),
        *("--records", str(directory / "records"), "--json"),
    ]
    path = os.pathsep.join(filter(None, [str(library), os.environ.get("PYTHONPATH")]))
    start, before = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        argv, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": path}
    )
    seconds, cpu = time.perf_counter() - start, _children_cpu() - before
    report = json.loads(done.stdout)
    rounds = round(report["rounds_per_game"]["mean"] * report["games"])
    return {
        "games": games,
        "rounds": rounds,
        "seconds": seconds,
        "rate": rounds / seconds,
        "cpu_seconds": cpu,
        "cpu_rate": rounds / cpu,
    }


def _children_cpu() -> float:
    """The processor seconds of this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def say(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--decks", default="48", help="seeds: N or A:B (default: %(default)s)")
    parser.add_argument("--verbs", default="solve,hint", help="default: %(default)s")
    parser.add_argument("--repeat", type=int, default=2, help="warm calls after the cold one")
    parser.add_argument("--traced", action="store_true", help="trace the cold call's memory")
    parser.add_argument("--top", type=int, default=8, help="slowest positions listed")
    parser.add_argument("--lab-games", type=int, default=40, help="0: no lab run")
    parser.add_argument("--library", type=Path, default=ROOT, help="the checkout to time")
    parser.add_argument("--baseline", type=Path, help="another checkout, timed in turns")
    parser.add_argument("--json", action="store_true", help="JSON on stdout")
    args = parser.parse_args(argv)
    verbs = args.verbs.split(",")
    began = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="wooolf-decks-") as directory:
        for play in family(Path(directory), seeds(args.decks)):
            row: dict[str, Any] = {"position": play.name, "deck": play.design.name}
            row["players"] = play.design.players
            row["events"] = play.events
            for verb in verbs:
                if args.baseline:  # in turns: like with like on a busy machine
                    row[f"{verb}_baseline"] = child(
                        play.record, verb, args.repeat, args.traced, args.baseline
                    )
                row[verb] = child(play.record, verb, args.repeat, args.traced, args.library)
            say(
                f"{play.name}: "
                + ", ".join(f"{verb} {row[verb]['cold'] * 1e3:.0f} ms" for verb in verbs)
            )
            rows.append(row)
        found = lab(args.lab_games, Path(directory), args.library) if args.lab_games else None
    if found:
        say(f"lab: {found['rounds']} rounds in {found['seconds']:.1f} s")
    result = {"positions": rows, "worst": worst(rows, verbs), "lab": found}
    if args.baseline:
        result["baseline"] = worst(rows, [f"{verb}_baseline" for verb in verbs])
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(rows, verbs, result["worst"], found, top=args.top, baseline=result.get("baseline"))
    say(f"done in {time.perf_counter() - began:.1f} s (load average {os.getloadavg()[0]:.1f})")
    return 0


def worst(rows: list[dict[str, Any]], verbs: list[str]) -> dict[str, Any]:
    """The worst position of each figure, and whether the goals are met."""
    out: dict[str, Any] = {}
    if not rows:
        return out
    for verb in verbs:
        for figure in ("cold", "cold_cpu", "warm", "warm_cpu", "rss", "traced", "import"):
            row = max(rows, key=lambda row: row[verb][figure])
            out[f"{verb}_{figure}"] = {"position": row["position"], "value": row[verb][figure]}
        goal = GOALS[verb.removesuffix("_baseline")]
        out[f"{verb}_met"] = out[f"{verb}_cold"]["value"] <= goal
        out[f"{verb}_cpu_met"] = out[f"{verb}_cold_cpu"]["value"] <= goal
    out["memory_met"] = all(row[verb]["rss"] <= MEMORY_GOAL for row in rows for verb in verbs)
    return out


def report(
    rows: list[dict[str, Any]],
    verbs: list[str],
    found: dict[str, Any],
    lab_run: dict[str, Any] | None,
    *,
    top: int,
    baseline: dict[str, Any] | None = None,
) -> None:
    """The slowest positions, then the worst of each figure against the goals."""
    if rows:
        _table(rows, verbs, found, top)
    if baseline:
        print("the baseline (timed in turns):")
        _worst_lines([f"{verb}_baseline" for verb in verbs], baseline)
    if lab_run:
        wall = "met" if lab_run["rate"] >= LAB_GOAL else "NOT met"
        cpu = "met" if lab_run["cpu_rate"] >= LAB_GOAL else "NOT met"
        print(
            f"lab, 8 players, greedy bots, {lab_run['games']} games end to end: "
            f"{lab_run['rounds']} rounds in {lab_run['seconds']:.1f} s, "
            f"{lab_run['rate']:.1f} rounds/s ({wall}); {lab_run['cpu_seconds']:.1f} s of "
            f"processor time, {lab_run['cpu_rate']:.1f} rounds per processor second "
            f"({cpu}; goal ≥ {LAB_GOAL:.0f} a core)"
        )


def _table(rows: list[dict[str, Any]], verbs: list[str], found: dict[str, Any], top: int) -> None:
    """The slowest positions and the worst of each figure."""
    print(f"{len(rows)} positions on {len({row['deck'] for row in rows})} decks")
    key = verbs[-1]
    print(f"the {top} slowest by {key} (cold: the first call in a fresh process; ms; MB):")
    head = f"{'position':<36} {'ev':>2} " + " ".join(
        f"{verb + ' cold':>11} {'cpu':>6} {'warm':>6} {'rss':>5}" for verb in verbs
    )
    print(head)
    for row in sorted(rows, key=lambda row: -row[key]["cold"])[:top]:
        cells = " ".join(
            f"{row[verb]['cold'] * 1e3:>11.0f} {row[verb]['cold_cpu'] * 1e3:>6.0f} "
            f"{row[verb]['warm'] * 1e3:>6.0f} "
            f"{row[verb]['rss'] / 2**20:>5.0f}"
            for verb in verbs
        )
        print(f"{row['position']:<36} {row['events']:>2} {cells}")
    print()
    _worst_lines(verbs, found)


def _worst_lines(verbs: list[str], found: dict[str, Any]) -> None:
    """The worst of each figure of each verb against its goal."""
    for verb in verbs:
        cold, warm = found[f"{verb}_cold"], found[f"{verb}_warm"]
        cpu = found[f"{verb}_cold_cpu"]
        rss, start = found[f"{verb}_rss"], found[f"{verb}_import"]
        mark = "met" if found[f"{verb}_met"] else "NOT met"
        goal = GOALS[verb.removesuffix("_baseline")]
        cpu_mark = "met" if found[f"{verb}_cpu_met"] else "NOT met"
        print(
            f"{verb}: worst cold {cold['value']:.3f} s ({cold['position']}; goal ≤ "
            f"{goal} s: {mark}), worst cold processor time {cpu['value']:.3f} s "
            f"({cpu['position']}: {cpu_mark}), worst warm {warm['value']:.3f} s, worst peak "
            f"resident {rss['value'] / 2**20:.0f} MB ({rss['position']}), "
            f"import at most {start['value']:.2f} s"
        )
    memory = all(found[f"{verb}_rss"]["value"] <= MEMORY_GOAL for verb in verbs)
    print(f"memory: every process within {MEMORY_GOAL / 2**20:.0f} MB: {memory}")


if __name__ == "__main__":
    sys.exit(main())
