"""ONUW's ``csp`` engine (the generic python-constraint search over the game's model)
agrees exactly with the brute-force reference: the whole ``Solution``, consistency and
the minimal conflict, on the played deals of :func:`test_onuw_fast.played` and the
conflicting ones of :func:`test_onuw_fast.conflicting`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_onuw_fast import conflicting, played

from wooolf_solver.games.onuw import brute
from wooolf_solver.games.onuw.engines import CspEngine, find_engine
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.record import DealRecord


def agree(record: DealRecord) -> None:
    knowledge = knowledge_of(record)
    expected = brute.solve_knowledge(knowledge)
    engine = find_engine("csp")
    assert isinstance(engine, CspEngine)
    assert engine.consistent(knowledge) == expected.consistent
    assert engine.solution(knowledge) == expected
    if not expected.consistent:
        assert engine.conflict(knowledge) == expected.conflict


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans(), st.booleans())
def test_agrees_with_brute_force(seed: int, viewpoint: bool, custom: bool) -> None:
    agree(played(seed, 3, viewpoint=viewpoint, custom=custom))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_on_conflicts(seed: int) -> None:
    agree(conflicting(seed))
