"""What the benchmark scripts share: the fixed positions, timing, reference runs in a
child process under a time budget, the machine's description, the figures' formats,
the table comparing the references with the baseline, the common options and the
output (tables, or JSON on stdout or written atomically).

>>> format_time(0.00042), format_time(0.0123), format_time(10.53)
('0.42 ms', '12.3 ms', '10.5 s')
>>> format_ratio(2.345), format_ratio(91.4), format_ratio(1234.0)
('2.3×', '91×', '1,234×')
>>> times, result = time_runs(lambda: 6 * 7, repeat=3)
>>> len(times), result
(3, 42)
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Literal, TypeVar

from rich.console import Console
from rich.table import Table

from wooolf_solver import Round

T = TypeVar("T")

POSITIONS = Path(__file__).resolve().parent / "positions"
WARM_UP = POSITIONS / "4-basic-early.yaml"
"""A tiny position each reference runs once, in its child process, before it is timed."""

TOLERANCE = 1e-9
"""How far two exact computations' probabilities may differ (float rounding)."""
WIDTH = 160
"""The tables' width when the output is not a terminal."""

Status = Literal["ok", "timeout", "skipped", "error"]
Cover = Literal["search", "tally"]
"""Which positions a reference's run over budget skips (:meth:`Position.covers`)."""

Job = Callable[[Round], tuple[float, Any]]
"""One timed run of a reference on a round: its seconds, and a picklable digest of
what it found (sent back from the child process and checked there)."""


# -- positions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position file, read."""

    name: str
    round: Round

    @property
    def events(self) -> int:
        return len(self.round.events)

    @property
    def path(self) -> Path:
        return POSITIONS / f"{self.name}.yaml"

    def covers(self, other: Position, rule: Cover = "search") -> bool:
        """Whether this position is at least as hard as ``other`` for a reference:

        - ``search`` (an engine whose search events prune: the constraint engines):
          as many players and card designs or more, and no more events;
        - ``tally`` (a full tally per outcome of every action, the naive hints):
          the same edition and as many players or more. Events prune nothing there,
          and two editions' decks do not compare (brute force is faster on the
          6-player advanced positions than on the basic ones).

        >>> small, big = (load_positions([n])[0] for n in (4, 8))
        >>> big.covers(small), small.covers(big), small.covers(small)
        (True, False, True)
        >>> late = load_positions([4])[1]
        >>> late.covers(small), late.covers(small, "tally")
        (False, True)
        """
        mine, theirs = self.round.setup, other.round.setup
        if rule == "tally":
            return mine.edition == theirs.edition and mine.players >= theirs.players
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


def load_positions(players: Sequence[int] | None) -> list[Position]:
    """The position files (optionally only those for some player counts), smallest
    first."""
    positions = [Position(path.stem, Round.load(path)) for path in POSITIONS.glob("*.yaml")]
    chosen = [p for p in positions if players is None or p.round.setup.players in players]
    return sorted(chosen, key=_order)


def _order(position: Position) -> tuple[int, int, int, str]:
    setup = position.round.setup
    return setup.players, len(setup.cards), position.events, position.name


# -- timing --------------------------------------------------------------------------------


def timed(work: Callable[[], T]) -> tuple[float, T]:
    """The seconds ``work()`` takes (``time.perf_counter``), and its result."""
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def time_runs(work: Callable[[], T], repeat: int, warm_up: bool = True) -> tuple[list[float], T]:
    """A warm-up run (unless ``warm_up`` is false), then ``repeat`` timed runs: their
    seconds and the last run's result."""
    if warm_up:
        work()
    times = []
    for _ in range(repeat):
        seconds, result = timed(work)
        times.append(seconds)
    return times, result


@dataclass(frozen=True)
class Outcome:
    """One computation on one position: the times of its runs and whether what it
    found agrees with the baseline."""

    status: Status
    times: tuple[float, ...] = ()
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
            "median_ms": ms(median),
            "max_ms": ms(max(self.times) if self.times else None),
            "ratio": median / base if median is not None and base else None,
            "agrees": self.agrees,
            "error": self.error,
        }


# -- references in a child process, under a budget -----------------------------------------


def _work(connection: Connection, job: Job, path: Path, repeat: int) -> None:
    """The child process: a warm-up, then one message per run."""
    try:
        job(Round.load(WARM_UP))
        round_ = Round.load(path)
        for _ in range(repeat):
            connection.send(job(round_))
    except Exception as error:  # reported in the table, not raised
        connection.send(f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def run_in_child(
    job: Job, path: Path, check: Callable[[Any], bool], repeat: int, budget: float | None
) -> Outcome:
    """``repeat`` runs of ``job`` on the record at ``path`` in a child process, each
    digest checked by ``check``; each run may take ``budget`` seconds (``None``: no
    limit), else the child is stopped."""
    if "fork" in multiprocessing.get_all_start_methods():
        context: Any = multiprocessing.get_context("fork")  # the child inherits the imports
    else:
        context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_work, args=(sender, job, path, repeat), daemon=True)
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
            seconds, digest = message
            times.append(seconds)
            agrees = check(digest) and agrees
        return Outcome("ok", tuple(times), agrees)
    except EOFError:
        return Outcome("error", error="the reference's process ended early")
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()


@dataclass(frozen=True)
class Budget:
    """How the references run: ``repeat`` timed runs each, ``seconds`` per run at
    most unless ``full``."""

    repeat: int
    seconds: float
    full: bool

    @property
    def limit(self) -> float | None:
        return None if self.full else self.seconds

    def to_dict(self) -> dict[str, Any]:
        return {"reference_repeat": self.repeat, "budget_s": self.seconds, "full": self.full}


class References:
    """Runs references in child processes, positions smallest first: a reference
    that runs over the budget on a position is skipped on every position covering it
    (:meth:`Position.covers`)."""

    def __init__(self, budget: Budget, console: Console, rule: Cover = "search") -> None:
        self.budget = budget
        self.console = console
        self.rule: Cover = rule
        self.over: dict[str, list[Position]] = {}

    def run(self, name: str, job: Job, position: Position, check: Callable[[Any], bool]) -> Outcome:
        over = self.over.setdefault(name, [])
        if any(position.covers(slow, self.rule) for slow in over):
            return Outcome("skipped")
        gc.collect()
        with self.console.status(f"{position.name}: {name}"):
            outcome = run_in_child(job, position.path, check, self.budget.repeat, self.budget.limit)
        if outcome.status == "timeout":
            over.append(position)
        return outcome


def failed(outcomes: Sequence[Mapping[str, Outcome]]) -> bool:
    """Whether any computation failed or disagreed with its baseline."""
    return any(
        outcome.status == "error" or outcome.agrees is False
        for row in outcomes
        for outcome in row.values()
    )


# -- reporting -----------------------------------------------------------------------------


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else seconds * 1000


def format_time(seconds: float) -> str:
    """Milliseconds below one second, else seconds, with about three digits."""
    value, unit = (seconds, "s") if seconds >= 1 else (seconds * 1000, "ms")
    digits = 2 if value < 10 else 1 if value < 100 else 0
    return f"{value:.{digits}f} {unit}"


def format_ms(milliseconds: float | None) -> str:
    """A figure of the report (``None``: not measured).

    >>> format_ms(1520.0), format_ms(None)
    ('1.52 s', '–')
    """
    return "–" if milliseconds is None else format_time(milliseconds / 1000)


def format_ratio(ratio: float) -> str:
    return f"{ratio:.1f}×" if ratio < 10 else f"{ratio:,.0f}×"


def reference_cells(outcome: Mapping[str, Any], budget: float) -> list[str]:
    """A reference's median and ratio, or why it has none."""
    status = outcome["status"]
    if status == "ok":
        return [format_ms(outcome["median_ms"]), format_ratio(outcome["ratio"])]
    return [{"timeout": f"> {budget:g} s", "skipped": "skipped"}.get(status, status), "–"]


def agreement_cell(outcomes: Mapping[str, Mapping[str, Any]], references: Sequence[str]) -> str:
    """``✓`` when every reference that ran agrees, else ``✗`` and the ones that do
    not; ``–`` when none ran."""
    ran = [name for name in references if outcomes[name]["status"] in ("ok", "error")]
    wrong = [name for name in ran if not outcomes[name]["agrees"]]
    return ("✗ " + " ".join(wrong)) if wrong else ("✓" if ran else "–")


def comparison_table(
    report: Mapping[str, Any],
    outcomes: str,
    size: str,
    baseline: str,
    references: Sequence[str],
    *,
    timed: str,
    others: str,
    legend: str,
) -> Table:
    """A row per position: its events and ``size`` (a key of the row: deals,
    actions), the baseline's median and max, each reference's median and ratio, and
    whether the references agree; ``outcomes`` is the row's key of the outcomes.
    The title names what is ``timed`` and the references (``others``); ``legend``
    follows the budget in the caption."""
    settings = report["settings"]
    grid = Table(
        title=f"{timed}, per position ({baseline}: median of {settings['repeat']}; "
        f"{others}: median of {settings['reference_repeat']})",
        caption=f"budget {settings['budget_s']:g} s per run"
        + (" (ignored: --full)" if settings["full"] else "")
        + f"; {legend}",
    )
    grid.add_column("position")
    grid.add_column("events", justify="right")
    grid.add_column(size, justify="right")
    grid.add_column(f"{baseline} median", justify="right")
    grid.add_column(f"{baseline} max", justify="right")
    for name in references:
        grid.add_column(name, justify="right")
        grid.add_column("×", justify="right")
    grid.add_column("agree", justify="center")
    for row in report["positions"]:
        found = row[outcomes]
        cells = [
            row["name"],
            str(row["events"]),
            f"{row[size]:,}",
            format_ms(found[baseline]["median_ms"]),
            format_ms(found[baseline]["max_ms"]),
        ]
        for name in references:
            cells.extend(reference_cells(found[name], settings["budget_s"]))
        cells.append(agreement_cell(found, references))
        grid.add_row(*cells)
    return grid


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


def header(version: int, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The start of every JSON report: its layout's version, the date, the machine and
    the settings."""
    return {
        "version": version,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "settings": dict(settings),
    }


def write_json(path: Path, report: Mapping[str, Any]) -> None:
    """Write the report atomically (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, suffix=".tmp", delete=False
    ) as stream:
        json.dump(report, stream, ensure_ascii=False, indent=2)
        stream.write("\n")
    os.replace(stream.name, path)


class Progress(Console):
    """Standard error, where the running step is shown: a spinner on a terminal,
    otherwise one line per step with the time since the start (so a run in a pipe or a
    log shows where it is)."""

    def __init__(self) -> None:
        super().__init__(stderr=True)
        self.started = time.perf_counter()

    def status(self, status: Any, *args: Any, **kwargs: Any) -> Any:
        if self.is_terminal:
            return super().status(status, *args, **kwargs)
        elapsed = time.perf_counter() - self.started
        print(f"[{elapsed:7.1f} s] {status}", file=sys.stderr, flush=True)
        return contextlib.nullcontext()


def progress() -> Progress:
    """Where the running position is shown (standard error)."""
    return Progress()


def emit(
    args: argparse.Namespace,
    report: Mapping[str, Any],
    tables: Sequence[Table],
    lines: Sequence[str],
) -> None:
    """The report to ``--json-out`` if asked, then the JSON (``--json``) or the tables
    and the closing lines on stdout."""
    if args.json_out is not None:
        write_json(args.json_out, report)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal:
        console.width = WIDTH
    for grid in tables:
        console.print(grid)
    for line in lines:
        console.print(line)


# -- options -------------------------------------------------------------------------------


def comma_list(text: str) -> list[str]:
    """
    >>> comma_list("fast, brute,,")
    ['fast', 'brute']
    """
    return [item.strip() for item in text.split(",") if item.strip()]


def choices(known: Sequence[str]) -> Callable[[str], list[str]]:
    """An option's parser: comma-separated names, each among ``known``."""

    def parse(text: str) -> list[str]:
        names = comma_list(text)
        for name in names:
            if name not in known:
                raise argparse.ArgumentTypeError(
                    f"unknown name {name!r}; known: {', '.join(known)}"
                )
        return names

    return parse


def player_counts(text: str) -> list[int]:
    try:
        return [int(item) for item in comma_list(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of player counts") from None


def positive(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text} is not positive")
        return value

    return parse


def add_options(commands: argparse.ArgumentParser, repeat: int, what: str, budget: float) -> None:
    """The options every benchmark has: the positions, the runs, the budget, the
    output. ``what`` names the baseline that ``--repeat`` times."""
    commands.add_argument(
        "--players", type=player_counts, help="comma-separated player counts; default: all"
    )
    commands.add_argument(
        "--repeat",
        type=positive(int),
        default=repeat,
        help=f"timed runs of {what}, after a warm-up (default {repeat})",
    )
    commands.add_argument(
        "--reference-repeat",
        type=positive(int),
        default=1,
        help="timed runs of each reference (default 1)",
    )
    commands.add_argument(
        "--budget",
        type=positive(float),
        default=budget,
        help=f"seconds one run of a reference may take (default {budget:g})",
    )
    commands.add_argument(
        "--full", action="store_true", help="no budget: run every reference on every position"
    )
    commands.add_argument("--json", action="store_true", help="print the JSON report only")
    commands.add_argument("--json-out", type=Path, help="also write the JSON report to this file")


def budget_of(args: argparse.Namespace) -> Budget:
    return Budget(args.reference_repeat, args.budget, args.full)
