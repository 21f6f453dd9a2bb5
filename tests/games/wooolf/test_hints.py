"""Hints: the spec's worked example, agreement with brute force, and ``wooolf hint``.

- The worked example of ``shared/spec/record.md`` (``hint`` section and worked
  example), to 1e-6, and the JSON object's keys exactly as the spec gives them.
- On random records played from a real deal (:mod:`strategies`), the native hint
  (the counting engine's joint of decision and hand) agrees with the naive twin on
  the brute-force engine (one fresh tally per outcome): the same actions, outcomes
  and probabilities, gains and best-after chances (1e-9), and the same entropy.
- The command line: the JSON is the library's object, the readable output names
  the actions in words, and errors are one line with the usual exit statuses.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import GAME, Record, samples

from wooolf_solver import Hint, Round, hint
from wooolf_solver.cli import main
from wooolf_solver.games.wooolf.engines import array_kernels
from wooolf_solver.games.wooolf.engines.array_kernels import entropies
from wooolf_solver.games.wooolf.hints import _entropy

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
WORKED = EXAMPLES / "worked-example.yaml"
TOLERANCE = 1e-9

pytestmark = pytest.mark.usefixtures("plain_console")  # see conftest.py

ACTION_KEYS = {"action", "target", "gain_bits", "best_after", "outcomes"}
"""The keys of a peek in the spec's ``hint`` object; a question adds ``question``."""


@pytest.fixture(scope="module")
def worked() -> Hint:
    return hint(Round.load(WORKED))


def find(result: dict[str, Any], **action: Any) -> dict[str, Any]:
    found: dict[str, Any]
    (found,) = (
        entry
        for entry in result["actions"]
        if all(entry.get(key) == value for key, value in action.items())
        and ("question" in entry) == ("question" in action)
    )
    return found


# -- the worked example ------------------------------------------------------------------


def test_worked_example_entropy(worked: Hint) -> None:
    assert worked.to_dict()["entropy_bits"] == pytest.approx(2.683062, abs=1e-6)


def test_worked_example_best_action(worked: Hint) -> None:
    result = worked.to_dict()
    best = result["actions"][0]
    assert best == find(result, action="ask", target=1, question="is-sheep-shepherd-hunter")
    assert best["gain_bits"] == pytest.approx(0.998463, abs=1e-6)
    assert best["best_after"] == pytest.approx(0.807692, abs=1e-6)
    assert best["outcomes"] == pytest.approx({"no": 0.523077, "yes": 0.476923}, abs=1e-6)


def test_worked_example_peek(worked: Hint) -> None:
    peek = find(worked.to_dict(), action="peek", target=4)
    assert peek["gain_bits"] == pytest.approx(0.379081, abs=1e-6)
    assert peek["best_after"] == pytest.approx(0.642308, abs=1e-6)
    expected = {"sheep": 0.730769, "hound": 0.107692, "hunter?": 0.1, "hound?": 0.061538}
    assert peek["outcomes"] == pytest.approx(expected, abs=1e-6)


def test_worked_example_actions(worked: Hint) -> None:
    """Every action open to seat 2: a peek at each of the 5 other seats, and the
    5 questions to each of them (no neutral hand with 6 players)."""
    result = worked.to_dict()
    peeks = {entry["target"] for entry in result["actions"] if entry["action"] == "peek"}
    asked = {
        (entry["target"], entry["question"])
        for entry in result["actions"]
        if entry["action"] == "ask"
    }
    assert peeks == {1, 3, 4, 5, 6}
    assert asked == {(seat, question) for seat in peeks for question in GAME.questions}
    gains = [entry["gain_bits"] for entry in result["actions"]]
    assert gains == sorted(gains, reverse=True)


def test_json_keys_as_the_spec(worked: Hint) -> None:
    result = worked.to_dict()
    assert set(result) == {"entropy_bits", "actions"}
    for entry in result["actions"]:
        if entry["action"] == "peek":
            assert set(entry) == ACTION_KEYS
        else:
            assert entry["action"] == "ask"
            assert set(entry) == ACTION_KEYS | {"question"}
        assert sum(entry["outcomes"].values()) == pytest.approx(1.0, abs=TOLERANCE)
        assert all(chance > 0 for chance in entry["outcomes"].values())
    assert json.loads(json.dumps(result)) == result


def test_dead_actions(worked: Hint) -> None:
    """An action whose outcome is certain teaches nothing and keeps the best chance;
    seat 5 is certainly the shepherd, so every question to it is dead."""
    dead = [score for score in worked.actions if score.dead]
    assert {score.action.question for score in dead if score.action.target == 5} == set(
        GAME.questions
    )
    best_now = worked.advice.best.probability
    for score in worked.actions:
        assert score.dead == (len(score.outcomes) == 1)
        if score.dead:
            assert score.gain_bits == 0
            assert score.best_after == pytest.approx(best_now, abs=TOLERANCE)
            assert "teaches nothing" in score.reason()
        else:
            assert score.gain_bits >= 0


def test_worked_example_advice(worked: Hint) -> None:
    advice = worked.advice
    assert advice.best.targets == (6, 1)
    assert advice.early_now == pytest.approx(2 * 0.523077, abs=1e-6)
    assert advice.early_after == pytest.approx(2 * 0.807692, abs=1e-6)
    assert not advice.forced_guess and not advice.declare_now
    assert advice.recommendation().startswith("Take the best action first")


def test_questions_of_the_record() -> None:
    """Only the viewpoint's own question cards are asked when the record lists them."""
    data = Round.load(WORKED)
    record = {
        "game": "wooolf",
        "players": 6,
        "viewpoint": 2,
        "hands": {2: ["hunter", "sheep"]},
        "questions": ["has-hound"],
        "events": [{"seat": 2, "peek": 6, "sees": "wolf"}],
    }
    result = hint(Round.from_dict(record)).to_dict()
    assert {entry.get("question") for entry in result["actions"]} == {None, "has-hound"}
    assert len(result["actions"]) == 2 * len(data.seats) - 2  # 5 peeks, 5 questions


# -- agreement with brute force ----------------------------------------------------------


@st.composite
def hinted_records(draw: st.DrawFn, players: tuple[int, ...], max_deals: int) -> Record:
    """A consistent record with a viewpoint, sometimes listing its question cards."""
    record = draw(samples(viewpoint=True, players=players, max_deals=max_deals)).record
    if draw(st.booleans(), label="lists its questions"):
        questions = draw(st.lists(st.sampled_from(sorted(GAME.questions)), unique=True))
        record = {**record, "questions": questions}
    return record


def by_action(result: Hint) -> dict[tuple[str, int, str | None], dict[str, Any]]:
    """The JSON actions keyed by action (the order of equal gains is float noise)."""
    return {
        (entry["action"], entry["target"], entry.get("question")): entry
        for entry in result.to_dict()["actions"]
    }


def assert_agrees_with_brute(record: Record) -> None:
    round_ = Round.from_dict(record)
    native = hint(round_)
    naive = hint(round_, engine="brute", naive=True)
    assert math.isclose(native.entropy_bits, naive.entropy_bits, abs_tol=TOLERANCE)
    mine, reference = by_action(native), by_action(naive)
    assert mine.keys() == reference.keys()
    for key, expected in reference.items():
        got = mine[key]
        assert got["outcomes"].keys() == expected["outcomes"].keys(), key
        for outcome, chance in expected["outcomes"].items():
            assert math.isclose(got["outcomes"][outcome], chance, abs_tol=TOLERANCE), key
        for field in ("gain_bits", "best_after"):
            assert math.isclose(got[field], expected[field], abs_tol=TOLERANCE), (key, field)
    gains = [score.gain_bits for score in native.actions]
    assert all(a >= b - TOLERANCE for a, b in itertools.pairwise(gains))
    assert native.advice.best == naive.advice.best or math.isclose(
        native.advice.best.probability, naive.advice.best.probability, abs_tol=TOLERANCE
    )


@given(hinted_records(players=(4, 5, 6), max_deals=300))
def test_native_hint_agrees_with_brute_force(record: Record) -> None:
    assert_agrees_with_brute(record)


@pytest.mark.slow
@settings(max_examples=40)
@given(hinted_records(players=(4, 5, 6, 7, 8), max_deals=1000))
def test_native_hint_agrees_with_brute_force_larger(record: Record) -> None:
    assert_agrees_with_brute(record)


# -- the command line --------------------------------------------------------------------


def ranks(out: str) -> list[int]:
    """The ranks in the action table's first column."""
    return [int(match) for match in re.findall(r"^│ *(\d+) │", out, flags=re.MULTILINE)]


def test_cli_json(capsys: pytest.CaptureFixture[str], worked: Hint) -> None:
    status, out, err = run(capsys, "hint", str(WORKED), "--json")
    assert (status, err) == (0, "")
    assert out.count("\n") == 1
    assert json.loads(out) == json.loads(json.dumps(worked.to_dict()))


def test_cli_json_lists_every_action(capsys: pytest.CaptureFixture[str], worked: Hint) -> None:
    status, out, _ = run(capsys, "hint", str(WORKED), "--json", "--top", "2")
    assert status == 0 and len(json.loads(out)["actions"]) == len(worked.actions)


def test_cli_readable(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "hint", str(WORKED))
    assert (status, err) == (0, "")
    for fact in (
        "You are seat 2",
        "the hunter",
        "Best declaration now: seat 6 (wolf), seat 1 (hound) — 52.3% right",
        "2.68 bits",
        "ask seat 1: “Is your identity sheep, shepherd",
        "1.00 bits",
        "80.8%",
        "no (52%) → wolf 6, hound 1: certain",
        "8 actions would teach nothing",
        "ask seat 5 has-hound",
        "Advice: Take the best action first",
        "… and 14 more actions",
    ):
        assert fact in " ".join(out.split()), fact
    assert ranks(out) == list(range(1, 9))


def test_cli_top(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", str(WORKED), "--top", "30")
    assert status == 0 and ranks(out) == list(range(1, 23))  # every action not dead
    assert "more action" not in out and "peek at seat 5" in out
    assert main(["hint", str(WORKED), "--top", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["four-players.yaml", "shepherd-exposed.yaml", "piglet.yaml"])
def test_cli_examples(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, err = run(capsys, "hint", str(EXAMPLES / name))
    assert (status, err) == (0, "")
    assert "What to do next" in out and "Advice: " in out


def test_cli_needs_a_viewpoint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "public.yaml"
    record.write_text(
        "game: wooolf\nplayers: 5\nevents:\n  - {seat: 1, peek: 2, says: sheep}\n",
        encoding="utf-8",
    )
    for options in ([], ["--json"]):
        status, out, err = run(capsys, "hint", str(record), *options)
        assert (status, out) == (2, "")
        assert err.count("\n") == 1 and err.startswith("wooolf: error: viewpoint")


def test_cli_inconsistent(capsys: pytest.CaptureFixture[str]) -> None:
    inconsistent = str(EXAMPLES / "inconsistent.yaml")
    status, out, err = run(capsys, "hint", inconsistent, "--json")
    assert (status, err) == (1, "")
    assert json.loads(out) == {"consistent": False, "conflict": [1, 3]}
    status, out, _ = run(capsys, "hint", inconsistent)
    assert status == 1 and out.count("\n") == 1 and "contradicts itself" in out


def weight_rows(values: int, rows: int) -> st.SearchStrategy[list[list[int]]]:
    """Rows of whole weights (many zero), each padded to ``values`` columns."""
    return st.lists(
        st.lists(st.integers(0, 2**40) | st.just(0), min_size=1, max_size=values),
        min_size=1,
        max_size=rows,
    ).map(lambda found: [row + [0] * (values - len(row)) for row in found])


@given(weight_rows(300, 40), st.randoms(use_true_random=False))
def test_the_entropies_of_all_outcomes_at_once_are_each_ones_to_the_last_bit(
    rows: list[list[int]], rng: Any
) -> None:
    """The hints take every outcome's entropy at once; each must be the one-row
    entropy's float exactly (the ranking breaks ties on equal gains)."""
    for row in rows:
        rng.shuffle(row)
    weights = np.array(rows, dtype=np.float64) / 2  # whole numbers, or halves
    one_by_one = [_entropy(row) for row in weights]
    assert entropies(weights).tolist() == one_by_one


@given(weight_rows(200, 30), st.lists(st.integers(1, 6), min_size=1, max_size=30))
def test_the_compiled_gains_are_the_arrays_gains_to_the_last_bit(
    rows: list[list[int]], sizes: list[int]
) -> None:
    """The C scoring gives every chance and gain the numpy one gives (the ranking
    breaks ties on equal gains)."""
    kernels = pytest.importorskip("wooolf_solver.games.wooolf.engines.kernels")
    joints = np.array(rows, dtype=np.float64) / 2  # whole numbers, or halves
    bounds = np.cumsum([0, *sizes])
    starts = bounds[bounds <= len(joints)]
    if starts[-1] != len(joints):
        starts = np.append(starts, len(joints))
    weights = joints.sum(axis=0) + 1
    total, entropy = float(weights.sum()), _entropy(weights)
    arrays = array_kernels.outcome_gains(joints, total, entropy, starts)
    compiled = kernels.outcome_gains(joints, total, entropy, starts)
    assert [a.tolist() for a in arrays] == [c.tolist() for c in compiled]
