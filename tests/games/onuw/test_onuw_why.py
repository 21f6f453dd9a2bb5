"""`why` for ONUW: a minimal, re-verified set of claims and the viewpoint's night that
forces a fact, in sentences."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import run

from wooolf_solver.core.errors import InconsistentRecordError, InvalidRecordError
from wooolf_solver.core.posterior import Fact
from wooolf_solver.core.reasons import challenged, forces
from wooolf_solver.games.onuw.engines import find_engine
from wooolf_solver.games.onuw.explain import explain, explanations
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.record import read_record

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "onuw"
BASE: dict[str, Any] = {"game": "onuw", "players": 3, "viewpoint": 1}
CENTRE = {"c1": "robber", "c2": "troublemaker"}
SEER = {**BASE, "cards": {1: "seer"}, "night": {1: {"centre": CENTRE}}}

pytestmark = pytest.mark.usefixtures("plain_console")


def test_the_seer_who_saw_the_centre() -> None:
    record = read_record(SEER)
    why = explain(record, 3, "werewolf")
    assert why.holds and why.events == ("night",)
    assert why.sentences[-1] == "So seat 3 holds a werewolf at dawn."
    night = "At night you looked at c1 and c2 and saw the robber and the troublemaker."
    assert night in why.sentences


def test_a_liar_exposed_by_the_robbers_night() -> None:
    record = read_record(
        {
            "game": "onuw", "players": 4, "bots": [4], "viewpoint": 2,
            "cards": {2: "robber"}, "night": {2: {"robbed": 3, "got": "seer"}},
            "claims": [{"seat": 1, "role": "seer", "saw": {3: "werewolf"}}],
        }
    )  # fmt: skip
    why = explain(record, 1, "liar")
    assert why.holds and why.events == ("night",)
    text = " ".join(why.sentences)
    assert "If seat 1 told the truth it was dealt the seer; but you took the seer from seat 3" in (
        text
    )
    assert "so seat 1 lies, and only the werewolf team lies" in text


def test_the_reason_is_minimal_and_forces_the_fact() -> None:
    record = read_record(
        {
            **BASE, "edition": "official", "cards": {1: "seer"},
            "night": {1: {"saw": {2: "werewolf"}}},
            "claims": [
                {"seat": 2, "role": "troublemaker", "swapped": [1, 3]},
                {"seat": 3, "role": "robber", "robbed": 1, "got": "seer"},
            ],
        }
    )  # fmt: skip
    why = explain(record, 1, "werewolf", holds=False)
    assert why.holds and set(why.events) == {"night", 2}
    engine = find_engine()
    challenge = challenged(knowledge_of(record), Fact(1, "werewolf", False))
    assert forces(challenge, why.events, engine)
    for event in why.events:
        assert not forces(challenge, [e for e in why.events if e != event], engine)


def test_an_uncertain_fact_says_so() -> None:
    record = read_record({**BASE, "cards": {1: "seer"}, "night": {1: {"saw": {2: "robber"}}}})
    why = explain(record, 3, "werewolf")
    assert not why.holds and why.chance is not None and 0 < why.chance < 1
    assert why.to_dict()["holds"] is False


def test_explanations_cover_the_certain_dawn_cards() -> None:
    record = read_record(SEER)
    reasons = explanations(record)
    assert {(fact.seat, fact.identity) for fact in reasons} >= {(2, "werewolf"), (3, "werewolf")}
    assert all(reason.holds for reason in reasons.values())


def test_bad_questions() -> None:
    record = read_record({**BASE, "cards": {1: "seer"}})
    with pytest.raises(InvalidRecordError, match="out of range"):
        explain(record, 9, "werewolf")
    with pytest.raises(InvalidRecordError, match="deck has no minion"):
        explain(record, 2, "minion")
    with pytest.raises(InvalidRecordError, match="made no claim"):
        explain(record, 2, "liar")
    bad = read_record(
        {**BASE, "cards": {1: "seer"}, "night": {1: {"saw": {2: "troublemaker"}}},
         "claims": [{"seat": 2, "role": "robber"}]}
    )  # fmt: skip
    with pytest.raises(InconsistentRecordError):
        explain(bad, 2, "werewolf")


def test_the_why_verb(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "official-3p-lies.yaml")
    status, out, _ = run(capsys, "why", path, "2", "liar", "--json")
    data = json.loads(out)
    assert status == 0 and data["holds"] and data["events"] == ["night"]
    status, out, _ = run(capsys, "why", path, "2", "liar")
    assert status == 0 and "but you saw a werewolf at seat 2 before anyone moved" in " ".join(
        out.split()
    )
    status, out, _ = run(capsys, "why", path, "2", "seer")
    assert status == 0 and "No: on the contrary, it is certain that seat 2 does not hold" in out
    status, out, _ = run(capsys, "solve", path, "--why")
    assert status == 0 and "No other seat's dawn card is certain." in out
