"""Hostile input of every kind the issue-23 tester found failing (one case per kind):
each refused in one short line, exit 2, the library raising its own errors."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import refused, run, write

import wooolf_solver
from wooolf_solver import GameRecord, Round, api
from wooolf_solver.core import fastyaml
from wooolf_solver.core.documents import parse_yaml
from wooolf_solver.core.errors import (
    ArgumentTypeError,
    InvalidDeckError,
    InvalidRecordError,
    SolverError,
)
from wooolf_solver.games.wooolf.explain import explain

pytestmark = pytest.mark.usefixtures("plain_console")

EXAMPLES = Path(__file__).parent.parent / "examples"
WORKED = str(EXAMPLES / "worked-example.yaml")


# -- silent wrong answers ----------------------------------------------------------------


def test_a_hand_given_twice_as_number_and_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hands = '{1: [wolf, sheep], "1": [hound, hound]}'
    text = f"game: wooolf\nplayers: 4\nviewpoint: 1\nhands: {hands}\n"
    line = refused(capsys, "solve", str(write(tmp_path, "twice.yaml", text)))
    assert "seat 1 is given twice" in line


@pytest.mark.parametrize("other", ["onuw", "werewolf"])
def test_round_from_dict_refuses_another_games_record(other: str) -> None:
    with pytest.raises(InvalidRecordError, match=f"a record of {other}, not of wooolf"):
        Round.from_dict({"game": other, "players": 6})


def test_a_character_defined_twice_in_different_case(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = (EXAMPLES / "decks" / "piglet.toml").read_text(encoding="utf-8")
    deck += '\n[characters.Piglet]\nvalue = 7\ntargets = ["wolf"]\n'
    write(tmp_path, "deck.toml", deck)
    record = "game: wooolf\nedition: deck.toml\nplayers: 4\n"
    line = refused(capsys, "solve", str(write(tmp_path, "round.yaml", record)))
    assert "'piglet' is defined twice" in line


def test_an_onuw_deck_file_with_an_unknown_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deck = (EXAMPLES / "onuw" / "decks" / "tanner.toml").read_text(encoding="utf-8")
    deck = deck.replace('edition = "table"', 'editon = "official"')
    path = write(tmp_path, "deck.toml", deck)
    line = refused(capsys, "simulate", "--game", "onuw", "--deck", str(path), "--games", "1")
    assert "unknown field 'editon'" in line


def test_a_json_record_with_a_repeated_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = '{"game": "wooolf", "players": 4, "players": 5}'
    line = refused(capsys, "solve", str(write(tmp_path, "twice.json", text)))
    assert "duplicate key 'players'" in line


# -- internal errors on malformed input --------------------------------------------------


@pytest.mark.parametrize("seat", ["²", "1" * 5000])
@pytest.mark.parametrize(
    "record",
    [
        {"game": "wooolf", "players": 4, "viewpoint": 1, "hands": {"1": ["wolf", "sheep"]}},
        {"game": "onuw", "edition": "table", "players": 4, "viewpoint": 1, "cards": {"1": "seer"}},
        {"game": "werewolf", "players": 9, "roles": {"werewolf": 2, "seer": 1, "villager": 6}},
    ],
    ids=["wooolf", "onuw", "werewolf"],
)
def test_a_seat_that_isdigit_but_no_int(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seat: str, record: dict[str, object]
) -> None:
    data = dict(record)
    if data["game"] == "wooolf":
        data["hands"] = {seat: ["wolf", "sheep"]}
    elif data["game"] == "onuw":
        data["cards"] = {seat: "seer"}
    else:
        data["events"] = [{"night": 1}, {"dawn": 1, "dead": [9], "cards": {seat: "villager"}}]
    refused(capsys, "solve", str(write(tmp_path, "seat.json", json.dumps(data))))


@pytest.mark.parametrize("edition", [["table"], {"table": 1}])
def test_an_onuw_edition_that_is_no_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, edition: object
) -> None:
    data = {"game": "onuw", "edition": edition, "players": 4}
    line = refused(capsys, "solve", str(write(tmp_path, "edition.json", json.dumps(data))))
    assert line.startswith("wooolf: error: edition: must be an edition's name"), line


def test_an_unbounded_name_is_not_echoed_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = {"game": "onuw", "edition": "x" * 9000, "players": 4}
    refused(capsys, "solve", str(write(tmp_path, "long.json", json.dumps(data))))


def test_library_errors_are_the_librarys() -> None:
    with pytest.raises(SolverError):
        Round.from_dict({"game": "chess" * 10_000, "players": 4})
    assert issubclass(InvalidDeckError, SolverError)


@pytest.mark.parametrize("lies", [1e-160, "1e-999999999", 0.1234567])
@pytest.mark.parametrize(
    "example", ["werewolf/seer-claim-9p.yaml", "onuw/official-3p-lies.yaml"], ids=["ww", "onuw"]
)
def test_village_lies_too_fine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lies: object, example: str
) -> None:
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("model:"))
    text += f"\nmodel: {{village_lies: {json.dumps(lies)}}}\n"
    line = refused(capsys, "solve", str(write(tmp_path, "lies.yaml", text)))
    assert "model.village_lies: must be a probability from 0 to 1" in line


def test_a_one_player_designer_deck(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = 'game = "wooolf"\n[[editions.one.rows]]\nplayers = [1]\ncards = {wolf = 1, sheep = 1}\n'
    path = write(tmp_path, "one.toml", deck)
    line = refused(capsys, "simulate", "--deck", str(path), "--players", "1", "--games", "1")
    assert "players: must be between 2 and 20, not 1" in line


# -- contract and messages ---------------------------------------------------------------


def test_a_full_disk_under_review_html_is_a_system_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("wooolf_solver.cli.review.write_atomically", full)
    page = tmp_path / "review.html"
    status, _, err = run(
        capsys, "review", str(EXAMPLES / "game-4p-advanced.yaml"), "--html", str(page)
    )
    assert status == 74, err
    assert err.strip().splitlines() == [
        f"wooolf: error: --html: cannot write {page}: No space left on device"
    ]
    assert not page.exists()


def test_a_usage_error_does_not_echo_unbounded_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", "--engine", "x" * 100_000, "record.yaml")
    assert status == 2
    assert len(err) < 1_000, len(err)


def test_an_unknown_option_is_told_with_its_commands_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "balance", "--game", "onuw", "--seats", "7")
    assert status == 2 and out == ""
    assert err.startswith("usage: wooolf balance ")
    assert err.endswith("wooolf balance: error: unrecognized arguments: --seats\n")  # 7: DECK
    status, _, err = run(capsys, "solve", WORKED, "--x" * 100_000)
    assert status == 2 and len(err) < 1_000, len(err)


@pytest.mark.parametrize(
    "call",
    [
        lambda: wooolf_solver.load(5),
        lambda: wooolf_solver.solve(WORKED, engine=5),
        lambda: wooolf_solver.hint(WORKED, naive="no"),
        lambda: wooolf_solver.explain(WORKED, True, "wolf"),
        lambda: wooolf_solver.explain(WORKED, "5", "wolf"),
        lambda: wooolf_solver.explain(WORKED, 5, 5),
        lambda: wooolf_solver.review(WORKED, on_step=5),
        lambda: api.balance("werewolf", roles=5),
        lambda: Round.load(None),
        lambda: wooolf_solver.find_game(5),
        lambda: explain(Round.load(WORKED), True, "wolf"),
    ],
)
def test_a_wrong_type_is_the_librarys_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(ArgumentTypeError) as caught:
        call()
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, SolverError)


@pytest.mark.parametrize("data", [5, [], "game: wooolf"])
def test_from_dict_of_no_mapping(data: object) -> None:
    with pytest.raises(InvalidRecordError, match="a record must be a mapping of fields"):
        Round.from_dict(data)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="a record must be a mapping of fields"):
        GameRecord.from_dict(data)  # type: ignore[arg-type]


# -- resources: YAML read by libyaml where it can, with ruamel's meaning ------------------

YAML_CASES = [
    "a: yes",
    "a: 0o17",
    "a: 1_000",
    "a: 1:20",
    "a: 2024-01-02",
    "a: 2024-13-45",
    "a: !!binary aGk=",
    "a: &x [*x]",
    "a: [1, 2",
    "a: 1\na: 2",
    "<<: {a: 1}\nb: 2",
    "---\na: 1\n---\nb: 2",
    "a:\tb",
    "%YAML 1.1\n---\na: yes",
    "a: *undefined",
    "a: [red?, blue]",
    "a: " + "[" * 70 + "]" * 70,
    "a: " + "9" * 101,
]


@pytest.mark.parametrize("text", YAML_CASES)
def test_fast_yaml_reads_as_the_pure_reader(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def read(text: str) -> object:
        try:
            return parse_yaml(text)
        except SolverError as error:
            return str(error)

    fast = read(text)
    monkeypatch.setattr(fastyaml, "_YAML", None)
    assert read(text) == fast


def test_a_werewolf_table_row_named_by_a_superscript(tmp_path: Path) -> None:
    from wooolf_solver.games.werewolf import rules  # noqa: PLC0415 (one test's import)

    text = Path(rules.__file__).with_name("werewolf.toml").read_text(encoding="utf-8")
    path = write(tmp_path, "rules.toml", text + '\n[table."²"]\nwerewolf = 1\nvillager = 2\n')
    with pytest.raises(InvalidDeckError, match="must be a player count"):
        rules.load_rules(path)


def test_scoring_given_wrong_types() -> None:
    with pytest.raises(ArgumentTypeError, match=r"rounds\.1: must be a RoundScore"):
        wooolf_solver.score_game([5])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="game: must be a Rules"):
        wooolf_solver.is_correct(5, {}, 5)  # type: ignore[arg-type]
