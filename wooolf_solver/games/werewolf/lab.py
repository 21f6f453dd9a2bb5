"""Games played in numbers: win rates per team and per role, with confidence intervals.

:func:`simulate` plays ``games`` games of one deck with the given bots, each game with its
own seeded random generators drawn from one master seed (so the same seed gives the same
report), and reports every team's win rate with a 95 % Wilson interval, each role's
win rate (the share of its players who were among the winners) and the mean number of
days.

>>> report = simulate((("villager", 2), ("werewolf", 1)), games=200, seed=1)
>>> sorted(report.teams), report.teams["village"].low < 0.5 < report.teams["village"].high
(['lovers', 'nobody', 'piper', 'village', 'werewolves'], True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .balance import balance
from .bots import Player, RandomBot
from .engine import Outcome, play_game
from .rules import Deck, Rules, Variants, load_rules

WINNERS = ("village", "werewolves", "piper", "lovers", "nobody")
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95 % Wilson score interval.

    >>> Rate.of(5, 10)
    Rate(rate=0.5, low=0.236593090512564, high=0.763406909487436)
    """

    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, hits: int, trials: int) -> Rate:
        if not trials:
            return cls(0.0, 0.0, 1.0)
        p = hits / trials
        centre = p + Z95**2 / (2 * trials)
        spread = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2))
        scale = 1 + Z95**2 / trials
        low = 0.0 if hits == 0 else max(0.0, (centre - spread) / scale)
        high = 1.0 if hits == trials else min(1.0, (centre + spread) / scale)
        return cls(p, low, high)

    def to_dict(self) -> dict[str, float]:
        return {"rate": self.rate, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Report:
    """What ``simulate`` reports."""

    games: int
    teams: dict[str, Rate]
    roles: dict[str, Rate]
    days: float
    unfinished: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``simulate --json``."""
        return {
            "games": self.games,
            "teams": {team: rate.to_dict() for team, rate in self.teams.items()},
            "roles": {role: rate.to_dict() for role, rate in self.roles.items()},
            "days": self.days,
            "unfinished": self.unfinished,
        }


def simulate(
    deck: Deck,
    games: int,
    seed: int = 0,
    variants: Variants | None = None,
    *,
    bots: Callable[[random.Random], Player] | None = None,
    rules: Rules | None = None,
) -> Report:
    """Play ``games`` games of ``deck`` (``bots``: a factory of one player for every seat,
    given the game's own generator; the random bot by default)."""
    rules = rules or load_rules()
    make: Callable[[random.Random], Player] = bots or RandomBot
    master = random.Random(seed)
    winners: Counter[str] = Counter()
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    days = unfinished = 0
    for _ in range(games):
        game_seed = master.getrandbits(64)
        outcome = play_game(
            deck, make(random.Random(game_seed)), random.Random(game_seed ^ 1), variants,
            rules=rules,
        )  # fmt: skip
        _tally(outcome, winners, played, won)
        days += outcome.days
        unfinished += outcome.winner is None
    return Report(
        games,
        {team: Rate.of(winners[team], games) for team in WINNERS},
        {role: Rate.of(won[role], played[role]) for role in sorted(played)},
        days / games if games else 0.0,
        unfinished,
    )


def _tally(
    outcome: Outcome, winners: Counter[str], played: Counter[str], won: Counter[str]
) -> None:
    if outcome.winner is not None:
        winners[outcome.winner] += 1
    for seat, role in outcome.record.cards:
        played[role] += 1
        won[role] += seat in outcome.winners


@dataclass(frozen=True)
class Mix:
    """One role mix beside the others: its points, its exact baseline, its simulation."""

    deck: Deck
    points: int
    random_lynch: float
    report: Report

    def to_dict(self) -> dict[str, Any]:
        return {
            "roles": dict(self.deck),
            "points": self.points,
            "random_lynch": self.random_lynch,
            **self.report.to_dict(),
        }


def compare(
    decks: Sequence[Deck],
    games: int,
    seed: int = 0,
    variants: Variants | None = None,
    *,
    bots: Callable[[random.Random], Player] | None = None,
) -> list[Mix]:
    """Several role mixes side by side, each simulated with the same seed.

    >>> mixes = compare([(("villager", 2), ("werewolf", 1)), (("villager", 5), ("werewolf", 1))],
    ...     100, seed=2)
    >>> [(mix.points, round(mix.random_lynch, 3)) for mix in mixes]
    [(-4, 0.5), (-1, 0.467)]
    """
    parity = variants.parity if variants is not None else False
    out = []
    for deck in decks:
        value = balance(deck, parity)
        report = simulate(deck, games, seed, variants, bots=bots)
        out.append(Mix(deck, value.points, value.random_lynch, report))
    return out
