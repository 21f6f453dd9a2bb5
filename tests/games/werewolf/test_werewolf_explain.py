"""Why a fact is certain: a minimal set of events, checked against the reference."""

from __future__ import annotations

import pytest
from test_werewolf_solvers import SPEC

from wooolf_solver.core.errors import InconsistentRecordError, InvalidRecordError
from wooolf_solver.core.reasons import NEGATION_EVENT, challenged
from wooolf_solver.engines import get_engine
from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.explain import explain, explanations
from wooolf_solver.games.werewolf.model import knowledge_of
from wooolf_solver.games.werewolf.record import read_record

consistent = get_engine("brute").consistent


def test_the_spec_example_seat_4_lied_so_is_a_werewolf() -> None:
    record = read_record(SPEC)
    reason = GAME.explain(record, 4, "werewolf")
    assert reason.to_dict() == {"holds": True, "events": [4], "speech": "mimic"}
    assert reason.sentences == (
        "Event 4: seat 4 claims the seer (saw 2: werewolf).",
        "So seat 4 is the werewolf.",
    )
    assert explain(record, 1, "werewolf").to_dict() == {"holds": False, "speech": "mimic"}


def test_every_certain_fact_has_a_minimal_reason() -> None:
    record = read_record(SPEC)
    knowledge = knowledge_of(record)
    reasons = explanations(record)
    assert len(reasons) > 5
    for fact, reason in reasons.items():
        challenge = challenged(knowledge, fact)
        assert not consistent(challenge.restricted([*reason.events, NEGATION_EVENT]))
        for event in reason.events:
            rest = [e for e in reason.events if e != event]
            assert consistent(challenge.restricted([*rest, NEGATION_EVENT])), (fact, event)


def test_bad_questions_and_contradictions() -> None:
    record = read_record(SPEC)
    with pytest.raises(InvalidRecordError, match=r"^seat: must be between 1 and 9, not 10$"):
        explain(record, 10, "werewolf")
    with pytest.raises(InvalidRecordError, match=r"^role: nobody plays 'cupid'"):
        explain(record, 1, "cupid")
    bad = {**SPEC, "events": [*SPEC["events"][:2], {"dawn": 1, "dead": [5], "cards": {5: "witch"}}]}
    with pytest.raises(InconsistentRecordError) as caught:
        explain(read_record(bad), 1, "werewolf")
    assert caught.value.conflict == (2, 3)
