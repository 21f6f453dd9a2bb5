"""The rows of :mod:`wooolf_solver.games.wooolf.engines.deals` give the counter's answers.

Inside :func:`~wooolf_solver.games.wooolf.engines.memo.sharing` (the lab) the counter answers
small positions from rows kept per viewpoint and updated event by event, so the
positions are asked here as the lab asks them: prefixes of one round's events, in
any order. Every answer must be the brute force's, and the counter's passes' to the
last bit (the weights are whole numbers, exact in floats).
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace

import numpy as np
import pytest
from helpers import IN_CI
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st
from strategies import Record, records
from test_engine_agreement import BRUTE, assert_same_tally

from wooolf_solver import Round, solve
from wooolf_solver.games.wooolf.engines import array_kernels, deals
from wooolf_solver.games.wooolf.engines.counter import CountingEngine
from wooolf_solver.games.wooolf.engines.deals import array_loops, loops
from wooolf_solver.games.wooolf.engines.memo import sharing
from wooolf_solver.games.wooolf.engines.solver import certain_declaration
from wooolf_solver.games.wooolf.model import RoundKnowledge, knowledge_of
from wooolf_solver.games.wooolf.posterior import RoundPosterior, certain_by_roles, certain_of

COUNTER = CountingEngine()

BOTH_LOOPS = pytest.mark.parametrize("compiled", [False, True], ids=["arrays", "compiled"])
"""The rows read by numpy's array operations, or by the C loops."""


def test_the_c_loops_are_built() -> None:
    """The install compiled the C loops, and the rows are read with them (where
    ``CI=true`` a build without them fails; elsewhere, without a C compiler, the
    checks of the C loops skip)."""
    if loops() is array_kernels and not IN_CI:
        pytest.skip("the C loops were not built (no C compiler at install)")
    assert loops().__name__ == "wooolf_solver.games.wooolf.engines.kernels"
    with array_loops():
        assert loops() is array_kernels


def prefixes(record: Record) -> list[RoundKnowledge]:
    """The record's knowledge after each number of events (0 to all)."""
    knowledge = knowledge_of(Round.from_dict(record))
    return [
        replace(knowledge, observations=knowledge.observations[:k])
        for k in range(len(knowledge.observations) + 1)
    ]


def check_in_order(record: Record, order: list[int], brute: bool, compiled: bool) -> int:
    """Ask the prefixes in ``order`` inside one sharing block; compare each answer
    with the passes' (outside it: the counter answers from rows only inside) and,
    with ``brute``, the brute force's. Returns how many positions the rows answered."""
    positions = prefixes(record)
    asked = [positions[k % len(positions)] for k in order]
    tallies = [COUNTER._tally(knowledge) for knowledge in asked]
    joints = [COUNTER._decision_by_hand(k) if k.targets else None for k in asked]
    answered = 0
    if compiled and loops() is array_kernels:
        pytest.skip("the C loops were not built")
    with sharing(), nullcontext() if compiled else array_loops():
        for knowledge, passed, passes in zip(asked, tallies, joints, strict=True):
            rows = deals.deals_of(knowledge)
            if rows is None or not len(rows.weights):
                continue
            answered += 1
            tally = deals.tally(knowledge, rows)
            assert tally == passed  # the very same floats
            if brute:
                assert_same_tally(tally, BRUTE.tally(knowledge))
            if passes is not None:
                values = [value for value, weight in passed.decision.items() if weight]
                roles = deals.roles(knowledge, rows)
                assert roles == passed.roles
                assert certain_by_roles(knowledge, roles) == certain_of(knowledge, values)
                assert deals.certain(knowledge, rows) == certain_of(knowledge, values)
                joint = deals.decision_by_hand(knowledge, rows)
                assert joint.decisions == passes.decisions
                assert np.array_equal(joint.weights, passes.weights)
                assert joint.by_hand.keys() == passes.by_hand.keys()
                for seat, table in passes.by_hand.items():
                    assert np.array_equal(joint.by_hand[seat], table), seat
                assert joint.tally == passes.tally
    return answered


@BOTH_LOOPS
@given(
    record=records(corrupt=False, viewpoint=True),
    order=st.lists(st.integers(0, 40), min_size=1, max_size=12),
)
def test_rows_agree_with_brute_force_on_prefixes_in_any_order(
    record: Record, order: list[int], compiled: bool
) -> None:
    check_in_order(record, order, brute=True, compiled=compiled)


@BOTH_LOOPS
@settings(max_examples=max(10, settings().max_examples // 2))
@given(
    record=records(corrupt=False, players=(7, 8), max_deals=10**12, viewpoint=True),
    order=st.lists(st.integers(0, 40), min_size=1, max_size=16),
)
def test_rows_agree_with_the_passes_on_bigger_rounds(
    record: Record, order: list[int], compiled: bool
) -> None:
    answered = check_in_order(record, order, brute=False, compiled=compiled)
    event(f"rows answered {min(answered, 3)}+ positions")


@BOTH_LOOPS
def test_rows_answer_the_positions_of_a_big_table(compiled: bool) -> None:
    """A whole 8-player round asked backwards: the rows answer every position, the
    first ones too (their untouched seats folded), each the passes' answer."""
    record = {
        "game": "wooolf",
        "players": 8,
        "viewpoint": 1,
        "hands": {1: ["hunter", "sheep"]},
        "events": [
            {"seat": 1, "peek": 2, "sees": "sheep"},
            {"seat": 2, "peek": 3, "says": "wolf"},
            {"seat": 3, "ask": 4, "question": "has-hound", "answer": "no"},
            {"seat": 4, "peek": 5, "says": "sheep"},
            {"seat": 5, "peek": 6, "says": "hound"},
            {"seat": 6, "ask": 7, "question": "has-sheep", "answer": "yes"},
            {"seat": 7, "peek": 8, "says": "sheep"},
            {"seat": 8, "peek": 1, "says": "hunter"},
            {"seat": 1, "peek": 3, "sees": "wolf"},
        ],
    }
    answered = check_in_order(record, list(range(9, -1, -1)), brute=False, compiled=compiled)
    assert answered == 10


@given(record=records(corrupt=False, viewpoint=True))
def test_the_certain_declaration_is_the_best_ones_certainty(record: Record) -> None:
    """The posterior's, and the lab's from the seats' identity weights alone (inside a
    sharing block, from the rows); the best declaration alone is the ranking's first,
    and any declaration read alone is the ranking's."""
    round_ = Round.from_dict(record)
    posterior = solve(round_)
    best = posterior.declarations(at_least=1)
    expected = bool(best) and best[0].certain
    assert posterior.best_declaration() == (best[0] if best else None)
    assert posterior.certain_declaration == expected
    assert certain_declaration(round_) == expected
    with sharing():
        assert certain_declaration(round_) == expected
    for declaration in posterior.declarations(at_least=1):  # each one read alone
        assert posterior.declaration(declaration.targets) == declaration


@given(record=records(corrupt=False, viewpoint=True), scale=st.sampled_from([1.0, 3.0]))
def test_the_chances_off_the_pointers_tables_are_the_tables_to_the_bit(
    record: Record, scale: float
) -> None:
    """Whole weights below 2**53 are read off the pointers' tables (sums exact in any
    order): the very chances and certainties of the candidates' table's product and
    each pointer's check, which fractional or bigger weights still take."""
    posterior = solve(Round.from_dict(record))
    assert isinstance(posterior, RoundPosterior)
    assume(bool(posterior.knowledge.targets) and len(posterior.weights) > 0)
    table = posterior.table
    for weights in (posterior.weights * scale, posterior.weights + 0.5):
        chances, certain = table._chances(weights)
        expected_certain = table._certain(weights > 0)
        expected = (table.ones @ weights) / float(weights.sum())
        expected[expected_certain] = 1.0
        assert np.array_equal(certain, expected_certain)
        assert np.array_equal(chances, expected)


def test_the_c_loops_read_views_and_refuse_other_element_types() -> None:
    """A view with strides is read through a copy (the same answer); an array of
    another element type is refused with an error naming the argument."""
    if loops() is array_kernels:
        pytest.skip("the C loops were not built")
    c_loops = loops()
    per_hand = np.array([[1.0, 0.0], [2.0, 3.0]])
    labels, nobody = np.array([0, 1]), np.array([False])
    reversed_view = per_hand[::-1]  # strides, not C-contiguous
    assert c_loops.holders_certain(reversed_view, labels, 1, nobody, nobody) is True
    with pytest.raises(TypeError, match="argument 2"):
        c_loops.holders_certain(per_hand, labels.astype(np.int32), 1, nobody, nobody)
