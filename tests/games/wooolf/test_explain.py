"""Explanations: the spec's worked example, every explanation re-checked by brute
force, and ``wooolf why`` / ``wooolf solve --why``.

The explanations are found with CP-SAT's core, shrunk and checked by the counting
engine; here the brute-force engine re-checks each one on its own:

- sufficient: the deck, the known hands and the explanation's events alone force
  the fact (with the fact's negation added, no world is left);
- minimal: dropping any one of the events, the fact is no longer forced;
- the verdict: a fact is explained (``holds``) exactly when brute force finds it
  certain (true in every consistent world).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run
from hypothesis import given, settings
from strategies import Record, samples

from wooolf_solver import Explanation, Fact, InconsistentRecordError, Round, explain
from wooolf_solver.core.reasons import challenged as _with_negation
from wooolf_solver.core.reasons import forces
from wooolf_solver.engines import get_engine
from wooolf_solver.games.wooolf.explain import explanations
from wooolf_solver.games.wooolf.model import RoundKnowledge, knowledge_of

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
WORKED = EXAMPLES / "worked-example.yaml"
BRUTE = get_engine("brute")

pytestmark = pytest.mark.usefixtures("plain_console")  # see conftest.py


@pytest.fixture(scope="module")
def worked() -> Round:
    return Round.load(WORKED)


# -- the worked example ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "identity", "events"),
    [(5, "shepherd", [3, 4]), (6, "wolf", [3]), (2, "hunter", [])],
)
def test_worked_example_certain(worked: Round, seat: int, identity: str, events: list[int]) -> None:
    why = explain(worked, seat, identity)
    assert why.holds
    assert why.to_dict() == {"holds": True, "events": events}
    assert why.sentences[-1].endswith(f"So seat {seat} is the {identity}.")


def test_worked_example_not_certain(worked: Round) -> None:
    why = explain(worked, 1, "hound")
    assert not why.holds
    assert why.to_dict() == {"holds": False}


def test_worked_example_negative_facts(worked: Round) -> None:
    """Seat 1 announced a sheep (event 1): only the shepherd would have said "wolf"."""
    assert explain(worked, 1, "shepherd", holds=False).to_dict() == {"holds": True, "events": [1]}
    assert explain(worked, 1, "hound", holds=False).to_dict() == {"holds": False}


def test_worked_example_sentences(worked: Round) -> None:
    sentences = explain(worked, 5, "shepherd").sentences
    assert sentences[0].startswith("The basic deck for 6 players deals:")
    assert sentences[1].startswith("Event 3: you peeked at seat 6 and saw wolf.")
    assert sentences[2].startswith("Event 4: seat 5 peeked at seat 1 and announced wolf.")
    assert "only the shepherd lies" in sentences[2]


def test_every_certain_fact(worked: Round) -> None:
    reasons = explanations(worked)
    assert {str(fact) for fact in reasons if fact.holds} == {
        "seat 2 is the hunter",
        "seat 5 is the shepherd",
        "seat 6 is the wolf",
    }
    assert all(reason.holds and reason.fact == fact for fact, reason in reasons.items())


def test_inconsistent_record() -> None:
    with pytest.raises(InconsistentRecordError) as raised:
        explain(Round.load(EXAMPLES / "inconsistent.yaml"), 1, "wolf")
    assert raised.value.conflict == (1, 3)


# -- every explanation re-checked by brute force -----------------------------------------


def check_explanations(record: Record) -> None:
    round_ = Round.from_dict(record)
    knowledge = knowledge_of(round_)
    event_numbers = set(range(1, len(round_.events) + 1))
    for seat in round_.seats:
        for identity in round_.game.characters:
            for holds in (True, False):
                fact = Fact(seat, identity, holds)
                challenged = _with_negation(knowledge, fact)
                certain = not BRUTE.consistent(challenged)
                why = explain(round_, seat, identity, holds)
                assert why.holds == certain, fact
                if certain:
                    assert_sufficient_and_minimal(why, challenged, event_numbers)
                    if seat in round_.hands:
                        assert why.events == (), fact  # the known hand alone forces it
                else:
                    assert why.to_dict() == {"holds": False}, fact


def assert_sufficient_and_minimal(
    why: Explanation, challenged: RoundKnowledge, event_numbers: set[int]
) -> None:
    events = list(why.events)
    assert events == sorted(set(events)) and set(events) <= event_numbers, why
    assert forces(challenged, events, BRUTE), f"not sufficient: {why.fact} by {events}"
    for dropped in events:
        rest = [event for event in events if event != dropped]
        assert not forces(challenged, rest, BRUTE), f"not minimal: {why.fact} without {dropped}"
    assert why.sentences[-1].endswith(f"So {why.fact}.")


@given(samples(players=(4, 5, 6), max_deals=300).map(lambda sample: sample.record))
def test_explanations_checked_by_brute_force(record: Record) -> None:
    check_explanations(record)


@pytest.mark.slow
@settings(max_examples=40)
@given(samples(players=(4, 5, 6, 7, 8), max_deals=1000).map(lambda sample: sample.record))
def test_explanations_checked_by_brute_force_larger(record: Record) -> None:
    check_explanations(record)


# -- the command line --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["5", "shepherd"], {"holds": True, "events": [3, 4]}),
        (["6", "WOLF"], {"holds": True, "events": [3]}),
        (["2", "hunter"], {"holds": True, "events": []}),
        (["1", "hound"], {"holds": False}),
        (["1", "shepherd", "--not"], {"holds": True, "events": [1]}),
        (["5", "shepherd", "--not"], {"holds": False}),
    ],
)
def test_cli_json(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: dict[str, object]
) -> None:
    status, out, err = run(capsys, "why", str(WORKED), *argv, "--json")
    assert (status, err) == (0, "")
    assert out.count("\n") == 1 and json.loads(out) == expected


def test_cli_readable(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "why", str(WORKED), "5", "shepherd")
    assert (status, err) == (0, "")
    text = " ".join(out.split())
    assert text.startswith("Yes, it is certain: seat 5 is the shepherd (events 3 and 4 force it).")
    assert "Event 3: you peeked at seat 6 and saw wolf." in text
    assert text.endswith("So seat 5 is the shepherd.")


@pytest.mark.parametrize(
    ("argv", "verdict"),
    [
        (
            ["1", "hound"],
            "No, it is not certain that seat 1 is the hound: seat 1 is the hound "
            "with chance 52.3%.",
        ),
        (
            ["1", "wolf"],
            "No: on the contrary, it is certain that seat 1 is not the wolf "
            "(add --not to see why).",
        ),
        (
            ["5", "shepherd", "--not"],
            "No: on the contrary, it is certain that seat 5 is the "
            "shepherd (leave out --not to see why).",
        ),
        (
            ["2", "hunter"],
            "Yes, it is certain: seat 2 is the hunter (the deck and the known hands force it).",
        ),
    ],
)
def test_cli_verdicts(capsys: pytest.CaptureFixture[str], argv: list[str], verdict: str) -> None:
    status, out, _ = run(capsys, "why", str(WORKED), *argv)
    assert status == 0 and " ".join(out.split()).startswith(verdict)


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["9", "wolf"], "seat: 9 is out of range"),
        (["x", "wolf"], "seat: 'x' is not a seat number"),
        (["1", "goat"], "unknown identity 'goat'"),
    ],
)
def test_cli_bad_fact(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    for options in ([], ["--json"]):
        status, out, err = run(capsys, "why", str(WORKED), *argv, *options)
        assert (status, out) == (2, "")
        assert err.count("\n") == 1 and err.startswith("wooolf: error: ") and fragment in err


def test_cli_inconsistent(capsys: pytest.CaptureFixture[str]) -> None:
    inconsistent = str(EXAMPLES / "inconsistent.yaml")
    status, out, err = run(capsys, "why", inconsistent, "1", "wolf", "--json")
    assert (status, err) == (1, "")
    assert json.loads(out) == {"consistent": False, "conflict": [1, 3]}
    status, out, _ = run(capsys, "why", inconsistent, "1", "wolf")
    assert status == 1 and out.count("\n") == 1 and "contradicts itself" in out


def test_cli_solve_why(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", str(WORKED), "--why")
    assert (status, err) == (0, "")
    text = " ".join(out.split())
    assert "1,560 deals" in text  # the table comes first
    assert text.count("The basic deck for 6 players deals") == 1  # said once
    for fact in (
        "• seat 5 is the shepherd — events 3 and 4",
        "• seat 6 is the wolf — event 3",
        "• seat 1 is not the shepherd — event 1",
    ):
        assert fact in text, fact
    assert "seat 2 is the hunter —" not in text  # your own hand needs no reason
    assert run(capsys, "solve", str(WORKED), "--why", "--json")[0] == 2
