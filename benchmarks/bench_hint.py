"""Time hints and explanations on the fixed positions of ``benchmarks/positions/`` in one run.

**hint**: what is timed is ``hint(round_)``: every action open to the viewpoint
scored from the counter's native decision-by-hand joint, and the advice. It runs in
this process (the baseline): a warm-up, then ``--repeat`` runs. Two references run
``--reference-repeat`` times each in a child process, after a warm-up on the
smallest position:

- ``fast-naive``: ``hint(round_, engine="fast", naive=True)``, one counter
  tally per outcome of every action;
- ``brute-naive``: ``hint(round_, engine="brute", naive=True)``, each outcome's
  posterior recomputed by brute force (the reference of the issue).

A run longer than ``--budget`` seconds is stopped, and that reference is skipped on
every position of the same edition with as many players or more (events do not
prune a tally per outcome: brute force visits every deal of the free cards whatever
the events). Each reference that ran is checked against the native hint: the same
actions, and the entropy, every action's ``gain_bits``, ``best_after`` and outcome
probabilities within 1e-9, with the same possible outcomes.

**why**: ``explain(round_, seat, identity, holds)`` for every certain fact of the
position's posterior (the facts ``explanations(round_)`` explains), ``--why-repeat``
runs each; a fact's time is the median of its runs. The one-time import of
OR-Tools (CP-SAT finds the explanations' cores) is timed once on its own, then the
explanations of the smallest position warm up; neither is in the figures.

    python benchmarks/bench_hint.py                        # the tables
    python benchmarks/bench_hint.py --json                 # JSON on stdout
    python benchmarks/bench_hint.py --json-out hint.json   # the tables, and JSON to a file

Exit status 1 when a reference disagrees with the native hint (or fails), or an
explanation does not hold, else 0.

>>> from common import WARM_UP
>>> seconds, found = hint_digest("brute", True, Round.load(WARM_UP))
>>> same_hint(found, hint(Round.load(WARM_UP)).to_dict())
True
>>> [(str(f.fact), f.explanation.events) for f in time_why(Round.load(WARM_UP), 1)][:2]
[('seat 1 is the shepherd', ()), ('seat 2 is not the shepherd', ())]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import Any

from common import (
    TOLERANCE,
    WARM_UP,
    Budget,
    Outcome,
    Position,
    References,
    add_options,
    budget_of,
    choices,
    comparison_table,
    emit,
    failed,
    format_ms,
    header,
    load_positions,
    ms,
    positive,
    progress,
    time_runs,
    timed,
)
from rich.console import Console
from rich.table import Table

from wooolf_solver import Explanation, Fact, Round, explain, explanations, hint, solve

VERSION = 1
"""The version of the JSON report's layout."""

BASELINE = "fast"
REFERENCES: dict[str, tuple[str, bool]] = {
    "fast-naive": ("fast", True),
    "brute-naive": ("brute", True),
}
"""Each reference's engine and ``naive`` flag for ``hint``."""

HINT_PLAYERS = 8
HINT_TARGET_MS = 100.0
WHY_TARGET_MS = 1000.0


# -- hints ---------------------------------------------------------------------------------


def hint_digest(engine: str, naive: bool, round_: Round) -> tuple[float, dict[str, Any]]:
    """One timed ``hint`` (a reference's job): the seconds and the hint's JSON object."""
    seconds, found = timed(lambda: hint(round_, engine, naive))
    return seconds, found.to_dict()


def same_hint(found: Mapping[str, Any], expected: Mapping[str, Any]) -> bool:
    """Whether two hints' JSON objects agree: the same actions and possible outcomes,
    every figure within 1e-9.

    >>> a = {"entropy_bits": 1.0, "actions": [{"action": "peek", "target": 2,
    ...     "gain_bits": 0.5, "best_after": 0.75, "outcomes": {"wolf": 0.5, "sheep": 0.5}}]}
    >>> b = {**a, "entropy_bits": 1.0 + 1e-12}
    >>> same_hint(a, b), same_hint(a, {**a, "actions": []})
    (True, False)
    """
    if not _close(found["entropy_bits"], expected["entropy_bits"]):
        return False
    mine, theirs = _by_action(found), _by_action(expected)
    if set(mine) != set(theirs):
        return False
    for key, score in theirs.items():
        other = mine[key]
        if set(other["outcomes"]) != set(score["outcomes"]):
            return False
        pairs = [(other[name], score[name]) for name in ("gain_bits", "best_after")]
        pairs += [(other["outcomes"][o], chance) for o, chance in score["outcomes"].items()]
        if not all(_close(x, y) for x, y in pairs):
            return False
    return True


def _by_action(found: Mapping[str, Any]) -> dict[tuple[str, int, str | None], Any]:
    return {(a["action"], a["target"], a.get("question")): a for a in found["actions"]}


def _close(x: float, y: float) -> bool:
    return abs(x - y) <= TOLERANCE


# -- explanations --------------------------------------------------------------------------


@dataclass(frozen=True)
class FactTimes:
    """The runs of ``explain`` for one certain fact, and its explanation."""

    fact: Fact
    times: tuple[float, ...]
    explanation: Explanation

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.fact.seat,
            "identity": self.fact.identity,
            "holds": self.fact.holds,
            "events": list(self.explanation.events),
            "median_ms": ms(self.median),
        }


def time_why(round_: Round, repeat: int) -> list[FactTimes]:
    """``repeat`` timed runs of ``explain`` for every certain fact of the posterior."""
    timings = []
    for fact in solve(round_).certain:
        times, explanation = time_runs(
            partial(explain, round_, fact.seat, fact.identity, fact.holds), repeat, warm_up=False
        )
        timings.append(FactTimes(fact, tuple(times), explanation))
    return timings


def import_ortools() -> float | None:
    """The seconds OR-Tools' first import takes (``None``: it was already loaded)."""
    if "ortools" in sys.modules:
        return None
    seconds, _ = timed(lambda: import_module("ortools.sat.python.cp_model"))
    return seconds


# -- running -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    references: tuple[str, ...]
    repeat: int
    why_repeat: int
    budget: Budget

    def to_dict(self) -> dict[str, Any]:
        return {
            "references": list(self.references),
            "repeat": self.repeat,
            "why_repeat": self.why_repeat,
            **self.budget.to_dict(),
        }


@dataclass(frozen=True)
class Measured:
    """Everything measured on one position."""

    outcomes: dict[str, Outcome]
    deals: int
    actions: int
    facts: list[FactTimes]


def measure_hints(
    positions: Sequence[Position], settings: Settings, console: Console
) -> list[tuple[dict[str, Outcome], int, int]]:
    """The native hint and each reference on every position (smallest first): the
    outcomes, the deals and the number of actions."""
    references = References(settings.budget, console, rule="tally")
    results = []
    for position in positions:
        gc.collect()
        with console.status(f"{position.name}: hint ({BASELINE})"):
            times, native = time_runs(partial(hint, position.round), settings.repeat)
        expected = native.to_dict()
        outcomes = {BASELINE: Outcome("ok", tuple(times))}
        for name in settings.references:
            engine, naive = REFERENCES[name]
            outcomes[name] = references.run(
                name,
                partial(hint_digest, engine, naive),
                position,
                partial(same_hint, expected=expected),
            )
        results.append((outcomes, native.posterior.deals, len(native.actions)))
    return results


def measure(
    positions: Sequence[Position], settings: Settings, console: Console
) -> tuple[list[Measured], float | None]:
    """Hints on every position, then explanations (after OR-Tools' import, timed, and
    a warm-up); the import's seconds."""
    hints = measure_hints(positions, settings, console)
    with console.status("importing OR-Tools, warming up"):
        imported = import_ortools()
        explanations(Round.load(WARM_UP))
    results = []
    for position, (outcomes, deals, actions) in zip(positions, hints, strict=True):
        gc.collect()
        with console.status(f"{position.name}: why"):
            facts = time_why(position.round, settings.why_repeat)
        results.append(Measured(outcomes, deals, actions, facts))
    return results, imported


# -- reporting -----------------------------------------------------------------------------


def why_summary(facts: Sequence[FactTimes], repeat: int) -> dict[str, Any]:
    """A position's explanations: per fact the median of its runs; over the facts the
    median and the max."""
    medians = [f.median for f in facts]
    return {
        "facts": len(facts),
        "runs": repeat,
        "median_ms": ms(statistics.median(medians) if medians else None),
        "max_ms": ms(max(medians) if medians else None),
        "all_hold": all(f.explanation.holds for f in facts),
        "explained": [f.to_dict() for f in facts],
    }


def build_report(
    positions: Sequence[Position],
    results: Sequence[Measured],
    imported: float | None,
    settings: Settings,
) -> dict[str, Any]:
    """The JSON report."""
    rows = []
    for position, measured in zip(positions, results, strict=True):
        baseline = measured.outcomes[BASELINE]
        rows.append(
            {
                **position.to_dict(),
                "deals": measured.deals,
                "actions": measured.actions,
                "hint": {name: o.to_dict(baseline) for name, o in measured.outcomes.items()},
                "why": why_summary(measured.facts, settings.why_repeat),
            }
        )
    hint_medians = [
        row["hint"][BASELINE]["median_ms"] for row in rows if row["players"] == HINT_PLAYERS
    ]
    why_maxima = [row["why"]["max_ms"] for row in rows if row["why"]["max_ms"] is not None]
    report = header(VERSION, settings.to_dict())
    report["ortools_import_ms"] = ms(imported)
    report["positions"] = rows
    report["targets"] = {
        "hint": {
            "engine": BASELINE,
            "players": HINT_PLAYERS,
            "max_median_ms": max(hint_medians) if hint_medians else None,
            "target_ms": HINT_TARGET_MS,
        },
        "why": {
            "max_ms": max(why_maxima) if why_maxima else None,
            "target_ms": WHY_TARGET_MS,
        },
    }
    return report


def target_lines(report: Mapping[str, Any]) -> list[str]:
    """The OR-Tools import, and each target against its figure."""
    imported = report["ortools_import_ms"]
    hint_target, why_target = report["targets"]["hint"], report["targets"]["why"]
    return [
        "OR-Tools import, once (not in the figures): "
        + ("already loaded" if imported is None else format_ms(imported)),
        f"hint, {HINT_PLAYERS} players: max median {_figure(hint_target['max_median_ms'])} "
        f"(target ≤ {HINT_TARGET_MS:g} ms)",
        f"why, any fact: max {_figure(why_target['max_ms'])} (target ≤ {WHY_TARGET_MS / 1000:g} s)",
    ]


def _figure(milliseconds: float | None) -> str:
    return "not measured" if milliseconds is None else format_ms(milliseconds)


def hint_table(report: Mapping[str, Any]) -> Table:
    """Times of ``hint``, ratios of the references to the native hint, agreement."""
    return comparison_table(
        report,
        "hint",
        "actions",
        BASELINE,
        report["settings"]["references"],
        timed="hint(), every action",
        others="references",
        legend=f"× = reference median / {BASELINE} median; ✓ = same actions, entropy, gains, "
        "best-after and outcome chances as the native hint",
    )


def why_table(report: Mapping[str, Any]) -> Table:
    """Times of ``explain`` per certain fact, and the slowest fact."""
    grid = Table(
        title=f"explain(), every certain fact, per position (each fact: median of "
        f"{report['settings']['why_repeat']})",
        caption="median and max over the facts; events: those of the slowest fact's reason",
    )
    for name in ("position", "facts", "median", "max"):
        grid.add_column(name, justify="left" if name == "position" else "right")
    grid.add_column("slowest fact")
    grid.add_column("events")
    for row in report["positions"]:
        why = row["why"]
        explained = why["explained"]
        slowest = max(explained, key=lambda f: f["median_ms"]) if explained else None
        grid.add_row(
            row["name"],
            str(why["facts"]),
            format_ms(why["median_ms"]),
            format_ms(why["max_ms"]),
            "–" if slowest is None else _fact_text(slowest) + ("" if why["all_hold"] else " ✗"),
            "–" if slowest is None else ", ".join(map(str, slowest["events"])) or "none",
        )
    return grid


def _fact_text(fact: Mapping[str, Any]) -> str:
    return str(Fact(fact["seat"], fact["identity"], fact["holds"]))


# -- the command ---------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="bench_hint.py", description=__doc__.split("\n", 1)[0])
    commands.add_argument(
        "--references",
        type=choices(list(REFERENCES)),
        default=list(REFERENCES),
        help=f"comma-separated references of the native hint; default: {','.join(REFERENCES)}",
    )
    commands.add_argument(
        "--why-repeat",
        type=positive(int),
        default=3,
        help="timed runs of explain per certain fact (default 3)",
    )
    add_options(commands, repeat=20, what="the native hint", budget=45.0)
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 1 when a reference disagrees or fails, or an explanation
    does not hold."""
    args = parser().parse_args(argv)
    names = tuple(name for name in REFERENCES if name in args.references)
    settings = Settings(names, args.repeat, args.why_repeat, budget_of(args))
    positions = load_positions(args.players)
    results, imported = measure(positions, settings, progress())
    report = build_report(positions, results, imported, settings)
    emit(args, report, [hint_table(report), why_table(report)], target_lines(report))
    wrong = failed([m.outcomes for m in results])
    unexplained = any(not row["why"]["all_hold"] for row in report["positions"])
    return 1 if wrong or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
