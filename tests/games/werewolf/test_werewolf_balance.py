"""Balance: the card points, the exact random-lynch baseline, and random bots agreeing
with it in simulation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from wooolf_solver.core.errors import InvalidDeckError
from wooolf_solver.games.werewolf.balance import balance, parse_roles, village_win
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.rules import Variants, load_rules


def test_the_worked_value() -> None:
    assert balance(parse_roles("werewolf=1,villager=2")).to_dict() == {
        "points": -4,
        "random_lynch": 0.5,
    }


def test_the_card_values() -> None:
    rules = load_rules()
    values = {name: role.points for name, role in rules.roles.items()}
    assert values == {
        "werewolf": -6, "villager": 1, "seer": 7, "witch": 4, "hunter": 3, "cupid": -3,
        "defender": 3, "village-idiot": 2, "elder": 3,
        # the project's own values (werewolf.toml says why)
        "thief": -1, "little-girl": 3, "scapegoat": 1, "piper": 1,
    }  # fmt: skip
    assert balance({"werewolf": 2, "seer": 1, "villager": 5}).points == 0


def test_the_recursion_by_hand() -> None:
    # 3 villagers, 1 werewolf: night -> 2 v; day: the werewolf 1/3, else 1 v left: night
    # kills him. So 1/3.
    assert village_win(3, 1) == Fraction(1, 3)
    # parity: 2 v, 1 w at nightfall -> 1 v, 1 w: over at once
    assert village_win(2, 1, parity=True) == 0 and village_win(2, 1) == Fraction(1, 2)
    assert village_win(0, 1) == 0 and village_win(3, 0) == 1


def test_every_table_row_has_a_baseline_between_0_and_1() -> None:
    rules = load_rules()
    for players in range(8, 19):
        value = balance(rules.table_deck(players)).random_lynch
        assert 0 < value < 1


def test_a_deck_is_checked() -> None:
    with pytest.raises(InvalidDeckError, match=r"^roles: a deck needs at least one werewolf"):
        balance({"villager": 3})
    with pytest.raises(InvalidDeckError, match=r"^--roles: write role=copies"):
        parse_roles("werewolf")


@pytest.mark.parametrize(("wolves", "villagers", "parity"), [(2, 6, False), (1, 5, True)])
def test_random_bots_play_the_random_lynch_model(wolves: int, villagers: int, parity: bool) -> None:
    deck = (("villager", villagers), ("werewolf", wolves))
    exact = float(village_win(villagers, wolves, parity))
    games = 3000
    rng = random.Random(20261201)
    bot = RandomBot(random.Random(7))
    wins = sum(
        play_game(deck, bot, rng, Variants(parity=parity)).winner == "village" for _ in range(games)
    )
    sigma = math.sqrt(exact * (1 - exact) / games)
    assert abs(wins / games - exact) < 4 * sigma
