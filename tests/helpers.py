"""Plain helpers the test modules share (imported as ``from helpers import ...``, like
:mod:`strategies`); shared fixtures are in ``conftest.py``."""

from __future__ import annotations

import importlib
import os
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from wooolf_solver.cli import main

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

IN_CI = os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}
"""Whether the tests run in CI (``CI=true``), where what .ci/run installs (chromium, a C
compiler) must be there: a missing one fails instead of skipping."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``wooolf *argv`` called as ``main([...])``: the exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``wooolf ARGV``: exit 2 within seconds, nothing on stdout, one short line on
    stderr (returned)."""
    start = time.perf_counter()
    status, out, err = run(capsys, *argv)
    assert time.perf_counter() - start < 10
    assert status == 2, (out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert len(lines[0]) < 400, lines[0]
    return lines[0]


def write(folder: Path, name: str, text: str) -> Path:
    """A file ``name`` in ``folder`` holding ``text`` (UTF-8)."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def benchmark(name: str) -> Any:
    """A fixture giving the script ``benchmarks/<name>.py`` as a module (its folder on
    the path for the test's duration, so that it finds ``common`` and ``positions``);
    bind it to the fixture's name: ``bench = benchmark("bench_solve")``."""

    def script(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
        monkeypatch.syspath_prepend(str(BENCHMARKS))
        return importlib.import_module(name)

    return pytest.fixture(script)
