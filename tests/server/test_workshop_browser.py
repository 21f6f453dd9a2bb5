"""The designer's workshop in a real browser, phone-sized (Debian's chromium, driven by
Playwright): three edits of a Werewolf deck, and the figures the page shows at the end
are the command line's for the same deck and seed (each side's rate in the labs'
notation, the verdict); the exact figures come first; the saved report holds them.
Skipped where chromium or Playwright is missing (outside CI: there it fails)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def edit(page: Any, selector: str, value: str) -> None:
    """Change a field as a person would (typing, then leaving it)."""
    page.fill(selector, value)
    page.locator(selector).dispatch_event("change")


def test_three_edits_give_the_command_lines_figures(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    with serving(create_app(tmp_path / "t.sqlite", workers="thread")) as url:
        page.goto(f"{url}/workshop?game=werewolf")
        page.locator('#roles input[data-role="werewolf"]').wait_for()
        assert page.locator('#roles input[data-role="werewolf"]').input_value() == "2"
        edit(page, "#games", str(GAMES))  # the first edit: fewer games
        edit(page, "#seed", "5")  # the second: another seed
        page.fill('#roles input[data-role="werewolf"]', "1")  # the third: one werewolf
        page.fill('#roles input[data-role="villager"]', "6")
        page.locator('#exact tr[data-figure="random_lynch"]').wait_for()
        mix = "seer=1,villager=6,werewolf=1"  # the last edit's, not an earlier job's
        done = page.locator(f'#figures[data-state="done"][data-done="{GAMES}"][data-mix="{mix}"]')
        done.wait_for(timeout=60_000)
        shown = {
            row.get_attribute("data-side"): row.locator("td").nth(1).inner_text()
            for row in page.locator("#sides tr").all()
        }
        verdict = page.locator("#verdict").inner_text()
        exact = page.locator('#exact tr[data-figure="random_lynch"] td').inner_text()
        if shots := os.environ.get("WOOOLF_SCREENSHOTS"):
            page.screenshot(path=str(Path(shots) / "workshop-phone.png"), full_page=True)
        with page.expect_download() as saving:
            page.click("#save")
        saved = json.loads(Path(saving.value.path()).read_text(encoding="utf-8"))
    context.close()
    status, out, err = run(
        capsys, "compare", "--game", "werewolf", "--roles", "werewolf=1,seer=1,villager=6",
        "--bots", "random", "--seed", "5", "--games", str(GAMES), "--quick", "--json",
        "--workers", "1",
    )  # fmt: skip
    assert status == 0, err
    (figures,) = json.loads(out)["mixes"].values()
    assert shown == {side["name"]: side["text"] for side in shares_text(figures)}
    assert verdict == figures["verdict"]["text"]
    assert float(exact) == pytest.approx(figures["random_lynch"], abs=1e-4)
    assert saved["figures"] == figures and saved["deck"]["seed"] == "5"
