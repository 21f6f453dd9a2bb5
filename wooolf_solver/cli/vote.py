"""``wooolf vote``: the ballot advice, every ballot the viewpoint may cast, best first."""

from __future__ import annotations

import argparse

from .. import api
from .session import (
    Session,
    command,
    engine_option,
    json_option,
    record_argument,
    speech_option,
    working,
)


@command(
    "vote",
    "whom to vote for: every ballot open to the viewpoint, by its chance to win",
    record_argument,
    json_option,
    engine_option,
    speech_option,
)
def vote_command(args: argparse.Namespace, session: Session) -> int:
    """Whom to vote for: every ballot the viewpoint may cast, with its chance to win
    if that ballot's choice is what happens, best first. The record needs a viewpoint."""
    _, record = session.load(args.record, "vote", args.speech)
    with working("vote"):
        advice = api.vote(record, engine=args.engine)
    if args.json:
        session.json(advice.to_dict())
    else:
        session.render("vote", advice)
    return 0
