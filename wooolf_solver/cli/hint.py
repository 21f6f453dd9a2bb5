"""``wooolf hint``: what to do next, every action ranked by what it would teach."""

from __future__ import annotations

import argparse

from .. import api
from .session import (
    Session,
    command,
    engine_option,
    json_option,
    memory_option,
    positive,
    progress,
    record_argument,
    speech_option,
)

SHOWN_ACTIONS = 8
"""How many actions ``hint`` lists by default (the JSON lists them all)."""


def top_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--top",
        type=positive,
        default=SHOWN_ACTIONS,
        metavar="N",
        help="how many actions the table lists (default: %(default)s; --json lists them all)",
    )


@command(
    "hint",
    "what to do next: every action open to the viewpoint, ranked by what it would teach",
    record_argument,
    json_option,
    top_option,
    engine_option,
    memory_option,
    speech_option,
)
def hint_command(args: argparse.Namespace, session: Session) -> int:
    """What to do next: every action open to the viewpoint, ranked by how much its
    outcome is expected to tell the viewpoint about what it is looking for, and whether
    to act now on what it knows. The record needs a viewpoint whose hand is known."""
    _, record = session.load(args.record, "hint", args.speech)
    with progress("hint", "classes of actions") as ticker:
        advice = api.hint(record, engine=args.engine, on_step=ticker.update)
    if args.json:
        session.json(advice.to_dict())
    else:
        session.render("hint", advice, top=args.top)
    return 0
