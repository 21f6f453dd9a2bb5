"""`review` names the first rule a game breaks, in play order (issue 8, item 6).

Each record is the first round of ``examples/game-6p-basic.yaml`` (valid as written),
with two things broken: the earlier one in play order must be the one named.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.core.documents import read_document
from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.wooolf.game import GameRecord

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "game-6p-basic.yaml"


def first_round() -> dict[str, Any]:
    data = copy.deepcopy(read_document(EXAMPLE))
    data["rounds"] = data["rounds"][:1]
    return data


def events(data: dict[str, Any]) -> list[dict[str, Any]]:
    return data["rounds"][0]["events"]


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidRecordError) as caught:
        GameRecord.from_dict(data)
    return str(caught.value)


def test_the_round_as_written_reads() -> None:
    assert len(GameRecord.from_dict(first_round()).round(1).events) == 14


def test_an_early_declaration_in_the_first_go_around_is_named_at_its_event() -> None:
    data = first_round()
    events(data)[4] = {"seat": 4, "declare": "early"}  # event 5; seat 4 acts again at 11
    assert refused(data) == (
        "round 1, event 5: seat 4 declared early in the round's first go-around "
        "(events 1..6: every player's first turn)"
    )


def test_a_broken_peek_comes_before_a_later_malformed_event() -> None:
    data = first_round()
    events(data)[3]["says"] = "sheep"  # event 4: the shepherd must cry wolf
    events(data)[11]["colour"] = "red"  # event 12: an unknown field
    message = refused(data)
    assert message.startswith("round 1, event 4: seat 3 (the shepherd) said 'sheep' about seat 1")


def test_a_wrong_answer_comes_before_a_later_turn_order_error() -> None:
    data = first_round()
    events(data)[2]["answer"] = False  # event 3: untruthful
    events(data)[7]["seat"] = 3  # event 8: out of turn
    assert refused(data).startswith("round 1, event 3: answer no, but seat 4 holds")


def test_a_malformed_event_keeps_its_own_number() -> None:
    data = first_round()
    events(data)[6]["colour"] = "red"
    assert refused(data).startswith("round 1, event 7: unknown field 'colour'")


def test_a_seat_acting_after_its_early_declaration() -> None:
    data = first_round()
    events(data)[11] = {"seat": 2, "ask": 6, "question": "has-sheep", "answer": True}
    assert refused(data) == (
        "round 1, event 12: seat 2 declared early in event 9 and takes no more actions"
    )


def test_an_event_after_the_end_of_the_round() -> None:
    data = first_round()
    events(data).append({"seat": 3, "colour": "red"})  # malformed too: the end comes first
    assert refused(data) == (
        "round 1, event 15: the round ended with early declaration number 3 (event 14); "
        "no event follows it"
    )


def test_events_not_a_list() -> None:
    data = first_round()
    data["rounds"][0]["events"] = {"seat": 1}
    assert refused(data) == "round 1, events: a list of events"
