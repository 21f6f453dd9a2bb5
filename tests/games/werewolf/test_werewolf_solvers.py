"""Every engine (the counter, csp, cpsat) gives exactly the generic brute force's answers
on Werewolf records; the spec's example record, solved."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from werewolf_reference import conflict, consistent, solve, solve_by

from wooolf_solver.core.errors import InconsistentRecordError
from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.model import knowledge_of
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import GameRecord, read_record
from wooolf_solver.games.werewolf.rules import Variants

SPEC = {
    "game": "werewolf",
    "players": 9,
    "roles": {"werewolf": 2, "seer": 1, "witch": 1, "hunter": 1, "villager": 4},
    "viewpoint": 3,
    "cards": {3: "seer"},
    "events": [
        {"night": 1},
        {"seat": 3, "checks": 5, "sees": "villager"},
        {"dawn": 1, "dead": [7], "cards": {7: "villager"}},
        {"seat": 4, "claims": "seer", "checked": {2: "werewolf"}},
        {"day": 1, "votes": {1: 2, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2, 8: 1, 9: 2}, "lynched": 2,
         "cards": {2: "werewolf"}},
    ],
}  # fmt: skip


def test_the_spec_example_solved() -> None:
    # seat 3 is the seer, so seat 4's seer claim is false: only a werewolf lies.
    out = solve(read_record(SPEC)).to_dict()
    # seat 5 was seen a villager: witch, hunter and 2 villagers over seats 1, 6, 8, 9
    assert out["worlds"] == 12
    assert out["werewolf"] == {str(s): float(s in (2, 4)) for s in range(1, 10)}
    assert out["lying"] == {"4": 1.0}
    assert out["lynch"][0] == {"seat": 4, "werewolf": 1.0}
    assert [item["seat"] for item in out["lynch"]] == [4, 1, 5, 6, 8, 9]
    assert out["roles"]["5"] == {"villager": 1.0}
    assert out["roles"]["1"] == {"hunter": 0.25, "villager": 0.5, "witch": 0.25}


def agree(record: GameRecord, engine: str) -> None:
    """``engine``'s answers are exactly brute force's (every chance a fraction)."""
    assert solve_by(record, engine).answers() == solve(record).answers()


def played(seed: int, deck: tuple[tuple[str, int], ...], **variants: Any) -> GameRecord:
    bot = RandomBot(random.Random(seed), unanimous=seed % 2 == 0, claims=0.5)
    return play_game(deck, bot, random.Random(seed), Variants(**variants)).record


SMALL = [
    (("seer", 1), ("villager", 2), ("werewolf", 1)),
    (("cupid", 1), ("villager", 1), ("werewolf", 1), ("witch", 1)),
    (("hunter", 1), ("piper", 1), ("villager", 1), ("werewolf", 1)),
]
THIEF = (("seer", 1), ("thief", 1), ("werewolf", 1))


def records() -> list[GameRecord]:
    out = [read_record(SPEC)]
    for seed in range(6):
        game = played(seed, SMALL[seed % 3], seer="alignment" if seed % 2 else "card")
        out += [game.view(seat) for seat in (None, 1, 2)]
    return out


@pytest.mark.parametrize("engine", ["fast", "csp"])
def test_the_engines_agree_with_brute_force(engine: str) -> None:
    for record in records():
        agree(record, engine)


def test_cpsat_agrees_on_small_tables() -> None:
    for record in records()[1:7]:
        agree(record, "cpsat")


def test_the_engines_agree_with_a_thief() -> None:
    game = played(3, THIEF)
    for record in (game.view(None), game.view(1)):
        agree(record, "fast")
        agree(record, "csp")


def test_an_inconsistent_record_gives_a_minimal_conflict_through_any_engine() -> None:
    data = dict(SPEC)
    data["events"] = [*SPEC["events"][:4], {**SPEC["events"][4], "cards": {2: "witch"}}]
    data["events"][1] = {"seat": 3, "checks": 2, "sees": "werewolf"}
    record = read_record(data)
    assert conflict(record) == (2, 5)
    with pytest.raises(InconsistentRecordError) as caught:
        GAME.solve(record, "csp")
    found = caught.value.conflict
    knowledge = knowledge_of(record)
    assert not consistent(knowledge.restricted(found))
    for event in found:
        assert consistent(knowledge.restricted([e for e in found if e != event]))


def test_the_game_reads_records_and_says_what_it_answers() -> None:
    record = GAME.read(SPEC, Path("."))
    assert isinstance(record, GameRecord)
    assert GAME.describe()["verbs"] == [
        "solve", "hint", "vote", "why", "review", "balance", "moderate", "simulate", "compare",
    ]  # fmt: skip
