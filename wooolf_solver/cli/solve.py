"""``wooolf solve``: who is who, exactly, from everything the record says.

Several records (or ``-``, one JSON record a line on standard input) are answered in one
process, one after the other: each answer names its record, a bad record or one that
contradicts itself does not stop the run, and the exit status is the worst one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any

from rich.text import Text

from .. import api
from ..core.documents import parse_json, shown
from ..core.errors import InvalidRecordError
from .session import (
    BAD_INPUT,
    OK,
    Session,
    bounded,
    command,
    engine_option,
    json_option,
    memory_option,
    speech_option,
    working,
)

STDIN = "-"
"""The record argument that reads JSON lines from standard input."""

Reader = Callable[[], Any]
"""Reads one record when called (so that its errors belong to that record)."""


def records_argument(parser: argparse.ArgumentParser) -> None:
    """``RECORD [RECORD ...]``: one record or several, answered one after the other."""
    parser.add_argument(
        "records",
        metavar="RECORD",
        nargs="+",
        help="a record (.yaml or .json) of any game; several are answered one after the "
        "other; - reads one JSON record a line from standard input",
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
    records_argument,
    json_option,
    engine_option,
    memory_option,
    why_option,
    speech_option,
)
def solve_command(args: argparse.Namespace, session: Session) -> int:
    """Who is who: for every seat the chance of each identity, what is certain, and the
    viewpoint's best answers, exactly, from everything the record says. Several records
    (or -, JSON lines on standard input) are answered one after the other, each named."""
    if args.json and args.why:
        session.fail("--why explains the readable answer; it cannot be used with --json")
        return BAD_INPUT
    paths: list[str] = list(args.records)
    if len(paths) == 1 and paths[0] != STDIN:
        _, record = session.load(paths[0], "solve", args.speech)
        answer(args, session, record)
        return OK
    status = OK
    for index, (label, read) in enumerate(readers(paths)):
        if not args.json:
            if index:
                session.show()
            session.console.print(Text(f"==> {label} <=="), soft_wrap=True)
        with RecordSession(label, session) as one:
            _, record = one.use(read(), args.speech)
            answer(args, one, record)
        status = max(status, one.status)
    return status


def answer(args: argparse.Namespace, session: Session, record: Any) -> None:
    """Print the answer for one loaded record, as ``--json`` and ``--why`` ask."""
    with working("solve"):
        posterior = api.solve(record, engine=args.engine)
    if args.json:
        session.json(posterior.to_dict())
        return
    session.render("solve", posterior)
    if args.why:
        session.render("solve-why", api.explanations(record, engine=args.engine))


def readers(paths: list[str]) -> Iterator[tuple[str, Reader]]:
    """Each record the arguments name, with its label: a path as given, ``-:LINE`` for
    a line of standard input (blank lines skipped), read as the run reaches it."""
    for path in paths:
        if path != STDIN:
            yield path, partial(api.load, Path(path), "solve")
            continue
        for number, line in enumerate(sys.stdin, start=1):
            if line.strip():
                label = f"{STDIN}:{number}"
                yield label, partial(json_record, line, label)


def json_record(line: str, label: str) -> Any:
    """The record one JSON line holds (relative paths in it are read from here).

    >>> json_record('{"game": "wooolf", "players": 5}', "-:1").game_name
    'wooolf'
    >>> json_record("[1, 2]", "-:2")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: -:2: a record must be a JSON object, not [1, 2]
    """
    data = parse_json(line, source=label)
    if not isinstance(data, Mapping):
        raise InvalidRecordError(f"{label}: a record must be a JSON object, not {shown(data)}")
    return api.game_named(data.get("game")).read(data, Path(), "solve")


class RecordSession(Session):
    """The session of one record of several, printing through its run's console: its
    JSON lines carry ``"record"``, its bad input is a line of its own (a JSON line under
    ``--json``) and the run goes on; an interruption or a closed pipe ends the run."""

    def __init__(self, label: str, run: Session) -> None:
        super().__init__(run.json_output, run.debug)
        self.label = label
        self.console = run.console

    def json(self, data: Any) -> None:
        super().json({"record": self.label, **data})

    def fail(self, message: str, status: int = BAD_INPUT) -> None:
        if self.json_output:
            self.json({"error": bounded(message)})
            self.status = status
            return
        named = message if message.startswith(self.label) else f"{self.label}: {message}"
        super().fail(named, status)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> bool:
        if isinstance(error, BrokenPipeError | KeyboardInterrupt):
            return False  # the whole run's session ends it
        return super().__exit__(kind, error, trace)
