"""A reference engine on python-constraint: one variable per free slot and choice.

A free slot's domain is every hand the free cards allow, a choice's its values; one
constraint deals every free card exactly, and one constraint per observation, over
the free variables it reads, holds exactly when its likelihood is non-zero.
``tally`` enumerates the solutions (the worlds of non-zero weight) into a
:class:`~wooolf_solver.engines.base.WorldTally`.

>>> from wooolf_solver.api import game_of
>>> game, record = game_of("examples/worked-example.yaml")
>>> knowledge = game.knowledge(record)
>>> engine = ConstraintEngine()
>>> engine.tally(knowledge).deals, engine.consistent(knowledge)
(1560, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from ..core.knowledge import Knowledge, Observation
from ..core.space import Var
from .base import Tally, WorldTally


class ConstraintEngine:
    """Solves the knowledge's constraint problem with python-constraint's
    backtracking search (with forward checking)."""

    name: ClassVar[str] = "csp"

    def tally(self, knowledge: Knowledge) -> Tally:
        worlds = WorldTally(knowledge)
        for world in self.worlds(knowledge):
            worlds.add(world)
        return worlds.result()

    def worlds(self, knowledge: Knowledge) -> Iterator[dict[Var, Any]]:
        """Every world with non-zero weight, once each."""
        problem = _problem(knowledge)
        if problem is None:
            return
        known = knowledge.space.known
        if not knowledge.space.variables:  # nothing to solve: the known slots are the world
            yield dict(known)
            return
        for solution in problem.getSolutionIter():
            yield {**known, **solution}

    def consistent(self, knowledge: Knowledge) -> bool:
        problem = _problem(knowledge)
        if problem is None:
            return False
        return not knowledge.space.variables or problem.getSolution() is not None


def _problem(knowledge: Knowledge) -> Any:
    """The constraint problem of the knowledge's worlds, or ``None`` when an
    observation about known slots only already fails."""
    from constraint import FunctionConstraint, Problem  # noqa: PLC0415 (imported on use)

    problem = Problem()
    space = knowledge.space
    for variable in space.variables:
        problem.addVariable(variable, list(space.domain(variable)))
    if space.slots:
        problem.addConstraint(
            FunctionConstraint(_dealing(dict(space.cards)), assigned=False), space.slots
        )
    free = set(space.variables)
    for observation in knowledge.observations:
        involved = [variable for variable in observation.scope() if variable in free]
        holds = _holds(space.known, observation, involved)
        if not involved:
            if not holds():
                return None
            continue
        problem.addConstraint(FunctionConstraint(holds), involved)
    return problem


def _holds(
    known: Mapping[Var, Any], observation: Observation, variables: list[Var]
) -> Callable[..., bool]:
    """The observation as a predicate on the values of ``variables``."""

    def holds(*values: Any) -> bool:
        world = {**known, **dict(zip(variables, values, strict=True))}
        return observation.likelihood(world) > 0

    return holds


def _dealing(copies: Mapping[Any, int]) -> Callable[..., bool]:
    """Every free card dealt exactly, as a predicate on the free slots' hands; on a
    partial deal (some slots unassigned), no card dealt beyond its copies."""
    deck = Counter(copies)

    def dealt(*hands: object) -> bool:
        used: Counter[Any] = Counter()
        complete = True
        for hand in hands:
            if isinstance(hand, tuple):
                used.update(hand)
            else:
                complete = False
        if complete:
            return used == deck
        return all(count <= deck[card] for card, count in used.items())

    return dealt
