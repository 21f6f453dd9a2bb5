"""The designer's workshop in a real browser, phone-sized (Debian's chromium, driven by
Playwright): three edits of a Werewolf deck and of an ONUW deck (the games, the seed,
the roles, one added by name), and the figures the page shows at the end are the
command line's for the same deck and seed (each side's rate in the labs' notation, the
verdict); the report it saves holds compare's figures and balance's exact ones.
Skipped where chromium or Playwright is missing (outside CI: there it fails)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from helpers import run

from wooolf_solver.lab.verdict import shares_text
from wooolf_solver.server.app import create_app

from .chromium import launch
from .live_server import serving

PHONE = {"width": 390, "height": 844}
GAMES = 60

pytestmark = pytest.mark.usefixtures("plain_console")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch() as browser:
        yield browser


def left_running(app: Any, seconds: float = 5) -> list[str]:
    """The jobs still running after ``seconds`` at most (a stale answer's job is cancelled
    by the page's next request, which may be on its way)."""
    deadline = time.monotonic() + seconds
    while True:
        running = [job.key for job in app.state.workshop_jobs.values() if job.state == "running"]
        if not running or time.monotonic() > deadline:
            return running
        time.sleep(0.05)


def save(page: Any, folder: Path) -> tuple[Path, dict[str, Any]]:
    """Click the save button: the deck file it downloads (kept in ``folder``) and the
    report (read)."""
    downloads: list[Any] = []  # the deck file, then the report

    def downloaded(download: Any) -> None:
        downloads.append(download)

    page.on("download", downloaded)
    page.click("#save")
    deadline = time.monotonic() + 10
    while len(downloads) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # a look at the events, not a guess at a delay
    deck_file = folder / downloads[0].suggested_filename
    downloads[0].save_as(deck_file)
    return deck_file, json.loads(Path(downloads[1].path()).read_text(encoding="utf-8"))


def unnamed(figures: dict[str, Any]) -> dict[str, Any]:
    """The figures without the mix's name (the page's deck file has its own)."""
    return {key: value for key, value in figures.items() if key not in ("label", "mix")}


def edit(page: Any, selector: str, value: str) -> None:
    """Change a field as a person would (typing, then leaving it)."""
    page.fill(selector, value)
    page.locator(selector).dispatch_event("change")


class Case(NamedTuple):
    """A game's deck edited three times: its built-in deck's copies of one card, a card
    added by name (when the deck lacks it), the copies the third edit sets, the deck's
    cards after (as the page marks them), the bots."""

    game: str
    start: tuple[str, str]
    added: str
    copies: dict[str, str]
    cards: str
    bots: str


CASES = [
    Case("werewolf", ("werewolf", "2"), "villager", {"werewolf": "1", "villager": "6"},
         "seer=1,villager=6,werewolf=1", "random"),
    Case("onuw", ("werewolf", "2"), "villager", {"minion": "0", "villager": "1"},
         "insomniac=1,robber=1,seer=1,troublemaker=1,villager=1,werewolf=2", "stand-in"),
    Case("wooolf", ("sheep", "4"), "hunter/sheep", {"sheep": "3"},
         "hound=1,hound?=1,hunter=1,hunter/sheep=1,hunter?=1,sheep=3,shepherd?=1,wolf=1",
         "greedy"),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[case.game for case in CASES])
def test_three_edits_give_the_command_lines_figures(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: Case
) -> None:
    game, (card, copies), added, edits, cards, bots = case
    games = GAMES if game == "werewolf" else 6
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    app = create_app(tmp_path / "t.sqlite", workers="thread")
    with serving(app) as url:
        page.goto(f"{url}/workshop?game={game}")
        page.locator(f'#roles input[data-role="{card}"]').wait_for()
        assert page.locator(f'#roles input[data-role="{card}"]').input_value() == copies
        edit(page, "#games", str(games))  # the first edit: fewer games
        edit(page, "#seed", "5")  # the second: another seed
        if not page.locator(f'#roles input[data-role="{added}"]').count():
            page.fill("#new-role", added)  # a card the built-in deck lacks, added by name
            page.click("#add")
        for name, count in edits.items():  # the third: the copies
            page.fill(f'#roles input[data-role="{name}"]', count)
        done = page.locator(
            f'#figures[data-state="done"][data-done="{games}"][data-cards="{cards}"]'
        )
        done.wait_for(timeout=60_000)  # the last edit's job, not an earlier one's
        players = page.locator("#players").input_value()  # the last job's (the cards imply it)
        page.locator("#exact tr[data-figure]").first.wait_for()
        shown = {
            row.get_attribute("data-side"): row.locator("td").nth(1).inner_text()
            for row in page.locator("#sides tr").all()
        }
        verdict = page.locator("#verdict").inner_text()
        assert not left_running(app)  # every earlier edit's job stopped (a stale one soon)
        if shots := os.environ.get("WOOOLF_SCREENSHOTS"):
            page.screenshot(path=str(Path(shots) / f"workshop-{game}-phone.png"), full_page=True)
        deck_file, saved = save(page, tmp_path)
        page.fill(f'#roles input[data-role="{card}"]', "-1")  # refused, by that field
        page.locator(f'#roles input[data-role="{card}"][aria-invalid="true"]').wait_for()
        assert "-1" in page.locator("#roles .field-error").inner_text()
    context.close()
    assert saved["deck_file"]["text"] == deck_file.read_text(encoding="utf-8")
    status, out, err = run(  # the deck file saved gives the figures shown
        capsys, "compare", "--game", game, str(deck_file), "--players", players, "--bots", bots,
        "--seed", "5", "--games", str(games), "--quick", "--json", "--workers", "1",
    )  # fmt: skip
    assert status == 0, err
    (figures,) = json.loads(out)["mixes"].values()
    assert shown == {side["name"]: side["text"] for side in shares_text(figures)}
    assert verdict == figures["verdict"]["text"]
    assert saved["figures"] == figures and saved["deck"]["seed"] == "5"
    status, out, err = run(capsys, "balance", "--game", game, str(deck_file), "--json")
    assert status == 0 and saved["exact"] == json.loads(out), err
    if game != "wooolf":  # the same cards as a role list: the same figures
        status, out, err = run(
            capsys, "compare", "--game", game, "--roles", cards, "--bots", bots, "--seed", "5",
            "--games", str(games), "--quick", "--json", "--workers", "1",
        )  # fmt: skip
        (again,) = json.loads(out)["mixes"].values()
        assert status == 0 and unnamed(again) == unnamed(figures), err


def test_quick_edits_on_a_slow_server_each_replace_the_last(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Edits quicker than the server's answers (each answer waits up to a second for the
    exact figures here) start one job at a time, each replacing the last: never more than
    one of the page's jobs runs, and none is refused for too many running at once."""
    from wooolf_solver.server import workshop  # noqa: PLC0415

    monkeypatch.setattr(workshop, "EXACT_WAIT", 1.0)
    slow = workshop.exact

    def slower(*args: Any) -> Any:
        time.sleep(0.8)
        return slow(*args)

    monkeypatch.setattr(workshop, "exact", slower)
    peak = 0
    made = workshop.create

    def counted(options: Any) -> Any:
        nonlocal peak
        running = [job for job in app.state.workshop_jobs.values() if job.state == "running"]
        peak = max(peak, len(running))
        return made(options)

    monkeypatch.setattr(workshop, "create", counted)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    app = create_app(tmp_path / "t.sqlite", workers="thread")
    with serving(app) as url:
        page.goto(f"{url}/workshop?game=werewolf")
        page.locator('#roles input[data-role="villager"]').wait_for()
        for villagers in range(6, 12):  # an edit every 0.2 s, past the page's 0.15 s pause
            page.fill('#roles input[data-role="villager"]', str(villagers))
            page.wait_for_timeout(200)
        done = page.locator('#figures[data-cards="seer=1,villager=11,werewolf=2"]')
        done.wait_for(timeout=30_000)
        assert page.locator("#message").inner_text() == ""
    context.close()
    assert peak <= 1


def test_the_deck_files_text_edits_the_deck(browser: Any, tmp_path: Path) -> None:
    """A deck file typed in (a Wooolf!! deck with its own character) becomes the deck: its
    cards are fields, and its figures are played."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    app = create_app(tmp_path / "t.sqlite", workers="thread")
    with serving(app) as url:
        page.goto(f"{url}/workshop?game=wooolf")
        page.locator('#roles input[data-role="sheep"]').wait_for()
        page.click("#deck summary")
        edit(page, "#games", "2")
        edit(page, "#deck-text", Path("examples/decks/piglet.toml").read_text(encoding="utf-8"))
        page.locator('#roles input[data-role="piglet/sheep"]').first.wait_for()
        played = '#figures[data-state="done"][data-done="2"][data-cards*="piglet/sheep"]'
        page.locator(played).wait_for(timeout=60_000)  # the typed deck's job, not the last
        assert page.locator("#message").inner_text() == ""
        assert "piglet" in page.locator("#sides").inner_text()
    context.close()
