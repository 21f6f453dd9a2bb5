"""The review as one self-contained HTML page: nothing to fetch, no script.

:func:`html_report` turns a :class:`~wooolf_solver.games.wooolf.review.Review` into a page with the
game's totals and winners on top, then per round: a plot of each seat's
best-declaration chance over the events (:func:`round_figure`, inlined as SVG by
:func:`figure_svg`), the score table, the notable moments in plain sentences and the
timeline of events (peeks, questions, declarations, the shepherd's lies marked).
The styles are inline; the plots are drawn by matplotlib's SVG backend with their
text kept as text, so the page reads the same offline.

>>> from wooolf_solver.games.wooolf.game import GameRecord
>>> from wooolf_solver.games.wooolf.review import review
>>> page = html_report(review(GameRecord.load("examples/game-4p-advanced.yaml")))
>>> page.startswith("<!DOCTYPE html>"), page.count("<svg "), "<script" in page
(True, 2, False)
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from html import escape  # the SVG label (the page itself is escaped by its templates)
from typing import Any

import matplotlib as mpl
from markupsafe import Markup
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ...core.pages import render_page
from ...core.version import __version__
from ...core.words import exact_percent, join_words, plural, pointer_word, seats_in_words
from .game import GameRound
from .record import Ask, Declare, Event, Peek
from .review import Moment, Review, RoundReview, SeatReview
from .rules import Seat
from .scoring import Declared

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

NEUTRAL_COLOUR = "#9AA0A6"
LIE_COLOUR = "#C62828"
LIE_DASHES = (0, (3, 2))
BAND = "#EEF0F3"
INK = "#1F2328"
MUTED = "#5B6270"
GRID = "#E3E5E8"

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


def seat_colour(round_: GameRound, seat: Seat) -> str:
    """The seat's colour in plots and tables (grey for a neutral hand).

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> seat_colour(GameRecord.load("examples/game-4p-advanced.yaml").round(1), 5)
    '#9AA0A6'
    """
    if round_.setup.is_neutral(seat):
        return NEUTRAL_COLOUR
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


# -- plots -----------------------------------------------------------------------------------


def round_figure(round_review: RoundReview) -> Figure:
    """Each seat's best-declaration chance after every event of a round, one line per
    seat; a dot where a seat declared (at the chance its declaration had then; a
    cross when it was wrong), the first go-around shaded, the shepherd's lies marked.

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> from wooolf_solver.games.wooolf.review import review
    >>> figure = round_figure(review(GameRecord.load("examples/game-6p-basic.yaml")).rounds[0])
    >>> axes = figure.axes[0]
    >>> len(axes.get_lines()) >= 6, axes.get_xlabel()
    (True, 'events (the chance after event k; 0: before the first)')
    """
    round_ = round_review.round
    count = len(round_.events)
    end = count + 1  # the final declarations, after the last event
    with mpl.rc_context(PLOT_STYLE):
        figure = Figure(figsize=(8.6, 3.5), layout="constrained")
        axes = figure.add_subplot()
        labels = axes.get_xaxis_transform()
        axes.axvspan(0, round_.first_go_around, color=BAND, zorder=0, lw=0)
        for moment in round_review.moments:
            if moment.kind == "shepherd-lie" and moment.event is not None:
                axes.axvline(moment.event, color=LIE_COLOUR, lw=1.2, ls=LIE_DASHES, alpha=0.7)
                axes.text(
                    moment.event,
                    1.015,
                    "lie",
                    transform=labels,
                    ha="center",
                    va="bottom",
                    fontsize=8,
                    color=LIE_COLOUR,
                    fontweight="bold",
                )
        steps = [*range(count + 1), end]
        for seat, seat_review in round_review.seats.items():
            colour = seat_colour(round_, seat)
            curve = [*seat_review.curve, seat_review.curve[-1]]
            axes.step(
                steps,
                curve,
                where="post",
                color=colour,
                lw=2.2,
                alpha=0.9,
                solid_joinstyle="round",
                label=f"seat {seat} · {seat_review.identity}",
            )
        marks = [
            (seat, mark)
            for seat, seat_review in round_review.seats.items()
            if (mark := declaration_mark(round_, seat_review, end)) is not None
        ]
        finals = [seat for seat, (x, _, _) in marks if x == end]
        for seat, (x, y, right) in marks:
            # the final declarations side by side, so that none hides another
            shift = 0.2 * (finals.index(seat) - (len(finals) - 1) / 2) if x == end else 0.0
            axes.plot(
                [x + shift],
                [y],
                marker="o" if right else "X",
                markersize=9 if right else 10,
                color=seat_colour(round_, seat),
                markeredgecolor="white" if right else INK,
                markeredgewidth=1.4 if right else 0.8,
                zorder=5,
                ls="none",
            )
        axes.set_xlim(-0.2, end + 0.2 + 0.1 * len(finals))
        axes.set_ylim(-0.03, 1.04)
        axes.set_xticks(steps, [*(str(k) for k in range(count + 1)), "end"])
        axes.set_yticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
        axes.grid(axis="y", color=GRID, lw=0.8)
        axes.set_axisbelow(True)
        axes.spines[["top", "right"]].set_visible(False)
        axes.tick_params(length=0, pad=5)
        axes.set_xlabel("events (the chance after event k; 0: before the first)")
        axes.set_ylabel("best declaration right")
        handles, names = axes.get_legend_handles_labels()
        handles += [
            Line2D([], [], ls="none", marker="o", markersize=8, color=MUTED, mec="white"),
            Line2D([], [], ls="none", marker="X", markersize=9, color=MUTED, mec=INK, mew=0.8),
            Patch(facecolor=BAND, edgecolor="#D5D9DE", lw=0.8),
        ]
        names += ["declared, right", "declared, wrong", "first go-around"]
        if any(moment.kind == "shepherd-lie" for moment in round_review.moments):
            handles.append(Line2D([], [], color=LIE_COLOUR, lw=1.2, ls=LIE_DASHES, alpha=0.7))
            names.append("shepherd's lie")
        axes.legend(
            handles,
            names,
            loc="upper left",
            bbox_to_anchor=(1.01, 1.0),
            frameon=False,
            handlelength=1.6,
            labelcolor=INK,
        )
    return figure


def declaration_mark(
    round_: GameRound, seat_review: SeatReview, end: int
) -> tuple[int, float, bool] | None:
    """Where a seat's declaration goes on the plot: ``(x, chance, right)``, at its
    ``declare`` event (early) or at the end (final); ``None`` if it made none."""
    declared = seat_review.declared
    if declared is None or seat_review.declared_probability is None:
        return None
    event = round_.declare_event(seat_review.seat)
    x = end if event is None else event
    return x, seat_review.declared_probability, round_.score.correct[seat_review.seat]


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


# -- words -----------------------------------------------------------------------------------


def pointers_in_words(pointers: Sequence[Seat], targets: Sequence[str]) -> str:
    """A declaration in plain words.

    >>> pointers_in_words((6, 0), ("wolf", "hound"))
    'seat 6 as the wolf and nobody as the hound'
    """
    return join_words(
        [
            f"{pointer_word(seat)} as the {target}"
            for seat, target in zip(pointers, targets, strict=True)
        ]
    )


def events_in_words(count: int | None) -> str:
    if count == 0:
        return "before any event"
    return "after 1 event" if count == 1 else f"after {count} events"


def moment_sentence(round_: GameRound, moment: Moment) -> str:
    """A notable moment in plain sentences (plain text, to be escaped).

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> from wooolf_solver.games.wooolf.review import review
    >>> first = review(GameRecord.load("examples/game-6p-basic.yaml")).rounds[0]
    >>> print(moment_sentence(first.round, first.moments[0]))
    At event 4, seat 3, the shepherd, looked at a hound card of seat 1 and cried “wolf”.
    It misled seats 2, 4 and 5, who pointed at seat 1 as the wolf.
    """
    when = f"At event {moment.event}" if moment.event is not None else "At the end"
    who = f"seat {moment.seat}, the {moment.identity},"
    if moment.kind == "shepherd-lie":
        fooled = (
            f"It misled {seats_in_words(moment.misled)}, who pointed at seat {moment.target} "
            f"as the {moment.said}."
            if moment.misled
            else "Nobody fell for it."
        )
        return (
            f"{when}, {who} looked at a {moment.card} card of seat {moment.target} and cried "
            f"“{moment.said}”. {fooled}"
        )
    targets = round_.game.characters[moment.identity].targets
    made = pointers_in_words(moment.targets, targets)
    outcome = {None: "", True: " It was right.", False: " It was wrong."}[moment.right]
    if moment.kind == "gamble":
        return (
            f"{when}, {who} declared early ({made}) with a {exact_percent(moment.probability)} "
            f"chance of being right: a gamble.{outcome}"
        )
    if moment.kind == "better-declaration":
        best = pointers_in_words(moment.best_targets, targets)
        return (
            f"{when}, {who} declared {made}, which had a {exact_percent(moment.probability)} "
            f"chance, while {best} had {exact_percent(moment.best_probability)}.{outcome}"
        )
    return (
        f"Seat {moment.seat}, the {moment.identity}, was certain of {made} "
        f"{events_in_words(moment.certain_at)}, but did not declare early at its turn "
        f"(event {moment.event})."
    )


def event_in_words(round_: GameRound, event: Event) -> str:
    """An event of a revealed round in plain words (plain text, to be escaped).

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> first = GameRecord.load("examples/game-6p-basic.yaml").round(1)
    >>> event_in_words(first, first.events[3])
    'Seat 3 peeked at seat 1, saw hound and said “wolf”.'
    """
    if isinstance(event, Peek):
        seen = f", saw {event.sees.name}" if event.sees is not None else ""
        return f"Seat {event.seat} peeked at seat {event.target}{seen} and said “{event.says}”."
    if isinstance(event, Ask):
        text = round_.game.questions[event.question].text
        return (
            f"Seat {event.seat} asked seat {event.target}: “{text}” "
            f"— {'yes' if event.answer else 'no'}."
        )
    if isinstance(event, Declare):
        declared = round_.declarations.get(event.seat)
        if declared is None:
            return f"Seat {event.seat} declared early."
        targets = round_.identity(event.seat).targets
        return f"Seat {event.seat} declared early: {pointers_in_words(declared.targets, targets)}."
    raise TypeError(f"not an event: {event!r}")


# -- the page --------------------------------------------------------------------------------


MOMENT_LABELS = {
    "gamble": "gamble",
    "better-declaration": "better choice",
    "unused-certainty": "missed",
    "shepherd-lie": "lie",
}

EVENT_KINDS = {Peek: "peek", Ask: "question", Declare: "declaration"}


def html_report(result: Review) -> str:
    """The whole review as one self-contained HTML page (see the module docstring),
    from the templates ``review.html`` and ``round.html`` of this package's
    ``templates/`` folder in the generic frame ``page.html``."""
    record = result.game
    game, setup = record.game, record.setup
    title = f"{game.title} — {game.editions[setup.edition].title}"
    score = result.score
    return render_page(
        __package__ or "wooolf_solver.games.wooolf",
        "review.html",
        page_title=f"Game review — {title}",
        title=title,
        players=setup.players,
        rounds=result.rounds,
        state="the game is over" if score.over else "an unfinished game",
        score=score,
        winners=score.winners,
        winning_points=score.totals[score.winners[0]],
        version=__version__,
        moment_labels=MOMENT_LABELS,
        plural=plural,
        seats_in_words=seats_in_words,
        exact_percent=exact_percent,
        events_in_words=events_in_words,
        moment_sentence=moment_sentence,
        event_in_words=event_in_words,
        event_kind=lambda event: EVENT_KINDS[type(event)],
        chip_colours=chip_colours,
        round_facts=round_facts,
        declared_pointers=declared_pointers,
        lie_events=lambda review: {m.event for m in review.moments if m.kind == "shepherd-lie"},
        plot=plot,
    )


def chip_colours(round_: GameRound, seat: Seat) -> tuple[str, str]:
    """A seat's colour and the ink that reads better on it, white or dark."""
    colour = seat_colour(round_, seat)
    ink = "#fff" if contrast(colour, "#FFFFFF") >= contrast(colour, INK) else INK
    return colour, ink


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


def round_facts(round_: GameRound) -> list[str]:
    """The line under a round's heading: who starts, how many events, the neutral hand."""
    facts = [f"seat {round_.start} starts", plural(len(round_.events), "event")]
    facts += [
        f"the neutral hand (seat {seat}) is the {round_.identity(seat).name}"
        for seat in round_.hands
        if round_.setup.is_neutral(seat)
    ]
    if round_.blocked:
        facts.append(
            f"red X from round {round_.number - 1}: {seats_in_words(sorted(round_.blocked))}"
        )
    return facts


def declared_pointers(round_: GameRound, seat: Seat, declared: Declared) -> str:
    """A declaration's pointers: ``seat 6 (wolf), nobody (hound)``."""
    targets = round_.identity(seat).targets
    return ", ".join(
        f"{pointer_word(pointer)} ({target})"
        for pointer, target in zip(declared.targets, targets, strict=True)
    )


def plot(round_review: RoundReview) -> Markup:
    """The round's plot as inline SVG (markup: the template prints it unescaped)."""
    number = round_review.round.number
    svg = figure_svg(
        round_figure(round_review),
        prefix=f"r{number}-",
        label=f"Round {number}: each seat's best-declaration chance after each event",
    )
    return Markup(svg)


__all__ = [
    "SEAT_COLOURS",
    "figure_svg",
    "html_report",
    "moment_sentence",
    "round_figure",
]
