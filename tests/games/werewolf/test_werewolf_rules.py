"""The rules as data: the role table, the roles, the variants, and a designer's new role
as one data row plus one power class."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wooolf_solver.core.errors import InvalidDeckError
from wooolf_solver.games.werewolf.asks import Ask, Flow
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.events import Check
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.powers import POWERS, Power, power
from wooolf_solver.games.werewolf.rules import (
    RULES_FILE,
    Seat,
    Variants,
    load_rules,
    variants_of,
)
from wooolf_solver.games.werewolf.state import WerewolfState

TABLE = {
    8: (2, 5), 9: (2, 6), 10: (2, 7), 11: (2, 8), 12: (3, 8), 13: (3, 9), 14: (3, 10),
    15: (3, 11), 16: (3, 12), 17: (3, 13), 18: (4, 13),
}  # fmt: skip


def test_the_role_table() -> None:
    rules = load_rules()
    assert sorted(rules.table) == list(range(8, 19))
    for players, (wolves, villagers) in TABLE.items():
        assert dict(rules.table_deck(players)) == {
            "werewolf": wolves,
            "seer": 1,
            "villager": villagers,
        }


def test_the_roles() -> None:
    rules = load_rules()
    teams = {name: role.team for name, role in rules.roles.items()}
    assert teams.pop("werewolf") == "werewolves" and teams.pop("piper") == "alone"
    assert set(teams.values()) == {"village"}
    night = [role.name for role in rules.wake_order]
    assert night == ["thief", "cupid", "defender", "seer", "werewolf", "witch", "piper"]
    assert {name for name, role in rules.roles.items() if role.first_night} == {"thief", "cupid"}
    assert {name for name, role in rules.roles.items() if role.repeat} == {"werewolf", "villager"}
    assert dict(rules.thief_extra) == {"villager": 2}
    assert set(rules.roles) - {"villager"} <= set(POWERS)


def test_the_variants() -> None:
    assert variants_of(None) == Variants(reveal=True, seer="card", parity=False)
    assert variants_of({"reveal": False}).to_dict() == {"reveal": False}


@power("wolf-seer")
class WolfSeer(Power):
    """A test role: a werewolf-team seer who wakes with the seer."""

    village = False

    def night(self, table: WerewolfState, seat: Seat) -> Flow:
        others = tuple(s for s in table.living if s != seat)
        target = yield Ask("check", seat, others)  # asks its seat, as the seer does
        table.record(Check(seat, target, table.roles[target]))


def test_a_designers_new_role_is_a_data_row_and_a_class(tmp_path: Path) -> None:
    text = RULES_FILE.read_text(encoding="utf-8")
    text = text.replace(
        "[roles.villager]",
        '[roles.wolf-seer]\nteam = "werewolves"\nwakes = 5\npoints = -7\n\n[roles.villager]',
    )
    path = tmp_path / "custom.toml"
    path.write_text(text, encoding="utf-8")
    rules = load_rules(path)
    assert rules.roles["wolf-seer"].points == -7
    deck = (("villager", 3), ("werewolf", 1), ("wolf-seer", 1))
    outcome = play_game(deck, RandomBot(random.Random(1)), random.Random(1), rules=rules)
    seers = [e.seat for e in outcome.record.events if isinstance(e, Check)]
    assert seers and {outcome.record.cards[s - 1][1] for s in seers} == {"wolf-seer"}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('team = "alone"', 'team = "solo"', "roles.piper.team: unknown team 'solo'"),
        ("wakes = 5", 'wakes = "five"', "roles.seer.wakes: must be a whole number"),
        ("points = 7", "points = 7\ncolour = 1", "roles.seer: unknown field 'colour'"),
        ("8 = { werewolf = 2, seer = 1, villager = 5 }", "8 = { werewolf = 2, seer = 1 }",
         "table.8: 3 cards for 8 players"),
        ("players = [8, 18]", "players = [8]", "players: must be [least, most]"),
    ],
)  # fmt: skip
def test_a_malformed_rules_file_is_refused(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    text = RULES_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InvalidDeckError) as caught:
        load_rules(path)
    assert str(caught.value).startswith(f"bad.toml: {message}")
