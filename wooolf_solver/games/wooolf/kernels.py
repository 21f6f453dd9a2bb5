"""The compiled loops of :mod:`.deals`: the decision and its joints with every free
seat's hand, read off the rows in one pass each, and an event's split of the rows (see
:mod:`wooolf_solver.core.jit`); the lab's (:func:`.deals.compiled_loops`).
:mod:`.array_kernels` has the same functions as numpy array operations, for the short
jobs that would not pay for Numba's start.

A row is an assignment of hand types to the *touched* free seats, with its weight and
its state (the cards those seats took); the *untouched* seats are folded into a
completion table: for a state and a labelling of the untouched seats (which of them
hold each target), the ways to deal them, the same for every labelling with the same
count of holders per target (a column per count).

A decision value is a *label code*: one base-(targets + 1) digit per free seat (the
index of the target its hand holds, or the number of targets for none). Each row
spreads its weight over every labelling of the untouched seats: the code of the touched
seats' labels plus that of the labelling, weighted by the row's weight times the ways.

Every weight is a whole number and so is every product and sum (below 2**53, which
the rows check), so the sums are exact in whatever order the loops add them: the
answers are the very numbers of the counter's passes.

>>> import numpy as np
>>> hands = np.array([[0], [1]], dtype=np.int8)   # two rows over one touched seat
>>> labels = np.array([0, 1])   # hand type 0 holds the target, 1 does not
>>> ways = np.array([[3.0, 2.0]])   # one state: 3 ways with no holder left, 2 with one
>>> codes = np.array([0, 1])   # the other seat: holds the target (digit 0) or not
>>> counts = np.array([1, 0])   # ... counting one holder, or none
>>> decision, touched = decision_weights(hands, np.array([2]), labels,
...     np.array([0, 0]), np.array([1.0, 5.0]), ways, codes, counts, 4)
>>> decision.tolist(), touched.tolist()   # code = 2 * first digit + second digit
([2.0, 3.0, 10.0, 15.0], [0, 2])
>>> rank = np.arange(4)   # every code is a decision value
>>> touched_joint(hands, touched, np.array([0, 0]), np.array([1.0, 5.0]), ways,
...     codes, counts, rank, 2).tolist()   # (seat, hand type, value)
[[[2.0, 3.0, 0.0, 0.0], [0.0, 0.0, 10.0, 15.0]]]
"""

# ruff: noqa: PLR0917 (compiled functions take their arrays by position)

from __future__ import annotations

import numpy as np

from ...core.jit import compiled
from ...engines.lattice import BoolArray, FloatArray, IntArray
from .hands import HandRows


@compiled
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
    """The weight of every label code (``size`` of them), and each row's code of its
    touched seats: ``hands`` the rows' hand types, ``place`` each touched seat's
    digit value, ``labels`` each hand type's label, ``states`` and ``weights`` the
    rows', ``ways`` the completion (state, count column), ``codes`` and ``counts``
    every labelling of the untouched seats (its code and its count column)."""
    rows, touched = hands.shape
    decision = np.zeros(size)
    touched_codes = np.empty(rows, dtype=np.int64)
    for row in range(rows):
        code = 0
        for column in range(touched):
            code += labels[hands[row, column]] * place[column]
        touched_codes[row] = code
        weight = weights[row]
        state = states[row]
        for labelling in range(len(codes)):
            found = ways[state, counts[labelling]]
            if found != 0.0:
                decision[code + codes[labelling]] += weight * found
    return decision, touched_codes


@compiled
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
    """The weight of every (touched seat, hand type, decision value): the shares of
    :func:`decision_weights`, each added at its row's hand of every touched seat
    (``rank``: every label code's decision value, -1 for none)."""
    rows, touched = hands.shape
    joint = np.zeros((touched, hand_types, rank.max() + 1))
    for row in range(rows):
        weight = weights[row]
        state = states[row]
        code = touched_codes[row]
        for labelling in range(len(codes)):
            found = ways[state, counts[labelling]]
            if found == 0.0:
                continue
            value = rank[code + codes[labelling]]
            share = weight * found
            for column in range(touched):
                joint[column, hands[row, column], value] += share
    return joint


@compiled
def untouched_joint(
    touched_codes: IntArray,
    states: IntArray,
    weights: FloatArray,
    first: IntArray,
    moves: IntArray,
    move_state: IntArray,
    move_hand: IntArray,
    move_ways: FloatArray,
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
    """The weight of every (hand type, decision value) of the first untouched seat:
    the rows summed per (touched code, state), then every hand the seat may take from
    the state (``first`` and ``moves``: where the moves out of each state start and
    how many there are; each with its state after, hand and ways), the other
    untouched seats labelled every way (``other_codes``: one code per labelling;
    ``counts``: its column of ``ways_after``, the completion after one more seat).
    No event reads an untouched seat, so every other one has the same weights, each
    at the value whose code has that seat's digit and the first's swapped: those
    values too, for every untouched seat (seat × value; the first's: its own;
    ``place``: each untouched seat's digit value; ``support``: every value's code,
    in ``base``)."""
    rows = len(touched_codes)
    seats = len(place)
    values = rank.max() + 1
    joint = np.zeros((hand_types, values))
    mirror = np.empty((seats, values), dtype=np.int64)
    keys = touched_codes * (states.max() + 1) + states
    order = np.argsort(keys, kind="mergesort")
    start = 0
    while start < rows:
        key = keys[order[start]]
        weight = 0.0
        end = start
        while end < rows and keys[order[end]] == key:
            weight += weights[order[end]]
            end += 1
        code = touched_codes[order[start]]
        state = states[order[start]]
        for move in range(first[state], first[state] + moves[state]):
            hand = move_hand[move]
            after = move_state[move]
            dealt = weight * move_ways[move]
            own = code + labels[hand] * place[0]
            for labelling in range(len(other_codes)):
                found = ways_after[after, counts[labelling]]
                if found != 0.0:
                    joint[hand, rank[own + other_codes[labelling]]] += dealt * found
        start = end
    for value in range(values):
        code = support[value]
        digit = code // place[0] % base
        mirror[0, value] = value
        for seat in range(1, seats):
            other = code // place[seat] % base
            swapped = rank[code + (digit - other) * place[seat] + (other - digit) * place[0]]
            mirror[seat, value] = swapped
    return joint, mirror


@compiled
def split_rows(
    hands: HandRows,
    states: IntArray,
    coef: IntArray,
    weights: FloatArray,
    first: IntArray,
    moves: IntArray,
    move_state: IntArray,
    move_hand: IntArray,
    move_ways: FloatArray,
    move_coef: IntArray,
    allowed: BoolArray,
    table: FloatArray,
    reads: IntArray,
    most: int,
) -> tuple[bool, HandRows, IntArray, IntArray, FloatArray]:
    """Every row split into the moves out of its state that deal an ``allowed`` hand
    type (``first``, ``moves`` and the moves' state after, hand, ways and
    coefficient, as :func:`untouched_joint`): the new seat's hand added as a last
    column, each new row's weight times an observation's numerator ``table[a, b]``
    (``reads``: the column of the new row whose hand is ``a``, then ``b``; -1 for
    index 0; both -1: no observation), the rows it zeroes left out, in the order of
    their rows and moves. ``False`` (and no rows) when there would be more than
    ``most`` rows before the observation."""
    rows, touched = hands.shape
    total = 0
    for row in range(rows):
        state = states[row]
        for move in range(first[state], first[state] + moves[state]):
            if allowed[move_hand[move]]:
                total += 1
    fits = total <= most
    if not fits:
        total = 0
    new_hands = np.empty((total, touched + 1), dtype=np.int8)
    new_states = np.empty(total, dtype=np.int64)
    new_coef = np.empty(total, dtype=np.int64)
    new_weights = np.empty(total)
    made = 0
    if total:
        observed = reads[0] >= 0 or reads[1] >= 0
        for row in range(rows):
            state = states[row]
            for move in range(first[state], first[state] + moves[state]):
                hand = move_hand[move]
                if not allowed[hand]:
                    continue
                weight = weights[row] * move_ways[move]
                if observed:
                    a, b = 0, 0
                    if reads[0] >= 0:
                        a = hand if reads[0] == touched else hands[row, reads[0]]
                    if reads[1] >= 0:
                        b = hand if reads[1] == touched else hands[row, reads[1]]
                    weight = weight * table[a, b]
                    if not weight > 0.0:
                        continue
                for column in range(touched):
                    new_hands[made, column] = hands[row, column]
                new_hands[made, touched] = hand
                new_states[made] = move_state[move]
                new_coef[made] = coef[row] * move_coef[move]
                new_weights[made] = weight
                made += 1
    return (
        fits,
        new_hands[:made].copy(),
        new_states[:made].copy(),
        new_coef[:made].copy(),
        new_weights[:made].copy(),
    )


@compiled
def observe_rows(
    hands: HandRows,
    states: IntArray,
    coef: IntArray,
    weights: FloatArray,
    table: FloatArray,
    reads: IntArray,
) -> tuple[HandRows, IntArray, IntArray, FloatArray]:
    """The rows after an observation that reads touched seats only: each weight
    times ``table[a, b]`` (``reads`` as :func:`split_rows`), the rows it zeroes left
    out, in order."""
    rows = len(hands)
    kept = np.empty(rows, dtype=np.int64)
    new_weights = np.empty(rows)
    made = 0
    for row in range(rows):
        a, b = 0, 0
        if reads[0] >= 0:
            a = hands[row, reads[0]]
        if reads[1] >= 0:
            b = hands[row, reads[1]]
        weight = weights[row] * table[a, b]
        if weight > 0.0:
            kept[made] = row
            new_weights[made] = weight
            made += 1
    kept = kept[:made]
    return hands[kept], states[kept], coef[kept], new_weights[:made].copy()


@compiled
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
    """The weight of every (free seat, hand type): each touched seat's (``columns``:
    every free seat's column of ``hands``, -1 for an untouched one) the rows'
    ``filled`` weights at its hand; every untouched seat's the rows summed per state,
    times every move out of the state (its hand, and ways counting the deals of the
    other untouched seats after it: ``move_ways``)."""
    seats = len(columns)
    found = np.zeros((seats, hand_types))
    untouched = np.zeros(hand_types)
    if np.any(columns < 0):
        by_state = np.zeros(states.max() + 1 if len(states) else 1)
        for row in range(len(states)):
            by_state[states[row]] += weights[row]
        for move in range(len(move_src)):
            state = move_src[move]
            if state < len(by_state):
                untouched[move_hand[move]] += by_state[state] * move_ways[move]
    for seat in range(seats):
        column = columns[seat]
        if column < 0:
            found[seat] = untouched
            continue
        for row in range(len(filled)):
            found[seat, hands[row, column]] += filled[row]
    return found


@compiled
def holders_certain(
    per_hand: FloatArray,
    labels: IntArray,
    targets: int,
    known_held: BoolArray,
    known_alone: BoolArray,
) -> bool:
    """Whether some declaration is right in every consistent deal, from every free
    seat's hand weights (``per_hand``, seat × hand type, of :func:`hand_weights`;
    ``labels``: each hand type's label) and the known hands (for each target: whether
    one holds it, and whether one other than the viewpoint's does): for every target,
    a seat other than the viewpoint holds it in every deal (for a free seat: every hand
    of weight holds it), or no seat may hold it.

    >>> per_hand = np.array([[1.0, 0.0], [2.0, 3.0]])   # two free seats, two hand types
    >>> labels = np.array([0, 1])   # the first holds the one target, the second does not
    >>> nobody = np.array([False])
    >>> holders_certain(per_hand, labels, 1, nobody, nobody)   # the first seat holds it
    True
    >>> holders_certain(per_hand[::-1].copy(), labels, 1, nobody, nobody)
    True
    >>> holders_certain(np.array([[1.0, 1.0]]), labels, 1, nobody, nobody)
    False
    """
    seats, hands = per_hand.shape
    for target in range(targets):
        held = known_held[target]
        alone = known_alone[target]
        for seat in range(seats):
            holds, other = False, False
            for hand in range(hands):
                if per_hand[seat, hand] > 0.0:
                    if labels[hand] == target:
                        holds = True
                    else:
                        other = True
            held = held or holds
            alone = alone or (holds and not other)
        if held and not alone:
            return False
    return True


def outcome_gains(
    joints: FloatArray, total: float, entropy: float, starts: IntArray
) -> tuple[FloatArray, FloatArray]:
    """Every outcome's chance and every action's information gain, from the weights
    of (outcome, decision value) (``joints``, of whole numbers or halves; the
    decision's ``total`` weight and ``entropy``; action ``a``'s outcomes are rows
    ``starts[a]`` to ``starts[a + 1]``): :func:`.array_kernels.outcome_gains`'s
    floats to the last bit. The logarithms are numpy's (so its bits on every
    machine), the sums added as numpy's and Python's add them.

    >>> joints = np.array([[2.0, 0.0], [0.0, 2.0], [1.0, 1.0]])   # two actions
    >>> chances, gains = outcome_gains(joints, 4.0, 1.0, np.array([0, 2, 3]))
    >>> chances.tolist(), gains.tolist()   # the first tells all, the second nothing
    ([0.5, 0.5, 0.5], [1.0, 0.0])
    """
    shares, counts, sums = _shares(joints)
    return _gains(shares, np.log2(shares), counts, sums, total, entropy, starts)


@compiled
def _shares(joints: FloatArray) -> tuple[FloatArray, IntArray, FloatArray]:
    """Each row's positive weights over its total, row after row; how many each row
    has; and each row's total (exact: whole numbers or halves, in any order)."""
    rows, values = joints.shape
    positive = 0
    for row in range(rows):
        for value in range(values):
            if joints[row, value] > 0.0:
                positive += 1
    shares = np.empty(positive)
    counts = np.zeros(rows, dtype=np.int64)
    sums = np.zeros(rows)
    made = 0
    for row in range(rows):
        total = 0.0
        for value in range(values):
            total += joints[row, value]
        sums[row] = total
        for value in range(values):
            weight = joints[row, value]
            if weight > 0.0:
                shares[made] = weight / total
                counts[row] += 1
                made += 1
    return shares, counts, sums


@compiled
def _gains(
    shares: FloatArray,
    logs: FloatArray,
    counts: IntArray,
    sums: FloatArray,
    total: float,
    entropy: float,
    starts: IntArray,
) -> tuple[FloatArray, FloatArray]:
    """:func:`outcome_gains` from the shares and their logarithms: each row's entropy
    summed as numpy sums a row (:func:`_pairwise`), each action's expected entropy
    after it added outcome after outcome."""
    terms = shares * logs
    rows = len(counts)
    entropies = np.zeros(rows)
    chances = np.empty(rows)
    start = 0
    for row in range(rows):
        if counts[row] > 1:
            entropies[row] = -_pairwise(terms, start, counts[row])
        start += counts[row]
        chances[row] = sums[row] / total
    gains = np.zeros(len(starts) - 1)
    for action in range(len(gains)):
        live = 0
        remaining = 0.0
        for row in range(starts[action], starts[action + 1]):
            if chances[row] > 0.0:
                live += 1
                remaining += chances[row] * entropies[row]
        gain = entropy - remaining
        if live > 1 and gain > 0.0:
            gains[action] = gain
    return chances, gains


@compiled
def _pairwise(values: FloatArray, start: int, count: int) -> float:
    """The sum of ``values[start:start + count]`` exactly as numpy adds them up (its
    pairwise summation: one after another below 8 values, in 8 running sums up to
    128, else the two halves, split at a multiple of 8), so to the last bit.

    >>> values = np.array([0.1] * 300 + [1e-17] * 13)
    >>> _pairwise(values, 0, len(values)) == float(values.sum())
    True
    """
    if count < 8:
        found = 0.0
        for i in range(start, start + count):
            found += values[i]
        return found
    if count <= 128:
        sums = values[start : start + 8].copy()
        i = 8
        while i < count - count % 8:
            for j in range(8):
                sums[j] += values[start + i + j]
            i += 8
        total: float = ((sums[0] + sums[1]) + (sums[2] + sums[3])) + (
            (sums[4] + sums[5]) + (sums[6] + sums[7])
        )
        while i < count:
            total += values[start + i]
            i += 1
        return total
    half = count // 2
    half -= half % 8
    halves: float = _pairwise(values, start, half) + _pairwise(values, start + half, count - half)
    return halves
