"""The engines that solve a round: ``fast`` (Wooolf!!'s own counter, the default) and
the references, by the names every game uses.

The package holds everything that counts a round's deals, below the game's rules,
records and model: the counter (:mod:`.counter`, on the hand types of :mod:`.hands`),
the rows a position keeps in the lab (:mod:`.deals`, with :mod:`.completion` and the
loops of :mod:`.kernels` in C or :mod:`.array_kernels` in numpy), the memo shared by
the questions asked of one position (:mod:`.memo`), the game's own CP-SAT model
(:mod:`.cpsat`), and ``solve`` with its posteriors kept per position (:mod:`.solver`).

>>> ENGINES
('fast', 'cpsat', 'csp', 'brute')
>>> engine().name, engine("counter").name, engine("brute").name
('fast', 'fast', 'brute')
"""

from __future__ import annotations

from typing import Literal

from ....engines import Engine, get_engine

EngineName = Literal["fast", "cpsat", "csp", "brute"]

ENGINES: tuple[EngineName, ...] = ("fast", "cpsat", "csp", "brute")
"""The engines of a round, the default first."""

OWN_ENGINES = {
    "fast": "wooolf_solver.games.wooolf.engines.counter:CountingEngine",
    "cpsat": "wooolf_solver.games.wooolf.engines.cpsat:CpSatEngine",
}
"""Wooolf!!'s own engines (name -> ``module:Class``): its counter, and a CP-SAT model
that replaces the generic one."""


def engine(name: str | None = None) -> Engine:
    """A new engine by name (``None``: the default, the counter)."""
    return get_engine(name, OWN_ENGINES, ENGINES)
