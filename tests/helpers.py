"""Plain helpers the test modules share (imported as ``from helpers import ...``, like
:mod:`strategies`); shared fixtures are in ``conftest.py``."""

from __future__ import annotations

import pytest

from wooolf_solver.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``wooolf *argv`` called as ``main([...])``: the exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err
