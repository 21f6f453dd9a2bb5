"""``wooolf solve``: who is who, exactly, from everything the record says."""

from __future__ import annotations

import argparse

from .. import api
from .session import (
    Session,
    command,
    engine_option,
    json_option,
    memory_option,
    record_argument,
    speech_option,
)


def why_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--why",
        action="store_true",
        help="after the table, say why each certain fact is certain (the events that force it)",
    )


@command(
    "solve",
    "who is who: every seat's chance of each role, and what is certain",
    record_argument,
    json_option,
    engine_option,
    memory_option,
    why_option,
    speech_option,
)
def solve_command(args: argparse.Namespace, session: Session) -> int:
    """Who is who: for every seat the chance of each identity, what is certain, and the
    viewpoint's best answers, exactly, from everything the record says."""
    if args.json and args.why:
        session.fail("--why explains the readable answer; it cannot be used with --json")
        return 2
    _, record = session.load(args.record, "solve", args.speech)
    posterior = api.solve(record, engine=args.engine)
    if args.json:
        session.json(posterior.to_dict())
        return 0
    session.render("solve", posterior)
    if args.why:
        session.render("solve-why", api.explanations(record, engine=args.engine))
    return 0
