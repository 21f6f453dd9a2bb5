"""ONUW deal and game records: malformed input refused in one line naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from wooolf_solver.core.errors import InvalidRecordError, SolverError
from wooolf_solver.games.onuw.record import dump_record, load_record, read_record

BASE: dict[str, Any] = {"game": "onuw", "players": 3}

GAME: dict[str, Any] = {
    **BASE,
    "cards": {1: "robber", 2: "seer", 3: "troublemaker", "c1": "werewolf", "c2": "werewolf"},
    "night": {1: {"robbed": 2, "got": "seer"}, 2: {"saw": {3: "troublemaker"}}, 3: {}},
    "votes": {1: 2, 2: "nobody", 3: 1},
}

REFUSED = [
    # a night entry the dealt card cannot produce
    (
        {"viewpoint": 1, "cards": {1: "robber"}, "night": {1: {"saw": {2: "seer"}}}},
        "night.1: a robber has no night key 'saw' (keys: robbed, got)",
    ),
    (
        {"viewpoint": 1, "cards": {1: "seer"}, "night": {1: {"saw": {1: "seer"}}}},
        "night.1.saw: seat 1 cannot look at its own card",
    ),
    (
        {"viewpoint": 1, "cards": {1: "werewolf"}, "night": {1: {"wolves": [2]}}},
        "night.1.wolves: must include seat 1 itself",
    ),
    (
        {"viewpoint": 1, "cards": {1: "robber"}, "night": {1: {"robbed": 1, "got": "seer"}}},
        "night.1.robbed: a robber robs another player",
    ),
    (
        {"viewpoint": 1, "cards": {1: "troublemaker"}, "night": {1: {"swapped": [1, 2]}}},
        "night.1.swapped: seat 1 swaps two other players, not itself",
    ),
    (
        {"viewpoint": 1, "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "seer", 2: "x"}}}},
        "night.1.centre: 2 is a seat, not a centre slot",
    ),
    (
        {"viewpoint": 1, "cards": {1: "robber"}, "night": {1: {"robbed": 2}}},
        "night.1: got: required (the card robbed)",
    ),
    (
        {"viewpoint": 2, "cards": {1: "robber"}},
        "cards: the viewpoint, seat 2, needs its dealt card",
    ),
    ({"night": {2: {}}}, "night.2: seat 2's dealt card is not in `cards`"),
    # ballots
    ({"votes": {1: 1}}, "votes.1: seat 1 cannot vote for itself"),
    (
        {"edition": "official", "votes": {1: "nobody"}},
        "votes.1: the official edition has no `nobody` ballot",
    ),
    ({"votes": {1: 4}}, "votes.1: seat 4 is out of range 1..3"),
    # claims
    (
        {"bots": [3], "claims": [{"seat": 3, "role": "seer"}]},
        "claim 1: seat 3 is a bot, and bots make no claims",
    ),
    (
        {"claims": [{"seat": 2, "role": "seer"}, {"seat": 2, "role": "robber"}]},
        "claim 2: seat 2 already claimed in claim 1",
    ),
    (
        {"claims": [{"seat": 2, "role": "sear"}]},
        "claim 1: role: unknown role 'sear' (did you mean 'seer'?)",
    ),
    (
        {"claims": [{"seat": 2, "role": "seer", "robbed": 1}]},
        "claim 1: a seer has no night key 'robbed' (keys: saw, centre)",
    ),
    # a claim may be impossible (a lie: see test_onuw_speech.py), never malformed
    (
        {"claims": [{"seat": 2, "role": "seer", "saw": {"c1": "werewolf"}}]},
        "claim 1.saw: 'c1' is a centre slot, not a seat",
    ),
    (
        {"claims": [{"seat": 2, "role": "troublemaker", "swapped": 3}]},
        "claim 1.swapped: a list of seats",
    ),
    (
        {"claims": [{"seat": 2, "role": "werewolf", "wolves": [2, 4]}]},
        "claim 1.wolves: seat 4 is out of range 1..3",
    ),
    (
        {"claims": [{"seat": 2, "role": "seer", "saw": {3: "wizard"}}]},
        "claim 1.saw: unknown role 'wizard'",
    ),
    (
        {"viewpoint": 1, "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "seer", "C1": "x"}}}},
        "night.1.centre: unknown role 'x'",
    ),
    (
        {
            "viewpoint": 1,
            "cards": {1: "seer"},
            "night": {1: {"centre": {"c1": "werewolf", "C1": "robber"}}},
        },
        "night.1.centre: a slot is named twice",
    ),
    # the deck, roles and seats
    ({"deck": ["werewolf", "seer", "robber"]}, "deck: 3 cards, but this table needs 5"),
    (
        {"deck": ["werewolf", "seer", "seer", "robber", "villager"]},
        "deck: 2 × seer, but a deck holds one at most",
    ),
    ({"deck": ["werewolf", "seer", "robber", "villager", "wizard"]}, "deck: unknown role 'wizard'"),
    ({"cards": {1: "alpha wolf"}}, "cards.1: unknown role 'alpha wolf'"),
    (
        {"cards": {1: "werewolf", 2: "werewolf", 3: "werewolf"}},
        "cards: 3 × werewolf, but the deck has 2",
    ),
    ({"cards": {"c3": "seer"}}, "cards: centre slot c3 is out of range c1..c2"),
    ({"cards": {7: "seer"}}, "cards: seat 7 is out of range 1..3"),
    ({"viewpoint": 0}, "viewpoint: seat 0 is out of range 1..3"),
    ({"players": 14}, "players: a number of players in 3..13, not 14"),
    (
        {"edition": "tabel"},
        "edition: unknown edition 'tabel' (did you mean 'table'?) (known: table, official)",
    ),
    ({"game": "wooolf"}, "game: must be `onuw`, not 'wooolf'"),
    ({"claim": []}, "claim: unknown field (did you mean 'claims'?)"),
    (
        {"model": {"village_lies": 2}},
        "model.village_lies: must be a probability from 0 to 1, at most 6 decimal places fine, "
        "not 2",
    ),
    # a game record whose night the deal cannot produce, naming the seat
    (
        {**GAME, "night": {**GAME["night"], 1: {"robbed": 2, "got": "werewolf"}}},
        "night.1: seat 1 cannot have this night: the deal gives it {'robbed': 2, 'got': 'seer'}",
    ),
    (
        {**GAME, "night": {**GAME["night"], 2: {"saw": {3: "werewolf"}}}},
        "night.2: seat 2 cannot have this night: the deal gives it {'saw': {3: 'troublemaker'}}",
    ),
]


@pytest.mark.parametrize(("fields", "message"), REFUSED)
def test_malformed_records_are_refused_in_one_line(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        read_record({**BASE, **fields})
    assert str(caught.value) == message
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, SolverError)


IMPOSSIBLE_CLAIMS = [
    {"seat": 2, "role": "villager"},  # off the table deck
    {"seat": 2, "role": "seer", "saw": {2: "tanner"}},
    {"seat": 2, "role": "seer", "centre": {"c1": "werewolf", "C1": "seer"}},
    {"seat": 2, "role": "robber", "got": "seer"},  # partial: possible
    {"seat": 2, "role": "troublemaker", "swapped": [2, 2]},
    {"seat": 2, "role": "werewolf", "wolves": [1, 3], "centre": {"c1": "seer", "c2": "seer"}},
    {"seat": 2, "role": "mason", "masons": [1, 3]},
]


@pytest.mark.parametrize("claim", IMPOSSIBLE_CLAIMS)
def test_what_was_said_is_read_even_if_no_honest_player_could_say_it(
    claim: dict[str, Any],
) -> None:
    record = read_record({**BASE, "claims": [claim]})
    assert record.claims[0].role == claim["role"]
    assert read_record(dump_record(record)) == record
    assert read_record(dump_record(record, "json")) == record


def test_game_record_reads_and_round_trips(tmp_path: Any) -> None:
    game = read_record(GAME)
    assert game.is_game
    for form in ("yaml", "json"):
        path = tmp_path / f"game.{form}"
        path.write_text(dump_record(game, form))
        assert load_record(path) == game


def test_contract_example_reads() -> None:
    text = """
game: onuw
edition: table
players: 5
deck: [werewolf, werewolf, minion, seer, robber, troublemaker, insomniac]
bots: [4, 5]
viewpoint: 2
cards: {2: robber}
night:
  2: {robbed: 3, got: seer}
claims:
  - {seat: 1, role: seer, saw: {3: werewolf}}
  - {seat: 3, role: seer, saw: {5: werewolf}}
votes: {1: 3, 2: nobody, 3: 1, 4: 1, 5: 3}
"""
    record = read_record(text)
    assert record.viewpoint == 2 and record.bots == {4, 5}
    assert record.votes == {1: 3, 2: None, 3: 1, 4: 1, 5: 3}
    assert [claim.seat for claim in record.claims] == [1, 3]


def test_roles_are_case_insensitive_and_yaml_errors_are_one_line() -> None:
    record = read_record({**BASE, "viewpoint": 1, "cards": {1: "Seer"}})
    assert record.cards[1] == "seer"
    with pytest.raises(InvalidRecordError, match=r"^record: "):
        read_record("game: [onuw")
