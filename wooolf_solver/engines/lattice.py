"""The lattice of partial deals that the counting engine walks through.

Seats are dealt one after another. After ``j`` seats, what matters for the rest is
only the multiset of cards already dealt: a *state* (a vector ``u`` of counts per
card kind, ``0 <= u <= counts``). Dealing a hand ``h`` to the next seat moves from
``u`` to ``u + h`` in ``prod_i C(counts_i - u_i, h_i)`` ways (the copies are
distinct objects), so the number of physical deals is a sum over paths of products
of these coefficients.

>>> lattice = build_lattice((1, 3), 2)   # one card of kind 0, three of kind 1
>>> lattice.hands
((0, 1), (1, 1))
>>> lattice.sizes
(1, 2, 1)
>>> step = lattice.steps[0]
>>> [(int(h), int(c)) for h, c in zip(step.hand, step.coef)]   # 3 ways to deal (0, 1), 3 for (1, 1)
[(0, 3), (1, 3)]
>>> step.into.sum(np.array([[10., 1.]]))   # into the 2 states after one seat
array([[10.,  1.]])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Any

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
Array = npt.NDArray[Any]
"""Floats, or Python integers (``dtype=object``) where floats would not be exact."""

EXACT_LIMIT = 2**53
"""Below this, float64 sums of whole numbers are exact, in any order."""


@dataclass(frozen=True, eq=False)
class Step:
    """The moves from the states after ``j`` seats (``sizes[0]`` of them) to those
    after ``j + 1`` (``sizes[1]``), one per (state, hand) pair that fits."""

    src: IntArray
    """The state before, as its position in its level."""
    dst: IntArray
    """The state after, as its position in the next level."""
    hand: IntArray
    """The hand dealt, as an index into :attr:`Lattice.hands`."""
    coef: IntArray
    """The number of ways to pick that hand's physical cards from the cards left."""
    sizes: tuple[int, int]
    hands: int
    """The number of hand types."""

    @cached_property
    def weight(self) -> FloatArray:
        """``coef`` as floats."""
        return self.coef.astype(np.float64)

    def select(self, chosen: npt.NDArray[Any]) -> Step:
        """The moves picked by a mask or an index array, in that order."""
        return Step(
            self.src[chosen],
            self.dst[chosen],
            self.hand[chosen],
            self.coef[chosen],
            self.sizes,
            self.hands,
        )

    @cached_property
    def into(self) -> Grouped:
        """The moves grouped by the state they lead to (for forward passes)."""
        return Grouped.of(self, self.dst, self.sizes[1])

    @cached_property
    def out_of(self) -> Grouped:
        """The moves grouped by the state they leave (for backward passes)."""
        return Grouped.of(self, self.src, self.sizes[0])

    @cached_property
    def by_hand(self) -> Grouped:
        """The moves grouped by the hand dealt (for marginals)."""
        return Grouped.of(self, self.hand, self.hands)


def run_starts(ordered: Array) -> IntArray:
    """Where each run of equal values of a sorted array starts (``np.r_`` is slow on
    the small arrays of a hint).

    >>> run_starts(np.array([1, 1, 2, 5, 5, 5])).tolist()
    [0, 2, 3]
    """
    if not len(ordered):
        return np.zeros(0, dtype=np.int64)
    return np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))


@dataclass(frozen=True, eq=False)
class Grouped:
    """A step's moves sorted by a key, with the plan to sum values per key."""

    moves: Step
    starts: IntArray
    keys: IntArray
    size: int

    @classmethod
    def of(cls, step: Step, keys: IntArray, size: int) -> Grouped:
        """The moves of ``step`` grouped by ``keys`` (one per move, below ``size``), in
        a stable order: already sorted keys (a step's hands) keep the step as it is.

        >>> step = build_lattice((1, 3), 2).steps[0]
        >>> Grouped.of(step, step.hand, 2).moves is step
        True
        """
        if len(keys) < 2 or bool((keys[1:] >= keys[:-1]).all()):
            starts = run_starts(keys)
            return cls(step, starts, keys[starts], size)
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
        starts = run_starts(ordered)
        return cls(step.select(order), starts, ordered[starts], size)

    def sum(self, values: Array) -> Array:
        """Sum ``values`` (one per move, in this order, along the last axis) per key."""
        out = np.zeros((*values.shape[:-1], self.size), dtype=values.dtype)
        if len(self.starts):
            out[..., self.keys] = np.add.reduceat(values, self.starts, axis=-1)
        return out


@dataclass(frozen=True, eq=False)
class Lattice:
    """Every level's states and the steps between consecutive levels."""

    hands: tuple[tuple[int, ...], ...]
    """Every hand type, as a sorted tuple of card-kind indices."""
    sizes: tuple[int, ...]
    """The number of states in each level, from 0 (nothing dealt) to all dealt."""
    steps: tuple[Step, ...]


@cache
def build_lattice(counts: tuple[int, ...], hand_size: int) -> Lattice:
    """The lattice for dealing cards with these copies per kind, ``hand_size`` each."""
    kinds = len(counts)
    limit = np.array(counts, dtype=np.int64)
    hands = tuple(
        hand
        for hand in combinations_with_replacement(range(kinds), hand_size)
        if all(hand.count(kind) <= counts[kind] for kind in set(hand))
    )
    shape = tuple(n + 1 for n in counts)
    states = np.indices(shape).reshape(kinds, prod(shape)).T  # every vector 0 <= u <= counts
    strides = np.array([int(np.prod(shape[i + 1 :])) for i in range(kinds)], dtype=np.int64)
    dealt = states.sum(axis=1)
    seats = int(limit.sum()) // hand_size
    levels = [np.flatnonzero(dealt == hand_size * j) for j in range(seats + 1)]
    position = np.full(len(states), -1, dtype=np.int64)
    for members in levels:
        position[members] = np.arange(len(members))
    binomials = np.array(
        [[comb(n, k) for k in range(hand_size + 1)] for n in range(int(limit.max(initial=0)) + 1)],
        dtype=np.int64,
    )

    takes = np.zeros((len(hands), kinds), dtype=np.int64)  # each hand's cards per kind
    # each hand's kinds and copies of each, padded with copies 0 (one way)
    slots = np.zeros((2, len(hands), hand_size), dtype=np.int64)
    for index, hand in enumerate(hands):
        held = sorted(set(hand))
        copies = [hand.count(kind) for kind in held]
        takes[index, held] = copies
        slots[:, index, : len(held)] = held, copies
    offsets = takes @ strides  # a hand's move in the states' numbering
    steps = []
    for j in range(seats):
        here = states[levels[j]]
        fit = np.ones((len(hands), len(here)), dtype=bool)  # hand × state: the hand fits
        for kind in range(kinds):
            fit &= takes[:, kind, None] <= (limit[kind] - here[:, kind])[None, :]
        hand_index, fits = np.nonzero(fit)  # hand after hand, each one's states in order
        coef = np.ones(len(fits), dtype=np.int64)
        for slot in range(hand_size):
            kind, copies = slots[0, hand_index, slot], slots[1, hand_index, slot]
            coef *= binomials[limit[kind] - here[fits, kind], copies]
        dst = position[levels[j][fits] + offsets[hand_index]]
        sizes = (len(levels[j]), len(levels[j + 1]))
        steps.append(Step(fits, dst, hand_index, coef, sizes, len(hands)))
    return Lattice(hands, tuple(len(members) for members in levels), tuple(steps))
