"""One runner for every game's designer lab: tasks and seeds, workers, record files,
progress, and the reports in the simulations' order.

A game's lab gives only its hooks (a :class:`Hooks` subclass): one mix's simulation
(the runner makes one per mix, with the liars' story policy defaulted), the seed of each
game of a simulation, how to deal one game (its play state, one bot a seat, the generator
they draw from, and how the result is summed up), the file suffix of its records, and
the report of a simulation's summaries. The runner does the rest, alike in every game:

- **tasks**: game ``i`` of a simulation is a :class:`Task` holding the hooks, the
  simulation, ``i`` and its seed (:func:`numbered_seeds`: ``f"{seed}:{i}"``, unless
  the game keeps another stream). A task is picklable, so any executor
  (:mod:`~wooolf_solver.lab.executors`: serial, processes, Dask) plays it.
- **play**: a worker deals the game (:meth:`Hooks.deal`) and plays it to its end with
  :func:`wooolf_solver.core.play.play`: every bot is handed its seat's view and legal
  moves only, never the state; then the table's ``summarise`` turns the result into
  the summary and the record's text (:class:`Played`). Python's cycle collector runs
  less often meanwhile (:func:`~wooolf_solver.core.garbage.fewer_collections`), inside
  which the game may open its own context (:meth:`Hooks.playing`).
- **order**: the executor yields the results in the tasks' order, so the same seed
  gives the same summaries, reports and records on any executor and any number of
  workers.
- **records**: given a folder, every game's record is written there as it comes back,
  ``game-00001.yaml`` (the game's suffix), ...; with several simulations one subfolder
  each, ``1-LABEL``, ``2-LABEL``, ...; the files a simulation needs beside them (a
  designer's deck: :meth:`Hooks.beside`) are written first. The summaries keep no
  record text.
- **progress**: ``on_game(summary)`` after every game, in order.

``tests/test_lab_runner.py`` runs it on a toy game (dice that each seat guesses from its
own view) and on the three games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..core.documents import shown
from ..core.errors import InvalidArgumentError, UnknownNameError
from ..core.garbage import fewer_collections
from ..core.play import Bot, State, play
from .executors import Executor, Serial

S = TypeVar("S")
"""A game's simulation: what to play (a mix, the players, the bots, the seed)."""
G = TypeVar("G")
"""What a played game tells the report (its summary)."""
P = TypeVar("P")
"""A simulation's report."""
M = TypeVar("M")
V = TypeVar("V")
R = TypeVar("R")

Seed = str | int
"""A game's seed, as its hooks draw its generators from it."""

PLOT_FORMATS = (".png", ".svg", ".pdf")
"""The files a lab's plot is written to (matplotlib's formats the labs offer)."""


def numbered_seeds(seed: str, games: int) -> list[Seed]:
    """Game ``i``'s seed ``f"{seed}:{i}"``: every game its own stream, and game ``i``
    the same whatever the number of games.

    >>> numbered_seeds("7", 3)
    ['7:0', '7:1', '7:2']
    """
    return [f"{seed}:{index}" for index in range(games)]


def bot_names(spec: str) -> tuple[str, ...]:
    """The bots of a comma-separated list (``--bots``, the workshop's field), blanks
    dropped.

    >>> bot_names("greedy, random,")
    ('greedy', 'random')
    """
    return tuple(part.strip() for part in spec.split(",") if part.strip())


class PlayersError(InvalidArgumentError):
    """A table's size refused for a mix: none given and none implied (``given`` is
    ``None``), or ``given`` where the mix deals for ``implied``. The message words it for
    a field named ``players``; a front end with other words makes its own from the
    fields."""

    def __init__(self, mix: str, given: int | None, implied: int | None) -> None:
        self.mix, self.given, self.implied = mix, given, implied
        if given is None:
            super().__init__(f"players: needed for the mix {shown(mix)}")
        else:
            super().__init__(f"players: {given}, but the mix deals for {implied}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.mix, self.given, self.implied))


class Mixes(Protocol):
    """What :func:`table_size` asks of a lab."""

    def players_of(self, mix: str) -> int | None: ...


def table_size(lab: Mixes, mix: str, players: int | None) -> int:
    """The table's size for ``mix``: ``players``, or the count the mix implies; a
    disagreement, or neither, is a :class:`PlayersError` (the one check of the command
    line's ``--players`` and the workshop's ``players``).

    >>> class Fixed:
    ...     def players_of(self, mix: str) -> int | None:
    ...         return 5 if "=" in mix else None
    >>> table_size(Fixed(), "a=5", None), table_size(Fixed(), "basic", 4)
    (5, 4)
    >>> table_size(Fixed(), "a=5", 6)
    Traceback (most recent call last):
    ...
    wooolf_solver.lab.runner.PlayersError: players: 6, but the mix deals for 5
    """
    implied = lab.players_of(mix)
    if players is None:
        if implied is None:
            raise PlayersError(mix, None, None)
        return implied
    if implied is not None and implied != players:
        raise PlayersError(mix, players, implied)
    return players


def story_policy(speech: str | None, policies: Sequence[str]) -> str:
    """The liars' story policy of talking bots: ``speech``, or the game's default (the
    first of ``policies``); an unknown one is refused.

    >>> story_policy(None, ("plain", "wild")), story_policy("wild", ("plain", "wild"))
    ('plain', 'wild')
    >>> story_policy("loud", ("a", "b"))
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.UnknownNameError: --speech: unknown story policy 'loud' (known: a, b)
    """
    policy = speech or policies[0]
    if policy not in policies:
        raise UnknownNameError(
            f"--speech: unknown story policy {policy!r} (known: {', '.join(policies)})"
        )
    return policy


@dataclass(frozen=True)
class Asked:
    """What the command line asks of every mix's simulation."""

    players: int
    bots: tuple[str, ...]
    seed: str
    analyse: bool
    """Whether to add the figures that need the solver."""
    speech: str | None
    """The liars' story policy (``None``: the game's bots do not talk)."""


@dataclass(frozen=True)
class Played(Generic[G]):
    """A played game, as a worker sends it back: its summary, and its record's text
    when the task keeps it."""

    summary: G
    record: str | None = None


@dataclass(frozen=True)
class Table(Generic[M, V, R, G]):
    """One game dealt and ready: its state, one bot a seat (each sees only its view),
    the generator chance and the bots draw from, and how the result is summed up."""

    state: State[M, V, R]
    bots: Mapping[int, Bot[V, M]]
    rng: Random
    summarise: Callable[[R], Played[G]]

    def play(self) -> Played[G]:
        """Play the game to its end and sum it up."""
        return self.summarise(play(self.state, self.bots, self.rng))


@dataclass(frozen=True)
class Task(Generic[S, G, P]):
    """One game to play: what a worker receives (picklable)."""

    hooks: Hooks[S, G, P]
    simulation: S
    index: int
    """The game's number in its simulation (from 0)."""
    seed: Seed
    keep_record: bool = False
    """Whether the worker should send the game's record back (to be written)."""


class Hooks(Generic[S, G, P]):
    """What a game's lab tells the runner (subclass it; an instance must be picklable:
    it travels with every task), and the command line's calls every lab answers alike
    (:meth:`run`, :meth:`check_plot`)."""

    suffix: ClassVar[str] = ".yaml"
    """The suffix of the game's record files."""
    speech_policies: tuple[str, ...] = ()
    """The liars' story policies of the game's talking bots, the default first (none:
    its bots do not talk)."""

    def simulations(
        self,
        mixes: Sequence[str],
        players: int,
        bots: Sequence[str],
        seed: str,
        analyse: bool,
        *,
        speech: str | None = None,
    ) -> list[Any]:
        """The command line's call: one simulation per mix (:meth:`simulation`, ``speech``
        defaulted to the game's first policy when its bots talk), then each checked
        (:meth:`check`), so that a bad mix, player count or bot is refused now, not in a
        worker."""
        policy = speech or (self.speech_policies[0] if self.speech_policies else None)
        asked = Asked(players, tuple(bots), seed, analyse, policy)
        made = [self.simulation(mix, asked) for mix in mixes]
        for simulation in made:
            self.check(simulation)
        return made

    def simulation(self, mix: str, asked: Asked) -> S:
        """The simulation of one mix, as ``asked``."""
        raise NotImplementedError

    def check(self, simulation: S) -> None:
        """Refuse a simulation that cannot be played, once every mix is read (nothing
        more by default)."""

    def label(self, simulation: S) -> str:
        """The simulation's mix in one word (its records' subfolder, ``K-LABEL``)."""
        raise NotImplementedError

    def seeds(self, simulation: S, games: int) -> Sequence[Seed]:
        """The seed of each of the simulation's ``games`` games, in order."""
        raise NotImplementedError

    def deal(self, task: Task[S, G, P]) -> Table[Any, Any, Any, G]:
        """Deal the task's game (in the worker): state, bots, generator, summing up."""
        raise NotImplementedError

    def report(self, simulation: S, summaries: tuple[G, ...]) -> P:
        """The report of a simulation's played games (in their order)."""
        raise NotImplementedError

    def playing(self) -> AbstractContextManager[None]:
        """A context around each game's play in the worker (none by default)."""
        return nullcontext()

    def beside(self, simulation: S) -> Mapping[str, str]:
        """Files (name: text) to write beside the simulation's records (none by
        default)."""
        return {}

    def deck_document(self, simulation: S) -> dict[str, Any] | None:
        """The simulation's cards as the game's deck file, a document that
        :func:`~wooolf_solver.lab.decks.toml_text` writes and the game's deck reader
        reads back to the same cards (``None``: the game has no deck file)."""
        return None

    def run(
        self,
        simulations: Sequence[Any],
        games: int,
        executor: Executor | None,
        records: str | None,
        on_game: Callable[[G], object],
    ) -> tuple[P, ...]:
        """The command line's call (:class:`~wooolf_solver.games.base.Lab`): :func:`run`
        with these hooks."""
        return run(self, simulations, games, executor, records=records, on_game=on_game)

    def check_plot(self, path: str) -> None:
        """Refuse a plot whose suffix names no format a lab writes, before any game.

        >>> Hooks[str, str, str]().check_plot("a.gif")
        Traceback (most recent call last):
        ...
        wooolf_solver.core.errors.InvalidArgumentError: --plot: a.gif: a plot is .png, .svg, .pdf
        """
        if Path(path).suffix.lower() not in PLOT_FORMATS:
            raise InvalidArgumentError(f"--plot: {path}: a plot is {', '.join(PLOT_FORMATS)}")


def play_task(task: Task[S, G, P]) -> Played[G]:
    """Deal and play one game (a top-level function, for any executor)."""
    with playing(task.hooks):
        return task.hooks.deal(task).play()


@contextmanager
def playing(hooks: Hooks[Any, Any, Any]) -> Iterator[None]:
    """How the lab plays a game: fewer cycle collections (the outermost, so that the
    game's own context is closed before the collector's run at the end), inside the
    game's context (:meth:`Hooks.playing`)."""
    with fewer_collections(), hooks.playing():
        yield


def tasks(
    hooks: Hooks[S, G, P], simulations: Sequence[S], games: int, keep_records: bool = False
) -> list[Task[S, G, P]]:
    """Every game of every simulation, in order (the simulations one after the other)."""
    return [
        Task(hooks, simulation, index, seed, keep_records)
        for simulation in simulations
        for index, seed in enumerate(hooks.seeds(simulation, games))
    ]


def record_folders(
    hooks: Hooks[S, G, P], simulations: Sequence[S], records: str | Path | None
) -> list[Path | None]:
    """Each simulation's records folder, made, with the files beside its records:
    ``records`` itself for one simulation, ``records/K-LABEL`` for several."""
    if records is None:
        return [None] * len(simulations)
    several = len(simulations) > 1
    folders: list[Path | None] = []
    for k, simulation in enumerate(simulations, 1):
        folder = Path(records) / f"{k}-{hooks.label(simulation)}" if several else Path(records)
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in hooks.beside(simulation).items():
            (folder / name).write_text(text, encoding="utf-8")
        folders.append(folder)
    return folders


def run(
    hooks: Hooks[S, G, P],
    simulations: Sequence[S],
    games: int,
    executor: Executor | None = None,
    *,
    records: str | Path | None = None,
    on_game: Callable[[G], object] | None = None,
) -> tuple[P, ...]:
    """Play ``games`` games of every simulation, all through one executor (so that the
    workers stay busy); one report each. ``records``: a folder for every game's record
    (see the module docstring); ``on_game`` is called after each game, in order."""
    folders = record_folders(hooks, simulations, records)
    played = tasks(hooks, simulations, games, records is not None)
    summaries: list[G] = []
    for task, game in zip(played, (executor or Serial()).map(play_task, played), strict=True):
        folder = folders[len(summaries) // games]
        if folder is not None and game.record is not None:
            path = folder / f"game-{task.index + 1:05d}{hooks.suffix}"
            path.write_text(game.record, encoding="utf-8")
        summaries.append(game.summary)
        if on_game is not None:
            on_game(game.summary)
    return tuple(
        hooks.report(simulation, tuple(summaries[k * games : (k + 1) * games]))
        for k, simulation in enumerate(simulations)
    )
