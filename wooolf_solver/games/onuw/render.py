"""ONUW on a terminal: the rich tables and sentences of every verb.

The generic command line runs a verb through the library and hands the result to
:meth:`Onuw.render <.plugin.Onuw.render>`, which calls :func:`render` here; this
module is imported only then.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ...core import reasons_render
from ...core.fitted import Fitted, chance_cell, short_names
from ...core.speech import speech_words
from ...core.words import exact_percent, percent, plural, seats_in_words, whole_percent
from ...lab.calibration import calibration_rows
from ...lab.stats import Proportion, interval_text
from .explain import TERMS
from .hints import NightHint
from .lab import Figures
from .posterior import OnuwPosterior
from .record import DealRecord
from .review import DealReview
from .rules import TEAMS
from .vote import VoteAdvice
from .words import card, claim_words, conflict_words, night_words, option_words

SHOWN_OPTIONS = 8
SHOWN_OUTCOMES = 4


def render(verb: str, record: Any, result: Any, **options: Any) -> RenderableType:
    """The readable answer of ``verb`` for ``result`` (see
    :meth:`wooolf_solver.games.base.Game.render` for the verbs)."""
    deal = record if isinstance(record, DealRecord) else None
    if verb == "conflict":
        return Text(conflict_words(deal, result.conflict))
    if verb == "solve" and deal is not None:
        return render_solve(deal, result)
    if verb == "solve-why" and deal is not None:
        return reasons_render.render_reasons(result.values(), TERMS.none)
    if verb == "hint" and deal is not None:
        return render_hint(deal, result, options.get("top", SHOWN_OPTIONS))
    if verb == "vote" and deal is not None:
        return render_vote(deal, result)
    if verb == "why":
        return reasons_render.render_why(result)
    if verb == "review":
        return render_review(result)
    if verb == "review-html":
        from .report import html_report  # noqa: PLC0415 (only for a page)

        return html_report(result)
    if verb == "simulate":
        return render_comparison([result], title="ONUW lab")
    if verb == "compare":
        return render_comparison(result, title="ONUW lab: the mixes side by side")
    return Pretty(result)


def slot_label(record: DealRecord, slot: int) -> str:
    """``2 (you)``, ``4 (bot)``, ``c1``."""
    label = record.layout.name(slot)
    if slot == record.viewpoint:
        label += " (you)"
    if slot in record.bots:
        label += " (bot)"
    return label


def title_line(record: DealRecord) -> Text:
    edition = record.rules_edition.name
    bots = f", bots at {seats_in_words(sorted(record.bots))}" if record.bots else ""
    return Text(
        f"{record.rules.title} — {edition} edition, {record.players} players{bots}, "
        f"{plural(len(record.claims), 'claim')}",
        style="bold",
    )


def speech_line(record: DealRecord) -> Text:
    """The line naming the speech model the claims were read by."""
    return Text(speech_words(record.model.speech))


def viewpoint_line(record: DealRecord) -> Text:
    seat = record.viewpoint
    if seat is None:
        return Text("Public knowledge (no viewpoint).")
    role = record.cards[seat]
    line = f"You are seat {seat}, dealt {card(role)}"
    entry = record.night.get(seat)
    if entry is not None:
        line += f": at night you {night_words(record.layout, role, entry)}"
    return Text(line + ".")


def render_solve(record: DealRecord, posterior: OnuwPosterior) -> RenderableType:
    """The header, the dawn table (cards, team, lying), no-werewolf, and win_if."""
    layout = record.layout
    roles = sorted(set(record.deck), key=lambda name: (record.rules.roles[name].wakes or 99, name))
    teams = [team for team in TEAMS if any(record.rules.team(r) == team for r in roles)]
    parts: list[RenderableType] = [title_line(record), speech_line(record), viewpoint_line(record)]
    for number, claim in enumerate(record.claims, 1):
        parts.append(Text(f"Claim {number}: {claim_words(layout, claim)}."))
    parts += [
        "",
        Fitted(
            dawn_table(record, posterior, roles), dawn_table(record, posterior, roles, narrow=True)
        ),
    ]
    seats = Table(
        title="Seats: team at dawn, lying"
        + (", and your chance to win if that seat dies" if posterior.win_if is not None else ""),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    seats.add_column("seat", no_wrap=True)
    for team in teams:
        seats.add_column(f"{team} team", justify="right")
    seats.add_column("lying", justify="right")
    if posterior.win_if is not None:
        seats.add_column("you win if it dies", justify="right")
    for seat in layout.seats:
        odds = posterior.team[seat]
        cells = [chance_cell(odds.get(name, Fraction(0))) for name in teams]
        lying = posterior.lying.get(seat)
        cells.append(chance_cell(lying) if lying is not None else Text("no claim", style="dim"))
        if posterior.win_if is not None:
            win = posterior.win_if.get(seat)
            cells.append(Text("—", style="dim") if win is None else Text(exact_percent(float(win))))
        seats.add_row(slot_label(record, seat), *cells)
    parts += [seats]
    no_werewolf = exact_percent(float(posterior.no_werewolf))
    parts.append(Text(f"No werewolf among the players at dawn: {no_werewolf}."))
    if posterior.win_if is not None:
        nobody = posterior.win_if.get(None, Fraction(0))
        best = max(posterior.win_if.items(), key=lambda item: item[1])
        named = "nobody dies" if best[0] is None else f"seat {best[0]} dies"
        parts.append(
            Text(
                f"If nobody dies, you win with {exact_percent(float(nobody))}; your best "
                f"outcome: {named} ({exact_percent(float(best[1]))}; see `wooolf vote`)."
            )
        )
    parts.append(
        Text(f"{plural(posterior.worlds, 'world')} (deal × night choices) fit the record.")
    )
    return Group(*parts)


def dawn_table(
    record: DealRecord, posterior: OnuwPosterior, roles: list[str], narrow: bool = False
) -> Table:
    """The chance of each card in each slot, one column a role, in tenths of a percent; or,
    ``narrow``, for a terminal too narrow for that: whole percents without the sign, each
    role by its first letters (the box's twelve roles fit 80 columns)."""
    heading = short_names(roles) if narrow else {name: name for name in roles}
    table = Table(
        title="Dawn: the chance of each card in each slot" + (", in percent" if narrow else ""),
        caption="✓ certain   · impossible"
        + ("   <1 under one percent   (exact: --json)" if narrow else ""),
        title_justify="left",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=narrow,
    )
    table.add_column("slot", no_wrap=True)
    for name in roles:
        table.add_column(heading[name], justify="right", overflow="fold", no_wrap=narrow)
    shown = whole_percent if narrow else percent
    for slot in record.layout.slots:
        dawn = posterior.dawn[slot]
        cells = (chance_cell(dawn.get(name, Fraction(0)), shown) for name in roles)
        table.add_row(slot_label(record, slot), *cells)
    return table


def render_hint(record: DealRecord, advice: NightHint, top: int = SHOWN_OPTIONS) -> RenderableType:
    layout = record.layout
    table = Table(
        title=f"Your night as {card(advice.role)}: each option by what it teaches "
        "about who holds a werewolf at dawn",
        title_justify="left",
        caption=f"… and {len(advice.options) - top} more" if len(advice.options) > top else None,
        caption_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("option")
    table.add_column("gain (bits)", justify="right")
    table.add_column("what you would see")
    for rank, option in enumerate(advice.options[:top], 1):
        seen = [
            f"{seen.replace(',', ' + ')} {percent(float(p)) if p != 1 else '100%'}"
            for seen, p in list(option.outcomes.items())[:SHOWN_OUTCOMES]
        ]
        if len(option.outcomes) > SHOWN_OUTCOMES:
            seen.append("…")
        table.add_row(
            str(rank),
            option_words(layout, option.option, advice.role),
            f"{option.gain_bits:.3f}",
            ", ".join(seen),
        )
    parts: list[RenderableType] = [
        title_line(record),
        speech_line(record),
        viewpoint_line(record),
        "",
        table,
    ]
    if advice.options:
        best = advice.options[0]
        parts.append(Text(f"Best: {option_words(layout, best.option, advice.role)}.", style="bold"))
    return Group(*parts)


def render_vote(record: DealRecord, advice: VoteAdvice) -> RenderableType:
    table = Table(title="Your ballot: each one by your chance to win", title_justify="left")
    table.add_column("ballot")
    table.add_column("you win if it dies", justify="right")
    table.add_column("holds a werewolf", justify="right")
    for score in advice.ballots:
        name = "nobody" if score.ballot is None else f"seat {score.ballot}"
        found = "" if score.ballot is None else exact_percent(float(score.found))
        table.add_row(name, exact_percent(float(score.win_if)), found)
    best = advice.best
    named = "nobody" if best.ballot is None else f"seat {best.ballot}"
    shots = advice.posterior.onuw.shots
    parts: list[RenderableType] = [title_line(record), speech_line(record)]
    parts += [viewpoint_line(record), "", table]
    if shots:
        told = ", ".join(f"seat {seat} for seat {target}" for seat, target in shots.items())
        parts.append(Text(f"A dying hunter takes the seat it voted for along (ballots: {told})."))
    parts.append(
        Text(f"Best ballot: {named} ({exact_percent(float(best.win_if))} to win).", style="bold")
    )
    return Group(*parts)


def render_review(result: DealReview) -> RenderableType:
    record = result.record
    layout = record.layout
    dead = seats_in_words(result.dead) if result.dead else "nobody"
    won = seats_in_words(result.winners) if result.winners else "nobody"
    table = Table(title="Every seat at the vote, from its own knowledge", title_justify="left")
    for column in ("seat", "dealt", "dawn", "ballot"):
        table.add_column(column, no_wrap=True)  # the headings of figures wrap instead
    for column in ("win if voted", "best", "points"):
        table.add_column(column, justify="right")
    for seat, view in result.seats.items():
        ballot = "nobody" if view.ballot is None else f"seat {view.ballot}"
        voted = view.win_if_voted
        best = view.best_win_if
        style = "" if voted is None or voted == best else "yellow"
        table.add_row(
            f"{seat}" + (" (bot)" if view.bot else ""),
            view.dealt,
            view.dawn,
            ballot,
            Text(exact_percent(None if voted is None else float(voted)), style=style),
            exact_percent(None if best is None else float(best)),
            str(result.scores[seat]),
        )
    centre = ", ".join(f"{layout.name(slot)}: {result.dawn[slot - 1]}" for slot in layout.centre)
    parts: list[RenderableType] = [
        title_line(record),
        speech_line(record),
        Text(f"Died: {dead}. Won: {won}. Centre at dawn: {centre}."),
    ]
    for seat, target in result.shots.items():
        parts.append(Text(f"Seat {seat} died holding the hunter: its ballot took seat {target}."))
    for seat, view in result.seats.items():
        night = night_words(layout, view.dealt, view.entry)
        parts.append(Text(f"Night: seat {seat}, dealt {card(view.dealt)}, {night}."))
    for number, claim in enumerate(record.claims, 1):
        parts.append(Text(f"Claim {number}: {claim_words(layout, claim)}."))
    parts += ["", table]
    missed = [
        seat
        for seat, view in result.seats.items()
        if view.win_if_voted is not None and view.win_if_voted != view.best_win_if
    ]
    if missed:
        parts.append(Text(f"A better ballot was open to {seats_in_words(missed)} (in yellow)."))
    lost = [seat for seat, view in result.seats.items() if not view.consistent]
    if lost:
        parts.append(
            Text(
                f"From the view of {seats_in_words(lost)} the deal cannot happen: a player who "
                "believed it was on the village team lied (? above)."
            )
        )
    return Group(*parts)


def render_comparison(reports: Sequence[Any], title: str) -> RenderableType:
    """The lab's figures, one column per mix, each with its 95% interval."""
    data = [report.to_dict() for report in reports]
    first = data[0]
    placed = ", ".join(f"{who}={kind}" for who, kind in first.get("by_card", {}).items())
    table = Table(
        title=f"{title}: {first['players']} players, {first['games']} deals each, "
        f"seed {first['seed']}, seats {', '.join(first['bots'])}"
        + (f"; by card: {placed}" if placed else ""),
        title_justify="left",
        caption="rates with their 95% intervals",
        caption_justify="left",
    )
    table.add_column("figure")
    for mix in data:  # a deck's name, with its edition unless that is its name
        edition = "" if mix["mix"] == mix["edition"] else f" ({mix['edition']})"
        table.add_column(f"{mix['mix']}{edition}", justify="right")

    figures: list[Figures] = [report.figures for report in reports]

    def row(name: str, cells: Sequence[Proportion | None]) -> None:
        table.add_row(name, *(interval_text(cell) for cell in cells))

    for team in TEAMS:
        row(f"{team} team wins", [mix.teams[team] for mix in figures])
    for role in sorted({role for mix in figures for role in mix.roles}):
        row(f"dealt {role}: wins", [mix.roles.get(role) for mix in figures])
    row("both werewolves in the centre", [mix.both_in_centre for mix in figures])
    row("… and the village wins", [mix.village_won_then for mix in figures])
    row("ballots finding a werewolf", [mix.werewolf_found for mix in figures])
    row("nobody dies", [mix.nobody_dead for mix in figures])
    for cells in calibration_rows(data, "P(werewolf)"):
        table.add_row(*cells)
    return table
