"""``wooolf review`` and its HTML page: the command (JSON, summary, errors, the atomic
write), the page's content, and the page rendered in a real headless browser
(Debian's chromium): it shows its plots, needs no network and logs nothing to the
console."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import IN_CI, run
from markupsafe import escape
from PIL import Image  # matplotlib's own dependency

from wooolf_solver import GameRecord, Review, review
from wooolf_solver.core.review_page import part_figure
from wooolf_solver.games.wooolf.report import WORDS, frame, html_report, moment_sentence

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
GAMES = {"four": EXAMPLES / "game-4p-advanced.yaml", "six": EXAMPLES / "game-6p-basic.yaml"}

pytestmark = pytest.mark.usefixtures("plain_console")  # see conftest.py


@pytest.fixture(scope="module")
def reviews() -> dict[str, Review]:
    return {name: review(GameRecord.load(path)) for name, path in GAMES.items()}


# -- the command -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_json_is_the_review(
    capsys: pytest.CaptureFixture[str], reviews: dict[str, Review], name: str
) -> None:
    status, out, err = run(capsys, "review", str(GAMES[name]), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == reviews[name].to_dict()
    assert list(json.loads(out)) == ["rounds", "totals", "winners"]


def test_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "review", str(GAMES["six"]))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Wooolf!! (狼來了) — Basic game, 6 players, 3 rounds (the game is over)"
    assert lines[1] == "Winner: seat 1 with 6 points."
    for number in (1, 2, 3):
        assert any(line.startswith(f"Round {number}: ") for line in lines)
    assert "Mistakes: seats 2, 4 and 5 (red X: seat 2)." in out
    assert "Shepherd's bonus: seat 3 +3 (seats 2, 4 and 5 pointed > where it cried wolf)." in out
    assert "• Event 4: seat 3 (the shepherd) saw hound at seat 1 and said wolf;" in out
    assert re.search(r"^ 6 +wolf +early no sheep ✓ +100% +10 +2 *$", out, re.MULTILINE)
    assert re.search(r"^ points +6 +3 +5 +2 +3 +5 *$", out, re.MULTILINE)
    assert max(len(line.rstrip()) for line in lines) <= 80


def test_summary_shows_a_better_declaration(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "review", str(GAMES["four"]))
    assert status == 0
    assert "the neutral hand (seat 5) is the wolf" in out
    assert re.search(r"early wolf 4, hound 5 ✗ +10\.5% \(best 63\.2%\)", out)
    assert "• Seat 2 (the hound) declared at the end [5, 3] with 28.8% (right)" in out


def test_readme_excerpt_matches(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's excerpt of the summary is what the command prints."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"\$ wooolf review examples/game-6p-basic\.yaml\n(.*?)```", readme, re.DOTALL)
    assert match, "README: no excerpt of `wooolf review examples/game-6p-basic.yaml`"
    _, out, _ = run(capsys, "review", str(GAMES["six"]))
    printed = [line.rstrip() for line in out.splitlines()]
    shown = [line.rstrip() for line in match.group(1).splitlines() if line.strip() != "..."]
    assert shown
    for line in shown:
        assert line in printed, line


def test_html_written_atomically(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    page.write_text("an older page")
    status, out, err = run(capsys, "review", str(GAMES["four"]), "--html", str(page))
    assert (status, err) == (0, "")
    assert out.rstrip().endswith(f"The report is in {page}.")
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["review.html"]


def test_html_with_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    status, out, err = run(capsys, "review", str(GAMES["four"]), "--json", "--html", str(page))
    assert (status, err) == (0, "")
    assert json.loads(out)["winners"] == [4]  # stdout stays pure JSON
    assert page.exists()


def test_html_cannot_be_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "no-such-folder" / "review.html"
    status, out, err = run(capsys, "review", str(GAMES["four"]), "--html", str(page))
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: --html: cannot write ")
    assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_invalid_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = GAMES["six"].read_text(encoding="utf-8")
    good = "{seat: 4, ask: 5, question: is-sheep-shepherd-hunter, answer: no}"
    assert text.count(good) == 1
    bad = tmp_path / "game.yaml"
    bad.write_text(text.replace(good, good.replace("answer: no", "answer: yes")))
    status, out, err = run(capsys, "review", str(bad))
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: round 2, event 3: answer yes, but seat 5 holds ")
    assert err.count("\n") == 1


def test_missing_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "review", str(tmp_path / "missing.yaml"))
    assert (status, out) == (2, "")
    assert err.startswith("wooolf: error: ") and "cannot read" in err


# -- the page --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_page_is_self_contained(reviews: dict[str, Review], name: str) -> None:
    result = reviews[name]
    page = html_report(result)
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in page
    for needle in ("<script", "<link", "<iframe", "@import", "<img"):
        assert needle not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert not re.search(r"url\(\s*['\"]?(https?:)?//", page)
    assert page.count("<svg ") == len(result.rounds)
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "ids must be unique across the inlined plots"
    for reference in re.findall(r'(?:url\(#|href="#)([^")]+)', page):
        assert reference in ids


@pytest.mark.parametrize("name", sorted(GAMES))
def test_page_content(reviews: dict[str, Review], name: str) -> None:
    result = reviews[name]
    page = html_report(result)
    winners = result.score.winners
    assert re.search(rf"<strong>Seats? {winners[0]}\b", page)
    for round_review in result.rounds:
        number = round_review.round.number
        section = page.split(f'<section class="part" id="round-{number}">')[1]
        section = section.split("</section>")[0]
        assert section.count('<ol class="timeline">') == 1
        timeline = section.split('<ol class="timeline">')[1]
        events = len(round_review.round.events)
        assert len(re.findall(r'<li class="event', timeline)) == events
        lies = [m for m in round_review.moments if m.kind == "shepherd-lie"]
        assert timeline.count('<li class="event lie">') == len(lies)
        for moment in round_review.moments:
            assert escape(moment_sentence(round_review.round, moment)) in section
        for seat, points in round_review.score.points.items():
            assert re.search(
                rf'id="round-{number}-seat-{seat}".*?<span class="chip"[^>]*>{seat}</span>'
                rf'.*?<span class="points">{points}</span>',
                section,
                re.DOTALL,
            )


def test_plot(reviews: dict[str, Review]) -> None:
    first = reviews["six"].rounds[0]
    part = frame(reviews["six"]).parts[0]
    axes = part_figure(part, WORDS).axes[0]
    labels = [text.get_text() for text in axes.get_xticklabels()]
    assert labels == [*(str(k) for k in range(15)), "end"]
    assert "events" in axes.get_xlabel()
    curves = [line for line in axes.get_lines() if str(line.get_label()).startswith("seat ")]
    assert len(curves) == 6  # one line per seat
    assert [len(line.get_xdata()) for line in curves] == [16] * 6
    marks = [line for line in axes.get_lines() if len(line.get_xdata()) == 1]
    assert len(marks) == len(first.round.declarations)
    legend = [text.get_text() for text in axes.get_legend().get_texts()]
    assert "seat 3 · shepherd" in legend and "lie" in legend and "first go-around" in legend


# -- in a browser ----------------------------------------------------------------------------

BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # the page must need no network
    "--enable-logging=stderr",
    "--v=0",
)
CONSOLE = re.compile(r":CONSOLE[:(]|Uncaught ")
WIDTH, HEIGHT = 1200, 2400


def chromium() -> str:
    """Debian's chromium; skipped when absent, except in CI (CI=true), where it fails."""
    path = shutil.which("chromium")
    if path is None:
        if IN_CI:
            pytest.fail("chromium is not installed (.ci/run installs it with apt-get)")
        pytest.skip(
            "chromium is not installed: the browser check of the HTML review needs it "
            "(apt-get install chromium); with CI=true this fails instead"
        )
    return path


def browse(page: Path, workdir: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """Open ``page`` in headless chromium with ``flags`` (a fresh profile each time)."""
    return subprocess.run(
        [
            chromium(),
            *BROWSER_FLAGS,
            f"--user-data-dir={workdir / 'profile'}",
            *flags,
            page.resolve().as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )


def console_messages(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if CONSOLE.search(line)]


def test_console_errors_are_caught(tmp_path: Path) -> None:
    """The check below would see a script error: a page with one is caught."""
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><p>x</p><script>console.error('boom'); nothing();</script>")
    result = browse(page, tmp_path, "--dump-dom")
    assert result.returncode == 0, result.stderr
    messages = console_messages(result.stderr)
    assert any("boom" in line for line in messages), result.stderr
    assert any("nothing is not defined" in line for line in messages), result.stderr


@pytest.mark.parametrize("name", sorted(GAMES))
def test_page_in_browser(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, reviews: dict[str, Review], name: str
) -> None:
    chromium()
    page = tmp_path / f"{name}.html"
    status, _, err = run(capsys, "review", str(GAMES[name]), "--html", str(page))
    assert (status, err) == (0, "")
    shot = tmp_path / "page.png"
    result = browse(
        page, tmp_path, "--dump-dom", f"--screenshot={shot}", f"--window-size={WIDTH},{HEIGHT}"
    )
    assert result.returncode == 0, result.stderr
    assert console_messages(result.stderr) == [], result.stderr
    dom = result.stdout
    rounds = len(reviews[name].rounds)
    assert "<main>" in dom and "Game review" in dom
    plots = re.findall(r"<svg\b.*?</svg>", dom, re.DOTALL)
    assert len(plots) == rounds
    for plot in plots:
        assert 'role="img"' in plot and plot.count("<path") > 10
    assert dom.count('<ol class="timeline">') == rounds
    with Image.open(shot) as image:
        assert image.size == (WIDTH, HEIGHT)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 100, "the screenshot looks blank"
