"""Figures with 95% confidence intervals: proportions (Wilson) and means (Student t), and
the one notation every lab prints them in (:func:`interval_text`).

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
>>> interval_text(p), interval_text(m)
('90% (79–96%)', '2.50 (0.45–4.55)')
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
        """The JSON of a share in every lab: ``rate``, the interval's ``low`` and
        ``high``, and the ``count`` of ``n`` it comes from.

        >>> Proportion.of(1, 2).to_dict()["rate"], Proportion.of(0, 0).to_dict()["rate"]
        (0.5, None)
        """
        return {
            "rate": self.value,
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
        """The JSON of a mean in every lab: ``mean``, the interval's ``low`` and ``high``
        (``None`` for fewer than two values) and ``n``."""
        return {"mean": self.value, "low": self.low, "high": self.high, "n": self.n}


Figure = Proportion | Mean
"""A lab's figure: a share or a mean, each with its interval."""

NONE = "—"
"""What :func:`interval_text` prints for a figure of no trials."""


def interval_text(figure: Figure | None, percent: bool | None = None, digits: int = 2) -> str:
    """A figure and its 95% interval, as every lab prints it: a share in whole percents,
    ``37% (28–47%)``; a mean to ``digits`` decimals, ``1.67 (0.23–3.10)``. A mean of
    chances reads better in percents (``percent=True``; a share always is). Without an
    interval (a mean of one value) only the figure; without a figure (no trials) ``—``.

    >>> interval_text(Proportion.of(37, 100)), interval_text(Mean.of([1.0, 2.0, 2.0]))
    ('37% (28–47%)', '1.67 (0.23–3.10)')
    >>> interval_text(Mean.of([0.25, 0.5, 0.75], 0.0, 1.0), True), interval_text(Mean.of([3.0]))
    ('50% (0–100%)', '3.00')
    >>> interval_text(Proportion.of(0, 0)), interval_text(None)
    ('—', '—')

    A share neither 0 nor 1 never prints as ``0`` or ``100``:

    >>> interval_text(Proportion.of(1, 400)), interval_text(Proportion.of(399, 400))
    ('<1% (<1–1%)', '>99% (99–>99%)')
    """
    if figure is None or figure.value is None:
        return NONE
    if percent is None:
        percent = isinstance(figure, Proportion)

    def shown(x: float) -> str:
        return _whole_percent(x) if percent else f"{x:.{digits}f}"

    unit = "%" if percent else ""
    text = f"{shown(figure.value)}{unit}"
    if figure.low is None or figure.high is None:
        return text
    return f"{text} ({shown(figure.low)}–{shown(figure.high)}{unit})"


def error_bars(figures: Sequence[Figure | None]) -> tuple[list[float], list[list[float]]]:
    """The figures' values and their intervals as a bar chart's error bars (matplotlib's
    ``yerr``: the distances below and above); 0 for what a figure lacks.

    >>> values, (below, above) = error_bars([Proportion.of(1, 2), None])
    >>> values, [round(x, 3) for x in below], [round(x, 3) for x in above]
    ([0.5, 0.0], [0.405, 0.0], [0.405, 0.0])
    """
    values = [f.value if f is not None and f.value is not None else 0.0 for f in figures]
    below = [
        v - f.low if f is not None and f.low is not None else 0.0
        for v, f in zip(values, figures, strict=True)
    ]
    above = [
        f.high - v if f is not None and f.high is not None else 0.0
        for v, f in zip(values, figures, strict=True)
    ]
    return values, [below, above]


def _whole_percent(x: float) -> str:
    """``x`` in whole percents (without the sign); strictly between 0 and 1, never 0 or
    100 (``<1``, ``>99``).

    >>> [_whole_percent(x) for x in (0.0, 0.004, 0.005, 0.37, 0.995, 1.0)]
    ['0', '<1', '<1', '37', '>99', '100']
    """
    shown = f"{x * 100:.0f}"
    if shown == "0" and x > 0:
        return "<1"
    if shown == "100" and x < 1:
        return ">99"
    return shown
