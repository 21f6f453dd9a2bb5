"""Figures with 95% confidence intervals: proportions (Wilson) and means (Student t).

- A **proportion** (``k`` successes in ``n`` trials) gets the Wilson score interval,
  which stays inside [0, 1] and behaves at 0 and ``n`` successes.
- A **mean** of ``n`` values gets ``mean ± t(0.975, n - 1) · s / √n`` (Student t, with
  ``s`` the sample standard deviation), clipped to the values' possible range (points
  are never negative, a chance is between 0 and 1); no interval for fewer than two
  values.
  Seat-rounds of one game are not independent, so the intervals are a little too
  narrow when a figure pools several seats of the same games.

>>> p = Proportion.of(45, 50)
>>> round(p.value, 3), round(p.low, 3), round(p.high, 3)
(0.9, 0.786, 0.957)
>>> m = Mean.of([1.0, 2.0, 3.0, 4.0])
>>> m.value, round(m.low, 3), round(m.high, 3)
(2.5, 0.446, 4.554)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from statistics import NormalDist
from typing import Any

LEVEL = 0.95
"""The confidence level of every interval."""
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)
"""The normal quantile for the level (1.959964...)."""


@cache
def t_quantile(df: int) -> float:
    """The Student t quantile at ``0.5 + LEVEL / 2`` with ``df`` degrees of freedom.

    Up to 200 degrees of freedom it solves ``A(t | df) = LEVEL`` by bisection, with
    the exact finite series of ``A(t | df) = P(|T| < t)`` (Abramowitz & Stegun
    26.7.3-4); beyond, the Cornish-Fisher expansion (26.7.5) is exact to 1e-9.

    >>> [round(t_quantile(df), 3) for df in (1, 2, 3, 10, 30, 1000)]
    [12.706, 4.303, 3.182, 2.228, 2.042, 1.962]
    """
    if df < 1:
        raise ValueError("at least one degree of freedom")
    if df > 200:
        z = Z
        g1 = (z**3 + z) / 4
        g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
        g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
        g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
        return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    low, high = 0.0, 1.0
    while _within(high, df) < LEVEL:
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if _within(middle, df) < LEVEL else (low, middle)
    return (low + high) / 2


def _within(t: float, df: int) -> float:
    """``P(|T| < t)`` for Student's T with ``df`` degrees of freedom (exact series)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:  # odd: (2/pi)(theta + sin cos (1 + 2/3 c2 + 2*4/(3*5) c2^2 + ...))
        total, term = 0.0, 1.0
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * k) / (2 * k + 1)
        series = math.sin(theta) * math.cos(theta) * total if df > 1 else 0.0
        return 2 / math.pi * (theta + series)
    total, term = 0.0, 1.0  # even: sin (1 + 1/2 c2 + 1*3/(2*4) c2^2 + ...)
    for k in range(1, df // 2 + 1):
        total += term
        term *= c2 * (2 * k - 1) / (2 * k)
    return math.sin(theta) * total


@dataclass(frozen=True)
class Proportion:
    """``count`` of ``n``, with the Wilson interval (``None`` figures when ``n`` is 0)."""

    count: int
    n: int
    value: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, count: int, n: int) -> Proportion:
        if n == 0:
            return cls(0, 0, None, None, None)
        p = count / n
        z2 = Z * Z
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        low = 0.0 if count == 0 else max(0.0, centre - half)
        high = 1.0 if count == n else min(1.0, centre + half)
        return cls(count, n, p, low, high)

    @classmethod
    def of_flags(cls, flags: Sequence[bool]) -> Proportion:
        """The share of true flags.

        >>> Proportion.of_flags([True, False, True, True]).value
        0.75
        """
        return cls.of(sum(flags), len(flags))

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "count": self.count,
            "n": self.n,
        }


@dataclass(frozen=True)
class Mean:
    """The mean of ``n`` values, with the Student t interval (``None`` when undefined)."""

    n: int
    value: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(
        cls, values: Sequence[float], least: float | None = None, most: float | None = None
    ) -> Mean:
        """The mean of ``values``; the interval is clipped to ``[least, most]`` when
        the values cannot leave it (points are never negative, a chance is at most 1).

        >>> Mean.of([0.0, 0.0, 1.0], least=0.0).low
        0.0
        """
        n = len(values)
        if n == 0:
            return cls(0, None, None, None)
        mean = math.fsum(values) / n
        if n == 1:
            return cls(1, mean, None, None)
        variance = math.fsum((x - mean) ** 2 for x in values) / (n - 1)
        half = t_quantile(n - 1) * math.sqrt(variance / n)
        low, high = mean - half, mean + half
        if least is not None:
            low = max(low, least)
        if most is not None:
            high = min(high, most)
        return cls(n, mean, low, high)

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


Figure = Proportion | Mean
