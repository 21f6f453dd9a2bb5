"""A lab whose bots talk: it takes the liars' story policy (``simulate --speech``).

>>> class Silent:
...     pass
>>> isinstance(Silent(), TalkingLab)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class TalkingLab(Protocol):
    """A game's lab (:class:`wooolf_solver.games.base.Lab`) whose bots claim roles."""

    speech_policies: tuple[str, ...]
    """The liars' story policies it knows, the default first."""

    def simulations(
        self,
        mixes: Sequence[str],
        players: int,
        bots: Sequence[str],
        seed: str,
        analyse: bool,
        *,
        speech: str | None = None,
    ) -> list[Any]:
        """As the :class:`~wooolf_solver.games.base.Lab`'s, with the liars' policy
        (``None``: the default)."""


__all__ = ["TalkingLab"]
