"""The README's Python examples run as written (from the project root)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=flags)
    assert result.attempted > 0
    assert result.failed == 0
