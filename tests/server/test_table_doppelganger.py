"""The doppelganger at the web table (issue 27): its two-step night through the JSON API,
for a person and for bots, each copied role class (acts at once, joins a team, wakes
later), what each seat sees, the refusals, and the record a review reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wooolf_solver import api
from wooolf_solver.games.onuw.live import LiveTable
from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.server.app import create_app

from .helpers import Clock, Seats, TestClient, create, live_table, play_day, wait_for, wait_step

DECK = ["doppelganger", "werewolf", "werewolf", "seer", "robber", "insomniac", "mason", "mason"]
"""Six players and two centre cards: every copied role class is at hand."""


def seed_for(want: dict[int, str], bots: list[int]) -> int:
    """The first seed whose deal of :data:`DECK` puts the ``want``-ed cards at those seats."""
    for seed in range(10_000):
        options = {"players": 6, "deck": DECK, "seed": seed, "bots": bots}
        dealt = LiveTable.new(options, 0.0).dealt
        if all(dealt[seat - 1] == role for seat, role in want.items()):
            return seed
    raise AssertionError(want)


def table(client: TestClient, want: dict[int, str], bots: list[int]) -> Seats:
    seed = seed_for(want, bots)
    return create(client, players=6, deck=DECK, seed=seed, bots=bots, day_seconds=60)


def finish(seats: Seats) -> dict[str, Any]:
    """The rest of the night (nobody else acts), the day, every ballot: the record."""
    while seats.view(min(seats.tokens))["phase"] == "night":
        wait_step(seats)
    play_day(seats, claim=False)
    for seat in seats.tokens:
        view = seats.view(seat)
        seats.act(seat, view["options"][0])
    response = seats.client.get(f"/api/tables/{seats.table}/record")
    assert response.status_code == 200
    record: dict[str, Any] = response.json()
    return record


def check_own(seats: Seats) -> None:
    """Every view a seat got shows its own night (as far as it had seen it) and nothing
    of another seat's before the reveal."""
    table = live_table(seats.client, seats.table)
    final = table.acted
    for seat, view in seats.views:
        assert view["card"] == table.dealt[seat - 1]
        if view["night"] is not None:
            assert view["night"].items() <= final[str(seat)].items(), (seat, view["night"])
        if view["phase"] != "over":
            assert view["result"] is None


def test_a_copied_seer_looks_at_once_in_the_copys_second_step(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "seer", 3: "robber"}, bots=[4, 5, 6])
    view = seats.view(1)
    assert view["turn"] and view["waking"] == "doppelganger" and view["night"] is None
    assert view["options"] == [{"copied": seat} for seat in (2, 3, 4, 5, 6)]
    seats.act(1, {"saw": 3}, status=422)  # the seer's look before the copy
    refused = seats.act(1, {"copied": 1}, status=422)
    assert refused["error"].startswith("copied: ") and "\n" not in refused["error"]
    view = seats.act(1, {"copied": 2})
    assert view["night"] == {"copied": {"2": "seer"}} and view["turn"]
    assert {"saw": 3} in view["options"] and {"centre": ["c1", "c2"]} in view["options"]
    assert {} in view["options"]  # a person may pass as the seer may
    view = seats.act(1, {"saw": 3})
    assert view["night"] == {"copied": {"2": "seer"}, "saw": {"3": "robber"}}
    assert not view["turn"] and view["options"] == []
    seats.act(1, {"saw": 4}, status=409)
    seats.act(2, {"copied": 3}, status=409)  # seat 2 is not the doppelganger's
    record = finish(seats)
    assert record["night"]["1"] == {"copied": {"2": "seer"}, "saw": {"3": "robber"}}
    check_own(seats)


def test_a_copied_robber_robs_at_once_and_the_robbed_seat_holds_the_doppelganger(
    client: TestClient,
) -> None:
    seats = table(client, {1: "doppelganger", 2: "robber", 3: "werewolf"}, bots=[4, 5, 6])
    seats.act(1, {"copied": 2})
    view = seats.act(1, {"robbed": 3})
    assert view["night"] == {"copied": {"2": "robber"}, "robbed": 3, "got": "werewolf"}
    record = finish(seats)
    result = seats.view(1)["result"]
    assert result["dawn"]["1"] == "werewolf" and result["dawn"]["3"] == "robber"
    assert read_record(record).is_game


def test_a_copied_werewolf_wakes_with_the_werewolves_and_they_see_it(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "werewolf"}, bots=[4, 5, 6])
    view = seats.act(1, {"copied": 2})  # nothing to choose as a werewolf: the copy is made
    assert view["night"] == {"copied": {"2": "werewolf"}} and not view["turn"]
    wait_for(seats, "werewolf")
    view = seats.view(1)
    assert view["turn"] and view["options"] == [{}]
    assert view["night"] == {"copied": {"2": "werewolf"}}  # the werewolves not seen yet
    wolf = seats.view(2)
    assert wolf["turn"] and wolf["options"] == [{}]  # not alone: no centre card to look at
    view = seats.act(1, {})
    assert view["night"]["copied"] == {"2": "werewolf"}
    assert {1, 2} <= set(view["night"]["wolves"])
    view = seats.act(2, {})
    assert 1 in view["night"]["wolves"] and "copied" not in view["night"]
    record = finish(seats)
    assert seats.view(1)["result"]["teams"]["1"] == "werewolf"
    assert record["night"]["1"]["copied"] == {"2": "werewolf"}
    check_own(seats)


def test_a_copied_insomniac_wakes_late_and_time_may_wake_it(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "insomniac"}, bots=[3, 4, 5, 6])
    seats.act(1, {"copied": 2})
    wait_for(seats, "insomniac")
    view = seats.view(1)
    assert view["turn"] and view["options"] == [{}]
    assert view["night"] == {"copied": {"2": "insomniac"}}
    wait_step(seats)  # nobody wakes it: time does, and says so
    view = seats.view(1)
    assert view["phase"] == "day" and "night" in view["timed_out"]
    assert set(view["night"]) == {"copied", "now"}
    finish(seats)
    check_own(seats)


def test_a_person_who_never_copies_gets_a_whole_random_night(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "seer"}, bots=[4, 5, 6])
    seats.act(1, {"copied": 2})
    wait_step(seats)  # the seer's look is not made: the copied seer looks at nothing
    view = seats.view(1)
    assert view["night"] == {"copied": {"2": "seer"}} and "night" in view["timed_out"]
    assert not view["turn"]
    other = table(client, {1: "doppelganger"}, bots=[4, 5, 6])
    wait_step(other)
    view = other.view(1)
    assert "copied" in view["night"] and view["timed_out"] == ["night"]


def test_a_bot_doppelganger_and_the_real_solver(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", clock=Clock(), workers="inline")
    with TestClient(app) as client:
        seats = table(client, {2: "doppelganger", 1: "seer"}, bots=[2, 3, 4, 5, 6])
        record = finish(seats)
        assert "copied" in record["night"]["2"]
        assert set(record["votes"]) == {str(seat) for seat in range(1, 7)}
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        review = api.review(str(path)).to_dict()  # the review reads the doppelganger's chain
        assert "2" in review["seats"]


def test_a_table_with_a_pending_copy_survives_json(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "robber"}, bots=[4, 5, 6])
    seats.act(1, {"copied": 2})
    live = live_table(client, seats.table)
    back = LiveTable.from_json(json.loads(json.dumps(live.to_json())))
    assert back == live and back.copying == {"1": 2}
    assert back.view(1)["options"] == live.view(1)["options"]


def test_a_pending_copy_handed_to_a_bot_keeps_the_seat_it_copied(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "robber"}, bots=[4, 5, 6])
    seats.act(1, {"copied": 2})
    seats.host("seats/1/bot")
    live = live_table(client, seats.table)
    assert live.copying == {} and live.state.choices[1][0] == 2
    assert live.acted["1"]["copied"] == {"2": "robber"}


def test_a_copied_mason_wakes_with_the_masons(client: TestClient) -> None:
    seats = table(client, {1: "doppelganger", 2: "mason", 3: "mason"}, bots=[4, 5, 6])
    seats.act(1, {"copied": 3})
    wait_for(seats, "mason")
    assert seats.view(1)["options"] == [{}] and seats.view(2)["options"] == [{}]
    assert seats.act(1, {})["night"] == {"copied": {"3": "mason"}, "masons": [1, 2, 3]}
    assert seats.act(2, {})["night"] == {"masons": [1, 2, 3]}
    seats.act(1, {}, status=409)  # woken once with them
