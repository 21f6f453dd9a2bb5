"""``wooolf games``: the games the library plays, from the registry."""

from __future__ import annotations

import argparse

from rich.table import Table

from ..games import available, find_game
from .session import Session, command, json_option


@command("games", "the games this solver plays: their engines and verbs", json_option)
def games_command(args: argparse.Namespace, session: Session) -> int:
    """The games this solver plays (a record's `game:` field names one), each with its
    engines (the default first) and the verbs it answers."""
    described = [find_game(name).describe() for name in available()]
    if args.json:
        session.json({"games": described})
        return 0
    table = Table(title="Games", title_justify="left")
    for column in ("name", "title", "engines", "verbs"):
        table.add_column(column)
    for game in described:
        table.add_row(
            game["name"], game["title"], ", ".join(game["engines"]), ", ".join(game["verbs"])
        )
    session.show(table)
    return 0
