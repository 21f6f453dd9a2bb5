"""The loops of :mod:`.kernels` written with numpy array operations: the same
functions, arguments and answers (to the last bit: they add the same whole numbers),
for an install whose C loops were not built (no C compiler at hand).

:mod:`.deals` uses the C loops where they were built, these otherwise, or inside
:func:`.deals.array_loops`. The tests run both and hold them to the counter's passes
and to each other.

This twin stays on purpose, and only the interface is written twice: the signatures (so
that :func:`.deals.loops` may hand either module to the same calls) and their one-line
docstrings, which point to :mod:`.kernels`. The work is not shared because it cannot be:
a C loop walks the rows once and fills arrays given to it, while these functions are
whole-array operations (gathers, ``bincount``, sorting by key), a different algorithm
that adds the same whole numbers in another order. They are the install's fallback where
no C compiler is at hand, and the reference the C loops are checked against.

>>> import numpy as np
>>> args = (np.array([[0], [1]], dtype=np.int8), np.array([2]), np.array([0, 1]),
...     np.array([0, 0]), np.array([1.0, 5.0]), np.array([[3.0, 2.0]]), np.array([0, 1]),
...     np.array([1, 0]), 4)
>>> decision, touched = decision_weights(*args)
>>> decision.tolist(), touched.tolist()   # as the C loop's example
([2.0, 3.0, 10.0, 15.0], [0, 2])
"""

# ruff: noqa: PLR0917 (the same arguments, by position, as the compiled functions)

from __future__ import annotations

import numpy as np

from ....engines.lattice import BoolArray, FloatArray, IntArray, run_starts
from .hands import HandRows, Plan

Indices = IntArray | HandRows
"""Indices into a table: hand types (of the rows, small) or any."""


def decision_weights(
    hands: HandRows,
    place: IntArray,
    labels: IntArray,
    states: IntArray,
    weights: FloatArray,
    ways: FloatArray,
    codes: IntArray,
    counts: IntArray,
    size: int,
) -> tuple[FloatArray, IntArray]:
    """As :func:`.kernels.decision_weights`."""
    touched_codes = np.asarray(labels[hands] @ place, dtype=np.int64).reshape(len(hands))
    shares = weights[:, None] * _ways(ways, states, counts)
    at = touched_codes[:, None] + codes[None, :]
    decision = np.bincount(at.ravel(), shares.ravel(), minlength=size)
    return np.asarray(decision, dtype=np.float64), touched_codes


def touched_joint(
    hands: HandRows,
    touched_codes: IntArray,
    states: IntArray,
    weights: FloatArray,
    ways: FloatArray,
    codes: IntArray,
    counts: IntArray,
    rank: IntArray,
    hand_types: int,
) -> FloatArray:
    """As :func:`.kernels.touched_joint`: the shares of non-zero weight (most are 0)
    found once, then one count per touched seat."""
    touched = hands.shape[1]
    values = int(rank.max()) + 1
    ways = _ways(ways, states, counts)
    row, share, value = _live_shares(weights, ways, touched_codes, codes, rank)
    keys = np.take(hands, row, axis=0).T * np.int64(values)  # (seat, share): hand's offset
    joint = np.empty((touched, hand_types * values))
    for seat in range(touched):
        joint[seat] = np.bincount(keys[seat] + value, share, minlength=hand_types * values)
    return joint.reshape(touched, hand_types, values)


def untouched_joint(
    touched_codes: IntArray,
    states: IntArray,
    weights: FloatArray,
    plan: Plan,
    labels: IntArray,
    place: IntArray,
    other_codes: IntArray,
    counts: IntArray,
    ways_after: FloatArray,
    rank: IntArray,
    support: IntArray,
    base: int,
    hand_types: int,
) -> tuple[FloatArray, IntArray]:
    """As :func:`.kernels.untouched_joint`."""
    first, moves, out = plan
    move_state, move_hand, move_ways = out.dst, out.hand, out.weight
    values = int(rank.max()) + 1
    groups, group = np.unique(touched_codes * (int(states.max()) + 1) + states, return_inverse=True)
    weight = np.bincount(group.ravel(), weights, minlength=len(groups))
    first_row = np.zeros(len(groups), dtype=np.int64)
    first_row[group.ravel()[::-1]] = np.arange(len(group))[::-1]
    code, state = touched_codes[first_row], states[first_row]
    parent, move = _moves(state, first, moves)
    hand = move_hand[move]
    dealt = weight[parent] * move_ways[move]  # (entry,)
    shares = dealt[:, None] * _ways(ways_after, move_state[move], counts)  # (entry, labelling)
    own = code[parent] + labels[hand] * place[0]  # (entry,): the first untouched seat
    value = np.maximum(rank[own[:, None] + other_codes[None, :]], 0)  # zero shares: any
    at = (hand * values)[:, None] + value
    counted = np.bincount(at.ravel(), shares.ravel(), minlength=hand_types * values)
    joint = np.asarray(counted, dtype=np.float64).reshape(hand_types, values)
    digit = support // place[0] % base
    other = support // place[:, None] % base  # (seat, value)
    return joint, rank[support + (digit - other) * place[:, None] + (other - digit) * place[0]]


def split_rows(
    hands: HandRows,
    states: IntArray,
    coef: IntArray,
    weights: FloatArray,
    plan: Plan,
    allowed: BoolArray,
    table: FloatArray,
    reads: IntArray,
    most: int,
) -> tuple[bool, HandRows, IntArray, IntArray, FloatArray]:
    """As :func:`.kernels.split_rows`."""
    first, moves, out = plan
    move_state, move_hand, move_ways, move_coef = out.dst, out.hand, out.weight, out.coef
    touched = hands.shape[1]
    parent, move = _moves(states, first, moves)
    kept = np.flatnonzero(allowed[move_hand[move]])
    parent, move = parent[kept], move[kept]
    made = len(parent)
    if made > most:
        return False, hands[:0, :0], states[:0], coef[:0], weights[:0]
    hand = move_hand[move]
    weight = weights[parent] * move_ways[move]
    if reads.max() >= 0:
        a, b = (
            None if read < 0 else hand if read == touched else hands[:, read][parent]
            for read in reads.tolist()
        )
        weight = weight * _read(table, made, a, b)
        keep = np.flatnonzero(weight > 0)
        parent, move, hand, weight = parent[keep], move[keep], hand[keep], weight[keep]
    new_hands = np.empty((len(parent), touched + 1), dtype=np.int8)
    new_hands[:, :-1] = np.take(hands, parent, axis=0)  # (faster than hands[parent])
    new_hands[:, -1] = hand
    return True, new_hands, move_state[move], coef[parent] * move_coef[move], weight


def observe_rows(
    hands: HandRows,
    states: IntArray,
    coef: IntArray,
    weights: FloatArray,
    table: FloatArray,
    reads: IntArray,
) -> tuple[HandRows, IntArray, IntArray, FloatArray]:
    """As :func:`.kernels.observe_rows`."""
    a, b = (None if read < 0 else hands[:, read] for read in reads.tolist())
    weight = weights * _read(table, len(hands), a, b)
    keep = np.flatnonzero(weight > 0)
    return np.take(hands, keep, axis=0), states[keep], coef[keep], weight[keep]


def _read(
    table: FloatArray, rows: int, first: Indices | None, second: Indices | None
) -> FloatArray:
    """``table[first, second]`` for ``rows`` rows (``None``: index 0 on that axis), by
    one gather from the flat table (faster than indexing two axes)."""
    flat = table.ravel()
    if first is None:
        if second is None:
            return np.full(rows, flat[0])
        read: FloatArray = np.take(table[0], second)
        return read
    at = first.astype(np.int64) * table.shape[1]
    found: FloatArray = np.take(flat, at if second is None else at + second)
    return found


def hand_weights(
    hands: HandRows,
    columns: IntArray,
    filled: FloatArray,
    states: IntArray,
    weights: FloatArray,
    move_src: IntArray,
    move_hand: IntArray,
    move_ways: FloatArray,
    hand_types: int,
) -> FloatArray:
    """As :func:`.kernels.hand_weights`."""
    found = np.zeros((len(columns), hand_types))
    touched = columns >= 0
    if not touched.all():
        by_state = np.bincount(states, weights=weights, minlength=int(move_src.max(initial=0)) + 1)
        found[~touched] = np.bincount(
            move_hand, weights=by_state[move_src] * move_ways, minlength=hand_types
        )
    for seat in np.flatnonzero(touched).tolist():
        found[seat] = np.bincount(hands[:, columns[seat]], weights=filled, minlength=hand_types)
    return found


def holders_certain(
    per_hand: FloatArray,
    labels: IntArray,
    targets: int,
    known_held: BoolArray,
    known_alone: BoolArray,
) -> bool:
    """As :func:`.kernels.holders_certain`."""
    # free seat × label: how many hand types of weight it may hold with that label
    counts = (per_hand > 0) @ np.eye(targets + 1, dtype=np.int64)[labels]
    held = counts[:, :targets] > 0
    alone = held & (counts.sum(axis=1, keepdims=True) == counts[:, :targets])
    certain = ~(held.any(axis=0) | known_held) | alone.any(axis=0) | known_alone
    return bool(certain.all())


def _moves(states: IntArray, first: IntArray, moves: IntArray) -> tuple[IntArray, IntArray]:
    """Every (row, move out of the row's state), row by row: each one's row and move
    (``first`` and ``moves``: where the moves out of each state start, how many)."""
    repeat = moves[states]
    ends = np.cumsum(repeat)
    made = int(ends[-1]) if len(ends) else 0
    parent = np.repeat(np.arange(len(states)), repeat)
    return parent, np.repeat(first[states] - (ends - repeat), repeat) + np.arange(made)


def _ways(ways: FloatArray, states: IntArray, counts: IntArray) -> FloatArray:
    """``ways[states][:, counts]``: every row's ways for every labelling (the columns
    picked first, then the rows: fewer states than rows)."""
    return np.take(ways[:, counts], states, axis=0)


def _live_shares(
    weights: FloatArray, ways: FloatArray, own: IntArray, codes: IntArray, rank: IntArray
) -> tuple[IntArray, FloatArray, IntArray]:
    """The shares ``weights[r] * ways[r, l]`` that are not 0, row by row (each row's
    labellings in order: the counts add them in the loops' order), with each one's row
    and decision value (``rank`` of the row's code ``own[r]`` plus the labelling's
    ``codes[l]``)."""
    shares = weights[:, None] * ways
    flat = np.flatnonzero(shares)
    row, labelling = flat // shares.shape[1], flat % shares.shape[1]
    value = np.maximum(rank[own[row] + codes[labelling]], 0)
    return row, shares.ravel()[flat], value


def outcome_gains(
    joints: FloatArray, total: float, entropy: float, starts: IntArray
) -> tuple[FloatArray, FloatArray]:
    """As :func:`.kernels.outcome_gains`: every outcome's chance, and each action's
    gain: the entropy less the outcomes' entropies (:func:`entropies`) weighed by
    their chances, added outcome after outcome (0 unless two outcomes can happen)."""
    chances = joints.sum(axis=1) / total
    each = entropies(joints).tolist()
    chance = chances.tolist()
    gains = []
    for first, last in zip(starts[:-1].tolist(), starts[1:].tolist(), strict=True):
        live = [row for row in range(first, last) if chance[row] > 0]
        gain = 0.0
        if len(live) > 1:
            gain = max(0.0, entropy - sum(chance[row] * each[row] for row in live))
        gains.append(gain)
    return chances, np.array(gains, dtype=np.float64)


def entropies(rows: FloatArray) -> FloatArray:
    """:func:`..hints._entropy` of every row (of whole weights, or halves), to the last bit:
    the terms of every positive weight at once (a row's total is the same whatever
    the order: its sum is exact), then the sums of the rows with as many positive
    weights together (a row's sum in a matrix is its sum alone)."""
    positive = rows > 0
    counts = positive.sum(axis=1)
    order = np.argsort(counts, kind="stable")
    counts = counts[order]
    weights = rows[order][positive[order]]  # row by row, in the order of their counts
    totals = np.repeat(rows.sum(axis=1)[order], counts)
    p = weights / totals
    terms = p * np.log2(p)
    found = np.zeros(len(rows))
    if not len(rows):
        return found
    starts = np.cumsum(counts) - counts
    firsts = run_starts(counts)  # a block per count
    lasts = [*firsts[1:].tolist(), len(counts)]
    for first, last in zip(firsts.tolist(), lasts, strict=True):
        count = int(counts[first])
        if count > 1:
            block = terms[starts[first] : starts[first] + (last - first) * count]
            found[order[first:last]] = -block.reshape(last - first, count).sum(axis=1)
    return found
