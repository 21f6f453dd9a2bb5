"""ONUW's ``csp`` engine (the generic python-constraint search over the game's model)
agrees exactly with the generic brute force: every answer of the one tally,
consistency and the minimal conflict, on the played deals of
:func:`test_onuw_fast.played` and the conflicting ones of
:func:`test_onuw_fast.conflicting`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from onuw_reference import consistent, solved
from test_onuw_fast import conflicting, played

from wooolf_solver.engines.csp import ConstraintEngine
from wooolf_solver.games.onuw.engines import find_engine
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.record import DealRecord


def agree(record: DealRecord) -> None:
    knowledge = knowledge_of(record)
    expected = solved(knowledge, "brute")
    assert isinstance(find_engine("csp"), ConstraintEngine)
    assert consistent(knowledge, "csp") == expected["consistent"]
    assert solved(knowledge, "csp") == expected


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans(), st.booleans())
def test_agrees_with_brute_force(seed: int, viewpoint: bool, custom: bool) -> None:
    agree(played(seed, 3, viewpoint=viewpoint, custom=custom))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_on_conflicts(seed: int) -> None:
    agree(conflicting(seed))
