"""``solve`` for ONUW: the record's knowledge, counted by an engine into the one tally,
read as a posterior.

:class:`OnuwPosterior` is the library's :class:`~wooolf_solver.core.posterior.Posterior`
(each seat's role is its **dawn** card) reading ONUW's named queries
(:data:`~.model.QUERIES`) as exact tables; its ``to_dict()`` is the contract's JSON,
with the speech model the claims were weighed by.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}}})
>>> posterior = solve(record)
>>> posterior.roles[2], posterior.to_dict()["win_if"], posterior.to_dict()["speech"]
({'werewolf': 1.0}, {'2': 1.0, '3': 1.0, 'nobody': 0.0}, 'mimic')
>>> posterior.dawn[2], posterior.no_werewolf, posterior.win_if[None]
({'werewolf': Fraction(1, 1)}, Fraction(0, 1), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, cast

from ...core.conflict import consistent_tally
from ...core.posterior import Posterior
from ...core.speech import Speech
from .engines import find_engine
from .model import OnuwKnowledge, knowledge_of
from .record import DealRecord
from .rules import Seat

Table = Mapping[Any, Mapping[str, Fraction]]
"""For each slot (or seat), the chance of each card (or team), sorted, zero ones left out."""


@dataclass(frozen=True)
class OnuwPosterior(Posterior):
    """The exact posterior of a deal record's viewpoint, with every contract output."""

    @property
    def onuw(self) -> OnuwKnowledge:
        """The knowledge, as ONUW's."""
        knowledge = self.knowledge
        if not isinstance(knowledge, OnuwKnowledge):
            raise TypeError("an ONUW posterior needs an ONUW knowledge")
        return knowledge

    @property
    def worlds(self) -> int:
        """The number of worlds (a distinct deal × night choices) of non-zero weight."""
        return self.tally.deals

    def _exact(self, query: str) -> dict[Hashable, Fraction]:
        return {key: Fraction(p) for key, p in self.chances(query).items()}

    def _table(self, query: str, keys: tuple[Any, ...]) -> Table:
        table: dict[Any, dict[str, Fraction]] = {key: {} for key in keys}
        pairs = ((cast("tuple[Any, str]", pair), p) for pair, p in self._exact(query).items())
        for (key, value), p in sorted(pairs):
            table[key][value] = p
        return table

    @cached_property
    def dawn(self) -> Table:
        """Each slot's card at dawn."""
        return self._table("dawn", self.onuw.layout.slots)

    @cached_property
    def dealt(self) -> Table:
        """Each slot's dealt card."""
        return self._table("dealt", self.onuw.layout.slots)

    @cached_property
    def team(self) -> Table:
        """Each seat's team at dawn."""
        return self._table("team", self.onuw.layout.seats)

    @property
    def no_werewolf(self) -> Fraction:
        """The chance that no player holds a werewolf at dawn."""
        return self._exact("no_werewolf").get(True, Fraction(0))

    @cached_property
    def lying(self) -> Mapping[Seat, Fraction]:
        """Each claimer's chance to lie (its claim false)."""
        lying = self._exact("lying")
        return {claim.seat: lying.get(claim.seat, Fraction(0)) for claim in self.onuw.claims}

    @cached_property
    def win_if(self) -> Mapping[Seat | None, Fraction] | None:
        """By the seat that dies alone (``None``: nobody), the viewpoint's chance to win;
        ``None`` without a viewpoint."""
        if self.onuw.viewpoint is None:
            return None
        wins = self._exact("win_if")
        return {dies: wins.get(dies, Fraction(0)) for dies in self.onuw.deaths}

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of ``solve`` (probabilities as floats, zero entries of
        the tables left out), and the speech model it was read by."""
        name = self.onuw.layout.name

        def floats(table: Table) -> dict[str, dict[str, float]]:
            return {name(key): {c: float(p) for c, p in d.items()} for key, d in table.items()}

        out: dict[str, Any] = {
            "consistent": True,
            "worlds": self.worlds,
            "dawn": floats(self.dawn),
            "dealt": floats(self.dealt),
            "team": floats(self.team),
            "no_werewolf": float(self.no_werewolf),
            "lying": {str(seat): float(p) for seat, p in self.lying.items()},
        }
        if self.win_if is not None:
            out["win_if"] = {
                "nobody" if dies is None else str(dies): float(p) for dies, p in self.win_if.items()
            }
        return {**out, "speech": self.speech}

    @property
    def speech(self) -> Speech:
        """The speech model the claims were weighed by."""
        return self.onuw.speech


def posterior_of(knowledge: OnuwKnowledge, engine: str | None = None) -> OnuwPosterior:
    """The engine's posterior of a knowledge; raises
    :class:`~wooolf_solver.core.errors.InconsistentRecordError` with a minimal conflict
    when no world fits."""
    return OnuwPosterior(knowledge, consistent_tally(knowledge, find_engine(engine)))


def solve(record: DealRecord, engine: str | None = None) -> OnuwPosterior:
    """The exact posterior of ``record``'s viewpoint (the public's without one)."""
    return posterior_of(knowledge_of(record), engine)


__all__ = ["OnuwPosterior", "Table", "posterior_of", "solve"]
