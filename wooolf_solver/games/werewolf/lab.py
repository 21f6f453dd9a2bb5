"""Games played in numbers: win rates per team and per role, with confidence intervals.

:func:`simulate` plays ``games`` games of one deck with the given bots, each game with its
own seeded random generators drawn from one master seed (so the same seed gives the same
report), through the lab runner (:mod:`wooolf_solver.lab.runner`; :class:`WerewolfLab`
gives the command line's hooks), and reports every team's win rate, each role's win rate
(the share of its players who were among the winners) and the mean number of days, each with its 95%
interval (:mod:`wooolf_solver.lab.stats`: Wilson for the rates, Student t for the days).

>>> report = simulate((("villager", 2), ("werewolf", 1)), games=200, seed=1)
>>> sorted(report.teams), report.teams["village"].low < 0.5 < report.teams["village"].high
(['lovers', 'nobody', 'piper', 'village', 'werewolves'], True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...core.speech import SPEECH_MODELS
from ...lab.calibration import Forecast, pooled
from ...lab.runner import Asked, Hooks, Played, Seed, Table, Task, story_policy
from ...lab.runner import run as run_games
from ...lab.seating import Bots, BotSpec, Seating, is_chance
from ...lab.stats import Mean, Proportion, error_bars
from .balance import balance
from .bots import Player, RandomBot
from .play import Outcome, outcome_of, seated
from .rules import Deck, Rules, Seat, Variants, load_rules
from .state import WerewolfState
from .talk import POLICIES, Talker

WINNERS = ("village", "werewolves", "piper", "lovers", "nobody")


@dataclass(frozen=True)
class Report:
    """What ``simulate`` reports."""

    games: int
    teams: dict[str, Proportion]
    roles: dict[str, Proportion]
    days: Mean
    unfinished: int

    @classmethod
    def of(cls, summaries: Sequence[GameSummary]) -> Report:
        """The figures of played games."""
        winners: Counter[str] = Counter()
        played: Counter[str] = Counter()
        won: Counter[str] = Counter()
        for game in summaries:
            if game.winner is not None:
                winners[game.winner] += 1
            for seat, role in game.cards:
                played[role] += 1
                won[role] += seat in game.winners
        games = len(summaries)
        return cls(
            games,
            {team: Proportion.of(winners[team], games) for team in WINNERS},
            {role: Proportion.of(won[role], played[role]) for role in sorted(played)},
            Mean.of([float(game.days) for game in summaries], least=0.0),
            sum(game.winner is None for game in summaries),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``simulate --json``."""
        return {
            "games": self.games,
            "teams": {team: rate.to_dict() for team, rate in self.teams.items()},
            "roles": {role: rate.to_dict() for role, rate in self.roles.items()},
            "days": self.days.to_dict(),
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
    """Play ``games`` games of ``deck`` in this process (``bots``: a factory of one
    player for every seat, given the game's own generator; the random bot by default)."""
    games_of = Games(deck, variants, bots or RandomBot, rules or load_rules(), seed)
    (report,) = run_games(GAMES, [games_of], games)
    return report


def master_seeds(master: str | int, games: int) -> list[Seed]:
    """Each game's seed, drawn in turn from one generator seeded with ``master``.

    >>> master_seeds(1, 2) == master_seeds(1, 3)[:2]
    True
    """
    rng = random.Random(master)
    return [rng.getrandbits(64) for _ in range(games)]


def dealt(
    deck: Deck,
    variants: Variants | None,
    rules: Rules,
    players: Player | Mapping[Seat | str, Player],
    seed: int,
    *,
    finish: Callable[[Outcome], Played[GameSummary]],
) -> Table[Any, Any, Any, GameSummary]:
    """A game of ``deck`` ready for the runner: its state, the ``players`` in their
    seats (:func:`.play.seated`), chance drawing from ``random.Random(seed ^ 1)``
    (the bots' own generators come from ``seed``), and ``finish`` given the outcome."""
    state = WerewolfState(deck, variants, rules=rules)
    rng = random.Random(seed ^ 1)
    return Table(state, seated(state, players), rng, lambda _: finish(outcome_of(state)))


@dataclass(frozen=True)
class Games:
    """What :func:`simulate` plays: a deck, its variants, a factory of bots, the rules
    and the master seed."""

    deck: Deck
    variants: Variants | None
    bots: Callable[[random.Random], Player]
    rules: Rules
    seed: int


class GamesHooks(Hooks[Games, "GameSummary", Report]):
    """The runner's hooks for :func:`simulate` (in this process: a factory of bots
    need not be picklable)."""

    def label(self, simulation: Games) -> str:
        return "games"

    def seeds(self, simulation: Games, games: int) -> list[Seed]:
        return master_seeds(simulation.seed, games)

    def deal(self, task: Task[Games, GameSummary, Report]) -> Table[Any, Any, Any, GameSummary]:
        sim = task.simulation
        seed = int(task.seed)
        players = sim.bots(random.Random(seed))
        return dealt(sim.deck, sim.variants, sim.rules, players, seed, finish=finish_plain)

    def report(self, simulation: Games, summaries: tuple[GameSummary, ...]) -> Report:
        return Report.of(summaries)


def finish_plain(outcome: Outcome) -> Played[GameSummary]:
    """A played game's summary alone (no record, no forecasts)."""
    return Played(summary_of(outcome))


GAMES = GamesHooks()


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


# -- the lab as `wooolf simulate --game werewolf` and `compare` drive it --------------------

BOTS = ("random", "solver")
"""The bots of the command line: :class:`~.bots.RandomBot` (its unanimous random lynch
is the balance model's) and :class:`~.solver_bots.SolverBot`."""

TALK = 0.25
"""The chance that a living bot speaks on a day, unless its ``talk`` option says."""


def seating_of(items: Sequence[str], rules: Rules | None = None) -> Seating:
    """The seating of ``--bots`` items (:mod:`wooolf_solver.lab.seating`): ``random``
    or ``solver``, each with ``talk=P`` (the chance it speaks on a day; default
    ``TALK``) and ``story=POLICY`` (its story when it lies; default ``--speech``), by
    seat round-robin, by role or by ``TEAM-team``.

    >>> seating_of(["random", "werewolves-team=solver:talk=0.5"]).by_card[0][1].text
    'solver:talk=0.5'
    """
    rules = rules or load_rules()
    teams = tuple(sorted({role.team for role in rules.roles.values()}))
    bots = Bots(
        BOTS,
        {"talk": is_chance, "story": POLICIES.__contains__},
        tuple(rules.roles),
        teams,
        hint="talk=P from 0 to 1, story=" + "|".join(POLICIES),
    )
    return Seating.parse(items, bots)


def make_bot(spec: BotSpec, rng: random.Random, speech: str | None = None) -> Player:
    """The bot of a ``--bots`` item, with its generator; with a ``speech`` policy it
    talks (with chance ``talk`` each day, liars by ``story``, else ``speech``), without
    one it never does."""
    talker = Talker(spec.option("story") or speech) if speech is not None else None
    talk = float(spec.option("talk") or TALK) if talker is not None else 0.0
    if spec.kind == "solver":
        from .solver_bots import SolverBot  # noqa: PLC0415 (the counter: only when needed)

        return SolverBot(rng, talk, talker)
    return RandomBot(rng, claims=talk, talker=talker)


def players_of(
    seating: Seating, deck: Deck, speech: str, rng: random.Random, rules: Rules
) -> Player | dict[Seat | str, Player]:
    """The players of a game: one per ``--bots`` item (a role's item plays every seat
    that plays the role, a team's every role of the team, the others their seats)."""
    players = sum(n for _, n in deck)
    if not seating.by_card and len(seating.by_seat) == 1:
        return make_bot(seating.by_seat[0], rng, speech)
    made = {spec: make_bot(spec, rng, speech) for spec in dict.fromkeys(seating.by_seat)}
    placed: dict[Seat | str, Player] = {s: made[seating.at(s)] for s in range(1, players + 1)}
    for who, spec in sorted(seating.by_card, key=lambda item: not item[0].endswith("-team")):
        player = make_bot(spec, rng, speech)
        team = who.removesuffix("-team")
        for role in rules.roles:
            if role == who or (who.endswith("-team") and rules.team(role) == team):
                placed[role] = player
    return placed


@dataclass(frozen=True)
class GameSummary:
    """What a worker sends back of one game."""

    winner: str | None
    cards: tuple[tuple[int, str], ...]
    winners: tuple[int, ...]
    days: int
    forecasts: tuple[tuple[str, tuple[Forecast, ...]], ...] = ()
    """Per speech model, the village seats' forecasts (:mod:`.forecasts`)."""


def deal(task: Task[LabSimulation, GameSummary, LabReport]) -> Table[Any, Any, Any, GameSummary]:
    """Deal one game of a lab simulation: its bots by the seating (their generator from
    the game's seed), and the summing up with the forecasts unless ``quick`` and the
    record's YAML when kept."""
    sim, seed = task.simulation, int(task.seed)
    rules = load_rules()
    bots = players_of(sim.seating, sim.mix.deck, sim.speech, random.Random(seed), rules)

    def finish(outcome: Outcome) -> Played[GameSummary]:
        text = None
        if task.keep_record:
            from .record import dump_record  # noqa: PLC0415

            text = dump_record(outcome.record)
        found: tuple[tuple[str, tuple[Forecast, ...]], ...] = ()
        if sim.analyse:
            from .forecasts import forecasts  # noqa: PLC0415 (the counter: only when needed)

            pairs = forecasts(outcome.record, SPEECH_MODELS).items()
            found = tuple((model, tuple(forecast)) for model, forecast in pairs)
        return Played(summary_of(outcome, found), text)

    return dealt(sim.mix.deck, sim.mix.variants, rules, bots, seed, finish=finish)


def summary_of(
    outcome: Outcome, forecasts: tuple[tuple[str, tuple[Forecast, ...]], ...] = ()
) -> GameSummary:
    """What :class:`Report` counts of a played game (with its forecasts)."""
    return GameSummary(
        outcome.winner, outcome.record.cards, outcome.winners, outcome.days, forecasts
    )


@dataclass(frozen=True)
class LabSimulation:
    """A mix to simulate with its bots, seed, liars' policy and analysis."""

    mix: Any
    bots: tuple[str, ...]
    seed: str
    speech: str = POLICIES[0]
    analyse: bool = True

    @cached_property
    def seating(self) -> Seating:
        return seating_of(self.bots)


@dataclass(frozen=True)
class LabReport:
    """A simulation's report: the mix, its exact baseline and the games' figures."""

    simulation: LabSimulation
    report: Report
    points: int
    random_lynch: float
    calibration: dict[str, Any] | None = None
    """Each speech model's scores (:mod:`wooolf_solver.lab.calibration`), when analysed."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``simulate --json`` (and one mix of ``compare --json``)."""
        return {
            "label": self.simulation.mix.label,
            **self.simulation.mix.to_dict(),
            "bots": list(self.simulation.bots),
            "speech": self.simulation.speech,
            "seed": self.simulation.seed,
            "points": self.points,
            "random_lynch": self.random_lynch,
            **self.report.to_dict(),
            **({"calibration": self.calibration} if self.calibration is not None else {}),
        }


class WerewolfLab(Hooks[LabSimulation, GameSummary, LabReport]):
    """The lab for ``wooolf simulate --game werewolf`` and ``compare``: a mix is
    ``table`` (the rules' row for ``--players``), ``NAME=COPIES,...`` or a deck file
    (:mod:`.mixes`); the bots are ``random`` and ``solver``. Also the lab runner's hooks
    (:mod:`wooolf_solver.lab.runner`): game ``i``'s seed is the ``i``-th drawn from
    ``random.Random(f"werewolf:{seed}")``."""

    default_mix = "table"
    default_bots = "random"
    speech_policies = POLICIES
    role_lists = True

    def simulation(self, mix: str, asked: Asked) -> LabSimulation:
        """The bots and the policy are checked before the mix (for every mix: the
        same answer each time)."""
        from .mixes import Mix  # noqa: PLC0415

        seating_of(asked.bots)
        policy = story_policy(asked.speech, POLICIES)
        return LabSimulation(
            Mix.of(mix, asked.players), asked.bots, asked.seed, policy, asked.analyse
        )

    def players_of(self, mix: str) -> int | None:
        """The players ``mix`` deals for (``None``: ``table``, for any count)."""
        from .mixes import Mix  # noqa: PLC0415

        return Mix.implied_players(mix)

    def label(self, simulation: Any) -> str:
        return str(simulation.mix.label)

    def deck_document(self, simulation: LabSimulation) -> dict[str, Any]:
        """The deck file of the simulation's mix: its label, roles and variants."""
        mix = simulation.mix
        rules = mix.variants.to_dict()
        document = {"game": "werewolf", "name": mix.label, "roles": dict(mix.deck)}
        return document | ({"rules": rules} if rules else {})

    def seeds(self, simulation: LabSimulation, games: int) -> list[Seed]:
        return master_seeds(f"werewolf:{simulation.seed}", games)

    deal = staticmethod(deal)

    def report(self, simulation: LabSimulation, summaries: tuple[GameSummary, ...]) -> LabReport:
        value = balance(simulation.mix.deck, simulation.mix.variants.parity)
        scores = pooled(game.forecasts for game in summaries) if simulation.analyse else None
        return LabReport(simulation, Report.of(summaries), value.points, value.random_lynch, scores)

    def plot(self, reports: Sequence[Any], path: str) -> None:
        import matplotlib  # noqa: PLC0415 (only for a plot)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415

        labels = [report.simulation.mix.label for report in reports]
        rates = [report.report.teams["village"] for report in reports]
        figure, axes = plt.subplots(figsize=(7, 4))
        xs = list(range(len(reports)))
        values, errors = error_bars(rates)
        axes.bar(xs, values, 0.6, yerr=errors, capsize=3, label="village wins (simulated)")
        axes.scatter(xs, [report.random_lynch for report in reports], color="black", zorder=3,
                     label="random lynch (exact)")  # fmt: skip
        axes.set_xticks(xs, labels)
        axes.set_ylabel("village win rate (95% interval)")
        axes.set_ylim(0, 1)
        axes.legend()
        figure.tight_layout()
        figure.savefig(path)
        plt.close(figure)
