"""The game protocol: what a game package tells the generic layers.

A game is rules as data plus a few hooks, the way a chess variant overrides a few
methods of its board: :class:`Game` gives every hook a neutral default (a verb the
game does not have says so in one line), and a game overrides what it has. What a
game supports is declared as data (:attr:`Game.engines`, :attr:`Game.verbs`), never
found by probing for methods.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ..core.conflict import consistent_tally
from ..core.errors import InvalidRecordError
from ..core.knowledge import Knowledge, Seat
from ..core.posterior import Posterior
from ..engines import Engine, Tally, get_engine

VERBS = ("solve", "hint", "why", "review", "simulate", "compare")
"""Every verb of the library and the command line, in the order ``wooolf games`` lists."""


class Game:
    """A game plugged into the library (subclass it; ``GAME = MyGame()`` in the package)."""

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

    # -- records and knowledge --------------------------------------------------------

    def read(self, data: Mapping[str, Any], base_dir: Path) -> Any:
        """A record of this game from a parsed document (its ``game:`` field names
        this game); raises :class:`InvalidRecordError` naming the field."""
        raise InvalidRecordError(f"game: {self.name} records cannot be read yet")

    def knowledge(self, record: Any) -> Knowledge:
        """What the record's viewpoint knows; a record of another kind is refused."""
        raise self.unsupported("solve")

    def posterior(self, knowledge: Knowledge, tally: Tally) -> Posterior:
        """The posterior the game reports for a consistent knowledge."""
        return Posterior(knowledge, tally)

    def engine(self, name: str | None = None) -> Engine:
        """A new engine by name (``None``: the game's default)."""
        return get_engine(name, self.own_engines, self.engines)

    # -- the verbs ----------------------------------------------------------------------

    def solve(self, record: Any, engine: str | None = None) -> Posterior:
        """The exact posterior of the record's viewpoint."""
        knowledge = self.knowledge(record)
        return self.posterior(knowledge, consistent_tally(knowledge, self.engine(engine)))

    def hint(self, record: Any, engine: str | None = None, naive: bool = False) -> Any:
        """What the viewpoint should do next."""
        raise self.unsupported("hint")

    def explain(
        self, record: Any, seat: Seat, role: str, holds: bool = True, engine: str | None = None
    ) -> Any:
        """Why a fact about ``seat``'s role is certain, if it is."""
        raise self.unsupported("why")

    def explanations(self, record: Any, engine: str | None = None) -> dict[Any, Any]:
        """The explanation of every certain fact of the record's posterior."""
        raise self.unsupported("why")

    def review(self, record: Any, engine: str | None = None) -> Any:
        """A played game replayed from every seat."""
        raise self.unsupported("review")

    # -- what the game is ---------------------------------------------------------------

    def unsupported(self, verb: str) -> InvalidRecordError:
        """The error for a verb this game (or this kind of record) does not answer."""
        return InvalidRecordError(f"game: {self.title} has no `{verb}`")

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
