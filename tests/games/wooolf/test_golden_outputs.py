"""Every ``wooolf`` command line of ``golden_outputs.py``, rerun in-process: the exit
status, stdout and stderr are byte for byte those of its file in ``golden/``.

A difference that is wanted: rewrite the files (``PYTHONPATH=. python
tests/games/wooolf/golden_outputs.py [NAME...]``) and review ``git diff``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_outputs import CASES, GOLDEN, ROOT, SLOW, Golden, run

pytestmark = pytest.mark.usefixtures("plain_console")  # see tests/conftest.py

FILES = sorted(GOLDEN.glob("*.txt"))


def test_one_file_per_case() -> None:
    """Every case has its golden file, and every golden file a case."""
    assert sorted(path.name for path in FILES) == sorted(case.path.name for case in CASES)


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, id=path.name, marks=[pytest.mark.slow] if path.stem in SLOW else [])
        for path in FILES
    ],
)
def test_golden_output(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden = Golden.load(path)
    monkeypatch.chdir(ROOT)
    status, out, err = run(golden.argv)
    assert out == golden.stdout
    assert err == golden.stderr
    assert status == golden.status
