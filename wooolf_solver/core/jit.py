"""Compiled loops: :func:`compiled` turns a function of numbers and numpy arrays into
machine code (with `Numba <https://numba.pydata.org>`_), for the inner loops that
numpy can only write as many small array operations, each with its own overhead.

Numba compiles a function when it is first called and keeps the machine code on
disk (in ``__pycache__`` beside the module, or in the user's cache folder when that
is read-only), so only the first run pays for the compilation (a second or two per
function); later processes load it in milliseconds, after Numba's own start (about
0.8 s: its import and its first call). A module of compiled functions is therefore
imported only where it is used, never by the modules every command imports.

The function stays plain Python: its body uses only what Numba compiles (loops,
arithmetic, indexing, numpy arrays) and can be read as is. It must be defined in a
module's file (the machine code is kept per file): the project's compiled functions
and their examples are in :mod:`wooolf_solver.games.wooolf.kernels`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def compiled(function: F) -> F:
    """``function`` compiled to machine code when first called (kept on disk)."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))
