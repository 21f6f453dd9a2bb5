"""The ``wooolf`` command: a thin shell over the library, and the only module that prints.

Every subcommand is one function registered with :func:`command`; it reads its
arguments, calls the library and prints through the :class:`Session`, which also
turns the library's errors into one line and an exit status (0 fine, 1 the record
contradicts itself, 2 bad input).

>>> main(["--version"])
wooolf 0.1.0
0
>>> main(["solve", "no-such-record.yaml"])
2
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .core.errors import EventId, InconsistentRecordError
from .core.errors import SolverError as WooolfError
from .core.posterior import Fact
from .core.version import __version__
from .games.wooolf.bots import BOTS
from .games.wooolf.engines import ENGINES
from .games.wooolf.explain import Explanation, explain, explanations
from .games.wooolf.game import GameRecord
from .games.wooolf.hints import Action, ActionScore, Hint, hint
from .games.wooolf.lab import Deck, Report, Simulation, compare
from .games.wooolf.posterior import NOBODY, describe_targets
from .games.wooolf.posterior import RoundPosterior as Posterior
from .games.wooolf.record import Ask, Declare, Event, Peek, Round
from .games.wooolf.review import TOLERANCE, Moment, Review, RoundReview, review
from .games.wooolf.review import percent as exact_percent
from .games.wooolf.rules import Card, Game, Seat
from .games.wooolf.solver import solve
from .games.wooolf.table import PATIENCE
from .lab.executors import make_executor
from .lab.stats import Mean, Proportion

PROG = "wooolf"

SHOWN_DECLARATIONS = 5
"""How many declarations the readable output lists (the JSON lists them all)."""

SHOWN_ACTIONS = 8
"""How many actions ``hint`` lists by default (the JSON lists them all)."""


def pointer(index: int) -> str:
    """The suspicion board's pointer for the target at ``index``: ``>``, ``>>``, ..."""
    return ">" * (index + 1)


# -- running a command ---------------------------------------------------------------------


class Session:
    """One run of a command: it loads records, prints, and, used as a context, turns
    the library's errors into one line and an exit status in :attr:`status`."""

    def __init__(self, json_output: bool = False) -> None:
        self.json_output = json_output
        self.console = Console(highlight=False, emoji=False)
        self.round: Round | None = None
        self.status = 0

    def load(self, path: str) -> Round:
        """Read a round record (kept to describe its events in messages)."""
        self.round = Round.load(Path(path))
        return self.round

    def json(self, data: Any) -> None:
        print(json.dumps(data, ensure_ascii=False))

    def show(self, *renderables: RenderableType) -> None:
        self.console.print(*renderables)

    def fail(self, message: str, status: int = 2) -> None:
        print(f"{PROG}: error: {' '.join(message.split())}", file=sys.stderr)
        self.status = status

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> bool:
        if isinstance(error, InconsistentRecordError):
            if self.json_output:
                self.json({"consistent": False, "conflict": list(error.conflict)})
            else:
                print(describe_conflict(self.round, error.conflict))
            self.status = 1
            return True
        if isinstance(error, WooolfError | ValueError):
            self.fail(str(error))
            return True
        if isinstance(error, ImportError):  # an engine's optional package is missing
            self.fail(f"cannot load {error.name or 'a module'}: {error}")
            return True
        if isinstance(error, KeyboardInterrupt):
            self.fail("interrupted", status=130)
            return True
        return False


Runner = Callable[[argparse.Namespace, Session], int]
Option = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, one-line help, options and the function that runs it."""

    name: str
    help: str
    options: tuple[Option, ...]
    run: Runner


COMMANDS: dict[str, Command] = {}
"""The subcommands, in the order ``wooolf --help`` lists them."""


def command(name: str, help: str, *options: Option) -> Callable[[Runner], Runner]:
    """Register a subcommand: its runner's docstring becomes its description."""

    def register(run: Runner) -> Runner:
        COMMANDS[name] = Command(name, help, options, run)
        return run

    return register


def record_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", metavar="RECORD", help="a round record (.yaml or .json)")


def json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help="print JSON (the solver output contract) instead of tables",
    )


def engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        choices=list(ENGINES),
        default=next(iter(ENGINES)),
        help="the counting engine (default: %(default)s; all give the same answers)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Exact deduction for Wooolf!! (狼來了) and its variants."
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for spec in COMMANDS.values():
        sub = commands.add_parser(spec.name, help=spec.help, description=spec.run.__doc__)
        for option in spec.options:
            option(sub)
        sub.set_defaults(run=spec.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``wooolf`` with ``argv`` (default: the command line); return the exit status."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exit_:  # --help, --version and usage errors
        code = exit_.code
        return code if isinstance(code, int) else 0 if code is None else 2
    run: Runner = args.run
    try:
        with Session(json_output=getattr(args, "json", False)) as session:
            session.status = run(args, session)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader left early (`wooolf solve ... | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return session.status


# -- solve ---------------------------------------------------------------------------------


def why_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--why",
        action="store_true",
        help="after the table, say why each certain fact is certain (the events that force it)",
    )


@command(
    "solve",
    "who is who: identities, certainties and the best declarations",
    record_argument,
    json_option,
    engine_option,
    why_option,
)
def solve_command(args: argparse.Namespace, session: Session) -> int:
    """Who is who: for every seat the chance of each identity, what is certain, and the
    viewpoint's best declarations, exactly, from everything the record says."""
    if args.json and args.why:
        session.fail("--why explains the readable answer; it cannot be used with --json")
        return 2
    round_ = session.load(args.record)
    posterior = solve(round_, engine=args.engine)
    if args.json:
        session.json(posterior.to_dict())
        return 0
    session.show(render_solve(round_, posterior))
    if args.why:
        session.show(render_reasons(round_, explanations(round_, engine=args.engine)))
    return 0


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


def hand_name(game: Game, hand: Sequence[Card]) -> str:
    """A hand in words, the card that gives the identity first."""
    cards = sorted(hand, key=lambda card: -game.characters[card.character].value)
    return " + ".join(card.name for card in cards)


def plural(count: int, noun: str) -> str:
    """``1 event``, ``2 events``, ``1,560 deals``."""
    return f"{count:,} {noun}{'s' * (count != 1)}"


def percent(probability: float) -> str:
    """A probability that is neither 0 nor 1, in percent; never shown as 0% or 100%.

    >>> percent(0.5230769), percent(0.9999), percent(0.00001)
    ('52.3%', '>99.9%', '<0.1%')
    """
    if probability > 0.9995:
        return ">99.9%"
    if probability < 0.0005:
        return "<0.1%"
    return f"{probability:.1%}"


# -- hint ----------------------------------------------------------------------------------


def top_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--top",
        type=positive,
        default=SHOWN_ACTIONS,
        metavar="N",
        help="how many actions the table lists (default: %(default)s; --json lists them all)",
    )


def positive(text: str) -> int:
    """A whole number of at least 1, for ``--top``."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


@command(
    "hint",
    "what to do next: every peek and question ranked, and when to declare",
    record_argument,
    json_option,
    top_option,
    engine_option,
)
def hint_command(args: argparse.Namespace, session: Session) -> int:
    """What to do next: every action open to the viewpoint (a peek at each other seat,
    each question card to each other player), ranked by how much its outcome is
    expected to tell about who holds the viewpoint's targets, and whether to declare
    early now. The record needs a viewpoint whose hand is known."""
    round_ = session.load(args.record)
    advice = hint(round_, engine=args.engine)
    if args.json:
        session.json(advice.to_dict())
    else:
        session.show(render_hint(round_, advice, args.top))
    return 0


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


def describe_action(round_: Round, action: Action) -> str:
    """An action in words: ``peek at seat 4``, ``ask seat 1: Is your identity ...?``."""
    if action.question is None:
        return action.describe()
    question = round_.game.questions[action.question]
    return f"ask seat {action.target}: “{question.text}”"


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


def fact_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("seat", metavar="SEAT", help="a seat number")
    parser.add_argument("identity", metavar="IDENTITY", help="an identity, e.g. shepherd")
    parser.add_argument(
        "--not",
        dest="negated",
        action="store_true",
        help="ask why SEAT is certainly NOT IDENTITY",
    )


@command(
    "why",
    "why a fact is certain: the fewest events that force it, in sentences",
    record_argument,
    fact_arguments,
    json_option,
    engine_option,
)
def why_command(args: argparse.Namespace, session: Session) -> int:
    """Whether the record makes it certain that SEAT is (with --not: is not) IDENTITY,
    and if so why: the fewest events that force it, each step in a sentence."""
    round_ = session.load(args.record)
    try:
        seat = int(args.seat)
    except ValueError:
        session.fail(f"seat: {args.seat!r} is not a seat number")
        return 2
    holds = not args.negated
    explanation = explain(round_, seat, args.identity, holds, engine=args.engine)
    if args.json:
        session.json(explanation.to_dict())
        return 0
    if explanation.holds:
        session.show(render_why(explanation))
        return 0
    roles = solve(round_, engine=args.engine).roles[seat]
    fact = explanation.fact
    possible = {name for name, chance in roles.items() if chance > 0}
    contrary = possible == {fact.identity} if args.negated else fact.identity not in possible
    chance = roles.get(fact.identity, 0.0)
    session.show(render_why(explanation, chance, contrary))
    return 0


def render_why(
    explanation: Explanation, chance: float | None = None, contrary: bool = False
) -> RenderableType:
    """The verdict and, when the fact is certain, the sentences that show it.

    For a fact that is not certain: ``chance`` is the chance that the seat is the
    identity, and ``contrary`` whether the opposite fact is certain."""
    fact = explanation.fact
    if explanation.holds:
        events = explanation.events
        if not events:
            how = "the deck and the known hands force it"
        elif len(events) == 1:
            how = f"event {events[0]} forces it"
        else:
            how = f"events {join_numbers(events)} force it"
        verdict = Text(f"Yes, it is certain: {fact} ({how}).", style="bold green")
        return Group(verdict, "", *(Text(sentence) for sentence in explanation.sentences))
    if contrary:
        opposite = Fact(fact.seat, fact.identity, not fact.holds)
        flag = "leave out --not" if opposite.holds else "add --not"
        return Text(
            f"No: on the contrary, it is certain that {opposite} ({flag} to see why).",
            style="bold",
        )
    line = f"No, it is not certain that {fact}"
    if chance is not None:
        line += f": seat {fact.seat} is the {fact.identity} with chance {percent(chance)}"
    return Text(line + ".", style="bold")


def render_reasons(round_: Round, reasons: dict[Fact, Explanation]) -> RenderableType:
    """``solve --why``: every certain fact about a seat whose hand is not known, with
    the events that force it and the sentences, compactly (a sentence that opens
    every explanation, such as the deck, is said once)."""
    shown = [
        reasons[fact]
        for fact in sorted(reasons, key=lambda f: (not f.holds, f.seat, f.identity))
        if fact.seat not in round_.hands and reasons[fact].holds
    ]
    if not shown:
        return Group("", Text("Nothing about the unknown hands is certain yet."))
    steps = [list(reason.sentences) for reason in shown]
    for sentences, reason in zip(steps, shown, strict=True):
        if sentences and sentences[-1] == f"So {reason.fact}.":
            sentences.pop()
    openings = {sentences[0] for sentences in steps if sentences}
    common = openings.pop() if len(openings) == 1 and all(steps) else None
    parts: list[RenderableType] = [
        "",
        Text("Why: the fewest events that force each certain fact", style="bold"),
    ]
    if common is not None:
        parts.append(Text(common))
    for sentences, reason in zip(steps, shown, strict=True):
        events = reason.events
        numbers = (
            f"{'event' if len(events) == 1 else 'events'} {join_numbers(events)}"
            if events
            else "the deck alone"
        )
        parts.append(Text(f"• {reason.fact} — {numbers}", style="green"))
        for sentence in sentences[1:] if common is not None else sentences:
            parts.append(Padding(Text(sentence), (0, 0, 0, 4), expand=False))
    return Group(*parts)


def join_numbers(numbers: Sequence[EventId]) -> str:
    """``3``, ``3 and 4``, ``1, 3 and 4``."""
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" and {words[-1]}"


# -- review --------------------------------------------------------------------------------


def game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", metavar="GAME", help="a game record (.yaml or .json): every round revealed"
    )


def html_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--html",
        metavar="FILE",
        help="also write the review as one self-contained HTML page (plots included)",
    )


@command(
    "review",
    "replay a recorded game from every seat: scores, certainty, gambles, lies",
    game_argument,
    json_option,
    html_option,
    engine_option,
)
def review_command(args: argparse.Namespace, session: Session) -> int:
    """Replay a recorded game (every hand revealed) from every player's own knowledge:
    when each best declaration became certain, how likely each declaration was when it
    was made, the gambles, the certainty left unused, the shepherd's lies and whom they
    misled, and the scores. --html also writes a page with a plot per round."""
    record = GameRecord.load(args.game)
    result = review(record, engine=args.engine)
    if args.html:
        from .games.wooolf.report import html_report  # noqa: PLC0415 (matplotlib: only for a page)

        try:
            write_atomically(Path(args.html), html_report(result))
        except OSError as error:
            session.fail(f"--html: cannot write {args.html}: {error.strerror or error}")
            return 2
    if args.json:
        session.json(result.to_dict())
        return 0
    session.show(render_review(result))
    if args.html:
        session.console.print(f"\nThe report is in {args.html}.", soft_wrap=True)  # unbroken
    return 0


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and
    :func:`os.replace`, so ``path`` is never seen half written."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


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
        f", ahead of {join_seats([s for s in tied if s not in winners])} on fewer mistakes"
        if len(tied) > len(winners)
        else ""
    )
    if len(winners) == 1:
        return f"Winner: seat {winners[0]} with {plural(points, 'point')}{ties}."
    return (
        f"Winners (shared): {join_seats(winners)} with {plural(points, 'point')} and "
        f"{plural(mistakes, 'mistake')} each{ties}."
    )


def join_seats(seats: Sequence[Seat]) -> str:
    """``seat 3``, ``seats 2, 4 and 5``."""
    return ("seat " if len(seats) == 1 else "seats ") + join_numbers(seats)


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
        heading += f"; red X: {join_seats(sorted(round_.blocked))}"
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
        red = f" (red X: {join_seats(sorted(score.red))})" if score.red else ""
        noun = "Mistake" if len(score.mistakes) == 1 else "Mistakes"
        notes.append(f"{noun}: {join_seats(sorted(score.mistakes))}{red}.")
    notes += [
        f"Shepherd's bonus: seat {shepherd} +{len(fooled)} ({join_seats(fooled)} "
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


def short_targets(pointers: Sequence[Seat], targets: Sequence[str]) -> str:
    """A declaration in short: ``wolf 6, hound 1``, ``no sheep``.

    >>> short_targets((6, 0), ("wolf", "hound"))
    'wolf 6, no hound'
    """
    return ", ".join(
        f"{target} {seat}" if seat != NOBODY else f"no {target}"
        for seat, target in zip(pointers, targets, strict=True)
    )


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


def deck_options(parser: argparse.ArgumentParser) -> None:
    cards = parser.add_mutually_exclusive_group()
    cards.add_argument(
        "--edition", default="basic", help="a built-in edition (default: %(default)s)"
    )
    cards.add_argument("--deck", metavar="FILE", help="a designer's deck file (.toml)")


def mix_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "mixes",
        nargs="+",
        metavar="MIX",
        help="a built-in edition (basic, advanced) or a designer's deck file (.toml)",
    )


def lab_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players", type=positive, required=True, metavar="N", help="players at the table"
    )
    parser.add_argument(
        "--games", type=positive, default=100, metavar="K", help="games (default: %(default)s)"
    )
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="BOT,...",
        help="bots seated round-robin from seat 1, each NAME or NAME:OPTION=VALUE:... "
        f"(bots: {', '.join(BOTS)}; e.g. greedy:early=0.8,random; default: %(default)s)",
    )
    parser.add_argument("--seed", default="0", help="the same seed gives the same games")
    parser.add_argument(
        "--workers", type=positive, metavar="W", help="local processes (default: one per core)"
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the games on a Dask cluster (e.g. tcp://scheduler:8786; extra `lab`)",
    )
    parser.add_argument("--records", metavar="DIR", help="write every game's record there")
    parser.add_argument("--plot", metavar="FILE", help="a bar chart (.png, .svg or .pdf)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="leave out the figures that replay each seat with the solver (faster)",
    )


@command(
    "simulate",
    "designer lab: bots play many games; how solvable and balanced the deck is",
    deck_options,
    lab_options,
    json_option,
)
def simulate_command(args: argparse.Namespace, session: Session) -> int:
    """Bots play many games of a deck (a built-in edition or a designer's file) and the
    report says, per identity, how often declarations were right, early or final, the
    points and rounds won, how soon a seat could be certain and how often it had to
    guess; the shepherd's bonus; wins per seat and per bot. Every figure comes with a
    95% interval. The same seed gives the same report on any number of workers."""
    deck = Deck.load(args.deck) if args.deck else Deck.of(args.edition)
    reports = run_lab(args, session, [deck])
    if reports is None:
        return 2
    (report,) = reports
    if args.json:
        session.json(report.to_dict())
    else:
        session.show(render_report(report))
    return 0


@command(
    "compare",
    "designer lab: several decks side by side, the same bots and seed for each",
    mix_arguments,
    lab_options,
    json_option,
)
def compare_command(args: argparse.Namespace, session: Session) -> int:
    """Bots play the same number of games of every MIX (a built-in edition or a
    designer's deck file), with the same bots and seed, and the figures of
    `wooolf simulate` are put side by side: one column per mix."""
    decks = [Deck.of(mix) for mix in args.mixes]
    labels = [deck.label for deck in decks]
    if len(set(labels)) < len(labels):
        session.fail(f"compare: two mixes share a name ({', '.join(labels)})")
        return 2
    reports = run_lab(args, session, decks)
    if reports is None:
        return 2
    if args.json:
        session.json(
            {"version": 1, "mixes": {r.simulation.deck.label: r.to_dict() for r in reports}}
        )
    else:
        session.show(render_comparison(reports))
    return 0


def run_lab(
    args: argparse.Namespace, session: Session, decks: Sequence[Deck]
) -> tuple[Report, ...] | None:
    """Simulate every deck with the options of ``simulate`` / ``compare``, with a
    progress bar, and write the plot; ``None`` (after a message) when it cannot run."""
    bots = tuple(spec.strip() for spec in args.bots.split(",") if spec.strip())
    simulations = [
        Simulation(deck, args.players, bots, str(args.seed), analyse=not args.quick)
        for deck in decks
    ]
    for simulation in simulations:
        simulation.check()
    if args.plot:
        from .games.wooolf.plots import check_path, report_figure, save_figure  # noqa: PLC0415

        check_path(args.plot)
    executor = make_executor(args.workers, args.scheduler)
    try:
        with progress_bar(args.games * len(simulations), "games") as advance:
            reports = compare(
                simulations, args.games, executor, records=args.records, on_game=advance
            )
        if args.plot:
            save_figure(report_figure(reports), args.plot)
    except OSError as error:  # a folder or file that cannot be written, a cluster not reached
        session.fail(f"cannot run the simulation: {error}")
        return None
    return reports


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Callable[[object], None]]:
    """A progress bar on stderr (only on a terminal); yields the function to call after
    each item."""
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(what, total=total)
        yield lambda _item: progress.advance(task)


def figure_text(figure: Proportion | Mean | None, share: bool = True, digits: int = 2) -> str:
    """A figure and its 95% interval: ``62% (48–74)``, ``1.67 (0.23–3.10)``; ``–`` for none.

    >>> figure_text(Proportion.of(31, 50)), figure_text(Mean.of([1.0, 2.0, 2.0]), share=False)
    ('62% (48–74)', '1.67 (0.23–3.10)')
    """
    if figure is None or figure.value is None:
        return "–"
    if share:
        shown = f"{figure.value:.0%}"
        if figure.low is None or figure.high is None:
            return shown
        return f"{shown} ({figure.low * 100:.0f}–{figure.high * 100:.0f})"
    shown = f"{figure.value:.{digits}f}"
    if figure.low is None or figure.high is None:
        return shown
    return f"{shown} ({figure.low:.{digits}f}–{figure.high:.{digits}f})"


def report_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
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
    per_game = data["rounds_per_game"]["value"] or 0.0
    per_round = data["events_per_round"]["value"] or 0.0
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
                    figure_text(f.early),
                    figure_text(f.early_right),
                    figure_text(f.final),
                    figure_text(f.final_right),
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
                    figure_text(f.points, share=False),
                    figure_text(f.round_wins),
                    figure_text(f.right),
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
                        figure_text(f.certain),
                        figure_text(f.certain_after, share=False, digits=1),
                        figure_text(f.forced_guesses),
                        figure_text(f.chance),
                    ]
                    for name, f in identities.items()
                ],
            )
        )
    shepherd = report.shepherd
    if shepherd["bonus"].n:
        line = (
            f"The shepherd scores {figure_text(shepherd['bonus'], share=False)} bonus points "
            f"a round; {figure_text(shepherd['fooled'])} of the hunters' and hounds' "
            "declarations pointed > at a seat it had cried wolf on."
        )
        parts += [Text(line), ""]
    by_bot = report.by_bot()
    parts.append(
        report_table(
            "Per bot (over its seats)",
            ["bot", "games won", "points a game", "declarations right"],
            [
                [bot, figure_text(f.wins), figure_text(f.points, share=False), figure_text(f.right)]
                for bot, f in by_bot.items()
            ],
        )
    )
    parts.append(
        report_table(
            "Per seat",
            ["seat", "bot", "games won", "points a game"],
            [
                [str(seat), sim.seats[seat - 1], figure_text(f.wins), figure_text(f.points, False)]
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
                f"{label} ({title}): {data['rounds_per_game']['value']:.1f} rounds a game, "
                f"{data['events_per_round']['value']:.1f} turns a round"
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
            + [figure_text(pick(r, name), share) if name in r.identities else "·" for r in reports]
            for name in identities
        ]
        parts.append(report_table(f"{title}, per identity", ["identity", *labels], rows))
    shepherd = [
        ["bonus a round", *(figure_text(r.shepherd["bonus"], False) for r in reports)],
        ["fell for it", *(figure_text(r.shepherd["fooled"]) for r in reports)],
    ]
    parts.append(report_table("The shepherd's bonus", ["", *labels], shepherd))
    bots = list(dict.fromkeys(first.seats))
    parts.append(
        report_table(
            "Points a game, per bot",
            ["bot", *labels],
            [[bot, *(figure_text(r.by_bot()[bot].points, False) for r in reports)] for bot in bots],
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


# -- messages ------------------------------------------------------------------------------


def describe_event(round_: Round, event: Event) -> str:
    """An event in words, as the record's viewpoint knows it."""
    if isinstance(event, Peek):
        if event.sees is not None and event.seat == round_.viewpoint:
            return f"seat {event.seat} peeked at seat {event.target} and saw {event.sees.name}"
        return f"seat {event.seat} peeked at seat {event.target} and said {event.says}"
    if isinstance(event, Ask):
        answer = "yes" if event.answer else "no"
        return f"seat {event.seat} asked seat {event.target} {event.question}: {answer}"
    if isinstance(event, Declare):
        return f"seat {event.seat} declared early"
    raise TypeError(f"not an event: {event!r}")


def describe_conflict(round_: Round | None, conflict: Sequence[EventId]) -> str:
    """One line naming the events that cannot all hold."""
    if not conflict:
        return f"{PROG}: the record contradicts itself: no deal fits the known hands."
    named = [
        f"event {number} ({describe_event(round_, round_.events[number - 1])})"
        if round_ is not None and isinstance(number, int)
        else f"event {number}"
        for number in conflict
    ]
    if len(named) == 1:
        return f"{PROG}: the record contradicts itself: {named[0]} cannot hold."
    listed = ", ".join(named[:-1]) + f" and {named[-1]}"
    both = "both" if len(named) == 2 else "all"
    return f"{PROG}: the record contradicts itself: {listed} cannot {both} hold."
