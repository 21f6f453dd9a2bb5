"""The pages in a real browser (Debian's chromium, driven by Playwright): three people
play a whole five-seat deal with two bots to the reveal; the assistant reproduces the
worked example. Skipped where chromium or Playwright is missing (outside CI: there it fails)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.server.app import create_app

from .chromium import launch, playwright_api
from .live_server import serving

SCREENSHOT = os.environ.get("WOOOLF_SCREENSHOT")
"""Where to save a screenshot of a player's page (for the README), if set."""


def nobody_or_first(record: Any) -> Any:
    """A quick stand-in for the solver (the API tests use the real one)."""
    return 1 if record["viewpoint"] != 1 else 2


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch() as browser:
        yield browser


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    app = create_app(
        tmp_path / "t.sqlite", pause=(0.2, 0.6), solver=nobody_or_first, workers="thread"
    )
    with serving(app) as url:
        yield url


def step(page: Any) -> str:
    """Make this seat's move if it has one; its phase (the page may change under us: a
    push re-renders it, so a button gone is no error). A claim and a ballot go through
    their preview and confirmation."""
    phase: str = page.locator("#phase").get_attribute("data-phase", timeout=10_000) or ""
    try:
        if page.locator("#confirm-yes").count():
            page.locator("#confirm-yes").click(timeout=1_000)
        elif phase == "lobby" and page.locator("#join").count():
            page.fill("#name", "Eva", timeout=1_000)
            page.locator("#join").click(timeout=1_000)
        elif phase == "lobby" and page.locator("#ready:enabled").count():
            page.locator("#ready").click(timeout=1_000)
        elif phase == "night" and page.locator("#turn button.option").count():
            page.locator("#turn button.option").first.click(timeout=1_000)
        elif phase == "day" and page.locator("#claim select[name=role]").count():
            card = page.locator("#card").text_content(timeout=1_000) or ""
            page.select_option("#claim select[name=role]", card, timeout=1_000)
            page.locator("#send-claim").click(timeout=1_000)
        elif phase == "day" and page.locator("#heard-enough:enabled").count():
            page.locator("#heard-enough").click(timeout=1_000)
        elif phase == "vote" and page.locator("#send-ballot").count():
            page.locator("#send-ballot").click(timeout=1_000)
        elif phase == "vote" and page.locator("#vote button.ballot").count():
            page.locator("#vote button.ballot").first.click(timeout=1_000)
    except playwright_api.Error:
        pass
    return phase


def test_three_people_and_two_bots_play_a_deal_to_the_reveal(browser: Any, base_url: str) -> None:
    organiser = browser.new_context()
    setup = organiser.new_page()
    setup.goto(f"{base_url}/")
    setup.fill("#players", "5")
    setup.fill("#day_seconds", "120")
    setup.click("button[type=submit]")
    links = [link.get_attribute("href") for link in setup.locator("a.seat-link").all()]
    assert len(links) == 3 and all("#" in link for link in links)
    assert setup.locator(".seatlinks svg").count() == 3
    pages = []
    for link in links:
        context = browser.new_context(viewport={"width": 420, "height": 900})  # a phone
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request, seen=requests: seen.append(request.url))
        page.goto(link)
        pages.append((page, requests))
    for page, _ in pages:
        page.locator("#card").wait_for(timeout=10_000)
    for _ in range(200):
        phases = [step(page) for page, _ in pages]
        if all(phase == "over" for phase in phases):
            break
        pages[0][0].wait_for_timeout(150)
    else:
        raise AssertionError(f"the deal did not end: {phases}")
    for page, requests in pages:
        page.locator("#reveal").wait_for()
        assert page.locator("#winners").inner_text()
        assert page.locator("#journeys li").count() == 7  # five seats, two centre cards
        assert page.locator("#scores tbody tr").count() == 5
        assert page.locator("#verdict").inner_text() in ("You won.", "You lost.")
        assert page.locator("#claims li").count() == 3
        token = page.url.split("#", 1)[1]
        assert not any(token in url for url in requests)  # the key never leaves in a URL
    record = pages[0][0].locator("#record").get_attribute("href")
    assert record is not None and record.endswith("/record?download=true")
    if SCREENSHOT:
        pages[1][0].screenshot(path=SCREENSHOT, full_page=True)


def test_a_reloaded_page_gets_its_seat_back(browser: Any, base_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    created = page.request.post(
        f"{base_url}/api/tables", data={"game": "onuw", "players": 3, "bots": [2, 3], "seed": 4}
    )
    link = created.json()["seats"]["1"]["link"]
    page.goto(f"{base_url}{link}")
    card = page.locator("#card").inner_text()
    page.reload()
    assert page.locator("#card").inner_text() == card
    stranger = browser.new_context().new_page()
    stranger.goto(f"{base_url}{link.split('#')[0]}#not-the-token")
    stranger.locator("#status").filter(has_text="no valid key").wait_for()


def test_the_assistant_reproduces_the_worked_example(browser: Any, base_url: str) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{base_url}/wooolf")
    page.locator("#card1 option").first.wait_for(state="attached")
    page.select_option("#edition", "basic")
    page.select_option("#players", "6")
    page.locator("#card1 option[value=hunter]").wait_for(state="attached")
    page.select_option("#viewpoint", "2")
    page.select_option("#card1", "hunter")
    page.select_option("#card2", "sheep")
    page.click("#start")

    def tap(*steps: tuple[str, str]) -> None:
        for name, value in steps:
            page.click(f"#builder button[data-step='{name}'][data-value='{value}']")

    tap(("seat", "1"), ("kind", "peek"), ("target", "4"), ("seen", "sheep"))
    tap(
        ("seat", "3"),
        ("kind", "ask"),
        ("target", "5"),
        ("question", "has-hound"),
        ("answer", "yes"),
    )
    tap(("seat", "2"), ("kind", "peek"), ("target", "6"), ("seen", "wolf"))
    tap(("seat", "5"), ("kind", "peek"), ("target", "1"), ("seen", "wolf"))
    assert page.locator("#events li").count() == 4
    cell = page.locator("#posterior tr[data-seat='1'] td[data-identity='hound']")
    playwright_api.expect(cell).to_have_text("52.3%")
    best = page.locator("#declaration-list li").first
    playwright_api.expect(best).to_have_text("seat 6 (wolf), seat 1 (hound) 52.3%")
    playwright_api.expect(page.locator("#why-list")).to_contain_text("seat 5 is the shepherd")
    playwright_api.expect(page.locator("#hint-list li").first).to_contain_text(
        "ask seat 1: “Is your identity sheep, shepherd or hunter?”"
    )
    with page.expect_download() as download:
        page.click("#download")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert "{seat: 5, peek: 1, says: wolf}" in text
    page.set_viewport_size({"width": 390, "height": 800})  # a phone: the answer on top
    page.goto(f"{base_url}/wooolf?lang=sv")  # a reload keeps the round (the browser's storage)
    playwright_api.expect(page.locator("#events li")).to_have_count(4)
    playwright_api.expect(cell).to_have_text("52.3%")
    playwright_api.expect(page.locator("#events li").nth(1)).to_have_text(
        "Plats 3 frågade plats 5: ”Är minst ett av dina två kort ett hound-kort?” Svaret: ja"
    )
    results, events = page.locator("#results").bounding_box(), page.locator("#events-card")
    assert results is not None and results["y"] < 400 < (events.bounding_box() or {"y": 0})["y"]
