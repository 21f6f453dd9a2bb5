"""The ``wooolf`` command: a thin shell over the library, and the only code that prints.

One module per verb (:mod:`.solve`, :mod:`.hint`, :mod:`.vote`, :mod:`.why`, :mod:`.review`,
:mod:`.balance`, :mod:`.moderate`, :mod:`.simulate` for ``simulate`` and ``compare``,
:mod:`.games`, :mod:`.serve`), each registering
its subcommand with :func:`.session.command`; :mod:`.session` loads records through
the registry, prints what the record's game renders, and turns errors into one line
and an exit status (see :mod:`.session`). No module here names a game.

>>> main(["--version"])
wooolf 0.1.0
0
>>> main(["solve", "no-such-record.yaml"])
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..core.budget import memory_budget
from ..core.version import __version__
from ..games.base import VERBS
from . import (  # noqa: F401 (they register their verbs)
    balance,
    games,
    hint,
    moderate,
    review,
    serve,
    simulate,
    solve,
    vote,
    why,
)
from .session import BAD_INPUT, COMMANDS, PROG, Runner, Session, bounded

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its usage error bounded as every error line is (an option's
    value is echoed in ``invalid choice: ...``)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(BAD_INPUT, f"{self.prog}: error: {bounded(message)}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG, description="Exact deduction for hidden-role card games (see `wooolf games`)."
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--debug",
        action="store_true",
        help="on an internal error, show the traceback (report it with the record)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    order = [*VERBS, *(name for name in COMMANDS if name not in VERBS)]  # then `games`
    for spec in (COMMANDS[name] for name in order if name in COMMANDS):
        sub = commands.add_parser(spec.name, help=spec.help, description=spec.run.__doc__)
        for option in spec.options:
            option(sub)
        sub.set_defaults(run=spec.run, refuse=sub.error)  # a usage error, with its usage
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``wooolf`` with ``argv`` (default: the command line); return the exit status."""
    parser = build_parser()
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # told with the command's own usage, not the top level's
            args.refuse(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exit_:  # --help, --version and usage errors
        code = exit_.code
        return code if isinstance(code, int) else 0 if code is None else 2
    run: Runner = args.run
    budget = getattr(args, "max_memory", None)  # the verbs that solve take --max-memory
    with (
        Session(json_output=getattr(args, "json", False), debug=args.debug) as session,
        memory_budget(budget),
    ):
        session.status = run(args, session)
        sys.stdout.flush()
    return session.status
