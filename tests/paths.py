"""Every path a seeded policy can take, each with its exact chance (imported as
``from paths import outcomes``): the policy is run once per path with a scripted
generator whose ``choice`` returns the path's pick, so its output distribution is
enumerated exactly (no sampling, no chi-square)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T", bound=Hashable)


class Scripted:
    """A stand-in for :class:`random.Random` that picks ``path[k]`` at its ``k``-th
    ``choice`` (0 past the path's end) and notes each choice's number of options."""

    def __init__(self, path: Sequence[int]) -> None:
        self.path = list(path)
        self.sizes: list[int] = []

    def choice(self, options: Sequence[Any]) -> Any:
        k = len(self.sizes)
        self.sizes.append(len(options))
        return options[self.path[k] if k < len(self.path) else 0]


def outcomes(policy: Callable[[Scripted], T]) -> Counter[T]:
    """Each output of ``policy`` with its exact chance (the sum over its paths)."""
    found: Counter[T] = Counter()
    path: list[int] = []
    while True:
        rng = Scripted(path)
        result = policy(rng)
        chance = Fraction(1)
        for size in rng.sizes:
            chance /= size
        found[result] += chance  # type: ignore[assignment]
        picks = (path + [0] * len(rng.sizes))[: len(rng.sizes)]
        k = len(picks) - 1
        while k >= 0 and picks[k] + 1 >= rng.sizes[k]:
            k -= 1
        if k < 0:
            return found
        path = [*picks[:k], picks[k] + 1]
