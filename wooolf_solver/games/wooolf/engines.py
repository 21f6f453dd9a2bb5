"""The engines that solve a round: the counter (Wooolf!!'s own, the default) and the
generic references.

>>> ENGINES
('counter', 'cpsat', 'csp', 'brute')
>>> engine("brute").name
'brute'
"""

from __future__ import annotations

from typing import Literal

from ...engines import Engine, get_engine

EngineName = Literal["counter", "cpsat", "csp", "brute"]

ENGINES: tuple[EngineName, ...] = ("counter", "cpsat", "csp", "brute")
"""The engines of a round, the default first."""

OWN_ENGINES = {
    "counter": "wooolf_solver.games.wooolf.counter:CountingEngine",
    "cpsat": "wooolf_solver.games.wooolf.cpsat:CpSatEngine",
}
"""Wooolf!!'s own engines (name -> ``module:Class``); its CP-SAT model replaces the
generic one."""


def engine(name: str | None = None) -> Engine:
    """A new engine by name (``None``: the default, the counter)."""
    return get_engine(name, OWN_ENGINES, ENGINES)
