"""Time every engine on the fixed positions of ``benchmarks/positions/`` in one run.

What is timed is what a user waits for: ``solve(round_, engine)`` with the roles
and the declarations (``posterior.roles; posterior.declarations()``); the record is
read beforehand. ``fast`` (the counter, the default engine, the baseline) runs in this
process: a warm-up, then ``--repeat`` runs. Each reference engine (brute, cpsat,
csp) runs ``--reference-repeat`` times in a child process, after a warm-up on the
smallest position; a run longer than ``--budget`` seconds is stopped, and the
engine is skipped on every position at least as big (as many players and card
designs or more, and no more events). ``--full`` runs everything whatever it costs.

Every reference engine that ran is checked against the counter: the same number of
deals, every seat's roles within 1e-9. The ratios are reference median / counter
median. The machinery (positions, timing, child processes, output) is in
``common.py``, shared with ``bench_hint.py``.

    python benchmarks/bench_solve.py                        # the table
    python benchmarks/bench_solve.py --json                 # JSON on stdout
    python benchmarks/bench_solve.py --json-out bench.json  # the table, and JSON to a file

Exit status 1 when an engine disagrees with the counter (or fails), else 0.

>>> from common import WARM_UP
>>> seconds, (deals, roles) = solve_digest("fast", Round.load(WARM_UP))
>>> deals, roles[1]
(1980, {'shepherd': 1.0})
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from common import (
    TOLERANCE,
    Budget,
    Outcome,
    Position,
    References,
    add_options,
    budget_of,
    comma_list,
    comparison_table,
    emit,
    failed,
    header,
    load_positions,
    progress,
    time_runs,
    timed,
)
from rich.console import Console
from rich.table import Table

from wooolf_solver import Posterior, Round, solve
from wooolf_solver.games.wooolf.engines import ENGINES
from wooolf_solver.games.wooolf.engines import engine as get_engine

VERSION = 1
"""The version of the JSON report's layout."""

BASELINE = "fast"
TARGET_PLAYERS = 8
TARGET_MS = 20.0

Roles = Mapping[int, Mapping[str, float]]


def timed_solve(round_: Round, engine: str) -> tuple[float, Posterior]:
    """One timed ``solve``, roles and declarations included."""

    def work() -> Posterior:
        posterior = solve(round_, engine)
        _ = posterior.roles
        posterior.declarations()
        return posterior

    return timed(work)


def solve_digest(engine: str, round_: Round) -> tuple[float, tuple[int, Roles]]:
    """One timed ``solve`` by ``engine`` (a reference's job): the seconds, the deals
    and the roles."""
    seconds, posterior = timed_solve(round_, engine)
    return seconds, (posterior.deals, posterior.roles)


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


def _agrees_with(baseline: Posterior, digest: tuple[int, Roles]) -> bool:
    return agree(*digest, baseline)


# -- running -------------------------------------------------------------------------------


def run_counter(position: Position, repeat: int) -> tuple[Outcome, Posterior]:
    """The baseline, in this process: a warm-up, then ``repeat`` runs."""
    times, posterior = time_runs(lambda: timed_solve(position.round, BASELINE)[1], repeat)
    return Outcome("ok", tuple(times)), posterior


@dataclass(frozen=True)
class Settings:
    engines: tuple[str, ...]
    repeat: int
    budget: Budget

    def to_dict(self) -> dict[str, Any]:
        return {"engines": list(self.engines), "repeat": self.repeat, **self.budget.to_dict()}


def measure(
    positions: Sequence[Position], settings: Settings, console: Console
) -> list[tuple[dict[str, Outcome], int]]:
    """Every engine's outcome on every position (smallest first), and its deals."""
    names = [name for name in settings.engines if name != BASELINE]
    for name in names:
        get_engine(name)  # import it once here, not in every child
    references = References(settings.budget, console)
    results = []
    for position in positions:
        with console.status(f"{position.name}: {BASELINE}"):
            counter, baseline = run_counter(position, settings.repeat)
        outcomes = {BASELINE: counter}
        for name in names:
            outcomes[name] = references.run(
                name,
                partial(solve_digest, name),
                position,
                partial(_agrees_with, baseline),
            )
        results.append((outcomes, baseline.deals))
    return results


# -- reporting -----------------------------------------------------------------------------


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


def build_report(
    positions: Sequence[Position],
    results: Sequence[tuple[Mapping[str, Outcome], int]],
    settings: Settings,
) -> dict[str, Any]:
    """The JSON report."""
    rows = []
    for position, (outcomes, deals) in zip(positions, results, strict=True):
        baseline = outcomes[BASELINE]
        rows.append(
            {
                **position.to_dict(),
                "deals": deals,
                "engines": {name: o.to_dict(baseline) for name, o in outcomes.items()},
            }
        )
    report = header(VERSION, settings.to_dict())
    report["positions"] = rows
    report["target"] = {
        "engine": BASELINE,
        "players": TARGET_PLAYERS,
        "max_median_ms": target(report),
        "target_ms": TARGET_MS,
    }
    return report


def table(report: Mapping[str, Any]) -> Table:
    """The report as a table: times, speed-ups against the counter, agreement."""
    references = [name for name in report["settings"]["engines"] if name != BASELINE]
    return comparison_table(
        report,
        "engines",
        "deals",
        BASELINE,
        references,
        timed="solve() + roles + declarations",
        others="others",
        legend=f"× = engine median / {BASELINE} median; ✓ = same deals and roles as the {BASELINE}",
    )


# -- the command ---------------------------------------------------------------------------


def _engines(text: str) -> tuple[str, ...]:
    names = comma_list(text)
    for name in names:
        try:
            get_engine(name)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return tuple(name for name in ENGINES if name in names or name == BASELINE)


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="bench_solve.py", description=__doc__.split("\n", 1)[0])
    commands.add_argument(
        "--engines",
        type=_engines,
        default=tuple(ENGINES),
        help="comma-separated engines (fast, the baseline, always runs); default: all",
    )
    add_options(commands, repeat=20, what="the counter", budget=30.0)
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 1 when an engine disagrees with the counter or fails."""
    args = parser().parse_args(argv)
    settings = Settings(args.engines, args.repeat, budget_of(args))
    positions = load_positions(args.players)
    results = measure(positions, settings, progress())
    report = build_report(positions, results, settings)
    emit(args, report, [table(report)], [target_line(report)])
    return 1 if failed([outcomes for outcomes, _ in results]) else 0


if __name__ == "__main__":
    sys.exit(main())
