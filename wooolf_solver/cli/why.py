"""``wooolf why``: whether a fact is certain and why, in the fewest events and in
sentences: the same verdict line and the same JSON in every game
(:mod:`wooolf_solver.core.reasons`)."""

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
    working,
)


def fact_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("seat", metavar="SEAT", help="a seat number")
    parser.add_argument(
        "identity",
        metavar="IDENTITY",
        help="a role of the record's game; games with claims also take `liar` (the seat's "
        "claim is false), and some a team as NAME-team",
    )
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
    memory_option,
    speech_option,
)
def why_command(args: argparse.Namespace, session: Session) -> int:
    """Whether the record makes it certain that SEAT is (with --not: is not) IDENTITY,
    and if so why: the fewest events that force it, each step in a sentence."""
    _, record = session.load(args.record, "why", args.speech)
    try:
        seat = int(args.seat)
    except ValueError:
        session.fail(f"seat: {args.seat!r} is not a seat number")
        return 2
    with working("why"):
        explanation = api.explain(record, seat, args.identity, not args.negated, engine=args.engine)
    if args.json:
        session.json(explanation.to_dict())
    else:
        session.render("why", explanation)
    return 0
