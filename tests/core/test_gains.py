"""The one tie rule of the hints (:func:`wooolf_solver.core.gains.ranked`), against
its definition: the same options, best first by the rounded gain, equal rounded gains
in the game's order; unrounded, the order numpy's ``lexsort`` gives (Wooolf!!'s former
ranking)."""

from __future__ import annotations

import random
from itertools import pairwise

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.gains import DIGITS, ranked

# gains near a few values, so that rounded ties (and ties a few ulps apart) are common
GAINS = st.lists(
    st.tuples(
        st.sampled_from([0.0, 0.5, 0.9182958340544896, 1.0, 1.584962500721156]),
        st.sampled_from([0.0, 1e-15, -1e-15, 3e-16, 1e-6]),
    ).map(lambda pair: max(0.0, pair[0] + pair[1])),
    max_size=12,
)


@given(GAINS, st.randoms(use_true_random=False))
def test_rounded_gains_rank_first_then_the_games_order(
    gains: list[float], rng: random.Random
) -> None:
    keys = list(range(len(gains)))
    rng.shuffle(keys)
    order = ranked(range(len(gains)), gains.__getitem__, keys.__getitem__)
    assert sorted(order) == list(range(len(gains)))
    rounded = [round(gains[k], DIGITS) for k in order]
    assert rounded == sorted(rounded, reverse=True)
    for a, b in pairwise(order):
        if round(gains[a], DIGITS) == round(gains[b], DIGITS):
            assert keys[a] < keys[b]


@given(GAINS)
def test_no_key_keeps_the_given_order_of_equal_gains(gains: list[float]) -> None:
    order = ranked(range(len(gains)), gains.__getitem__)
    for a, b in pairwise(order):
        if round(gains[a], DIGITS) == round(gains[b], DIGITS):
            assert a < b


@given(GAINS, st.randoms(use_true_random=False))
def test_unrounded_is_the_lexsort_of_gains_and_keys(gains: list[float], rng: random.Random) -> None:
    keys = list(range(len(gains)))
    rng.shuffle(keys)
    order = ranked(range(len(gains)), gains.__getitem__, keys.__getitem__, None)
    assert order == np.lexsort((np.array(keys), -np.array(gains))).tolist()
