"""What an engine is and what it returns: an engine counts the worlds of a
:class:`~.knowledge.Knowledge` into a :class:`Tally`, from which the posterior, a game's
own answers and the conflicts are computed by shared code.

They live in ``core`` (the engines themselves are a layer above) so that the posterior,
the conflicts and the explanations can name them without importing any engine.

>>> Tally(deals=2, total=2.0, roles={1: {"thief": 2.0}}).decision
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .knowledge import Knowledge, Seat


@dataclass(frozen=True)
class Tally:
    """Weighted counts over the consistent worlds of a knowledge.

    Weights are unnormalized (physical deals times likelihood numerators); a weight
    is exactly zero when no consistent world has the property.
    """

    deals: int
    """Physical deals (with the choices: worlds) of non-zero weight."""
    total: float
    """The sum of the weights of all worlds."""
    roles: Mapping[Seat, Mapping[str, float]]
    """For every seat, the weight of each role (zero weights may be absent)."""
    decision: Mapping[Any, float] = field(default_factory=dict)
    """The weight of each value of the viewpoint's decision (empty without one)."""


class Engine(Protocol):
    """Counts the worlds of a knowledge."""

    name: ClassVar[str]

    def tally(self, knowledge: Knowledge) -> Tally:
        """Every count the posterior needs."""
        ...

    def consistent(self, knowledge: Knowledge) -> bool:
        """Whether at least one world has non-zero weight."""
        ...
