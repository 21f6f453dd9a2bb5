"""Hypothesis profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``.

- ``default``: a quick run (about 30 examples per property).
- ``ci``: a thorough run (several times more examples).

For example ``HYPOTHESIS_PROFILE=ci .venv/bin/python -m pytest tests``. A failing
example prints a ``@reproduce_failure`` blob to replay it.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = settings(
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

settings.register_profile("default", _COMMON, max_examples=30)
settings.register_profile("ci", _COMMON, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
