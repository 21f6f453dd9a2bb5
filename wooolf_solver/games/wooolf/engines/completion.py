"""The ways to deal the seats no event has touched, by how many hold each target.

The rows of :mod:`.deals` list only the free seats some observation reads; the
others, which no event tells apart, are folded into a :class:`Completion` of the
deck: for every state of the deck's lattice (the cards dealt so far), the number of
physical ways to deal the rest to the seats left with one given labelling (which of
them hold each of the viewpoint's targets). By symmetry every labelling with the
same count of holders per target has as many ways, so the table has one column per
count, and it is the same for every position of the deck: it is computed once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import factorial, prod

import numpy as np

from ....engines.lattice import FloatArray, IntArray, build_lattice


@dataclass(frozen=True, eq=False)
class Completion:
    """The ways to deal the cards left to the untouched seats, by labelling.

    Level ``j`` of the deck's lattice is the states after ``j`` seats are dealt; from
    there ``u = seats - j`` seats are left. ``per_labelling[j][s, c]`` is the number
    of physical ways to deal them from state ``s`` with one given labelling whose
    target counts are ``c`` (a flat index: the count of each target is a digit, in
    ``sides``); ``totals[j][s]`` the number of ways with any labelling.

    >>> done = Completion.of((1, 3), 2, (1, 0), (1,))  # hand (0, 1) holds the target
    >>> done.per_labelling[0].tolist()   # from nothing dealt: 0 or 1 target holder
    [[0.0, 3.0]]
    >>> int(done.totals[0][0])   # 3 ways to hold the target, in either seat
    6
    """

    per_labelling: tuple[FloatArray, ...]
    totals: tuple[IntArray, ...]
    strides: IntArray
    """What holding each label adds to the flat count index (0 for no target)."""
    sides: tuple[int, ...]
    """One more than the most holders of each target."""

    def labellings(self, seats: int) -> tuple[IntArray, IntArray]:
        """Every labelling of ``seats`` seats (one column each, one digit per seat)
        that the deck allows, and its flat count index."""
        return _labellings(len(self.strides), self.sides, seats)

    @classmethod
    def of(
        cls,
        counts: tuple[int, ...],
        hand_size: int,
        labels: tuple[int, ...],
        capacities: tuple[int, ...],
    ) -> Completion:
        """The table for the deck of these card counts whose hand types (in the
        order of its lattice) have these labels (the index of the target held, or
        one past the last target for none), each target having so many cards (a
        holder holds one at least). Kept per deck and labels."""
        seats = sum(counts) // hand_size
        sides = tuple(min(seats, capacity) + 1 for capacity in capacities)
        return _completion(counts, hand_size, labels, sides)


@lru_cache(maxsize=256)
def _labellings(base: int, sides: tuple[int, ...], seats: int) -> tuple[IntArray, IntArray]:
    """:meth:`Completion.labellings` (kept: the same few for every position)."""
    digits = np.indices((base,) * seats, dtype=np.int64).reshape(seats, base**seats)
    fits = np.ones(digits.shape[1], dtype=bool)
    for target, side in enumerate(sides):
        fits &= (digits == target).sum(axis=0) < side
    strides = np.array([prod(sides[t + 1 :]) for t in range(len(sides))] + [0], dtype=np.int64)
    digits = digits[:, fits]
    return digits, strides[digits].sum(axis=0)


@lru_cache(maxsize=64)
def _completion(
    counts: tuple[int, ...], hand_size: int, labels: tuple[int, ...], sides: tuple[int, ...]
) -> Completion:
    """The :class:`Completion` of a deck: a backward pass over the lattice whose
    state also counts the target holders dealt, divided by the labellings of each
    count (all alike by symmetry)."""
    lattice = build_lattice(counts, hand_size)
    seats = len(lattice.steps)
    size = prod(sides)
    strides = np.array([prod(sides[t + 1 :]) for t in range(len(sides))] + [0], dtype=np.int64)
    label = np.array(labels, dtype=np.int64)
    level = np.zeros((lattice.sizes[-1], size))
    level[:, 0] = 1.0
    every = [level]
    for step in reversed(lattice.steps):
        group = step.out_of
        moves = group.moves
        shifted = np.zeros((len(moves.src), size))
        gathered = every[0][moves.dst] * moves.weight[:, None]
        for t, stride in enumerate(strides.tolist()):
            rows = label[moves.hand] == t
            if stride:
                shifted[rows, stride:] = gathered[rows, :-stride]
            else:
                shifted[rows] = gathered[rows]
        level = np.zeros((step.sizes[0], size))
        if len(group.starts):
            level[group.keys] = np.add.reduceat(shifted, group.starts, axis=0)
        every.insert(0, level)
    digits = np.array(np.unravel_index(np.arange(size), sides)).reshape(len(sides), size)
    per_labelling = []
    for j, ways in enumerate(every):
        left = seats - j
        rest = left - digits.sum(axis=0)
        labellings = np.array(
            [
                factorial(left) / prod(factorial(int(c)) for c in (*digits[:, k], rest[k]))
                if rest[k] >= 0
                else np.inf
                for k in range(size)
            ]
        )
        per_labelling.append(ways / labellings)  # exact: a whole number of ways each
    totals = tuple(np.rint(ways.sum(axis=1)).astype(np.int64) for ways in every)
    return Completion(tuple(per_labelling), totals, strides, sides)
