"""Classic Werewolf plugged into the library: the :class:`Werewolf` game (its answer is
:class:`~.posterior.WerewolfPosterior`).

>>> GAME.name, GAME.engines
('werewolf', ('fast', 'cpsat', 'csp', 'brute'))
>>> record = GAME.read({"game": "werewolf", "players": 3, "roles": {"werewolf": 1,
...     "villager": 2}, "viewpoint": 1, "cards": {1: "villager"}}, Path("."))
>>> GAME.solve(record).to_dict()["werewolf"]
{'1': 0.0, '2': 0.5, '3': 0.5}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.errors import InvalidRecordError
from ...core.knowledge import Knowledge, Seat
from ...core.posterior import Fact, Posterior
from ...core.reasons import Explanation, checker_name
from ...engines import Engine, Tally
from ..base import Game, Lab, Moderation
from .explain import CHECKER, explain, explanations
from .model import knowledge_of
from .posterior import WerewolfPosterior
from .record import GameRecord, read_record
from .review import Review, review

if TYPE_CHECKING:
    from rich.console import RenderableType

    from .balance import Balance
    from .hints import NightHint
    from .vote import VoteAdvice


class Werewolf(Game[GameRecord]):
    """Classic Werewolf: game records, the exact model, the generic engines.

    The engines: ``fast`` (the game's own counter, the default) and the generic
    ``cpsat``, ``csp`` and ``brute``, which enumerate or search the model's variables
    (each seat's dealt card, the thief's exchange, the lovers) and so are practical only
    for the small records of ``examples/werewolf/`` with a few hidden seats: the example
    records are kept that small (the full game of 10 players is a review record, which
    only the counter judges), and every engine is listed so that the examples check them
    against each other (``tests/test_games.py``).
    """

    name: ClassVar[str] = "werewolf"
    title: ClassVar[str] = "Werewolf (The Werewolves of Millers Hollow)"
    engines: ClassVar[tuple[str, ...]] = ("fast", "cpsat", "csp", "brute")
    talks: ClassVar[bool] = True
    own_engines: ClassVar[Mapping[str, str]] = {
        "fast": "wooolf_solver.games.werewolf.engines.counter:CountingEngine"
    }
    verbs: ClassVar[frozenset[str]] = frozenset(
        {"solve", "hint", "vote", "why", "review", "balance", "moderate", "simulate", "compare"}
    )
    pages: ClassVar[tuple[str, ...]] = ("wooolf_solver.games.werewolf.moderate_page:router",)

    def read(self, data: Mapping[str, Any], base_dir: Path, verb: str | None = None) -> GameRecord:
        return read_record(data)

    def knowledge(self, record: GameRecord) -> Knowledge:
        if not isinstance(record, GameRecord):
            raise InvalidRecordError("game: not a Werewolf game record")
        return knowledge_of(record)

    def posterior(self, knowledge: Knowledge, tally: Tally) -> Posterior:
        return WerewolfPosterior(knowledge, tally)

    def hint(
        self,
        record: GameRecord,
        engine: str | None = None,
        naive: bool = False,
        on_step: Callable[[int, int], None] | None = None,
    ) -> NightHint:
        """The seer's checks tonight, ranked by what they would teach (:mod:`.hints`;
        ``naive`` or a generic engine: the naive twin), every check from one joint (no
        steps for ``on_step``)."""
        from .hints import hint  # noqa: PLC0415

        return hint(self.record(record), self.engine(engine), naive)

    def vote(self, record: GameRecord, engine: str | None = None) -> VoteAdvice:
        """Every ballot open to the viewpoint, best first for its team (:mod:`.vote`)."""
        from .vote import vote  # noqa: PLC0415

        return vote(self.record(record), self.engine(engine))

    def explain(
        self,
        record: GameRecord,
        seat: Seat,
        role: str,
        holds: bool = True,
        engine: str | None = None,
    ) -> Explanation:
        """Why a fact is certain (found by ``engine``, checked by another)."""
        finder, checker = self.explainers(engine)
        return explain(self.record(record), seat, role, holds, finder=finder, checker=checker)

    def explanations(
        self, record: GameRecord, engine: str | None = None
    ) -> dict[Fact, Explanation]:
        finder, checker = self.explainers(engine)
        return dict(explanations(self.record(record), finder=finder, checker=checker))

    def explainers(self, engine: str | None) -> tuple[Engine, Engine]:
        """The engine that finds a reason and the one that checks it."""
        return self.engine(engine), self.engine(checker_name(engine, CHECKER))

    @staticmethod
    def record(record: object) -> GameRecord:
        if not isinstance(record, GameRecord):
            raise InvalidRecordError("game: not a Werewolf game record")
        return record

    def review(
        self,
        record: GameRecord,
        engine: str | None = None,
        on_step: Callable[[int, int], None] | None = None,
    ) -> Review:
        """A full record reviewed (judged exactly by the counter, whatever ``engine``);
        ``on_step`` after each day."""
        if not isinstance(record, GameRecord):
            raise InvalidRecordError("game: not a Werewolf game record")
        return review(record, on_step)

    def balance(
        self,
        roles: str | None = None,
        deck: Path | None = None,
        parity: bool = False,
        on_step: Callable[[int, int], None] | None = None,
        *,
        players: int | None = None,
    ) -> Balance:
        """The mix's card points and exact random-lynch village win probability
        (``parity``, or the deck file's ``rules``, for the parity win; ``table`` is the
        rules' row for ``players``; no steps for ``on_step``)."""
        from .balance import balance  # noqa: PLC0415
        from .mixes import Mix  # noqa: PLC0415

        if (roles is None) == (deck is None):
            raise InvalidRecordError(
                "balance: give the mix as --roles NAME=COPIES,... or a deck file"
            )
        mix = Mix.of(roles, players) if roles is not None else Mix.load(Path(str(deck)), players)
        return balance(mix.deck, parity or mix.variants.parity)

    def moderate(
        self,
        saved: Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        roles: str | None = None,
        seed: int = 0,
    ) -> Moderation:
        """The moderator's assistant (:mod:`.moderate`): a saved session resumed, or a
        new game of ``roles`` (default: the rules' table row for ``players``)."""
        from .mixes import Mix  # noqa: PLC0415
        from .moderate import Assistant, resume  # noqa: PLC0415

        if saved is not None:
            return resume(saved)
        if roles is None and players is None:
            raise InvalidRecordError("moderate: give --players N or --roles NAME=COPIES,...")
        mix = Mix.of(roles if roles is not None else "table", players)
        return Assistant(mix.deck, mix.variants, seed=seed)

    def render(
        self, verb: str, record: GameRecord | None, result: object, **options: int
    ) -> RenderableType:
        from .render import render  # noqa: PLC0415 (rich tables: only for the command line)

        return render(verb, record, result, **options)

    def lab(self) -> Lab:
        from .lab import WerewolfLab  # noqa: PLC0415 (the lab: only when simulating)

        return WerewolfLab()


GAME = Werewolf()
"""The game, as the registry finds it."""
