"""The review's HTML page, one design for every game: a :class:`~.review.ReviewFrame`
in the templates ``review.html`` and ``review.css`` (``wooolf_solver/templates/``).

The page is self-contained (inline styles, plots as inline SVG with their text kept as
text, no script, nothing fetched): the title and the winners, the totals when there
are points, then each part (a round, a deal, a day) with a plot of every seat's best
chance after each moment (when the part has several), the seats' table (who, the move,
its chance then and the best one when higher, when certainty came, the points), the
notable moments, a grid of chances, the timeline. A game gives its words only.

>>> from wooolf_solver.core.review import Option, Part, ReviewFrame, SeatLine, Step
>>> step = Step(Option("heads", 0.5), Option("tails", 0.5), right=False)
>>> part = Part("toss", "The toss", (), ("at the call",), (SeatLine(1, "caller", steps=(step,)),))
>>> page = review_page(ReviewFrame("Coin", (), (1,), "wins", (part,)))
>>> page.startswith("<!DOCTYPE html>"), 'id="toss-seat-1"' in page, "<script" in page
(True, True, False)
"""

from __future__ import annotations

import io
import re
from functools import partial
from html import escape  # the SVG label (the page itself is escaped by its templates)
from typing import Any

import matplotlib as mpl
from markupsafe import Markup
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from .i18n import ENGLISH, Texts
from .pages import render_page
from .review import Part, ReviewFrame, SeatLine, Step, Words
from .version import __version__
from .words import exact_percent, seats_in_words

SEAT_COLOURS = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#D55E00",  # vermilion
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#8C6D31",  # brown
    "#4D4D4D",  # dark grey
)
"""One colour per seat (the Okabe-Ito palette, safe for colour-blind readers, with
its yellow swapped for two darker tones), shared by the plots and the tables."""

GREY = "#9AA0A6"
LIE_COLOUR = "#C62828"
LIE_DASHES = (0, (3, 2))
BAND = "#EEF0F3"
INK = "#1F2328"
MUTED = "#5B6270"
RULE = "#E3E5E8"

PLOT_STYLE: dict[Any, Any] = {  # matplotlib's rc keys, typed as literals
    "svg.fonttype": "none",  # text stays text: crisp, selectable, small
    "svg.hashsalt": "wooolf",  # the same review gives the same page
    "font.family": "DejaVu Sans",  # shipped with matplotlib: always found
    "font.size": 10,
    "axes.edgecolor": "#B8BCC2",
    "axes.labelcolor": MUTED,
    "xtick.color": MUTED,
    "ytick.color": MUTED,
    "text.color": INK,
}


def seat_colour(part: Part, seat: int) -> str:
    """The seat's colour in plots and tables (grey for a seat of ``part.grey``)."""
    if seat in part.grey:
        return GREY
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two ``#RRGGBB`` colours, from 1 to 21.

    >>> round(contrast("#FFFFFF", "#000000"), 1), round(contrast("#0072B2", "#FFFFFF"), 2)
    (21.0, 5.19)
    """

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def chip_colours(part: Part, seat: int) -> tuple[str, str]:
    """A seat's colour and the ink that reads better on it, white or dark."""
    colour = seat_colour(part, seat)
    ink = "#fff" if contrast(colour, "#FFFFFF") >= contrast(colour, INK) else INK
    return colour, ink


# -- the plot --------------------------------------------------------------------------------


def part_figure(part: Part, words: Words) -> Figure:
    """Each seat's best chance after every moment of ``part``, one line per seat; a dot
    where a seat moved and was right (or was not judged), a cross where it was wrong, at
    the chance its move had then (a move made with what it knew at moment ``k`` is
    drawn at ``k + 1``, when it was made); the calm moments shaded, the lies marked."""
    count = len(part.moments)
    end = count  # the moves made with everything known, after the last moment
    ticks = part.ticks or (*(str(k) for k in range(count)), words.end)
    with mpl.rc_context(PLOT_STYLE):
        figure = Figure(figsize=(8.6, 3.5), layout="constrained")
        axes = figure.add_subplot()
        labels = axes.get_xaxis_transform()
        if part.calm:
            axes.axvspan(0, part.calm, color=BAND, zorder=0, lw=0)
        lies = [(n.moment, n.label) for n in part.notes if n.tone == "lie" and n.moment is not None]
        for moment, label in lies:
            axes.axvline(moment, color=LIE_COLOUR, lw=1.2, ls=LIE_DASHES, alpha=0.7)
            axes.text(
                moment, 1.015, label, transform=labels, ha="center", va="bottom",
                fontsize=8, color=LIE_COLOUR, fontweight="bold",
            )  # fmt: skip
        steps = list(range(count + 1))
        for line in part.seats:
            if not line.steps:
                continue
            curve = [0.0 if c is None else c for c in line.curve]
            axes.step(
                steps, [*curve, curve[-1]], where="post", color=seat_colour(part, line.seat),
                lw=2.2, alpha=0.9, solid_joinstyle="round", label=f"seat {line.seat} · {line.who}",
            )  # fmt: skip
        marks = [(line, moment + 1, step) for line in part.seats for moment, step in line.moves]
        finals = [line.seat for line, x, _ in marks if x == end]
        for line, x, step in marks:
            if step.made is None or step.made.chance is None:
                continue
            # the moves made at the end side by side, so that none hides another
            shift = 0.2 * (finals.index(line.seat) - (len(finals) - 1) / 2) if x == end else 0.0
            wrong = step.right is False
            axes.plot(
                [x + shift], [step.made.chance], marker="X" if wrong else "o",
                markersize=10 if wrong else 9, color=seat_colour(part, line.seat),
                markeredgecolor=INK if wrong else "white", markeredgewidth=0.8 if wrong else 1.4,
                zorder=5, ls="none",
            )  # fmt: skip
        axes.set_xlim(-0.2, end + 0.2 + 0.1 * len(finals))
        axes.set_ylim(-0.03, 1.04)
        axes.set_xticks(steps, list(ticks))
        axes.set_yticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
        axes.grid(axis="y", color=RULE, lw=0.8)
        axes.set_axisbelow(True)
        axes.spines[["top", "right"]].set_visible(False)
        axes.tick_params(length=0, pad=5)
        axes.set_xlabel(words.moments)
        axes.set_ylabel(words.curve)
        handles, names = axes.get_legend_handles_labels()
        handles += [
            Line2D([], [], ls="none", marker="o", markersize=8, color=MUTED, mec="white"),
            Line2D([], [], ls="none", marker="X", markersize=9, color=MUTED, mec=INK, mew=0.8),
        ]
        move = words.move.lower()
        names += [f"{move}, {words.right}", f"{move}, {words.wrong}"]
        if part.calm:
            handles.append(Patch(facecolor=BAND, edgecolor="#D5D9DE", lw=0.8))
            names.append(part.calm_words)
        if lies:
            handles.append(Line2D([], [], color=LIE_COLOUR, lw=1.2, ls=LIE_DASHES, alpha=0.7))
            names.append(lies[0][1])
        axes.legend(
            handles, names, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False,
            handlelength=1.6, labelcolor=INK,
        )  # fmt: skip
    return figure


def figure_svg(figure: Figure, prefix: str = "", label: str = "") -> str:
    """The figure as an ``<svg>`` element to inline in HTML: no XML prolog, every id
    prefixed with ``prefix`` (several plots in one page keep distinct ids), and
    ``label`` as its accessible name.

    >>> figure = Figure(figsize=(2, 1))
    >>> _ = figure.add_subplot().plot([0, 1], [1, 0])
    >>> svg = figure_svg(figure, "a-", "a line")
    >>> svg.startswith('<svg role="img" aria-label="a line" '), 'id="a-' in svg
    (True, True)
    """
    buffer = io.StringIO()
    with mpl.rc_context(PLOT_STYLE):
        figure.savefig(buffer, format="svg", metadata={"Date": None}, transparent=True)
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.DOTALL)
    text = re.sub(
        r'(\bid="|url\(#|href="#)([A-Za-z_][\w.-]*)',
        lambda match: f"{match.group(1)}{prefix}{match.group(2)}",
        text,
    )
    return text.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)


# -- the page --------------------------------------------------------------------------------


def review_page(frame: ReviewFrame, say: Texts = ENGLISH) -> str:
    """The whole review as one self-contained HTML page (see the module docstring), its
    own words in the language of ``say`` (the frame's are the game's, already said)."""
    words = frame.words

    def plot(part: Part) -> Markup:
        label = f"{part.title}: {words.curve}, after each of the {words.moments}"
        svg = figure_svg(part_figure(part, words), prefix=f"{part.anchor}-", label=label)
        return Markup(svg)

    return render_page(
        "wooolf_solver",
        "review.html",
        page_title=f"{words.kind} — {frame.title}",
        frame=frame,
        words=words,
        version=__version__,
        plot=plot,
        chip_colours=chip_colours,
        seats_in_words=partial(seats_in_words, say=say),
        exact_percent=exact_percent,
        last_move=last_move,
        lang=say.lang,
        _=say,
    )


def last_move(line: SeatLine) -> tuple[int, Step[object]] | None:
    """The seat's last move in the part, with its moment (``None``: it made none)."""
    moves = line.moves
    return moves[-1] if moves else None


__all__ = [
    "SEAT_COLOURS",
    "chip_colours",
    "contrast",
    "figure_svg",
    "part_figure",
    "review_page",
    "seat_colour",
]
