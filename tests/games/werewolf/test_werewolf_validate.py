"""A moderator's full record the rules cannot produce is refused, naming the event; every
game the moderator plays passes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import read_record
from wooolf_solver.games.werewolf.rules import Variants
from wooolf_solver.games.werewolf.validate import check_game

ALL_ROLES = (
    ("cupid", 1), ("defender", 1), ("elder", 1), ("hunter", 1), ("little-girl", 1),
    ("piper", 1), ("scapegoat", 1), ("seer", 1), ("thief", 1), ("village-idiot", 1),
    ("villager", 3), ("werewolf", 3), ("witch", 1),
)  # fmt: skip


@pytest.mark.parametrize("seed", range(60))
def test_every_played_game_is_one_the_rules_can_produce(seed: int) -> None:
    variants = Variants(seed % 2 == 0, "alignment" if seed % 3 else "card", seed % 5 == 0)
    bot = RandomBot(random.Random(seed), unanimous=seed % 4 != 0, claims=0.3)
    check_game(play_game(ALL_ROLES, bot, random.Random(seed), variants).record)


CARDS = {1: "werewolf", 2: "seer", 3: "witch", 4: "hunter", 5: "villager", 6: "villager"}
ROLES = {"werewolf": 1, "seer": 1, "witch": 1, "hunter": 1, "villager": 2}


def full(*events: dict[str, Any]) -> Any:
    return read_record(
        {"game": "werewolf", "players": 6, "roles": ROLES, "cards": CARDS, "events": list(events)}
    )


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([{"night": 1}, {"seat": 5, "checks": 1, "sees": "werewolf"}],
         "events.2.seat: seat 5 is the villager, not seer"),
        ([{"night": 1}, {"seat": 2, "checks": 1, "sees": "villager"}],
         "events.2.sees: seat 1 is the werewolf"),
        ([{"night": 1}, {"seat": 3, "victim": 1}],
         "events.2.victim: seat 1, a werewolf, is no victim"),
        ([{"night": 1}, {"seat": 1, "wolves": [1, 5]}], "events.2.wolves: must list 1 seat, not 2"),
        ([{"night": 1}, {"dawn": 1, "dead": [5], "cards": {5: "seer"}}],
         "events.2.cards.5: seat 5 is the villager"),
        ([{"night": 1}, {"dawn": 1, "dead": [5]}, {"seat": 5, "shoots": 1}],
         "events.3.seat: seat 5 is the villager, not hunter"),
        ([{"night": 1}, {"dawn": 1, "dead": [5]}, {"day": 1, "votes": {2: 1}, "lynched": 1},
          {"night": 2}],
         "events.4: the game ended at event 3 (village won)"),
    ],
)  # fmt: skip
def test_what_the_rules_cannot_produce_is_refused(
    events: list[dict[str, Any]], message: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        check_game(full(*events))
    assert str(caught.value) == message


def test_a_record_without_every_card_is_not_a_full_record() -> None:
    record = read_record({"game": "werewolf", "players": 8})
    with pytest.raises(InvalidRecordError, match=r"^cards: a full record"):
        check_game(record)


def test_a_pack_that_is_not_the_living_werewolves_is_refused() -> None:
    record = read_record(
        {
            "game": "werewolf",
            "players": 4,
            "roles": {"werewolf": 2, "villager": 2},
            "cards": {1: "werewolf", 2: "werewolf", 3: "villager", 4: "villager"},
            "events": [{"night": 1}, {"seat": 1, "wolves": [1, 3]}],
        }
    )
    with pytest.raises(InvalidRecordError, match=r"^events.2.wolves: the pack is \[1, 2\]$"):
        check_game(record)
