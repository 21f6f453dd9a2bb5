"""Game records: reading, the seat views, and every refusal naming round and event.

Most refusals start from one small hand-made 4-player game (``base_game``), valid
as written, with one thing broken.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.core.documents import parse_yaml
from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.wooolf.engines.solver import solve
from wooolf_solver.games.wooolf.game import GameRecord, early_declarations_to_end, next_clockwise
from wooolf_solver.games.wooolf.record import Declare, Peek
from wooolf_solver.games.wooolf.scoring import Declared

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
GAMES = ("game-6p-basic.yaml", "game-4p-advanced.yaml")

HANDS = {
    1: ["wolf", "sheep"],  # wolf
    2: ["shepherd?", "sheep"],  # shepherd
    3: ["hunter", "sheep"],  # hunter
    4: ["hound", "hound?"],  # hound
    5: ["hunter?", "sheep"],  # the neutral hand: a hunter
}


FIRST_TURNS = {
    1: {"seat": 1, "peek": 4, "sees": "hound", "says": "hound"},
    2: {"seat": 2, "peek": 4, "sees": "hound?", "says": "?"},
    3: {"seat": 3, "ask": 2, "question": "has-sheep", "answer": "yes"},
    4: {"seat": 4, "peek": 1, "sees": "wolf", "says": "wolf"},
}
"""Each seat's turn in the first go-around of both rounds."""


def a_round(start: int, early: tuple[int, int], targets: dict[int, list[int]]) -> dict[str, Any]:
    """A round: the first go-around from ``start``, then the ``early`` seats declare
    early (ending the round); the others declare ``targets`` at the end."""
    order = [*range(start, 5), *range(1, start)]
    return {
        "start": start,
        "hands": copy.deepcopy(HANDS),
        "events": [
            *(dict(FIRST_TURNS[seat]) for seat in order),
            *({"seat": seat, "declare": "early"} for seat in early),
        ],
        "declarations": {
            seat: {"when": "early" if seat in early else "final", "targets": pointers}
            for seat, pointers in targets.items()
        },
    }


def round_one() -> dict[str, Any]:
    """Start 1; the first go-around is events 1-4; seats 1 and 2 end the round."""
    return a_round(1, (1, 2), {1: [0], 2: [1, 0], 3: [4, 4], 4: [1, 3]})


def round_two() -> dict[str, Any]:
    """Start 3 (to the left of seat 2, round one's last early declarer)."""
    return a_round(3, (3, 4), {1: [0], 2: [1, 0], 3: [1, 4], 4: [1, 3]})


def base_game(*rounds: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "wooolf",
        "edition": "basic",
        "players": 4,
        "rounds": list(rounds) or [round_one()],
    }


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(InvalidRecordError) as caught:
        GameRecord.from_dict(data)
    return str(caught.value)


# -- reading ------------------------------------------------------------------------------


def test_base_game_reads() -> None:
    record = GameRecord.from_dict(base_game(round_one(), round_two()))
    first = record.round(1)
    assert first.number == 1 and first.start == 1
    assert first.identity(5).name == "hunter"
    assert first.events[4] == Declare(1)
    assert first.declarations[3] == Declared(3, "final", (4, 4))
    assert first.declare_event(2) == 6 and first.declare_event(3) is None
    assert record.round(2).blocked == frozenset()


@pytest.mark.parametrize("name", GAMES)
def test_examples_read_and_json_is_the_same(name: str, tmp_path: Path) -> None:
    record = GameRecord.load(EXAMPLES / name)
    data = parse_yaml((EXAMPLES / name).read_text(encoding="utf-8"))
    as_json = tmp_path / "game.json"
    as_json.write_text(json.dumps(data), encoding="utf-8")  # seats become string keys
    assert GameRecord.load(as_json) == record


def test_example_shapes() -> None:
    six = GameRecord.load(EXAMPLES / "game-6p-basic.yaml")
    assert (six.setup.edition, six.setup.players, len(six.rounds)) == ("basic", 6, 3)
    four = GameRecord.load(EXAMPLES / "game-4p-advanced.yaml")
    assert (four.setup.edition, four.setup.players, four.setup.seats) == ("advanced", 4, 5)
    peeked = [e.target for r in four.rounds for e in r.events if isinstance(e, Peek)]
    assert 5 in peeked  # the neutral hand is peeked at
    for record in (six, four):
        for round_ in record.rounds:
            assert all(e.sees is not None for e in round_.events if isinstance(e, Peek))
            assert sorted(round_.hands) == list(range(1, record.setup.seats + 1))


def test_seen_by_keeps_own_cards_only() -> None:
    round_ = GameRecord.from_dict(base_game()).round(1)
    view = round_.seen_by(2)
    assert view.viewpoint == 2 and dict(view.hands) == {2: round_.hands[2]}
    own, other = view.events[1], view.events[0]
    assert isinstance(own, Peek) and own.sees is not None
    assert isinstance(other, Peek) and other.sees is None and other.says == "hound"
    assert len(round_.seen_by(2, events=3).events) == 3
    assert round_.seen_by(2, events=0).events == ()
    # the view is a round record like any other: it solves
    assert solve(round_.seen_by(4)).roles[1] == {"wolf": 1.0}


def test_seen_by_refuses_bad_arguments() -> None:
    round_ = GameRecord.from_dict(base_game()).round(1)
    with pytest.raises(InvalidRecordError, match="not a player"):
        round_.seen_by(5)  # the neutral hand has no viewpoint
    with pytest.raises(InvalidRecordError, match=r"out of range 0\.\.6"):
        round_.seen_by(1, events=7)
    with pytest.raises(InvalidRecordError, match=r"round 3 is out of range 1\.\.1"):
        GameRecord.from_dict(base_game()).round(3)


def test_turn_helpers() -> None:
    assert [early_declarations_to_end(n) for n in (4, 5, 6, 7, 8)] == [2, 2, 3, 3, 3]
    assert next_clockwise(4, 4) == 1 and next_clockwise(2, 4) == 3


# -- refusals: events the revealed hands cannot produce -----------------------------------


def test_announcement_no_card_gives() -> None:
    data = base_game()
    data["rounds"][0]["events"][0] = {"seat": 1, "peek": 4, "sees": "hound", "says": "sheep"}
    message = refused(data)
    assert message.startswith("round 1, event 1: seat 1 (the wolf) said 'sheep' about seat 4")
    assert "no card of its hand (hound? + hound)" in message


def test_shepherd_must_cry_wolf() -> None:
    data = base_game()
    data["rounds"][0]["events"][1] = {"seat": 2, "peek": 4, "sees": "hound", "says": "hound"}
    assert refused(data).startswith(
        "round 1, event 2: seat 2 (the shepherd) said 'hound' about seat 4, but no card"
    )


def test_says_must_follow_the_card_seen() -> None:
    data = base_game()
    data["rounds"][0]["events"][0] = {"seat": 1, "peek": 4, "sees": "hound", "says": "?"}
    assert refused(data) == (
        "round 1, event 1: says '?', but seat 1 (the wolf) saw hound and must announce 'hound'"
    )


def test_sees_a_card_the_hand_lacks() -> None:
    data = base_game()
    data["rounds"][0]["events"][0] = {"seat": 1, "peek": 4, "sees": "hunter", "says": "hound"}
    assert refused(data) == "round 1, event 1: sees hunter, but seat 4 holds hound? + hound"


def test_sees_is_required() -> None:
    data = base_game()
    data["rounds"][0]["events"][0] = {"seat": 1, "peek": 4, "says": "hound"}
    assert refused(data).startswith("round 1, event 1: sees: required")


def test_says_is_required() -> None:
    data = base_game()
    data["rounds"][0]["events"][0] = {"seat": 1, "peek": 4, "sees": "hound"}
    assert refused(data).startswith("round 1, event 1: says: required")


def test_wrong_answer() -> None:
    data = base_game()
    data["rounds"][0]["events"][2]["answer"] = "no"
    assert refused(data) == (
        "round 1, event 3: answer no, but seat 2 holds sheep + shepherd?: "
        "the truthful answer to has-sheep is yes"
    )


def test_malformed_event_names_round_and_event() -> None:
    data = base_game()
    data["rounds"][0]["events"][2]["question"] = "has-goat"
    assert refused(data).startswith("round 1, event 3: question: unknown question 'has-goat'")
    data = base_game()
    data["rounds"][0]["events"][0]["peek"] = 9
    assert refused(data) == "round 1, event 1: peek: seat 9 is out of range 1..5"


# -- refusals: hands ----------------------------------------------------------------------


def test_hands_must_include_the_neutral_hand() -> None:
    data = base_game()
    del data["rounds"][0]["hands"][5]
    assert refused(data) == (
        "round 1, hands: seat 5 (the neutral hand) has no hand; a game record reveals every hand"
    )


def test_hands_must_be_the_setups_cards() -> None:
    data = base_game()
    data["rounds"][0]["hands"][3] = ["hound", "sheep"]  # a second hound: the deck has one
    assert refused(data) == "round 1, hands: 2 × hound, but the basic deck for 4 players has 1"
    data = base_game()
    data["rounds"][0]["hands"][3] = ["hunter/sheep", "sheep"]  # an advanced card
    assert refused(data).startswith("round 1, hands: 1 × hunter/sheep, but the basic deck")
    data = base_game()
    data["rounds"][0]["hands"][3] = ["hunter"]
    assert refused(data) == "round 1, hands.3: a hand is a list of 2 cards"


# -- refusals: turn order and early declarations -------------------------------------------


def test_early_declaration_in_the_first_go_around() -> None:
    data = base_game()
    round_ = data["rounds"][0]
    round_["events"] = [
        *round_["events"][:3],
        {"seat": 4, "declare": "early"},
        {"seat": 1, "declare": "early"},
    ]
    round_["declarations"] = {
        4: {"when": "early", "targets": [1, 3]},
        1: {"when": "early", "targets": [0]},
    }
    assert refused(data) == (
        "round 1, event 4: seat 4 declared early in the round's first go-around "
        "(events 1..4: every player's first turn)"
    )


def test_out_of_turn() -> None:
    data = base_game()
    events = data["rounds"][0]["events"]
    events[1], events[2] = events[2], events[1]
    assert refused(data).startswith("round 1, event 2: seat 3 acts, but it is seat 2's turn")


def test_declared_seats_are_skipped() -> None:
    data = base_game()
    round_ = data["rounds"][0]
    # seat 1 declares at event 5; after seats 2, 3, 4 the turn goes to seat 2, not seat 1
    round_["events"] = [
        *round_["events"][:5],
        {"seat": 2, "peek": 3, "sees": "sheep", "says": "wolf"},
        {"seat": 3, "peek": 1, "sees": "sheep", "says": "sheep"},
        {"seat": 4, "peek": 3, "sees": "hunter", "says": "hunter"},
        {"seat": 2, "declare": "early"},
    ]
    GameRecord.from_dict(data)
    round_["events"][8] = {"seat": 1, "peek": 3, "sees": "hunter", "says": "hunter"}
    assert refused(data).startswith("round 1, event 9: seat 1 declared early in event 5")


def test_events_after_the_round_ended() -> None:
    data = base_game()
    data["rounds"][0]["events"].append({"seat": 3, "peek": 1, "sees": "wolf", "says": "wolf"})
    assert refused(data).startswith(
        "round 1, event 7: the round ended with early declaration number 2 (event 6)"
    )


def test_too_few_early_declarations() -> None:
    data = base_game()
    data["rounds"][0]["events"].pop()
    del data["rounds"][0]["declarations"][2]
    assert refused(data).startswith("round 1, events: 1 early declaration(s)")


def test_red_x_blocks_the_next_rounds_early_declaration() -> None:
    first = round_one()
    first["declarations"][2] = {"when": "early", "targets": [4, 0]}  # wrong: a red X
    second = round_two()
    second["events"] = [
        *second["events"][:4],
        {"seat": 3, "declare": "early"},
        {"seat": 4, "peek": 3, "sees": "sheep", "says": "sheep"},
        {"seat": 1, "peek": 3, "sees": "sheep", "says": "sheep"},
        {"seat": 2, "declare": "early"},
    ]
    second["declarations"] = {
        3: {"when": "early", "targets": [1, 4]},
        2: {"when": "early", "targets": [1, 0]},
    }
    assert refused(base_game(first, second)) == (
        "round 2, event 8: seat 2 may not declare early: its early declaration in round 1 "
        "was wrong (red X)"
    )
    # a red X only blocks early declarations: the same round with a final one reads
    blocked = GameRecord.from_dict(base_game(first, round_two())).round(2).blocked
    assert blocked == frozenset({2})


def test_wrong_start_of_the_next_round() -> None:
    second = round_two()
    second["start"] = 4
    assert refused(base_game(round_one(), second)).startswith(
        "round 2, start: seat 4, but round 1's last early declarer was seat 2, so seat 3"
    )


def test_start_must_be_a_player() -> None:
    data = base_game()
    data["rounds"][0]["start"] = 5
    assert refused(data) == "round 1, start: seat 5 is out of range 1..4"
    del data["rounds"][0]["start"]
    assert refused(data) == "round 1, start: required (the round's start player)"


# -- refusals: declarations ----------------------------------------------------------------


def test_declare_event_without_early_declaration() -> None:
    data = base_game()
    del data["rounds"][0]["declarations"][2]
    assert refused(data) == (
        "round 1, event 6: seat 2 declared early, but declarations has no early "
        "declaration for seat 2"
    )
    data = base_game()
    data["rounds"][0]["declarations"][2]["when"] = "final"
    assert refused(data).startswith("round 1, event 6: seat 2 declared early, but")


def test_early_declaration_without_declare_event() -> None:
    data = base_game()
    data["rounds"][0]["declarations"][3]["when"] = "early"
    assert refused(data) == (
        "round 1, declarations.3: an early declaration, but seat 3 has no `declare: early` event"
    )


def test_targets_of_the_wrong_length() -> None:
    data = base_game()
    data["rounds"][0]["declarations"][1]["targets"] = [0, 0]
    assert refused(data) == (
        "round 1, declarations.1: targets: seat 1 is the wolf, whose declaration has "
        "1 pointer (sheep)"
    )
    data = base_game()
    data["rounds"][0]["declarations"][4]["targets"] = [1]
    assert refused(data) == (
        "round 1, declarations.4: targets: seat 4 is the hound, whose declaration has "
        "2 pointers (wolf, hunter)"
    )


def test_pointers_out_of_range() -> None:
    data = base_game()
    data["rounds"][0]["declarations"][3]["targets"] = [6, 4]
    assert refused(data) == (
        "round 1, declarations.3: targets: seat 6 is out of range 0..5 (0: nobody)"
    )
    data["rounds"][0]["declarations"][3]["targets"] = [-1, 4]
    assert "seat -1 is out of range" in refused(data)
    data["rounds"][0]["declarations"][3]["targets"] = ["X", 4]
    assert refused(data) == (
        "round 1, declarations.3: targets: 'X' is not a seat number or 0 (nobody)"
    )
    data["rounds"][0]["declarations"][3]["targets"] = [3, 4]
    assert refused(data) == "round 1, declarations.3: targets: seat 3 points at itself"


def test_declaration_fields() -> None:
    data = base_game()
    data["rounds"][0]["declarations"][5] = {"when": "final", "targets": [1, 4]}
    assert refused(data) == (
        "round 1, declarations.5: seat 5 is the neutral hand, which never declares"
    )
    data = base_game()
    data["rounds"][0]["declarations"][3] = {"when": "late", "targets": [1, 4]}
    assert refused(data) == "round 1, declarations.3: when: 'late' is not `early` or `final`"
    data = base_game()
    data["rounds"][0]["declarations"][7] = {"when": "final", "targets": [1, 4]}
    assert refused(data) == "round 1, declarations: seat 7 is out of range 1..5"
    data = base_game()
    data["rounds"][0]["declarations"]["3"] = {"when": "final", "targets": [1, 4]}
    assert refused(data) == "round 1, declarations.3: given twice"


# -- refusals: the game's end and the record's fields --------------------------------------


def test_rounds_after_three_rounds() -> None:
    rounds = [round_one(), round_two(), round_one(), round_two()]
    for round_ in rounds:  # no mistakes: seat 3's final declaration right
        round_["declarations"][3] = {"when": round_["declarations"][3]["when"], "targets": [1, 4]}
    assert refused(base_game(*rounds)) == ("round 4: the game ended after round 3, its last round")
    assert len(GameRecord.from_dict(base_game(*rounds[:3])).rounds) == 3


def test_rounds_after_two_mistakes() -> None:
    # seat 3's final declaration is wrong in round 1; make its early one wrong in round 2
    second = round_two()
    second["declarations"][3] = {"when": "early", "targets": [4, 1]}  # seat 4 is no wolf
    message = refused(base_game(round_one(), second, round_one()))
    assert message == "round 3: the game ended after round 2: seat 3 held 2 mistake markers"
    assert len(GameRecord.from_dict(base_game(round_one(), second)).rounds) == 2


def test_record_fields() -> None:
    data = base_game()
    data["viewpoint"] = 1
    assert refused(data) == "viewpoint: unknown field"
    data = base_game()
    data["rounds"] = []
    assert refused(data) == "rounds: a list of at least one round"
    data = base_game()
    data["rounds"][0]["comment"] = "x"
    assert refused(data) == "round 1: comment: unknown field"
    data = base_game()
    data["players"] = 9
    assert refused(data).startswith("players: the basic edition is for")
