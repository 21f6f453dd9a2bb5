"""Wooolf!! as a game of the library: its records, knowledge, posterior and verbs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.errors import InvalidRecordError
from ...core.knowledge import Knowledge
from ...core.posterior import Fact, Posterior
from ...core.reasons import Explanation
from ...engines import Tally
from ..base import VERBS, Game, Lab
from .engines import ENGINES, OWN_ENGINES
from .explain import explain, explanations
from .game import GameRecord
from .hints import Hint, hint
from .model import RoundKnowledge, knowledge_of
from .posterior import RoundPosterior
from .record import Round
from .review import Review, review
from .rules import Seat

if TYPE_CHECKING:
    from rich.console import RenderableType

    from .balance import Balance


Record = Round | GameRecord
"""A Wooolf!! record: one round, or a whole game."""


class Wooolf(Game[Record]):
    """Wooolf!!: round records for deduction, game records for review."""

    name: ClassVar[str] = "wooolf"
    title: ClassVar[str] = "Wooolf!! (狼來了)"
    engines: ClassVar[tuple[str, ...]] = ENGINES
    own_engines: ClassVar[Mapping[str, str]] = OWN_ENGINES
    verbs: ClassVar[frozenset[str]] = frozenset(VERBS) - {"vote", "moderate"}
    pages: ClassVar[tuple[str, ...]] = ("wooolf_solver.games.wooolf.assistant:router",)

    def read(self, data: Mapping[str, Any], base_dir: Path, verb: str | None = None) -> Record:
        """A game record for ``review``, a round record for the other verbs; for no verb,
        a game record when the document has ``rounds``, otherwise a round record."""
        if verb == "review" or (verb is None and "rounds" in data):
            return GameRecord.from_dict(data, base_dir)
        return Round.from_dict(data, base_dir)

    def knowledge(self, record: Record) -> Knowledge:
        return knowledge_of(self.round(record, "solve"))

    def posterior(self, knowledge: Knowledge, tally: Tally) -> Posterior:
        if not isinstance(knowledge, RoundKnowledge):
            raise TypeError("a Wooolf!! posterior needs a round's knowledge")
        return RoundPosterior(knowledge, tally)

    def hint(
        self,
        record: Record,
        engine: str | None = None,
        naive: bool = False,
        on_step: Callable[[int, int], None] | None = None,
    ) -> Hint:
        """Every action of the round's viewpoint, scored from the engine's joint in one
        pass (no steps for ``on_step``)."""
        return hint(self.round(record, "hint"), engine, naive)

    def explain(
        self, record: Record, seat: Seat, role: str, holds: bool = True, engine: str | None = None
    ) -> Explanation:
        return explain(self.round(record, "why"), seat, role, holds, engine)

    def explanations(self, record: Record, engine: str | None = None) -> dict[Fact, Explanation]:
        return explanations(self.round(record, "why"), engine)

    def review(
        self,
        record: Record,
        engine: str | None = None,
        on_step: Callable[[int, int], None] | None = None,
    ) -> Review:
        if not isinstance(record, GameRecord):
            raise InvalidRecordError(
                "this is a round record: a review needs a game record (use `wooolf solve`)"
            )
        return review(record, engine or "fast", on_step)

    def balance(
        self,
        roles: str | None = None,
        deck: Path | None = None,
        parity: bool = False,
        on_step: Callable[[int, int], None] | None = None,
        *,
        players: int | None = None,
    ) -> Balance:
        """Each identity's exact blind baseline (:mod:`.balance`): an edition or
        ``NAME=COPIES,...`` of characters as ``roles``, or a deck file (no steps for
        ``on_step``)."""
        from .balance import balance  # noqa: PLC0415

        return balance(roles, deck, parity, players)

    def render(
        self, verb: str, record: Record | None, result: object, **options: int
    ) -> RenderableType:
        from .render import render  # noqa: PLC0415 (rich tables: only for the command line)

        if verb == "balance":
            from .balance import Balance, render_balance  # noqa: PLC0415

            if isinstance(result, Balance):
                return render_balance(result)

        return render(verb, record, result, **options)

    def lab(self) -> Lab:
        from .lab import WooolfLab  # noqa: PLC0415 (the lab: only when simulating)

        return WooolfLab()

    @staticmethod
    def round(record: object, verb: str) -> Round:
        """The record as a round, or the one-line error that says what to use."""
        if isinstance(record, Round):
            return record
        if isinstance(record, GameRecord):
            raise InvalidRecordError(
                f"this is a game record: `{verb}` needs a round record (use `wooolf review`)"
            )
        raise InvalidRecordError(f"not a Wooolf!! record: {type(record).__name__}")


GAME = Wooolf()
"""The game, as the registry finds it."""
