"""A group at the table in a real browser, in Swedish, on phone-sized screens (issue 25.9):
the host deals from the setup page; three people open their links late, one after the
other, and join with their names; the host cannot start before the last one is here;
one person never acts at night and is told that time ran out; the host pauses the day
and resumes it; the deal plays to the reveal; the host deals again with the same links,
hands the slow person's seat to a bot, and the second deal plays to its reveal, the
scores adding up over the session.

With ``WOOOLF_SCREENSHOTS=DIR`` set, a screenshot of each phase is saved in ``DIR``
(``docs/images/table-sv-*.png`` come from here)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.server.app import create_app

from .chromium import launch, playwright_api
from .live_server import serving

SHOTS = os.environ.get("WOOOLF_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
NAMES = {1: "Eva", 2: "Olle", 3: "Lisa"}
expect = playwright_api.expect


def first_seat_or_nobody(record: Any) -> Any:
    """A quick stand-in for the solver: a bot votes for seat 1 (seat 2 if it is seat 1)."""
    return 1 if record["viewpoint"] != 1 else 2


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch() as browser:
        yield browser


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    app = create_app(
        tmp_path / "t.sqlite", pause=(2.0, 2.5), solver=first_seat_or_nobody, workers="thread"
    )
    with serving(app) as url:
        yield url


def shot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"table-sv-{name}.png"), full_page=True)


def phase(page: Any) -> str:
    return page.locator("#phase").get_attribute("data-phase", timeout=10_000) or ""


def move(page: Any) -> None:
    """This seat's next move, if it has one (a claim and a ballot through their preview
    and confirmation); a button gone meanwhile (a push re-rendered the page) is no error."""
    now = phase(page)
    clicks = {"night": "#turn button.option", "vote": "#vote button.ballot"}
    try:
        if page.locator("#confirm-yes").count():
            page.locator("#confirm-yes").click(timeout=1_000)
        elif now == "day" and page.locator("#claim select[name=role]").count():
            card = page.locator("#card").text_content(timeout=1_000) or ""
            page.select_option("#claim select[name=role]", card, timeout=1_000)
            page.locator("#send-claim").click(timeout=1_000)
        elif now == "day" and page.locator("#heard-enough:enabled").count():
            page.locator("#heard-enough").click(timeout=1_000)
        elif now == "vote" and page.locator("#send-ballot").count():
            page.locator("#send-ballot").click(timeout=1_000)
        elif clicks.get(now) and page.locator(clicks[now]).count():
            page.locator(clicks[now]).first.click(timeout=1_000)
    except playwright_api.Error:
        pass


def until(pages: dict[int, Any], done: Callable[[], bool], act: Callable[[int, Any], None]) -> None:
    for _ in range(400):
        if done():
            return
        for seat, page in pages.items():
            act(seat, page)
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError(f"stuck: {[phase(page) for page in pages.values()]}")


def open_table(host: Any, base_url: str) -> tuple[dict[int, str], str]:
    """The host deals from the setup page (in Swedish); the seats' links, the room code."""
    host.goto(f"{base_url}/")
    expect(host.locator("html")).to_have_attribute("lang", "sv")
    host.fill("#players", "5")
    host.fill("#day_seconds", "300")
    host.click("button[type=submit]")
    expect(host.locator("#host-phase")).to_have_text("Väntrum")
    links = {
        int(card.get_attribute("data-seat")): card.locator("a.seat-link").get_attribute("href")
        for card in host.locator(".seatlinks .card").all()
    }
    assert sorted(links) == [1, 2, 3]
    code = host.locator("#room-code").inner_text()
    assert re.fullmatch(r"[0-9A-F]{4}", code)
    return links, code


def join_late(browser: Any, host: Any, links: dict[int, str], code: str) -> dict[int, Any]:
    """The people open their links one by one; the host cannot start before the last."""
    pages: dict[int, Any] = {}
    for seat in (1, 2, 3):
        page = browser.new_context(viewport=PHONE, locale="sv-SE").new_page()
        page.goto(links[seat])
        expect(page.locator("h1")).to_contain_text(code)
        page.fill("#name", NAMES[seat])
        page.click("#join")
        expect(page.locator("#joined-as")).to_contain_text(NAMES[seat])
        pages[seat] = page
        if seat == 2:
            shot(page, "1-lobby")
            host.click("#host-start")  # seat 3 is not here yet
            expect(host.locator("#host-error")).to_contain_text("3")
            expect(host.locator("#host-phase")).to_have_text("Väntrum")
    expect(host.locator("#host-seats li[data-seat='3']")).to_contain_text("Lisa")
    shot(host, "0-host")
    return pages


def first_night(pages: dict[int, Any]) -> None:
    """Lisa (seat 3) never acts at night: time acts for her, and she is told."""
    woken: list[int] = []

    def night(seat: int, page: Any) -> None:
        if page.locator("#turn button.option").count() and seat not in woken:
            woken.append(seat)
            if len(woken) == 1:
                shot(page, "2-night")
        if seat != 3 and phase(page) == "night":  # the day's claim comes later, by hand
            move(page)

    until(pages, lambda: all(phase(page) == "day" for page in pages.values()), night)
    expect(pages[3].locator(".timed-out")).to_contain_text("Tiden tog slut på natten")
    assert pages[1].locator("#now").inner_text() and pages[1].locator("#team").inner_text()


def day_with_a_pause(host: Any, pages: dict[int, Any]) -> None:
    """The host pauses and resumes; a claim through its preview; then to the reveal."""
    host.click("#host-pause")
    expect(pages[1].locator("#paused")).to_have_text("Värden har pausat bordet.")
    host.click("#host-resume")
    expect(pages[1].locator("#paused")).to_have_count(0)
    claimant = pages[1]
    card = claimant.locator("#card").text_content() or ""
    claimant.select_option("#claim select[name=role]", card)
    expect(claimant.locator("#claim-preview")).to_contain_text(f"”Jag var {card}")
    shot(claimant, "3-day")
    claimant.click("#send-claim")
    expect(claimant.locator("#confirm-sentence")).to_contain_text(f"Jag var {card}")
    claimant.click("#confirm-yes")
    expect(claimant.locator("#claims li")).to_have_count(1)

    def day_and_vote(seat: int, page: Any) -> None:
        if phase(page) == "vote" and page.locator("#send-ballot").count() and seat == 2:
            shot(page, "4-vote")
        move(page)

    until(pages, lambda: all(phase(page) == "over" for page in pages.values()), day_and_vote)
    for page in pages.values():
        expect(page.locator("#verdict")).to_have_text(re.compile("Du (vann|förlorade)."))
        assert page.locator("#journeys li").count() == 7  # five seats, two centre cards
        assert page.locator("#night-replay li").count() >= 5
    shot(pages[1], "5-reveal")


def points(page: Any, seat: int) -> tuple[int, int]:
    """The seat's points in this deal and over the session, as its reveal shows them."""
    row = page.locator(f"#scores tr[data-seat='{seat}'] td")
    return int(row.nth(3).inner_text()), int(row.nth(4).inner_text())


def test_a_late_group_plays_two_deals_in_swedish(browser: Any, base_url: str) -> None:
    host = browser.new_context(viewport=PHONE, locale="sv-SE").new_page()
    links, code = open_table(host, base_url)
    pages = join_late(browser, host, links, code)
    host.click("#host-start")
    first_night(pages)
    day_with_a_pause(host, pages)
    first = {seat: points(pages[seat], seat)[1] for seat in (1, 2)}
    review = pages[1].locator("#review").get_attribute("href")
    assert pages[1].request.get(f"{base_url}{review}").ok  # the reveal opens the review
    pages[2].check("#solver-on")  # off by default; on request, the solver's view of seat 2
    expect(pages[2].locator("#solver-view li")).to_have_count(5)

    # Again, with the same links: Lisa's seat goes to a bot.
    host.locator("#host-deal").click(timeout=10_000)
    for page in pages.values():
        expect(page.locator("#phase")).to_have_text("Väntrum (giv 2)")
    host.click("#host-seats button.to-bot[data-seat='3']")
    expect(host.locator("#host-seats li[data-seat='3']")).to_contain_text("bott")
    host.click("#host-start")
    del pages[3]
    until(
        pages, lambda: all(phase(page) == "over" for page in pages.values()), lambda _, p: move(p)
    )
    shot(pages[2], "6-second-deal")
    for seat, page in pages.items():
        this, total = points(page, seat)
        assert total == first[seat] + this
