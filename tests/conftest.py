"""Hypothesis profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``, and
the fixtures several test modules share.

- ``default``: a quick run (about 30 examples per property).
- ``ci``: a thorough run (several times more examples).

For example ``HYPOTHESIS_PROFILE=ci .venv/bin/python -m pytest tests``. A failing
example prints a ``@reproduce_failure`` blob to replay it.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

_COMMON = settings(
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

settings.register_profile("default", _COMMON, max_examples=30)
settings.register_profile("ci", _COMMON, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def plain_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output as on an 80-column pipe, without colour codes, whatever the environment.

    The command-line test modules use it on every test:
    ``pytestmark = pytest.mark.usefixtures("plain_console")``.
    """
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
