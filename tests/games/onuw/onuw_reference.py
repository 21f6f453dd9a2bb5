"""What the ONUW tests compare: a record's answers by one engine, exact.

:func:`solved` is an engine's whole answer to a record (or a knowledge): its worlds,
roles and named queries as exact chances (:func:`~wooolf_solver.games.onuw.engines.answers`),
or, when no world fits, the shared conflict rule's minimal set of events. Two engines
agree on a record when their answers are equal; ``brute`` is the generic brute force.
"""

from __future__ import annotations

from typing import Any

from wooolf_solver.core.conflict import minimal_conflict
from wooolf_solver.games.onuw.engines import answers, find_engine
from wooolf_solver.games.onuw.model import OnuwKnowledge, knowledge_of
from wooolf_solver.games.onuw.posterior import OnuwPosterior
from wooolf_solver.games.onuw.record import DealRecord


def solved(
    source: DealRecord | OnuwKnowledge, engine: str = "brute", json: bool = False
) -> dict[str, Any]:
    """``engine``'s exact answers to ``source`` (``consistent`` false: its conflict);
    with ``json``, also the contract's JSON of its posterior (``"json"``)."""
    knowledge = source if isinstance(source, OnuwKnowledge) else knowledge_of(source)
    finder = find_engine(engine)
    tally = finder.tally(knowledge)
    if not tally.deals:
        return {"consistent": False, "conflict": minimal_conflict(knowledge, finder)}
    found = {"consistent": True, **answers(tally)}
    if json:
        found["json"] = OnuwPosterior(knowledge, tally).to_dict()
    return found


def consistent(source: DealRecord | OnuwKnowledge, engine: str = "brute") -> bool:
    """Whether some world of ``source`` has a non-zero weight, by ``engine``."""
    knowledge = source if isinstance(source, OnuwKnowledge) else knowledge_of(source)
    return find_engine(engine).consistent(knowledge)
