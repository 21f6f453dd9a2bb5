"""The engines, behind one interface; the first is the default.

>>> list(ENGINES)
['counter', 'cpsat', 'csp', 'brute']
>>> get_engine("brute").name
'brute'
"""

from __future__ import annotations

from importlib import import_module
from typing import Literal

from ..errors import did_you_mean
from .base import Decision, Engine, Tally, WorldTally

EngineName = Literal["counter", "cpsat", "csp", "brute"]

ENGINES: dict[str, tuple[str, str]] = {
    "counter": ("counter", "CountingEngine"),
    "cpsat": ("cpsat", "CpSatEngine"),
    "csp": ("csp", "ConstraintEngine"),
    "brute": ("brute", "BruteForceEngine"),
}
"""Engine name -> (module, class); modules are imported on first use."""


def get_engine(name: str = "counter") -> Engine:
    """A new engine by name."""
    if name not in ENGINES:
        hint = did_you_mean(name, ENGINES)
        raise ValueError(f"unknown engine {name!r}{hint}; known: {', '.join(ENGINES)}")
    module, cls = ENGINES[name]
    engine: Engine = getattr(import_module(f"{__name__}.{module}"), cls)()
    return engine


__all__ = ["ENGINES", "Decision", "Engine", "EngineName", "Tally", "WorldTally", "get_engine"]
