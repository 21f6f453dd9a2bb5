"""The moderator's page in a real browser, phone-sized (Debian's chromium, driven by
Playwright): an 8-player game with a witch, a hunter and lovers set up, dealt by hand
and tapped through to the win, the server restarted in the middle; ``review`` reads
the record the page downloads. Skipped where chromium or Playwright is missing
(outside CI: there it fails)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver import api
from wooolf_solver.server.app import create_app

from .chromium import launch
from .live_server import serving

DECK = {"cupid": 1, "hunter": 1, "seer": 1, "villager": 2, "werewolf": 2, "witch": 1}
CARDS = ["cupid", "hunter", "seer", "villager", "villager", "werewolf", "werewolf", "witch"]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch() as browser:
        yield browser


def tap(page: Any, label: str) -> None:
    """Tap an option and wait for the page to show the next step."""
    step = int(page.locator("#game").get_attribute("data-step"))
    page.locator("#options button.option", has_text=label).first.click()
    page.locator(f'#game[data-step="{step + 1}"]').wait_for(timeout=10_000)


def choose(page: Any) -> str:
    """The scripted moderator: the first option, the last seat in a ballot."""
    prompt = page.locator("#prompt").inner_text()
    options = page.locator("#options button.option").all_inner_texts()
    return options[-1] if prompt.startswith(("Day ", "Sheriff's election")) else options[0]


def test_a_moderated_game_on_a_phone_with_a_restart(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    with serving(create_app(db, workers="thread")) as url:
        page.goto(f"{url}/moderate")
        page.locator("#roles input").first.wait_for()
        assert page.locator('#roles input[data-role="werewolf"]').input_value() == "2"  # the table
        for role in ("thief", "cupid", "defender", "seer", "werewolf", "little-girl", "witch"):
            page.fill(f'#roles input[data-role="{role}"]', str(DECK.get(role, 0)))
        for role in ("piper", "hunter", "elder", "village-idiot", "scapegoat", "villager"):
            page.fill(f'#roles input[data-role="{role}"]', str(DECK.get(role, 0)))
        page.fill("#names", "\n".join(NAMES))
        page.click("#by-hand")
        page.locator('#game[data-step="0"]').wait_for()
        assert page.locator("#prompt").inner_text() == "Ann (seat 1)'s card?"
        for card in CARDS:
            tap(page, card)
        assert page.locator("#prompt").inner_text().startswith("Cupid (Ann, seat 1), wake up")
        for _ in range(4):  # the lovers, the seer, the pack
            tap(page, choose(page))
        assert page.locator("#prompt").inner_text() == (
            "Witch (Hal, seat 8), wake up: show her the victim, Ann (seat 1). "
            "Potions left: healing and poison. Heal Ann (seat 1)?"
        )
        tap(page, "yes")
        tap(page, "1 · Ann")  # she heals, and poisons the same seat
        key = page.url.split("#", 1)[1]
    with serving(create_app(db, workers="thread")) as url:  # the server restarted
        page.goto(f"{url}/moderate#{key}")
        page.locator('#game[data-step="14"]').wait_for()
        for _ in range(60):
            if page.locator("#options button.option").count() == 0:
                break
            tap(page, choose(page))
        assert page.locator("#winner").inner_text() == "The werewolves win."
        script = page.locator("#script").inner_text()
        assert "Bo (seat 2, hunter) dies of grief (the lover of Ann (seat 1))." in script
        assert "The hunter (Bo, seat 2) shoots" in script
        with page.expect_download() as download:
            page.click("#record")
        path = tmp_path / "game.json"
        download.value.save_as(path)
    assert not any(key in request for request in requests)  # the key never left in a URL
    review = api.review(api.load(path))
    assert review.winner == "werewolves"
