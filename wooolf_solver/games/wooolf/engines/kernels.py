"""The compiled loops of :mod:`.deals`: the decision and its joints with every free
seat's hand, read off the rows in one pass each, and an event's split of the rows.
The loops are C (``_kernels.c``, built when the package is installed); these functions
give them their arrays and allocate what they fill. :mod:`.array_kernels` has the
same functions as numpy array operations, used where the C loops were not built (an
install without a C compiler) and held to the same bits by the tests: a reference twin,
kept on purpose, whose signatures repeat these (its module docstring says why).

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

# ruff: noqa: PLR0917 (the loops take their arrays by position)

from __future__ import annotations

import numpy as np

from ....engines.lattice import BoolArray, FloatArray, IntArray
from . import _kernels
from .hands import HandRows, Plan


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
    decision = np.zeros(size)
    touched_codes = np.empty(len(hands), dtype=np.int64)
    _kernels.decision_weights(
        hands, place, labels, states, weights, ways, codes, counts, decision, touched_codes
    )
    return decision, touched_codes


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
    joint = np.zeros((hands.shape[1], hand_types, int(rank.max()) + 1))
    _kernels.touched_joint(hands, touched_codes, states, weights, ways, codes, counts, rank, joint)
    return joint


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
    """The weight of every (hand type, decision value) of the first untouched seat:
    the rows summed per (touched code, state), then every hand the seat may take from
    the state (``plan``: the moves out of each state, each with its state after, hand
    and ways), the other untouched seats labelled every way (``other_codes``: one
    code per labelling; ``counts``: its column of ``ways_after``, the completion after
    one more seat). No event reads an untouched seat, so every other one has the same
    weights, each at the value whose code has that seat's digit and the first's
    swapped: those values too, for every untouched seat (seat × value; the first's:
    its own; ``place``: each untouched seat's digit value; ``support``: every value's
    code, in ``base``)."""
    values = int(rank.max()) + 1
    joint = np.zeros((hand_types, values))
    mirror = np.empty((len(place), values), dtype=np.int64)
    keys = touched_codes * (int(states.max()) + 1) + states
    order = np.argsort(keys, kind="stable")
    first, moves, out = plan
    _kernels.untouched_joint(
        order, keys, touched_codes, states, weights, first, moves, out.dst, out.hand,
        out.weight, labels, place, other_codes, counts, ways_after, rank, support, base,
        joint, mirror,
    )  # fmt: skip
    return joint, mirror


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
    """Every row split into the moves out of its state (``plan``, as
    :func:`untouched_joint`) that deal an ``allowed`` hand type: the new seat's hand
    added as a last column, each new row's weight times an observation's numerator
    ``table[a, b]`` (``reads``: the column of the new row whose hand is ``a``, then
    ``b``; -1 for index 0; both -1: no observation), the rows it zeroes left out, in
    the order of their rows and moves. ``False`` (and no rows) when there would be
    more than ``most`` rows before the observation."""
    first, moves, out = plan
    total = _kernels.split_count(states, first, moves, out.hand, allowed)
    fits = total <= most
    size = total if fits else 0
    new_hands = np.empty((size, hands.shape[1] + 1), dtype=np.int8)
    new_states = np.empty(size, dtype=np.int64)
    new_coef = np.empty(size, dtype=np.int64)
    new_weights = np.empty(size)
    made = 0
    if size:
        made = _kernels.split_fill(
            hands, states, coef, weights, first, moves, out.dst, out.hand, out.weight,
            out.coef, allowed, table, reads, new_hands, new_states, new_coef, new_weights,
        )  # fmt: skip
    return fits, new_hands[:made], new_states[:made], new_coef[:made], new_weights[:made]


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
    new_hands = np.empty(hands.shape, dtype=np.int8)
    new_states = np.empty(rows, dtype=np.int64)
    new_coef = np.empty(rows, dtype=np.int64)
    new_weights = np.empty(rows)
    made = _kernels.observe_rows(
        hands, states, coef, weights, table, reads, new_hands, new_states, new_coef, new_weights
    )
    return new_hands[:made], new_states[:made], new_coef[:made], new_weights[:made]


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
    found = np.zeros((len(columns), hand_types))
    _kernels.hand_weights(
        hands, columns, filled, states, weights, move_src, move_hand, move_ways, found
    )
    return found


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
    return _kernels.holders_certain(per_hand, labels, targets, known_held, known_alone)


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
    rows = len(joints)
    shares = np.empty(joints.size)
    counts = np.empty(rows, dtype=np.int64)
    sums = np.empty(rows)
    made = _kernels.shares(joints, shares, counts, sums)
    shares = shares[:made]
    chances = np.empty(rows)
    gains = np.empty(len(starts) - 1)
    _kernels.gains(
        shares * np.log2(shares), counts, sums, float(total), float(entropy), starts, chances,
        gains,
    )  # fmt: skip
    return chances, gains


def pairwise_sum(values: FloatArray) -> float:
    """The sum of ``values`` exactly as numpy adds them up (its pairwise summation: one
    after another below 8 values, in 8 running sums up to 128, else the two halves,
    split at a multiple of 8), so to the last bit: how :func:`outcome_gains` sums the
    terms of each outcome's entropy.

    >>> values = np.array([0.1] * 300 + [1e-17] * 13)
    >>> pairwise_sum(values) == float(values.sum()), pairwise_sum(values) == sum(values.tolist())
    (True, False)
    """
    return _kernels.pairwise_sum(values)
