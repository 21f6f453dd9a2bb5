"""One Night Ultimate Werewolf as a game of the library: its records and verbs.

The verbs: ``solve`` (:mod:`.posterior`), the night ``hint`` (:mod:`.hints`), the ballot
advice ``vote`` (:mod:`.vote`), ``why`` (:mod:`.explain`), ``review`` (:mod:`.review`);
the terminal's tables are in :mod:`.render`, imported only by the command line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.errors import InvalidRecordError
from ...core.knowledge import Knowledge, Seat
from ...core.posterior import Fact, Posterior
from ...engines import Tally
from ..base import Game, Lab
from .engines import ENGINES, OWN_ENGINES
from .model import OnuwKnowledge, knowledge_of
from .record import DealRecord, read_record

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ...core.reasons import Explanation
    from .balance import Balance
    from .hints import NightHint
    from .posterior import OnuwPosterior
    from .review import DealReview
    from .vote import VoteAdvice


class Onuw(Game[DealRecord]):
    """One Night Ultimate Werewolf: deal records for deduction, game records for review."""

    name: ClassVar[str] = "onuw"
    title: ClassVar[str] = "One Night Ultimate Werewolf"
    engines: ClassVar[tuple[str, ...]] = ENGINES
    own_engines: ClassVar[Mapping[str, str]] = OWN_ENGINES
    talks: ClassVar[bool] = True
    verbs: ClassVar[frozenset[str]] = frozenset(
        {"solve", "hint", "vote", "why", "review", "balance", "simulate", "compare"}
    )
    live_table: ClassVar[str | None] = "wooolf_solver.games.onuw.live:LiveTable"

    def read(self, data: Mapping[str, Any], base_dir: Path, verb: str | None = None) -> DealRecord:
        """A deal record; for ``review``, a game record (every card, night and ballot)."""
        record = read_record(data)
        if verb == "review" and not record.is_game:
            raise InvalidRecordError(
                "this is a deal record: a review needs a game record (every card in `cards`, "
                "a `night` entry for every player, and `votes`; use `wooolf solve`)"
            )
        return record

    def knowledge(self, record: DealRecord) -> Knowledge:
        return knowledge_of(self.deal(record))

    def posterior(self, knowledge: Knowledge, tally: Tally) -> Posterior:
        from .posterior import OnuwPosterior  # noqa: PLC0415

        if not isinstance(knowledge, OnuwKnowledge):
            raise TypeError("an ONUW posterior needs an ONUW knowledge")
        return OnuwPosterior(knowledge, tally)

    def solve(self, record: DealRecord, engine: str | None = None) -> OnuwPosterior:
        from .posterior import solve  # noqa: PLC0415

        return solve(self.deal(record), engine)

    def hint(
        self,
        record: DealRecord,
        engine: str | None = None,
        naive: bool = False,
        on_step: Callable[[int, int], None] | None = None,
    ) -> NightHint:
        """Each option of the viewpoint's night (:mod:`.hints`); ``on_step`` after each
        class of options the fast engine scores."""
        from .hints import hint  # noqa: PLC0415

        return hint(self.deal(record), engine, naive, on_step)

    def vote(self, record: DealRecord, engine: str | None = None) -> VoteAdvice:
        from .vote import vote  # noqa: PLC0415

        return vote(self.deal(record), engine)

    def explain(
        self,
        record: DealRecord,
        seat: Seat,
        role: str,
        holds: bool = True,
        engine: str | None = None,
    ) -> Explanation:
        from .explain import explain  # noqa: PLC0415

        return explain(self.deal(record), seat, role, holds, engine)

    def explanations(
        self, record: DealRecord, engine: str | None = None
    ) -> dict[Fact, Explanation]:
        from .explain import explanations  # noqa: PLC0415

        return explanations(self.deal(record), engine)

    def review(
        self,
        record: DealRecord,
        engine: str | None = None,
        on_step: Callable[[int, int], None] | None = None,
    ) -> DealReview:
        from .review import review  # noqa: PLC0415

        deal = self.deal(record)
        if not deal.is_game:
            raise InvalidRecordError(
                "this is a deal record: a review needs a game record (use `wooolf solve`)"
            )
        return review(deal, engine, on_step)

    def balance(
        self,
        roles: str | None = None,
        deck: Path | None = None,
        parity: bool = False,
        on_step: Callable[[int, int], None] | None = None,
        *,
        players: int | None = None,
    ) -> Balance:
        """A deck's exact figures: the deal's, and the random baseline's (:mod:`.balance`)."""
        from .balance import balance  # noqa: PLC0415

        return balance(roles, deck, parity, on_step, players)

    def render(
        self, verb: str, record: DealRecord | None, result: object, **options: int
    ) -> RenderableType:
        from .render import render  # noqa: PLC0415 (rich tables: only for the command line)

        if verb == "balance":
            from .balance import Balance, render_balance  # noqa: PLC0415

            if isinstance(result, Balance):
                return render_balance(result)

        return render(verb, record, result, **options)

    def lab(self) -> Lab:
        from .lab import OnuwLab  # noqa: PLC0415 (the lab: only when simulating)

        return OnuwLab()

    @staticmethod
    def deal(record: object) -> DealRecord:
        """The record as a deal record, or a one-line error."""
        if isinstance(record, DealRecord):
            return record
        raise InvalidRecordError(f"not an ONUW record: {type(record).__name__}")


GAME = Onuw()
"""The game, as the registry finds it."""
