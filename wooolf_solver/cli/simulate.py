"""``wooolf simulate`` and ``wooolf compare``: the designer lab, for the game ``--game``."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from ..core.documents import shown
from ..games import find_game
from ..games.base import Lab
from ..lab.executors import make_executor
from ..lab.runner import PlayersError, bot_names, table_size
from ..lab.verdict import judged
from .session import (
    Session,
    UsageError,
    check_output_file,
    check_output_folder,
    command,
    game_option,
    json_option,
    memory_option,
    positive,
    progress,
)

ROLES_HELP = "the role mix, e.g. ROLE=2,OTHER=1,VILLAGER=5 (the player count follows)"


def deck_options(parser: argparse.ArgumentParser) -> None:
    cards = parser.add_mutually_exclusive_group()
    cards.add_argument("--edition", help="a built-in edition (default: the game's first)")
    cards.add_argument(
        "--deck",
        metavar="FILE",
        help="a designer's deck file (.toml), or a role list NAME=COPIES,... where the game "
        "takes one",
    )
    cards.add_argument("--roles", metavar="NAME=COPIES,...", help=ROLES_HELP)


def mix_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "mixes",
        nargs="*",
        metavar="MIX",
        help="a built-in edition of the game, a designer's deck file, or a role list "
        "NAME=COPIES,... where the game takes one",
    )
    parser.add_argument(
        "--roles",
        action="append",
        default=[],
        metavar="NAME=COPIES,...",
        help=f"{ROLES_HELP}; repeat it for several mixes",
    )


def lab_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=positive,
        metavar="N",
        help="players at the table (default: as many as the mix deals; a built-in edition "
        "needs it)",
    )
    parser.add_argument(
        "--games", type=positive, default=100, metavar="K", help="games (default: %(default)s)"
    )
    parser.add_argument(
        "--bots",
        metavar="BOT,...",
        help="bots seated round-robin from seat 1, each NAME or NAME:OPTION=VALUE:...; "
        "in games with roles also ROLE=NAME... or TEAM-team=NAME... for the seats dealt "
        "that role or team (default: the game's own; a wrong name lists them)",
    )
    parser.add_argument(
        "--speech",
        metavar="POLICY",
        help="how the talking bots' liars pick their stories (games whose players talk): "
        "mimic (the default: the speech model's story-teller), consistent (the story that "
        "best fits the claims heard) or cautious (a safe role, no details)",
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
    game_option(parser)


@command(
    "simulate",
    "designer lab: bots play many games; how solvable and balanced the deck is",
    deck_options,
    lab_options,
    json_option,
    memory_option,
)
def simulate_command(args: argparse.Namespace, session: Session) -> int:
    """Bots play many games of a deck (a built-in edition or a designer's file) and the
    report says, per identity, how often its answers were right, the
    points and rounds won, how soon a seat could be certain and how often it had to
    guess; the game's own figures; wins per seat and per bot. Every figure comes with a
    95% interval. The same seed gives the same report on any number of workers."""
    session.game = find_game(args.game)
    lab = session.game.lab()
    mix = args.roles or args.deck or args.edition or lab.default_mix
    (report,) = run_lab(args, lab, [mix], "simulate", roles=[args.roles] if args.roles else [])
    if args.json:
        session.json(report.to_dict())
    else:
        session.render("simulate", report)
    return 0


@command(
    "compare",
    "designer lab: several decks side by side, the same bots and seed for each",
    mix_arguments,
    lab_options,
    json_option,
    memory_option,
)
def compare_command(args: argparse.Namespace, session: Session) -> int:
    """Bots play the same number of games of every MIX (a built-in edition or a
    designer's deck file), with the same bots and seed, and the figures of
    `wooolf simulate` are put side by side: one column per mix, and each mix's verdict
    on its balance (the same as the workshop's page)."""
    session.game = find_game(args.game)
    lab = session.game.lab()
    if not args.mixes and not args.roles:
        raise UsageError("compare: name the mixes (MIX ... or --roles NAME=COPIES,...)")
    reports = run_lab(args, lab, [*args.mixes, *args.roles], "compare", roles=args.roles)
    judgements = {lab.label(report.simulation): judged(report.to_dict()) for report in reports}
    if args.json:
        session.json({"version": 1, "mixes": judgements})
    else:
        session.render("compare", reports)
        show_verdicts(session, judgements)
    return 0


def show_verdicts(session: Session, judgements: Mapping[str, Mapping[str, Any]]) -> None:
    """One line per mix: its verdict (:mod:`~wooolf_solver.lab.verdict`), when it has one
    (a mix labelled ``""``: the verdict alone)."""
    for label, figures in judgements.items():
        if "verdict" in figures:
            named = f", {label}" if label else ""
            session.show(Text(f"verdict{named}: {figures['verdict']['text']}"))


def players_for(lab: Lab, mix: str, players: int | None, game: str) -> int:
    """The table's size for ``mix``: ``--players``, or the count the mix implies
    (:func:`~wooolf_solver.lab.runner.table_size`); a disagreement, or neither, is
    refused in one line, in the command line's words."""
    try:
        return table_size(lab, mix, players)
    except PlayersError as error:
        if error.given is None:
            also = ", or give the mix as --roles NAME=COPIES,..." if lab.role_lists else ""
            raise UsageError(f"--players: needed for the {game} mix {shown(mix)}{also}") from None
        raise UsageError(
            f"--players: {players}, but the mix {shown(mix)} is for {error.implied} players "
            "(leave --players out to play it)"
        ) from None


def run_lab(
    args: argparse.Namespace,
    lab: Lab,
    mixes: Sequence[str],
    verb: str,
    roles: Sequence[str] = (),
) -> tuple[Any, ...]:
    """Simulate every mix with the options of ``simulate`` / ``compare``, with progress
    on stderr, and write the plot; every option and output path is checked first
    (``roles``: the mixes given as ``--roles``)."""
    if roles and not lab.role_lists:
        raise UsageError(f"--roles: the {args.game} lab takes an edition or a deck file")
    spec = args.bots or lab.default_bots
    bots = bot_names(spec)
    seed, analyse = str(args.seed), not args.quick
    if args.speech is not None and not lab.speech_policies:
        raise UsageError(f"--speech: the bots of {args.game} do not talk")
    simulations: list[Any] = []
    for mix in mixes:
        players = players_for(lab, mix, args.players, args.game)
        simulations += lab.simulations([mix], players, bots, seed, analyse, speech=args.speech)
    labels = [lab.label(simulation) for simulation in simulations]
    if len(set(labels)) < len(labels):
        raise UsageError(f"compare: two mixes share a name ({', '.join(labels)})")
    if args.plot:
        lab.check_plot(args.plot)
        check_output_file(args.plot, "--plot")
    if args.records:
        check_output_folder(args.records, "--records")
    executor = make_executor(args.workers, args.scheduler)
    with progress(verb, "games", args.games * len(simulations)) as ticker:
        reports = lab.run(simulations, args.games, executor, args.records, ticker.advance)
    if args.plot:
        lab.plot(reports, args.plot)
    return reports
