"""The game protocol: what a game package tells the generic layers.

A game is rules as data plus a few hooks, the way a chess variant overrides a few
methods of its board: :class:`Game` gives every hook a neutral default (a verb the
game does not have says so in one line), and a game overrides what it has. What a
game supports is declared as data (:attr:`Game.engines`, :attr:`Game.verbs`), never
found by probing for methods.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from ..core.conflict import consistent_tally
from ..core.errors import EventId, InvalidRecordError, UnsupportedVerbError
from ..core.knowledge import Knowledge, Seat
from ..core.posterior import Fact, Posterior
from ..core.speech import Talking, read_by, read_speech
from ..engines import Engine, Tally, get_engine

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ..lab.executors import Executor

VERBS = ("solve", "hint", "vote", "why", "review", "balance", "moderate", "simulate", "compare")
"""Every verb of the library and the command line, in the order ``wooolf games`` lists."""


class Record(Protocol):
    """A record of some game, as the game's :meth:`Game.read` gives it."""

    game_name: ClassVar[str]
    """The game it is a record of (its ``game:`` field)."""


class Result(Protocol):
    """What a verb returns: it gives its command's ``--json`` object."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the verb's ``--json`` output."""


class Report(Result, Protocol):
    """A lab's report of one simulation (a mix played many times)."""

    @property
    def simulation(self) -> object:
        """The simulation reported on, as :meth:`Lab.simulations` gave it."""


class Reason(Result, Protocol):
    """What ``why`` answers: whether a fact is certain and, if so, the events that
    force it, told in sentences."""

    @property
    def fact(self) -> Fact: ...

    @property
    def holds(self) -> bool: ...

    @property
    def events(self) -> tuple[EventId, ...]: ...

    @property
    def sentences(self) -> tuple[str, ...]: ...


class Lab(Protocol):
    """A game's designer lab, for ``wooolf simulate`` and ``wooolf compare``: bots play
    many games of a mix (a built-in edition or a designer's deck file)."""

    default_mix: str
    """The mix ``simulate`` plays when none is named."""
    default_bots: str
    """The bots (``NAME,...``) seated when none are named."""
    speech_policies: tuple[str, ...]
    """The liars' story policies of bots that talk (``simulate --speech``), the default
    first; empty when the game's bots do not talk."""
    role_lists: bool
    """Whether a mix may be a role list (``NAME=COPIES,...``, ``--roles``)."""

    def players_of(self, mix: str) -> int | None:
        """The players ``mix`` deals for, when the mix implies it (``None``: a mix for
        any player count)."""

    def simulations(
        self,
        mixes: Sequence[str],
        players: int,
        bots: Sequence[str],
        seed: str,
        analyse: bool,
        *,
        speech: str | None = None,
    ) -> list[object]:
        """One simulation per mix, checked now (an unknown mix, player count or bot is
        refused here with a :class:`~wooolf_solver.core.errors.SolverError`); ``speech``:
        the liars' policy of talking bots (``None``: the default)."""

    def label(self, simulation: object) -> str:
        """A simulation's mix in one word (the report's column, the JSON's key)."""

    def run(
        self,
        simulations: Sequence[object],
        games: int,
        executor: Executor | None,
        records: str | None,
        on_game: Callable[[object], None],
    ) -> tuple[Report, ...]:
        """Play ``games`` games of every simulation; one report each (``to_dict()``)."""

    def check_plot(self, path: str) -> None:
        """Refuse a plot path whose format the lab cannot write."""

    def plot(self, reports: Sequence[Report], path: str) -> None:
        """Write the reports' figure to ``path``."""


class Question(Protocol):
    """A question the moderator's assistant asks: its text and the answers it accepts."""

    @property
    def text(self) -> str: ...

    @property
    def options(self) -> tuple[str, ...]: ...


class Moderation(Protocol):
    """A moderated game in progress, for ``wooolf moderate``: it asks, in the game's order,
    what the moderator must learn, and tells what to show and announce. Nothing is kept
    but the answers, so an answer can be taken back and a saved session resumed."""

    def question(self) -> Question | None:
        """What to ask now (``None``: the game is over)."""

    def answer(self, text: str) -> Moderation:
        """Give the pending question's answer (a wrong one is refused with a
        :class:`~wooolf_solver.core.errors.SolverError` naming it)."""

    def undo(self) -> Moderation:
        """Take the last answer back."""

    def lines(self) -> list[str]:
        """What the moderator has told and shown so far, in order, and the end."""

    def to_dict(self) -> dict[str, Any]:
        """The session, to save and resume."""

    def record_dict(self) -> dict[str, Any]:
        """The game record so far (every card, every event), as a document."""


RecordT = TypeVar("RecordT", bound=Record)
"""The type of a game's records (a union when it has several kinds)."""


class Game(Generic[RecordT]):
    """A game plugged into the library: subclass it as ``Game[MyRecord]`` (its
    records' type, so that every hook is typed by it) and give ``GAME = MyGame()``
    in the package. The registry hands games out as :data:`AnyGame`."""

    name: ClassVar[str]
    """The record's ``game:`` field."""
    title: ClassVar[str]
    """The name people know the game by."""
    engines: ClassVar[tuple[str, ...]] = ("brute", "csp", "cpsat")
    """The engines that solve this game's knowledge, the default first."""
    own_engines: ClassVar[Mapping[str, str]] = {}
    """The game's own engines: name -> ``module:Class`` (imported on first use)."""
    verbs: ClassVar[frozenset[str]] = frozenset({"solve"})
    """The verbs this game answers."""
    talks: ClassVar[bool] = False
    """Whether the players talk freely, so that claims are read by a speech model
    (:mod:`~wooolf_solver.core.speech`): the game's records then carry a ``model``
    with a ``speech`` field."""
    live_table: ClassVar[str | None] = None
    """``module:Class`` of the game's live table, for the server's tables (``None``:
    the server does not seat this game); that module also gives a bot's ballot,
    ``bot_ballot(record)``. Imported on first use."""
    pages: ClassVar[tuple[str, ...]] = ()
    """The game's own web pages, mounted by the server: ``module:router`` of each (a
    FastAPI router; its heavy work goes through :func:`wooolf_solver.core.hosting.offload`)."""

    # -- records and knowledge --------------------------------------------------------

    def read(self, data: Mapping[str, Any], base_dir: Path, verb: str | None = None) -> RecordT:
        """A record of this game from a parsed document (its ``game:`` field names
        this game); raises :class:`InvalidRecordError` naming the field. ``verb``, when
        known, is what the record is read for: a game with several kinds of record reads
        it as that verb needs, so that an error speaks of the kind the verb wanted."""
        raise InvalidRecordError(f"game: {self.name} records cannot be read yet")

    def with_speech(self, record: RecordT, speech: str) -> RecordT:
        """The same record read by the speech model named ``speech``; a game whose
        rules fix what players say is refused in one line."""
        if not self.talks:
            raise InvalidRecordError(
                f"--speech: {self.title} has no speech model (its rules fix what players say)"
            )
        talking = cast(Talking, record)  # a talking game's records carry a model
        return cast(RecordT, read_by(talking, read_speech(speech, "--speech")))

    def speech_of(self, record: RecordT) -> str | None:
        """The speech model a record's claims are read by (``None``: the game has none)."""
        return str(cast(Talking, record).model.speech) if self.talks else None

    def knowledge(self, record: RecordT) -> Knowledge:
        """What the record's viewpoint knows; a record of another kind is refused."""
        raise self.unsupported("solve")

    def posterior(self, knowledge: Knowledge, tally: Tally) -> Posterior:
        """The posterior the game reports for a consistent knowledge."""
        return Posterior(knowledge, tally)

    def engine(self, name: str | None = None) -> Engine:
        """A new engine by name (``None``: the game's default)."""
        return get_engine(name, self.own_engines, self.engines)

    # -- the verbs ----------------------------------------------------------------------

    def solve(self, record: RecordT, engine: str | None = None) -> Posterior:
        """The exact posterior of the record's viewpoint."""
        knowledge = self.knowledge(record)
        return self.posterior(knowledge, consistent_tally(knowledge, self.engine(engine)))

    def hint(
        self,
        record: RecordT,
        engine: str | None = None,
        naive: bool = False,
        on_step: Callable[[int, int], None] | None = None,
    ) -> Result:
        """What the viewpoint should do next; ``on_step(done, total)`` after each action
        scored on its own, for a progress bar (a game that scores every action in one
        pass has no steps to report)."""
        raise self.unsupported("hint")

    def vote(self, record: RecordT, engine: str | None = None) -> Result:
        """The viewpoint's ballot advice: every ballot it may cast, best first."""
        raise self.unsupported("vote")

    def explain(
        self, record: RecordT, seat: Seat, role: str, holds: bool = True, engine: str | None = None
    ) -> Reason:
        """Why a fact about ``seat``'s role is certain, if it is."""
        raise self.unsupported("why")

    def explanations(self, record: RecordT, engine: str | None = None) -> Mapping[Fact, Reason]:
        """The explanation of every certain fact of the record's posterior."""
        raise self.unsupported("why")

    def review(
        self,
        record: RecordT,
        engine: str | None = None,
        on_step: Callable[[int, int], None] | None = None,
    ) -> Result:
        """A played game replayed from every seat; ``on_step(done, total)`` after each
        step, for a progress bar."""
        raise self.unsupported("review")

    def balance(
        self,
        roles: str | None = None,
        deck: Path | None = None,
        parity: bool = False,
        on_step: Callable[[int, int], None] | None = None,
        *,
        players: int | None = None,
    ) -> Result:
        """A role mix's balance figures (``roles``: the mix as ``NAME=COPIES,...`` or a
        built-in edition's name; or ``deck``: a deck file; ``players``: the table's
        size, which an edition needs and a mix must agree with); the result has
        ``to_dict()``. ``on_step(done, total)`` after each step of a long count (ONUW's
        deals), for a progress bar."""
        raise self.unsupported("balance")

    def moderate(
        self,
        saved: Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        roles: str | None = None,
        seed: int = 0,
    ) -> Moderation:
        """The moderator's assistant: a new game (``players`` at the table, ``roles``
        as ``NAME=COPIES,...``) or a saved session resumed (``saved``)."""
        raise self.unsupported("moderate")

    # -- for the command line -----------------------------------------------------------

    def render(
        self, verb: str, record: RecordT | None, result: object, **options: int
    ) -> RenderableType:
        """What ``verb`` prints on a terminal for ``result`` (what the library returned
        for ``record``): ``solve``, ``solve-why`` (the explanations of ``solve --why``),
        ``hint``, ``vote``, ``why``, ``review``, ``review-html`` (a whole HTML page, a ``str``),
        ``balance``, ``simulate``, ``compare`` (the record is then ``None``), and ``conflict``
        (the result is the :class:`~wooolf_solver.core.errors.InconsistentRecordError`).
        ``options`` are a verb's settings: only ``hint`` has one, ``top`` (the rows its
        table shows); every other verb is rendered from its result alone.

        One hook for every verb rather than a renderer class per verb: the command line
        needs only "this result, readably", a game with no tables of its own still
        prints something, and the game's rich tables stay in its package (imported on
        first use, never by the library). The neutral default says ``why`` and
        ``solve --why`` as every game does (:mod:`~wooolf_solver.core.reasons_render`),
        a conflict in its one line, and pretty-prints any other result.
        """
        from rich.pretty import Pretty  # noqa: PLC0415 (rich: only for the command line)
        from rich.text import Text  # noqa: PLC0415

        from ..core.reasons import TERMS, Explanation  # noqa: PLC0415
        from ..core.reasons_render import render_reasons, render_why  # noqa: PLC0415

        if verb == "conflict":
            return Text(str(result))
        if verb == "why" and isinstance(result, Explanation):
            return render_why(result)
        if verb == "solve-why" and isinstance(result, Mapping):
            return render_reasons(result.values(), TERMS.none)
        return Pretty(result)

    def lab(self) -> Lab:
        """The game's designer lab (``simulate``, ``compare``)."""
        raise self.unsupported("simulate")

    # -- what the game is ---------------------------------------------------------------

    def unsupported(self, verb: str) -> UnsupportedVerbError:
        """The error for a verb this game (or this kind of record) does not answer."""
        return UnsupportedVerbError(self.title, verb, [v for v in VERBS if v in self.verbs])

    def describe(self) -> dict[str, Any]:
        """What ``wooolf games --json`` says of this game."""
        return {
            "name": self.name,
            "title": self.title,
            "engines": list(self.engines),
            "verbs": [verb for verb in VERBS if verb in self.verbs],
        }

    def __repr__(self) -> str:
        return f"<game {self.name}: {self.title}>"


AnyGame = Game[Any]
"""A game whatever its records, as the registry and the generic layers hold it: they
pass it records it read itself (:meth:`Game.read`), so its record type is not theirs
to check; each game refuses a record of another kind in one line."""
