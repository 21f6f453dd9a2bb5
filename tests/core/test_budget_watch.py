"""``--max-memory`` for the engines that cannot tell their size up front (ONUW's and
Werewolf's): the process is watched while the verb runs, and a computation grown past
the budget stops with the one-line refusal of Wooolf!!'s counter (exit 2).

The command line runs in a fresh process: the watch measures how much the process
grows, and memory freed by an earlier test would be used again without growing it."""

from __future__ import annotations

import importlib
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wooolf_solver.core import budget
from wooolf_solver.core.budget import TooLargeError, memory_budget

ONUW = """\
game: onuw
edition: official
players: 7
viewpoint: 1
cards: {1: villager}
"""


def wooolf(*argv: str) -> subprocess.CompletedProcess[str]:
    """``wooolf ARGV`` in a fresh process."""
    code = "import sys; from wooolf_solver.cli import main; sys.exit(main(sys.argv[1:]))"
    command = [sys.executable, "-c", code, *argv]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def refused(size: str, *argv: str) -> None:
    done = wooolf(*argv, "--max-memory", size.replace(" ", ""))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("wooolf: error: too large to solve exactly: ")
    assert done.stderr.endswith(f"over the memory budget of {size}\n")
    assert done.stderr.count("\n") == 1


def test_onuw_cpsat_stops_at_the_budget(tmp_path: Path) -> None:
    # the CP-SAT engine keeps every world it enumerates (48 million here)
    path = tmp_path / "seven.yaml"
    path.write_text(ONUW, encoding="utf-8")
    refused("8 MB", "solve", str(path), "--engine", "cpsat")


def test_werewolf_cpsat_stops_at_the_budget() -> None:
    refused("4 MB", "solve", "examples/werewolf/hunter-view-10p.yaml", "--engine", "cpsat")


def test_within_the_budget_nothing_changes() -> None:
    done = wooolf("solve", "examples/onuw/official-6p-lies.yaml", "--max-memory", "1GB")
    assert done.returncode == 0 and "worlds" in done.stdout and not done.stderr


def test_the_watch_stops_a_growing_computation_and_then_ends() -> None:
    kept: list[bytes] = []
    too_large = pytest.raises(TooLargeError, match="over the memory budget of 4 MB")
    with too_large, memory_budget(4 << 20):
        for number in range(10**6):  # about 0.5 GB at most, stopped long before
            kept.append(number.to_bytes(8, "big") * 64)
    assert len(kept) < 10**6
    assert signal.getitimer(signal.ITIMER_VIRTUAL) == (0.0, 0.0)
    assert budget.max_memory() == budget.DEFAULT_MAX_MEMORY
    with memory_budget(1 << 30):  # a new block watches afresh
        assert signal.getitimer(signal.ITIMER_VIRTUAL)[1] == budget.WATCH_EVERY


def burn(seconds: float) -> None:
    """Spend ``seconds`` of processor time (the watch's clock)."""
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass


def test_an_import_is_never_cut_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # an engine's package imported lazily may grow the process past the budget: the
    # import finishes, and the next look stops the computation
    heavy = tmp_path / "heavy_module_for_the_watch.py"
    heavy.write_text(
        "import mmap, time\n"
        "kept = mmap.mmap(-1, 32 << 20)  # 32 MB of fresh pages, written\n"
        "for page in range(0, 32 << 20, 4096):\n"
        "    kept[page] = 1\n"
        "start = time.process_time()\n"
        "while time.process_time() - start < 0.5:\n"
        "    pass\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, heavy.stem, raising=False)
    imported = False
    with pytest.raises(TooLargeError), memory_budget(4 << 20):
        importlib.import_module(heavy.stem)
        imported = True
        burn(1.0)
    assert imported
    sys.modules.pop(heavy.stem, None)
