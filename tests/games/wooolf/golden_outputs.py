"""Golden outputs of the ``wooolf`` command: what a refactor must not change.

:data:`CASES` lists the command lines (``wooolf`` argv lists, each with a readable
name); :func:`run` runs one in-process, from the repository's root (so paths in
messages read ``examples/worked-example.yaml``), as on an 80-column pipe without
colour, and returns ``(status, stdout, stderr)``. One file per command line in
``golden/`` (``<name>.txt``) holds its argv, status, stdout and stderr, byte for
byte; ``test_golden_outputs.py`` reruns each and compares. To (re)write them all,
from anywhere::

    PYTHONPATH=. python tests/games/wooolf/golden_outputs.py          # every case
    PYTHONPATH=. python tests/games/wooolf/golden_outputs.py NAME...  # only these

The file format (``stdout`` and ``stderr`` bodies taken by their length in
characters, so trailing spaces and a missing final newline survive)::

    wooolf golden output (regenerate: python tests/games/wooolf/golden_outputs.py)
    argv: ["solve", "examples/worked-example.yaml"]       <- JSON
    status: 0
    stdout: 1234 characters
    <exactly 1234 characters>
    stderr: 0 characters
    <exactly 0 characters>

Left out on purpose: ``review --html`` (the page will be rebuilt from templates),
a game record given to ``solve`` or a round record given to ``review`` (their
messages will improve), ``--plot`` and ``--records`` paths, ``--help``.

>>> Golden.parse(Golden(["hint", "x"], 2, "a \\n", "b").text())
Golden(argv=['hint', 'x'], status=2, stdout='a \\n', stderr='b')
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import chdir, contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
"""The repository's root: every command runs from there."""

GOLDEN = Path(__file__).resolve().with_name("golden")
"""The golden files, one per case: ``<name>.txt``."""

EXAMPLES = ROOT / "examples"
POSITIONS = ROOT / "benchmarks" / "positions"

HEADER = "wooolf golden output (regenerate: python tests/games/wooolf/golden_outputs.py)"

# -- the command lines ---------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One command line: its golden file's name (without ``.txt``) and its argv."""

    name: str
    argv: tuple[str, ...]

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.name}.txt"


def relative(path: Path) -> str:
    """A path as the command line gets it: relative to the root, with ``/``."""
    return path.relative_to(ROOT).as_posix()


def round_records() -> list[Path]:
    """Every round record of ``examples/`` and ``benchmarks/positions/``."""
    examples = [
        path
        for path in EXAMPLES.iterdir()
        if path.suffix in (".yaml", ".json") and not path.name.startswith("game-")
    ]
    return sorted(examples) + sorted(POSITIONS.glob("*.yaml"))


def game_records() -> list[Path]:
    return sorted(EXAMPLES.glob("game-*.yaml"))


def stem(path: Path) -> str:
    """``worked-example``; ``positions-8-basic-late`` for a benchmark position."""
    return f"positions-{path.stem}" if path.parent == POSITIONS else path.stem


ROUND_VARIANTS: tuple[tuple[str, ...], ...] = (
    ("solve",),
    ("solve", "--json"),
    ("solve", "--why"),
    ("hint",),
    ("hint", "--json"),
)
"""The commands run on every round record (the record goes after the verb)."""

WHY_FACTS: dict[str, tuple[tuple[str, ...], ...]] = {
    # a certain fact, an uncertain one, one whose opposite is certain, the same negated
    "worked-example.yaml": (
        ("5", "shepherd"),
        ("1", "hound"),
        ("1", "wolf"),
        ("1", "wolf", "--not"),
    ),
    # a certain fact, an uncertain one
    "shepherd-exposed.yaml": (("3", "shepherd"), ("2", "hound")),
}
"""``wooolf why RECORD SEAT IDENTITY [--not]``: each fact in words and in JSON."""

LAB_SMALL = ("--players", "5", "--games", "2", "--seed", "1", "--workers", "1")
"""Few games, a fixed seed and one worker (serial, in this process): a few seconds."""

LAB: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("simulate__basic", ("simulate", *LAB_SMALL)),
    ("simulate__advanced-quick", ("simulate", "--edition", "advanced", "--quick", *LAB_SMALL)),
    (
        "simulate__piglet-greedy-random",
        ("simulate", "--deck", "examples/decks/piglet.toml", "--bots", "greedy,random", *LAB_SMALL),
    ),
    (
        "compare__basic-fog-piglet",
        ("compare", "basic", "examples/decks/fog.toml", "examples/decks/piglet.toml", *LAB_SMALL),
    ),
    (
        "simulate__eight-players",
        ("simulate", "--players", "8", "--games", "4", "--seed", "2", "--workers", "1"),
    ),
    (
        "simulate__advanced-eight-players",
        (
            "simulate",
            "--edition",
            "advanced",
            "--players",
            "8",
            "--games",
            "3",
            "--seed",
            "3",
            "--workers",
            "1",
        ),
    ),
)
"""The designer lab, each also with ``--json``."""

LAB += (
    ("simulate__onuw", ("simulate", "--game", "onuw", *LAB_SMALL)),
    (
        "simulate__werewolf",
        (
            "simulate",
            "--game",
            "werewolf",
            "--players",
            "9",
            "--games",
            "3",
            "--seed",
            "1",
            "--workers",
            "1",
            "--bots",
            "solver",
        ),
    ),
)

BAD_INPUT: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("error__solve-missing-file", ("solve", "examples/no-such-record.yaml")),
    ("error__solve-missing-file--json", ("solve", "examples/no-such-record.yaml", "--json")),
    ("error__solve-bad-engine", ("solve", "examples/worked-example.yaml", "--engine", "nope")),
    ("error__solve-json-and-why", ("solve", "examples/worked-example.yaml", "--json", "--why")),
    ("error__hint-missing-file", ("hint", "examples/no-such-record.yaml")),
    ("error__hint-top-zero", ("hint", "examples/worked-example.yaml", "--top", "0")),
    ("error__why-bad-seat", ("why", "examples/worked-example.yaml", "five", "shepherd")),
    ("error__why-bad-identity", ("why", "examples/worked-example.yaml", "5", "goblin")),
    ("error__why-no-such-seat", ("why", "examples/worked-example.yaml", "9", "wolf")),
    ("error__review-missing-file", ("review", "examples/no-such-game.yaml")),
    ("error__simulate-bad-edition", ("simulate", "--edition", "nope", "--players", "5")),
    ("error__simulate-bad-players", ("simulate", "--players", "12", "--games", "1")),
    ("error__simulate-bad-bot", ("simulate", "--players", "5", "--bots", "nobody")),
    ("error__compare-same-mix-twice", ("compare", "basic", "basic", "--players", "5")),
    ("error__no-command", ()),
)
"""Bad input whose message and status must stay."""


JSON_OR_NOT: tuple[tuple[str, ...], ...] = ((), ("--json",))

SPEECHES = ("free", "mimic")
"""The speech models the talking games' examples are read by (``--speech``)."""

OTHER_GAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("onuw/official-3p-lies.yaml", ("solve", "vote", "why 2 liar", "why 1 werewolf --not")),
    ("onuw/official-6p-lies.yaml", ("solve", "vote")),
    ("onuw/robber-5p.yaml", ("solve", "vote")),
    ("onuw/table-4p-bots.yaml", ("solve", "vote")),
    ("onuw/night-seer-4p.yaml", ("solve", "hint")),
    ("onuw/game-table-4p.yaml", ("review",)),
    ("werewolf/spec-9p-seer.yaml", ("solve", "why 4 werewolf", "why 4 liar")),
    ("werewolf/hunter-view-10p.yaml", ("solve",)),
    ("werewolf/inconsistent.yaml", ("solve",)),
    ("werewolf/seer-claim-9p.yaml", ("solve",)),
    ("werewolf/game-10p.yaml", ("review",)),
    ("werewolf/seer-night-9p.yaml", ("solve", "hint", "vote")),
    ("werewolf/wolf-view-9p.yaml", ("solve", "vote")),
    ("werewolf/hunter-view-10p.yaml", ("hint", "vote")),
)
"""ONUW's and classic Werewolf's examples: each command (a verb and its arguments after
the record), in words and in JSON, under each speech model (``--speech``): the ``free``
answers are the ones from before the speech models (only the line naming the model is
new)."""


def option_name(options: Sequence[str]) -> str:
    """``("solve", "--json")`` -> ``solve--json``."""
    return "".join(options)


def build_cases() -> tuple[Case, ...]:
    cases: list[Case] = []
    for record in round_records():
        for verb, *flags in ROUND_VARIANTS:
            name = f"{option_name((verb, *flags))}__{stem(record)}"
            cases.append(Case(name, (verb, relative(record), *flags)))
    for file, facts in WHY_FACTS.items():
        record = EXAMPLES / file
        for fact in facts:
            for json_option in JSON_OR_NOT:
                seat, identity, *negated = fact
                name = f"why{option_name((*negated, *json_option))}__{stem(record)}"
                cases.append(
                    Case(
                        f"{name}__{seat}-{identity}",
                        ("why", relative(record), *fact, *json_option),
                    )
                )
    for game in game_records():
        for options in JSON_OR_NOT:
            name = f"review{option_name(options)}__{stem(game)}"
            cases.append(Case(name, ("review", relative(game), *options)))
    for file, commands in OTHER_GAMES:
        record = EXAMPLES / file
        game = record.parent.name
        for command in commands:
            verb, *rest = command.split()
            for speech, options in product(SPEECHES, JSON_OR_NOT):
                name = f"{game}-{speech}-{option_name((verb, *options))}__{record.stem}"
                if rest:
                    name += "__" + "-".join(word.strip("-") for word in rest)
                argv = (verb, relative(record), *rest, *options, "--speech", speech)
                cases.append(Case(name, argv))
    for name, argv in LAB:
        verb, rest = name.split("__")
        cases.append(Case(name, argv))
        cases.append(Case(f"{verb}--json__{rest}", (*argv, "--json")))
    cases += [Case(name, argv) for name, argv in BAD_INPUT]
    names = [case.name for case in cases]
    assert len(set(names)) == len(names), "two cases share a name"
    return tuple(cases)


CASES = build_cases()
"""Every command line whose output is golden."""

SLOW: frozenset[str] = frozenset()
"""The cases that take over 2 s (``python golden_outputs.py --time`` prints each one's
time), marked ``slow`` by the test. None yet: the slowest, ``compare``, takes 1.4-1.9 s
and all the cases 12 s on a 2-core machine."""

# -- running one ---------------------------------------------------------------------------

PLAIN = {"COLUMNS": "80"}
"""The console as on an 80-column pipe (as under pytest's capture; pinned, so that a
run from a terminal, or with ``pytest -s``, is not as wide as the terminal)."""

COLOUR = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "LINES")
"""Environment variables that would change rich's output: left out during a run."""


@contextmanager
def plain_environment() -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in (*PLAIN, *COLOUR)}
    try:
        for name in COLOUR:
            os.environ.pop(name, None)
        os.environ.update(PLAIN)
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def run(argv: Sequence[str]) -> tuple[int, str, str]:
    """``wooolf *argv``, in-process from the root: the exit status, stdout and stderr."""
    from wooolf_solver.cli import main, session  # noqa: PLC0415 (after the path is set)

    out, err = io.StringIO(), io.StringIO()
    interval = session.PROGRESS_INTERVAL
    session.PROGRESS_INTERVAL = math.inf  # progress lines depend on the machine's speed
    try:
        with plain_environment(), chdir(ROOT), redirect_stdout(out), redirect_stderr(err):
            status = main(list(argv))
    finally:
        session.PROGRESS_INTERVAL = interval
    return status, out.getvalue(), err.getvalue()


# -- the golden files ----------------------------------------------------------------------


@dataclass(frozen=True)
class Golden:
    """A golden file's content."""

    argv: list[str]
    status: int
    stdout: str
    stderr: str

    def text(self) -> str:
        parts = [HEADER, f"argv: {json.dumps(self.argv, ensure_ascii=False)}"]
        parts.append(f"status: {self.status}")
        head = "\n".join(parts) + "\n"
        for label, body in (("stdout", self.stdout), ("stderr", self.stderr)):
            head += f"{label}: {len(body)} characters\n{body}"
        return head

    @classmethod
    def parse(cls, text: str) -> Golden:
        lines = text.split("\n", 3)
        if lines[0] != HEADER or len(lines) < 4:
            raise ValueError("not a golden output file")
        argv = json.loads(lines[1].removeprefix("argv: "))
        status = int(lines[2].removeprefix("status: "))
        rest = lines[3]
        bodies = []
        for label in ("stdout", "stderr"):
            match = re.match(rf"{label}: (\d+) characters\n", rest)
            if match is None:
                raise ValueError(f"no {label} in the golden file")
            size = int(match[1])
            bodies.append(rest[match.end() : match.end() + size])
            rest = rest[match.end() + size :]
        if rest:
            raise ValueError("text after stderr in the golden file")
        return cls(argv, status, *bodies)

    @classmethod
    def load(cls, path: Path) -> Golden:
        with path.open(encoding="utf-8", newline="") as file:  # no newline translation
            return cls.parse(file.read())

    def write(self, path: Path) -> None:
        with path.open("w", encoding="utf-8", newline="") as file:
            file.write(self.text())


def main(arguments: list[str]) -> int:
    """Rewrite the golden files (all, or the named cases), printing each one's time;
    remove the files of cases that no longer exist when writing them all."""
    timing = "--time" in arguments
    names = [argument for argument in arguments if argument != "--time"]
    known = {case.name: case for case in CASES}
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"unknown cases: {', '.join(unknown)}", file=sys.stderr)
        return 2
    chosen = [known[name] for name in names] if names else list(CASES)
    GOLDEN.mkdir(exist_ok=True)
    total = 0.0
    for case in chosen:
        start = time.perf_counter()
        status, out, err = run(case.argv)
        seconds = time.perf_counter() - start
        total += seconds
        if not timing:
            Golden(list(case.argv), status, out, err).write(case.path)
        print(f"{seconds:7.2f} s  status {status}  {case.name}")
    if not names and not timing:
        for path in GOLDEN.glob("*.txt"):
            if path.stem not in known:
                path.unlink()
                print(f"removed {path.name}")
    print(f"{len(chosen)} cases, {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # this checkout's wooolf_solver
    sys.exit(main(sys.argv[1:]))
