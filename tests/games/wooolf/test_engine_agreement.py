"""Every engine agrees with brute force on random records true to a real deal.

For each engine of a round but ``brute`` (the counter, Wooolf!!'s own CP-SAT model,
python-constraint) and the generic CP-SAT model, over the records of
:mod:`strategies`, some of them falsified:

- its :class:`Tally`: the same ``deals`` (exactly), total, per-seat identity weights
  and decision weights (1e-9 relative), and the same identities and decision values
  with non-zero weight (certainty is exact);
- through :func:`solve`: the same roles, certain facts and declarations, or the same
  conflict for an inconsistent record; and ``consistent`` agrees with ``deals > 0``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import event, given, settings
from strategies import Record, Sample, records, samples

from wooolf_solver import InconsistentRecordError, Round, solve
from wooolf_solver.engines import Engine, Tally, get_engine
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.games.wooolf.engines import ENGINES
from wooolf_solver.games.wooolf.engines import engine as round_engine
from wooolf_solver.games.wooolf.model import knowledge_of
from wooolf_solver.games.wooolf.posterior import RoundPosterior as Posterior

REL = 1e-9
BRUTE = BruteForceEngine()
OTHERS = [name for name in ENGINES if name != "brute"]
GENERIC_CPSAT = "cpsat (generic)"


@pytest.fixture(scope="module", params=[*OTHERS, GENERIC_CPSAT])
def engine(request: pytest.FixtureRequest) -> Engine:
    """An engine to check: one of a round's, or the generic CP-SAT model."""
    name: str = request.param
    return get_engine("cpsat") if name == GENERIC_CPSAT else round_engine(name)


def close(got: float, expected: float) -> bool:
    return math.isclose(got, expected, rel_tol=REL, abs_tol=0.0)


def support(weights: Mapping[Any, float]) -> set[Any]:
    return {key for key, weight in weights.items() if weight > 0}


def assert_weights(got: Mapping[Any, float], expected: Mapping[Any, float], what: str) -> None:
    """Same keys with non-zero weight (exactly), same weights (1e-9 relative)."""
    assert support(got) == support(expected), what
    for key in support(expected):
        assert close(got[key], expected[key]), f"{what} {key}: {got[key]} != {expected[key]}"


def assert_same_tally(got: Tally, expected: Tally) -> None:
    assert got.deals == expected.deals
    assert isinstance(got.deals, int)
    assert close(got.total, expected.total), (got.total, expected.total)
    for seat in set(got.roles) | set(expected.roles):
        assert_weights(got.roles.get(seat, {}), expected.roles.get(seat, {}), f"seat {seat}")
    assert_weights(got.decision, expected.decision, "decision")


def assert_same_posterior(got: Posterior, expected: Posterior) -> None:
    assert got.deals == expected.deals
    assert got.roles.keys() == expected.roles.keys()
    for seat, roles in expected.roles.items():
        assert_weights(got.roles[seat], roles, f"roles of seat {seat}")
    assert got.certain == expected.certain
    mine = {d.targets: d for d in got.declarations()}
    theirs = {d.targets: d for d in expected.declarations()}
    assert mine.keys() == theirs.keys()
    for targets, declaration in theirs.items():
        assert close(mine[targets].probability, declaration.probability), targets
        assert mine[targets].certain == declaration.certain, targets


def check_agreement(engine: Engine, record: Record) -> None:
    round_ = Round.from_dict(record)
    knowledge = knowledge_of(round_)
    expected = BRUTE.tally(knowledge)
    event(f"{round_.setup.players} players, {'consistent' if expected.deals else 'inconsistent'}")
    assert_same_tally(engine.tally(knowledge), expected)
    assert engine.consistent(knowledge) == (expected.deals > 0)
    if expected.deals:
        assert_same_posterior(solve(round_, engine=engine.name), Posterior(knowledge, expected))
        return
    with pytest.raises(InconsistentRecordError) as brute_error:
        solve(round_, engine="brute")
    with pytest.raises(InconsistentRecordError) as engine_error:
        solve(round_, engine=engine.name)
    assert engine_error.value.conflict == brute_error.value.conflict


@given(record=records(corrupt=None))
def test_engine_agrees_with_brute_force(engine: Engine, record: Record) -> None:
    check_agreement(engine, record)


@given(record=records(corrupt=True, players=(4, 5)))
def test_engine_agrees_on_falsified_small_records(engine: Engine, record: Record) -> None:
    check_agreement(engine, record)


@pytest.mark.slow
@settings(max_examples=max(4, settings().max_examples // 6))
@given(record=records(corrupt=None, players=(6, 7, 8), max_deals=15_000, max_turns=12))
def test_engine_agrees_on_bigger_records(engine: Engine, record: Record) -> None:
    check_agreement(engine, record)


# -- the generator and the model, checked with brute force alone ------------------------


@given(sample=samples(corrupt=False))
def test_a_true_record_is_consistent_with_its_deal(sample: Sample) -> None:
    """A record played honestly from a deal admits that deal: the real identities all
    have non-zero probability, and the real deal's weight is positive."""
    round_ = Round.from_dict(sample.record)
    knowledge = knowledge_of(round_)
    assert knowledge.likelihood(sample.deal) > 0
    posterior = Posterior(knowledge, BRUTE.tally(knowledge))
    for seat, hand in sample.deal.items():
        assert posterior.roles[seat].get(round_.game.identity(hand).name, 0.0) > 0


@given(record=records(corrupt=True, players=(4, 5, 6)))
def test_the_conflict_is_minimal(record: Record) -> None:
    """Brute force's conflict cannot all hold, and any one of them dropped, can."""
    knowledge = knowledge_of(Round.from_dict(record))
    if BRUTE.consistent(knowledge):
        return
    with pytest.raises(InconsistentRecordError) as error:
        solve(Round.from_dict(record), engine="brute")
    conflict = error.value.conflict
    assert conflict
    assert set(conflict) <= set(knowledge.events)
    assert not BRUTE.consistent(knowledge.restricted(conflict))
    for dropped in conflict:
        assert BRUTE.consistent(knowledge.restricted(e for e in conflict if e != dropped))
