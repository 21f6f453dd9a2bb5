"""The review frame and its page, the same for every game: the three games' reviews
put in one frame (every seat at every moment), rendered by one template, read back by
an HTML parser; on a phone's width (390 px) nothing is wider than the screen."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from wooolf_solver import read, review
from wooolf_solver.core.review import ReviewFrame
from wooolf_solver.core.review_page import review_page
from wooolf_solver.games.onuw import report as onuw_report
from wooolf_solver.games.onuw.review import DealReview
from wooolf_solver.games.werewolf import report as werewolf_report
from wooolf_solver.games.werewolf.record import GameRecord
from wooolf_solver.games.werewolf.review import Review as WerewolfReview
from wooolf_solver.games.wooolf import report as wooolf_report
from wooolf_solver.games.wooolf.review import Review as WooolfReview

ROOT = Path(__file__).resolve().parent.parent
RECORDS = {
    "wooolf": ROOT / "examples" / "game-4p-advanced.yaml",
    "onuw": ROOT / "examples" / "onuw" / "game-table-4p.yaml",
    "werewolf": ROOT / "examples" / "werewolf" / "game-10p.yaml",
}


def make_frame(game: str) -> ReviewFrame:
    record = read(RECORDS[game])
    result = review(record)
    if isinstance(result, WooolfReview):
        return wooolf_report.frame(result)
    if isinstance(result, DealReview):
        return onuw_report.frame(result)
    assert isinstance(record, GameRecord) and isinstance(result, WerewolfReview)
    return werewolf_report.frame(record, result)


@pytest.fixture(scope="module")
def frames() -> dict[str, ReviewFrame]:
    return {game: make_frame(game) for game in RECORDS}


@dataclass
class Page(HTMLParser):
    """What the tests read of a page: its style, ids, headings, tables' headers."""

    style: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    classes: set[str] = field(default_factory=set)
    header_cells: int = 0
    scoped: int = 0
    tags: set[str] = field(default_factory=set)
    _open: str = ""

    def __post_init__(self) -> None:
        super().__init__()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.add(tag)
        self._open = tag
        if values.get("id"):
            self.ids.append(values["id"] or "")
        self.classes.update((values.get("class") or "").split())
        if tag == "th":
            self.header_cells += 1
            self.scoped += "scope" in values
        if tag in {"h1", "h2"}:
            self.headings.append(tag)

    def handle_data(self, data: str) -> None:
        if self._open == "style":
            self.style.append(data)


def parse(page: str) -> Page:
    parsed = Page()
    parsed.feed(page)
    return parsed


def test_one_template_for_the_three_games(frames: dict[str, ReviewFrame]) -> None:
    pages = {game: parse(review_page(frame)) for game, frame in frames.items()}
    styles = {page.style[0] for page in pages.values()}  # the head's (a plot has its own)
    assert len(styles) == 1, "one stylesheet: the same template"
    skeleton = {"masthead", "eyebrow", "winner", "part", "seats", "moments", "foot"}
    for game, page in pages.items():
        assert skeleton <= page.classes, game
        assert page.headings.count("h1") == 1, game
        assert page.headings.count("h2") >= len(frames[game].parts), game
        assert page.header_cells == page.scoped, f"{game}: every header cell has a scope"
        assert not page.tags & {"script", "link", "img", "iframe"}, game
        assert len(page.ids) == len(set(page.ids)), game


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_every_seat_and_moment(frames: dict[str, ReviewFrame], game: str) -> None:
    frame = frames[game]
    page = review_page(frame)
    parsed = parse(page)
    assert frame.parts
    for part in frame.parts:
        assert part.anchor in parsed.ids
        assert part.seats
        for line in part.seats:
            assert f"{part.anchor}-seat-{line.seat}" in parsed.ids
            assert len(line.steps) in (0, len(part.moments)), "a step at every moment"
        if len(part.moments) > 1:  # a plot with a tick for each moment and the end
            plot = page.split(f'id="{part.anchor}"')[1].split("</svg>")[0]
            assert 'role="img"' in plot
        else:
            assert f"Every seat, {part.moments[0]}" in page


def test_the_games_fill_the_frame(frames: dict[str, ReviewFrame]) -> None:
    wooolf, onuw, werewolf = frames["wooolf"], frames["onuw"], frames["werewolf"]
    assert [len(part.moments) for part in wooolf.parts] == [
        len(part.timeline) + 1
        for part in wooolf.parts  # before the first event, then after each
    ]
    assert wooolf.totals and set(wooolf.extra) == {"mistakes"}
    assert [part.moments for part in onuw.parts] == [("at the vote",)]
    assert onuw.parts[0].grid is not None
    assert [part.title for part in werewolf.parts] == ["Day 1", "Day 2", "Day 3", "Day 4"]
    missed = [line.seat for part in onuw.parts for line in part.seats if line.missed]
    assert missed == [2] and [note.seat for note in onuw.parts[0].notes] == [2]


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_readable_on_a_phone(frames: dict[str, ReviewFrame], game: str, tmp_path: Path) -> None:
    """At 390 px, nothing is wider than the screen but what scrolls inside its card."""
    sync_api = pytest.importorskip("playwright.sync_api")
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("chromium is not installed")
    page_file = tmp_path / "review.html"
    page_file.write_text(review_page(frames[game]), encoding="utf-8")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 800})
            page.goto(page_file.as_uri())
            width = page.evaluate("document.documentElement.scrollWidth")
            wide = page.evaluate(
                """() => [...document.querySelectorAll('main *')]
                .filter(e => !e.closest('.scroll, svg'))
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
                .map(e => e.tagName + '.' + e.className)"""
            )
        finally:
            browser.close()
    assert width == 390 and wide == []
