"""Time ONUW's fast exact engine against the brute force, on played deals, in one run.

The positions are real deals played by the table engine (a seeded random deal, the
night by the ``act`` policy, village-believers claiming the truth and the others
bluffing a village card with made-up night keys), seen from a viewpoint (its card
and night) or in public, with all or some of the claims: every player count from 3
to 6 in both editions, and 10 players of the official deck from a viewpoint with 8
claims. What is timed is ``fast.solve(record)`` (every output of ``solve``), the
record built beforehand: a warm-up, then ``--repeat`` runs in this process, by the
wall clock (the targets) and by the process's CPU time (what the engine costs on a
shared machine).

The brute force runs ``--reference-repeat`` times in a child process; a run longer
than ``--budget`` seconds is stopped, and the brute force is skipped on every
position at least as big (as many players or more, same edition and kind). Every
brute-force run is checked against the fast engine: the same ``Solution``, exactly
(Fractions equal). The ratio is brute median / fast median. Progress goes to
standard error.

    python benchmarks/bench_onuw.py                       # the table
    python benchmarks/bench_onuw.py --players 3,4 --json  # JSON on stdout

Exit status 1 when the engines disagree (or one fails), else 0.

>>> spec = Spec(3, "table", 1, True, None)
>>> spec.name, spec.record().viewpoint is not None
('3-table-view-all-1', True)
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from multiprocessing.connection import Connection
from random import Random
from types import MappingProxyType
from typing import Any

from common import add_options, budget_of, emit, format_ratio, format_time, header, progress, timed
from rich.console import Console
from rich.table import Table

from wooolf_solver.games.onuw import brute, fast
from wooolf_solver.games.onuw.brute import Solution
from wooolf_solver.games.onuw.night import NightEntry, believed_card
from wooolf_solver.games.onuw.record import Claim, DealRecord
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import ClaimPolicy, play_deal

VERSION = 1
"""The version of the JSON report's layout."""

SMALL_PLAYERS, SMALL_MS = 6, 50.0
"""Target: every position of up to 6 players, median at most 50 ms."""
BIG_PLAYERS, BIG_MS = 10, 1000.0
"""Target: 10 players (official deck, a viewpoint, 8 claims), median at most 1 s."""

RULES = load_rules()


def bluffers(players: int, deck: Sequence[str]) -> ClaimPolicy:
    """Village-believers claim the truth; the others a village card of the deck,
    with made-up night keys of that card."""
    village = sorted({role for role in deck if RULES.team(role) == "village"})

    def policy(seat: int, dealt: str, entry: NightEntry, rng: Random) -> Claim:
        if RULES.team(believed_card(RULES, dealt, seat, entry)) == "village":
            return Claim(seat, dealt, entry)
        role = rng.choice(village)
        others = [other for other in range(1, players + 1) if other != seat]
        made = {
            "seer": NightEntry.of(saw=((rng.choice(others), rng.choice(village)),)),
            "robber": NightEntry.of(robbed=rng.choice(others), got=rng.choice(village)),
            "troublemaker": NightEntry.of(swapped=tuple(sorted(rng.sample(others, 2)))),
            "insomniac": NightEntry.of(now=role),
        }
        return Claim(seat, role, made.get(role, NightEntry()))

    return policy


@dataclass(frozen=True)
class Spec:
    """A position: a deal played from ``seed``, seen from a random viewpoint (or in
    public), with the first ``claims`` claims of the other seats (``None``: all;
    ``0``: none)."""

    players: int
    edition: str
    seed: int
    viewpoint: bool
    claims: int | None

    @property
    def kind(self) -> str:
        said = "all" if self.claims is None else str(self.claims)
        return f"{'view' if self.viewpoint else 'public'}-{said}"

    @property
    def name(self) -> str:
        return f"{self.players}-{self.edition}-{self.kind}-{self.seed}"

    def record(self) -> DealRecord:
        rng = Random(self.seed)
        deck = RULES.deck(self.edition, self.players)
        game = play_deal(
            rng, self.players, edition=self.edition, claims=bluffers(self.players, deck)
        ).record
        seat = rng.randint(1, self.players) if self.viewpoint else None
        claims = [claim for claim in game.claims if claim.seat != seat]
        if self.claims is not None:
            claims = claims[: self.claims]
        known = {} if seat is None else {seat: game.cards[seat]}
        night = {} if seat is None else {seat: game.night[seat]}
        return replace(
            game,
            viewpoint=seat,
            cards=MappingProxyType(known),
            night=MappingProxyType(night),
            claims=tuple(claims),
            votes=None,
        )

    def covers(self, other: Spec) -> bool:
        """Whether this position is at least as hard for the brute force as ``other``."""
        return (
            self.edition == other.edition
            and self.kind == other.kind
            and self.players >= other.players
        )


def positions(players: Sequence[int] | None) -> list[Spec]:
    """Every position (optionally only some player counts), smallest first."""
    specs = [
        Spec(count, edition, seed, viewpoint, said)
        for count in range(3, SMALL_PLAYERS + 1)
        for edition in ("table", "official")
        for viewpoint, said in ((False, 0), (False, None), (True, 0), (True, None))
        for seed in ((1, 2, 3, 4) if count == SMALL_PLAYERS else (1, 2))
    ]
    specs += [Spec(BIG_PLAYERS, "official", seed, True, 8) for seed in range(1, 7)]
    return [spec for spec in specs if players is None or spec.players in players]


# -- exact digests, comparable across processes ------------------------------------------


def digest(solution: Solution) -> dict[str, Any]:
    """Every output, exact (Fractions as text), in plain picklable values."""

    def exact(value: Any) -> Any:
        if isinstance(value, Fraction):
            return str(value)
        if isinstance(value, Mapping):
            return {str(key): exact(item) for key, item in value.items()}
        if isinstance(value, tuple | list):
            return [exact(item) for item in value]
        return value

    return {
        name: exact(getattr(solution, name))
        for name in (
            "consistent", "worlds", "dawn", "dealt", "team", "no_werewolf", "lying",
            "win_if", "conflict",
        )
    }  # fmt: skip


# -- running -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    status: str
    """``ok``, ``timeout``, ``skipped`` or ``error``."""
    times: tuple[float, ...] = ()
    agrees: bool | None = None
    cpu: tuple[float, ...] = ()
    """The process's CPU seconds of each run (the fast engine's only)."""

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "runs": len(self.times),
            "median_ms": None if self.median is None else self.median * 1000,
            "max_ms": max(self.times) * 1000 if self.times else None,
            "cpu_median_ms": statistics.median(self.cpu) * 1000 if self.cpu else None,
            "agrees": self.agrees,
        }


def _brute_child(connection: Connection, spec: Spec, repeat: int) -> None:
    try:
        record = spec.record()
        for _ in range(repeat):
            seconds, solution = timed(partial(brute.solve, record))
            connection.send((seconds, digest(solution)))
    except Exception as error:  # reported in the table, not raised
        connection.send(f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def run_brute(spec: Spec, expected: dict[str, Any], repeat: int, budget: float | None) -> Outcome:
    """The brute force in a child process, each run within ``budget`` seconds."""
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context: Any = multiprocessing.get_context(method)  # fork: the child inherits the imports
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_brute_child, args=(send, spec, repeat), daemon=True)
    child.start()
    send.close()
    times: list[float] = []
    agrees = True
    try:
        for _ in range(repeat):
            if not receive.poll(budget):
                return Outcome("timeout", tuple(times), agrees if times else None)
            message = receive.recv()
            if isinstance(message, str):
                return Outcome("error", tuple(times), False)
            seconds, found = message
            times.append(seconds)
            agrees = agrees and found == expected
    except EOFError:
        return Outcome("error", tuple(times), False)
    finally:
        if child.is_alive():
            child.kill()
        child.join()
    return Outcome("ok", tuple(times), agrees)


@dataclass
class Row:
    spec: Spec
    worlds: int
    consistent: bool
    fast: Outcome
    brute: Outcome

    def to_dict(self) -> dict[str, Any]:
        ratio = None
        if self.brute.median is not None and self.fast.median:
            ratio = self.brute.median / self.fast.median
        return {
            "name": self.spec.name,
            "players": self.spec.players,
            "edition": self.spec.edition,
            "kind": self.spec.kind,
            "seed": self.spec.seed,
            "claims": len(self.spec.record().claims),
            "worlds": self.worlds,
            "consistent": self.consistent,
            "fast": self.fast.to_dict(),
            "brute": {**self.brute.to_dict(), "ratio": ratio},
        }


def measure(specs: Sequence[Spec], args: argparse.Namespace, console: Console) -> list[Row]:
    budget = budget_of(args)
    slow: list[Spec] = []
    rows = []
    for number, spec in enumerate(specs, 1):
        record = spec.record()
        gc.collect()
        with console.status(f"{spec.name}: fast"):
            work = partial(fast.solve, record)
            work()  # warm-up
            runs, cpu = [], []
            for _ in range(args.repeat):
                start = time.process_time()
                runs.append(timed(work))
                cpu.append(time.process_time() - start)
        solution = runs[-1][1]
        fast_outcome = Outcome("ok", tuple(seconds for seconds, _ in runs), cpu=tuple(cpu))
        if any(spec.covers(other) for other in slow):
            brute_outcome = Outcome("skipped")
        else:
            with console.status(f"{spec.name}: brute force"):
                brute_outcome = run_brute(spec, digest(solution), budget.repeat, budget.limit)
            if brute_outcome.status == "timeout":
                slow.append(spec)
        rows.append(Row(spec, solution.worlds, solution.consistent, fast_outcome, brute_outcome))
        median = fast_outcome.median or 0.0
        console.print(
            f"[{number}/{len(specs)}] {spec.name}: fast {format_time(median)}, "
            f"brute force {brute_outcome.status}",
            highlight=False,
        )
    return rows


# -- reporting ---------------------------------------------------------------------------


def targets(rows: Sequence[Row]) -> dict[str, Any]:
    def worst(players: Sequence[int]) -> float | None:
        medians = [row.fast.median for row in rows if row.spec.players in players]
        found = [median for median in medians if median is not None]
        return max(found) * 1000 if found else None

    return {
        "small": {
            "players": f"3..{SMALL_PLAYERS}",
            "max_median_ms": worst(range(3, SMALL_PLAYERS + 1)),
            "target_ms": SMALL_MS,
        },
        "big": {"players": BIG_PLAYERS, "max_median_ms": worst([BIG_PLAYERS]), "target_ms": BIG_MS},
    }


def target_lines(report: Mapping[str, Any]) -> list[str]:
    lines = []
    for goal in report["targets"].values():
        worst = goal["max_median_ms"]
        figure = "not measured" if worst is None else f"{worst:.1f} ms"
        verdict = "" if worst is None else (" ✓" if worst <= goal["target_ms"] else " ✗")
        lines.append(
            f"fast, {goal['players']} players: max median {figure} "
            f"(target ≤ {goal['target_ms']:g} ms){verdict}"
        )
    return lines


def table(report: Mapping[str, Any]) -> Table:
    grid = Table(title="ONUW solve: fast exact engine against brute force (median of runs)")
    for name, justify in (
        ("position", "left"), ("claims", "right"), ("worlds", "right"), ("fast", "right"),
        ("fast max", "right"), ("fast cpu", "right"), ("brute force", "right"), ("×", "right"),
        ("agree", "center"),
    ):  # fmt: skip
        grid.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in report["positions"]:
        fast_, brute_ = row["fast"], row["brute"]
        if brute_["median_ms"] is not None:
            brute_cell = format_time(brute_["median_ms"] / 1000)
            if brute_["status"] != "ok":
                brute_cell += f" ({brute_['status']})"
        else:
            brute_cell = brute_["status"]
        agree = {True: "✓", False: "✗", None: "–"}[brute_["agrees"]]
        grid.add_row(
            row["name"],
            str(row["claims"]),
            f"{row['worlds']:,}" if row["consistent"] else "inconsistent",
            format_time(fast_["median_ms"] / 1000),
            format_time(fast_["max_ms"] / 1000),
            format_time(fast_["cpu_median_ms"] / 1000),
            brute_cell,
            format_ratio(brute_["ratio"]) if brute_["ratio"] else "–",
            agree,
        )
    grid.caption = (
        "× = brute-force median / fast median (wall clock); fast cpu = the process's CPU "
        "time, median; ✓ = the same Solution, exactly"
    )
    return grid


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="bench_onuw.py", description=__doc__.split("\n", 1)[0])
    add_options(commands, repeat=7, what="the fast engine", budget=20.0)
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 1 when the engines disagree or one fails."""
    args = parser().parse_args(argv)
    specs = positions(args.players)
    rows = measure(specs, args, progress())
    report = header(
        VERSION, {"repeat": args.repeat, **budget_of(args).to_dict(), "players": args.players}
    )
    report["positions"] = [row.to_dict() for row in rows]
    report["targets"] = targets(rows)
    emit(args, report, [table(report)], target_lines(report))
    bad = any(row.brute.agrees is False or row.brute.status == "error" for row in rows)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
