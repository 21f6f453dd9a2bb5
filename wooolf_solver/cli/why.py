"""``wooolf why``: why a fact is certain, in the fewest events and in sentences."""

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


def fact_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("seat", metavar="SEAT", help="a seat number")
    parser.add_argument("identity", metavar="IDENTITY", help="a role of the record's game")
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
    holds = not args.negated
    explanation = api.explain(record, seat, args.identity, holds, engine=args.engine)
    if args.json:
        session.json(explanation.to_dict())
        return 0
    if explanation.holds:
        session.render("why", explanation)
        return 0
    roles = api.solve(record, engine=args.engine).roles[seat]
    fact = explanation.fact
    possible = {name for name, chance in roles.items() if chance > 0}
    contrary = possible == {fact.identity} if args.negated else fact.identity not in possible
    chance = roles.get(fact.identity, 0.0)
    session.render("why", explanation, chance=chance, contrary=contrary)
    return 0
