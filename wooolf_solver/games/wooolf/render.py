"""Wooolf!! on a terminal: the rich tables and sentences of every verb.

The generic command line (:mod:`wooolf_solver.cli`) runs a verb through the library
and hands the result to :meth:`Wooolf.render <.plugin.Wooolf.render>`, which calls
:func:`render` here; this module is imported only then (rich tables are for people,
not for the library).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ...core import reasons_render
from ...core.posterior import Fact
from ...core.reasons import Explanation
from ...core.words import exact_percent, percent, plural, seats_in_words
from ...lab.stats import Mean, Proportion, interval_text
from .explain import TERMS
from .hints import ActionScore, Hint
from .lab import Report
from .posterior import RoundPosterior as Posterior
from .record import Round
from .review import TOLERANCE, Moment, Review, RoundReview
from .rules import Seat
from .table import PATIENCE
from .words import (
    describe_action,
    describe_conflict,
    describe_targets,
    hand_name,
    short_targets,
)


def render(verb: str, record: Any, result: Any, **options: Any) -> RenderableType:
    """The readable answer of ``verb`` for ``result`` (what the library returned for
    ``record``); see :meth:`wooolf_solver.games.base.Game.render` for the verbs."""
    if verb == "conflict":
        round_ = record if isinstance(record, Round) else None
        return Text(describe_conflict(round_, result.conflict))
    if verb == "solve":
        return render_solve(record, result)
    if verb == "solve-why":
        return render_reasons(record, result)
    if verb == "hint":
        return render_hint(record, result, options.get("top", SHOWN_ACTIONS))
    if verb == "why":
        return reasons_render.render_why(result)
    if verb == "review":
        return render_review(result)
    if verb == "review-html":
        from .report import html_report  # noqa: PLC0415 (matplotlib: only for a page)

        return html_report(result)
    if verb == "simulate":
        return render_report(result)
    if verb == "compare":
        return render_comparison(result)
    return Pretty(result)  # a verb without tables of its own: the neutral default


SHOWN_DECLARATIONS = 5
"""How many declarations the readable output lists (the JSON lists them all)."""

SHOWN_ACTIONS = 8
"""How many actions ``hint`` lists by default (the JSON lists them all)."""


def pointer(index: int) -> str:
    """The suspicion board's pointer for the target at ``index``: ``>``, ``>>``, ..."""
    return ">" * (index + 1)


def render_solve(round_: Round, posterior: Posterior) -> RenderableType:
    """The readable answer of ``solve``: a header, the identity table, the declarations."""
    game = round_.game
    parts: list[RenderableType] = [title_line(round_), Text(describe_viewpoint(round_))]
    others = [seat for seat in round_.hands if seat != round_.viewpoint]
    if others:
        known = ", ".join(
            f"seat {seat} holds {hand_name(game, round_.hands[seat])}" for seat in others
        )
        parts.append(Text(f"Also known: {known}."))
    parts += ["", identity_table(round_, posterior)]
    certain = [
        str(fact) for fact in posterior.certain if fact.holds and fact.seat not in round_.hands
    ]
    if certain:
        parts.append(Text(f"Certain: {', '.join(certain)}.", style="green"))
    if posterior.knowledge.targets:
        parts += ["", declaration_table(round_, posterior)]
    deals = posterior.deals
    parts += [
        "",
        Text(
            f"{deals:,} deal{'s' * (deals != 1)} of the unknown hands "
            f"{'are' if deals != 1 else 'is'} consistent with the record."
        ),
    ]
    return Group(*parts)


def title_line(round_: Round) -> Text:
    """The game, edition, number of players and of events."""
    game, setup = round_.game, round_.setup
    edition = game.editions[setup.edition].title
    return Text(
        f"{game.title} — {edition}, {setup.players} players, {plural(len(round_.events), 'event')}",
        style="bold",
    )


def describe_viewpoint(round_: Round) -> str:
    if round_.viewpoint is None:
        return "Public knowledge (no viewpoint)."
    seat = round_.viewpoint
    identity = round_.identity(seat)
    targets = " and ".join(
        f"the {target} ({pointer(index)})" for index, target in enumerate(identity.targets)
    )
    return (
        f"You are seat {seat}, holding {hand_name(round_.game, round_.hands[seat])}: "
        f"the {identity.name}, looking for {targets}."
    )


def identity_table(round_: Round, posterior: Posterior) -> Table:
    """Seats × identities: percent, ✓ when certain, · when impossible."""
    game = round_.game
    identities = sorted(
        {card.character for card, _ in round_.setup.cards},
        key=lambda name: game.characters[name].value,
    )
    facts = set(posterior.certain)
    table = Table(
        title="Who is who: the chance of each identity",
        caption="✓ certain   · impossible",
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("seat", no_wrap=True)
    for name in identities:
        table.add_column(name, justify="right", no_wrap=True)
    for seat, roles in posterior.roles.items():
        likeliest = max(roles.values())
        cells = []
        for name in identities:
            if Fact(seat, name, True) in facts:
                cells.append(Text("✓", style="bold green"))
            elif name not in roles:
                cells.append(Text("·", style="dim"))
            else:
                style = "bold" if roles[name] == likeliest else ""
                cells.append(Text(percent(roles[name]), style=style))
        table.add_row(seat_label(round_, seat), *cells)
    return table


def declaration_table(round_: Round, posterior: Posterior) -> Table:
    """The viewpoint's best declarations with a non-zero chance of being right."""
    targets = posterior.knowledge.targets
    ranked = [d for d in posterior.declarations() if d.probability > 0]
    board = ", ".join(f"{pointer(index)} {target}" for index, target in enumerate(targets))
    more = len(ranked) - SHOWN_DECLARATIONS
    table = Table(
        title=f"Best declarations ({board})",
        caption=f"… and {more} more, less likely" if more > 0 else None,
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("declaration")
    table.add_column("chance right", justify="right", no_wrap=True)
    for rank, declaration in enumerate(ranked[:SHOWN_DECLARATIONS], 1):
        chance = (
            Text("✓ certain", style="bold green")
            if declaration.certain
            else Text(percent(declaration.probability))
        )
        table.add_row(str(rank), describe_targets(declaration.targets, targets), chance)
    return table


def seat_label(round_: Round, seat: Seat) -> str:
    if seat == round_.viewpoint:
        return f"{seat} (you)"
    if round_.setup.is_neutral(seat):
        return f"{seat} (neutral)"
    return str(seat)


def render_hint(round_: Round, advice: Hint, top: int = SHOWN_ACTIONS) -> RenderableType:
    """The readable answer of ``hint``: where you stand, the best actions, the advice."""
    targets = advice.posterior.knowledge.targets
    best = advice.advice.best
    chance = "certain" if best.certain else f"{percent(best.probability)} right"
    parts: list[RenderableType] = [
        title_line(round_),
        Text(describe_viewpoint(round_)),
        Text(f"Best declaration now: {describe_targets(best.targets, targets)} — {chance}."),
        Text(
            f"Still unknown: {advice.entropy_bits:.2f} bits about who holds your targets "
            "(1 bit = what one fair yes/no answer tells)."
        ),
    ]
    live = [score for score in advice.actions if not score.dead]
    dead = [score for score in advice.actions if score.dead]
    if live:
        parts += ["", action_table(round_, live, top, targets)]
    if dead:
        parts += ["", Text(describe_dead(round_, dead), style="dim")]
    parts += ["", Text(f"Advice: {advice.advice.recommendation()}", style="bold")]
    return Group(*parts)


def action_table(
    round_: Round, scores: Sequence[ActionScore], top: int, targets: Sequence[str]
) -> Table:
    """The ``top`` most informative actions, each with what its outcomes would show."""
    shown = scores[:top]
    more = len(scores) - len(shown)
    title = f"the {plural(len(shown), 'best action')}" if more else plural(len(shown), "action")
    legend = [
        "learns: what the outcome is expected to tell about your targets, in bits.",
        "right after: the chance your best declaration is right once you know the outcome.",
        "Under each action: each outcome (its chance) → your best declaration then "
        "(the seat you would name for each target), and its chance.",
    ]
    if more:
        legend.append(f"… and {plural(more, 'more action')}, each telling less.")
    table = Table(
        title=Text(f"What to do next: {title}, most informative first"),
        caption=Text("\n".join(legend)),
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("#", justify="right")
    table.add_column("action")
    table.add_column("learns", justify="right", no_wrap=True)
    table.add_column("right after", justify="right", no_wrap=True)
    for rank, score in enumerate(shown, 1):
        cell = Text(describe_action(round_, score.action), style="bold")
        for part in score.reason().split("; "):
            tail = part.removesuffix(" more")  # the reason's tail: "3 more"
            line = f"… {plural(int(tail), 'more outcome')}" if tail.isdigit() else part
            cell.append(f"\n  {line}", style="dim")
        table.add_row(str(rank), cell, f"{score.gain_bits:.2f} bits", percent(score.best_after))
    return table


def describe_dead(round_: Round, scores: Sequence[ActionScore]) -> str:
    """One line for the actions whose outcome is already certain, grouped by seat."""
    peeks = [f"seat {s.action.target}" for s in scores if s.action.kind == "peek"]
    asked: dict[Seat, list[str]] = {}
    for score in scores:
        if score.action.question is not None:
            asked.setdefault(score.action.target, []).append(score.action.question)
    groups = [f"peek at {', '.join(peeks)}"] if peeks else []
    groups += [f"ask seat {seat} {', '.join(ids)}" for seat, ids in sorted(asked.items())]
    return (
        f"{plural(len(scores), 'action')} would teach nothing (the outcome is already certain): "
        + "; ".join(groups)
        + "."
    )


# -- why -----------------------------------------------------------------------------------


def render_reasons(round_: Round, reasons: dict[Fact, Explanation]) -> RenderableType:
    """``solve --why``: every certain fact about a seat whose hand is not known."""
    unknown = [reason for fact, reason in reasons.items() if fact.seat not in round_.hands]
    return reasons_render.render_reasons(unknown, TERMS.none)


def render_review(result: Review) -> RenderableType:
    """The readable answer of ``review``: per round who declared what with which
    chance, the points and mistakes, the notable moments; then totals and winners."""
    record = result.game
    setup = record.setup
    edition = record.game.editions[setup.edition].title
    rounds = len(record.rounds)
    state = "the game is over" if result.score.over else "an unfinished game"
    parts: list[RenderableType] = [
        Text(
            f"{record.game.title} — {edition}, {setup.players} players, "
            f"{plural(rounds, 'round')} ({state})",
            style="bold",
        ),
        Text(describe_winners(result), style="bold green"),
    ]
    for round_review in result.rounds:
        parts += ["", *render_review_round(round_review)]
    parts += ["", totals_table(result), Text(REVIEW_LEGEND, style="dim")]
    return Group(*parts)


def describe_winners(result: Review) -> str:
    """``Winner: seat 1 with 6 points.`` (ties: fewer mistakes, then shared)."""
    score = result.score
    winners = score.winners
    points = score.totals[winners[0]]
    mistakes = score.mistakes[winners[0]]
    tied = [seat for seat, total in score.totals.items() if total == points]
    ties = (
        f", ahead of {seats_in_words([s for s in tied if s not in winners])} on fewer mistakes"
        if len(tied) > len(winners)
        else ""
    )
    if len(winners) == 1:
        return f"Winner: seat {winners[0]} with {plural(points, 'point')}{ties}."
    return (
        f"Winners (shared): {seats_in_words(winners)} with {plural(points, 'point')} and "
        f"{plural(mistakes, 'mistake')} each{ties}."
    )


def render_review_round(round_review: RoundReview) -> list[RenderableType]:
    """One round: its heading, the declarations table, the shepherd's bonus, the moments."""
    round_ = round_review.round
    score = round_review.score
    heading = (
        f"Round {round_.number}: seat {round_.start} starts, {plural(len(round_.events), 'event')}"
    )
    neutral = [seat for seat in round_.hands if round_.setup.is_neutral(seat)]
    if neutral:
        heading += "; " + ", ".join(
            f"the neutral hand (seat {seat}) is the {round_.identity(seat).name}"
            for seat in neutral
        )
    if round_.blocked:
        heading += f"; red X: {seats_in_words(sorted(round_.blocked))}"
    table = Table(
        title=Text(heading, style="bold"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("seat", no_wrap=True)
    table.add_column("identity", no_wrap=True)
    table.add_column("declared", no_wrap=True)
    table.add_column("chance", no_wrap=True)
    table.add_column("certain", justify="right", no_wrap=True)
    table.add_column("points", justify="right", no_wrap=True)
    for seat, seat_review in round_review.seats.items():
        declared = seat_review.declared
        points = Text(str(score.points[seat]))
        if seat in score.mistakes:
            points.append(" ✗", style="bold red")
        made = Text("—", style="dim")
        if declared is not None:
            right = score.correct[seat]
            targets = round_.identity(seat).targets
            made = Text(f"{declared.when} {short_targets(declared.targets, targets)} ")
            made.append("✓" if right else "✗", style="bold green" if right else "bold red")
        chance = Text()
        if seat_review.declared_probability is not None:
            chance.append(exact_percent(seat_review.declared_probability))
            best = seat_review.best_probability
            if best is not None and best > seat_review.declared_probability + TOLERANCE:
                chance.append(f" (best {exact_percent(best)})", style="yellow")
        certain = seat_review.certain_at
        table.add_row(
            str(seat),
            seat_review.identity,
            made,
            chance,
            "—" if certain is None else str(certain),
            points,
        )
    parts: list[RenderableType] = [table]
    notes = []
    if score.mistakes:
        red = f" (red X: {seats_in_words(sorted(score.red))})" if score.red else ""
        noun = "Mistake" if len(score.mistakes) == 1 else "Mistakes"
        notes.append(f"{noun}: {seats_in_words(sorted(score.mistakes))}{red}.")
    notes += [
        f"Shepherd's bonus: seat {shepherd} +{len(fooled)} ({seats_in_words(fooled)} "
        "pointed > where it cried wolf)."
        for shepherd, fooled in score.bonus.items()
        if fooled
    ]
    parts += [Text(note) for note in notes]
    if round_review.moments:
        moments = Table.grid(padding=(0, 1, 0, 0))  # wrapped lines hang under the text
        moments.add_column(no_wrap=True)
        moments.add_column()
        for moment in round_review.moments:
            moments.add_row("•", describe_moment(moment))
        parts.append(moments)
    return parts


REVIEW_LEGEND = (
    "declared: early or final, each target's seat; ✓ right, ✗ wrong (a mistake marker; "
    "early, also a red X: no early declaration next round). chance: that the declaration "
    "was right, from the seat's own knowledge when it declared (best: the best "
    "declaration's chance then, when higher). certain: after how many events the seat's "
    "best declaration was certain (— never)."
)


def describe_moment(moment: Moment) -> str:
    """A notable moment in one line, without the round (the heading says it)."""
    sentence = moment.describe()
    for prefix in (f"Round {moment.round}, ", f"Round {moment.round}: "):
        if sentence.startswith(prefix):
            rest = sentence.removeprefix(prefix)
            return rest[:1].upper() + rest[1:]
    return sentence


def totals_table(result: Review) -> Table:
    """Points per round and in total, and mistake markers, one column per seat."""
    score = result.score
    seats = list(score.totals)
    table = Table(
        title=Text("Totals", style="bold"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("seat")
    for seat in seats:
        style = "bold green" if seat in score.winners else ""
        table.add_column(str(seat), justify="right", header_style=style, style=style)
    for round_review in result.rounds:
        points = round_review.score.points
        table.add_row(f"round {round_review.round.number}", *(str(points[s]) for s in seats))
    table.add_section()
    table.add_row("points", *(str(score.totals[s]) for s in seats), style="bold")
    table.add_row("mistakes", *(str(score.mistakes[s]) for s in seats))
    return table


# -- simulate ------------------------------------------------------------------------------


def report_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    table = Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for index, name in enumerate(columns):
        table.add_column(name, justify="left" if index == 0 else "right", no_wrap=index == 0)
    for row in rows:
        table.add_row(*row)
    return table


def render_report(report: Report) -> RenderableType:
    """The readable report of ``simulate``."""
    sim = report.simulation
    game = sim.deck.rules
    data = report.to_dict()
    edition = game.editions[sim.deck.edition].title
    per_game = data["rounds_per_game"]["mean"] or 0.0
    per_round = data["events_per_round"]["mean"] or 0.0
    parts: list[RenderableType] = [
        Text(
            f"Designer lab — {edition} ({sim.deck.label}), {sim.players} players: "
            f"{plural(report.games, 'game')}, {per_game:.1f} rounds a game, "
            f"{per_round:.1f} turns a round; bots {', '.join(sim.bots)}; seed {sim.seed}",
            style="bold",
        )
    ]
    identities = report.identities
    parts.append(
        report_table(
            "Declarations, per identity",
            ["identity", "rounds", "early", "right", "final", "right"],
            [
                [
                    name,
                    str(f.seat_rounds),
                    interval_text(f.early),
                    interval_text(f.early_right),
                    interval_text(f.final),
                    interval_text(f.final_right),
                ]
                for name, f in identities.items()
            ],
        )
    )
    parts.append(
        report_table(
            "Points and wins, per identity",
            ["identity", "points a round", "rounds won", "declarations right"],
            [
                [
                    name,
                    interval_text(f.points),
                    interval_text(f.round_wins),
                    interval_text(f.right),
                ]
                for name, f in identities.items()
            ],
        )
    )
    if sim.analyse:
        parts.append(
            report_table(
                "What its own knowledge allowed, per identity",
                ["identity", "became certain", "after (turns)", "forced guesses", "chance"],
                [
                    [
                        name,
                        interval_text(f.certain),
                        interval_text(f.certain_after, digits=1),
                        interval_text(f.forced_guesses),
                        interval_text(f.chance, percent=True),
                    ]
                    for name, f in identities.items()
                ],
            )
        )
    shepherd = report.shepherd
    if shepherd["bonus"].n:
        line = (
            f"The shepherd scores {interval_text(shepherd['bonus'])} bonus points "
            f"a round; {interval_text(shepherd['fooled'])} of the hunters' and hounds' "
            "declarations pointed > at a seat it had cried wolf on."
        )
        parts += [Text(line), ""]
    by_bot = report.by_bot()
    parts.append(
        report_table(
            "Per bot (over its seats)",
            ["bot", "games won", "points a game", "declarations right"],
            [
                [bot, interval_text(f.wins), interval_text(f.points), interval_text(f.right)]
                for bot, f in by_bot.items()
            ],
        )
    )
    parts.append(
        report_table(
            "Per seat",
            ["seat", "bot", "games won", "points a game"],
            [
                [str(seat), sim.seats[seat - 1], interval_text(f.wins), interval_text(f.points)]
                for seat, f in report.by_seat().items()
            ],
        )
    )
    notes = [
        "In brackets: 95% intervals (Wilson for shares, in %; Student t for means). rounds: the "
        "rounds a seat had that identity; early, final: the share of them with such a "
        "declaration; right: the share of those declarations that were right; points: per "
        "round; rounds won: the most points in the round (ties: fewer mistakes, then shared).",
    ]
    if sim.analyse:
        notes.append(
            "became certain: the share of its rounds in which its best declaration became "
            "certain from its own knowledge; after: the turns of the round until then; "
            "forced guesses: declarations neither certain nor improvable by any action left; "
            "chance: its own chance, when declaring, of being right (compare with right)."
        )
    if data["stalled_rounds"]:
        notes.append(
            f"{plural(data['stalled_rounds'], 'round')} ran out of patience "
            f"({PATIENCE} go-arounds): players had to declare."
        )
    parts += ["", *(Text(note, style="dim") for note in notes)]
    return Group(*parts)


def render_comparison(reports: Sequence[Report]) -> RenderableType:
    """The readable answer of ``compare``: one column per mix."""
    first = reports[0].simulation
    labels = [r.simulation.deck.label for r in reports]
    parts: list[RenderableType] = [
        Text(
            f"Designer lab — {', '.join(labels)}: {first.players} players, "
            f"{plural(reports[0].games, 'game')} each; bots {', '.join(first.bots)}; "
            f"seed {first.seed}",
            style="bold",
        )
    ]
    for label, report in zip(labels, reports, strict=True):
        data = report.to_dict()
        title = report.simulation.deck.rules.editions[report.simulation.deck.edition].title
        parts.append(
            Text(
                f"{label} ({title}): {data['rounds_per_game']['mean']:.1f} rounds a game, "
                f"{data['events_per_round']['mean']:.1f} turns a round"
            )
        )
    values = {
        name: r.simulation.deck.rules.characters[name].value
        for r in reversed(reports)
        for name in r.identities
    }
    identities = sorted(values, key=lambda name: values[name])
    tables: list[tuple[str, Callable[[Report, str], Proportion | Mean | None], bool]] = [
        ("Declarations right (early and final)", lambda r, n: r.identities[n].right, True),
        ("Points a round", lambda r, n: r.identities[n].points, False),
        ("Rounds won", lambda r, n: r.identities[n].round_wins, True),
    ]
    if first.analyse:
        tables += [
            ("Became certain", lambda r, n: r.identities[n].certain, True),
            ("Forced guesses", lambda r, n: r.identities[n].forced_guesses, True),
        ]
    for title, pick, share in tables:
        rows = [
            [name]
            + [
                interval_text(pick(r, name), share) if name in r.identities else "·"
                for r in reports
            ]
            for name in identities
        ]
        parts.append(report_table(f"{title}, per identity", ["identity", *labels], rows))
    shepherd = [
        ["bonus a round", *(interval_text(r.shepherd["bonus"]) for r in reports)],
        ["fell for it", *(interval_text(r.shepherd["fooled"]) for r in reports)],
    ]
    parts.append(report_table("The shepherd's bonus", ["", *labels], shepherd))
    bots = list(dict.fromkeys(first.seats))
    parts.append(
        report_table(
            "Points a game, per bot",
            ["bot", *labels],
            [[bot, *(interval_text(r.by_bot()[bot].points) for r in reports)] for bot in bots],
        )
    )
    parts.append(
        Text(
            "In brackets: 95% intervals (Wilson for shares, in %; Student t for means); "
            "· the mix deals no such identity. See `wooolf simulate --help` for the figures.",
            style="dim",
        )
    )
    return Group(*parts)
