"""``wooolf balance``: a role mix's balance figures, from the game's ``balance`` hook."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import api
from ..games import available, find_game
from ..lab.verdict import judged
from .session import Session, UsageError, command, json_option, positive, progress
from .simulate import show_verdicts


def mix_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "deck", nargs="?", metavar="DECK", help="a designer's deck file (or use --roles)"
    )
    parser.add_argument(
        "--roles",
        metavar="NAME=COPIES,...",
        help="the role mix, e.g. ROLE=2,OTHER=5, or a built-in edition's name",
    )
    parser.add_argument(
        "--players",
        type=positive,
        metavar="N",
        help="players at the table: an edition's deck for N (a mix must deal for N)",
    )
    parser.add_argument(
        "--parity",
        action="store_true",
        help="the parity variant: the other side wins when it is at least as many",
    )
    parser.add_argument(
        "--game",
        choices=list(available()),
        default=None,
        help="the game (default: the first of `wooolf games` that answers `balance` and "
        "`moderate`: a role mix is a moderator's deck)",
    )


def balance_game(name: str | None) -> str:
    """The game named, or the first of the registry that answers ``balance`` and
    ``moderate`` (a role mix is a moderator's deck; a game without one is named)."""
    if name is not None:
        return name
    for game in available():
        if {"balance", "moderate"} <= find_game(game).verbs:
            return game
    raise UsageError("balance: no game of the registry answers `balance`")


@command(
    "balance",
    "a role mix's balance: card points and an exact baseline win probability",
    mix_options,
    json_option,
)
def balance_command(args: argparse.Namespace, session: Session) -> int:
    """A role mix's balance figures, exactly, as the game defines them (for example
    a card-point sum and an exact win probability when every choice is drawn at
    random): the mix as --roles NAME=COPIES,..., a built-in edition (--roles NAME, with
    --players N) or a designer's deck file. When the figures give each team's exact
    chance (``teams``), the verdict on them too."""
    if (args.roles is None) == (args.deck is None):
        raise UsageError("balance: give the mix as --roles NAME=COPIES,... or as a deck file")
    name = balance_game(args.game)
    session.game = find_game(name)
    deck = Path(args.deck) if args.deck is not None else None
    with progress("balance", "deals") as ticker:
        result = api.balance(
            name, args.roles, deck, args.parity, on_step=ticker.update, players=args.players
        )
    figures = judged(result.to_dict())
    if args.json:
        session.json(figures)
    else:
        session.render("balance", result)
        show_verdicts(session, {"": figures})
    return 0
