"""Lines of Python in each game package and in each generic layer of the library.

A part's count is the lines (``wc -l``) of its ``.py`` files: each game package
(``wooolf_solver/games/<game>/``), and the rest of ``wooolf_solver/`` by its first
folder (``core``, ``engines``, ``lab``, ``cli``, ``server``, ``games`` for the
protocol and the registry, ``.`` for the root's modules). Read from the working tree,
or from a commit of the repository's history (``git show``), so that a figure of the
past can be measured again. ``docs/adding-a-game.md`` gives the table this prints.

    python benchmarks/line_counts.py                 # the working tree
    python benchmarks/line_counts.py 3b4d148 HEAD    # two commits side by side

>>> part("wooolf_solver/games/onuw/posterior.py"), part("wooolf_solver/core/play.py")
('onuw', 'core')
>>> part("wooolf_solver/api.py"), part("wooolf_solver/games/base.py")
('root', 'protocol')
>>> part("wooolf_solver/games/wooolf/engines/counter.py")  # a game's sub-package: the game
'wooolf'
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository's root."""

PACKAGE = "wooolf_solver"
GAMES = ("wooolf", "onuw", "werewolf")
"""The game packages, each a part of its own."""

WORKING_TREE = "tree"
"""The name of the working tree in the table (a revision names a commit)."""


def part(path: str) -> str:
    """The part a ``.py`` file of the package belongs to: its game, or its layer."""
    folders = path.split("/")[1:-1]
    if folders[:1] == ["games"]:
        return folders[1] if len(folders) > 1 and folders[1] in GAMES else "protocol"
    return folders[0] if folders else "root"


def files_at(revision: str) -> dict[str, str]:
    """Every ``.py`` file of the package and its text, in the working tree or at a commit."""
    if revision == WORKING_TREE:
        return {
            path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted((ROOT / PACKAGE).rglob("*.py"))
        }
    listed = git("ls-tree", "-r", "--name-only", revision, PACKAGE).splitlines()
    return {path: git("show", f"{revision}:{path}") for path in listed if path.endswith(".py")}


def git(*arguments: str) -> str:
    """What ``git ARGUMENTS`` prints, run at the repository's root."""
    done = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


def line_counts(revision: str = WORKING_TREE) -> Counter[str]:
    """Each part's lines of Python (newlines, as ``wc -l`` counts them)."""
    counts: Counter[str] = Counter()
    for path, text in files_at(revision).items():
        counts[part(path)] += text.count("\n")
    return counts


def table(revisions: Sequence[str]) -> str:
    """The Markdown table of the parts' lines at each revision: the games, their sum,
    the generic layers, their sum, and the share of the games."""
    counts = [line_counts(revision) for revision in revisions]
    layers = sorted({name for count in counts for name in count} - set(GAMES))
    rows: list[tuple[str, list[int]]] = [(game, [c[game] for c in counts]) for game in GAMES]
    rows.append(("**games, together**", [sum(c[g] for g in GAMES) for c in counts]))
    rows += [(layer, [c[layer] for c in counts]) for layer in layers]
    rows.append(("**generic, together**", [sum(c[n] for n in layers) for c in counts]))
    head = ["part", *(f"`{revision}`" for revision in revisions)]
    lines = [row(head), row(["---"] + ["---:"] * len(revisions))]
    lines += [row([name, *(f"{n:,}" for n in numbers)]) for name, numbers in rows]
    games = [sum(c[g] for g in GAMES) / sum(c.values()) for c in counts]
    lines.append(row(["games' share", *(f"{share:.0%}" for share in games)]))
    return "\n".join(lines)


def row(cells: Iterable[str]) -> str:
    """A Markdown table row."""
    return "| " + " | ".join(cells) + " |"


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Lines of Python per game and per layer.")
    parser.add_argument(
        "revisions",
        nargs="*",
        metavar="REVISION",
        help=f"commits (default: {WORKING_TREE})",
    )
    revisions = parser.parse_args(arguments).revisions or [WORKING_TREE]
    for revision in revisions:
        try:
            if revision != WORKING_TREE:
                git("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
        except subprocess.CalledProcessError:
            print(f"line_counts: {revision!r} is not a commit", file=sys.stderr)
            return 2
    print(table(revisions))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
