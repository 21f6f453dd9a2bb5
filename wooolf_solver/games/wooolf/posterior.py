"""The posterior: who can be what, the certain facts, and the declarations.

>>> from wooolf_solver import Fact, Round, solve
>>> posterior = solve(Round.from_dict({"game": "wooolf", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 2, "peek": 6, "sees": "wolf"},
...                {"seat": 5, "peek": 1, "says": "wolf"}]}))
>>> posterior.roles[5]
{'shepherd': 1.0}
>>> Fact(6, "wolf", True) in posterior.certain
True
>>> posterior.declarations()[0].targets[0]
6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import product
from operator import itemgetter
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.arguments import count_argument, seats_argument
from ...core.posterior import Posterior
from ...core.tally import Weight
from ...core.words import NOBODY
from ...engines.lattice import EXACT_LIMIT, FloatArray
from .model import Decision, RoundKnowledge
from .rules import Seat


@dataclass(frozen=True)
class Declaration:
    """A declaration (one pointer per target, ``0`` for nobody) and its chance."""

    targets: tuple[Seat, ...]
    probability: float
    certain: bool = False
    """Right in every consistent world (then ``probability`` is exactly 1)."""

    def to_dict(self) -> dict[str, Any]:
        return {"targets": list(self.targets), "probability": self.probability}


@dataclass(frozen=True, repr=False)
class RoundPosterior(Posterior):
    """A round's posterior: the roles, the certain facts, and the declarations."""

    knowledge: RoundKnowledge

    def declarations(self, at_least: int = 5) -> list[Declaration]:
        """The viewpoint's declarations, best first (ties: smaller targets first):
        every one with non-zero probability, and at least ``at_least``.
        Empty without a viewpoint whose hand is known."""
        count_argument(at_least, "at_least")
        if not self.knowledge.targets:
            return []
        return self.table.ranked(self.weights, at_least)

    def best_declaration(self) -> Declaration | None:
        """The first of :meth:`declarations` (``None`` without targets).

        >>> from wooolf_solver import Round, solve
        >>> posterior = solve(Round.load("examples/worked-example.yaml"))
        >>> posterior.best_declaration() == posterior.declarations()[0]
        True
        """
        if not self.knowledge.targets:
            return None
        return self.table.top(self.weights)

    def declaration(self, targets: Sequence[Seat]) -> Declaration:
        """The declaration with these pointers and its chance (0 for pointers that
        are no declaration of the viewpoint's).

        >>> from wooolf_solver import Round, solve
        >>> posterior = solve(Round.load("examples/worked-example.yaml"))
        >>> best = posterior.declarations()[0]
        >>> posterior.declaration(best.targets) == best
        True
        """
        targets = seats_argument(targets, "targets")
        if not self.knowledge.targets:
            return Declaration(targets, 0.0)
        return self.table.declaration(targets, self.weights)

    @cached_property
    def table(self) -> DeclarationTable:
        """Which declarations are right for which values of the decision."""
        return DeclarationTable.of(self.knowledge, tuple(self.tally.decision))

    @cached_property
    def weights(self) -> FloatArray:
        """The weight of each value of the decision (in the order of :attr:`table`)."""
        return np.array(list(self.tally.decision.values()), dtype=np.float64)

    @property
    def certain_declaration(self) -> bool:
        """Whether some declaration is right in every consistent world (then the best
        one is certain): for every target, a seat other than the viewpoint holds it
        in every world, or nobody holds it in any.

        >>> from wooolf_solver import Round, solve
        >>> posterior = solve(Round.load("examples/worked-example.yaml"))
        >>> posterior.certain_declaration, posterior.declarations(at_least=1)[0].certain
        (False, False)
        """
        values = [d for d, weight in self.tally.decision.items() if weight > 0]
        return certain_of(self.knowledge, values)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``solve``, with the declarations when there are targets."""
        result = super().to_dict()
        if self.knowledge.targets:
            result["declarations"] = [d.to_dict() for d in self.declarations()]
        return result


def _by_pointers(
    first: npt.NDArray[Any], held: Sequence[npt.NDArray[np.bool_]]
) -> npt.NDArray[Any]:
    """``first`` (one row over the decision values) times each target's pointers in
    turn: a row per candidate of those targets, in the candidates' order (the first
    target's pointer first); booleans stay booleans (a candidate right when each of
    its pointers is), weights become each candidate's weights where it is right."""
    for table in held:
        first = (first[:, None, :] * table[None, :, :]).reshape(-1, first.shape[-1])
    return first


@lru_cache(maxsize=64)
def _candidates(pointers: tuple[Seat, ...], targets: int) -> tuple[tuple[Seat, ...], ...]:
    """Every declaration: one pointer per target."""
    return tuple(product(pointers, repeat=targets))


@lru_cache(maxsize=256)
def _index(candidates: tuple[tuple[Seat, ...], ...]) -> dict[tuple[Seat, ...], int]:
    """Every declaration's position among the candidates."""
    return {targets: index for index, targets in enumerate(candidates)}


@lru_cache(maxsize=4096)
def _mask(holders: frozenset[Seat]) -> int:
    """A set of seats as a bit mask (seat ``s`` is bit ``s``)."""
    return sum(1 << seat for seat in holders)


def certain_by_roles(knowledge: RoundKnowledge, roles: Mapping[Seat, Mapping[str, Weight]]) -> bool:
    """:func:`certain_of`, from every seat's identity weights (of every consistent
    world; none when there is none), by :func:`certain_by_holders`.

    >>> from wooolf_solver import Round, solve
    >>> posterior = solve(Round.load("examples/worked-example.yaml"))
    >>> certain_by_roles(posterior.knowledge, posterior.tally.roles)
    False
    """
    if not knowledge.targets or not roles:
        return False
    holds = {
        seat: [
            (named.get(target, 0) > 0, any(w != 0 for name, w in named.items() if name != target))
            for target in knowledge.targets
        ]
        for seat, named in roles.items()
    }
    return certain_by_holders(knowledge, holds)


def certain_by_holders(
    knowledge: RoundKnowledge, holds: Mapping[Seat, Sequence[tuple[bool, bool]]]
) -> bool:
    """:func:`certain_of`, from whether each seat may hold each target and whether it
    may hold another identity (``holds[seat][t]``, over every consistent world): a
    seat holds a target in every world when it may hold no other identity, and
    nobody holds it in any when no seat may. A declaration is right when each
    pointer is, so it is right in every world when each of its pointers is.

    >>> from wooolf_solver import Round
    >>> from wooolf_solver.games.wooolf.model import knowledge_of
    >>> knowledge = knowledge_of(Round.load("examples/worked-example.yaml"))
    >>> knowledge.viewpoint, knowledge.targets
    (2, ('wolf', 'hound'))
    >>> certain_by_holders(knowledge, {5: [(True, False), (False, True)]})  # 5: the wolf
    True
    >>> certain_by_holders(knowledge, {5: [(True, True), (False, True)]})  # or not
    False
    """
    for t in range(len(knowledge.targets)):
        holding = [seat for seat, each in holds.items() if each[t][0]]
        always = [seat for seat in holding if seat != knowledge.viewpoint and not holds[seat][t][1]]
        if holding and not always:
            return False
    return True


def certain_of(knowledge: RoundKnowledge, values: Sequence[Decision]) -> bool:
    """Whether some declaration is right for every one of these decision values
    (those of non-zero weight): for every target, a seat other than the viewpoint
    holds it in every value, or nobody holds it in any."""
    if not knowledge.targets or not values:
        return False
    for t in range(len(knowledge.targets)):
        always = frozenset.intersection(*(d[t] for d in values)) - {knowledge.viewpoint}
        if not always and any(d[t] for d in values):
            return False
    return True


@dataclass(frozen=True, eq=False)
class DeclarationTable:
    """Which declarations are right for which values of the decision.

    ``right[i, k]`` is true when declaration ``candidates[i]`` is right in a world
    whose decision is ``decisions[k]``; the chance of every declaration under any
    weighting of the decisions is then one matrix product.
    """

    targets: tuple[str, ...]
    candidates: tuple[tuple[Seat, ...], ...]
    decisions: tuple[Decision, ...]
    held: tuple[npt.NDArray[np.bool_], ...] = field(repr=False, compare=False)
    """For each target, whether each pointer is right for each decision value (as
    :meth:`with_holders` gives them; a candidate is right when each of its pointers is)."""

    @cached_property
    def right(self) -> npt.NDArray[np.bool_]:
        """Whether each candidate is right for each decision value (candidate × value)."""
        return _by_pointers(np.ones((1, len(self.decisions)), dtype=bool), self.held)

    @cached_property
    def ones(self) -> FloatArray:
        """``right`` as 0.0 and 1.0, for matrix products."""
        return self.right.astype(np.float64)

    @classmethod
    def of(cls, knowledge: RoundKnowledge, decisions: tuple[Decision, ...]) -> DeclarationTable:
        """Every declaration the viewpoint can make: one pointer per target, each at
        another seat or at nobody (``0``)."""
        return cls.with_holders(knowledge, decisions)[0]

    @classmethod
    def with_holders(
        cls, knowledge: RoundKnowledge, decisions: tuple[Decision, ...]
    ) -> tuple[DeclarationTable, list[npt.NDArray[np.bool_]]]:
        """The table, and for each target whether each pointer is right for each
        decision value (``held[t][pointer, k]``), built with array operations: each
        target's holders as a bit mask per decision value."""
        pointers = (NOBODY, *(seat for seat in knowledge.seats if seat != knowledge.viewpoint))
        targets = knowledge.targets
        candidates = _candidates(pointers, len(targets))
        seat_of = np.array(pointers, dtype=np.int64)[:, None]
        small = knowledge.seats[-1] < 63  # masks fit in int64
        held_all = []
        for t in range(len(targets)):
            found = map(_mask, map(itemgetter(t), decisions))
            if small:
                masks = np.fromiter(found, dtype=np.int64, count=len(decisions))
            else:
                masks = np.array(list(found), dtype=object)
            held = (masks[None, :] >> seat_of) & 1 == 1  # the pointer's seat holds it
            held[0] = masks == 0  # "nobody" is right when nobody holds it
            held_all.append(np.asarray(held, dtype=bool))
        return cls(targets, candidates, decisions, tuple(held_all)), held_all

    def ranked(self, weights: FloatArray, at_least: int = 5) -> list[Declaration]:
        """The declarations under these decision weights, best first (ties: smaller
        targets first): all with non-zero probability, and at least ``at_least``."""
        chances, certain = self._chances(weights)
        # the candidates come in the order of their pointers: a stable sort keeps it
        order = np.argsort(-chances, kind="stable")
        keep = max(int(np.count_nonzero(chances)), at_least)
        return [
            Declaration(self.candidates[i], chance, sure)
            for i, chance, sure in zip(
                order[:keep].tolist(),
                chances[order[:keep]].tolist(),
                certain[order[:keep]].tolist(),
                strict=True,
            )
        ]

    def declaration(self, targets: tuple[Seat, ...], weights: FloatArray) -> Declaration:
        """The declaration with these pointers under these decision weights, as
        :meth:`ranked` gives it (chance 0 when it is none of the candidates)."""
        index = _index(self.candidates).get(targets)
        if index is None:
            return Declaration(targets, 0.0)
        chances, certain = self._chances(weights)
        return Declaration(targets, float(chances[index]), bool(certain[index]))

    def top(self, weights: FloatArray) -> Declaration:
        """The first of :meth:`ranked` (the first best chance: the smallest targets)."""
        chances, certain = self._chances(weights)
        best = int(np.argmax(chances))
        return Declaration(self.candidates[best], float(chances[best]), bool(certain[best]))

    def _chances(self, weights: FloatArray) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
        """Every declaration's chance under these decision weights, and whether it is
        certain (then its chance is exactly 1). Whole weights below 2**53 (every
        engine's, but for a designer deck's biggest) add up exactly in any order: then
        each declaration's weight is read off the pointers' tables (:meth:`_exact_mass`)
        and it is certain when it holds all the weight; otherwise the table's product
        and each pointer's check, as before."""
        total = float(weights.sum())
        if 0 < total < EXACT_LIMIT and np.array_equal(weights, np.floor(weights)):
            mass = self._exact_mass(weights)
            return mass / total, mass == total
        certain = self._certain(weights > 0)
        chances = (self.ones @ weights) / total
        chances[certain] = 1.0
        return chances, certain

    def _exact_mass(self, weights: FloatArray) -> FloatArray:
        """Each declaration's weight of being right, one target's pointers at a time
        (the candidates' order) and the last target's by one product: ``ones @
        weights`` without the table, to the last bit for exact sums."""
        if not self.held:
            return np.array([weights.sum()])
        mass = _by_pointers(weights[None, :], self.held[:-1])
        return np.asarray(np.einsum("cv,pv->cp", mass, self.held[-1]).ravel())

    def _certain(self, live: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """Whether each declaration is right for every ``live`` decision value: each of
        its pointers is (one target's pointers at a time)."""
        certain = np.ones(1, dtype=bool)
        for held in self.held:  # the candidates' order: the first target's pointer first
            always = np.all(held[:, live], axis=1)
            certain = (certain[:, None] & always[None, :]).ravel()
        return certain

    def mass_rows(self, weights: FloatArray) -> FloatArray:
        """Each declaration's weight of being right under each row of ``weights``
        (outcome, decision value), by row."""
        # (einsum, not BLAS: threaded BLAS stalls on these small products when busy)
        return np.asarray(np.einsum("ov,cv->oc", weights, self.ones), dtype=np.float64)

    def tops(self, mass: FloatArray, weights: FloatArray) -> list[Declaration]:
        """The best declaration (ties: smaller targets first, as :meth:`ranked`) under
        each row of ``weights`` (of non-zero weight), from its ``mass`` (the rows of
        :meth:`mass_rows`)."""
        rows = np.arange(len(mass))
        best = np.argmax(mass, axis=1)  # the first of equal masses, as ``top``
        sure = ~(~self.right[best] & (weights > 0)).any(axis=1)
        chances = mass[rows, best] / weights.sum(axis=1)
        return [
            Declaration(self.candidates[top], 1.0 if certain else float(chance), bool(certain))
            for top, certain, chance in zip(best.tolist(), sure.tolist(), chances, strict=True)
        ]

    def best(self, weights: FloatArray) -> FloatArray:
        """For each column of ``weights`` (decision values × outcomes), the weight of
        the best declaration."""
        return np.asarray((self.ones @ weights).max(axis=0))
