# The C loops of _kernels.c; kernels.py gives them their arrays (see there).
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[Any]

def decision_weights(
    hands: Array,
    place: Array,
    labels: Array,
    states: Array,
    weights: Array,
    ways: Array,
    codes: Array,
    counts: Array,
    decision: Array,
    touched_codes: Array,
    /,
) -> None: ...
def touched_joint(
    hands: Array,
    touched_codes: Array,
    states: Array,
    weights: Array,
    ways: Array,
    codes: Array,
    counts: Array,
    rank: Array,
    joint: Array,
    /,
) -> None: ...
def untouched_joint(
    order: Array,
    keys: Array,
    touched_codes: Array,
    states: Array,
    weights: Array,
    first: Array,
    moves: Array,
    move_state: Array,
    move_hand: Array,
    move_ways: Array,
    labels: Array,
    place: Array,
    other_codes: Array,
    counts: Array,
    ways_after: Array,
    rank: Array,
    support: Array,
    base: int,
    joint: Array,
    mirror: Array,
    /,
) -> None: ...
def split_count(
    states: Array, first: Array, moves: Array, move_hand: Array, allowed: Array, /
) -> int: ...
def split_fill(
    hands: Array,
    states: Array,
    coef: Array,
    weights: Array,
    first: Array,
    moves: Array,
    move_state: Array,
    move_hand: Array,
    move_ways: Array,
    move_coef: Array,
    allowed: Array,
    table: Array,
    reads: Array,
    new_hands: Array,
    new_states: Array,
    new_coef: Array,
    new_weights: Array,
    /,
) -> int: ...
def observe_rows(
    hands: Array,
    states: Array,
    coef: Array,
    weights: Array,
    table: Array,
    reads: Array,
    new_hands: Array,
    new_states: Array,
    new_coef: Array,
    new_weights: Array,
    /,
) -> int: ...
def hand_weights(
    hands: Array,
    columns: Array,
    filled: Array,
    states: Array,
    weights: Array,
    move_src: Array,
    move_hand: Array,
    move_ways: Array,
    found: Array,
    /,
) -> None: ...
def holders_certain(
    per_hand: Array, labels: Array, targets: int, known_held: Array, known_alone: Array, /
) -> bool: ...
def shares(joints: Array, found: Array, counts: Array, sums: Array, /) -> int: ...
def pairwise_sum(values: npt.NDArray[np.float64], /) -> float: ...
def gains(
    terms: Array,
    counts: Array,
    sums: Array,
    total: float,
    entropy: float,
    starts: Array,
    chances: Array,
    found: Array,
    /,
) -> None: ...
