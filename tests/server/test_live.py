"""The live ONUW table as a state machine: the night's hidden timing, the day, the vote."""

from __future__ import annotations

import json

import pytest

from wooolf_solver.games.onuw.live import (
    IllegalMoveError,
    LiveTable,
    OutOfTurnError,
    bot_ballot,
    play_bots,
)
from wooolf_solver.games.onuw.record import read_record


def test_every_role_of_the_deck_has_a_step_even_in_the_centre() -> None:
    table = LiveTable.new({"players": 5, "bots": [4, 5], "seed": 3}, now=0.0, pause=(3, 8))
    assert [step.role for step in table.steps] == [
        "werewolf", "minion", "seer", "robber", "troublemaker", "insomniac",
    ]  # fmt: skip
    centre = [step for step in table.steps if not step.seats]
    assert [step.role for step in centre] == ["minion", "troublemaker"]
    assert all(3 <= step.pause <= 8 for step in table.steps)
    # the werewolves are bots: they acted at once, but their step lasts its pause
    assert table.acted["4"] == {"wolves": [4, 5]}
    assert not table.advance(table.steps[0].pause - 0.01)
    assert table.view(3)["waking"] == "werewolf"
    assert table.advance(table.steps[0].pause)
    assert table.view(3)["waking"] == "minion"  # in the centre, "woken" all the same
    assert not table.view(3)["turn"]
    clock = table.steps[0].pause + table.steps[1].pause
    table.advance(clock)
    assert table.view(3)["turn"] and table.view(3)["waking"] == "seer"
    assert table.deadline() == pytest.approx(clock + table.steps[2].pause)


def test_a_persons_step_waits_for_the_person() -> None:
    table = LiveTable.new({"players": 3, "seed": 4}, now=0.0, pause=(1, 1))
    table.advance(100.0)
    step = table.current
    assert step is not None and step.seats
    assert table.phase == "night"
    with pytest.raises(OutOfTurnError):
        table.act(next(s for s in (1, 2, 3) if s not in step.seats), {}, 100.0)
    for seat in step.seats:
        table.act(seat, table.options(seat)[0], 100.0)
    assert table.current is not step


def play_night(table: LiveTable, now: float = 0.0) -> None:
    while table.phase == "night":
        for seat in table.people:
            if table.turn(seat):
                table.act(seat, table.options(seat)[-1], now)
        table.advance(now)


def test_refused_moves_say_what_is_wrong_in_one_line() -> None:
    table = LiveTable.new({"players": 3, "bots": [2, 3], "seed": 1}, now=0.0, pause=(0, 0))
    play_night(table)
    with pytest.raises(IllegalMoveError, match=r"^seat: 2 is not a person's seat$"):
        table.act(2, {"heard_enough": True}, 0.0)
    with pytest.raises(IllegalMoveError, match=r"^heard_enough: must be true$"):
        table.act(1, {"heard_enough": "yes"}, 0.0)
    with pytest.raises(IllegalMoveError, match=r"^claim.seat: a seat claims for itself"):
        table.act(1, {"claim": {"seat": 2, "role": "seer"}}, 0.0)
    with pytest.raises(IllegalMoveError, match="night key"):
        table.act(1, {"claim": {"role": "seer", "robbed": 2}}, 0.0)


def test_a_majority_of_the_people_ends_the_day_and_bots_do_not_count() -> None:
    table = LiveTable.new({"players": 5, "bots": [5], "seed": 9}, now=0.0, pause=(0, 0))
    play_night(table)
    table.act(1, {"heard_enough": True}, 1.0)
    table.act(2, {"heard_enough": True}, 1.0)
    assert table.phase == "day"  # 2 of 4 people is not a majority
    table.act(3, {"heard_enough": True}, 1.0)
    assert table.phase == "vote"
    assert table.bots_to_vote()[0][0] == 5


def test_a_deal_played_to_the_end_is_a_game_record_and_survives_json() -> None:
    table = LiveTable.new({"players": 3, "bots": [3], "seed": 6, "day_seconds": 10}, 0.0, (0, 0))
    play_night(table)
    copy = LiveTable.from_json(json.loads(json.dumps(table.to_json())))
    assert copy == table
    table.advance(11.0)
    assert table.phase == "vote"
    for seat in table.people:
        table.act(seat, {"ballot": "nobody"}, 12.0)
    assert table.phase == "vote"
    play_bots(table)
    assert table.phase == "over"
    record = read_record(table.record())
    assert record.is_game and record.bots == frozenset({3})
    result = table.result()
    assert sorted(result["scores"]) == ["1", "2", "3"]


def test_a_bot_votes_for_the_ballot_that_best_wins_for_it() -> None:
    # the seer saw the robber and the troublemaker in the centre: both others are wolves
    record = {
        "game": "onuw",
        "players": 3,
        "viewpoint": 1,
        "cards": {1: "seer"},
        "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}},
    }
    assert bot_ballot(record) == 2
