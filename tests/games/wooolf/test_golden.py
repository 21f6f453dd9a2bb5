"""Golden answers (``golden.yaml``) for hand-made records, from every engine."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver import InconsistentRecordError, Round, solve
from wooolf_solver.core.documents import parse_yaml
from wooolf_solver.games.wooolf.engines import ENGINES
from wooolf_solver.games.wooolf.engines import engine as get_engine
from wooolf_solver.games.wooolf.model import knowledge_of

CASES: list[dict[str, Any]] = parse_yaml(
    Path(__file__).with_name("golden.yaml").read_text(encoding="utf-8")
)
BY_NAME = {case["name"]: case for case in CASES}


def number(value: Any) -> float:
    """A probability written as a number or as an exact fraction ``"a/b"``."""
    return float(Fraction(value)) if isinstance(value, str) else float(value)


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """The name of one of a round's engines."""
    name: str = request.param
    return name


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[pytest.mark.slow] if case.get("slow") else [])
        for name, case in BY_NAME.items()
    ],
)
def test_golden(engine: str, name: str) -> None:
    case = BY_NAME[name]
    expect = case["expect"]
    tolerance = float(case.get("tolerance", 1e-9))
    round_ = Round.from_dict(case["record"])
    if "conflict" in expect:
        assert not get_engine(engine).consistent(knowledge_of(round_))
        with pytest.raises(InconsistentRecordError) as error:
            solve(round_, engine=engine)
        assert list(error.value.conflict) == expect["conflict"]
        return
    posterior = solve(round_, engine=engine)
    assert posterior.deals == expect["deals"]
    assert set(posterior.roles) == set(expect["roles"])
    for seat, roles in expect["roles"].items():
        assert set(posterior.roles[seat]) == set(roles), f"seat {seat}"
        for identity, probability in roles.items():
            got = posterior.roles[seat][identity]
            assert got == pytest.approx(number(probability), abs=tolerance), (seat, identity)
    declarations = [d for d in posterior.declarations() if d.probability > 0]
    expected = [(tuple(targets), number(p)) for targets, p in expect.get("declarations", [])]
    assert [d.targets for d in declarations] == [targets for targets, _ in expected]
    for declaration, (_, probability) in zip(declarations, expected, strict=True):
        assert declaration.probability == pytest.approx(probability, abs=tolerance)
        assert declaration.certain == (probability == 1)


def test_another_seats_sight_is_ignored() -> None:
    """A `sees` on another seat's peek is that seat's knowledge: dropping it changes
    nothing for the viewpoint, while the viewpoint's own `sees` is used."""
    record = BY_NAME["private peeks, seat 1's view (a tie)"]["record"]
    events = [dict(event) for event in record["events"]]
    events[1].pop("sees")
    plain = solve(Round.from_dict({**record, "events": events}), engine="brute")
    full = solve(Round.from_dict(record), engine="brute")
    assert (full.deals, full.roles) == (plain.deals, plain.roles)
    events[0].pop("sees")  # now only the announcement "?" of seat 1's own peek
    public = solve(Round.from_dict({**record, "events": events}), engine="brute")
    assert public.deals != full.deals
