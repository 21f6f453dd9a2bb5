"""`review` of a game record (contract), and the bots whose records it replays."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from helpers import run

from wooolf_solver import api
from wooolf_solver.games.onuw.bots import claim_for, solver_ballot, stand_ins, view_of
from wooolf_solver.games.onuw.night import NightEntry
from wooolf_solver.games.onuw.record import dump_record, load_record, read_record
from wooolf_solver.games.onuw.review import review
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import play_deal
from wooolf_solver.games.onuw.vote import vote

ROOT = Path(__file__).resolve().parents[3]
GAME = str(ROOT / "examples" / "onuw" / "game-table-4p.yaml")

pytestmark = pytest.mark.usefixtures("plain_console")


def test_the_example_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "review", GAME, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["dead", "winners", "teams", "scores", "seats", "speech"]
    assert data["dead"] == [3] and data["winners"] == [1, 2, 4]
    assert data["teams"] == {"1": "village", "2": "village", "3": "werewolf", "4": "village"}
    assert data["scores"] == {"1": 2, "2": 1, "3": 0, "4": 2}  # seats 1 and 4 found seat 3
    assert data["seats"]["3"] == {"win_if_voted": 1.0, "best_win_if": 1.0}
    status, out, _ = run(capsys, "review", GAME)
    assert status == 0 and "Died: seat 3. Won: seats 1, 2 and 4." in out


def test_each_seat_is_weighed_from_its_own_view() -> None:
    record = load_record(GAME)
    result = review(record)
    for seat, view in result.seats.items():
        advice = vote(view_of(record, seat))
        assert view.best_win_if == advice.best.win_if
        voted = next(b for b in advice.ballots if b.ballot == record.votes[seat])  # type: ignore[index]
        assert view.win_if_voted == voted.win_if


def test_the_table_engine_agrees_with_the_review() -> None:
    for seed in range(3):
        deck = load_rules().deck("table", 3)
        played = play_deal(
            Random(seed), 3, bots=(3,), claims=stand_ins(deck), ballots=solver_ballot
        )
        record = read_record(dump_record(played.record))  # the record round-trips
        result = api.review(record)
        assert result.dead == played.dead and result.winners == played.winners
        assert dict(result.scores) == dict(played.scores)
        for view in result.seats.values():  # solver ballots are best ballots
            assert view.win_if_voted == view.best_win_if


def test_stand_ins_tell_the_truth_when_they_believe_they_are_village() -> None:
    rules = load_rules()
    village = ["robber", "seer", "troublemaker", "villager"]
    entry = NightEntry.of(robbed=2, got="seer")
    assert claim_for(rules, village, 1, "robber", entry, Random(0)).role == "robber"
    wolf = NightEntry.of(robbed=2, got="werewolf")
    lie = claim_for(rules, village, 1, "robber", wolf, Random(0))
    assert lie.role == "villager" and not lie.entry.items
    lone = NightEntry.of(wolves=(1,), centre=((4, "seer"),))
    assert claim_for(rules, village, 1, "werewolf", lone, Random(0)).role == "seer"


def test_the_html_page(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    status, out, _ = run(capsys, "review", GAME, "--html", str(page))
    assert status == 0 and "The report is in" in out
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Deal review" in html
    for seat in (1, 2, 3, 4):
        assert f'id="deal-seat-{seat}"' in html
    assert "Seat 3 claimed the robber." in html
    assert "Seat 2 voted seat 4, a 15.6% chance to win; seat 3 had 83.6%." in html


LIE = """game: onuw
edition: official
players: 3
cards: {1: villager, 2: seer, 3: werewolf, c1: werewolf, c2: robber, c3: troublemaker}
night: {1: {}, 2: {saw: {3: werewolf}}, 3: {wolves: [3], centre: {c1: werewolf}}}
claims: [{seat: 1, role: seer, saw: {2: werewolf}}]
votes: {1: 2, 2: 3, 3: 2}
"""


def test_a_village_liar_leaves_its_own_view_without_a_world(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "lie.yaml"
    path.write_text(LIE, encoding="utf-8")
    status, out, _ = run(capsys, "review", str(path), "--json")
    data = json.loads(out)
    assert status == 0 and data["dead"] == [2] and data["winners"] == [3]
    assert data["seats"]["1"] == {"win_if_voted": None, "best_win_if": None}
    assert data["seats"]["2"]["best_win_if"] == 1.0  # seat 1 lied: it holds a werewolf
    status, out, _ = run(capsys, "review", str(path))
    assert status == 0 and "From the view of seat 1 the deal cannot happen" in out
