"""Hostile or careless deck files: one short line each (issue 8, item 6)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wooolf_solver.core.errors import InvalidDeckError
from wooolf_solver.games.wooolf.rules import base_rules, load_deck, load_game

ROOT = Path(__file__).resolve().parents[3]
PIGLET = (ROOT / "examples" / "decks" / "piglet.toml").read_text(encoding="utf-8")

ROW = 'players = [4]\nneutral = 1\ncards = { "wolf" = 1, "shepherd?" = 1, "hunter" = 1, '
ROW += '"hound" = 1, "hound?" = 1, "sheep" = 5 }\n'
DECK = 'game = "wooolf"\n[editions.tiny]\n[[editions.tiny.rows]]\n' + ROW


def refused(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidDeckError) as caught:
        load_deck(path, base_rules())
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message and len(message) < 300
    return message[len(f"{path}: ") :]


def test_every_shipped_deck_loads(tmp_path: Path) -> None:
    for deck in sorted((ROOT / "examples" / "decks").glob("*.toml")):
        game, edition = load_deck(deck, base_rules())
        assert edition.rows and edition.name in game.editions
    assert set(load_game(ROOT / "wooolf_solver/games/wooolf/wooolf.toml").editions) == {
        "basic",
        "advanced",
    }
    path = tmp_path / "tiny.toml"
    path.write_text(DECK, encoding="utf-8")
    assert load_deck(path, base_rules())[1].rows[0].seats == 5


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hand_size = [2]\n" + DECK, "hand_size: must be a whole number, not [2]"),
        ("hand_size = 0\n" + DECK, "hand_size: must be between 1 and 10, not 0"),
        ("hand_size = 2.0\n" + DECK, "hand_size: must be a whole number, not 2.0 (write 2)"),
        (
            DECK.replace('"wolf" = 1', '"wolf" = [1]'),
            "editions.tiny.rows[1].cards.wolf: must be a whole number, not [1]",
        ),
        (
            DECK.replace('"wolf" = 1', '"wolf" = 1000000'),
            "editions.tiny.rows[1].cards.wolf: must be between 0 and 100, not 1000000",
        ),
        (
            DECK.replace('"wolf" = 1', '"wolf" = 1.5'),
            "editions.tiny.rows[1].cards.wolf: must be a whole number, not 1.5",
        ),
        (
            DECK.replace('"wolf" = 1', '"wolf" = -1'),
            "editions.tiny.rows[1].cards.wolf: must be between 0 and 100, not -1",
        ),
        (
            DECK.replace("players = [4]", "players = [0]"),
            "editions.tiny.rows[1].players: must be between 2 and 20, not 0",
        ),
        (
            DECK.replace("players = [4]", "players = [21]"),
            "editions.tiny.rows[1].players: must be between 2 and 20, not 21",
        ),
        (
            DECK.replace("players = [4]", "players = 4"),
            "editions.tiny.rows[1].players: must be a list, not 4",
        ),
        (
            DECK + "[[editions.tiny.rows]]\n" + ROW,
            "editions.tiny.rows[2].players: 4 players is already in row 1",
        ),
        (
            DECK.replace("players = [4]", "players = [4, 4]"),
            "editions.tiny.rows[1].players: 4 players is already in row 1",
        ),
        (
            DECK.replace("neutral = 1", "neutral = 2.5"),
            "editions.tiny.rows[1].neutral: must be a whole number, not 2.5",
        ),
        (
            DECK.replace("neutral = 1", "neutral = 1000000"),
            "editions.tiny.rows[1].neutral: must be between 0 and 20, not 1000000",
        ),
        (
            DECK.replace('"sheep" = 5', '"sheep" = 4'),
            "editions.tiny.rows[1].cards: 9 cards cannot be dealt 2 each to 5 hands",
        ),
        (
            DECK + "[character.piglet]\nvalue = 1\ntargets = ['wolf']\n",
            "unknown table 'character' (did you mean 'characters'?)",
        ),
        ("colour = 'red'\n" + DECK, "unknown field 'colour'"),
        (
            DECK + "[characters.piglet]\nvalue = 1.5\ntargets = ['wolf']\n",
            "characters.piglet.value: must be a whole number, not 1.5",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = ['piglet']\n",
            "characters.piglet.targets: 'piglet' cannot target itself",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = []\n",
            "characters.piglet.targets: must list 1 to 20 character names",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = 'wolf'\n",
            "characters.piglet.targets: must be a list, not 'wolf'",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = ['wolf']\nicon = 'no'\n",
            "characters.piglet.icon: must be true or false, not 'no'",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = ['wolf']\nannounces = 'goat'\n",
            "characters.piglet.announces: 'goat' is no character or icon",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = ['wolf']\nannounces = 3\n",
            "characters.piglet.announces: must be a string, not 3",
        ),
        (
            DECK + '[characters.""]\nvalue = 15\ntargets = ["wolf"]\n',
            "characters: must not be empty",
        ),
        (
            DECK + '[characters."pig/let"]\nvalue = 15\ntargets = ["wolf"]\n',
            "characters: must not contain '/': 'pig/let'",
        ),
        (
            DECK + '[characters.piglet]\nvalue = 15\ntargets = ["wolf/x"]\n',
            "characters.piglet.targets[1]: must not contain '/': 'wolf/x'",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = ['goat']\n",
            "characters.piglet: unknown target 'goat'",
        ),
        (
            DECK + "[characters.piglet]\ntargets = ['wolf']\n",
            "characters.piglet: missing field 'value'",
        ),
        (
            DECK + "[characters.piglet]\nvalue = 15\ntargets = ['wolf']\nvalu = 1\n",
            "characters.piglet: unknown field 'valu' (did you mean 'value'?)",
        ),
        (
            DECK + "[questions.q]\nidentity = ['wolf']\ncopies = 1000000\n",
            "questions.q.copies: must be between 1 and 100, not 1000000",
        ),
        (
            DECK + "[questions.q]\nidentity = ['wolf']\ncopies = [1]\n",
            "questions.q.copies: must be a whole number, not [1]",
        ),
        (
            DECK + "[questions.q]\nidentity = ['wolf']\ncopies = 1.5\n",
            "questions.q.copies: must be a whole number, not 1.5",
        ),
        (
            DECK + "[questions.q]\nidentity = 'wolf'\n",
            "questions.q.identity: must be a list, not 'wolf'",
        ),
        (
            DECK + "[questions.q]\nidentity = ['wolf']\ntext = 3\n",
            "questions.q.text: must be a string, not 3",
        ),
        (
            DECK + '[questions."a/b"]\nidentity = ["wolf"]\n',
            "questions: must not contain '/': 'a/b'",
        ),
        (
            DECK.replace("[editions.tiny]", '[editions.tiny]\ntitle = ["x"]'),
            "editions.tiny.title: must be a string, not ['x']",
        ),
        ("game = 'chess'\n" + DECK[len('game = "wooolf"\n') :], "game: 'chess' is not 'wooolf'"),
        ("game = 'wooolf'\n", "editions: a deck file defines exactly one edition"),
    ],
)
def test_refused(tmp_path: Path, text: str, expected: str) -> None:
    assert refused(tmp_path, text) == expected


def test_a_huge_card_name_is_not_echoed_whole(tmp_path: Path) -> None:
    message = refused(tmp_path, DECK.replace('"wolf" = 1', f'"{"w" * 5_000}" = 1'))
    assert message.startswith("editions.tiny.rows[1].cards: no card is named 'www")


def test_an_unknown_card(tmp_path: Path) -> None:
    message = refused(tmp_path, DECK.replace('"wolf" = 1', '"wolff" = 1'))
    assert message == "editions.tiny.rows[1].cards: unknown card 'wolff' (did you mean 'wolf'?)"


def test_a_huge_number_is_not_echoed_whole(tmp_path: Path) -> None:
    message = refused(tmp_path, DECK.replace('"wolf" = 1', f'"wolf" = {"9" * 5000}'))
    assert "digits" in message and len(message) < 200


def test_a_link_to_dev_zero(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    path = tmp_path / "zero.toml"
    path.symlink_to("/dev/zero")
    with pytest.raises(InvalidDeckError) as caught:
        load_deck(path, base_rules())
    assert str(caught.value).startswith(f"{path}: cannot read")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'game = "w\xe9\xe9"\n')
    with pytest.raises(InvalidDeckError) as caught:
        load_deck(path, base_rules())
    assert str(caught.value).startswith(f"{path}: ")


def test_the_piglet_deck_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "piglet.toml"
    path.write_text(PIGLET, encoding="utf-8")
    game, edition = load_deck(path, base_rules())
    assert game.characters["piglet"].targets == ("wolf", "shepherd")
    assert [row.players for row in edition.rows] == [4, 5, 6]
