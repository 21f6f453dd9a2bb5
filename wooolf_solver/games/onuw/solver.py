"""``solve`` for ONUW: the record's knowledge, solved by an engine, as a posterior.

:class:`OnuwPosterior` is the library's :class:`~wooolf_solver.core.posterior.Posterior`
(each seat's role is its **dawn** card) carrying the contract's whole output, the
engine's :class:`~.brute.Solution`; its ``to_dict()`` is the contract's JSON.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}}})
>>> posterior = solve(record)
>>> posterior.roles[2], posterior.to_dict()["win_if"], posterior.to_dict()["speech"]
({'werewolf': 1.0}, {'2': 1.0, '3': 1.0, 'nobody': 0.0}, 'mimic')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import InconsistentRecordError
from ...core.posterior import Posterior
from ...core.speech import DEFAULT_SPEECH, Speech
from ...engines import Tally
from .brute import Solution
from .engines import find_engine
from .model import OnuwKnowledge, knowledge_of
from .record import DealRecord


@dataclass(frozen=True)
class OnuwPosterior(Posterior):
    """The exact posterior of a deal record's viewpoint, with every contract output."""

    solution: Solution

    @property
    def deals(self) -> int:
        """The number of worlds (deal × night choices) of non-zero weight."""
        return self.solution.worlds

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of ``solve``, and the speech model it was read by."""
        return {**self.solution.to_dict(), "speech": self.speech}

    @property
    def speech(self) -> Speech:
        """The speech model the claims were weighed by."""
        knowledge = self.knowledge
        return knowledge.speech if isinstance(knowledge, OnuwKnowledge) else DEFAULT_SPEECH


def tally_of(knowledge: OnuwKnowledge, solution: Solution) -> Tally:
    """The generic tally of a consistent solution: dawn cards as the seats' roles."""
    roles = {
        seat: {card: float(p) for card, p in solution.dawn[seat].items()}
        for seat in knowledge.seats
    }
    return Tally(solution.worlds, 1.0, roles)


def solution_of(knowledge: OnuwKnowledge, engine: str | None = None) -> Solution:
    """The engine's solution of a knowledge; raises :class:`InconsistentRecordError`
    with a minimal conflict when no world fits."""
    solution = find_engine(engine).solution(knowledge)
    if not solution.consistent:
        raise InconsistentRecordError(solution.conflict)
    return solution


def solve(record: DealRecord, engine: str | None = None) -> OnuwPosterior:
    """The exact posterior of ``record``'s viewpoint (the public's without one)."""
    knowledge = knowledge_of(record)
    solution = solution_of(knowledge, engine)
    return OnuwPosterior(knowledge, tally_of(knowledge, solution), solution)
