"""The one verdict rule (:mod:`wooolf_solver.lab.verdict`): what each kind promises, for
any win counts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.lab.stats import Proportion
from wooolf_solver.lab.verdict import FAIR, judged, sides_of, verdict

counts = st.integers(0, 400).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n)))


@given(counts, st.integers(0, 50))
def test_each_kind_keeps_its_promise(split: tuple[int, int], others: int) -> None:
    first, n = split
    total = n + others
    sides = {
        "a": Proportion.of(first, total),
        "b": Proportion.of(n - first, total),
        "c": Proportion.of(others, total),
    }
    judged_ = verdict(sides)
    if total == 0:
        assert judged_.kind in ("none", "unclear", "balanced")
        return
    share = judged_.share
    assert share is not None and share.value is not None
    assert share.low is not None and share.high is not None
    assert share.low <= share.value <= share.high
    rates = {name: figure.value or 0.0 for name, figure in sides.items()}
    assert rates[judged_.leader or ""] == max(rates.values())
    if judged_.kind == "balanced":
        assert FAIR[0] <= share.low and share.high <= FAIR[1]
    if judged_.kind == "favoured":
        assert share.value > FAIR[1] and share.low > 0.5
    assert judged_.text.endswith("a fair mix is within 45–55%") and "\n" not in judged_.text


@given(st.floats(0, 1))
def test_exact_chances_are_never_unclear(chance: float) -> None:
    kind = verdict({"a": chance, "b": 1 - chance}).kind
    assert kind in ("balanced", "favoured")


@given(st.dictionaries(st.text("abc", min_size=1), st.integers(0, 9), max_size=4))
def test_identities_compare_the_most_and_least_winning(wins: dict[str, int]) -> None:
    report = {
        "identities": {
            name: {"round_wins": Proportion.of(k, 9).to_dict()} for name, k in wins.items()
        }
    }
    sides = sides_of(report)
    assert len(sides) == min(len(wins), 2)
    if len(wins) >= 2:
        rates = [side["rate"] for side in sides.values()]
        assert rates == [max(wins.values()) / 9, min(wins.values()) / 9]
    assert ("verdict" in judged(report)) == bool(wins)
