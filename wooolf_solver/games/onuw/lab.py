"""The designer lab of ONUW: many deals played by bots, and their figures.

A **mix** is a built-in edition (``table``, ``official``: its deck for the player count)
or a designer's deck file (TOML: an optional ``name``, the ``edition`` whose centre,
vote rule and scoring it uses, and a ``[cards]`` table of role = copies). The seats
are taken by the **bots** (:mod:`.seating`: round-robin from seat 1, or by dealt card):
``stand-in`` (a person who talks: the truth when it believes it is on the village
team, else a story by the **speech** policy, :mod:`.stories`; votes by the solver),
``bot`` (silent, votes by the solver) and ``random`` (silent, votes at random).

Unless the simulation is ``quick``, every deal also gives **forecasts**
(:mod:`.forecasts`): P(werewolf) of every other player from every honest seat's view
after the last claim, under both speech models, scored in the report's
``calibration`` (:mod:`wooolf_solver.lab.calibration`).

The lab runner (:mod:`wooolf_solver.lab.runner`) plays every deal: :class:`OnuwLab`
gives its hooks, each deal an :class:`.state.OnuwState` with one bot a seat, each
seeing only its view. Deal ``i`` draws all its randomness from
``random.Random(f"{seed}:{i}")``, and the runner adds the results up in order, so the
same seed gives the same report on one worker, many, or a Dask cluster. Every figure
is a rate with its 95% Wilson interval (:class:`~wooolf_solver.lab.stats.Proportion`;
in JSON ``{"rate", "low", "high"}``, plus ``count`` and ``n``, as in every lab).

>>> sim = Simulation.of("table", 3, ("stand-in", "bot"), seed="doc")
>>> report = run([sim], 2)[0].to_dict()
>>> report["games"], sorted(report["teams"]), report["speech"], sorted(report["calibration"])
(2, ['tanner', 'village', 'werewolf'], 'mimic', ['free', 'mimic', 'mixed'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from random import Random
from typing import Any

from ...core import fields
from ...core.documents import read_toml, shown
from ...core.errors import (
    InvalidArgumentError,
    InvalidDeckError,
    InvalidRecordError,
    UnknownNameError,
)
from ...core.roles import copies_of, is_role_list
from ...core.speech import SPEECH_MODELS
from ...lab.calibration import Forecast, pooled
from ...lab.executors import Executor
from ...lab.runner import Asked, Hooks, Played, Seed, Table, Task, numbered_seeds, story_policy
from ...lab.runner import run as run_games
from ...lab.seating import Seating
from ...lab.stats import Proportion, error_bars
from .bots import solver_ballot
from .forecasts import forecasts
from .night import Choice, power_of
from .posterior import OnuwPosterior
from .record import DealRecord, dump_record
from .rules import TEAMS, Rules, Seat, load_rules
from .seating import KINDS, kind_of, seating_of
from .state import OnuwState, PlayedDeal
from .stories import POLICIES, Speakers, Stories
from .table import PolicyBot, random_ballot
from .win import Ballot

BOTS = KINDS

DECK_FIELDS = ("edition", "cards", "name")
"""The keys of a deck file (:meth:`Mix.load`)."""

MAX_CARDS = 100
"""The most copies of one role a deck file may give."""
"""The kinds of seat the lab seats."""


@dataclass(frozen=True)
class Mix:
    """A deck to play: its label, its edition and its cards (``None``: the edition's)."""

    label: str
    edition: str
    cards: tuple[str, ...] | None = None

    @classmethod
    def of(cls, name: str, rules: Rules | None = None) -> Mix:
        """A built-in edition by name, a deck file by path, or the table edition's
        cards as ``NAME=COPIES,...`` (``--roles``).

        >>> Mix.of("werewolf=2,seer=1,robber=1,troublemaker=1,villager=1").cards
        ('robber', 'seer', 'troublemaker', 'villager', 'werewolf', 'werewolf')
        """
        rules = rules or load_rules()
        if Path(name).is_file():
            return cls.load(Path(name), rules)
        if is_role_list(name):
            copies = copies_of(name)
            cards = tuple(
                sorted(rules.role(r, "--roles") for r, n in copies.items() for _ in range(n))
            )
            label = "-".join(f"{role}{n}" for role, n in copies.items())
            return cls(label, "table", cards)
        if name.strip().lower() not in rules.editions:
            known = ", ".join(rules.editions)
            raise UnknownNameError(
                f"unknown edition {shown(name)} (known: {known}, or a deck file)"
            )
        return cls(name.strip().lower(), name.strip().lower())

    @classmethod
    def load(cls, path: Path, rules: Rules) -> Mix:
        """A deck file: ``cards`` (role = copies), and optionally ``edition`` (its centre
        and vote rules, ``table`` by default) and ``name``; any other key is refused."""
        data = fields.only(read_toml(path), DECK_FIELDS, path.name, error=InvalidDeckError)
        try:
            edition = rules.edition(data.get("edition", "table"), f"{path.name}: edition").name
        except InvalidRecordError as error:
            raise InvalidDeckError(str(error)) from None
        raw = fields.mapping(data.get("cards"), f"{path.name}: cards", error=InvalidDeckError)
        if not raw:
            raise InvalidDeckError(f"{path.name}: cards: a table of role = copies")
        cards: list[str] = []
        for role, copies in raw.items():
            where = fields.at(f"{path.name}: cards", role)
            cards += [role] * fields.count(copies, where, 1, MAX_CARDS, error=InvalidDeckError)
        label = path.stem
        if "name" in data:
            label = fields.name(data["name"], f"{path.name}: name", error=InvalidDeckError)
        return cls(label, edition, tuple(cards))

    def players(self, rules: Rules) -> int | None:
        """The players its cards deal for, the centre's aside (``None``: an edition's
        own decks, for any count)."""
        if self.cards is None:
            return None
        return len(self.cards) - rules.edition(self.edition).centre

    def deck(self, rules: Rules, players: int) -> tuple[str, ...]:
        """The cards for ``players`` players (checked)."""
        layout = rules.layout(self.edition, players)
        if self.cards is None:
            return rules.deck(self.edition, players)
        return rules.check_deck(self.cards, len(layout.slots), f"{self.label}: cards")


@dataclass(frozen=True)
class DealSummary:
    """What a played deal tells the report."""

    dealt: tuple[str, ...]
    dawn: tuple[str, ...]
    winners: tuple[Seat, ...]
    dead: tuple[Seat, ...]
    votes: tuple[Ballot, ...]
    teams: tuple[str, ...]
    forecasts: tuple[tuple[str, tuple[Forecast, ...]], ...] = ()
    """Per speech model, the honest seats' forecasts (:mod:`.forecasts`)."""


def deal(task: Task[Simulation, DealSummary, Report]) -> Table[Any, Any, Any, DealSummary]:
    """Deal one deal of a simulation: the state, a :class:`.table.PolicyBot` a seat
    (its kind by :mod:`.seating`), and the summing up of the played deal (with the
    honest seats' forecasts unless ``quick``, and the record's YAML when kept)."""
    sim = task.simulation
    rules = load_rules()
    seating = sim.seating

    def talks(seat: Seat, dealt: str) -> str | None:
        bot = kind_of(seating, seat, dealt, rules)
        return (bot.option("story") or sim.speech) if bot.kind == "stand-in" else None

    solved: dict[Seat, OnuwPosterior] = {}

    def ballot(seat: Seat, legal: tuple[Ballot, ...], record: DealRecord, r: Random) -> Ballot:
        if kind_of(seating, seat, record.cards[seat], rules).kind == "random":
            return random_ballot(seat, legal, record, r)
        return solver_ballot(seat, legal, record, r, solved)

    def choose(seat: Seat, dealt: str, options: tuple[Choice, ...], r: Random) -> Choice:
        power = power_of(rules.roles[dealt])
        if power.copies:  # a seat to copy, then that role's choice: the prior's draw
            return power.pick(options, r)
        centre = kind_of(seating, seat, dealt, rules).option("centre")
        return night_choice(None if centre is None else float(centre), options, r, sim.players)

    # Placed by card, no seat is written as a bot: which seats are would tell their cards.
    bots = () if seating.by_card else tuple(
        seat for seat in range(1, sim.players + 1) if seating.at(seat).kind != "stand-in"
    )  # fmt: skip
    state = OnuwState.new(
        sim.players,
        edition=sim.mix.edition,
        deck=sim.deck if sim.mix.cards is not None else None,
        bots=bots,
        talkers=[seat for seat in range(1, sim.players + 1) if seat not in bots],
        rules=rules,
    )
    speakers = Speakers(Stories.of(rules, sim.deck, sim.players), talks)
    seats = {seat: PolicyBot(seat, speakers, ballot, choose) for seat in state.layout.seats}

    def summarise(played: PlayedDeal) -> Played[DealSummary]:
        record = played.record
        votes = record.votes or {}
        found = forecasts(record, played.dawn, SPEECH_MODELS, solved) if sim.analyse else {}
        summary = DealSummary(
            record.dealt,
            played.dawn,
            played.winners,
            played.dead,
            tuple(votes[seat] for seat in record.layout.seats),
            tuple(played.teams[seat] for seat in record.layout.seats),
            tuple((model, tuple(each)) for model, each in found.items()),
        )
        return Played(summary, dump_record(record) if task.keep_record else None)

    return Table(state, seats, Random(task.seed), summarise)


def night_choice(
    centre: float | None, options: tuple[Choice, ...], rng: Random, players: int
) -> Choice:
    """A night choice among the prior's ``options``: uniform, or, when ``centre`` is
    given and the options hold both players and centre pairs (a seer's), two centre
    cards with chance ``centre`` (each pair alike), else a player (each alike).

    >>> rng = Random(0)
    >>> options = ((2,), (3,), (4, 5), (4, 6), (5, 6))
    >>> night_choice(1.0, options, rng, 3), night_choice(0.0, options, rng, 3)
    ((4, 6), (3,))
    """
    looks = [choice for choice in options if choice and choice[0] > players]
    people = [choice for choice in options if choice and choice[0] <= players]
    if centre is None or not looks or not people:
        return rng.choice(options)
    return rng.choice(looks if rng.random() < centre else people)


@dataclass(frozen=True)
class Simulation:
    """What to simulate: a mix, the players, the seats' bots (:mod:`.seating`), the
    seed, the liars' story policy, and whether to solve the forecasts."""

    mix: Mix
    players: int
    bots: tuple[str, ...] = ("stand-in",)
    seed: str = "0"
    deck: tuple[str, ...] = field(default=())
    seating: Seating = field(default_factory=lambda: seating_of(["stand-in"]))
    speech: str = POLICIES[0]
    analyse: bool = True

    @classmethod
    def of(
        cls,
        mix: str,
        players: int,
        bots: Sequence[str],
        seed: str = "0",
        *,
        speech: str | None = None,
        analyse: bool = True,
    ) -> Simulation:
        """A checked simulation (an unknown mix, bot, policy or player count is refused;
        ``speech``: the first policy when ``None``)."""
        rules = load_rules()
        chosen = Mix.of(mix, rules)
        seating = seating_of(bots, rules)
        policy = story_policy(speech, POLICIES)
        low, high = rules.min_players, rules.max_players
        if not low <= players <= high:
            raise InvalidArgumentError(f"--players: {low}..{high} players, not {players}")
        deck = chosen.deck(rules, players)
        return cls(chosen, players, tuple(bots), seed, deck, seating, policy, analyse)

    @property
    def seats(self) -> tuple[str, ...]:
        """Each seat's kind by its place (round-robin; items by card are not shown)."""
        return tuple(self.seating.at(seat).kind for seat in range(1, self.players + 1))


@dataclass(frozen=True)
class Figures:
    """The rates of a simulation's deals, each with its 95% interval."""

    teams: dict[str, Proportion]
    """Per team, the deals it won."""
    roles: dict[str, Proportion]
    """Per card of the deck, the seats dealt it that won."""
    both_in_centre: Proportion
    """The deals with both werewolves in the centre."""
    village_won_then: Proportion
    """Among those, the deals the village won."""
    werewolf_found: Proportion
    """The ballots for a seat holding a werewolf at dawn."""
    nobody_dead: Proportion
    """The deals in which nobody died."""


@dataclass(frozen=True)
class Report:
    """The figures of one simulation's deals."""

    simulation: Simulation
    deals: tuple[DealSummary, ...]

    @cached_property
    def figures(self) -> Figures:
        """The deals' rates (:class:`Figures`), counted once."""
        sim, deals = self.simulation, self.deals
        players = sim.players

        def team_won(deal: DealSummary, team: str) -> bool:
            return any(deal.teams[seat - 1] == team for seat in deal.winners)

        roles = {}
        for role in sorted(set(sim.deck)):
            held = [(d, s) for d in deals for s in range(1, players + 1) if d.dealt[s - 1] == role]
            roles[role] = Proportion.of_flags([s in d.winners for d, s in held])
        centre = [d for d in deals if "werewolf" not in d.dealt[:players]]
        return Figures(
            {team: Proportion.of_flags([team_won(d, team) for d in deals]) for team in TEAMS},
            roles,
            Proportion.of(len(centre), len(deals)),
            Proportion.of_flags([team_won(d, "village") for d in centre]),
            Proportion.of_flags(
                [
                    ballot is not None and d.dawn[ballot - 1] == "werewolf"
                    for d in deals
                    for ballot in d.votes
                ]
            ),
            Proportion.of_flags([not d.dead for d in deals]),
        )

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (the same for the same seed, on any executor)."""
        sim, figures = self.simulation, self.figures
        players = sim.players
        return {
            "game": "onuw",
            "mix": sim.mix.label,
            "edition": sim.mix.edition,
            "deck": list(sim.deck),
            "players": players,
            "games": len(self.deals),
            "seed": sim.seed,
            "bots": list(sim.seats),
            **(
                {"by_card": {who: spec.text for who, spec in sim.seating.by_card}}
                if sim.seating.by_card
                else {}
            ),
            "speech": sim.speech,
            "teams": {team: p.to_dict() for team, p in figures.teams.items()},
            "roles": {role: p.to_dict() for role, p in figures.roles.items()},
            "both_werewolves_in_centre": {
                **figures.both_in_centre.to_dict(),
                "village_win": figures.village_won_then.to_dict(),
            },
            "werewolf_found": figures.werewolf_found.to_dict(),
            "nobody_dead": figures.nobody_dead.to_dict(),
            **({"calibration": self.calibration()} if sim.analyse else {}),
        }

    def calibration(self) -> dict[str, Any]:
        """Each speech model's scores over every deal's forecasts."""
        return pooled(deal.forecasts for deal in self.deals)


def run(
    simulations: Sequence[Simulation],
    games: int,
    executor: Executor | None = None,
    records: str | Path | None = None,
    on_game: Callable[[object], None] | None = None,
) -> tuple[Report, ...]:
    """Play ``games`` deals of every simulation with the lab runner; ``records``: a
    folder for every deal's game record (``game-00001.yaml``, ...; a subfolder per
    simulation when there are several)."""
    return run_games(LAB, simulations, games, executor, records=records, on_game=on_game)


class OnuwLab(Hooks[Simulation, DealSummary, Report]):
    """The lab as ``wooolf simulate --game onuw`` drives it, and its hooks for the
    lab runner (:mod:`wooolf_solver.lab.runner`)."""

    default_mix = "table"
    default_bots = "stand-in"
    speech_policies = POLICIES
    role_lists = True

    def simulation(self, mix: str, asked: Asked) -> Simulation:
        return Simulation.of(
            mix, asked.players, asked.bots, asked.seed, speech=asked.speech, analyse=asked.analyse
        )

    def players_of(self, mix: str) -> int | None:
        """The players ``mix`` deals for (``None``: an edition, for any count)."""
        rules = load_rules()
        return Mix.of(mix, rules).players(rules)

    def label(self, simulation: Any) -> str:
        return str(simulation.mix.label)

    def deck_document(self, simulation: Simulation) -> dict[str, Any]:
        """The deck file of the simulation's cards: its label, edition and cards."""
        cards = {card: simulation.deck.count(card) for card in sorted(set(simulation.deck))}
        return {"name": simulation.mix.label, "edition": simulation.mix.edition, "cards": cards}

    def seeds(self, simulation: Simulation, games: int) -> list[Seed]:
        return numbered_seeds(simulation.seed, games)

    deal = staticmethod(deal)

    def report(self, simulation: Simulation, summaries: tuple[DealSummary, ...]) -> Report:
        return Report(simulation, summaries)

    def plot(self, reports: Sequence[Any], path: str) -> None:
        import matplotlib  # noqa: PLC0415 (only for a plot)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415

        figure, axes = plt.subplots(figsize=(7, 4))
        width = 0.8 / max(1, len(reports))
        for k, report in enumerate(reports):
            rates, errors = error_bars([report.figures.teams[t] for t in TEAMS])
            xs = [i + k * width for i in range(len(TEAMS))]
            axes.bar(xs, rates, width, yerr=errors, capsize=3, label=report.simulation.mix.label)
        axes.set_xticks([i + width * (len(reports) - 1) / 2 for i in range(len(TEAMS))], TEAMS)
        axes.set_ylabel("win rate (95% interval)")
        axes.set_ylim(0, 1)
        axes.legend()
        figure.tight_layout()
        figure.savefig(path)
        plt.close(figure)


LAB = OnuwLab()
"""The lab, for :func:`run` and the runner's tasks."""
