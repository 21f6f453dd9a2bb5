"""Werewolf game records: the spec's example read and written back, and every malformed
input refused in one line naming the field or the event."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.core.errors import InvalidRecordError, SolverError
from wooolf_solver.games.werewolf.events import Claim, Dawn, Day, SheriffNamed, Shot
from wooolf_solver.games.werewolf.record import dump_record, load_record, read_record

SPEC = """
game: werewolf
players: 9
roles: {werewolf: 2, seer: 1, witch: 1, hunter: 1, villager: 4}   # optional; default: the table row
rules: {reveal: true, seer: card, parity: false}                  # optional; these are the defaults
viewpoint: 3                       # optional: whose knowledge; absent = public knowledge
cards: {3: seer}                   # known roles (the viewpoint's own; all of them in a full record)
events:                            # in play order, numbered from 1
  - {night: 1}
  - {seat: 3, checks: 5, sees: villager}          # private: the seer's look
  - {dawn: 1, dead: [7], cards: {7: villager}}    # public: the night's dead
  - {seat: 4, claims: seer, checked: {2: werewolf}}   # public claim; `checked` optional
  - {day: 1, votes: {1: 2, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2, 8: 1, 9: 2}, lynched: 2,
     cards: {2: werewolf}}
"""

B: dict[str, Any] = {
    "game": "werewolf",
    "players": 9,
    "roles": {"werewolf": 2, "seer": 1, "witch": 1, "hunter": 1, "villager": 4},
}
NIGHT_DAY = [{"night": 1}, {"dawn": 1, "dead": [7]}]


def test_the_spec_example_reads() -> None:
    record = read_record(SPEC)
    assert record.players == 9 and record.viewpoint == 3
    assert record.cards == ((3, "seer"),)
    assert isinstance(record.events[2], Dawn) and record.events[2].dead == (7,)
    assert record.events[3] == Claim(4, "seer", ((2, "werewolf"),))
    day = record.events[4]
    assert isinstance(day, Day) and day.lynched == 2 and day.lynched_dies
    assert record.alive_after() == (1, 3, 4, 5, 6, 8, 9)


@pytest.mark.parametrize("form", ["yaml", "json"])
def test_records_read_back_identically(form: str, tmp_path: Path) -> None:
    record = read_record(SPEC)
    text = dump_record(record, form)  # type: ignore[arg-type]
    assert read_record(text) == record
    path = tmp_path / f"game.{form}"
    path.write_text(text, encoding="utf-8")
    assert load_record(path) == record
    if form == "json":
        assert json.loads(text)["cards"] == {"3": "seer"}


def test_the_table_row_is_the_default_deck() -> None:
    record = read_record({"game": "werewolf", "players": 12})
    assert dict(record.deck) == {"werewolf": 3, "seer": 1, "villager": 8}
    assert read_record({"game": "werewolf", "players": 18}).deck[-1] == ("werewolf", 4)


def test_public_events() -> None:
    record = read_record(
        {
            **B,
            "events": [
                {"night": 1},
                {"dawn": 1, "dead": [4], "cards": {4: "hunter"}},
                {"seat": 4, "shoots": 6, "cards": {6: "villager"}},
                {"sheriff": 5},
                {"day": 1, "votes": {5: 1, 1: 2, 2: 1}, "lynched": 1, "cards": {1: "werewolf"}},
            ],
        }
    )
    assert record.events[2] == Shot(4, 6, ((6, "villager"),))
    assert record.events[3] == SheriffNamed(5)
    assert record.alive_after() == (2, 3, 5, 7, 8, 9)


def test_a_revealed_idiot_survives_and_loses_his_vote() -> None:
    roles = {"werewolf": 2, "seer": 1, "village-idiot": 1, "villager": 5}
    events = [
        {"night": 1},
        {"dawn": 1, "dead": [7]},
        {"day": 1, "votes": {1: 3, 2: 3}, "lynched": 3, "cards": {3: "village-idiot"}},
        {"night": 2},
        {"dawn": 2, "dead": []},
    ]
    record = read_record({**B, "roles": roles, "events": events})
    assert 3 in record.alive_after()
    with pytest.raises(InvalidRecordError, match=r"^events.6.votes.3: seat 3, the revealed idiot"):
        read_record(
            {**B, "roles": roles, "events": [*events, {"day": 2, "votes": {3: 1}, "lynched": 1}]}
        )


def test_the_sheriff_counts_twice() -> None:
    sheriff = [*NIGHT_DAY, {"sheriff": 1}]
    tie = {"day": 1, "votes": {1: 2, 3: 4, 5: 4}, "lynched": None}
    assert read_record({**B, "events": [*sheriff, tie]}).events[-1] == Day(
        1, ((1, 2), (3, 4), (5, 4))
    )
    with pytest.raises(InvalidRecordError, match="seat 4 has the most votes"):
        read_record({**B, "events": [*NIGHT_DAY, tie]})
    beaten = {"day": 1, "votes": {1: 2, 3: 4}, "lynched": 4}
    with pytest.raises(InvalidRecordError, match="seat 2 has the most votes, not seat 4"):
        read_record({**B, "events": [*sheriff, beaten]})


REFUSED: list[tuple[dict[str, Any], str]] = [
    ({"game": "onuw", "players": 9}, "game: must be werewolf, not 'onuw'"),
    ({"game": "werewolf"}, "missing field 'players'"),
    ({"game": "werewolf", "players": 7}, "players: the role table is for 8 to 18 players, not 7"),
    ({"game": "werewolf", "players": 19}, "players: must be between 3 and 18, not 19"),
    ({**B, "players": 8}, "roles: 9 cards for 8 players"),
    ({**B, "players": 3, "roles": {"villager": 3}}, "roles: a deck needs at least one werewolf"),
    ({**B, "players": 3, "roles": {"werewolf": 1, "seer": 2}}, "roles.seer: 2 copies (at most 1)"),
    ({**B, "roles": {"werewolf": 8, "seerr": 1}}, "roles: unknown role 'seerr' (did you mean"),
    ({**B, "rules": {"reveal": "yes"}}, "rules.reveal: must be true or false, not 'yes'"),
    ({**B, "rules": {"seer": "colour"}}, "rules.seer: unknown seer variant 'colour'"),
    ({**B, "rules": {"revael": True}}, "rules: unknown field 'revael' (did you mean 'reveal'?)"),
    ({**B, "viewpoint": 3}, "cards: the viewpoint, seat 3, needs its card"),
    ({**B, "viewpoint": 10, "cards": {3: "seer"}}, "viewpoint: must be between 1 and 9, not 10"),
    ({**B, "viewpoint": 3, "cards": {3: "cupid"}}, "cards.3: the deck has no cupid"),
    ({**B, "cards": {3: "seer", 4: "seer"}}, "cards: 2 × seer, but the deck has 1"),
    ({**B, "cards": {"x": "seer"}}, "cards: must be a whole number, not 'x'"),
    ({**B, "model": {"village_lies": 2}}, "model.village_lies: must be a probability from 0 to 1"),
    ({**B, "model": {"lies": 0}}, "model: unknown field 'lies'"),
    ({**B, "evnts": []}, "unknown field 'evnts' (did you mean 'events'?)"),
    ({**B, "events": {"night": 1}}, "events: must be a list"),
    ({**B, "events": [{"night": 2}]}, "events.1: night 2 first"),
    ({**B, "events": [{"night": 1}, {"night": 2}]}, "events.2: night 2 before day 1"),
    ({**B, "events": [3]}, "events.1: must be a mapping, not 3"),
    ({**B, "events": [{"dawn": 1, "dead": [2]}]}, "events.1: dawn 1 before night 1"),
    (
        {**B, "events": [{"night": 1}, {"seat": 3, "checks": 3, "sees": "seer"}]},
        "events.2.checks: the seer looks at another player",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 3, "checks": 4, "sees": "cupid"}]},
        "events.2.sees: the deck has no cupid",
    ),
    (
        {
            **B,
            "rules": {"seer": "alignment"},
            "events": [{"night": 1}, {"seat": 3, "checks": 4, "sees": "villager"}],
        },
        "events.2.sees: unknown alignment 'villager' (known: werewolf, not)",
    ),
    ({**B, "events": [{"night": 1}, {"seat": 3, "looks": 4}]}, "events.2: a seat's event needs"),
    (
        {**B, "events": [{"night": 1}, {"seat": 3, "heals": True}]},
        "events.2: missing field 'victim'",
    ),
    ({**B, "events": [{"night": 1}, {"seat": 10, "checks": 4}]}, "events.2.seat: must be between"),
    (
        {**B, "events": [{"night": 1}, {"seat": 3, "checks": 4, "sees": "seer", "x": 1}]},
        "events.2: unknown field 'x'",
    ),
    (
        {**B, "events": [{"night": 1}, {"dawn": 1, "dead": [7, 7]}]},
        "events.2.dead: a seat is listed twice",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"seat": 7, "claims": "seer"}]},
        "events.3.seat: seat 7 died in event 2",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"seat": 1, "claims": "wizard"}]},
        "events.3.claims: unknown role 'wizard'",
    ),
    (
        {**B, "events": [{"night": 1}, {"dawn": 1, "dead": [7], "cards": {6: "villager"}}]},
        "events.2.cards.6: seat 6 does not die here",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"day": 1, "votes": {1: 2, 3: 2}, "lynched": 3}]},
        "events.3.lynched: seat 2 has the most votes, not seat 3",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"day": 1, "votes": {1: 2, 3: 2}, "lynched": None}]},
        "events.3.lynched: seat 2 has the most votes",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"day": 1, "votes": {1: 2}}]},
        "events.3: missing field 'lynched'",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"day": 1, "votes": {7: 2}, "lynched": 2}]},
        "events.3.votes.7: seat 7 died in event 2",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"day": 1, "votes": {1: 7}, "lynched": 7}]},
        "events.3.votes.1: seat 7 died in event 2",
    ),
    ({**B, "events": [*NIGHT_DAY, {"day": 2, "lynched": None}]}, "events.3: day 2 before dawn 2"),
    (
        {
            **B,
            "events": [
                {"night": 1},
                {"seat": 5, "victim": 2, "heals": True},
                {"dawn": 1, "dead": []},
                {"day": 1, "lynched": None},
                {"night": 2},
                {"seat": 5, "victim": 3, "heals": True},
            ],
        },
        "events.6.heals: the witch has one healing potion",
    ),
    (
        {
            **B,
            "events": [
                {"night": 1},
                {"seat": 5, "victim": 2, "poisons": 4},
                {"dawn": 1, "dead": [4]},
                {"day": 1, "lynched": None},
                {"night": 2},
                {"seat": 5, "victim": 3, "poisons": 6},
            ],
        },
        "events.6.poisons: the witch has one poison",
    ),
    (
        {**B, "events": [{"night": 1}, {"dawn": 1, "dead": [4]}, {"seat": 5, "shoots": 6}]},
        "events.3.seat: seat 5 shoots but is alive",
    ),
    (
        {
            **B,
            "events": [
                {"night": 1},
                {"dawn": 1, "dead": [4]},
                {"seat": 4, "shoots": 6},
                {"seat": 4, "shoots": 7},
            ],
        },
        "events.4.seat: seat 4 has already shot",
    ),
    (
        {
            **B,
            "rules": {"reveal": False},
            "events": [{"night": 1}, {"dawn": 1, "dead": [4], "cards": {4: "hunter"}}],
        },
        "events.2.cards.4: cards stay hidden (rules: reveal: false)",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "wolves": [2]}]},
        "events.2.wolves: must include seat 1",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "wolves": [1, 2, 3]}]},
        "events.2.wolves: must list 1 to 2 seats, not 3",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "takes": "witch"}]},
        "events.2.takes: the deck has no thief",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "charms": [1, 2]}]},
        "events.2.charms: the piper never",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "charms": [2, 3, 4]}]},
        "events.2.charms: must list 1 to 2",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "charmed": [2, 3]}]},
        "events.2.charmed: must include seat 1",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "lovers": [2, 2]}]},
        "events.2.lovers: a seat is listed twice",
    ),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "lovers": [2]}]},
        "events.2.lovers: must list 2 seats",
    ),
    (
        {
            **B,
            "events": [
                {"night": 1},
                {"seat": 1, "protects": 2},
                {"dawn": 1, "dead": []},
                {"day": 1, "lynched": None},
                {"night": 2},
                {"seat": 1, "protects": 2},
            ],
        },
        "events.6.protects: seat 2 was protected last night",
    ),
    (
        {
            **B,
            "roles": {"werewolf": 2, "seer": 1, "little-girl": 1, "defender": 1, "villager": 4},
            "cards": {2: "little-girl"},
            "events": [{"night": 1}, {"seat": 1, "protects": 2}],
        },
        "events.2.protects: the defender cannot protect the little girl",
    ),
    (
        {
            **B,
            "events": [
                {"night": 1},
                {"dawn": 1},
                {"day": 1, "lynched": None},
                {"night": 2},
                {"seat": 1, "lovers": [2, 3]},
            ],
        },
        "events.5.lovers: on the first night only",
    ),
    ({**B, "events": [{"night": 1}, {"sheriff": 2}]}, "events.2: a sheriff is named by day"),
    (
        {**B, "events": [{"night": 1}, {"seat": 1, "claims": "seer"}]},
        "events.2: a claim is made by day",
    ),
    (
        {**B, "events": [{"night": 1}, {"dawn": 1}, {"seat": 1, "checks": 2, "sees": "seer"}]},
        "events.3: a private checks event outside a night",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"seat": 3, "claims": "seer", "checked": {3: "goat"}}]},
        "events.3.checked.3: unknown role 'goat'",
    ),
    (
        {**B, "events": [*NIGHT_DAY, {"seat": 3, "claims": "goat"}]},
        "events.3.claims: unknown role 'goat'",
    ),
    (
        {
            "game": "werewolf",
            "players": 5,
            "roles": {"werewolf": 1, "thief": 1, "villager": 3},
            "cards": {1: "thief"},
        },
        "cards.1: nobody plays the thief (he always exchanges his card)",
    ),
    (
        {
            **B,
            "events": [
                *NIGHT_DAY,
                {"day": 1, "votes": {1: 3}, "lynched": 3, "cards": {3: "village-idiot"}},
            ],
        },
        "events.3.cards.3: the deck has no village-idiot",
    ),
]


@pytest.mark.parametrize(("data", "message"), REFUSED)
def test_malformed_records_are_refused_in_one_line(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        read_record(data)
    text = str(caught.value)
    assert text.startswith(message), text
    assert "\n" not in text


@pytest.mark.parametrize(
    "text",
    ["game: werewolf\nplayers: [9", '{"game": "werewolf", "players": 9, "players": 9}', "- 1\n- 2"],
)
def test_unreadable_text_is_refused(text: str) -> None:
    with pytest.raises(SolverError):
        read_record(text)
