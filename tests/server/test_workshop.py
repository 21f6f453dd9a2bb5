"""The designer's workshop's JSON API (``/workshop``): a job's figures are the command
line's for the same mix, bots and seed, however its games are cut in batches; a new
edit cancels the last job; bad input is one line and a 4xx."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from helpers import benchmark, run
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.games import find_game
from wooolf_solver.lab.runner import tasks
from wooolf_solver.server import workshop
from wooolf_solver.server.app import create_app

with warnings.catch_warnings():  # starlette's test client asks for httpx2, not yet needed
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.usefixtures("plain_console")

ROLES = {"werewolf": 2, "seer": 1, "villager": 5}
bench = benchmark("bench_workshop")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "t.sqlite", workers="thread")) as client:
        yield client


def finished(client: TestClient, key: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        view: dict[str, Any] = client.get(f"/workshop/api/jobs/{key}").json()
        over = view["state"] != "running" and not view["exact_pending"]
        if over or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


def cli_figures(capsys: pytest.CaptureFixture[str], command: str) -> dict[str, Any]:
    """The mix's figures from the command line the job names (``compare --json``)."""
    argv = command.split()[1:]
    status, out, err = run(capsys, *argv, "--workers", "1")
    assert status == 0, err
    (figures,) = json.loads(out)["mixes"].values()
    return dict(figures)


def test_the_games_and_their_default_decks(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/workshop/api/games").json()["games"]}
    assert {"wooolf", "onuw", "werewolf"} <= set(games)
    assert games["werewolf"]["balance"] and games["werewolf"]["role_lists"]
    deck = client.get("/workshop/api/deck", params={"game": "werewolf", "mix": "table"}).json()
    assert deck["roles"] == ROLES and deck["players"] == 8
    page = client.get("/workshop")
    assert page.status_code == 200 and 'id="verdict"' in page.text
    assert client.get("/workshop/workshop.js").status_code == 200


@pytest.mark.parametrize(
    ("options", "exact"),
    [
        ({"game": "werewolf", "roles": ROLES, "games": 40, "seed": "3"}, True),
        ({"game": "onuw", "mix": "table", "players": 4, "games": 6, "seed": "2"}, None),
        ({"game": "wooolf", "mix": "basic", "players": 4, "games": 3, "seed": "1"}, None),
    ],
)
def test_a_jobs_figures_are_the_command_lines(
    client: TestClient,
    capsys: pytest.CaptureFixture[str],
    options: dict[str, Any],
    exact: bool | None,
) -> None:
    started = client.post("/workshop/api/jobs", json=options)
    assert started.status_code == 201, started.text
    view = finished(client, started.json()["job"])
    if exact:  # the balance hook's figures (with the answer when they come soon)
        assert view["exact"]["random_lynch"] == pytest.approx(8 / 35)
    else:
        assert view["exact"] is None or "error" not in view["exact"]
    assert view["state"] == "done" and view["done"] == options["games"], view
    assert view["figures"] == cli_figures(capsys, view["command"])
    assert [side["name"] for side in view["sides"]] and view["history"][-1]["games"] == view["done"]


@pytest.mark.parametrize(
    "case", [("werewolf", "table", 8), ("onuw", "official", 5), ("onuw", "table", 5),
             ("wooolf", "basic", 5)], ids=lambda case: "-".join(map(str, case))
)  # fmt: skip
def test_the_deck_file_the_page_saves_gives_the_same_figures(
    client: TestClient,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    case: tuple[str, str, int],
) -> None:
    """The deck a page edits is its game's deck file: saved, the command line reads it
    back and gives the job's figures (``compare``) and its exact ones (``balance``), for
    either ONUW edition (its centre and vote, not the table edition's)."""
    game, mix, players = case
    query = {"game": game, "mix": mix, "players": players}
    deck = client.get("/workshop/api/deck", params=query).json()
    options = {"game": game, "deck": deck["deck"], "players": players, "games": 4, "seed": "7"}
    started = client.post("/workshop/api/jobs", json=options)
    assert started.status_code == 201, started.text
    view = finished(client, started.json()["job"])
    assert view["state"] == "done" and "error" not in (view["exact"] or {}), view
    monkeypatch.chdir(tmp_path)
    saved = view["deck_file"]
    Path(saved["name"]).write_text(saved["text"], encoding="utf-8")
    assert view["figures"] == cli_figures(capsys, view["command"])
    status, out, err = run(capsys, *view["balance_command"].split()[1:])
    assert status == 0 and view["exact"] == json.loads(out), err
    if game == "onuw":
        assert view["exact"]["edition"] == mix and view["figures"]["edition"] == mix
    again = client.post("/workshop/api/jobs", json={**options, "deck": saved["text"].split("\n")})
    assert again.status_code == 201 and again.json()["deck"] == view["deck"]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ({"edition": "official", "cards": {"werewolf": 2, "goblin": 1, "villager": 5}}, "goblin"),
        ({"edition": "deluxe", "cards": {"werewolf": 2, "villager": 6}}, "edition: "),
        ({"cards": {"werewolf": 1.5}}, "deck.cards.werewolf: a whole number"),
        (["cards = ["], "deck"),
    ],
)
def test_a_bad_deck_is_refused_by_its_field(client: TestClient, deck: Any, message: str) -> None:
    refused = client.post("/workshop/api/jobs", json={"game": "onuw", "deck": deck})
    error = refused.json()["error"]
    assert refused.status_code == 422 and message in error and "/tmp" not in error, error


def test_a_new_edit_cancels_the_running_job(client: TestClient) -> None:
    slow = {"game": "onuw", "mix": "table", "players": 5, "games": 3000}
    old = client.post("/workshop/api/jobs", json=slow).json()
    new = client.post("/workshop/api/jobs", json={**slow, "games": 2, "replaces": old["job"]})
    assert new.status_code == 201
    gone = finished(client, old["job"], 5)
    assert gone["state"] == "cancelled" and gone["done"] < 3000
    assert finished(client, new.json()["job"])["state"] == "done"
    again = client.post("/workshop/api/jobs", json=slow).json()
    stopped = client.delete(f"/workshop/api/jobs/{again['job']}").json()
    assert stopped["state"] == "cancelled"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game": "chess", "mix": "table"}, "unknown game 'chess'"),
        ({"game": "werewolf", "mix": "../../etc/passwd"}, "mix: letters, digits"),
        ({"game": "werewolf", "mix": "examples/werewolf/witch-mix.toml"}, "mix: letters"),
        ({"game": "werewolf", "roles": {"werewolf": -1}}, "roles.werewolf: must be between"),
        ({"game": "werewolf", "roles": {"goblin": 2}}, "goblin"),
        ({"game": "werewolf", "roles": ROLES, "games": 0}, "games: must be between"),
        ({"game": "werewolf", "roles": ROLES, "colour": 1}, "unknown field 'colour'"),
        ({"game": "werewolf", "roles": ROLES, "bots": "clever"}, "unknown bot 'clever'"),
        ({"game": "werewolf", "roles": ROLES, "players": 9}, "players: 9, but the mix"),
        ({"game": "wooolf", "mix": "basic"}, "players: needed"),
        ({"mix": "table"}, "missing field 'game'"),
        ([1, 2], "body"),
    ],
)
def test_bad_input_is_one_line_and_a_4xx(client: TestClient, options: Any, message: str) -> None:
    answer = client.post("/workshop/api/jobs", json=options)
    assert 400 <= answer.status_code < 500, answer.text
    error = answer.json()["error"]
    assert message in error and "\n" not in error and len(error) <= 300


def test_unknown_jobs_and_bad_decks_are_refused(client: TestClient) -> None:
    assert client.get("/workshop/api/jobs/nope").status_code == 404
    assert client.delete("/workshop/api/jobs/nope").status_code == 404
    bad = client.get("/workshop/api/deck", params={"game": "werewolf", "mix": "table"})
    assert bad.status_code == 200  # the table's default count
    for params in ({"game": "werewolf", "mix": "a/b"}, {"game": "go", "mix": "x"}):
        answer = client.get("/workshop/api/deck", params=params)
        assert answer.status_code == 422 and "\n" not in answer.json()["error"]


@given(st.lists(st.integers(1, 7), min_size=1, max_size=6))
def test_batches_of_any_sizes_give_the_runners_report(cuts: list[int]) -> None:
    lab: Any = find_game("werewolf").lab()  # also the runner's hooks
    (simulation,) = lab.simulations(["werewolf=1,seer=1,villager=3"], 5, ["random"], "9", False)
    games = 12
    planned = tasks(lab, [simulation], games)
    summaries: list[Any] = []
    for size in [*cuts, games]:
        summaries += workshop.play_batch(planned[len(summaries) : len(summaries) + size])
    (whole,) = lab.run([simulation], games, None, None, lambda _: None)
    assert lab.report(simulation, tuple(summaries[:games])).to_dict() == whole.to_dict()


def test_the_benchmark_reports_both_latencies(
    bench: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--games", "werewolf", "--edits", "2", "--jobs", "4", "--workers", "thread"]
    assert bench.main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    figures = report["games"]["werewolf"]
    assert len(figures["edits"]) == 2 and figures["exact"]
    assert all(run["first_interval"] >= run["first_figure"] > 0 for run in figures["edits"])
    assert report["cold"]["first_interval"] is not None


def test_only_a_few_decks_are_played_at_once(client: TestClient) -> None:
    slow = {"game": "onuw", "mix": "table", "players": 5, "games": 3000}
    keys = [client.post("/workshop/api/jobs", json=slow).json()["job"] for _ in range(4)]
    refused = client.post("/workshop/api/jobs", json=slow)
    assert refused.status_code == 503 and "the most at once" in refused.json()["error"]
    replacing = client.post("/workshop/api/jobs", json={**slow, "replaces": keys[0]})
    assert replacing.status_code == 201  # an edit replaces its own job
    for key in [*keys, replacing.json()["job"]]:
        client.delete(f"/workshop/api/jobs/{key}")


def test_a_deck_compared_with_another_has_both_mixes_figures(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    options = {"game": "werewolf", "roles": ROLES, "reference": "werewolf=1,villager=7"}
    started = client.post("/workshop/api/jobs", json={**options, "games": 30, "seed": "4"})
    view = finished(client, started.json()["job"])
    assert view["state"] == "done" and view["compared"]["figures"]["games"] == 30
    status, out, err = run(capsys, *view["command"].split()[1:], "--workers", "1")
    assert status == 0, err
    mixes = json.loads(out)["mixes"]
    assert mixes == {
        view["label"]: view["figures"],
        view["compared"]["label"]: view["compared"]["figures"],
    }
    same = client.post(
        "/workshop/api/jobs", json={**options, "reference": "werewolf=2,seer=1,villager=5"}
    )
    assert same.status_code == 422 and "the same mix" in same.json()["error"]


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.text(max_size=12),
    st.sampled_from(["table", "basic", "werewolf=1,villager=3", "a/b", "random", "greedy"]),
    st.dictionaries(st.text(max_size=8), st.integers(-1, 3), max_size=3),
)


@given(
    st.fixed_dictionaries(
        {"game": st.sampled_from(["werewolf", "onuw", "wooolf", "chess"])},
        optional=dict.fromkeys(
            ("roles", "mix", "players", "bots", "seed", "reference", "deck"), values
        ),
    ),
    st.integers(1, 3),
)
def test_any_options_are_a_job_or_one_line(options: dict[str, Any], games: int) -> None:
    with TestClient(create_app(":memory:", workers="inline")) as client:
        answer = client.post("/workshop/api/jobs", json={**options, "games": games})
        assert answer.status_code in (201, 422), answer.text
        if answer.status_code == 201:
            client.delete(f"/workshop/api/jobs/{answer.json()['job']}")
        else:
            error = answer.json()["error"]
            assert error and "\n" not in error and len(error) <= 300
