"""One verdict on a mix's balance, the same in ``wooolf compare``, ``wooolf balance`` and
the workshop's page (``/workshop``): which side a mix favours, and the figure why.

The rule compares the two **sides** that matter: in a game of teams, the two teams
that win most often; in a game without teams, the identity that wins its rounds most
often against the one that wins them least. The figure is the leading side's share
of the two: ``a / (a + b)`` for their win rates ``a`` and ``b`` (in a game of teams
where nobody else wins, just the leader's win rate), with an interval from the two
rates' 95% intervals (low: ``a_low / (a_low + b_high)``, high: ``a_high / (a_high +
b_low)``). A fair mix's share lies within :data:`FAIR` (45–55%):

- **balanced**: the whole interval lies within the fair band;
- **favoured**: the share is above the band and its interval above one half;
- **unclear**: anything else (more games narrow the interval).

An exact figure (a chance computed, not simulated) is a rate whose interval is the
rate itself.

>>> from wooolf_solver.lab.stats import Proportion
>>> verdict({"red": Proportion.of(124, 200), "blue": Proportion.of(76, 200)}).text
'red favoured: 62% (55–68%) against blue; a fair mix is within 45–55%'
>>> verdict({"red": Proportion.of(500, 1000), "blue": Proportion.of(500, 1000)}).kind
'balanced'
>>> verdict({"red": Proportion.of(6, 10), "blue": Proportion.of(4, 10)}).kind
'unclear'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .stats import NONE, Proportion, interval_text

FAIR = (0.45, 0.55)
"""The leading side's share of a fair mix."""


@dataclass(frozen=True)
class Rate:
    """A side's win rate and its interval (``low == high == rate`` when exact)."""

    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, figure: Proportion | Mapping[str, Any] | float) -> Rate | None:
        """From a share, its JSON (``rate``, ``low``, ``high``) or an exact chance;
        ``None`` when it has no value (no games).

        >>> Rate.of({"rate": 0.5, "low": 0.4, "high": 0.6}), Rate.of(0.25).high
        (Rate(rate=0.5, low=0.4, high=0.6), 0.25)
        """
        if isinstance(figure, int | float):
            return cls(float(figure), float(figure), float(figure))
        if isinstance(figure, Proportion):
            figure = figure.to_dict()
        rate, low, high = (figure.get(key) for key in ("rate", "low", "high"))
        if not isinstance(rate, int | float):
            return None
        low = low if isinstance(low, int | float) else rate
        high = high if isinstance(high, int | float) else rate
        return cls(float(rate), float(low), float(high))


@dataclass(frozen=True)
class Verdict:
    """Which side a mix favours (``kind``: ``balanced``, ``favoured``, ``unclear`` or
    ``none`` before any game), the share it is read from, and the sentence."""

    kind: str
    leader: str | None
    other: str | None
    share: Proportion | None
    text: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON of a verdict (``compare --json``, ``balance --json``, the page)."""
        share = self.share
        return {
            "kind": self.kind,
            "leader": self.leader,
            "other": self.other,
            "share": None
            if share is None
            else {"rate": share.value, "low": share.low, "high": share.high},
            "fair": list(FAIR),
            "text": self.text,
        }


def _share(a: Rate, b: Rate) -> Proportion:
    """The leader's share of the two rates, with its interval (count and n unknown: 0)."""

    def part(x: float, y: float) -> float:
        return x / (x + y) if x + y > 0 else 0.5

    return Proportion(0, 0, part(a.rate, b.rate), part(a.low, b.high), part(a.high, b.low))


def verdict(sides: Mapping[str, Proportion | Mapping[str, Any] | float]) -> Verdict:
    """The verdict on the two leading sides of ``sides`` (name -> win rate), the first
    named when rates tie; one side alone is its own share.

    >>> verdict({}).text
    'no games yet'
    >>> verdict({"red": 0.3, "blue": 0.7}).text
    'blue favoured: 70% against red; a fair mix is within 45–55%'
    """
    rates = {name: rate for name, figure in sides.items() if (rate := Rate.of(figure)) is not None}
    if not rates:
        return Verdict("none", None, None, None, "no games yet")
    order = sorted(rates, key=lambda name: -rates[name].rate)
    leader, other = order[0], order[1] if len(order) > 1 else None
    share = _share(rates[leader], rates[other] if other else Rate(0.0, 0.0, 0.0))
    low, high = FAIR
    fair = f"a fair mix is within {low * 100:.0f}–{high:.0%}"
    value, lower, upper = share.value or 0.0, share.low or 0.0, share.high or 0.0
    against = f" against {other}" if other else ""
    figure = _figure(share)
    if low <= lower and upper <= high:
        kind, head = "balanced", f"balanced: {leader} {figure}{against}"
    elif value > high and lower > 0.5:
        kind, head = "favoured", f"{leader} favoured: {figure}{against}"
    else:
        kind, head = "unclear", f"not yet clear: {leader} {figure}{against}, more games narrow it"
    return Verdict(kind, leader, other, share, f"{head}; {fair}")


def _figure(share: Proportion) -> str:
    """The share in the labs' notation (an exact one without an interval)."""
    if share.low == share.high == share.value:
        return interval_text(Proportion(0, 0, share.value, None, None))
    return interval_text(share)


def shares_of(report: Mapping[str, Any]) -> dict[str, Any]:
    """Every side's win rate in a report: its ``teams`` (each a share or an exact
    chance), else each identity's round wins (``identities``); none when it has neither.

    >>> shares_of({"identities": {"a": {"round_wins": {"rate": 0.2}}, "b": {}}})
    {'a': {'rate': 0.2}}
    """
    teams = report.get("teams")
    if isinstance(teams, Mapping):
        return dict(teams)
    identities = report.get("identities")
    if not isinstance(identities, Mapping):
        return {}
    return {
        name: figures["round_wins"]
        for name, figures in identities.items()
        if isinstance(figures, Mapping) and isinstance(figures.get("round_wins"), Mapping)
    }


def sides_of(report: Mapping[str, Any]) -> dict[str, Any]:
    """The sides a report's verdict compares: every team, or the identity that wins
    its rounds most often and the one that wins them least.

    >>> sides_of({"teams": {"red": 0.4, "blue": 0.6}})
    {'red': 0.4, 'blue': 0.6}
    >>> sides_of({"identities": {"a": {"round_wins": {"rate": 0.2}},
    ...                          "b": {"round_wins": {"rate": 0.5}},
    ...                          "c": {"round_wins": {"rate": 0.3}}}})
    {'b': {'rate': 0.5}, 'a': {'rate': 0.2}}
    """
    shares = shares_of(report)
    if isinstance(report.get("teams"), Mapping):
        return shares
    rates = {name: rate for name, figure in shares.items() if (rate := Rate.of(figure))}
    if len(rates) < 2:
        return {name: shares[name] for name in rates}
    order = sorted(rates, key=lambda name: -rates[name].rate)
    return {order[0]: shares[order[0]], order[-1]: shares[order[-1]]}


def shares_text(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every side's win rate with its interval in the labs' notation, for a page.

    >>> shares_text({"teams": {"red": {"rate": 0.5, "low": 0.4, "high": 0.6}, "blue": 0.5}})
    [{'name': 'red', 'rate': 0.5, 'low': 0.4, 'high': 0.6, 'text': '50% (40–60%)'}, \
{'name': 'blue', 'rate': 0.5, 'low': 0.5, 'high': 0.5, 'text': '50%'}]
    """
    out: list[dict[str, Any]] = []
    for name, figure in shares_of(report).items():
        rate = Rate.of(figure)
        if rate is None:
            out.append({"name": name, "rate": None, "low": None, "high": None, "text": NONE})
            continue
        share = Proportion(0, 0, rate.rate, rate.low, rate.high)
        out.append({"name": name, "rate": rate.rate, "low": rate.low, "high": rate.high,
                    "text": _figure(share)})  # fmt: skip
    return out


def judged(report: Mapping[str, Any]) -> dict[str, Any]:
    """A report's JSON with its verdict (``verdict``), when it has sides to compare:
    what ``compare --json`` prints for each mix, ``balance --json`` prints, and the
    page shows.

    >>> judged({"teams": {"red": 0.5, "blue": 0.5}})["verdict"]["kind"]
    'balanced'
    >>> judged({"points": 3})
    {'points': 3}
    """
    sides = sides_of(report)
    if not sides:
        return dict(report)
    return {**report, "verdict": verdict(sides).to_dict()}
