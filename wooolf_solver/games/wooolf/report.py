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
from html import escape
from typing import Any

import matplotlib as mpl
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ...core.version import __version__
from ...core.words import exact_percent, join_words, pointer_word, seats_in_words
from .game import GameRound
from .record import Ask, Declare, Event, Peek
from .review import Moment, Review, RoundReview, SeatReview
from .rules import Seat

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


def html_report(result: Review) -> str:
    """The whole review as one self-contained HTML page (see the module docstring)."""
    record = result.game
    game, setup = record.game, record.setup
    edition = game.editions[setup.edition].title
    rounds = len(record.rounds)
    state = "the game is over" if result.score.over else "an unfinished game"
    title = f"{game.title} — {edition}"
    body = [
        '<header class="masthead">',
        '<p class="eyebrow">Game review</p>',
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{setup.players} players · {rounds} round{"s" * (rounds != 1)} · '
        f"{escape(state)}</p>",
        winners_html(result),
        "</header>",
        totals_html(result),
        '<nav class="rounds-nav" aria-label="Rounds">',
        *(f'<a href="#round-{r.round.number}">Round {r.round.number}</a>' for r in result.rounds),
        "</nav>",
        *(round_html(round_review) for round_review in result.rounds),
        '<footer class="foot">',
        f"Made by wooolf_solver {escape(__version__)}. Every chance is exact: counted over "
        "every deal consistent with what the seat knew, never sampled.",
        "</footer>",
    ]
    return PAGE.format(
        title=escape(f"Game review — {title}"),
        style=STYLE,
        body="\n".join(body),
    )


def chip(round_: GameRound, seat: Seat) -> str:
    """A seat number on its colour, in white or in ink, whichever reads better."""
    colour = seat_colour(round_, seat)
    ink = "#fff" if contrast(colour, "#FFFFFF") >= contrast(colour, INK) else INK
    return f'<span class="chip" style="background:{colour};color:{ink}">{seat}</span>'


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


def winners_html(result: Review) -> str:
    score = result.score
    winners = score.winners
    points = score.totals[winners[0]]
    label = "Winner" if len(winners) == 1 else "Winners (shared)"
    return (
        f'<p class="winner"><span class="trophy">{label}</span> '
        f"<strong>{escape(seats_in_words(winners).capitalize())}</strong> with {points} "
        f"point{'s' * (points != 1)}</p>"
    )


def mistake_dots(count: int) -> str:
    if not count:
        return '<span class="none">0</span>'
    dots = '<span class="dot" aria-hidden="true"></span>' * count
    return f'{dots}<span class="sr">{count}</span>'


def totals_html(result: Review) -> str:
    score = result.score
    first = result.rounds[0].round
    head = "".join(f"<th>Round {r.round.number}</th>" for r in result.rounds)
    rows = []
    for seat, total in score.totals.items():
        winner = seat in score.winners
        cells = "".join(f"<td>{r.score.points[seat]}</td>" for r in result.rounds)
        badge = ' <span class="badge win">winner</span>' if winner else ""
        rows.append(
            f'<tr class="{"win" if winner else ""}"><th scope="row">{chip(first, seat)}'
            f'{badge}</th>{cells}<td class="total">{total}</td>'
            f'<td class="marks">{mistake_dots(score.mistakes[seat])}</td></tr>'
        )
    return (
        '<section class="card totals"><h2>Totals</h2>'
        f'<table class="numbers"><thead><tr><th>Seat</th>{head}<th>Points</th>'
        f"<th>Mistakes</th></tr></thead><tbody>{''.join(rows)}</tbody></table></section>"
    )


def round_html(round_review: RoundReview) -> str:
    round_ = round_review.round
    number = round_.number
    facts = [
        f"seat {round_.start} starts",
        f"{len(round_.events)} event{'s' * (len(round_.events) != 1)}",
    ]
    facts += [
        f"the neutral hand (seat {seat}) is the {round_.identity(seat).name}"
        for seat in round_.hands
        if round_.setup.is_neutral(seat)
    ]
    if round_.blocked:
        facts.append(f"red X from round {number - 1}: {seats_in_words(sorted(round_.blocked))}")
    svg = figure_svg(
        round_figure(round_review),
        prefix=f"r{number}-",
        label=f"Round {number}: each seat's best-declaration chance after each event",
    )
    return "\n".join(
        [
            f'<section class="round" id="round-{number}">',
            f"<h2>Round {number}</h2>",
            f'<p class="meta">{escape(" · ".join(facts))}</p>',
            '<figure class="card plot">',
            svg,
            "<figcaption>How sure each seat could be: the chance that its best declaration "
            "is right, from its own knowledge after each event, exactly. A dot is a "
            "declaration that was right, a cross a wrong one, at the chance it had when made. "
            "Shaded: the first go-around (no early declarations). Red dashes: the "
            "shepherd's lies.</figcaption>",
            "</figure>",
            scores_html(round_review),
            moments_html(round_review),
            timeline_html(round_review),
            "</section>",
        ]
    )


def scores_html(round_review: RoundReview) -> str:
    round_ = round_review.round
    score = round_review.score
    rows = []
    for seat, hand in round_.hands.items():
        seat_review = round_review.seats.get(seat)
        identity = round_.identity(seat).name
        cards = " + ".join(card.name for card in hand)
        if seat_review is None:  # the neutral hand: no declaration, no points
            rows.append(
                f'<tr class="neutral"><th scope="row">{chip(round_, seat)}</th>'
                f"<td><strong>{escape(identity)}</strong>"
                f'<div class="sub">{escape(cards)} · neutral hand</div></td>'
                '<td colspan="3" class="muted">never acts</td><td></td></tr>'
            )
            continue
        rows.append(
            f'<tr><th scope="row">{chip(round_, seat)}</th>'
            f"<td><strong>{escape(identity)}</strong>"
            f'<div class="sub">{escape(cards)}</div></td>'
            f"{declaration_cell(round_review, seat_review)}"
            f"{chance_cell(seat_review)}"
            f'<td class="nowrap">{certain_cell(seat_review)}</td>'
            f"{points_cell(round_review, seat)}</tr>"
        )
    notes = []
    for shepherd, fooled in score.bonus.items():
        if fooled:
            notes.append(
                f"The shepherd's bonus: seat {shepherd} +{len(fooled)}, for "
                f"{seats_in_words(fooled)}, whose wolf pointer named a seat where it cried wolf."
            )
    if score.red:
        notes.append(
            f"Red X: {seats_in_words(sorted(score.red))} may not declare early next round "
            "(a wrong early declaration)."
        )
    note = "".join(f'<p class="note">{escape(text)}</p>' for text in notes)
    return (
        '<div class="card"><h3>Scores</h3>'
        '<table class="scores"><thead><tr><th>Seat</th><th>Identity</th><th>Declaration</th>'
        '<th title="from the seat\'s own knowledge when it declared">Chance then</th>'
        '<th title="the first moment its best declaration was certain">Certain</th>'
        f"<th>Points</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{note}</div>"
    )


def declaration_cell(round_review: RoundReview, seat_review: SeatReview) -> str:
    declared = seat_review.declared
    if declared is None:
        return '<td class="muted">no declaration</td>'
    round_ = round_review.round
    right = round_review.score.correct[seat_review.seat]
    targets = round_.identity(seat_review.seat).targets
    pointers = ", ".join(
        f"{pointer_word(pointer)} ({target})"
        for pointer, target in zip(declared.targets, targets, strict=True)
    )
    verdict = (
        '<span class="badge right">right</span>'
        if right
        else '<span class="badge wrong">wrong</span>'
    )
    return f'<td>{verdict} <span class="when">{declared.when}:</span> {escape(pointers)}</td>'


def chance_cell(seat_review: SeatReview) -> str:
    chance = seat_review.declared_probability
    if chance is None:
        return "<td></td>"
    best = seat_review.best_probability
    extra = ""
    if best is not None and best > chance + 1e-9:
        extra = f'<div class="sub warn">best then: {exact_percent(best)}</div>'
    return f'<td class="num">{exact_percent(chance)}{extra}</td>'


def certain_cell(seat_review: SeatReview) -> str:
    if seat_review.certain_at is None:
        return '<span class="muted">never</span>'
    return escape(events_in_words(seat_review.certain_at))


def points_cell(round_review: RoundReview, seat: Seat) -> str:
    score = round_review.score
    points = score.points[seat]
    parts = [f'<span class="points">{points}</span>']
    bonus = len(score.bonus.get(seat, ()))
    if bonus:
        parts.append(f'<div class="sub">+{bonus} bonus</div>')
    if seat in score.mistakes:
        red = " + red X" if seat in score.red else ""
        parts.append(f'<div class="sub bad">mistake{red}</div>')
    return f'<td class="num">{"".join(parts)}</td>'


MOMENT_LABELS = {
    "gamble": "gamble",
    "better-declaration": "better choice",
    "unused-certainty": "missed",
    "shepherd-lie": "lie",
}


def moments_html(round_review: RoundReview) -> str:
    round_ = round_review.round
    if not round_review.moments:
        items = (
            '<li class="quiet">Nothing notable: no gamble, no lie, no certainty left unused.</li>'
        )
    else:
        items = "".join(
            f'<li><span class="badge {moment.kind}">{MOMENT_LABELS[moment.kind]}</span> '
            f"{escape(moment_sentence(round_, moment))}</li>"
            for moment in round_review.moments
        )
    return f'<div class="card"><h3>Notable moments</h3><ul class="moments">{items}</ul></div>'


def timeline_html(round_review: RoundReview) -> str:
    round_ = round_review.round
    lies = {moment.event for moment in round_review.moments if moment.kind == "shepherd-lie"}
    items = []
    for number, event in enumerate(round_.events, 1):
        kind = {Peek: "peek", Ask: "question", Declare: "declaration"}[type(event)]
        classes = [kind]
        badges = [f'<span class="badge {kind}">{kind}</span>']
        if number in lies:
            classes.append("lie")
            badges.append('<span class="badge shepherd-lie">lie</span>')
        if isinstance(event, Declare):
            right = round_.score.correct.get(event.seat)
            if right is not None:
                badges.append(
                    '<span class="badge right">right</span>'
                    if right
                    else '<span class="badge wrong">wrong</span>'
                )
        items.append(
            f'<li class="{" ".join(classes)}"><span class="n">{number}</span>'
            f"{chip(round_, event.seat)}"
            f'<span class="what">{escape(event_in_words(round_, event))}</span>'
            f'<span class="tags">{"".join(badges)}</span></li>'
        )
        if number == round_.first_go_around and number < len(round_.events):
            items.append(
                '<li class="divider"><span>first go-around over: early declarations '
                "open</span></li>"
            )
    return f'<div class="card"><h3>Timeline</h3><ol class="timeline">{"".join(items)}</ol></div>'


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<main>
{body}
</main>
</body>
</html>
"""

STYLE = """
:root {
  --ink: #1f2328; --muted: #5b6270; --line: #e3e5e8; --paper: #f6f5f2; --card: #ffffff;
  --accent: #2f5bd3; --good: #1a7f37; --good-bg: #e6f4ea; --bad: #c62828; --bad-bg: #fdecea;
  --warn: #9a6700; --warn-bg: #fff4d6; --lie: #c62828;
}
* { box-sizing: border-box; }
html { background: var(--paper); color: var(--ink); }
body {
  margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue",
  Arial, "Noto Sans", "Liberation Sans", "DejaVu Sans", "Noto Sans CJK SC", sans-serif;
  font-variant-numeric: tabular-nums;
}
main { max-width: 1060px; margin: 0 auto; padding: 40px 28px 56px; }
@media (max-width: 600px) { main { padding: 24px 12px 40px; } h1 { font-size: 24px; } }
h1, h2, h3 { line-height: 1.2; margin: 0; letter-spacing: -0.01em; }
h1 { font-size: 30px; font-weight: 700; }
h2 { font-size: 22px; font-weight: 700; }
h3 { font-size: 13px; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em;
     color: var(--muted); margin-bottom: 12px; }
.eyebrow { margin: 0 0 6px; color: var(--accent); font-weight: 700; font-size: 13px;
           text-transform: uppercase; letter-spacing: 0.08em; }
.meta { color: var(--muted); margin: 6px 0 0; }
.masthead { margin-bottom: 24px; }
.winner { display: inline-flex; align-items: center; gap: 10px; margin: 16px 0 0;
          padding: 8px 14px 8px 8px; background: var(--card); border: 1px solid var(--line);
          border-radius: 999px; font-size: 16px; box-shadow: 0 1px 2px rgba(0,0,0,.04); }
.trophy { background: #f5c518; color: #3d2e00; font-weight: 700; font-size: 12px;
          text-transform: uppercase; letter-spacing: .06em; padding: 4px 10px;
          border-radius: 999px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 12px;
        padding: 18px 20px; box-shadow: 0 1px 2px rgba(0,0,0,.04); overflow-x: auto; }
.totals h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em;
             color: var(--muted); margin-bottom: 10px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--line);
         vertical-align: top; }
thead th { font-size: 12px; font-weight: 600; color: var(--muted); text-transform: uppercase;
           letter-spacing: .04em; border-bottom: 1px solid #cfd3d8; }
tbody tr:last-child th, tbody tr:last-child td { border-bottom: 0; }
table.numbers td, table.numbers thead th:not(:first-child) { text-align: right; }
table.numbers td.total { font-weight: 700; font-size: 16px; }
tr.win { background: #fffbea; }
td.num { text-align: right; white-space: nowrap; }
td.nowrap { white-space: nowrap; }
.points { font-weight: 700; font-size: 16px; }
.sub { color: var(--muted); font-size: 13px; }
.sub.warn { color: var(--warn); }
.sub.bad { color: var(--bad); }
.muted { color: var(--muted); }
.none { color: #b0b5bb; }
.chip { display: inline-block; min-width: 26px; padding: 1px 7px; border-radius: 999px;
        font-weight: 700; font-size: 13px; text-align: center; }
.dot { display: inline-block; width: 11px; height: 11px; border-radius: 50%;
       background: var(--bad); margin-left: 4px; vertical-align: -1px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.badge { display: inline-block; font-size: 11px; font-weight: 700; text-transform: uppercase;
         letter-spacing: .05em; padding: 2px 7px; border-radius: 6px; background: #eef0f3;
         color: var(--muted); white-space: nowrap; }
.badge.right, .badge.win { background: var(--good-bg); color: var(--good); }
.badge.wrong { background: var(--bad-bg); color: var(--bad); }
.badge.shepherd-lie { background: var(--lie); color: #fff; }
.badge.gamble { background: var(--warn-bg); color: var(--warn); }
.badge.better-declaration { background: #efe9fb; color: #5b3cc4; }
.badge.unused-certainty { background: #e7f0fe; color: #1d4ed8; }
.badge.peek { background: #e8f1fb; color: #0b5cad; }
.badge.question { background: #eef0f3; color: #4a5160; }
.badge.declaration { background: #fff0e0; color: #a24b00; }
.when { color: var(--muted); font-size: 13px; margin-left: 4px; }
.rounds-nav { display: flex; gap: 8px; margin: 22px 0 8px; }
.rounds-nav a { color: var(--accent); text-decoration: none; font-weight: 600; font-size: 14px;
                padding: 4px 12px; border: 1px solid var(--line); border-radius: 999px;
                background: var(--card); }
.round { margin-top: 36px; }
.round > .meta { margin-bottom: 14px; }
.plot { margin: 0 0 16px; padding: 12px 14px 10px; }
.plot svg { display: block; width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 6px; }
.round .card + .card { margin-top: 16px; }
.note { margin: 10px 0 0; font-size: 13px; color: var(--muted); }
.moments { list-style: none; margin: 0; padding: 0; }
.moments li { padding: 10px 0; border-bottom: 1px solid var(--line); }
.moments li:first-child { padding-top: 0; }
.moments li:last-child { border-bottom: 0; padding-bottom: 0; }
.moments .badge { margin-right: 6px; }
.quiet { color: var(--muted); }
.timeline { list-style: none; margin: 0; padding: 0; }
.timeline li { display: grid; grid-template-columns: 28px 40px 1fr auto; gap: 10px;
               align-items: baseline; padding: 6px 8px; border-radius: 8px; }
.timeline li:nth-child(odd):not(.divider):not(.lie) { background: #fafafb; }
.timeline li.lie { background: #fdecea; box-shadow: inset 3px 0 0 var(--lie); }
.timeline .n { color: var(--muted); font-size: 13px; text-align: right; }
.timeline .tags { display: flex; gap: 4px; justify-content: flex-end; }
.timeline li.divider { display: block; padding: 4px 0; text-align: center; background: none; }
.timeline li.divider span { font-size: 12px; color: var(--muted); text-transform: uppercase;
                            letter-spacing: .06em; border-top: 1px dashed #cfd3d8;
                            display: block; padding-top: 6px; }
.foot { margin-top: 40px; color: var(--muted); font-size: 13px; }
"""


__all__ = [
    "SEAT_COLOURS",
    "figure_svg",
    "html_report",
    "moment_sentence",
    "round_figure",
]
