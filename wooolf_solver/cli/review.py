"""``wooolf review``: a played game replayed from every seat, and its HTML page."""

from __future__ import annotations

import argparse

from .. import api
from .session import (
    SYSTEM_ERROR,
    Session,
    UsageError,
    check_output_file,
    command,
    engine_option,
    json_option,
    memory_option,
    progress,
    speech_option,
    write_atomically,
)


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
    memory_option,
    speech_option,
)
def review_command(args: argparse.Namespace, session: Session) -> int:
    """Replay a recorded game (every hand revealed) from every player's own knowledge:
    when each player's best answer became certain, how likely each answer was when it
    was given, the gambles, the certainty left unused, the lies and whom they misled,
    and the scores. --html also writes a page with a plot per round."""
    page = check_output_file(args.html, "--html") if args.html else None
    game, record = session.load(args.game, "review", args.speech)
    with progress("review", "seat rounds") as ticker:
        result = api.review(record, engine=args.engine, on_step=ticker.update)
    if page is not None:
        html = game.render("review-html", record, result)
        if not isinstance(html, str):
            raise UsageError(f"--html: {game.title} has no HTML review")
        try:
            write_atomically(page, html)
        except OSError as error:  # the path was checked before the run: the system failed
            why = f"--html: cannot write {args.html}: {error.strerror or error}"
            session.fail(why, status=SYSTEM_ERROR)
            return SYSTEM_ERROR
    if args.json:
        session.json(result.to_dict())
        return 0
    session.render("review", result)
    if page is not None:
        session.console.print(f"\nThe report is in {args.html}.", soft_wrap=True)  # unbroken
    return 0
