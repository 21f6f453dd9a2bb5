"""A reference engine on python-constraint: one variable per free seat, valued in hands.

A free seat's domain is every hand the free cards allow; one constraint deals every
free card exactly, and one constraint per observation, over the free seats it
involves, holds exactly when the observation's likelihood numerator is non-zero.
``tally`` enumerates the solutions (the type-level deals of non-zero weight) into a
:class:`~wooolf_solver.engines.base.WorldTally`.

>>> from wooolf_solver.record import Round
>>> from wooolf_solver.knowledge import knowledge_of
>>> knowledge = knowledge_of(Round.from_dict({"game": "wooolf", "players": 4,
...     "viewpoint": 1, "hands": {1: ["wolf", "sheep"], 2: ["hound", "sheep"]},
...     "events": [{"seat": 3, "peek": 5, "says": "hunter"}]}))
>>> len(hand_types(knowledge))
11
>>> engine = ConstraintEngine()
>>> engine.tally(knowledge).deals, engine.consistent(knowledge)
(18, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from ..knowledge import Announced, Knowledge, Observation
from ..rules import Card, Hand, Seat
from .base import Tally, WorldTally


def hand_types(knowledge: Knowledge) -> tuple[Hand, ...]:
    """Every hand (a sorted tuple of cards) the free cards can make, copies allowing."""
    copies = dict(knowledge.free_cards)
    return tuple(
        hand
        for hand in combinations_with_replacement(copies, knowledge.game.hand_size)
        if all(count <= copies[card] for card, count in Counter(hand).items())
    )


class ConstraintEngine:
    """Solves the knowledge's constraint problem with python-constraint's
    backtracking search (with forward checking)."""

    name: ClassVar[str] = "csp"

    def tally(self, knowledge: Knowledge) -> Tally:
        worlds = WorldTally(knowledge)
        for hands in self.worlds(knowledge):
            worlds.add(hands)
        return worlds.result()

    def worlds(self, knowledge: Knowledge) -> Iterator[dict[Seat, Hand]]:
        """Every type-level deal with non-zero weight, once each."""
        problem = _problem(knowledge)
        if problem is None:
            return
        if not knowledge.free_seats:  # nothing to solve: the known hands are the world
            yield {}
            return
        for solution in problem.getSolutionIter():
            yield {seat: solution[seat] for seat in knowledge.free_seats}

    def consistent(self, knowledge: Knowledge) -> bool:
        problem = _problem(knowledge)
        if problem is None:
            return False
        return not knowledge.free_seats or problem.getSolution() is not None


def _problem(knowledge: Knowledge) -> Any:
    """The constraint problem of the knowledge's worlds, or ``None`` when an
    observation about known hands only already fails."""
    from constraint import FunctionConstraint, Problem  # noqa: PLC0415 (imported on use)

    problem = Problem()
    seats = knowledge.free_seats
    if seats:
        problem.addVariables(seats, list(hand_types(knowledge)))
        problem.addConstraint(
            FunctionConstraint(_dealing(dict(knowledge.free_cards)), assigned=False), seats
        )
    for observation in knowledge.observations:
        involved = [seat for seat in _involved(observation) if seat not in knowledge.hands]
        holds = _holds(knowledge, observation, involved)
        if not involved:
            if not holds():
                return None
            continue
        problem.addConstraint(FunctionConstraint(holds), involved)
    return problem


def _involved(observation: Observation) -> tuple[Seat, ...]:
    """The seats whose hands the observation's likelihood depends on."""
    if isinstance(observation, Announced):
        return (observation.peeker, observation.target)
    return (observation.target,)


def _holds(
    knowledge: Knowledge, observation: Observation, seats: list[Seat]
) -> Callable[..., bool]:
    """The observation as a predicate on the hands of ``seats``."""

    def holds(*hands: Hand) -> bool:
        world = {**knowledge.hands, **dict(zip(seats, hands, strict=True))}
        return knowledge.likelihood(observation, world) > 0

    return holds


def _dealing(copies: Mapping[Card, int]) -> Callable[..., bool]:
    """Every free card dealt exactly, as a predicate on the free seats' hands; on a
    partial deal (some seats unassigned), no card dealt beyond its copies."""
    deck = Counter(copies)

    def dealt(*hands: object) -> bool:
        used: Counter[Card] = Counter()
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
