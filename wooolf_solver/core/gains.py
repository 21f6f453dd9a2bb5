"""What an action would teach: the information gain of a hint, from exact joint weights.

The viewpoint may take one of several actions; each shows it an *outcome* and leaves a
hidden value ``D`` (its knowledge's :meth:`~.knowledge.Knowledge.decision`) more or less
certain. From the joint weights of (outcome, ``D``) given the action,
``gain_bits = H(D) − Σ_o P(o) · H(D | o)``.

The weights come from any engine's one tally (:func:`joints`: the action and the outcome
read from each world, counted as the decision of :class:`ByOutcome`), or from a game's
own engine that counts up to symmetry: then a key of ``D`` may stand for several values
that weigh the same, its *multiplicity* (a set of seats for every set of its orbit).

>>> found = information({"yes": {"a": 1, "b": 1}, "no": {"c": 2}})
>>> found.gain_bits, found.before_bits, dict(found.chances)
(1.0, 1.5, {'yes': Fraction(1, 2), 'no': Fraction(1, 2)})
>>> information({"x": {"orbit of 4": 1}}, multiplicity=lambda key: 4).before_bits
2.0

Every game's hint ranks its options by one rule (:func:`ranked`): the gains compared
after rounding to :data:`DIGITS` digits, equal gains in an order the game states.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import log2
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

from .knowledge import Knowledge, Observation, Seat
from .space import Space, Var, World
from .tally import Engine, Weight

A = TypeVar("A", bound=Hashable)
"""An action."""
Seen = TypeVar("Seen", bound=Hashable)
"""An outcome: what the action shows."""
K = TypeVar("K", bound=Hashable)
"""A key of ``D``."""
Joint = Mapping[Seen, Mapping[K, Weight]]
"""For each outcome, the weight of each key of ``D`` (exact, unnormalized)."""
Option = TypeVar("Option")
"""An option of a hint (an action, or its score)."""

DIGITS = 9
"""Gains are ranked as rounded to this many digits: the same exact weights summed in
another order (by another engine, or for another seat of a symmetric table) give gains
a few units of the last place apart, and those must rank as equal."""


def _one(key: Hashable) -> int:
    """Every key is one value of ``D``."""
    return 1


def entropy(weights: Mapping[K, Weight], multiplicity: Callable[[K], int] = _one) -> float:
    """The entropy in bits of ``D`` given by non-negative weights of its keys, each key
    standing for ``multiplicity(key)`` values of equal weight.

    >>> entropy({"a": 1, "b": 1}), entropy({"a": 3}), entropy({"a": 2}, lambda key: 2)
    (1.0, 0.0, 1.0)
    """
    total = sum(weights.values())
    result = 0.0
    for key, mass in weights.items():
        if mass:
            p = float(Fraction(mass) / total)
            result += p * (log2(multiplicity(key)) - log2(p))
    return result


@dataclass(frozen=True)
class Information(Generic[Seen]):
    """What one action teaches about ``D``."""

    gain_bits: float
    """``H(D) − Σ_o P(o) · H(D | o)`` (never below 0)."""
    before_bits: float
    """``H(D)``: what is left to learn with the action taken, before its outcome."""
    chances: Mapping[Seen, Fraction]
    """Each outcome's chance, the likeliest first (ties: in the joint's order)."""

    def to_dict(self) -> dict[str, Any]:
        """The gain and each outcome's chance (named by ``str``), as a hint's JSON gives them.

        >>> information({"yes": {"a": 1}, "no": {"b": 3}}).to_dict()
        {'gain_bits': 0.8112781244591328, 'outcomes': {'no': 0.75, 'yes': 0.25}}
        """
        outcomes = {str(seen): float(p) for seen, p in self.chances.items()}
        return {"gain_bits": self.gain_bits, "outcomes": outcomes}


def information(
    joint: Joint[Seen, K], multiplicity: Callable[[K], int] = _one
) -> Information[Seen]:
    """The gain of an action whose outcomes have the joint weights ``joint`` (at least
    one weight non-zero)."""
    by_d: defaultdict[K, Weight] = defaultdict(int)
    for per in joint.values():
        for key, mass in per.items():
            by_d[key] += mass
    total = sum(by_d.values())
    before = entropy(by_d, multiplicity)
    after = sum(sum(per.values()) / total * entropy(per, multiplicity) for per in joint.values())
    ranked = sorted(joint.items(), key=lambda item: -sum(item[1].values()))
    chances = {seen: Fraction(sum(per.values())) / Fraction(total) for seen, per in ranked}
    return Information(max(0.0, before - after), before, MappingProxyType(chances))


def ranked(
    options: Iterable[Option],
    gain: Callable[[Option], float],
    key: Callable[[Option], Any] | None = None,
    digits: int | None = DIGITS,
) -> list[Option]:
    """The options, most informative first: their gains compared after rounding to
    ``digits`` digits (``None``: as they are, where every engine gives the same floats
    to the last bit), equal gains in the order of ``key`` (the game's: a seat, an
    action), or as given (``None``).

    >>> gain = {"a": 0.5, "b": 1.0, "c": 0.5 + 1e-12}.__getitem__
    >>> ranked("cab", gain, key=str), ranked("cab", gain, key=str, digits=None)
    (['b', 'a', 'c'], ['b', 'c', 'a'])
    >>> ranked("acb", gain)  # equal gains as given
    ['b', 'a', 'c']
    """
    worth = gain if digits is None else lambda option: round(gain(option), digits)
    if key is None:
        return sorted(options, key=lambda option: -worth(option))
    return sorted(options, key=lambda option: (-worth(option), key(option)))


@dataclass(frozen=True)
class ByOutcome(Knowledge):
    """``knowledge`` whose decision is ``(action, outcome, D)``: the action the viewpoint
    took and what it saw, read from each world, with the knowledge's own decision ``D``.
    Any engine's tally of it is the joint of every action at once (:func:`joints`)."""

    knowledge: Knowledge
    action: Callable[[World], Hashable]
    outcome: Callable[[World], Hashable]

    @property
    def observations(self) -> tuple[Observation, ...]:  # type: ignore[override]
        return self.knowledge.observations

    @property
    def viewpoint(self) -> Seat | None:  # type: ignore[override]
        return self.knowledge.viewpoint

    @property
    def space(self) -> Space:
        return self.knowledge.space

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.knowledge.seats

    def role(self, world: World, seat: Seat) -> str:
        return self.knowledge.role(world, seat)

    @property
    def role_names(self) -> tuple[str, ...]:
        return self.knowledge.role_names

    def role_scope(self, seat: Seat) -> tuple[Var, ...]:
        return self.knowledge.role_scope(seat)

    @property
    def has_decision(self) -> bool:
        return True

    def decision(self, world: World) -> Hashable:
        return self.action(world), self.outcome(world), self.knowledge.decision(world)

    def likelihood(self, world: World) -> int:
        return self.knowledge.likelihood(world)


def joints(
    engine: Engine,
    knowledge: Knowledge,
    action: Callable[[World], A],
    outcome: Callable[[World], Seen],
) -> dict[A, dict[Seen, dict[Hashable, Weight]]]:
    """For each action (a free choice of the viewpoint, read from a world), the joint
    weights of its outcomes and ``D``, from one tally of ``engine`` (empty: no world)."""
    tally = engine.tally(ByOutcome(knowledge, action, outcome))
    found: dict[A, dict[Seen, dict[Hashable, Weight]]] = {}
    for key, mass in tally.decision.items():
        taken, seen, d = cast("tuple[A, Seen, Hashable]", key)
        found.setdefault(taken, {}).setdefault(seen, {})[d] = mass
    return found


__all__ = [
    "DIGITS",
    "ByOutcome",
    "Information",
    "Joint",
    "entropy",
    "information",
    "joints",
    "ranked",
]
