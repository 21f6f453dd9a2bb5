"""Time every engine on the fixed positions of ``benchmarks/positions/`` in one run.

What is timed is what a user waits for: ``solve(round_, engine)`` with the roles
and the declarations (``posterior.roles; posterior.declarations()``); the record is
read beforehand. The counter (the default engine, the baseline) runs in this
process: a warm-up, then ``--repeat`` runs. Each reference engine (brute, cpsat,
csp) runs ``--reference-repeat`` times in a child process, after a warm-up on the
smallest position; a run longer than ``--budget`` seconds is stopped, and the
engine is skipped on every position at least as big (as many players and card
designs or more, and no more events). ``--full`` runs everything whatever it costs.

Every reference engine that ran is checked against the counter: the same number of
deals, every seat's roles within 1e-9. The ratios are reference median / counter
median.

    python benchmarks/bench_solve.py                        # the table
    python benchmarks/bench_solve.py --json                 # JSON on stdout
    python benchmarks/bench_solve.py --json-out bench.json  # the table, and JSON to a file

Exit status 1 when an engine disagrees with the counter (or fails), else 0.

>>> format_time(0.00042), format_time(0.0123), format_time(10.53)
('0.42 ms', '12.3 ms', '10.5 s')
>>> format_ratio(2.345), format_ratio(91.4), format_ratio(1234.0)
('2.3×', '91×', '1,234×')
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Literal

from rich.console import Console
from rich.table import Table

from wooolf_solver import Posterior, Round, solve
from wooolf_solver.engines import ENGINES, get_engine

VERSION = 1
"""The version of the JSON report's layout."""

POSITIONS = Path(__file__).resolve().parent / "positions"
WARM_UP = POSITIONS / "4-basic-early.yaml"
"""A tiny position each reference engine solves once before it is timed."""

BASELINE = "counter"
TARGET_PLAYERS = 8
TARGET_MS = 20.0
TOLERANCE = 1e-9
WIDTH = 160
"""The table's width when the output is not a terminal."""

Status = Literal["ok", "timeout", "skipped", "error"]
Roles = Mapping[int, Mapping[str, float]]


@dataclass(frozen=True)
class Position:
    """A position file, read."""

    name: str
    round: Round

    @property
    def events(self) -> int:
        return len(self.round.events)

    def covers(self, other: Position) -> bool:
        """Whether this position is at least as hard as ``other`` for an engine that
        lists deals: as many players and card designs or more, and no more events
        (events prune the constraint engines' search).

        >>> small, big = (load_positions([n])[0] for n in (4, 8))
        >>> big.covers(small), small.covers(big), small.covers(small)
        (True, False, True)
        """
        mine, theirs = self.round.setup, other.round.setup
        return (
            mine.players >= theirs.players
            and len(mine.cards) >= len(theirs.cards)
            and self.events <= other.events
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "file": f"{POSITIONS.name}/{self.name}.yaml",
            "players": self.round.setup.players,
            "edition": self.round.setup.edition,
            "events": self.events,
        }


@dataclass(frozen=True)
class Outcome:
    """One engine on one position: the times of its runs and what it found."""

    status: Status
    times: tuple[float, ...] = ()
    deals: int | None = None
    agrees: bool | None = None
    error: str | None = None

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None

    def to_dict(self, baseline: Outcome) -> dict[str, Any]:
        median, base = self.median, baseline.median
        return {
            "status": self.status,
            "runs": len(self.times),
            "median_ms": _ms(median),
            "max_ms": _ms(max(self.times) if self.times else None),
            "ratio": median / base if median is not None and base else None,
            "agrees": self.agrees,
            "error": self.error,
        }


def timed_solve(round_: Round, engine: str) -> tuple[float, Posterior]:
    """One timed ``solve``, roles and declarations included."""
    start = time.perf_counter()
    posterior = solve(round_, engine)
    _ = posterior.roles
    posterior.declarations()
    return time.perf_counter() - start, posterior


def agree(deals: int, roles: Roles, baseline: Posterior) -> bool:
    """Whether ``deals`` and ``roles`` are the baseline's (roles within 1e-9)."""
    if deals != baseline.deals or set(roles) != set(baseline.roles):
        return False
    for seat, expected in baseline.roles.items():
        found = roles[seat]
        for name in set(found) | set(expected):
            if abs(found.get(name, 0.0) - expected.get(name, 0.0)) > TOLERANCE:
                return False
    return True


# -- running -------------------------------------------------------------------------------


def run_counter(position: Position, repeat: int) -> tuple[Outcome, Posterior]:
    """The baseline, in this process: a warm-up, then ``repeat`` runs."""
    timed_solve(position.round, BASELINE)
    times = []
    for _ in range(repeat):
        seconds, posterior = timed_solve(position.round, BASELINE)
        times.append(seconds)
    return Outcome("ok", tuple(times), posterior.deals), posterior


def _work(connection: Connection, engine: str, path: Path, repeat: int) -> None:
    """The child process: a warm-up, then one message per run."""
    try:
        timed_solve(Round.load(WARM_UP), engine)
        round_ = Round.load(path)
        for _ in range(repeat):
            seconds, posterior = timed_solve(round_, engine)
            connection.send((seconds, posterior.deals, posterior.roles))
    except Exception as error:  # reported in the table, not raised
        connection.send(f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def run_reference(
    engine: str, position: Position, baseline: Posterior, repeat: int, budget: float | None
) -> Outcome:
    """``repeat`` runs of a reference engine in a child process; each run may take
    ``budget`` seconds (``None``: no limit), else the child is stopped."""
    if "fork" in multiprocessing.get_all_start_methods():
        context: Any = multiprocessing.get_context("fork")  # the child inherits the imports
    else:
        context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    path = POSITIONS / f"{position.name}.yaml"
    child = context.Process(target=_work, args=(sender, engine, path, repeat), daemon=True)
    child.start()
    sender.close()
    times: list[float] = []
    try:
        agrees = True
        for _ in range(repeat):
            if not receiver.poll(budget):
                return Outcome("timeout")
            message = receiver.recv()
            if isinstance(message, str):
                return Outcome("error", error=message)
            seconds, deals, roles = message
            times.append(seconds)
            agrees = agrees and agree(deals, roles, baseline)
        return Outcome("ok", tuple(times), deals, agrees)
    except EOFError:
        return Outcome("error", error=f"the {engine} process ended early")
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()


@dataclass(frozen=True)
class Settings:
    engines: tuple[str, ...]
    repeat: int
    reference_repeat: int
    budget: float
    full: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "engines": list(self.engines),
            "repeat": self.repeat,
            "reference_repeat": self.reference_repeat,
            "budget_s": self.budget,
            "full": self.full,
        }


def measure(
    positions: Sequence[Position], settings: Settings, console: Console
) -> list[dict[str, Outcome]]:
    """Every engine's outcome on every position, smallest positions first."""
    references = [name for name in settings.engines if name != BASELINE]
    for name in references:
        get_engine(name)  # import it once here, not in every child
    over: dict[str, list[Position]] = {name: [] for name in references}  # runs over budget
    budget = None if settings.full else settings.budget
    results = []
    for position in positions:
        gc.collect()
        with console.status(f"{position.name}: {BASELINE}"):
            counter, baseline = run_counter(position, settings.repeat)
        outcomes = {BASELINE: counter}
        for name in references:
            if any(position.covers(slow) for slow in over[name]):
                outcomes[name] = Outcome("skipped")
                continue
            gc.collect()
            with console.status(f"{position.name}: {name}"):
                outcome = run_reference(name, position, baseline, settings.reference_repeat, budget)
            if outcome.status == "timeout":
                over[name].append(position)
            outcomes[name] = outcome
        results.append(outcomes)
    return results


def load_positions(players: Sequence[int] | None) -> list[Position]:
    """The position files (optionally only those for some player counts), smallest
    first."""
    positions = [Position(path.stem, Round.load(path)) for path in POSITIONS.glob("*.yaml")]
    chosen = [p for p in positions if players is None or p.round.setup.players in players]
    return sorted(chosen, key=_order)


def _order(position: Position) -> tuple[int, int, int, str]:
    setup = position.round.setup
    return setup.players, len(setup.cards), position.events, position.name


# -- reporting -----------------------------------------------------------------------------


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else seconds * 1000


def format_time(seconds: float) -> str:
    """Milliseconds below one second, else seconds, with about three digits."""
    value, unit = (seconds, "s") if seconds >= 1 else (seconds * 1000, "ms")
    digits = 2 if value < 10 else 1 if value < 100 else 0
    return f"{value:.{digits}f} {unit}"


def format_ratio(ratio: float) -> str:
    return f"{ratio:.1f}×" if ratio < 10 else f"{ratio:,.0f}×"


def target(report: Mapping[str, Any]) -> float | None:
    """The counter's largest median over the 8-player positions, in ms."""
    medians = [
        row["engines"][BASELINE]["median_ms"]
        for row in report["positions"]
        if row["players"] == TARGET_PLAYERS
    ]
    return max(medians) if medians else None


def target_line(report: Mapping[str, Any]) -> str:
    worst = report["target"]["max_median_ms"]
    figure = "not measured" if worst is None else f"{worst:.1f} ms"
    return f"{BASELINE}, {TARGET_PLAYERS} players: max median {figure} (target ≤ {TARGET_MS:g} ms)"


def machine() -> dict[str, Any]:
    """The machine and the Python the figures come from."""
    packages: dict[str, str | None] = {}
    for package in ("wooolf-solver", "numpy", "ortools", "python-constraint2"):
        try:
            packages[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            packages[package] = None
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "packages": packages,
    }


def build_report(
    positions: Sequence[Position], results: Sequence[Mapping[str, Outcome]], settings: Settings
) -> dict[str, Any]:
    """The JSON report."""
    rows = []
    for position, outcomes in zip(positions, results, strict=True):
        baseline = outcomes[BASELINE]
        rows.append(
            {
                **position.to_dict(),
                "deals": baseline.deals,
                "engines": {name: o.to_dict(baseline) for name, o in outcomes.items()},
            }
        )
    report: dict[str, Any] = {
        "version": VERSION,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "settings": settings.to_dict(),
        "positions": rows,
    }
    report["target"] = {
        "engine": BASELINE,
        "players": TARGET_PLAYERS,
        "max_median_ms": target(report),
        "target_ms": TARGET_MS,
    }
    return report


def table(report: Mapping[str, Any]) -> Table:
    """The report as a table: times, speed-ups against the counter, agreement."""
    settings = report["settings"]
    references = [name for name in settings["engines"] if name != BASELINE]
    grid = Table(
        title=f"solve() + roles + declarations, per position ({BASELINE}: median of "
        f"{settings['repeat']}; others: median of {settings['reference_repeat']})",
        caption=f"budget {settings['budget_s']:g} s per run"
        + (" (ignored: --full)" if settings["full"] else "")
        + f"; × = engine median / {BASELINE} median; ✓ = same deals and roles as the "
        f"{BASELINE}",
    )
    grid.add_column("position")
    grid.add_column("events", justify="right")
    grid.add_column("deals", justify="right")
    grid.add_column(f"{BASELINE} median", justify="right")
    grid.add_column(f"{BASELINE} max", justify="right")
    for name in references:
        grid.add_column(name, justify="right")
        grid.add_column("×", justify="right")
    grid.add_column("agree", justify="center")
    for row in report["positions"]:
        engines = row["engines"]
        counter = engines[BASELINE]
        cells = [
            row["name"],
            str(row["events"]),
            f"{row['deals']:,}",
            format_time(counter["median_ms"] / 1000),
            format_time(counter["max_ms"] / 1000),
        ]
        for name in references:
            cells.extend(_reference_cells(engines[name], settings["budget_s"]))
        ran = [name for name in references if engines[name]["status"] in ("ok", "error")]
        wrong = [name for name in ran if not engines[name]["agrees"]]
        cells.append(("✗ " + " ".join(wrong)) if wrong else ("✓" if ran else "–"))
        grid.add_row(*cells)
    return grid


def _reference_cells(outcome: Mapping[str, Any], budget: float) -> list[str]:
    status = outcome["status"]
    if status == "ok":
        return [format_time(outcome["median_ms"] / 1000), format_ratio(outcome["ratio"])]
    return [{"timeout": f"> {budget:g} s", "skipped": "skipped"}.get(status, status), "–"]


def write_json(path: Path, report: Mapping[str, Any]) -> None:
    """Write the report atomically (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
    ) as stream:
        json.dump(report, stream, ensure_ascii=False, indent=2)
        stream.write("\n")
    os.replace(stream.name, path)


# -- the command ---------------------------------------------------------------------------


def _comma_list(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _engines(text: str) -> tuple[str, ...]:
    names = _comma_list(text)
    for name in names:
        try:
            get_engine(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return tuple(name for name in ENGINES if name in names or name == BASELINE)


def _players(text: str) -> list[int]:
    try:
        return [int(item) for item in _comma_list(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of player counts") from None


def _positive(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text} is not positive")
        return value

    return parse


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="bench_solve.py", description=__doc__.split("\n", 1)[0])
    commands.add_argument(
        "--engines",
        type=_engines,
        default=tuple(ENGINES),
        help="comma-separated engines (the counter, the baseline, always runs); default: all",
    )
    commands.add_argument(
        "--players", type=_players, help="comma-separated player counts; default: all positions"
    )
    commands.add_argument(
        "--repeat", type=_positive(int), default=20, help="timed counter runs (default 20)"
    )
    commands.add_argument(
        "--reference-repeat",
        type=_positive(int),
        default=1,
        help="timed runs of each other engine (default 1)",
    )
    commands.add_argument(
        "--budget",
        type=_positive(float),
        default=30.0,
        help="seconds one run of a reference engine may take (default 30)",
    )
    commands.add_argument(
        "--full", action="store_true", help="no budget: run every engine on every position"
    )
    commands.add_argument("--json", action="store_true", help="print the JSON report only")
    commands.add_argument("--json-out", type=Path, help="also write the JSON report to this file")
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 1 when an engine disagrees with the counter or fails."""
    args = parser().parse_args(argv)
    settings = Settings(args.engines, args.repeat, args.reference_repeat, args.budget, args.full)
    positions = load_positions(args.players)
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal:
        console.width = WIDTH
    progress = Console(stderr=True)
    results = measure(positions, settings, progress)
    report = build_report(positions, results, settings)
    if args.json_out is not None:
        write_json(args.json_out, report)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        console.print(table(report))
        console.print(target_line(report))
    failed = any(
        outcome.status == "error" or outcome.agrees is False
        for outcomes in results
        for outcome in outcomes.values()
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
