"""The labs' one interval notation (:func:`wooolf_solver.lab.stats.interval_text`): a
share in whole percents with its interval, ``37% (28–47%)``, never 0 or 100 unless
exact, the interval around the figure; a mean to two decimals, ``1.67 (0.23–3.10)``."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.lab.stats import Mean, Proportion, error_bars, interval_text

PART = r"(<1|>99|\d{1,3})"
SHARE = re.compile(rf"{PART}% \({PART}–{PART}%\)")


def number(part: str) -> float:
    """A printed percent as a number (``<1`` and ``>99`` between their neighbours)."""
    return {"<1": 0.5, ">99": 99.5}.get(part) or float(part)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_a_share_reads_at_a_glance(trial: tuple[int, int]) -> None:
    count, n = trial
    text = interval_text(Proportion.of(count, n))
    match = SHARE.fullmatch(text)
    assert match is not None, text
    value, low, high = (number(part) for part in match.groups())
    assert low <= value <= high
    assert (match[1] == "0") == (count == 0) and (match[1] == "100") == (count == n)


@given(st.lists(st.floats(0, 100, allow_nan=False), min_size=2, max_size=50))
def test_a_mean_has_two_decimals_and_its_interval(values: list[float]) -> None:
    mean = Mean.of(values, least=0.0)
    text = interval_text(mean)
    assert re.fullmatch(r"\d+\.\d\d \(\d+\.\d\d–\d+\.\d\d\)", text), text
    assert text.startswith(f"{mean.value:.2f} (")


def test_no_figure_and_no_interval() -> None:
    assert interval_text(Proportion.of(0, 0)) == interval_text(Mean.of([])) == "—"
    assert interval_text(Mean.of([2.0])) == "2.00"
    assert error_bars([Mean.of([2.0])]) == ([2.0], [[0.0], [0.0]])


def test_the_json_of_a_share_and_a_mean() -> None:
    assert Proportion.of(3, 4).to_dict().keys() == {"rate", "low", "high", "count", "n"}
    assert Mean.of([1.0, 2.0]).to_dict().keys() == {"mean", "low", "high", "n"}
