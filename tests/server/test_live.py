"""The live ONUW table as a state machine: the night's hidden timing, the day, the vote."""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.budget import TooSlowError, time_budget
from wooolf_solver.games.onuw.bots import BOT_DRAWS, ballot_scores, bot_ballot, sampled_ballot
from wooolf_solver.games.onuw.live import (
    SESSION,
    IllegalMoveError,
    LiveTable,
    OutOfTurnError,
    play_bots,
)
from wooolf_solver.games.onuw.record import read_record


def started(options: dict[str, Any], pause: tuple[float, float] = (1, 1)) -> LiveTable:
    """A table whose people have all joined, its night started at 0."""
    table = LiveTable.new(options, now=0.0, pause=pause)
    assert table.phase == "lobby"
    for seat in table.people:
        table.act(seat, {"join": {"name": f"Person {seat}"}}, 0.0)
    return table.start(0.0)


def play_night(table: LiveTable, now: float = 0.0) -> float:
    """Every woken person acts, then the step's time runs out; the night's end."""
    while table.phase == "night":
        for seat in table.people:
            if table.turn(seat):
                table.act(seat, table.options(seat)[-1], now)
        now = table.deadline() or now
        table.advance(now)
    return now


def test_every_role_of_the_deck_has_a_step_even_in_the_centre() -> None:
    table = started({"players": 5, "bots": [4, 5], "seed": 3}, pause=(3, 8))
    assert [step.role for step in table.steps] == [
        "werewolf", "minion", "seer", "robber", "troublemaker", "insomniac",
    ]  # fmt: skip
    centre = [step for step in table.steps if not step.seats]
    assert [step.role for step in centre] == ["minion", "troublemaker"]
    assert all(3 <= step.pause <= 8 for step in table.steps)
    # the werewolves are bots: they acted at once, but their step lasts its time
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


def test_the_lobby_waits_for_every_person_then_the_host_or_everyone_ready() -> None:
    table = LiveTable.new({"players": 4, "bots": [4], "seed": 2}, now=0.0)
    with pytest.raises(OutOfTurnError, match=r"^start: waiting for seat\(s\) 1, 2, 3 to join"):
        table.start(1.0)
    with pytest.raises(OutOfTurnError, match=r"^ready: seat 1 has not joined"):
        table.act(1, {"ready": True}, 1.0)
    with pytest.raises(IllegalMoveError, match=r"^join.name: a name of 1 to 30"):
        table.act(1, {"join": {"name": "x" * 31}}, 1.0)
    with pytest.raises(OutOfTurnError, match=r"^night:"):
        table.act(1, {}, 1.0)
    for seat, name in ((1, "Eva"), (2, "Åsa"), (3, "小明")):
        table.act(seat, {"join": {"name": name}}, 2.0)
        table.act(seat, {"ready": True}, 2.0)
    assert table.phase == "night"  # every person ready: no need for the host
    assert table.step_started == 2.0 and table.view(1)["names"]["3"] == "小明"
    other = LiveTable.new({"players": 3, "bots": [3], "seed": 2}, now=0.0)
    other.act(1, {"join": {"name": "Eva"}}, 1.0)
    other.hand_to_bot(2, 1.0)  # the one missing: a bot plays the seat
    assert other.start(3.0).phase == "night" and other.view(1)["bots"] == [2, 3]


def test_a_step_lasts_its_time_whoever_acts_and_a_missing_person_is_told() -> None:
    table = started({"players": 3, "seed": 4}, pause=(5, 5))  # wolves 1, 2; robber 3
    table.advance(11.0)  # looked at late: each step ended when it was due
    assert table.view(3)["waking"] == "robber" and table.step_started == 10.0
    assert [table.view(seat)["timed_out"] for seat in (1, 2, 3)] == [["night"], ["night"], []]
    assert table.view(1)["night"] == {"wolves": [1, 2]}  # what "do nothing" showed them
    with pytest.raises(OutOfTurnError):
        table.act(1, {}, 11.0)
    table.act(3, {"robbed": 1}, 12.0)
    assert table.view(3)["night"] == {"robbed": 1, "got": "werewolf"}
    assert table.current is not None and table.current.role == "robber"  # it goes on
    assert table.deadline() == 15.0 and table.view(1, 12.0)["seconds_left"] == 3


def test_time_limits_on_the_vote_and_the_hosts_tools() -> None:
    table = started({"players": 4, "bots": [4], "seed": 5, "vote_seconds": 30}, pause=(2, 2))
    now = play_night(table)
    assert table.phase == "day"
    table.pause(now + 1)
    with pytest.raises(OutOfTurnError, match=r"^paused:"):
        table.act(1, {"heard_enough": True}, now + 2)
    assert table.view(1, now + 500)["seconds_left"] == 299  # frozen at the pause
    assert not table.advance(now + 1000)
    table.resume(now + 1001)
    assert table.view(1, now + 1001)["seconds_left"] == 299
    table.hand_to_bot(3, now + 1002)
    assert table.people == [1, 2]
    table.act(1, {"heard_enough": True}, now + 1003)
    table.act(2, {"heard_enough": True}, now + 1003)
    assert table.phase == "vote" and table.deadline() == now + 1033
    table.act(1, {"ballot": 2}, now + 1004)
    table.advance(now + 1033)  # seat 2 has not voted: nobody, in the table edition
    assert table.view(2)["ballot"] == "nobody" and table.view(2)["timed_out"] == ["ballot"]
    assert [seat for seat, _ in table.bots_to_vote()] == [3, 4]
    play_bots(table)
    assert table.phase == "over"
    scores = table.scores()
    again = table.again(now + 2000)
    assert again.phase == "lobby" and again.deal == 2 and again.bots == [3, 4]
    assert again.names == table.names and again.totals == scores
    assert again.view(1)["scores"] == scores and again.seed != table.seed
    with pytest.raises(OutOfTurnError, match=r"^deal:"):
        again.again(now + 2001)
    again.start(now + 2001)
    again.end(now + 2002)  # every missing move as if its time had run out
    play_bots(again)
    assert again.phase == "over" and "ballot" in again.view(1)["timed_out"]


def test_the_official_editions_missing_ballot_is_a_random_legal_one() -> None:
    table = started({"players": 4, "bots": [4], "seed": 5, "edition": "official"})
    table.end(1.0)
    ballots = table.ballots
    assert all(ballots[str(seat)] not in (None, seat) for seat in (1, 2, 3))


def test_refused_moves_say_what_is_wrong_in_one_line() -> None:
    table = started({"players": 3, "bots": [2, 3], "seed": 1})
    now = play_night(table)
    with pytest.raises(IllegalMoveError, match=r"^seat: 2 is not a person's seat$"):
        table.act(2, {"heard_enough": True}, now)
    with pytest.raises(IllegalMoveError, match=r"^heard_enough: must be true$"):
        table.act(1, {"heard_enough": "yes"}, now)
    with pytest.raises(IllegalMoveError, match=r"^claim.seat: a seat claims for itself"):
        table.act(1, {"claim": {"seat": 2, "role": "seer"}}, now)
    with pytest.raises(IllegalMoveError, match="night key"):
        table.act(1, {"claim": {"role": "seer", "robbed": 2}}, now)


def test_a_majority_of_the_people_ends_the_day_and_bots_do_not_count() -> None:
    table = started({"players": 5, "bots": [5], "seed": 9})
    now = play_night(table)
    table.act(1, {"heard_enough": True}, now)
    table.act(2, {"heard_enough": True}, now)
    assert table.phase == "day"  # 2 of 4 people is not a majority
    table.act(3, {"heard_enough": True}, now)
    assert table.phase == "vote"
    assert table.bots_to_vote()[0][0] == 5


def test_a_deal_played_to_the_end_is_a_game_record_and_survives_json() -> None:
    table = started({"players": 3, "bots": [3], "seed": 6, "day_seconds": 10})
    now = play_night(table)
    copy = LiveTable.from_json(json.loads(json.dumps(table.to_json())))
    assert copy == table
    table.advance(now + 11.0)
    assert table.phase == "vote"
    for seat in table.people:
        table.act(seat, {"ballot": "nobody"}, now + 12.0)
    assert table.phase == "vote"
    play_bots(table)
    assert table.phase == "over"
    record = read_record(table.record())
    assert record.is_game and record.bots == frozenset({3})
    result = table.result()
    assert sorted(result["scores"]) == ["1", "2", "3"]


def test_a_table_stored_before_the_lobby_reads_back() -> None:
    table = started({"players": 3, "bots": [3], "seed": 6})
    old = {key: value for key, value in table.to_json().items() if key not in SESSION}
    back = LiveTable.from_json(old)
    assert back.phase == "night" and back.vote_seconds is None and back.names == {}


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


BOX_10 = [
    "doppelganger", "drunk", "hunter", "insomniac", "mason", "mason", "minion",
    "robber", "seer", "tanner", "troublemaker", "werewolf", "werewolf",
]  # fmt: skip


# the budget's timer may fire inside a garbage collector's callback (hypothesis keeps one):
# the error is ignored there, reported as unraisable, and raised again at the next look
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("edition", ["table", "official"])
def test_a_bot_whose_exact_ballot_is_too_slow_votes_by_drawn_worlds(edition: str) -> None:
    # ten players, the box's roles, one claim: the exact ballot takes seconds to minutes
    record = {
        "game": "onuw",
        "edition": edition,
        "players": 10,
        "deck": BOX_10 if edition == "official" else BOX_10[:-1],
        "viewpoint": 2,
        "cards": {2: "seer"},
        "night": {2: {"saw": {7: "werewolf"}}},
        "claims": [{"seat": 1, "role": "villager"}],
    }
    with pytest.raises(TooSlowError), time_budget(0.05):
        ballot_scores(read_record(record))
    assert bot_ballot(record, seconds=0.05) == 7  # the werewolf it saw
    other = read_record({**record, "night": {2: {"saw": {7: "mason"}}}})
    assert sampled_ballot(other, 500, Random(1)) != 7


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_drawn_worlds_give_the_exact_ballot_where_it_leads() -> None:
    record = {
        "game": "onuw",
        "players": 5,
        "viewpoint": 1,
        "cards": {1: "robber"},
        "night": {1: {"robbed": 4, "got": "seer"}},
        "claims": [{"seat": 2, "role": "seer", "saw": {4: "werewolf"}}],
    }
    exact = ballot_scores(read_record(record))
    assert exact[0][1] - exact[1][1] > Fraction(1, 10)
    drawn = sampled_ballot(read_record(record), BOT_DRAWS, Random(1))
    assert drawn == exact[0][0] == 2
    assert sampled_ballot(read_record(record), 0, Random(1)) is None  # no draw: no lead


def timeline(
    table: LiveTable, moves: list[tuple[float, int]], until: float
) -> tuple[list[float], set[int]]:
    """When each night step started, and who acted, the people acting as ``moves`` says
    (at a time, the seat's last option if it is woken then), the clock looked at every
    0.25 s."""
    starts: dict[int, float] = {}
    acted = set()
    pending = sorted(moves)
    now = 0.0
    while now <= until and table.phase == "night":
        table.advance(now)
        while pending and pending[0][0] <= now:
            _, seat = pending.pop(0)
            if table.turn(seat):
                table.act(seat, table.options(seat)[-1], now)
                acted.add(seat)
        if table.phase == "night":
            starts.setdefault(table.step, table.step_started)
        now += 0.25
    return [starts[step] for step in sorted(starts)], acted


@given(
    seed=st.integers(0, 10_000),
    bots=st.sets(st.integers(2, 5), max_size=3),
    moves=st.lists(st.tuples(st.floats(0, 60), st.integers(1, 5)), max_size=12),
)
def test_the_nights_timeline_is_the_same_whoever_acts_and_when(
    seed: int, bots: set[int], moves: list[tuple[float, int]]
) -> None:
    options = {"players": 5, "bots": sorted(bots), "seed": seed}
    people = [seat for seat in range(1, 6) if seat not in bots]
    acting = started(options, pause=(3, 8))
    idle = started(options, pause=(3, 8))
    late = [(when, seat) for when, seat in moves if seat in people]
    steps, acted = timeline(acting, late, 60)
    assert steps == timeline(idle, [], 60)[0]  # as if nobody acted at all
    assert acting.phase == idle.phase == "day" and acting.day_ends == idle.day_ends
    woken = {seat for step in acting.steps for seat in step.seats}
    for seat in people:  # whoever was woken and did not act had "do nothing", and is told
        assert ("night" in acting.view(seat)["timed_out"]) == (seat in woken - acted)
        assert acting.view(seat)["night"] == (
            acting.acted.get(str(seat)) if seat in woken else None
        )
    assert LiveTable.from_json(json.loads(json.dumps(acting.to_json()))) == acting
