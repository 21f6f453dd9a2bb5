"""The designer lab of ONUW: many deals played by the table engine, and their figures.

A **mix** is a built-in edition (``table``, ``official``: its deck for the player count)
or a designer's deck file (TOML: an optional ``name``, the ``edition`` whose centre,
vote rule and scoring it uses, and a ``[cards]`` table of role = copies). Seats take
the **bots** round-robin from seat 1:

- ``stand-in``: a person who talks (:func:`.bots.stand_ins`) and votes by the solver;
- ``bot``: a bot of the table: no claims, votes by the solver;
- ``random``: a bot that votes uniformly at random.

Deal ``i`` draws all its randomness from ``random.Random(f"{seed}:{i}")``, and the
executor returns results in order, so the same seed gives the same report on one
worker, many, or a Dask cluster. Every figure is a rate with its 95% Wilson interval
(``{"rate", "low", "high"}``, plus ``count`` and ``n``).

>>> sim = Simulation.of("table", 3, ("stand-in", "bot"), seed="doc")
>>> report = run([sim], 2)[0]
>>> report.to_dict()["games"], sorted(report.to_dict()["teams"])
(2, ['tanner', 'village', 'werewolf'])
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from ...core.errors import InvalidArgumentError, InvalidDeckError, UnknownNameError
from ...lab.executors import Executor, Serial
from ...lab.stats import Proportion
from .bots import solver_ballot, stand_ins
from .record import DealRecord, dump_record
from .rules import Rules, Seat, load_rules
from .table import play_deal, random_ballot
from .win import Ballot

BOTS = ("stand-in", "bot", "random")
"""The kinds of seat the lab seats, round-robin."""


@dataclass(frozen=True)
class Mix:
    """A deck to play: its label, its edition and its cards (``None``: the edition's)."""

    label: str
    edition: str
    cards: tuple[str, ...] | None = None

    @classmethod
    def of(cls, name: str, rules: Rules | None = None) -> Mix:
        """A built-in edition by name, or a deck file by path."""
        rules = rules or load_rules()
        if Path(name).is_file():
            return cls.load(Path(name), rules)
        if name.strip().lower() not in rules.editions:
            known = ", ".join(rules.editions)
            raise UnknownNameError(f"unknown edition {name!r} (known: {known}, or a deck file)")
        return cls(name.strip().lower(), name.strip().lower())

    @classmethod
    def load(cls, path: Path, rules: Rules) -> Mix:
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidDeckError(f"{path}: cannot read: {error}") from None
        except tomllib.TOMLDecodeError as error:
            raise InvalidDeckError(f"{path}: not valid TOML: {error}") from None
        edition = rules.edition(data.get("edition", "table"), f"{path.name}: edition").name
        raw = data.get("cards")
        if not isinstance(raw, dict) or not raw:
            raise InvalidDeckError(f"{path.name}: cards: a table of role = copies")
        cards: list[str] = []
        for role, copies in raw.items():
            if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
                raise InvalidDeckError(f"{path.name}: cards.{role}: a number of copies")
            cards += [role] * copies
        label = str(data.get("name", path.stem))
        return cls(label, edition, tuple(cards))

    def deck(self, rules: Rules, players: int) -> tuple[str, ...]:
        """The cards for ``players`` players (checked)."""
        layout = rules.layout(self.edition, players)
        if self.cards is None:
            return rules.deck(self.edition, players)
        return rules.check_deck(self.cards, len(layout.slots), f"{self.label}: cards")


@dataclass(frozen=True)
class DealTask:
    """One deal to play (picklable: it goes to a worker)."""

    edition: str
    deck: tuple[str, ...]
    own_deck: bool
    players: int
    seats: tuple[str, ...]
    """Each seat's kind (index ``seat - 1``)."""
    seed: str
    index: int
    keep_record: bool = True
    """Whether to write the deal's game record (YAML text costs a quarter of a deal)."""


@dataclass(frozen=True)
class DealSummary:
    """What a played deal tells the report (and its record, as YAML text, or ``""``
    when not kept)."""

    dealt: tuple[str, ...]
    dawn: tuple[str, ...]
    winners: tuple[Seat, ...]
    dead: tuple[Seat, ...]
    votes: tuple[Ballot, ...]
    teams: tuple[str, ...]
    record: str


def play_one(task: DealTask) -> DealSummary:
    """Play one deal of a task (a top-level function, for any executor)."""
    rules = load_rules()
    rng = Random(f"{task.seed}:{task.index}")
    bots = tuple(seat for seat, kind in enumerate(task.seats, 1) if kind != "stand-in")

    def ballot(seat: Seat, legal: tuple[Ballot, ...], record: DealRecord, r: Random) -> Ballot:
        if task.seats[seat - 1] == "random":
            return random_ballot(seat, legal, record, r)
        return solver_ballot(seat, legal, record, r)

    played = play_deal(
        rng,
        task.players,
        edition=task.edition,
        deck=task.deck if task.own_deck else None,
        bots=bots,
        claims=stand_ins(task.deck, rules),
        ballots=ballot,
        rules=rules,
    )
    record = played.record
    votes = record.votes or {}
    return DealSummary(
        record.dealt,
        played.dawn,
        played.winners,
        played.dead,
        tuple(votes[seat] for seat in record.layout.seats),
        tuple(played.teams[seat] for seat in record.layout.seats),
        dump_record(record) if task.keep_record else "",
    )


@dataclass(frozen=True)
class Simulation:
    """What to simulate: a mix, the players, the seat kinds (round-robin), the seed."""

    mix: Mix
    players: int
    bots: tuple[str, ...] = ("stand-in",)
    seed: str = "0"
    deck: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, mix: str, players: int, bots: Sequence[str], seed: str = "0") -> Simulation:
        """A checked simulation (an unknown mix, bot or player count is refused)."""
        rules = load_rules()
        chosen = Mix.of(mix, rules)
        for bot in bots:
            if bot not in BOTS:
                raise UnknownNameError(f"unknown bot {bot!r} (known: {', '.join(BOTS)})")
        if not bots:
            raise InvalidArgumentError("--bots: name at least one")
        low, high = rules.min_players, rules.max_players
        if not low <= players <= high:
            raise InvalidArgumentError(f"--players: {low}..{high} players, not {players}")
        return cls(chosen, players, tuple(bots), seed, chosen.deck(rules, players))

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.bots[i % len(self.bots)] for i in range(self.players))

    def tasks(self, games: int, keep_records: bool = True) -> list[DealTask]:
        own = self.mix.cards is not None
        return [
            DealTask(
                self.mix.edition,
                self.deck,
                own,
                self.players,
                self.seats,
                self.seed,
                i,
                keep_records,
            )
            for i in range(games)
        ]


def rate(count: int, n: int) -> dict[str, Any]:
    """A rate with its 95% interval: ``{"rate", "low", "high", "count", "n"}``."""
    p = Proportion.of(count, n)
    return {"rate": p.value, "low": p.low, "high": p.high, "count": count, "n": n}


@dataclass(frozen=True)
class Report:
    """The figures of one simulation's deals."""

    simulation: Simulation
    deals: tuple[DealSummary, ...]

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (the same for the same seed, on any executor)."""
        sim, deals = self.simulation, self.deals
        n = len(deals)
        players = sim.players

        def team_won(deal: DealSummary, team: str) -> bool:
            return any(deal.teams[seat - 1] == team for seat in deal.winners)

        teams = {
            team: rate(sum(team_won(d, team) for d in deals), n)
            for team in ("village", "werewolf", "tanner")
        }
        roles: dict[str, dict[str, Any]] = {}
        for role in sorted(set(sim.deck)):
            held = [(d, s) for d in deals for s in range(1, players + 1) if d.dealt[s - 1] == role]
            roles[role] = rate(sum(s in d.winners for d, s in held), len(held))
        centre = [d for d in deals if "werewolf" not in d.dealt[:players]]
        found = [
            ballot is not None and d.dawn[ballot - 1] == "werewolf"
            for d in deals
            for ballot in d.votes
        ]
        return {
            "game": "onuw",
            "mix": sim.mix.label,
            "edition": sim.mix.edition,
            "deck": list(sim.deck),
            "players": players,
            "games": n,
            "seed": sim.seed,
            "bots": list(sim.seats),
            "teams": teams,
            "roles": roles,
            "both_werewolves_in_centre": {
                **rate(len(centre), n),
                "village_win": rate(sum(team_won(d, "village") for d in centre), len(centre)),
            },
            "werewolf_found": rate(sum(found), len(found)),
            "nobody_dead": rate(sum(not d.dead for d in deals), n),
        }


def run(
    simulations: Sequence[Simulation],
    games: int,
    executor: Executor | None = None,
    records: str | Path | None = None,
    on_game: Callable[[object], None] | None = None,
) -> tuple[Report, ...]:
    """Play ``games`` deals of every simulation; ``records``: a folder for every deal's
    game record (a subfolder per simulation when there are several)."""
    executor = executor or Serial()
    tasks = [task for sim in simulations for task in sim.tasks(games, records is not None)]
    results: list[DealSummary] = []
    for summary in executor.map(play_one, tasks):
        results.append(summary)
        if on_game is not None:
            on_game(summary)
    reports = []
    for k, sim in enumerate(simulations):
        deals = tuple(results[k * games : (k + 1) * games])
        if records is not None:
            folder = (
                Path(records) / f"{k + 1}-{sim.mix.label}"
                if len(simulations) > 1
                else Path(records)
            )
            folder.mkdir(parents=True, exist_ok=True)
            for index, deal in enumerate(deals):
                (folder / f"deal-{index + 1:04d}.yaml").write_text(deal.record, encoding="utf-8")
        reports.append(Report(sim, deals))
    return tuple(reports)


class OnuwLab:
    """The lab as ``wooolf simulate --game onuw`` drives it."""

    default_mix = "table"
    default_bots = "stand-in"

    def simulations(
        self, mixes: Sequence[str], players: int, bots: Sequence[str], seed: str, analyse: bool
    ) -> list[Any]:
        return [Simulation.of(mix, players, bots, seed) for mix in mixes]

    def label(self, simulation: Any) -> str:
        return str(simulation.mix.label)

    def run(
        self,
        simulations: Sequence[Any],
        games: int,
        executor: Executor | None,
        records: str | None,
        on_game: Callable[[object], None],
    ) -> tuple[Any, ...]:
        return run(simulations, games, executor, records, on_game)

    def check_plot(self, path: str) -> None:
        if Path(path).suffix.lower() not in (".png", ".svg", ".pdf"):
            raise InvalidArgumentError(f"--plot: {path}: a .png, .svg or .pdf file")

    def plot(self, reports: Sequence[Any], path: str) -> None:
        import matplotlib  # noqa: PLC0415 (only for a plot)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415

        teams = ("village", "werewolf", "tanner")
        figure, axes = plt.subplots(figsize=(7, 4))
        width = 0.8 / max(1, len(reports))
        for k, report in enumerate(reports):
            data = report.to_dict()
            rates = [data["teams"][t]["rate"] or 0.0 for t in teams]
            low = [r - (data["teams"][t]["low"] or 0.0) for r, t in zip(rates, teams, strict=True)]
            high = [
                (data["teams"][t]["high"] or 0.0) - r for r, t in zip(rates, teams, strict=True)
            ]
            xs = [i + k * width for i in range(len(teams))]
            axes.bar(xs, rates, width, yerr=[low, high], capsize=3, label=data["mix"])
        axes.set_xticks([i + width * (len(reports) - 1) / 2 for i in range(len(teams))], teams)
        axes.set_ylabel("win rate (95% interval)")
        axes.set_ylim(0, 1)
        axes.legend()
        figure.tight_layout()
        figure.savefig(path)
        plt.close(figure)
