"""The reference the Werewolf tests check against: the generic brute force
(:mod:`wooolf_solver.engines.brute`), every world enumerated and weighed exactly, read by
the game's one posterior."""

from __future__ import annotations

from typing import Any

from wooolf_solver.core.errors import EventId, InconsistentRecordError
from wooolf_solver.core.space import World
from wooolf_solver.engines import get_engine
from wooolf_solver.games.werewolf import GAME, posterior
from wooolf_solver.games.werewolf.model import WerewolfKnowledge, knowledge_of
from wooolf_solver.games.werewolf.posterior import WerewolfPosterior
from wooolf_solver.games.werewolf.record import GameRecord

BRUTE = get_engine("brute")


def solve(record: GameRecord) -> WerewolfPosterior:
    """The record's exact posterior, by brute force."""
    return posterior.solve(record, BRUTE)


def solve_by(record: GameRecord, engine: str) -> WerewolfPosterior:
    """The record's exact posterior, by the game's engine named ``engine``."""
    return posterior.solve(record, GAME.engine(engine))


def answers(record: GameRecord, engine: str = "brute") -> dict[str, Any] | None:
    """The exact answers of ``engine`` (:meth:`WerewolfPosterior.answers`); ``None``
    when no world is consistent (no conflict searched)."""
    knowledge, found = knowledge_of(record), GAME.engine(engine)
    if not found.consistent(knowledge):
        return None
    return WerewolfPosterior(knowledge, found.tally(knowledge)).answers()


def solve_knowledge(knowledge: WerewolfKnowledge) -> WerewolfPosterior:
    """A knowledge's exact posterior, by brute force."""
    return posterior.solve_knowledge(knowledge, BRUTE)


def consistent(knowledge: WerewolfKnowledge) -> bool:
    """Whether some world of the knowledge has a non-zero weight."""
    return BRUTE.consistent(knowledge)


def conflict(record: GameRecord) -> tuple[EventId, ...]:
    """The minimal conflict ``solve`` names for an inconsistent record."""
    try:
        posterior.solve(record, BRUTE)
    except InconsistentRecordError as error:
        return error.conflict
    raise AssertionError("the record is consistent")


def weight(knowledge: WerewolfKnowledge, world: World) -> int:
    """A world's number of physical deals times its observations' likelihoods."""
    return knowledge.space.multiplicity(world) * knowledge.likelihood(world)


__all__ = ["answers", "conflict", "consistent", "solve", "solve_by", "solve_knowledge", "weight"]
