"""The engines, behind one interface: the generic ones here, a game's own in its package.

The generic engines work on any game's :class:`~wooolf_solver.core.knowledge.Knowledge`;
a game lists the engines it supports in :attr:`~wooolf_solver.games.base.Game.engines`,
by the same names in every game: ``fast``, the game's own exact engine and its default,
then the references ``cpsat``, ``csp`` and ``brute`` (a game may give its own model
under a reference's name). ``counter``, the fast engine's old name in two games, is
still accepted (:data:`ALIASES`) but never listed.

>>> list(ENGINES)
['brute', 'csp', 'cpsat']
>>> get_engine("brute").name
'brute'
>>> get_engine("abacus")
Traceback (most recent call last):
...
wooolf_solver.core.errors.UnknownNameError: unknown engine 'abacus'; known: brute, csp, cpsat
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module

from ..core.errors import UnknownNameError, did_you_mean
from .base import Engine, Tally, WorldTally

ENGINES: dict[str, str] = {
    "brute": "wooolf_solver.engines.brute:BruteForceEngine",
    "csp": "wooolf_solver.engines.csp:ConstraintEngine",
    "cpsat": "wooolf_solver.engines.cpsat:CpSatEngine",
}
"""The generic engines: name -> ``module:Class`` (modules are imported on first use)."""

ALIASES: dict[str, str] = {"counter": "fast"}
"""Old engine names, still accepted for the new ones (old scripts), never listed."""


def get_engine(
    name: str | None = None,
    own: Mapping[str, str] | None = None,
    supported: Sequence[str] | None = None,
) -> Engine:
    """A new engine by name: one of ``own`` (a game's own engines) or a generic one,
    among the ``supported`` names if given (``None``: the first of them)."""
    known = list(supported) if supported is not None else [*(own or {}), *ENGINES]
    name = name or known[0]
    if name not in known and ALIASES.get(name) in known:
        name = ALIASES[name]
    if name not in known:
        hint = did_you_mean(name, known)
        raise UnknownNameError(f"unknown engine {name!r}{hint}; known: {', '.join(known)}")
    module, cls = {**ENGINES, **(own or {})}[name].split(":")
    engine: Engine = getattr(import_module(module), cls)()
    return engine


__all__ = ["ALIASES", "ENGINES", "Engine", "Tally", "WorldTally", "get_engine"]
