"""``wooolf moderate``: the moderator's assistant at a real table, in the terminal.

It asks, in the game's order, what the moderator must learn (each card, then who
wakes and what they choose), reads one answer a line, prints what to show and
announce, and ends with the winner. ``u`` takes the last answer back, ``q`` (or the
end of the input) stops. With ``--save PATH`` the session is written after every
answer and resumed when the file exists; ``--record PATH`` also writes the game record
so far (every card, every event: what ``wooolf review`` reads).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..core.documents import read_document
from ..core.errors import SolverError
from ..games import available, find_game
from ..games.base import Moderation
from .session import Session, UsageError, check_output_file, command, positive, write_atomically

UNDO, QUIT = "u", "q"


def moderate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=positive, metavar="N", help="players at the table")
    parser.add_argument(
        "--roles", metavar="NAME=COPIES,...", help="the deck (default: the game's own for N)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seeds the moderator's own draws")
    parser.add_argument(
        "--save", metavar="PATH", help="save the session after every answer; resume it if it exists"
    )
    parser.add_argument("--record", metavar="PATH", help="write the game record as it goes")
    parser.add_argument(
        "--game",
        choices=list(available()),
        default=None,
        help="the game (default: the first of `wooolf games` that answers `moderate`)",
    )


def moderate_game(name: str | None, saved: dict[str, Any] | None) -> str:
    if name is not None:
        return name
    if saved is not None and isinstance(saved.get("game"), str):
        return str(saved["game"])
    for game in available():
        if "moderate" in find_game(game).verbs:
            return game
    raise UsageError("moderate: no game of the registry answers `moderate`")


@command(
    "moderate", "the moderator's assistant: the night script, the dead, the votes", moderate_options
)
def moderate_command(args: argparse.Namespace, session: Session) -> int:
    """Moderate a game at a real table: the assistant asks each card, then the night
    script in order, and says what to show and announce, counts the ballots and checks
    the end. Answer with a seat number (or a listed word, or its first letters); `u`
    undoes the last answer, `q` stops (resume later with the same --save)."""
    save = check_output_file(args.save, "--save") if args.save else None
    record = check_output_file(args.record, "--record") if args.record else None
    saved = dict(read_document(save)) if save is not None and save.exists() else None
    session.game = find_game(moderate_game(args.game, saved))
    moderation = session.game.moderate(
        saved, players=args.players, roles=args.roles, seed=args.seed
    )
    said = 0
    if saved is not None:
        print(f"Resumed {save} ({len(saved.get('answers', []))} answers); so far:")
    while True:
        lines = moderation.lines()
        for line in lines[said:]:
            print(f"  {line}")
        said = len(lines)
        keep(moderation, save, record)
        question = moderation.question()
        if question is None:
            return 0
        print(f"{question.text} ", end="", flush=True)
        answer = sys.stdin.readline()
        if not answer:
            print("\nStopped." + (f" Resume with --save {args.save}." if save else ""))
            return 0
        answer = answer.strip()
        if not sys.stdin.isatty():  # a script's answers: show them as typed
            print(answer)
        if answer.lower() == QUIT:
            print("Stopped." + (f" Resume with --save {args.save}." if save else ""))
            return 0
        if answer.lower() == UNDO:
            moderation.undo()
            said = min(said, len(moderation.lines()))
            print("  (the last answer is taken back)")
            continue
        try:
            moderation.answer(answer)
        except SolverError as error:
            print(f"  {error}")


def keep(moderation: Moderation, save: Path | None, record: Path | None) -> None:
    """Write the session and the record so far."""
    if save is not None:
        write_atomically(save, json.dumps(moderation.to_dict(), ensure_ascii=False) + "\n")
    if record is not None:
        write_atomically(record, json.dumps(moderation.record_dict(), ensure_ascii=False) + "\n")
