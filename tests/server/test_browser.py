"""The pages in a real browser (Debian's chromium, driven by Playwright): three people
play a whole five-seat deal with two bots to the reveal; a group joins late and plays two
deals in Swedish with the host's tools; the assistant reproduces the worked example; a
doppelganger on a phone copies the seer and then looks.
Skipped where chromium or Playwright is missing (outside CI: there it fails).

With ``WOOOLF_SCREENSHOTS=DIR`` set, the group's test saves a screenshot of each phase in
``DIR`` (``docs/images/table-sv-*.png`` come from there)."""

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

SCREENSHOT = os.environ.get("WOOOLF_SCREENSHOT")
"""Where to save a screenshot of a player's page (for the README), if set."""
SHOTS = os.environ.get("WOOOLF_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}
NAMES = {1: "Eva", 2: "Olle", 3: "Lisa"}
expect = playwright_api.expect


def nobody_or_first(record: Any) -> Any:
    """A quick stand-in for the solver (the API tests use the real one)."""
    return 1 if record["viewpoint"] != 1 else 2


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch() as browser:
        yield browser


@pytest.fixture
def base_url(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    pause = getattr(request, "param", (0.2, 0.6))  # a night step's length, in seconds
    app = create_app(tmp_path / "t.sqlite", pause=pause, solver=nobody_or_first, workers="thread")
    with serving(app) as url:
        yield url


def step(page: Any, only: str | None = None) -> str:
    """Make this seat's move if it has one (``only``: if its phase is that one); its
    phase (the page may change under us: a push re-renders it, so a button gone is no
    error). A claim and a ballot go through their preview and confirmation."""
    now = phase(page)
    if only is not None and now != only:
        return now
    try:
        if page.locator("#confirm-yes").count():
            page.locator("#confirm-yes").click(timeout=1_000)
        elif now == "lobby" and page.locator("#join").count():
            page.fill("#name", "Eva", timeout=1_000)
            page.locator("#join").click(timeout=1_000)
        elif now == "lobby" and page.locator("#ready:enabled").count():
            page.locator("#ready").click(timeout=1_000)
        elif now == "night" and page.locator("#turn button.option").count():
            page.locator("#turn button.option").first.click(timeout=1_000)
        elif now == "day" and page.locator("#claim select[name=role]").count():
            card = page.locator("#card").get_attribute("data-card", timeout=1_000) or ""
            page.select_option("#claim select[name=role]", card, timeout=1_000)
            page.locator("#send-claim").click(timeout=1_000)
        elif now == "day" and page.locator("#heard-enough:enabled").count():
            page.locator("#heard-enough").click(timeout=1_000)
        elif now == "vote" and page.locator("#send-ballot").count():
            page.locator("#send-ballot").click(timeout=1_000)
        elif now == "vote" and page.locator("#vote button.ballot").count():
            page.locator("#vote button.ballot").first.click(timeout=1_000)
    except playwright_api.Error:
        pass
    return now


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
        assert page.locator("#journeys li .why").count() == 7  # the replay agrees with dawn
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


def shot(page: Any, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"table-sv-{name}.png"), full_page=True)


def phase(page: Any) -> str:
    return page.locator("#phase").get_attribute("data-phase", timeout=10_000) or ""


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
        if seat != 3:  # night moves only: the day's claim comes later, by hand (a day
            step(page, only="night")  # begun between two reads of the phase made it once)

    until(pages, lambda: all(phase(page) == "day" for page in pages.values()), night)
    expect(pages[3].locator(".timed-out")).to_contain_text("Tiden tog slut på natten")
    assert pages[1].locator("#now").inner_text() and pages[1].locator("#team").inner_text()


def day_with_a_pause(host: Any, pages: dict[int, Any]) -> None:
    """The host pauses and resumes; a claim through its preview; then to the reveal."""
    host.click("#host-pause")
    expect(pages[1].locator("#paused")).to_have_text("Värden har pausat bordet.")
    pages[2].click("#heard-enough")  # refused while paused: the refusal in Swedish
    expect(pages[2].locator("#error")).to_have_attribute("data-code", "409 paused")
    expect(pages[2].locator("#error > p")).to_have_text(
        "Värden har pausat bordet: försök igen när det fortsätter."
    )
    host.click("#host-resume")
    expect(pages[1].locator("#paused")).to_have_count(0)
    claimant = pages[1]
    card = claimant.locator("#card").get_attribute("data-card") or ""
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
        step(page)

    until(pages, lambda: all(phase(page) == "over" for page in pages.values()), day_and_vote)
    for page in pages.values():
        expect(page.locator("#verdict")).to_have_text(re.compile("Du (vann|förlorade)."))
        assert page.locator("#journeys li").count() == 7  # five seats, two centre cards
        assert page.locator("#journeys li .why").count() == 7  # the replay agrees with dawn
        assert page.locator("#night-replay li").count() >= 5
    shot(pages[1], "5-reveal")


def points(page: Any, seat: int) -> tuple[int, int]:
    """The seat's points in this deal and over the session, as its reveal shows them."""
    row = page.locator(f"#scores tr[data-seat='{seat}'] td")
    return int(row.nth(3).inner_text()), int(row.nth(4).inner_text())


@pytest.mark.parametrize("base_url", [(2.0, 2.5)], indirect=True)  # steps a person can take
def test_a_late_group_plays_two_deals_in_swedish(browser: Any, base_url: str) -> None:
    """The host deals from the setup page; three people open their links late, one after
    the other, and join with their names; the host cannot start before the last one is
    here; one person never acts at night and is told that time ran out; the host pauses the
    day and resumes it; the deal plays to the reveal, which opens its review; the host deals
    again with the same links, hands the slow person's seat to a bot, and the second deal
    plays to its reveal, the scores adding up over the session."""
    host = browser.new_context(viewport=PHONE, locale="sv-SE").new_page()
    links, code = open_table(host, base_url)
    pages = join_late(browser, host, links, code)
    host.click("#host-start")
    first_night(pages)
    day_with_a_pause(host, pages)
    first = {seat: points(pages[seat], seat)[1] for seat in (1, 2)}
    review = pages[1].locator("#review").get_attribute("href")
    opened = pages[1].request.get(f"{base_url}{review}")  # the reveal opens the review
    assert opened.ok and "Genomgång av given" in opened.text()  # in the page's language
    pages[2].check("#solver-on")  # off by default; on request, the solver's view of seat 2
    pages[2].check("#local-names")  # the cards' names by default; in Swedish on request
    names = pages[2].locator("#card")
    assert names.text_content() not in ("", names.get_attribute("data-card"))
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
        pages, lambda: all(phase(page) == "over" for page in pages.values()), lambda _, p: step(p)
    )
    shot(pages[2], "6-second-deal")
    for seat, page in pages.items():
        this, total = points(page, seat)
        assert total == first[seat] + this


def test_the_reveal_follows_every_card_in_many_deals(browser: Any, base_url: str) -> None:
    """Bots' random nights (robbers, troublemakers and a drunk moving cards in turn): each
    card's journey, replayed by the page, ends on the dawn card the server sent."""
    page = browser.new_context(viewport=PHONE).new_page()
    deck = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac"]
    for seed in range(1, 13):
        options = {"game": "onuw", "players": 5, "bots": [2, 3, 4, 5], "deck": deck, "seed": seed}
        created = page.request.post(f"{base_url}/api/tables", data=options).json()
        host = {"Authorization": f"Bearer {created['host']['token']}"}
        assert page.request.post(f"{base_url}/api/tables/{created['table']}/end", headers=host).ok
        page.goto(f"{base_url}{created['seats']['1']['link']}")
        expect(page.locator("#journeys li")).to_have_count(7)
        expect(page.locator("#journeys li .why")).to_have_count(7)


@pytest.mark.parametrize("base_url", [(3, 3)], indirect=True)  # two taps in a step
def test_a_doppelganger_on_a_phone_copies_the_seer_then_looks(browser: Any, base_url: str) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    deck = ["doppelganger", "werewolf", "seer", "robber", "troublemaker"]
    options = {"game": "onuw", "players": 3, "bots": [2, 3], "seed": 3, "deck": deck}
    created = page.request.post(f"{base_url}/api/tables", data=options)  # seat 2: the seer
    page.goto(f"{base_url}{created.json()['seats']['1']['link']}")
    expect(page.locator("#card")).to_have_text("doppelganger")
    page.fill("#name", "Eva")
    page.locator("#join").click()
    page.locator("#ready").click()
    page.locator("#turn button.option[data-move='{\"copied\":2}']").click()
    expect(page.locator("#night")).to_contain_text("copied seat 2: became the seer")
    expect(page.locator("#turn h2")).to_have_text("Wake up, seer")  # the copy's second step
    page.locator("#turn button.option[data-move='{\"saw\":3}']").click()
    expect(page.locator("#night")).to_contain_text("looked at seat 3: troublemaker")
    expect(page.locator("#now")).to_have_text("seer")
    role = page.locator("#claim select[name=role]")
    role.wait_for(timeout=30_000)  # the day: its claim tells the copy
    role.select_option("doppelganger")
    page.select_option("#claim select[name=copied]", "2")
    page.select_option("#claim select[name=became]", "seer")
    page.locator("#send-claim").click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#claims li")).to_contain_text("copied seat 2: became the seer")
    for _ in range(200):
        if step(page) == "over":
            break
        page.wait_for_timeout(150)
    page.locator("#reveal").wait_for()
    expect(page.locator("#night-replay li").first).to_contain_text("copied seat 2")
    expect(page.locator("#journeys li .why")).to_have_count(5)  # the replay agrees with dawn
