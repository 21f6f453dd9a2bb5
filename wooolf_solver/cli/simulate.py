"""``wooolf simulate`` and ``wooolf compare``: the designer lab, for the game ``--game``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ..games import find_game
from ..games.base import Lab
from ..lab.executors import make_executor
from ..lab.talking import TalkingLab
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


def deck_options(parser: argparse.ArgumentParser) -> None:
    cards = parser.add_mutually_exclusive_group()
    cards.add_argument("--edition", help="a built-in edition (default: the game's first)")
    cards.add_argument("--deck", metavar="FILE", help="a designer's deck file (.toml)")


def mix_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "mixes",
        nargs="+",
        metavar="MIX",
        help="a built-in edition of the game, or a designer's deck file",
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
    (report,) = run_lab(args, lab, [args.deck or args.edition or lab.default_mix], "simulate")
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
    `wooolf simulate` are put side by side: one column per mix."""
    session.game = find_game(args.game)
    lab = session.game.lab()
    reports = run_lab(args, lab, args.mixes, "compare")
    if args.json:
        mixes = {lab.label(report.simulation): report.to_dict() for report in reports}
        session.json({"version": 1, "mixes": mixes})
    else:
        session.render("compare", reports)
    return 0


def run_lab(args: argparse.Namespace, lab: Lab, mixes: Sequence[str], verb: str) -> tuple[Any, ...]:
    """Simulate every mix with the options of ``simulate`` / ``compare``, with progress
    on stderr, and write the plot; every option and output path is checked first."""
    spec = args.bots or lab.default_bots
    bots = tuple(part.strip() for part in spec.split(",") if part.strip())
    seed, analyse = str(args.seed), not args.quick
    if isinstance(lab, TalkingLab):
        simulations = lab.simulations(mixes, args.players, bots, seed, analyse, speech=args.speech)
    elif args.speech is not None:
        raise UsageError(f"--speech: the bots of {args.game} do not talk")
    else:
        simulations = lab.simulations(mixes, args.players, bots, seed, analyse)
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
