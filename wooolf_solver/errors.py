"""The library's errors (kept here for existing imports; see :mod:`.core.errors`)."""

from __future__ import annotations

from .core.errors import (
    EventId,
    InconsistentRecordError,
    InvalidDeckError,
    InvalidRecordError,
    SolverError,
    did_you_mean,
)

WooolfError = SolverError
"""The root error's first name, kept so existing ``except WooolfError`` still works."""

__all__ = [
    "EventId",
    "InconsistentRecordError",
    "InvalidDeckError",
    "InvalidRecordError",
    "SolverError",
    "WooolfError",
    "did_you_mean",
]
