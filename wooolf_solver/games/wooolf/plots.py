"""Bar charts of reports, with the 95% intervals as error bars (matplotlib, no pyplot:
no global state, no display needed).

:func:`report_figure` draws one report (or several side by side, one bar colour per
report, for :func:`compare <wooolf_solver.games.wooolf.lab.simulate>` runs): per identity
the share of right declarations (early and final together) and the mean points per
round, the share of rounds won per identity, and the mean points per game per bot.
:func:`save_figure` writes it as PNG, SVG or PDF, as the file's suffix says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ...core.errors import InvalidArgumentError
from ...lab.runner import PLOT_FORMATS as FORMATS
from ...lab.stats import Mean, Proportion, error_bars

if TYPE_CHECKING:  # the lab draws its reports here: no import back at run time
    from .lab import IdentityFigures, PlayerFigures, Report


def report_figure(reports: Sequence[Report], labels: Sequence[str] | None = None) -> Figure:
    """Four panels of bars with error bars; one colour per report.

    >>> from wooolf_solver.games.wooolf.lab import Deck, Simulation, simulate
    >>> report = simulate(Simulation(Deck(), 4, ("random",), analyse=False), 2)
    >>> len(report_figure([report]).axes)
    4
    """
    names = labels or [r.simulation.deck.label for r in reports]
    figure = Figure(figsize=(11, 7.5), layout="constrained")
    panels = figure.subplots(2, 2)
    identities = list(dict.fromkeys(name for r in reports for name in r.identities))

    def of_identity(pick: Callable[[IdentityFigures], Proportion | Mean]) -> list[list[Fig]]:
        return [
            [pick(r.identities[name]) if name in r.identities else None for name in identities]
            for r in reports
        ]

    _bars(panels[0][0], identities, of_identity(lambda f: f.right), names, share=True)
    panels[0][0].set_title("Declarations right (early and final)")
    _bars(panels[0][1], identities, of_identity(lambda f: f.points), names)
    panels[0][1].set_title("Points per round")
    _bars(panels[1][0], identities, of_identity(lambda f: f.round_wins), names, share=True)
    panels[1][0].set_title("Rounds won")
    bots = list(dict.fromkeys(bot for r in reports for bot in r.by_bot()))

    def of_bot(pick: Callable[[PlayerFigures], Proportion | Mean]) -> list[list[Fig]]:
        return [[pick(r.by_bot()[b]) if b in r.by_bot() else None for b in bots] for r in reports]

    _bars(panels[1][1], bots, of_bot(lambda f: f.points), names)
    panels[1][1].set_title("Points per game, by bot")
    if len(reports) > 1:
        handles, texts = panels[0][0].get_legend_handles_labels()
        figure.legend(handles, texts, loc="outside lower center", ncols=len(reports))
    title = ", ".join(names)
    first = reports[0].simulation
    each = " each" if len(reports) > 1 else ""
    figure.suptitle(
        f"{title}: {first.players} players, {reports[0].games} games{each} (bars: 95% intervals)"
    )
    return figure


Fig = Proportion | Mean | None


def _bars(
    axes: Axes,
    groups: Sequence[str],
    series: Sequence[Sequence[Fig]],
    names: Sequence[str],
    share: bool = False,
) -> None:
    width = 0.8 / max(1, len(series))
    for index, (values, name) in enumerate(zip(series, names, strict=True)):
        xs = [k + (index - (len(series) - 1) / 2) * width for k in range(len(groups))]
        heights, (below, above) = error_bars(values)
        scale = 100.0 if share else 1.0
        axes.bar(
            xs,
            [h * scale for h in heights],
            width,
            yerr=[[b * scale for b in below], [a * scale for a in above]],
            capsize=3,
            label=name,
        )
    axes.set_xticks(range(len(groups)), list(groups))
    if share:
        axes.set_ylim(0, 105)
        axes.set_ylabel("%")
    axes.axhline(0, color="black", linewidth=0.5)


def check_path(path: str | Path) -> Path:
    """Refuse a file whose suffix names no format a plot is written in.

    >>> check_path("report.gif")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidArgumentError: report.gif: a plot is .png, .svg, .pdf
    """
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise InvalidArgumentError(f"{path}: a plot is {', '.join(FORMATS)}")
    return path


def save_figure(figure: Figure, path: str | Path) -> None:
    """Write the figure; the suffix (``.png``, ``.svg``, ``.pdf``) picks the format."""
    figure.savefig(check_path(path), dpi=120)
