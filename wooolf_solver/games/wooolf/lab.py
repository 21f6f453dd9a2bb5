"""Many games between bots, and the solvability report of a deck.

:func:`simulate` plays ``games`` games of a :class:`Simulation` with the lab runner
(:mod:`wooolf_solver.lab.runner`, on any executor of :mod:`wooolf_solver.lab.executors`;
:class:`WooolfLab` gives its hooks) and adds them up in a :class:`Report`. Game ``i``
draws all its randomness from ``random.Random(f"{seed}:{i}")``, and the results are
added up in game order, so the report (and its JSON) is the same for the same seed
whatever the executor or the number of workers.

Bots sit round-robin: with ``bots = ("greedy", "random")`` seat 1 is greedy, seat 2
random, seat 3 greedy, ... in every game.

The report, per identity (over the rounds a seat had it; "seat-rounds"):

- ``early`` / ``final``: the share of its seat-rounds with an early / a final
  declaration; ``early_right`` / ``final_right`` / ``right``: the share of those
  declarations that were right; ``points``: mean points per seat-round (the
  shepherd's bonus included); ``round_wins``: the share of its seat-rounds that won
  the round (the most points in the round, if more than 0; ties go to fewer mistakes,
  then are shared).
- With the solver's analysis (``analyse``, on by default; see
  :mod:`wooolf_solver.games.wooolf.measure`): ``certain``: the share of its seat-rounds whose
  best declaration became certain from the seat's own knowledge; ``certain_after``:
  the mean number of events (turns) of the round until then, over those;
  ``forced_guesses``: the share of its declarations that were forced guesses (not
  certain, and no action could change the chance); ``chance``: the mean chance, from
  its own knowledge, that its declaration was right when it made it (compare with
  ``right``).

Then ``shepherd``: ``bonus``, mean bonus points per shepherd seat-round, and
``fooled``, the share of hunters' and hounds' declarations whose wolf pointer earned
a shepherd its bonus; per seat and per bot: ``wins`` (the share of games won; tied
winners each count as winning) and ``points`` (mean points per game); per bot also
``right`` (the share of its declarations that were right).

Every figure carries a 95% confidence interval (:mod:`wooolf_solver.lab.stats`:
Wilson for shares, Student t for means).

>>> from wooolf_solver.lab.executors import Serial
>>> sim = Simulation(Deck(), players=4, bots=("greedy", "random"), seed="doc", analyse=False)
>>> report = simulate(sim, 2, Serial())
>>> report.games, sorted(report.to_dict()["bots"])
(2, ['greedy', 'random'])
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any, ClassVar

from ...core.documents import parse_toml
from ...core.errors import InvalidArgumentError
from ...lab.executors import Executor
from ...lab.runner import Asked, Hooks, Played, Seed, Table, Task, numbered_seeds
from ...lab.runner import run as run_games
from ...lab.stats import LEVEL, Mean, Proportion
from .bots import make_bot
from .engines.memo import sharing
from .measure import GameSummary, SeatRound, measure_game
from .rules import Rules, Setup, base_rules, load_deck
from .state import WooolfState
from .table import PATIENCE, PlayedGame

VERSION = 2
"""The version of the report's JSON layout (2: a share's figure is ``rate``, a mean's ``mean``)."""

SHEPHERD = "shepherd"


@dataclass(frozen=True)
class Deck:
    """The cards played: a built-in edition of a game, or a designer's deck file
    (whose text travels with every task, so remote workers need no file)."""

    game: str = "wooolf"
    edition: str = "basic"
    """The built-in edition, or the deck file's own edition."""
    text: str | None = None
    """The deck file's TOML, for a designer's deck."""
    file: str | None = None
    """The deck file's name, for a designer's deck (what the records name)."""

    @classmethod
    def load(cls, path: str | Path, game: str = "wooolf") -> Deck:
        """A designer's deck file (checked now: errors name the file).

        >>> Deck.load("examples/decks/piglet.toml").edition
        'piglet'
        """
        path = Path(path)
        _, edition = load_deck(path, base_rules())
        return cls(game, edition.name, path.read_text(encoding="utf-8"), path.name)

    @classmethod
    def of(cls, mix: str, game: str = "wooolf") -> Deck:
        """A built-in edition by name, or a deck file by path (ending in ``.toml``).

        >>> Deck.of("advanced").label, Deck.of("examples/decks/piglet.toml").label
        ('advanced', 'piglet.toml')
        """
        if mix.lower().endswith(".toml"):
            return cls.load(mix, game)
        rules = base_rules()
        if mix not in rules.editions:
            rules.setup(mix, 0)  # raises: unknown edition (did you mean ...?)
        return cls(game, mix)

    @property
    def rules(self) -> Rules:
        """The game's rules, extended by the deck file if any."""
        if self.text is None:
            return base_rules()
        return _deck_rules(self.game, self.text)

    def setup(self, players: int) -> Setup:
        return self.rules.setup(self.edition, players)

    @property
    def label(self) -> str:
        """``basic``, or the deck file's name."""
        return self.file or self.edition


@cache
def _deck_rules(game: str, text: str) -> Rules:
    """A deck's rules from its text (read once per process)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.toml"
        path.write_text(text, encoding="utf-8")
        rules, _ = load_deck(path, base_rules())
    return rules


@dataclass(frozen=True)
class Simulation:
    """What to simulate: the deck, the players, the bots (round-robin) and the seed."""

    deck: Deck
    players: int
    bots: tuple[str, ...] = ("greedy",)
    seed: str = "0"
    analyse: bool = True
    """Add the figures that need the solver (certainty, forced guesses, chances)."""
    engine: str = "fast"
    patience: int = PATIENCE

    def check(self) -> None:
        """Refuse an unknown edition, player count or bot now, not in a worker."""
        self.deck.setup(self.players)
        if not self.bots:
            raise InvalidArgumentError("bots: name at least one bot")
        for spec in self.bots:
            make_bot(spec)

    @property
    def seats(self) -> tuple[str, ...]:
        """Every player seat's bot spec, round-robin (seat 1 first).

        >>> Simulation(Deck(), 5, ("greedy", "random")).seats
        ('greedy', 'random', 'greedy', 'random', 'greedy')
        """
        return tuple(self.bots[i % len(self.bots)] for i in range(self.players))

    def settings(self) -> dict[str, Any]:
        return {
            "game": self.deck.game,
            "edition": self.deck.edition,
            "deck": self.deck.file,
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "analyse": self.analyse,
        }


def deal(task: Task[Simulation, GameSummary, Report]) -> Table[Any, Any, Any, GameSummary]:
    """Deal game ``task.index`` of a simulation: the state, one bot a seat
    (round-robin), and the summing up of the played game (measured, with the
    solver's analysis unless ``quick``; its record as JSON when kept)."""
    sim = task.simulation
    game = sim.deck.rules
    setup = game.setup(sim.deck.edition, sim.players)
    bots = [make_bot(spec) for spec in sim.seats]
    names = tuple(bot.name for bot in bots)
    edition = sim.deck.file or sim.deck.edition
    state = WooolfState(game, setup, patience=sim.patience, edition=edition, names=names)

    def summarise(played: PlayedGame) -> Played[GameSummary]:
        score = played.score
        summary = GameSummary(
            index=task.index,
            bots=played.bots,
            seats=measure_game(played, sim.analyse, sim.engine),
            totals=tuple(score.totals[seat] for seat in range(1, sim.players + 1)),
            winners=score.winners,
            rounds=len(played.rounds),
            stalled=sum(r.stalled for r in played.rounds),
        )
        record = json.dumps(played.record, indent=1) + "\n" if task.keep_record else None
        return Played(summary, record)

    return Table(state, dict(enumerate(bots, 1)), random.Random(task.seed), summarise)


def simulate(
    simulation: Simulation,
    games: int,
    executor: Executor | None = None,
    *,
    records: str | Path | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
) -> Report:
    """Play ``games`` games and report. ``records``: a folder to write every game's
    record to (``game-00001.json``, ...; a designer's deck is copied beside them, so
    ``wooolf review`` reads them as they are). ``on_game`` is called after each game
    (in game order), e.g. to show progress."""
    (report,) = compare([simulation], games, executor, records=records, on_game=on_game)
    return report


def compare(
    simulations: Sequence[Simulation],
    games: int,
    executor: Executor | None = None,
    *,
    records: str | Path | None = None,
    on_game: Callable[[GameSummary], None] | None = None,
) -> tuple[Report, ...]:
    """Play ``games`` games of every simulation (several decks side by side, say), all
    through one executor so that the workers stay busy; one report each. With several
    simulations, ``records`` gets a subfolder per simulation (``1-basic``, ...)."""
    for simulation in simulations:
        simulation.check()
    return run_games(LAB, simulations, games, executor, records=records, on_game=on_game)


# -- the report ---------------------------------------------------------------------------


@dataclass(frozen=True)
class IdentityFigures:
    """The figures of one identity (see the module docstring)."""

    identity: str
    seat_rounds: int
    early: Proportion
    final: Proportion
    early_right: Proportion
    final_right: Proportion
    right: Proportion
    points: Mean
    round_wins: Proportion
    certain: Proportion | None = None
    certain_after: Mean | None = None
    forced_guesses: Proportion | None = None
    chance: Mean | None = None

    @classmethod
    def of(cls, identity: str, seats: Sequence[SeatRound], analyse: bool) -> IdentityFigures:
        early = [s for s in seats if s.when == "early"]
        final = [s for s in seats if s.when == "final"]
        declared = [s for s in seats if s.when is not None]
        figures = cls(
            identity,
            len(seats),
            early=Proportion.of(len(early), len(seats)),
            final=Proportion.of(len(final), len(seats)),
            early_right=Proportion.of_flags([bool(s.right) for s in early]),
            final_right=Proportion.of_flags([bool(s.right) for s in final]),
            right=Proportion.of_flags([bool(s.right) for s in declared]),
            points=Mean.of([float(s.points) for s in seats], least=0.0),
            round_wins=Proportion.of_flags([s.won for s in seats]),
        )
        if not analyse:
            return figures
        reached = [s.certain_at for s in seats if s.certain_at is not None]
        return replace(
            figures,
            certain=Proportion.of(len(reached), len(seats)),
            certain_after=Mean.of([float(k) for k in reached], least=0.0),
            forced_guesses=Proportion.of_flags([bool(s.forced_guess) for s in declared]),
            chance=Mean.of([s.probability or 0.0 for s in declared], 0.0, 1.0),
        )

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"seat_rounds": self.seat_rounds}
        for name, value in self.__dict__.items():
            if isinstance(value, Proportion | Mean):
                result[name] = value.to_dict()
        return result


@dataclass(frozen=True)
class PlayerFigures:
    """A seat's or a bot's figures over the games."""

    wins: Proportion
    points: Mean
    right: Proportion

    def to_dict(self) -> dict[str, Any]:
        return {
            "wins": self.wins.to_dict(),
            "points": self.points.to_dict(),
            "right": self.right.to_dict(),
        }


@dataclass(frozen=True)
class Report:
    """The solvability report of a simulation: the games' summaries, added up."""

    simulation: Simulation
    summaries: tuple[GameSummary, ...] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.summaries)

    @cached_property
    def seat_rounds(self) -> tuple[SeatRound, ...]:
        return tuple(seat for summary in self.summaries for seat in summary.seats)

    @cached_property
    def identities(self) -> dict[str, IdentityFigures]:
        """Every identity the setup can deal, lowest value first."""
        game = self.simulation.deck.rules
        setup = self.simulation.deck.setup(self.simulation.players)
        names = sorted(
            {card.character for card, _ in setup.cards},
            key=lambda name: game.characters[name].value,
        )
        seats = self.seat_rounds
        return {
            name: IdentityFigures.of(
                name, [s for s in seats if s.identity == name], self.simulation.analyse
            )
            for name in names
        }

    @cached_property
    def shepherd(self) -> dict[str, Mean | Proportion]:
        seats = self.seat_rounds
        fooled = [s.fooled for s in seats if s.fooled is not None]
        return {
            "bonus": Mean.of([float(s.bonus) for s in seats if s.identity == SHEPHERD], least=0.0),
            "fooled": Proportion.of_flags([bool(flag) for flag in fooled]),
        }

    def by_seat(self) -> dict[int, PlayerFigures]:
        """Every player seat's figures over the games."""
        return self._by_seat

    def by_bot(self) -> dict[str, PlayerFigures]:
        """Every bot's figures, over the seats it had in every game."""
        return self._by_bot

    @cached_property
    def _by_seat(self) -> dict[int, PlayerFigures]:
        return {
            seat: self._players([(summary, seat) for summary in self.summaries])
            for seat in range(1, self.simulation.players + 1)
        }

    @cached_property
    def _by_bot(self) -> dict[str, PlayerFigures]:
        return {
            bot: self._players(
                [
                    (summary, seat)
                    for summary in self.summaries
                    for seat, name in enumerate(summary.bots, 1)
                    if name == bot
                ]
            )
            for bot in dict.fromkeys(self.simulation.seats)
        }

    def _players(self, places: Iterable[tuple[GameSummary, int]]) -> PlayerFigures:
        places = list(places)
        declared = [
            bool(s.right)
            for summary, seat in places
            for s in summary.seats
            if s.seat == seat and s.when is not None
        ]
        return PlayerFigures(
            wins=Proportion.of_flags([seat in summary.winners for summary, seat in places]),
            points=Mean.of(
                [float(summary.totals[seat - 1]) for summary, seat in places], least=0.0
            ),
            right=Proportion.of_flags(declared),
        )

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (the same for the same seed, on any executor)."""
        seats = self.seat_rounds
        return {
            "version": VERSION,
            "settings": self.simulation.settings(),
            "intervals": {"level": LEVEL, "shares": "wilson", "means": "student-t"},
            "games": self.games,
            "rounds_per_game": Mean.of([float(s.rounds) for s in self.summaries]).to_dict(),
            "events_per_round": Mean.of([float(s.events) for s in seats if s.seat == 1]).to_dict(),
            "stalled_rounds": sum(s.stalled for s in self.summaries),
            "identities": {name: f.to_dict() for name, f in self.identities.items()},
            "shepherd": {name: f.to_dict() for name, f in self.shepherd.items()},
            "seats": {
                str(seat): {"bot": self.simulation.seats[seat - 1], **f.to_dict()}
                for seat, f in self.by_seat().items()
            },
            "bots": {bot: f.to_dict() for bot, f in self.by_bot().items()},
        }


class WooolfLab(Hooks[Simulation, GameSummary, Report]):
    """The designer lab of Wooolf!!, as ``wooolf simulate`` drives it, and its hooks for
    the lab runner (:mod:`wooolf_solver.lab.runner`)."""

    default_mix = "basic"
    default_bots = "greedy"
    speech_policies: tuple[str, ...] = ()
    role_lists = False
    suffix: ClassVar[str] = ".json"

    def players_of(self, mix: str) -> int | None:
        """None: an edition or a deck file deals for several player counts."""
        return None

    def simulation(self, mix: str, asked: Asked) -> Simulation:
        """A deck file by path, or a built-in edition by name."""
        deck = Deck.load(mix) if Path(mix).is_file() else Deck.of(mix)
        return Simulation(deck, asked.players, asked.bots, asked.seed, analyse=asked.analyse)

    def check(self, simulation: Simulation) -> None:
        simulation.check()

    def label(self, simulation: Any) -> str:
        return str(simulation.deck.label)

    def deck_document(self, simulation: Simulation) -> dict[str, Any]:
        """The deck file of the simulation: a designer's file as it is, or a built-in
        edition's cards for the player count as a deck file's one edition
        (``EDITION-PLAYERS``), whose characters and questions are the game's own."""
        deck = simulation.deck
        if deck.text is not None:
            return parse_toml(deck.text)
        setup = deck.setup(simulation.players)
        row = {
            "players": [setup.players],
            "neutral": setup.neutral,
            "cards": {card.name: copies for card, copies in setup.cards},
        }
        title = f"{deck.rules.editions[deck.edition].title}, {setup.players} players"
        edition = {"title": title, "rows": [row]}
        return {"game": deck.game, "editions": {f"{deck.edition}-{setup.players}": edition}}

    def seeds(self, simulation: Simulation, games: int) -> list[Seed]:
        return numbered_seeds(simulation.seed, games)

    deal = staticmethod(deal)

    def report(self, simulation: Simulation, summaries: tuple[GameSummary, ...]) -> Report:
        return Report(simulation, summaries)

    def playing(self) -> AbstractContextManager[None]:
        """The bots' decisions and the report's analysis share their work on the
        positions they both ask about (:func:`.engines.memo.sharing`)."""
        return sharing()

    def beside(self, simulation: Simulation) -> Mapping[str, str]:
        """A designer's deck file, so that ``wooolf review`` reads the records as they are."""
        deck = simulation.deck
        return {deck.file: deck.text} if deck.text is not None and deck.file is not None else {}

    def plot(self, reports: Sequence[Any], path: str) -> None:
        from .plots import report_figure, save_figure  # noqa: PLC0415

        save_figure(report_figure(reports), path)


LAB = WooolfLab()
"""The lab, for :func:`compare` and the runner's tasks."""
