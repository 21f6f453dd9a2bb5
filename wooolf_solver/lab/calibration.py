"""How good a forecast is: Brier score, log-loss and a reliability table.

A **forecast** is a chance ``p`` given to a yes-or-no event before its truth is known
(in the labs: "that seat is on the other team", from one honest seat's view). Over many
forecasts:

- **Brier** score: the mean of ``(p - y)**2`` (``y`` is 1 when the event happened,
  else 0): 0 is perfect, 0.25 is a coin's;
- **log-loss**, in bits: the mean of ``-log2(q)``, ``q = 0.99 p' + 0.01 / 2`` where
  ``p'`` is the chance given to what happened (``p`` when it happened, ``1 - p`` when
  not); the mix with the uniform guess keeps a certain forecast that failed finite
  (at most ``log2(200)`` ≈ 7.64 bits), as the peer benchmark does;
- **bins**: ten bins of the forecast (``[0, 0.1)``, ..., ``[0.9, 1]``), each with the
  mean forecast, the observed frequency of the event and the count (``None`` means
  for an empty bin). A calibrated forecast has ``observed`` near ``forecast`` in
  every bin.

>>> score = Calibration.of([(0.0, False), (1.0, True), (0.5, True), (0.5, False)])
>>> score.brier, round(score.log_loss, 4), score.count
(0.125, 0.5036, 4)
>>> [(b.forecast, b.observed, b.count) for b in score.bins if b.count]
[(0.0, 0.0, 1), (0.5, 0.5, 2), (1.0, 1.0, 1)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.speech import SPEECH_MODELS

BINS = 10
"""The reliability table's bins, of equal width."""

FLOOR = 0.01
"""The share of the uniform guess mixed into each forecast for the log-loss."""

Forecast = tuple[float, bool]
"""A chance given to an event, and whether it happened."""


def bits(p: float, happened: bool) -> float:
    """The log-loss of one forecast, in bits.

    >>> round(bits(1.0, True), 4), round(bits(1.0, False), 3), bits(0.5, True)
    (0.0072, 7.644, 1.0)
    """
    given = p if happened else 1.0 - p
    return -math.log2((1.0 - FLOOR) * given + FLOOR / 2)


def bin_of(p: float) -> int:
    """The bin of a forecast: ``[k/10, (k+1)/10)``, the last one closed.

    >>> bin_of(0.0), bin_of(0.0999), bin_of(0.1), bin_of(1.0)
    (0, 0, 1, 9)
    """
    return min(BINS - 1, max(0, math.floor(p * BINS)))


@dataclass(frozen=True)
class Bin:
    """One bin of the reliability table."""

    forecast: float | None
    """The mean forecast in the bin (``None``: empty)."""
    observed: float | None
    """The share of its events that happened (``None``: empty)."""
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"forecast": self.forecast, "observed": self.observed, "count": self.count}


@dataclass(frozen=True)
class Calibration:
    """The scores of a set of forecasts (``None`` scores: no forecasts)."""

    brier: float | None
    log_loss: float | None
    bins: tuple[Bin, ...]

    @property
    def count(self) -> int:
        return sum(b.count for b in self.bins)

    @classmethod
    def of(cls, forecasts: Iterable[Forecast]) -> Calibration:
        """The scores of ``forecasts``."""
        total = [0.0] * BINS
        hits = [0] * BINS
        counts = [0] * BINS
        brier = loss = 0.0
        for p, happened in forecasts:
            k = bin_of(p)
            total[k] += p
            hits[k] += happened
            counts[k] += 1
            brier += (p - happened) ** 2
            loss += bits(p, happened)
        n = sum(counts)
        bins = tuple(
            Bin(total[k] / counts[k], hits[k] / counts[k], counts[k])
            if counts[k]
            else Bin(None, None, 0)
            for k in range(BINS)
        )
        return cls(brier / n if n else None, loss / n if n else None, bins)

    def to_dict(self) -> dict[str, Any]:
        """``{"brier", "log_loss", "count", "bins": [{"forecast", "observed", "count"}]}``."""
        return {
            "brier": self.brier,
            "log_loss": self.log_loss,
            "count": self.count,
            "bins": [b.to_dict() for b in self.bins],
        }


def calibration(forecasts: Mapping[str, Sequence[Forecast]]) -> dict[str, Any]:
    """Each model's scores, as JSON (the labs' ``calibration`` object).

    >>> calibration({"mimic": [(0.25, False)], "free": []})["mimic"]["brier"]
    0.0625
    """
    return {model: Calibration.of(found).to_dict() for model, found in forecasts.items()}


GameForecasts = Iterable[tuple[str, Iterable[Forecast]]]
"""One played game's forecasts: per speech model, those its honest seats made."""


def pooled(games: Iterable[GameForecasts]) -> dict[str, Any]:
    """Each speech model's scores over every game's forecasts (:func:`calibration`).

    >>> pooled([[("mimic", [(0.5, True)])], [("mimic", [(0.5, False)])]])["mimic"]["count"]
    2
    """
    found: dict[str, list[Forecast]] = {model: [] for model in SPEECH_MODELS}
    for game in games:
        for model, forecasts in game:
            found[model] += forecasts
    return calibration(found)


def calibration_rows(
    reports: Sequence[Mapping[str, Any]], event: str = "P(event)"
) -> list[tuple[str, ...]]:
    """The reports' calibration as rows of a readable table, one cell per report: each
    model's Brier score and log-loss of the forecasts of ``event`` (no rows when no
    report has a calibration).

    >>> calibration_rows([{"calibration": calibration({"mimic": [(0.25, False)]})}], "P(x)")
    [('P(x) under mimic: Brier, log-loss', '0.062, 0.42 bits (1)')]
    """
    models = dict.fromkeys(model for r in reports for model in r.get("calibration") or {})

    def cell(report: Mapping[str, Any], model: str) -> str:
        score = (report.get("calibration") or {}).get(model)
        if score is None or score["brier"] is None:
            return "—"
        return f"{score['brier']:.3f}, {score['log_loss']:.2f} bits ({score['count']})"

    return [
        (f"{event} under {model}: Brier, log-loss", *(cell(r, model) for r in reports))
        for model in models
    ]


def plot_reliability(
    axes: Any, scores: Mapping[str, Mapping[str, Any]], title: str = "", event: str = "P(event)"
) -> None:
    """Draw a reliability diagram on a matplotlib ``axes``: for each model of
    ``scores`` (a report's ``calibration``), the observed frequency against the mean
    forecast of each non-empty bin (a marker's area grows with its count), and the
    diagonal of a calibrated forecast.

    >>> from matplotlib.figure import Figure
    >>> axes = Figure().subplots()
    >>> plot_reliability(axes, calibration({"mimic": [(0.25, False), (0.75, True)]}), "lab")
    >>> axes.get_title(), len(axes.lines)
    ('lab', 2)
    """
    axes.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1)
    for model, score in scores.items():
        full = [b for b in score["bins"] if b["count"]]
        total = max(1, sum(b["count"] for b in full))
        label = model if score["brier"] is None else (
            f"{model}: Brier {score['brier']:.3f}, {score['log_loss']:.2f} bits"
        )  # fmt: skip
        line = axes.plot([b["forecast"] for b in full], [b["observed"] for b in full],
                         marker="", label=label)[0]  # fmt: skip
        axes.scatter([b["forecast"] for b in full], [b["observed"] for b in full],
                     s=[20 + 400 * b["count"] / total for b in full], color=line.get_color(),
                     alpha=0.6)  # fmt: skip
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.set_xlabel(f"forecast {event} (bin mean)")
    axes.set_ylabel("observed frequency")
    if title:
        axes.set_title(title)
    axes.legend(loc="upper left", fontsize="small")


__all__ = [
    "BINS",
    "Bin",
    "Calibration",
    "Forecast",
    "bin_of",
    "bits",
    "calibration",
    "calibration_rows",
    "plot_reliability",
]
