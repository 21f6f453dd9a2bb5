"""What an engine is and what it returns: an engine counts the worlds of a
:class:`~.knowledge.Knowledge` into a :class:`Tally`, from which the posterior, a game's
own answers and the conflicts are computed by shared code.

They live in ``core`` (the engines themselves are a layer above) so that the posterior,
the conflicts and the explanations can name them without importing any engine.

A game may name more *queries* than each seat's role (:meth:`.knowledge.Knowledge.queries`:
the cards dealt, the teams, who lied, whether a viewpoint wins by who dies); an engine
sums each world's weight into every key the world gives for every query, and
:meth:`.posterior.Posterior.chances` reads them normalized.

>>> tally = Tally(deals=2, total=4, roles={1: {"thief": 4}}, queries={"odd": {True: 1}})
>>> tally.decision, tally.query("odd"), tally.query("even")
({}, {True: 1}, {})
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Protocol, TypeAlias

from .knowledge import Knowledge, Seat

Weight: TypeAlias = int | Fraction | float
"""A tally's weight: exact (an integer or a fraction) from the exact engines; a float
from the engines that count in floating point for speed."""


@dataclass(frozen=True)
class Tally:
    """Weighted counts over the consistent worlds of a knowledge.

    Weights are unnormalized (physical deals times likelihood numerators); a weight
    is exactly zero when no consistent world has the property.
    """

    deals: int
    """Physical deals (with the choices: worlds) of non-zero weight."""
    total: Weight
    """The sum of the weights of all worlds."""
    roles: Mapping[Seat, Mapping[str, Weight]]
    """For every seat, the weight of each role (zero weights may be absent)."""
    decision: Mapping[Any, Weight] = field(default_factory=dict)
    """The weight of each value of the viewpoint's decision (empty without one)."""
    queries: Mapping[str, Mapping[Hashable, Weight]] = field(default_factory=dict)
    """For each of the game's named queries, the weight of each key (zero ones may be
    absent)."""

    def query(self, name: str) -> Mapping[Hashable, Weight]:
        """The weights of the query ``name`` (empty when no world gave it a key)."""
        return self.queries.get(name, {})


class Engine(Protocol):
    """Counts the worlds of a knowledge."""

    name: ClassVar[str]

    def tally(self, knowledge: Knowledge) -> Tally:
        """Every count the posterior needs."""
        ...

    def consistent(self, knowledge: Knowledge) -> bool:
        """Whether at least one world has non-zero weight."""
        ...
