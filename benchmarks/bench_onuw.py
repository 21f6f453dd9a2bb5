"""Time ONUW's fast exact engine against the brute force, on played deals, in one run.

The positions are real deals played by the table engine (a seeded random deal, the
night by the ``act`` policy, village-believers claiming the truth and the others
bluffing a village card with made-up night keys), seen from a viewpoint (its card
and night) or in public, with all or some of the claims: every player count from 3
to 6 in both editions, and 10 players of the official deck from a viewpoint with 8
claims, and 13 players in public with every claim (three centre cards: the official
deck, and the box's sixteen cards as the peer engine wolfbot deals them, the
doppelganger's card a fourth villager; the target is their median over six deals)
(with ``--village-lies E``, every position's honest speakers are wrong with chance E,
and 7 and 10 players of the official deck, from a viewpoint and in public with all
claims, seeds 1-6 at 10, replace the 10 and 13). What is timed is
``solved(record)`` (the fast engine's one tally, every answer exact, or the minimal
conflict), the record built beforehand: a warm-up, then ``--repeat`` runs in this
process, by the wall clock (the targets) and by the process's CPU time (what the
engine costs on a shared machine).

The **night hint** (``hints.hint``, the fast engine's, against the brute-force
reference ``hint(record, "brute")``) is timed the same way, for a seer, a robber, a
troublemaker and a lone werewolf who have not chosen yet, from 3 to 5 players and at
10 (official deck); the engines agree when they give the same options, the same
outcome chances (exact) and the same gains (to 1e-9). **The lab**: ``--lab-games``
five-player deals of the table edition played end to end by the lab runner (seats
alternating stand-ins and bots, every ballot from the solver), in this process: deals
per second of CPU time (per core) and of wall clock.

**CP-SAT feasibility** (``cpsat.possible``, ONUW's own CP-SAT model): for every
slot and card of the deck, whether the card is possible at dawn, one solve each, the
model built afresh in each run (``cpsat.forget``), against the brute force's exact
zeros (``solved(record, "brute")``); from 3 to 6 players and at 10 (official deck). **Why at ten
players** (``explain``, the default engine: the fast engine with CP-SAT for the
negations): the claim most likely to be a lie, on the six 10-player positions, and at
3 to 5 players, against ``explain(..., engine="brute")``; they agree when they give
the same answer, the same events and the same sentences.

**Conflicts at ten players**: six 10-player positions (a viewpoint, all claims) where
the viewpoint also claims a village card it does not hold while it believes a village
card, so no world fits: ``solved`` with its minimal conflict, timed as above, and
the conflict checked minimal (no world has all of its events, and some world has each
set of them without one) by the fast engine's consistency.

The brute force runs ``--reference-repeat`` times in a child process; a run longer
than ``--budget`` seconds is stopped, and the brute force is skipped on every
position at least as big (as many players or more, same edition and kind). Every
brute-force run is checked against the fast engine: the same answers, exactly
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from multiprocessing.connection import Connection
from random import Random
from types import MappingProxyType
from typing import Any, TypeVar

from common import add_options, budget_of, emit, format_ratio, format_time, header, progress, timed
from rich.console import Console
from rich.table import Table

from wooolf_solver.core.conflict import minimal_conflict as conflict_of
from wooolf_solver.core.reasons import LIAR, Explanation
from wooolf_solver.games.onuw.engines import answers, cpsat, fast, find_engine
from wooolf_solver.games.onuw.explain import explain
from wooolf_solver.games.onuw.hints import NightHint, hint
from wooolf_solver.games.onuw.lab import LAB, Simulation
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.night import NightEntry, believed_card
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import Claim, DealRecord, read_record
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import ClaimPolicy, play_deal
from wooolf_solver.lab.runner import play_task, tasks

VERSION = 4
"""The version of the JSON report's layout."""

SMALL_PLAYERS, SMALL_MS = 6, 50.0
"""Target: every position of up to 6 players, median at most 50 ms."""
BIG_PLAYERS, BIG_MS = 10, 1000.0
"""Target: 10 players (official deck, a viewpoint, 8 claims), median at most 1 s."""
HUGE_PLAYERS, HUGE_MS = 13, 1000.0
"""Target: 13 players in public with every claim (three centre cards), median at most 1 s."""
BOX = (
    "werewolf", "werewolf", "minion", "mason", "mason", "seer", "robber", "troublemaker",
    "drunk", "insomniac", "hunter", "tanner", "villager", "villager", "villager", "villager",
)  # fmt: skip
"""The box's sixteen cards (every role of the base game, wolfbot's deck of 13 players),
with a fourth villager for the doppelganger."""

LIES_PLAYERS = (7, 10)
"""With ``--village-lies``: the biggest positions (official deck, all claims)."""
CONFLICT_PLAYERS, CONFLICT_MS = 10, 1000.0
"""Target: the minimal conflict of a 10-player record, median well under 1 s."""
HINT_PLAYERS, HINT_MS = 10, 1000.0
"""Target: a night hint at 10 players (official deck), median at most 1 s."""
LAB_PLAYERS, LAB_RATE = 5, 20.0
"""Target: the lab plays at least 20 five-player deals per second per core."""
HINT_ROLES = ("seer", "robber", "troublemaker", "werewolf")
WHY_PLAYERS, WHY_MS = 10, 2000.0
"""Target: ``why`` at 10 players (official deck, 8 claims), median at most 2 s."""

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
    ``0``: none), honest speakers wrong with chance ``lies`` (``village_lies``)."""

    players: int
    edition: str
    seed: int
    viewpoint: bool
    claims: int | None
    lies: Fraction = Fraction(0)
    box: bool = False
    """The deck: :data:`BOX` (else the edition's)."""

    @property
    def kind(self) -> str:
        said = "all" if self.claims is None else str(self.claims)
        return f"{'view' if self.viewpoint else 'public'}-{said}{'-box' if self.box else ''}"

    @property
    def name(self) -> str:
        lies = f"-lies-{self.lies}" if self.lies else ""
        return f"{self.players}-{self.edition}-{self.kind}-{self.seed}{lies}"

    def record(self) -> DealRecord:
        rng = Random(self.seed)
        deck = BOX if self.box else RULES.deck(self.edition, self.players)
        game = play_deal(
            rng,
            self.players,
            edition=self.edition,
            deck=deck if self.box else None,
            claims=bluffers(self.players, deck),
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
            model=replace(game.model, village_lies=self.lies),
        )

    def covers(self, other: Any) -> bool:
        """Whether this position is at least as hard for the brute force as ``other``."""
        return (
            isinstance(other, Spec)
            and self.edition == other.edition
            and self.kind == other.kind
            and self.lies == other.lies
            and self.players >= other.players
        )

    def reference(self) -> tuple[Callable[[], Any], Callable[[Any], Any]]:
        """The brute force's work on this position, and the digest of what it finds."""
        return partial(solved, self.record(), "brute"), digest


@dataclass(frozen=True)
class HintSpec:
    """A night hint: seat 1 holds ``role`` and has not chosen (a lone werewolf knows
    it is alone), nobody has spoken."""

    players: int
    edition: str
    role: str

    @property
    def name(self) -> str:
        return f"hint-{self.players}-{self.edition}-{self.role}"

    def record(self) -> DealRecord:
        data: dict[str, Any] = {
            "game": "onuw",
            "edition": self.edition,
            "players": self.players,
            "viewpoint": 1,
            "cards": {1: self.role},
        }
        if self.role == "werewolf":
            data["night"] = {1: {"wolves": [1]}}
        return read_record(data)

    def covers(self, other: Any) -> bool:
        return (
            isinstance(other, HintSpec)
            and (self.edition, self.role) == (other.edition, other.role)
            and self.players >= other.players
        )

    def reference(self) -> tuple[Callable[[], Any], Callable[[Any], Any]]:
        return partial(hint, self.record(), "brute"), hint_digest


@dataclass(frozen=True)
class ConflictSpec:
    """A position of :class:`Spec` (a viewpoint, all claims) where the viewpoint also
    claims a village card it does not hold: when it believes a village card, no world
    fits (an honest claim must be true) and ``solve`` names a minimal conflict."""

    spec: Spec

    @property
    def name(self) -> str:
        return f"conflict-{self.spec.name}"

    def record(self) -> DealRecord:
        record = self.spec.record()
        seat = record.viewpoint
        assert seat is not None
        role = next(role for role in ("villager", "seer") if role != record.cards[seat])
        return replace(record, claims=(*record.claims, Claim(seat, role)))


def conflict_positions(players: Sequence[int] | None) -> list[ConflictSpec]:
    """Six inconsistent 10-player records (the first seeds whose viewpoint believes a
    village card)."""
    if players is not None and CONFLICT_PLAYERS not in players:
        return []
    found: list[ConflictSpec] = []
    for seed in range(1, 100):
        spec = ConflictSpec(Spec(CONFLICT_PLAYERS, "official", seed, True, None))
        record = spec.record()
        assert record.viewpoint is not None
        seat, entry = record.viewpoint, record.night[record.viewpoint]
        if RULES.team(believed_card(RULES, record.cards[seat], seat, entry)) == "village":
            found.append(spec)
        if len(found) == 6:
            break
    return found


def minimal_conflict(record: DealRecord, conflict: Sequence[Any]) -> bool:
    """Whether ``conflict`` cannot hold while each of its subsets without one event can
    (by the fast engine's consistency)."""
    knowledge = knowledge_of(record)
    if not conflict or fast.consistent(knowledge.restricted(conflict)):
        return False
    return all(
        fast.consistent(knowledge.restricted([event for event in conflict if event != dropped]))
        for dropped in conflict
    )


def measure_conflicts(
    specs: Sequence[ConflictSpec], args: argparse.Namespace, console: Console
) -> list[dict[str, Any]]:
    """``solve`` of each inconsistent record (the fast engine, its conflict found by
    deletion with the fast engine's consistency), and whether the conflict is minimal."""
    rows = []
    for number, spec in enumerate(specs, 1):
        record, outcome, found = timed_solve(spec, args.repeat, console)
        rows.append(
            {
                "name": spec.name,
                "players": spec.spec.players,
                "claims": len(record.claims),
                "conflict": list(found["conflict"]),
                "minimal": minimal_conflict(record, found["conflict"]),
                "fast": outcome.to_dict(),
            }
        )
        console.print(
            f"[{number}/{len(specs)}] {spec.name}: {format_time(outcome.median or 0.0)}",
            highlight=False,
        )
    return rows


def conflict_target(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    medians = [row["fast"]["median_ms"] for row in rows]
    return {
        "players": f"{CONFLICT_PLAYERS} (a conflict)",
        "max_median_ms": max(medians) if medians else None,
        "target_ms": CONFLICT_MS,
    }


def conflict_table(report: Mapping[str, Any]) -> Table:
    grid = Table(title="ONUW conflicts: solve of an inconsistent record (fast engine)")
    for name in ("position", "claims", "conflict", "fast", "fast cpu", "minimal"):
        grid.add_column(name, justify="left" if name in {"position", "conflict"} else "right")
    for row in report["conflicts"]:
        grid.add_row(
            row["name"],
            str(row["claims"]),
            ", ".join(map(str, row["conflict"])),
            format_time(row["fast"]["median_ms"] / 1000),
            format_time(row["fast"]["cpu_median_ms"] / 1000),
            "✓" if row["minimal"] else "✗",
        )
    grid.caption = "minimal ✓ = no world has every event of it, and each one without an event has"
    return grid


def hint_positions(players: Sequence[int] | None) -> list[HintSpec]:
    """The night hints timed (optionally only some player counts), smallest first."""
    specs = [
        HintSpec(count, "official", role)
        for count in (3, 4, 5, HINT_PLAYERS)
        for role in HINT_ROLES
    ]
    return [spec for spec in specs if players is None or spec.players in players]


def hint_digest(advice: NightHint) -> dict[str, Any]:
    """Each option's outcome chances (exact, as text) and gains (floats)."""
    return {
        str(score.option): {
            "outcomes": {seen: str(p) for seen, p in score.outcomes.items()},
            "gain": score.gain_bits,
            "before": score.before_bits,
        }
        for score in advice.options
    }


def hints_agree(found: Any, expected: Any) -> bool:
    """The same options and outcome chances, the same gains to 1e-9."""
    if not isinstance(found, dict) or set(found) != set(expected):
        return False
    return all(
        found[key]["outcomes"] == expected[key]["outcomes"]
        and abs(found[key]["gain"] - expected[key]["gain"]) <= 1e-9
        and abs(found[key]["before"] - expected[key]["before"]) <= 1e-9
        for key in expected
    )


@dataclass(frozen=True)
class FeasibilitySpec:
    """CP-SAT feasibility on a position: every slot and card possible at dawn or not."""

    spec: Spec

    @property
    def name(self) -> str:
        return f"cpsat-{self.spec.name}"

    @property
    def players(self) -> int:
        return self.spec.players

    def work(self) -> Callable[[], Any]:
        knowledge = knowledge_of(self.spec.record())
        cards = sorted(set(knowledge.deck))

        def run() -> dict[str, list[str]]:
            cpsat.forget()  # cold: the model is built in every run
            return {
                str(slot): [card for card in cards if cpsat.possible(knowledge, slot, card)]
                for slot in knowledge.layout.slots
            }

        return run

    def covers(self, other: Any) -> bool:
        return isinstance(other, FeasibilitySpec) and self.spec.covers(other.spec)

    def reference(self) -> tuple[Callable[[], Any], Callable[[Any], Any]]:
        return partial(solved, self.spec.record(), "brute"), possible_cards


def possible_cards(found: Solved) -> dict[str, list[str]]:
    """Every slot's cards of non-zero chance at dawn (the exact zeros)."""
    cards: dict[str, list[str]] = {}
    for slot, card in sorted(found["dawn"]):
        cards.setdefault(str(slot), []).append(card)
    return cards


@dataclass(frozen=True)
class WhySpec:
    """``why`` on a position (a viewpoint, the other seats' claims): is the claim most
    likely to be a lie certainly one, and why."""

    spec: Spec

    @property
    def name(self) -> str:
        return f"why-{self.spec.name}"

    @property
    def players(self) -> int:
        return self.spec.players

    def question(self) -> tuple[DealRecord, int]:
        record = self.spec.record()
        lying = solve(record).lying
        return record, max(sorted(lying), key=lying.__getitem__)

    def work(self) -> Callable[[], Any]:
        record, seat = self.question()
        return partial(explain, record, seat, LIAR)

    def covers(self, other: Any) -> bool:
        return isinstance(other, WhySpec) and self.spec.covers(other.spec)

    def reference(self) -> tuple[Callable[[], Any], Callable[[Any], Any]]:
        record, seat = self.question()
        return partial(explain, record, seat, LIAR, engine="brute"), why_digest


def why_digest(why: Explanation) -> dict[str, Any]:
    return {"holds": why.holds, "events": list(why.events), "sentences": list(why.sentences)}


def feasibility_positions(players: Sequence[int] | None) -> list[FeasibilitySpec]:
    specs = [
        FeasibilitySpec(Spec(count, "official", 1, True, None))
        for count in range(3, SMALL_PLAYERS + 1)
    ]
    specs += [FeasibilitySpec(Spec(BIG_PLAYERS, "official", seed, True, 8)) for seed in (1, 4)]
    return [spec for spec in specs if players is None or spec.players in players]


def why_positions(players: Sequence[int] | None) -> list[WhySpec]:
    specs = [WhySpec(Spec(count, "official", 1, True, None)) for count in (3, 4, 5)]
    specs += [WhySpec(Spec(WHY_PLAYERS, "official", seed, True, 8)) for seed in range(1, 7)]
    return [spec for spec in specs if players is None or spec.players in players]


def positions(players: Sequence[int] | None, lies: Fraction = Fraction(0)) -> list[Spec]:
    """Every position (optionally only some player counts), smallest first; with
    ``lies`` (``--village-lies``), 7 and 10 players of the official deck (from a
    viewpoint and in public, all claims; seeds 1-6 at 10 players) instead of the
    10-player positions of 8 claims."""
    specs = [
        Spec(count, edition, seed, viewpoint, said, lies)
        for count in range(3, SMALL_PLAYERS + 1)
        for edition in ("table", "official")
        for viewpoint, said in ((False, 0), (False, None), (True, 0), (True, None))
        for seed in ((1, 2, 3, 4) if count == SMALL_PLAYERS else (1, 2))
    ]
    if lies:
        specs += [
            Spec(count, "official", seed, viewpoint, None, lies)
            for count in LIES_PLAYERS
            for viewpoint in (True, False)
            for seed in ((1, 2) if count < BIG_PLAYERS else range(1, 7))
        ]
    else:
        specs += [Spec(BIG_PLAYERS, "official", seed, True, 8) for seed in range(1, 7)]
        specs += [
            Spec(HUGE_PLAYERS, "official", seed, False, None, box=box)
            for box in (False, True)
            for seed in range(1, 7)
        ]
    return [spec for spec in specs if players is None or spec.players in players]


# -- exact digests, comparable across processes ------------------------------------------


Solved = dict[str, Any]
"""What :func:`solved` finds: ``consistent``, ``worlds``, ``conflict`` and the tally's
exact answers (:func:`~wooolf_solver.games.onuw.engines.answers`)."""


def solved(record: DealRecord, engine: str = "fast") -> Solved:
    """``solve`` of ``record`` by ``engine``: every answer of its tally, exact, or (no
    world fits) the shared rule's minimal conflict."""
    knowledge = knowledge_of(record)
    finder = find_engine(engine)
    tally = finder.tally(knowledge)
    if not tally.deals:
        return {"consistent": False, "worlds": 0, "conflict": conflict_of(knowledge, finder)}
    return {"consistent": True, "conflict": (), **answers(tally)}


def digest(found: Solved) -> dict[str, Any]:
    """Every output, exact (Fractions as text), in plain picklable values."""

    def exact(value: Any) -> Any:
        if isinstance(value, Fraction):
            return str(value)
        if isinstance(value, Mapping):
            return {str(key): exact(item) for key, item in value.items()}
        if isinstance(value, tuple | list):
            return [exact(item) for item in value]
        return value

    return {str(name): exact(value) for name, value in found.items()}


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


Reference = Spec | HintSpec | FeasibilitySpec | WhySpec


def _brute_child(connection: Connection, spec: Reference, repeat: int) -> None:
    try:
        work, digest_of = spec.reference()
        for _ in range(repeat):
            seconds, found = timed(work)
            connection.send((seconds, digest_of(found)))
    except Exception as error:  # reported in the table, not raised
        connection.send(f"{type(error).__name__}: {error}")
    finally:
        connection.close()


def run_brute(
    spec: Reference, expected: dict[str, Any], repeat: int, budget: float | None
) -> Outcome:
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
            same = hints_agree(found, expected) if isinstance(spec, HintSpec) else found == expected
            agrees = agrees and same
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


T = TypeVar("T")


def time_runs(work: Callable[[], T], repeat: int) -> tuple[Outcome, T]:
    """``work`` timed ``repeat`` times after a warm-up (wall clock and processor time),
    and its last answer."""
    work()  # warm-up
    runs, cpu = [], []
    for _ in range(repeat):
        start = time.process_time()
        runs.append(timed(work))
        cpu.append(time.process_time() - start)
    outcome = Outcome("ok", tuple(seconds for seconds, _ in runs), cpu=tuple(cpu))
    return outcome, runs[-1][1]


def timed_solve(
    spec: Spec | ConflictSpec, repeat: int, console: Console
) -> tuple[DealRecord, Outcome, Solved]:
    """A position's record, and :func:`solved` of it timed (:func:`time_runs`)."""
    record = spec.record()
    gc.collect()
    with console.status(f"{spec.name}: fast"):
        outcome, found = time_runs(partial(solved, record), repeat)
    return record, outcome, found


def against_brute(
    spec: Any, expected: Any, slow: list[Any], budget: Any, console: Console
) -> Outcome:
    """The brute force on ``spec``, checked against ``expected``; skipped when a spec it
    covers already ran out of time (then kept in ``slow``)."""
    if any(spec.covers(other) for other in slow):
        return Outcome("skipped")
    with console.status(f"{spec.name}: brute force"):
        outcome = run_brute(spec, expected, budget.repeat, budget.limit)
    if outcome.status == "timeout":
        slow.append(spec)
    return outcome


def ratio(brute: Outcome, mine: Outcome) -> float | None:
    """Brute force's median over ``mine`` (``None`` when either is missing)."""
    if brute.median is None or not mine.median:
        return None
    return brute.median / mine.median


def measure(specs: Sequence[Spec], args: argparse.Namespace, console: Console) -> list[Row]:
    budget = budget_of(args)
    slow: list[Spec] = []
    rows = []
    for number, spec in enumerate(specs, 1):
        _, fast_outcome, found = timed_solve(spec, args.repeat, console)
        brute_outcome = against_brute(spec, digest(found), slow, budget, console)
        rows.append(Row(spec, found["worlds"], found["consistent"], fast_outcome, brute_outcome))
        median = fast_outcome.median or 0.0
        console.print(
            f"[{number}/{len(specs)}] {spec.name}: fast {format_time(median)}, "
            f"brute force {brute_outcome.status}",
            highlight=False,
        )
    return rows


def measure_hints(
    specs: Sequence[HintSpec], args: argparse.Namespace, console: Console
) -> list[dict[str, Any]]:
    """The night hints, fast against the brute force (skipped once over budget)."""
    budget = budget_of(args)
    slow: list[HintSpec] = []
    rows = []
    for number, spec in enumerate(specs, 1):
        record = spec.record()
        gc.collect()
        with console.status(f"{spec.name}: fast"):
            fast_outcome, advice = time_runs(partial(hint, record), args.repeat)
        brute_outcome = against_brute(spec, hint_digest(advice), slow, budget, console)
        rows.append(
            {
                "name": spec.name,
                "players": spec.players,
                "role": spec.role,
                "options": len(advice.options),
                "fast": fast_outcome.to_dict(),
                "brute": {**brute_outcome.to_dict(), "ratio": ratio(brute_outcome, fast_outcome)},
            }
        )
        console.print(
            f"[{number}/{len(specs)}] {spec.name}: fast {format_time(fast_outcome.median or 0)}, "
            f"brute force {brute_outcome.status}",
            highlight=False,
        )
    return rows


def measure_against_brute(
    specs: Sequence[FeasibilitySpec | WhySpec], args: argparse.Namespace, console: Console
) -> list[dict[str, Any]]:
    """CP-SAT feasibility or ``why``, against the brute force (skipped once over budget)."""
    budget = budget_of(args)
    slow: list[FeasibilitySpec | WhySpec] = []
    rows = []
    for number, spec in enumerate(specs, 1):
        work = spec.work()
        gc.collect()
        with console.status(f"{spec.name}: timing"):
            outcome, found = time_runs(work, args.repeat)
        expected = why_digest(found) if isinstance(spec, WhySpec) else found
        brute_outcome = against_brute(spec, expected, slow, budget, console)
        row = {"name": spec.name, "players": spec.players, "claims": len(spec.spec.record().claims)}
        if isinstance(spec, WhySpec):
            row["holds"] = expected["holds"]
            row["events"] = len(expected["events"])
        rows.append(
            {
                **row,
                "engine": outcome.to_dict(),
                "brute": {**brute_outcome.to_dict(), "ratio": ratio(brute_outcome, outcome)},
            }
        )
        console.print(
            f"[{number}/{len(specs)}] {spec.name}: {format_time(outcome.median or 0)}, "
            f"brute force {brute_outcome.status}",
            highlight=False,
        )
    return rows


def measure_lab(games: int, console: Console) -> dict[str, Any]:
    """Five-player deals played end to end, stand-ins and bots, solver ballots."""
    simulation = Simulation.of(
        "table", LAB_PLAYERS, ("stand-in", "bot"), seed="bench", analyse=False
    )  # the deals alone, not the calibration's solves
    deals = tasks(LAB, [simulation], games)
    play_task(deals[0])  # warm-up
    gc.collect()
    with console.status(f"lab: {games} deals"):
        wall, cpu = time.perf_counter(), time.process_time()
        for task in deals:
            play_task(task)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
    console.print(f"lab: {games} deals in {format_time(wall)}", highlight=False)
    return {
        "players": LAB_PLAYERS,
        "mix": "table",
        "bots": list(simulation.bots),
        "games": games,
        "cpu_rate": games / cpu if cpu else None,
        "wall_rate": games / wall if wall else None,
        "target_rate": LAB_RATE,
    }


# -- reporting ---------------------------------------------------------------------------


def targets(rows: Sequence[Row]) -> dict[str, Any]:
    def worst(players: Sequence[int], lies: bool | None = None) -> float | None:
        """The worst median of these player counts (with ``village_lies`` or not, or
        either: ``None``)."""
        medians = [
            row.fast.median
            for row in rows
            if row.spec.players in players and lies in (None, bool(row.spec.lies))
        ]
        found = [median for median in medians if median is not None]
        return max(found) * 1000 if found else None

    def middle(box: bool) -> float | None:
        """The median over the 13-player positions of this deck of their medians."""
        found = [
            row.fast.median
            for row in rows
            if row.spec.players == HUGE_PLAYERS
            and row.spec.box == box
            and row.fast.median is not None
        ]
        return statistics.median(found) * 1000 if found else None

    return {
        "small": {
            "players": f"3..{SMALL_PLAYERS}",
            "max_median_ms": worst(range(3, SMALL_PLAYERS + 1)),
            "target_ms": SMALL_MS,
        },
        "big": {
            "players": BIG_PLAYERS,
            "max_median_ms": worst([BIG_PLAYERS], lies=False),
            "target_ms": BIG_MS,
        },
        **{
            name: {
                "players": f"{HUGE_PLAYERS} ({what}, public)",
                "median_ms": middle(box),
                "target_ms": HUGE_MS,
            }
            for name, what, box in (
                ("huge", "official deck", False),
                ("box", "the box's 16 cards", True),
            )
        },
        "lies": {
            "players": f"{', '.join(map(str, LIES_PLAYERS))} (village_lies)",
            "max_median_ms": worst(LIES_PLAYERS, lies=True),
            "target_ms": BIG_MS,
        },
    }


def hint_target(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    medians = [row["fast"]["median_ms"] for row in rows if row["players"] == HINT_PLAYERS]
    return {
        "players": f"{HINT_PLAYERS} (night hint)",
        "max_median_ms": max(medians) if medians else None,
        "target_ms": HINT_MS,
    }


def target_lines(report: Mapping[str, Any]) -> list[str]:
    lines = []
    lab = report.get("lab")
    if lab is not None:
        rate = lab["cpu_rate"]
        verdict = " ✓" if rate and rate >= lab["target_rate"] else " ✗"
        lines.append(
            f"lab, {lab['players']} players: {rate:.1f} deals per CPU second, "
            f"{lab['wall_rate']:.1f} per wall second (target ≥ {lab['target_rate']:g}){verdict}"
        )
    for goal in report["targets"].values():
        middle = "median_ms" in goal  # the median of the positions' medians
        worst = goal["median_ms" if middle else "max_median_ms"]
        figure = "not measured" if worst is None else f"{worst:.1f} ms"
        verdict = "" if worst is None else (" ✓" if worst <= goal["target_ms"] else " ✗")
        lines.append(
            f"fast, {goal['players']} players: {'median' if middle else 'max median'} {figure} "
            f"(target ≤ {goal['target_ms']:g} ms){verdict}"
        )
    return lines


def why_target(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    medians = [row["engine"]["median_ms"] for row in rows if row["players"] == WHY_PLAYERS]
    return {
        "players": f"{WHY_PLAYERS} (why)",
        "max_median_ms": max(medians) if medians else None,
        "target_ms": WHY_MS,
    }


def brute_table(
    title: str,
    rows: Sequence[Mapping[str, Any]],
    caption: str,
    columns: tuple[str, str, str, str] = ("position", "claims", "time", "cpu"),
    keys: tuple[str, str] = ("claims", "engine"),
) -> Table:
    """A table of timings against brute force: a row's name, a count (``keys[0]``), the
    engine's (``keys[1]``) median wall-clock and processor times, brute force's, the
    ratio and whether they agree."""
    grid = Table(title=title)
    for name in (*columns, "brute force", "×", "agree"):
        grid.add_column(name, justify="left" if name == columns[0] else "right")
    count, engine = keys
    for row in rows:
        mine, brute_ = row[engine], row["brute"]
        brute_cell = (
            format_time(brute_["median_ms"] / 1000)
            if brute_["median_ms"] is not None
            else brute_["status"]
        )
        grid.add_row(
            row["name"],
            str(row[count]),
            format_time(mine["median_ms"] / 1000),
            format_time(mine["cpu_median_ms"] / 1000),
            brute_cell,
            format_ratio(brute_["ratio"]) if brute_["ratio"] else "–",
            {True: "✓", False: "✗", None: "–"}[brute_["agrees"]],
        )
    grid.caption = caption
    return grid


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
        "time, median; ✓ = the same answers, exactly"
    )
    return grid


def hint_table(report: Mapping[str, Any]) -> Table:
    return brute_table(
        "ONUW night hint: fast exact engine against brute force (median of runs)",
        report["hints"],
        "✓ = the same options and outcome chances (exact), gains to 1e-9",
        ("hint", "options", "fast", "fast cpu"),
        ("options", "fast"),
    )


def parser() -> argparse.ArgumentParser:
    commands = argparse.ArgumentParser(prog="bench_onuw.py", description=__doc__.split("\n", 1)[0])
    add_options(commands, repeat=7, what="the fast engine", budget=20.0)
    commands.add_argument(
        "--lab-games",
        type=int,
        default=200,
        metavar="K",
        help="five-player deals the lab plays (0: no lab; default 200)",
    )
    commands.add_argument(
        "--village-lies",
        type=Fraction,
        default=Fraction(0),
        metavar="E",
        help="solve's positions with honest speakers wrong with chance E (e.g. 1/100), "
        "and 7 and 10 players with all claims instead of 10 with 8; default 0",
    )
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; 1 when the engines disagree or one fails."""
    args = parser().parse_args(argv)
    specs = positions(args.players, args.village_lies)
    rows = measure(specs, args, progress())
    report = header(
        VERSION, {"repeat": args.repeat, **budget_of(args).to_dict(), "players": args.players}
    )
    report["positions"] = [row.to_dict() for row in rows]
    report["hints"] = measure_hints(hint_positions(args.players), args, progress())
    lab = args.lab_games > 0 and (args.players is None or LAB_PLAYERS in args.players)
    report["lab"] = measure_lab(args.lab_games, progress()) if lab else None
    report["feasibility"] = measure_against_brute(
        feasibility_positions(args.players), args, progress()
    )
    report["why"] = measure_against_brute(why_positions(args.players), args, progress())
    report["conflicts"] = measure_conflicts(conflict_positions(args.players), args, progress())
    report["targets"] = {
        **targets(rows),
        "hint": hint_target(report["hints"]),
        "why": why_target(report["why"]),
        "conflict": conflict_target(report["conflicts"]),
    }
    tables = [
        table(report),
        hint_table(report),
        brute_table(
            "ONUW CP-SAT feasibility: every slot × card possible at dawn, one solve each "
            "(model built in each run), against brute force's exact zeros",
            report["feasibility"],
            "× = brute-force solve median / CP-SAT median; ✓ = the same possible cards",
        ),
        brute_table(
            "ONUW why (the likeliest liar): default engine (fast + CP-SAT) against brute force",
            report["why"],
            "✓ = the same answer, events and sentences",
        ),
        conflict_table(report),
    ]
    emit(args, report, tables, target_lines(report))
    bad = any(row.brute.agrees is False or row.brute.status == "error" for row in rows)
    bad = bad or any(
        row["brute"]["agrees"] is False or row["brute"]["status"] == "error"
        for part in ("hints", "feasibility", "why")
        for row in report[part]
    )
    bad = bad or not all(row["minimal"] for row in report["conflicts"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
