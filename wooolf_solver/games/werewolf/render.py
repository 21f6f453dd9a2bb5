"""Werewolf on a terminal: the rich tables and sentences of every verb.

The generic command line runs a verb through the library and hands the result to
:meth:`Werewolf.render <.plugin.Werewolf.render>`, which calls :func:`render` here; this
module is imported only then (rich, and Jinja2 for the review's page).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ...core import reasons_render
from ...core.fitted import Fitted, chance_cell, short_names
from ...core.posterior import Fact
from ...core.reasons import Explanation
from ...core.speech import speech_words
from ...core.words import exact_percent, join_words, percent, plural, whole_percent
from ...lab.calibration import calibration_rows
from ...lab.stats import interval_text
from .balance import Balance
from .explain import TERMS
from .hints import NightHint
from .record import GameRecord
from .review import Review
from .rules import WEREWOLF
from .vote import VoteAdvice
from .words import TEAM_WORDS, conflict_words, outcome_words

if TYPE_CHECKING:
    from .lab import Report


def render(verb: str, record: Any, result: Any, **options: Any) -> RenderableType:
    """The readable answer of ``verb`` for ``result`` (see
    :meth:`wooolf_solver.games.base.Game.render` for the verbs)."""
    game = record if isinstance(record, GameRecord) else None
    if verb == "conflict":
        return Text(conflict_words(game, result.conflict))
    if verb == "solve":
        return render_solve(game, result)
    if verb == "solve-why":
        return render_reasons(game, result)
    if verb == "why":
        return reasons_render.render_why(result)
    if verb == "hint" and isinstance(result, NightHint):
        return render_hint(game, result, int(options.get("top", len(result.options))))
    if verb == "vote" and isinstance(result, VoteAdvice):
        return render_vote(game, result)
    if verb == "review":
        return render_review(game, result)
    if verb == "review-html" and game is not None:
        return review_page(game, result)
    if verb == "balance" and isinstance(result, Balance):
        return render_balance(result)
    if verb == "simulate":
        return render_mixes([result], "Werewolf lab")
    if verb == "compare":
        return render_mixes(result, "Werewolf lab: the mixes side by side")
    return Pretty(result)


def speech_line(speech: str) -> Text:
    """The one line that names the speech model the claims were read by.

    >>> print(speech_line("mimic"))
    Speech model: mimic (a liar's story is one of many it might tell).
    """
    return Text(speech_words(speech), style="dim")


def render_solve(record: GameRecord | None, posterior: Any) -> RenderableType:
    """Per seat the role chances, P(werewolf) and P(lying); then the lynch advice."""
    data = posterior.to_dict()
    roles = sorted({role for seat in data["roles"].values() for role in seat})
    alive = set(record.alive_after()) if record is not None else None
    viewpoint = record.viewpoint if record is not None else None
    header = "Public knowledge" if viewpoint is None else f"Seat {viewpoint}'s knowledge"
    title = Text(f"Werewolf — {header}: {plural(data['worlds'], 'world')}", style="bold")
    wide, four, three = (seats_table(data, roles, viewpoint, alive, n) for n in (None, 4, 3))
    table = Fitted(wide, Fitted(four, three))
    parts: list[RenderableType] = [title, table, *lynch_lines(data["lynch"])]
    if alive is not None and len(alive) < len(data["roles"]):
        parts.append(Text("† dead", style="dim"))
    parts.append(speech_line(data["speech"]))
    return Group(*parts)


def seats_table(
    data: Mapping[str, Any],
    roles: Sequence[str],
    viewpoint: int | None,
    alive: set[int] | None,
    letters: int | None = None,
) -> Table:
    """Per seat the chance of each role, of a werewolf and of lying, in tenths of a
    percent; or, given ``letters``, for a terminal too narrow for that: whole percents
    without the sign, each role by its first ``letters`` letters or more, and the
    werewolf's column in bold instead of a column of its own (it says the same)."""
    narrow = letters is not None
    heading = short_names(list(roles), letters) if letters else {role: role for role in roles}
    table = Table(
        box=box.SIMPLE_HEAD,
        collapse_padding=narrow,
        caption="in percent   <1 under one percent   (exact: --json)" if narrow else None,
        caption_justify="left",
    )
    table.add_column("seat", justify="right", no_wrap=True)
    for role in roles:
        bold = "bold" if narrow and role == WEREWOLF else ""
        table.add_column(heading[role], justify="right", style=bold, overflow="fold")
    if not narrow:
        table.add_column("P(werewolf)", justify="right", style="bold")
    table.add_column("lying", justify="right", overflow="fold")
    shown = whole_percent if narrow else percent
    for seat, chances in data["roles"].items():
        label = seat + (" (you)" if viewpoint is not None and int(seat) == viewpoint else "")
        if alive is not None and int(seat) not in alive:
            label += " †"
        lying = data["lying"].get(seat)
        table.add_row(
            label,
            *(chance_cell(chances.get(role, 0.0), shown) for role in roles),
            *(() if narrow else (chance_cell(data["werewolf"][seat]),)),
            chance_cell(lying, shown) if lying is not None else Text(""),
        )
    return table


def lynch_lines(lynch: Sequence[Mapping[str, Any]]) -> list[Text]:
    """The lynch advice: the best ballot, then every seat in order; a viewpoint not of
    the village (its rows carry a ``worth``) by that worth, for its own team."""
    if not lynch:
        return [Text("Lynch: nobody else is alive.")]
    best = lynch[0]
    if "worth" not in best:
        ranked = ", ".join(f"{row['seat']} ({exact_percent(row['werewolf'])})" for row in lynch)
        return [
            Text(f"Lynch: seat {best['seat']} ({exact_percent(best['werewolf'])} a werewolf)."),
            Text(f"Most likely werewolf first: {ranked}.", style="dim"),
        ]
    ranked = ", ".join(f"{row['seat']} ({row['worth']:.2f})" for row in lynch)
    return [
        Text(
            f"Lynch, for your team: seat {best['seat']} (worth {best['worth']:.2f} to the "
            f"village; {exact_percent(best['werewolf'])} a werewolf)."
        ),
        Text(
            f"Worth most to the village first (card points, a villager's 1): {ranked}.",
            style="dim",
        ),
    ]


def knowledge_title(record: GameRecord | None, what: str) -> Text:
    """The first line of an answer: whose knowledge, and what follows."""
    viewpoint = record.viewpoint if record is not None else None
    whose = "Public knowledge" if viewpoint is None else f"Seat {viewpoint}'s knowledge"
    return Text(f"Werewolf — {whose}: {what}", style="bold")


def render_hint(record: GameRecord | None, advice: NightHint, top: int) -> RenderableType:
    """The seer's checks, most informative first (the first ``top``), or why there are none."""
    title = knowledge_title(record, f"tonight's night action, as the {advice.role}")
    if not advice.options:
        return Group(title, Text(f"Nothing to hint: {advice.note}."), speech_line(advice.speech))
    more = len(advice.options) - top
    table = Table(
        title="Each check by what it teaches about which living seats are werewolves",
        title_justify="left",
        caption=f"… and {plural(more, 'more check')}" if more > 0 else None,
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for column in ("#", "check", "gain (bits)", "what you would see"):
        table.add_column(column, justify="right" if column != "what you would see" else "left")
    for rank, option in enumerate(advice.options[:top], 1):
        seen = ", ".join(f"{what} {exact_percent(float(p))}" for what, p in option.outcomes.items())
        table.add_row(str(rank), f"seat {option.target}", f"{option.gain_bits:.3f}", seen)
    best = advice.options[0]
    return Group(
        title,
        table,
        Text(f"Best: look at seat {best.target} ({best.gain_bits:.3f} bits).", style="bold"),
        speech_line(advice.speech),
    )


def render_vote(record: GameRecord | None, advice: VoteAdvice) -> RenderableType:
    """Every ballot open to the viewpoint, best first for its team."""
    title = knowledge_title(record, "the ballot, each living seat best first")
    village = advice.goal == "village"
    best = advice.best
    if best is None:
        return Group(title, Text("Vote: nobody else is alive."), speech_line(advice.speech))
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("ballot")
    table.add_column("P(werewolf)", justify="right")
    if not village:
        table.add_column("worth to the village", justify="right")
    for score in advice.ballots:
        worth = () if village else (f"{float(score.score):.2f}",)
        table.add_row(f"seat {score.ballot}", exact_percent(float(score.werewolf)), *worth)
    if village:
        line = (
            f"Best ballot: seat {best.ballot} ({exact_percent(float(best.werewolf))} a werewolf)."
        )
        why = "Ranked by the chance the seat is a werewolf (the review's judge for the village)."
    else:
        whose = TEAM_WORDS.get(advice.goal, advice.goal)
        line = (
            f"Best ballot, for your team: seat {best.ballot} (worth {float(best.score):.2f} to "
            "the village)."
        )
        why = (
            f"Ranked, as the review judges {whose}, by the seat's worth to the village (its "
            "expected card points, a villager's 1), never your own team's."
        )
    return Group(
        title, table, Text(line, style="bold"), Text(why, style="dim"), speech_line(advice.speech)
    )


def render_reasons(game: GameRecord | None, reasons: Mapping[Fact, Explanation]) -> RenderableType:
    """``solve --why``: every certain fact about a seat other than the viewpoint."""
    viewpoint = game.viewpoint if game is not None else None
    shown = [reason for fact, reason in reasons.items() if fact.seat != viewpoint]
    return reasons_render.render_reasons(shown, TERMS.none)


def render_review(record: GameRecord | None, review: Review) -> RenderableType:
    """Per day each ballot beside P(werewolf) of its target, the best ballot; the dead;
    the winners."""
    cards = dict(record.cards) if record is not None else {}
    parts: list[RenderableType] = [
        Text(f"Werewolf review — {outcome_words(review.winner, review.winners)}", style="bold")
    ]
    for day in review.days:
        lynched = "nobody lynched" if day.lynched is None else f"seat {day.lynched} lynched"
        if day.lynched in cards:
            lynched += f" ({cards[day.lynched]})"
        table = Table(
            title=f"Day {day.day} (event {day.event}): {lynched}",
            title_justify="left",
            box=box.SIMPLE_HEAD,
        )
        for column in ("voter", "role", "voted", "P(werewolf)", "best", "P(werewolf) best"):
            table.add_column(column, justify="right" if column != "role" else "left")
        for ballot in day.ballots:
            good = ballot.good
            table.add_row(
                str(ballot.voter),
                cards.get(ballot.voter, "?"),
                str(ballot.target)
                + (f" ({cards[ballot.target]})" if ballot.target in cards else ""),
                Text(exact_percent(float(ballot.werewolf)), style="green" if good else "red"),
                "—" if ballot.best is None else str(ballot.best),
                exact_percent(float(ballot.best_werewolf)),
            )
        parts.append(table)
    dead = ", ".join(f"{seat} ({role}, event {n})" for seat, n, role in review.dead)
    parts.append(Text(f"The dead, in order: {dead or 'nobody'}."))
    goals = sorted({b.goal for day in review.days for b in day.ballots} - {"village"})
    if goals:
        whose = join_words([TEAM_WORDS.get(goal, goal) for goal in goals])
        parts.append(
            Text(
                f"The best ballot of {whose} is the seat worth most to the village (its "
                "expected card points, a villager's 1), never its own team's.",
                style="dim",
            )
        )
    parts.append(speech_line(review.speech))
    return Group(*parts)


def review_page(record: GameRecord, review: Review) -> str:
    """The review as one self-contained HTML page (the one design of every game)."""
    from .report import html_report  # noqa: PLC0415 (matplotlib: only for a page)

    return html_report(record, review)


def render_balance(result: Balance) -> RenderableType:
    return Text(
        f"Points: {result.points:+d} (card values; 0 is the designers' balance).\n"
        f"Village win probability under random lynch: {result.random_lynch:.4f} "
        f"(exact: {result.village.numerator}/{result.village.denominator})."
    )


def render_mixes(reports: Sequence[Any], title: str) -> RenderableType:
    """One column per mix: points, exact baseline, the simulated win rates and days, each
    with its 95% interval."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("")
    dicts = [report.to_dict() for report in reports]
    figures: list[Report] = [report.report for report in reports]
    for data in dicts:
        table.add_column(data["label"], justify="right")
    table.add_row("games", *(str(d["games"]) for d in dicts))
    table.add_row("points", *(f"{d['points']:+d}" for d in dicts))
    table.add_row("random lynch (exact)", *(f"{d['random_lynch']:.1%}" for d in dicts))
    teams = [t for t in figures[0].teams if any(f.teams[t].value for f in figures)]
    for team in teams:
        table.add_row(f"{team} won", *(interval_text(f.teams[team]) for f in figures))
    table.add_row("mean days", *(interval_text(f.days) for f in figures))
    roles = sorted({role for f in figures for role in f.roles})
    for role in roles:
        table.add_row(
            f"{role} won",
            *(interval_text(f.roles[role]) if role in f.roles else "" for f in figures),
        )
    for cells in calibration_rows(dicts, "P(werewolf)"):
        table.add_row(*cells)
    return table
