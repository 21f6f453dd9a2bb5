"""Running one command: the session that loads, prints and turns errors into statuses.

The exit statuses (the README lists them too):

- 0: done (also when the reader of the output left early: ``wooolf solve … | head``);
- 1: the record contradicts itself (the events that cannot all hold are named);
- 2: bad input: a record, deck or name the library refuses (a
  :class:`~wooolf_solver.core.errors.SolverError`), a usage error, an output path
  that cannot be written, or an option that needs a package not installed;
- 70: an internal error (a bug: one line, and ``--debug`` shows the traceback);
- 74: the system failed us while running (a disk full, a cluster not reached);
- 130: interrupted.

This module names no game: the record's ``game:`` field finds the game through the
registry (:func:`wooolf_solver.api.load`), and the game renders its own results.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import TracebackType
from typing import Any, overload

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from .. import api
from ..core.budget import DEFAULT_MAX_MEMORY, parse_size
from ..core.errors import InconsistentRecordError, SolverError
from ..core.speech import SPEECH_MODELS
from ..engines import ALIASES
from ..games import available, find_game
from ..games.base import AnyGame

PROG = "wooolf"

OK, CONTRADICTION, BAD_INPUT, INTERNAL_ERROR, SYSTEM_ERROR, INTERRUPTED = 0, 1, 2, 70, 74, 130
"""The exit statuses (see the module docstring)."""

PROGRESS_INTERVAL = 5.0
"""Seconds between two progress lines on a stderr that is not a terminal."""

MAX_MESSAGE = 500
"""The longest error line's message, in characters (longer ones end in ``…``)."""


class UsageError(Exception):
    """A command line the shell refuses before running (exit 2); the message says why."""


class Session:
    """One run of a command: it loads records, prints, and, used as a context, turns
    the library's errors into one line and an exit status in :attr:`status`."""

    def __init__(self, json_output: bool = False, debug: bool = False) -> None:
        self.json_output = json_output
        self.debug = debug
        self.console = Console(highlight=False, emoji=False)
        self.game: AnyGame | None = None
        self.record: Any = None
        self.status = OK

    def load(self, path: str, verb: str, speech: str | None = None) -> tuple[AnyGame, Any]:
        """Read a record of any game for ``verb`` (kept to describe its events in
        messages), read by the speech model ``speech`` when one is named."""
        return self.use(api.load(Path(path), verb), speech)

    def use(self, record: Any, speech: str | None = None) -> tuple[AnyGame, Any]:
        """Take ``record``, of any game and already read, as :meth:`load` takes a file's."""
        self.game, self.record = api.game_of(record)
        if speech is not None:
            self.record = self.game.with_speech(self.record, speech)
        return self.game, self.record

    def render(self, verb: str, result: object, **options: int) -> None:
        """Print ``result`` as the loaded record's game renders it for ``verb``."""
        game = self.game or find_game(available()[0])
        self.show(game.render(verb, self.record, result, **options))

    def json(self, data: Any) -> None:
        print(json.dumps(data, ensure_ascii=False))

    def show(self, *renderables: RenderableType) -> None:
        self.console.print(*renderables)

    def fail(self, message: str, status: int = BAD_INPUT) -> None:
        """One line on stderr, at most :data:`MAX_MESSAGE` characters of ``message`` (an
        echo of the user's input is bounded even where a reader forgot to bound it)."""
        print(f"{PROG}: error: {bounded(message)}", file=sys.stderr)
        self.status = status

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> bool:
        if error is None:
            return False
        if isinstance(error, BrokenPipeError):  # the reader left early: stop quietly
            silence_stdout()
            self.status = OK
            return True
        if isinstance(error, InconsistentRecordError):
            if self.json_output:
                answer: dict[str, Any] = {"consistent": False, "conflict": list(error.conflict)}
                speech = None if self.game is None else self.game.speech_of(self.record)
                if speech is not None:
                    answer["speech"] = speech
                self.json(answer)
            elif self.game is not None:
                line = self.game.render("conflict", self.record, error)
                self.console.print(f"{PROG}: ", line, sep="", soft_wrap=True)
            else:
                print(f"{PROG}: {error}")
            self.status = CONTRADICTION
            return True
        if isinstance(error, SolverError | UsageError):
            self.fail(str(error))
            return True
        if isinstance(error, ImportError):  # an option's optional package is missing
            self.fail(f"cannot load {error.name or 'a module'}: {error}")
            return True
        if isinstance(error, KeyboardInterrupt):
            self.fail("interrupted", status=INTERRUPTED)
            return True
        if isinstance(error, OSError):  # a disk full, a cluster not reached
            self.fail(f"{error}", status=SYSTEM_ERROR)
            return True
        if isinstance(error, Exception):
            if self.debug:
                traceback.print_exception(error, file=sys.stderr)
            message = " ".join(str(error).split())[:300]
            hint = "" if self.debug else " (rerun with --debug for the traceback)"
            print(
                f"{PROG}: internal error: {type(error).__name__}: {message}{hint}",
                file=sys.stderr,
            )
            self.status = INTERNAL_ERROR
            return True
        return False


def bounded(message: str) -> str:
    """``message`` on one line, at most :data:`MAX_MESSAGE` characters.

    >>> bounded("unknown engine " + "x" * 5000)[-3:], len(bounded("a\\nb " * 5000))
    ('xx…', 501)
    """
    line = " ".join(message[: 4 * MAX_MESSAGE].split())
    return line if len(line) <= MAX_MESSAGE else line[:MAX_MESSAGE] + "…"


def silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of a closed pipe
    raises nothing more."""
    with suppress(OSError, ValueError, AttributeError):  # no file descriptor (a test's)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


# -- commands ------------------------------------------------------------------------------

Runner = Callable[[argparse.Namespace, Session], int]
Option = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, one-line help, options and the function that runs it."""

    name: str
    help: str
    options: tuple[Option, ...]
    run: Runner


COMMANDS: dict[str, Command] = {}
"""The subcommands, in the order ``wooolf --help`` lists them."""


def command(name: str, help: str, *options: Option) -> Callable[[Runner], Runner]:
    """Register a subcommand: its runner's docstring becomes its description."""

    def register(run: Runner) -> Runner:
        COMMANDS[name] = Command(name, help, options, run)
        return run

    return register


def record_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "record", metavar="RECORD", help="a record (.yaml or .json) of any game (its game: field)"
    )


def json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help="print JSON (the solver output contract) instead of tables",
    )


def speech_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--speech",
        choices=SPEECH_MODELS,
        default=None,
        help="read the claims by this speech model instead of the record's "
        "(games where players talk freely: mimic, a liar picks its story; free, a liar says "
        "anything)",
    )


def engine_names() -> list[str]:
    """Every engine of every game in the registry, each game's default first."""
    return list(dict.fromkeys(name for game in available() for name in find_game(game).engines))


class EngineNames(Sequence[str]):
    """:func:`engine_names` as ``--engine``'s choices, found when first asked for (when
    the option is given or the help shown): a command that names no engine imports
    no other game. An old name (:data:`~wooolf_solver.engines.ALIASES`) is accepted
    but not listed.

    >>> "brute" in EngineNames(), "counter" in EngineNames(), "abacus" in EngineNames()
    (True, True, False)
    >>> list(EngineNames())
    ['fast', 'cpsat', 'csp', 'brute']
    """

    @cached_property
    def names(self) -> list[str]:
        return engine_names()

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.names[index]

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name: object) -> bool:
        return name in self.names or name in ALIASES


def engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        choices=EngineNames(),
        default=None,
        metavar="ENGINE",
        help="the engine that counts the worlds: fast (the game's own exact engine, the "
        "default) or a slower reference, cpsat, csp or brute; all give the same answers "
        "(`wooolf games` lists each game's)",
    )


def memory_size(text: str) -> int:
    """A memory budget for ``--max-memory``: ``500MB``, ``2GB``, ``1.5GB``."""
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def memory_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-memory",
        type=memory_size,
        default=DEFAULT_MAX_MEMORY,
        metavar="SIZE",
        help="refuse, up front, an input whose exact solution would need more memory "
        "than SIZE (e.g. 500MB, 2GB; default: 1GB)",
    )


def game_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=list(available()),
        default=available()[0],
        help="the game (default: %(default)s; see `wooolf games`)",
    )


def positive(text: str) -> int:
    """A whole number of at least 1, for ``--top``, ``--players``, ``--games``."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


# -- output paths --------------------------------------------------------------------------


def check_output_file(path: str, option: str) -> Path:
    """Refuse, before a run, a file that cannot be written: its folder is missing or
    not writable, or it is a folder."""
    file = Path(path)
    folder = file.parent
    try:
        if file.is_dir():
            raise UsageError(f"{option}: {path} is a folder, not a file")
        if not folder.is_dir():
            raise UsageError(f"{option}: cannot write {path}: no folder {folder}")
        if not os.access(folder, os.W_OK) or (file.exists() and not os.access(file, os.W_OK)):
            raise UsageError(f"{option}: cannot write {path}: permission denied")
    except OSError as error:  # a name too long, say: the path is bad input
        raise UsageError(f"{option}: cannot write {path}: {error.strerror or error}") from None
    return file


def check_output_folder(path: str, option: str) -> Path:
    """Refuse, before a run, a folder that cannot be written or made."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{option}: {path} is a file, not a folder")
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise UsageError(f"{option}: cannot write in {path}: permission denied")
    return folder


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and
    :func:`os.replace`, so ``path`` is never seen half written."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


# -- progress ------------------------------------------------------------------------------


class Ticker:
    """Progress on stderr: a rich bar on a terminal, otherwise a plain line at most every
    :data:`PROGRESS_INTERVAL` seconds (``simulate: 12/40 games, 9 s``)."""

    def __init__(self, verb: str, what: str, total: int, bar: Progress | None) -> None:
        self.verb, self.what, self.total, self.bar = verb, what, total, bar
        self.task = bar.add_task(what, total=total or None) if bar is not None else None
        self.done = 0
        self.start = self.last = time.monotonic()

    def advance(self, _item: object = None) -> None:
        """One more item done (the lab calls this after each game)."""
        self.update(self.done + 1, self.total)

    def update(self, done: int, total: int) -> None:
        """``done`` items of ``total`` done (a review calls this after each step)."""
        self.done, self.total = done, total
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=done, total=total)
            return
        now = time.monotonic()
        if now - self.last >= PROGRESS_INTERVAL and done < total:
            self.last = now
            line = f"{self.verb}: {done}/{total} {self.what}, {now - self.start:.0f} s"
            print(line, file=sys.stderr, flush=True)


@contextmanager
def working(verb: str, console: Console | None = None) -> Iterator[None]:
    """A spinner with the time spent, on a terminal's stderr, while a command whose
    work has no steps to count runs (``solve`` on a big record may take a minute);
    removed when done, and nothing at all where stderr is not a terminal.

    >>> with working("solve"):  # not a terminal here
    ...     pass
    """
    console = console or Console(stderr=True)
    if not console.is_terminal:
        yield
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        bar.add_task(f"{verb}: counting the worlds", total=None)
        yield


@contextmanager
def progress(verb: str, what: str, total: int = 0) -> Iterator[Ticker]:
    """A :class:`Ticker` for a long command, removed from the terminal when done."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield Ticker(verb, what, total, None)
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        yield Ticker(verb, what, total, bar)
