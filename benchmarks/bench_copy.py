"""Time ONUW's fast engine on decks with the doppelganger, against the CP-SAT model
(what the fast engine handed such decks to before it played the copy itself).

The positions are real deals played as :mod:`bench_onuw` plays them (the ``act``
night, village-believers telling the truth, the others bluffing), with every claim,
in public or from a viewpoint (its card and night): the official deck of 3 to 6
players with a doppelganger in place of a villager, and 13 players with the box's
sixteen cards, the doppelganger's card included. What is timed is
``bench_onuw.solved(record)``: a warm-up, then ``--repeat`` runs in this process.
The CP-SAT model runs once in a child process, stopped after ``--budget`` seconds
(then skipped on every bigger position of the same kind), and its answers are
checked equal to the fast engine's (exact). A position whose night plans outgrow
the memory budget is reported as ``refused``.

    python benchmarks/bench_copy.py                  # the table
    python benchmarks/bench_copy.py --players 3,4    # some player counts

Exit status 1 when the engines disagree, else 0.

>>> spec = CopySpec(3, 1, False)
>>> spec.name, "doppelganger" in spec.record().deck
('3-public-1', True)
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from random import Random
from types import MappingProxyType
from typing import Any

from bench_onuw import BOX, RULES, Outcome, bluffers, digest, run_brute, solved, time_runs
from common import format_time, player_counts, positive
from rich.console import Console
from rich.table import Table

from wooolf_solver.core.budget import TooLargeError
from wooolf_solver.games.onuw.record import DealRecord
from wooolf_solver.games.onuw.table import play_deal

BOX_COPY = tuple(sorted((*BOX[:-1], "doppelganger")))
"""The box's sixteen cards as sold: every role once, the werewolf and mason twice,
three villagers."""


def deck_of(players: int) -> tuple[str, ...]:
    """The official deck of ``players`` with a doppelganger for a villager (13: the box)."""
    if players == 13:
        return BOX_COPY
    cards = list(RULES.deck("official", players))
    cards.remove("villager")
    return tuple(sorted((*cards, "doppelganger")))


@dataclass(frozen=True)
class CopySpec:
    """A position: a deal played from ``seed``, in public or from a random viewpoint,
    every claim of the other seats."""

    players: int
    seed: int
    viewpoint: bool

    @property
    def name(self) -> str:
        return f"{self.players}-{'view' if self.viewpoint else 'public'}-{self.seed}"

    def record(self) -> DealRecord:
        rng = Random(self.seed)
        deck = deck_of(self.players)
        game = play_deal(
            rng,
            self.players,
            edition="official",
            deck=deck,
            claims=bluffers(self.players, deck),
        ).record
        seat = rng.randint(1, self.players) if self.viewpoint else None
        return replace(
            game,
            viewpoint=seat,
            cards=MappingProxyType({} if seat is None else {seat: game.cards[seat]}),
            night=MappingProxyType({} if seat is None else {seat: game.night[seat]}),
            claims=tuple(claim for claim in game.claims if claim.seat != seat),
            votes=None,
        )

    def reference(self) -> tuple[Callable[[], Any], Callable[[Any], Any]]:
        """The CP-SAT model's work on this position, and the digest of what it finds."""
        return partial(solved, self.record(), "cpsat"), digest


def positions(players: Sequence[int] | None) -> list[CopySpec]:
    """Every position, smallest first (optionally only some player counts)."""
    specs = [
        CopySpec(count, seed, viewpoint)
        for count in (3, 4, 5, 6, 13)
        for viewpoint in (False, True)
        for seed in ((1, 2, 3, 4, 5, 6) if count == 13 else (1, 2, 3))
    ]
    return [spec for spec in specs if players is None or spec.players in players]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=player_counts, help="comma-separated player counts")
    parser.add_argument("--repeat", type=positive(int), default=5, help="fast runs (default 5)")
    parser.add_argument(
        "--budget", type=positive(float), default=60.0, help="seconds a CP-SAT run may take"
    )
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    table = Table(title="ONUW with the doppelganger: fast engine vs CP-SAT (before)")
    for column in ("position", "claims", "worlds", "fast median", "fast max", "CP-SAT", "agree"):
        table.add_column(column)
    agree_all, slow = True, set()
    fast_medians: dict[tuple[int, bool], list[float]] = {}
    for spec in positions(args.players):
        record = spec.record()
        gc.collect()
        try:
            fast, found = time_runs(partial(solved, record), args.repeat)
        except TooLargeError:
            table.add_row(spec.name, str(len(record.claims)), "-", "refused", "", "", "")
            continue
        fast_medians.setdefault((spec.players, spec.viewpoint), []).append(fast.median or 0.0)
        key = (spec.players, spec.viewpoint)
        cpsat = Outcome("skipped")
        if not any(key[1] == other[1] and key[0] >= other[0] for other in slow):
            cpsat = run_brute(spec, digest(found), 1, args.budget)
            if cpsat.status == "timeout":
                slow.add(key)
        agree_all = agree_all and cpsat.agrees is not False
        before = format_time(cpsat.median) if cpsat.median is not None else cpsat.status
        if cpsat.status == "timeout":
            before = f"> {args.budget:g} s"
        table.add_row(
            spec.name,
            str(len(record.claims)),
            f"{found['worlds']:,}",
            format_time(fast.median or 0.0),
            format_time(max(fast.times)),
            before,
            {True: "✓", False: "✗", None: ""}[cpsat.agrees],
        )
        console.print(f"{spec.name}: fast {format_time(fast.median or 0.0)}, CP-SAT {before}")
    Console().print(table)
    for (players, viewpoint), medians in sorted(fast_medians.items()):
        kind = "view" if viewpoint else "public"
        print(f"{players} players, {kind}: median of medians {statistics.median(medians):.3f} s")
    return 0 if agree_all else 1


if __name__ == "__main__":
    sys.exit(main())
