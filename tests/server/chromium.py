"""Chromium, driven by Playwright, for the pages' browser tests (Debian's chromium).

Importing this module skips the importing test module where chromium or Playwright is
missing, outside CI; in CI it fails instead. :func:`launch` starts the browser.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from helpers import IN_CI

CHROMIUM = os.environ.get("WOOOLF_CHROMIUM", "/usr/bin/chromium")
if IN_CI:  # in CI a missing browser or driver fails instead of skipping
    import playwright.sync_api as playwright_api

    assert shutil.which(CHROMIUM), f"no chromium at {CHROMIUM} (.ci/run installs it)"
else:
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        pytest.skip(
            f"no chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True
        )


@contextmanager
def launch() -> Iterator[Any]:
    """A headless chromium until the block ends."""
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()
