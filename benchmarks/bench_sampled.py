"""How good is the ballot of a web-table bot out of time? ONUW's bots vote by the exact
``win_if``; one whose exact count takes over ``bots.BOT_SECONDS`` estimates it from drawn
worlds (:func:`wooolf_solver.games.onuw.bots.sampled_ballot`). This script plays deals with
the doppelganger and the hunter at 5 and 6 players (village-believers honest, the others
bluffing), takes a random seat's view with its night and a random number of the others'
claims, and scores three ballots by the exact chance to win each gives that seat: the
exact best, the sampled one (``--draws`` worlds, seeded), and a bot's with no lead
(nobody, or the circle vote's next player). It also times the draws at 13 players with the
box's sixteen cards, silent (no claim) from a seer's seat.

    python benchmarks/bench_sampled.py                # 40 positions (about two minutes)
    python benchmarks/bench_sampled.py --positions 100 --draws 3000

>>> round(sum(position(0, 300)) / 3, 2) <= 1
True
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction
from random import Random
from types import MappingProxyType

from bench_copy import BOX_COPY
from bench_onuw import bluffers
from common import format_time, positive
from rich.console import Console
from rich.table import Table

from wooolf_solver.games.onuw.bots import BOT_DRAWS, ballot_scores, no_lead, sampled_ballot
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.record import DealRecord, read_record
from wooolf_solver.games.onuw.sampled import sampled_posterior
from wooolf_solver.games.onuw.table import play_deal

FIVE = ("doppelganger", "hunter", "werewolf", "werewolf", "seer", "robber", "drunk")
DECKS = (
    ("official", 5, (*FIVE, "troublemaker")),
    ("table", 5, ("doppelganger", "werewolf", "minion", "mason", "mason", "insomniac", "seer")),
    ("table", 6, (*FIVE[2:], "doppelganger", "troublemaker", "tanner")),
)
"""The decks the positions are played on, in turn."""

BOX_SEER = {
    "game": "onuw",
    "edition": "official",
    "players": 13,
    "deck": list(BOX_COPY),
    "viewpoint": 5,
    "cards": {5: "seer"},
    "night": {5: {"saw": {6: "doppelganger"}}},
}
"""A silent view at 13 players: the exact ballot takes longer than a bot may think."""


def view(seed: int) -> DealRecord:
    """A deal played from ``seed``, seen by a random seat with its night and a random
    number of the other seats' claims (village-believers tell the truth, the others
    bluff a village card: :func:`bench_onuw.bluffers`)."""
    rng = Random(seed)
    edition, players, deck = DECKS[seed % len(DECKS)]
    game = play_deal(rng, players, edition=edition, deck=deck, claims=bluffers(players, deck))
    seat = rng.randint(1, players)
    heard = [claim for claim in game.record.claims if claim.seat != seat]
    return replace(
        game.record,
        viewpoint=seat,
        cards=MappingProxyType({seat: game.record.cards[seat]}),
        night=MappingProxyType({seat: game.record.night[seat]}),
        claims=tuple(heard[: rng.randint(0, len(heard))]),
        votes=None,
    )


def position(seed: int, draws: int) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chance to win of the exact best ballot, the sampled one and no lead's."""
    record = view(seed)
    scores = ballot_scores(record)
    value = {ballot: win for ballot, win, _ in scores}
    sampled = sampled_ballot(record, draws, Random(seed))
    return scores[0][1], value[sampled], value.get(no_lead(record), Fraction(0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=positive(int), default=40, help="played positions")
    parser.add_argument("--draws", type=positive(int), default=BOT_DRAWS, help="worlds drawn")
    args = parser.parse_args(argv)
    found = []
    for seed in range(args.positions):
        found.append(position(seed, args.draws))
        print(f"position {seed + 1}/{args.positions}", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    table = Table(title=f"ONUW bots' ballots: {args.positions} positions, {args.draws} draws")
    table.add_column("ballot")
    table.add_column("mean exact win_if", justify="right")
    table.add_column("same as the exact best", justify="right")
    for index, name in enumerate(("exact best", "sampled", "no lead")):
        mean = statistics.fmean(float(row[index]) for row in found)
        same = sum(row[index] == row[0] for row in found)
        table.add_row(name, f"{mean:.3f}", f"{same}/{len(found)}")
    console = Console()
    console.print(table)
    knowledge = knowledge_of(read_record(BOX_SEER))
    start = time.process_time()
    sampled_posterior(knowledge, args.draws, Random(0))
    spent = time.process_time() - start
    console.print(
        f"13 players, the box's cards, a silent seer: {args.draws} draws in "
        f"{format_time(spent)} ({format_time(spent / args.draws)} a draw, processor time)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
