"""Werewolf on the command line: the registry, ``solve``, ``why`` and ``review``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import refused, run
from rich.console import Console

from wooolf_solver import api
from wooolf_solver.games import available, find_game
from wooolf_solver.games.werewolf.record import read_record
from wooolf_solver.games.werewolf.render import render_solve

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "werewolf"
SPEC = str(EXAMPLES / "spec-9p-seer.yaml")
VIEW = str(EXAMPLES / "hunter-view-10p.yaml")
GAME = str(EXAMPLES / "game-10p.yaml")
BAD = str(EXAMPLES / "inconsistent.yaml")

pytestmark = pytest.mark.usefixtures("plain_console")


def test_werewolf_is_registered(capsys: pytest.CaptureFixture[str]) -> None:
    assert "werewolf" in available()
    status, out, _ = run(capsys, "games", "--json")
    games = {game["name"]: game for game in json.loads(out)["games"]}
    assert status == 0
    assert games["werewolf"]["engines"] == ["fast", "cpsat", "csp", "brute"]
    assert games["werewolf"]["verbs"] == [
        "solve",
        "hint",
        "vote",
        "why",
        "review",
        "balance",
        "moderate",
        "simulate",
        "compare",
    ]
    assert "balance" in games["wooolf"]["verbs"]  # every game answers balance now


def test_solve_json_is_the_spec_object(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", SPEC, "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["consistent", "worlds", "roles", "werewolf", "lying", "lynch", "speech"]
    assert data["speech"] == "mimic"  # the default speech model, named
    assert data["consistent"] is True and data["worlds"] == 12
    assert data["werewolf"]["2"] == 1.0 and data["werewolf"]["4"] == 1.0  # seat 4 lies
    assert data["lying"] == {"4": 1.0}
    assert data["lynch"][0] == {"seat": 4, "werewolf": 1.0}
    assert [row["seat"] for row in data["lynch"]] == [4, 1, 5, 6, 8, 9]  # living, not 3
    assert data == api.solve(SPEC).to_dict()


def test_solve_every_engine_agrees_on_the_view() -> None:
    expected = api.solve(VIEW).to_dict()
    for engine in find_game("werewolf").engines:
        got = api.solve(VIEW, engine).to_dict()
        assert got["worlds"] == expected["worlds"]
        assert got["werewolf"] == pytest.approx(expected["werewolf"])


def test_solve_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", VIEW)
    assert status == 0
    assert "Seat 7's knowledge: 35 worlds" in out
    assert "P(werewolf)" in out and "lying" in out and "Lynch: seat" in out
    assert "7 (you)" in out and "1 †" in out


def test_a_dozen_roles_fit_eighty_columns() -> None:
    # the wide table (tenths of a percent) where it fits, else the roles by their first
    # letters in whole percents, the werewolf's column in bold standing for P(werewolf):
    # four letters where that fits, three for a dozen roles; no column is ever cut off
    roles = {"werewolf": 3, "villager": 5, "seer": 1, "witch": 1, "hunter": 1, "cupid": 1}
    roles |= {"little-girl": 1, "village-idiot": 1, "defender": 1, "elder": 1}
    roles |= {"scapegoat": 1, "piper": 1}
    events = [{"night": 1}, {"dawn": 1, "dead": [18], "cards": {18: "villager"}}]
    events.append({"seat": 3, "claims": "seer", "checked": {5: "villager"}})
    record = {"game": "werewolf", "players": 18, "roles": roles, "events": events}
    result = api.solve(record)
    shown = {}
    for width in (60, 80, 100, 200):
        console = Console(width=width, record=True)
        console.print(render_solve(read_record(record), result))
        shown[width] = console.export_text()
        assert max(map(len, shown[width].splitlines())) <= width
        assert "18 †" in shown[width] and "Lynch: seat" in shown[width]
    heading = {width: text.splitlines()[2].split() for width, text in shown.items()}
    assert heading[200][-2:] == ["P(werewolf)", "lying"] and "village-idiot" in heading[200]
    short = [
        "cupi",
        "defe",
        "elde",
        "hunt",
        "girl",
        "pipe",
        "scap",
        "seer",
        "idio",
        "vill",
        "were",
        "witc",
    ]
    assert heading[100] == ["seat", *short, "lying"]
    assert heading[80] == ["seat", *(name[:3] for name in short), "lying"]
    for width in (80, 100):
        rows = [line.split() for line in shown[width].splitlines()[4:22]]
        assert [row[0] for row in rows] == [*map(str, range(1, 18)), "18"]
        assert rows[2][-1] != "·" and len(rows[2]) == 14  # seat 3's lie, after 12 roles
        assert "%" not in shown[width].split("Lynch")[0]
    assert "in percent" in shown[80] and "in percent" not in shown[200]


def test_a_contradiction_exits_1_with_minimal_events(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", BAD, "--json")
    assert status == 1
    assert json.loads(out) == {"consistent": False, "conflict": [5], "speech": "mimic"}
    status, out, _ = run(capsys, "solve", BAD)
    assert status == 1 and "event 5 (dawn 2: seat 5 (werewolf) died) cannot hold" in out


def test_bad_input_exits_2_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: werewolf\nplayers: 9\nevents:\n  - {dawn: 1, dead: [12]}\n")
    status, out, err = run(capsys, "solve", str(bad))
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: events.1") and err.count("\n") == 1


def test_why(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "why", SPEC, "4", "werewolf")
    assert status == 0 and "Event 4: seat 4 claims the seer" in out
    assert "So seat 4 is the werewolf." in out
    status, out, _ = run(capsys, "why", SPEC, "1", "werewolf", "--not", "--json")
    assert status == 0 and json.loads(out) == {"holds": True, "events": [4, 5], "speech": "mimic"}
    status, out, _ = run(capsys, "why", SPEC, "1", "witch")
    assert (
        status == 0
        and "not certain that seat 1 is the witch: seat 1 is the witch with chance" in out
    )
    assert "25.0%" in out


def test_review_json_text_and_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "review", GAME, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["winner"] == "village" and data["winners"] == [1, 3, 5, 6, 7, 8, 9, 10]
    assert [d["seat"] for d in data["dead"]] == [1, 3, 9, 5, 2, 6, 4]
    day2 = data["days"][1]
    assert day2["lynched"] == 9
    seer = next(b for b in day2["ballots"] if b["voter"] == 9)
    assert seer == {"voter": 9, "target": 2, "werewolf": 1.0, "best": 2, "best_werewolf": 1.0}
    page = tmp_path / "review.html"
    status, out, _ = run(capsys, "review", GAME, "--html", str(page))
    assert status == 0 and "The village wins" in out and "Day 2 (event 15)" in out
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "Game review" in html and "Day 4" in html


def test_review_refuses_an_impossible_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = (
        Path(GAME)
        .read_text()
        .replace("{seat: 3, victim: 1, heals: true}", "{seat: 3, victim: 2, heals: true}")
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    status, out, err = run(capsys, "review", str(bad))
    assert (status, out) == (2, "") and "events.5" in err


def test_review_reports_its_progress() -> None:
    steps: list[tuple[int, int]] = []
    api.review(GAME, on_step=lambda done, total: steps.append((done, total)))
    assert steps == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_why_takes_a_team_only_where_the_game_names_one(capsys: pytest.CaptureFixture[str]) -> None:
    # `why --help` says so (it once offered NAME-team for every game); Werewolf takes roles and liar
    status, out, _ = run(capsys, "why", "--help")
    help_text = " ".join(out.split())
    assert status == 0
    assert "games with claims also take `liar`" in help_text
    assert "and some a team as NAME-team" in help_text
    assert refused(capsys, "why", SPEC, "4", "werewolves-team").startswith("wooolf: error: role:")
