"""A reference engine on OR-Tools CP-SAT: the worlds as a boolean model.

Every free slot has one literal per hand the free cards allow (exactly one holds),
tied to the deck by one linear equation per card kind; every choice has one literal
per value. An observation becomes clauses over the free variables it reads: for each
combination of all but the last of them, the last must take a value the
observation allows (its likelihood is non-zero). ``tally`` enumerates every solution
(a world) into a :class:`~wooolf_solver.engines.base.WorldTally`; the other
questions are single solves.

>>> from wooolf_solver.api import game_of
>>> game, record = game_of("examples/worked-example.yaml")
>>> knowledge = game.knowledge(record)
>>> engine = CpSatEngine()
>>> roles = sorted(game.solve(record).roles[5])
>>> [engine.possible(knowledge, 5, role) for role in (*roles, "nobody's role")]
[True, False]
>>> engine.core(knowledge)
()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import product
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..core.errors import EventId
from ..core.knowledge import Knowledge, Observation, Seat
from ..core.space import Var
from .base import Tally, WorldTally

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
    from ortools.sat.python.cp_model_helper import Literal

    Truth = Literal | bool
    """A model literal, or a truth value the known facts already fix."""

POSSIBLE_EVENT = "possible"
"""The pseudo-event of the role asked about in :meth:`CpSatEngine.possible`."""


class Model(Protocol):
    """A CP-SAT model of a knowledge's worlds, as the engine uses it."""

    @property
    def model(self) -> cp_model.CpModel:
        """The CP-SAT model itself."""
        ...

    @property
    def events(self) -> Mapping[EventId, Any]:
        """The assumption literal of each event (with ``assumptions``)."""
        ...

    def world(self, value: Callable[[Any], int]) -> dict[Var, Any]:
        """The world of a solution (``value`` reads a variable)."""
        ...

    def feasible(self) -> bool:
        """Whether the model has a solution (one solve)."""
        ...


class CpSatEngine:
    """Solves the knowledge's model with CP-SAT (one worker: exact and
    deterministic; OR-Tools enumerates all solutions only with one worker).

    A game may give its own model by overriding :meth:`build`."""

    name: ClassVar[str] = "cpsat"

    def build(self, knowledge: Knowledge, assumptions: bool = False) -> Model:
        """The model of the knowledge's worlds (see :class:`WorldModel`)."""
        return WorldModel(knowledge, assumptions)

    def tally(self, knowledge: Knowledge) -> Tally:
        worlds = WorldTally(knowledge)
        for world in self.worlds(knowledge):
            worlds.add(world)
        return worlds.result()

    def worlds(self, knowledge: Knowledge) -> list[dict[Var, Any]]:
        """Every world with non-zero weight, once each."""
        return every_world(self.build(knowledge))

    def consistent(self, knowledge: Knowledge) -> bool:
        return self.build(knowledge).feasible()

    def possible(self, knowledge: Knowledge, seat: Seat, role: str) -> bool:
        """Whether some consistent world gives ``seat`` the role ``role`` (one solve;
        a fact is certain when its negation is not possible)."""
        negation = knowledge.negation(POSSIBLE_EVENT, seat, role, holds=False)
        return self.consistent(knowledge.extended(negation))

    def core(self, knowledge: Knowledge) -> tuple[EventId, ...]:
        """Events that together cannot hold, for an inconsistent knowledge (``()`` if
        it is consistent): the solver's core over one assumption literal per event.

        Sufficient for the conflict but neither guaranteed minimal nor stable across
        OR-Tools versions, so the reported conflict does not use it: that is
        :func:`~wooolf_solver.core.conflict.minimal_conflict`, the same for every engine.
        """
        model = self.build(knowledge, assumptions=True)
        feasible, solver = solve_model(model.model)
        if feasible:
            return ()
        events = {literal.index: event for event, literal in model.events.items()}
        order = {event: i for i, event in enumerate(knowledge.events)}
        found = (events[i] for i in solver.sufficient_assumptions_for_infeasibility())
        return tuple(sorted(found, key=order.__getitem__))


class WorldModel:
    """The CP-SAT model of a knowledge's worlds (of non-zero weight).

    With ``assumptions``, each observation is enforced only under its event's
    literal (``events``), and the solve assumes every one of them.
    """

    def __init__(self, knowledge: Knowledge, assumptions: bool = False) -> None:
        from ortools.sat.python import cp_model  # noqa: PLC0415

        self.knowledge = knowledge
        self.space = space = knowledge.space
        self.model = model = cp_model.CpModel()
        self.literals: dict[Var, dict[Any, cp_model.IntVar]] = {}
        for variable in space.variables:
            values = {
                value: model.new_bool_var(f"{variable}={value}") for value in space.domain(variable)
            }
            model.add_exactly_one(list(values.values()))
            self.literals[variable] = values
        if space.slots:
            for card, copies in space.cards:
                model.add(
                    cp_model.LinearExpr.weighted_sum(
                        [self.literals[slot][hand] for slot in space.slots for hand in space.hands],
                        [hand.count(card) for _ in space.slots for hand in space.hands],
                    )
                    == copies
                )
        self.events: dict[EventId, Literal] = {}
        for observation in knowledge.observations:
            guard: list[Literal] = []
            if assumptions:
                event = observation.event
                if event not in self.events:
                    self.events[event] = model.new_bool_var(f"event {event}")
                guard.append(self.events[event])
            self._observe(observation, guard)
        if assumptions:
            model.add_assumptions(list(self.events.values()))

    def world(self, value: Callable[[Any], int]) -> dict[Var, Any]:
        """The world of a solution (``value`` reads a literal)."""
        world = dict(self.space.known)
        for variable, values in self.literals.items():
            world[variable] = next(v for v, literal in values.items() if value(literal))
        return world

    def feasible(self) -> bool:
        """Whether the model has a solution (one solve)."""
        return solve_model(self.model)[0]

    def _observe(self, observation: Observation, guard: list[Literal]) -> None:
        """Clauses that allow exactly the worlds where ``observation`` has a non-zero
        likelihood (when every literal of ``guard`` holds)."""
        known = self.space.known
        free = [variable for variable in observation.scope() if variable in self.literals]
        if not free:
            if not observation.likelihood(known):
                self._clause([], guard)
            return
        *leading, last = free
        for values in product(*(self.space.domain(variable) for variable in leading)):
            world = {**known, **dict(zip(leading, values, strict=True))}
            allowed = [
                self.literals[last][value]
                for value in self.space.domain(last)
                if observation.likelihood({**world, last: value})
            ]
            if len(allowed) == len(self.literals[last]):
                continue
            chosen = [self.literals[v][value] for v, value in zip(leading, values, strict=True)]
            self._clause(allowed, [*guard, *chosen])

    def _clause(self, literals: Iterable[Literal], condition: list[Literal]) -> None:
        """At least one of ``literals`` holds when every literal of ``condition`` does."""
        self.model.add_bool_or([*literals, *(~c for c in condition)])


def every_world(model: Model) -> list[dict[Var, Any]]:
    """Every solution of ``model``, as its world (once each)."""
    from ortools.sat.python import cp_model  # noqa: PLC0415

    found: list[dict[Var, Any]] = []

    class Collector(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(model.world(self.value))

    solve_model(model.model, Collector())
    return found


def satisfier() -> cp_model.CpSolver:
    """A CP-SAT solver for a satisfaction model: one worker (deterministic), without the
    symmetry detection, linear relaxation and clause inprocessing that serve optimisation
    and cost more than the search on these models (docs/benchmarks.md)."""
    from ortools.sat.python import cp_model  # noqa: PLC0415

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.symmetry_level = 0
    solver.parameters.linearization_level = 0
    solver.parameters.use_sat_inprocessing = False
    return solver


def solve_model(
    model: cp_model.CpModel, collector: cp_model.CpSolverSolutionCallback | None = None
) -> tuple[bool, cp_model.CpSolver]:
    """Whether ``model`` has a solution, and the solver (:func:`satisfier`); with a
    ``collector``, every solution is passed to it."""
    from ortools.sat.python import cp_model  # noqa: PLC0415

    solver = satisfier()
    if collector is None:
        status = solver.solve(model)
    else:
        solver.parameters.enumerate_all_solutions = True
        status = solver.solve(model, collector)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT stopped with status {status.name}")  # a bug in the model
    return status != cp_model.INFEASIBLE, solver


def negated(truth: Truth) -> Truth:
    """The negation of a literal or a truth value."""
    return (not truth) if isinstance(truth, bool) else ~truth


def conjuncts(truths: Iterable[Truth]) -> list[Literal] | None:
    """The literals of the conjunction of ``truths``, the constants dropped (``None``:
    it is false)."""
    literals: list[Literal] = []
    for truth in truths:
        if truth is False:
            return None
        if not isinstance(truth, bool):
            literals.append(truth)
    return literals


def all_of(model: cp_model.CpModel, truths: Iterable[Truth]) -> Truth:
    """A literal equal to the conjunction of ``truths``, constants folded (no new
    variable for none or one literal)."""
    literals = conjuncts(truths)
    if literals is None:
        return False
    if len(literals) <= 1:
        return literals[0] if literals else True
    conjunction = model.new_bool_var("all")
    model.add_bool_and(literals).only_enforce_if(conjunction)
    model.add_bool_or([~literal for literal in literals]).only_enforce_if(~conjunction)
    return conjunction


def any_of(model: cp_model.CpModel, truths: Iterable[Truth]) -> Truth:
    """A literal equal to the disjunction of ``truths``: not all of them false."""
    return negated(all_of(model, (negated(truth) for truth in truths)))
