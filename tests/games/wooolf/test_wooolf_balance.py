"""Wooolf!!'s balance figures: every identity's blind baseline against a brute force
over every deal and every declaration (scored by the rules' own scoring); the command
line; one-line errors."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb, prod
from pathlib import Path

import pytest
from helpers import run
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver import api
from wooolf_solver.games.wooolf.balance import Balance, Baseline, row_of
from wooolf_solver.games.wooolf.rules import Card, Hand, Rules, Setup, base_rules, load_deck
from wooolf_solver.games.wooolf.scoring import Declared, is_correct

pytestmark = pytest.mark.usefixtures("plain_console")

ROOT = Path(__file__).resolve().parents[3]
PIGLET = ROOT / "examples" / "decks" / "piglet.toml"
RULES = base_rules()


def deals(cards: tuple[Card, ...], seats: int, size: int) -> Counter[tuple[Hand, ...]]:
    """Every deal of ``cards`` (sorted) to ``seats`` hands, with its number of ways
    (cards told apart)."""
    out: Counter[tuple[Hand, ...]] = Counter()

    def deal(left: Counter[Card], hands: tuple[Hand, ...], ways: int) -> None:
        if len(hands) == seats:
            out[hands] += ways
            return
        kinds = sorted(left.elements())
        for picked in {tuple(sorted(c)) for c in _choose(kinds, size)}:
            taken = Counter(picked)
            count = prod(comb(left[c], n) for c, n in taken.items())
            deal(left - taken, (*hands, picked), ways * count)

    deal(Counter(cards), (), 1)
    return out


def _choose(cards: list[Card], size: int) -> list[tuple[Card, ...]]:
    if size == 0:
        return [()]
    return [(c, *rest) for i, c in enumerate(cards) for rest in _choose(cards[i + 1 :], size - 1)]


def brute(rules: Rules, setup: Setup) -> dict[str, Baseline]:
    """Seat 1's figures by identity: every deal, every declaration it may make."""
    cards = tuple(sorted(card for card, n in setup.cards for _ in range(n)))
    everything = deals(cards, setup.seats, rules.hand_size)
    total = sum(everything.values())
    by_hand: dict[Hand, Counter[tuple[int, ...]]] = {}
    held: Counter[Hand] = Counter()
    for hands, ways in everything.items():
        mine = hands[0]
        held[mine] += ways
        table = dict(enumerate(hands, 1))
        targets = rules.identity(mine).targets
        options = [0, *range(2, setup.seats + 1)]
        rights = by_hand.setdefault(mine, Counter())
        for pointers in product(options, repeat=len(targets)):
            rights[pointers] += ways * is_correct(rules, table, Declared(1, "final", pointers))
    out: dict[str, list[Fraction]] = {}
    for mine, rights in by_hand.items():
        name = rules.identity(mine).name
        pointers = len(rules.identity(mine).targets)
        figures = out.setdefault(name, [Fraction(0)] * 3)
        figures[0] += Fraction(held[mine], total)
        figures[1] += Fraction(sum(rights.values()), total * setup.seats**pointers)
        figures[2] += Fraction(max(rights.values(), default=0), total)
    return {
        name: Baseline(share, random / share, blind / share)
        for name, (share, random, blind) in out.items()
    }


def agree(rules: Rules, setup: Setup) -> None:
    assert dict(row_of(rules, setup).identities) == brute(rules, setup)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """Three or four hands of the base game's characters, any mix."""
    seats = draw(st.integers(3, 4))
    names = sorted(RULES.characters)
    picks = draw(st.lists(st.sampled_from(names), min_size=2 * seats, max_size=2 * seats))
    cards = tuple(sorted((Card(name, "?"), n) for name, n in Counter(picks).items()))
    neutral = draw(st.integers(0, 1))
    return Setup("drawn", seats - neutral, neutral, cards)


@given(setups())
def test_small_decks_agree_with_the_brute_force(setup: Setup) -> None:
    agree(RULES, setup)


def test_the_basic_game_agrees_with_the_brute_force() -> None:
    agree(RULES, RULES.setup("basic", 4))


def test_a_made_up_character_agrees_with_the_brute_force() -> None:
    rules, _ = load_deck(PIGLET, RULES)
    names = {"wolf": 1, "piglet": 2, "sheep": 3, "hound": 1, "shepherd": 1}
    agree(rules, Setup("piglet", 4, 0, tuple((Card(n, "?"), k) for n, k in names.items())))


def test_every_identity_shares_the_seats() -> None:
    for edition in ("basic", "advanced"):
        for row in RULES.editions[edition].rows:
            figures = row_of(RULES, row).identities
            assert sum(f.share for f in figures.values()) == 1
            assert all(f.random_right <= f.blind_right <= 1 for f in figures.values())


def test_the_command_line_gives_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "balance", "--game", "wooolf", str(PIGLET), "--json")
    data = json.loads(out)
    assert (status, err) == (0, "")
    assert [row["players"] for row in data["rows"]] == [4, 5, 6]
    assert {row["edition"] for row in data["against"]} == {"basic", "advanced"}
    piglet = data["rows"][0]["identities"]["piglet"]
    assert piglet["points"]["early"] == pytest.approx(2 * piglet["blind_right"])
    assert {key: data[key] for key in ("rows", "against")} == {
        key: api.balance("wooolf", deck=PIGLET).to_dict()[key] for key in ("rows", "against")
    }
    status, out, _ = run(capsys, "balance", "--game", "wooolf", "--roles", "basic")
    assert status == 0 and "basic, 8 players" in out and "blind right" in out


def test_a_deck_path_is_a_mix_as_the_lab_names_it() -> None:
    assert api.balance("wooolf", str(PIGLET)) == api.balance("wooolf", deck=PIGLET)


def test_a_character_list_is_one_hand_a_seat() -> None:
    figures = api.balance("wooolf", "wolf=1,shepherd=1,hunter=2,hound=2,sheep=4")
    assert isinstance(figures, Balance)
    (row,) = figures.rows
    assert (row.players, row.neutral) == (5, 0)
    assert row.identities == row_of(RULES, RULES.setup("basic", 5)).identities


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--roles", "wolf=1,piglet=3"], "unknown character 'piglet'"),
        (["--roles", "wolf=1,sheep=2"], "3 cards do not make hands of 2"),
        (["--roles", "expert"], "unknown edition 'expert'"),
        (["--roles", "basic", "--parity"], "--parity"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "balance", "--game", "wooolf", *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1
