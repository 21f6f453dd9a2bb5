"""Werewolf's one answer: :class:`WerewolfPosterior`, read exactly off any engine's tally
(every seat's roles, and the ``lying`` query: whose last claim is false), with the lynch
advice for the viewpoint's own team (:mod:`.ballots`), the one place it is ranked.

Chances are exact fractions; :meth:`WerewolfPosterior.to_dict` alone gives floats.

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 3,
...     "roles": {"werewolf": 1, "villager": 1, "seer": 1}, "viewpoint": 1, "cards": {1: "seer"},
...     "events": [{"night": 1}, {"seat": 1, "checks": 2, "sees": "villager"}]})
>>> posterior = solve(record)
>>> posterior.worlds, posterior.werewolf[3], posterior.lynch
(1, Fraction(1, 1), [(3, Fraction(1, 1)), (2, Fraction(0, 1))])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import factorial, prod
from typing import Any

from ...core.conflict import consistent_tally
from ...core.posterior import Posterior
from ...core.tally import Engine
from .ballots import goal_of, ranked, score
from .engines.counter import CountingEngine
from .model import LYING, WerewolfKnowledge, knowledge_of
from .record import GameRecord
from .rules import WEREWOLF, Seat, Team


@dataclass(frozen=True)
class WerewolfPosterior(Posterior):
    """The exact posterior of a Werewolf knowledge; ``to_dict`` is the spec's ``solve``
    JSON."""

    @property
    def werewolf_knowledge(self) -> WerewolfKnowledge:
        if not isinstance(self.knowledge, WerewolfKnowledge):
            raise TypeError("a Werewolf posterior needs a Werewolf knowledge")
        return self.knowledge

    @property
    def worlds(self) -> int:
        """The worlds (role assignments with the latent choices) of non-zero weight:
        every world stands for the same number of physical deals."""
        per_world = prod(factorial(n) for _, n in self.knowledge.space.cards)
        return self.tally.deals // per_world

    @cached_property
    def exact(self) -> dict[Seat, dict[str, Fraction]]:
        """For every seat, the exact chance of each role it may play (alphabetical)."""
        total = Fraction(self.tally.total)
        return {
            seat: {
                role: Fraction(w) / total
                for role, w in sorted(self.tally.roles.get(seat, {}).items())
                if w
            }
            for seat in self.knowledge.seats
        }

    @cached_property
    def roles(self) -> dict[Seat, dict[str, float]]:
        """:attr:`exact` in floats."""
        return {seat: {r: float(p) for r, p in by.items()} for seat, by in self.exact.items()}

    @cached_property
    def werewolf(self) -> dict[Seat, Fraction]:
        """P(seat is a werewolf), for every seat."""
        return {seat: roles.get(WEREWOLF, Fraction(0)) for seat, roles in self.exact.items()}

    @cached_property
    def lying(self) -> dict[Seat, Fraction]:
        """P(claim false), per claiming seat (its last claim)."""
        chances = self.chances(LYING)
        claims = self.werewolf_knowledge.last_claims
        return {seat: Fraction(chances.get(seat, 0)) for seat in claims}

    @cached_property
    def goal(self) -> Team:
        """The team whose goal the viewpoint's ballots follow (the public's: the village)."""
        knowledge = self.werewolf_knowledge
        return goal_of(self.exact, knowledge.viewpoint, knowledge.rules)

    def score(self, seat: Seat) -> Fraction:
        """A ballot for ``seat``'s score for :attr:`goal` (:func:`.ballots.score`)."""
        return score(self.exact[seat], self.goal, self.werewolf_knowledge.rules)

    def ballots(self, seats: Iterable[Seat]) -> list[tuple[Seat, Fraction]]:
        """``seats`` with their scores for :attr:`goal`, the best ballot first."""
        return ranked(self.exact, seats, self.goal, self.werewolf_knowledge.rules)

    @cached_property
    def lynch(self) -> list[tuple[Seat, Fraction]]:
        """The living seats other than the viewpoint, the best ballot for its team first,
        with their scores (for the village: P(werewolf))."""
        knowledge = self.werewolf_knowledge
        return self.ballots(seat for seat in knowledge.living if seat != knowledge.viewpoint)

    def answers(self) -> dict[str, Any]:
        """The ``solve`` JSON object with its chances exact; a lynch advised to a
        viewpoint not of the village gives each seat's ``worth``."""
        village = self.goal == "village"
        return {
            "consistent": True,
            "worlds": self.worlds,
            "roles": {str(seat): roles for seat, roles in self.exact.items()},
            "werewolf": {str(seat): p for seat, p in self.werewolf.items()},
            "lying": {str(seat): p for seat, p in self.lying.items()},
            "lynch": [
                {"seat": seat, "werewolf": self.werewolf[seat]}
                | ({} if village else {"worth": worth})
                for seat, worth in self.lynch
            ],
            "speech": self.werewolf_knowledge.speech,
        }

    def to_dict(self) -> dict[str, Any]:
        """The spec's ``solve --json`` object: :meth:`answers` in floats."""
        answers: dict[str, Any] = floats(self.answers())
        return answers


def floats(value: Any) -> Any:
    """``value`` with every fraction in it a float.

    >>> floats({"a": [Fraction(1, 4), 2]})
    {'a': [0.25, 2]}
    """
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, dict):
        return {key: floats(item) for key, item in value.items()}
    if isinstance(value, list):
        return [floats(item) for item in value]
    return value


def solve(record: GameRecord, engine: Engine | None = None) -> WerewolfPosterior:
    """The posterior of a record's viewpoint by ``engine`` (by default the counter);
    raises :class:`~wooolf_solver.core.errors.InconsistentRecordError` when no world is
    consistent."""
    return solve_knowledge(knowledge_of(record), engine)


def solve_knowledge(
    knowledge: WerewolfKnowledge, engine: Engine | None = None
) -> WerewolfPosterior:
    """:func:`solve` for a compiled knowledge."""
    return WerewolfPosterior(knowledge, consistent_tally(knowledge, engine or CountingEngine()))


def known(record: GameRecord) -> WerewolfPosterior | None:
    """The counter's posterior of a record's viewpoint, or ``None`` when no world is
    consistent (no conflict searched: for the bots, the review and the lab)."""
    knowledge = knowledge_of(record)
    tally = CountingEngine().tally(knowledge)
    return WerewolfPosterior(knowledge, tally) if tally.deals else None


__all__ = ["WerewolfPosterior", "floats", "known", "solve", "solve_knowledge"]
