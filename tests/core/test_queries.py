"""Named queries: a game's answers beyond the roles, counted by every generic engine
into the one tally, read exactly by the generic posterior."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.errors import EventId
from wooolf_solver.core.knowledge import Knowledge, Observation, Seat
from wooolf_solver.core.posterior import Posterior
from wooolf_solver.core.space import Space, Var, World
from wooolf_solver.engines import ENGINES, get_engine


@dataclass(frozen=True)
class Pairs:
    """Event ``event``: seats ``a`` and ``b`` hold the same card ``weight`` times as often."""

    event: EventId
    a: Seat
    b: Seat
    weight: int

    def scope(self) -> tuple[Var, ...]:
        return (self.a, self.b)

    def likelihood(self, world: World) -> int:
        return self.weight if world[self.a] == world[self.b] else 1


@dataclass(frozen=True)
class DeckKnowledge(Knowledge):
    """``players`` seats dealt from a deck of spies and citizens; queries: the number
    of spies among the first two seats, and whether the last seat is a spy."""

    players: int
    spies: int
    observations: tuple[Observation, ...]
    viewpoint: Seat | None = None

    @property
    def space(self) -> Space:
        cards = (("citizen", self.players - self.spies), ("spy", self.spies))
        return Space(tuple(c for c in cards if c[1]), self.seats, 1)

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.players + 1))

    def role(self, world: World, seat: Seat) -> str:
        card: str = world[seat][0]
        return card

    @property
    def role_names(self) -> tuple[str, ...]:
        return ("citizen", "spy")

    @property
    def query_names(self) -> tuple[str, ...]:
        return ("front spies", "last spy")

    def queries(self, world: World) -> Mapping[str, Iterable[Hashable]]:
        front = sum(world[seat] == ("spy",) for seat in (1, 2))
        last = (True,) if world[self.players] == ("spy",) else ()
        return {"front spies": (front,), "last spy": last}


def by_hand(knowledge: DeckKnowledge) -> dict[str, dict[Hashable, Fraction]]:
    """The queries' chances computed directly, over every seating of the spies."""
    sums: dict[str, dict[Hashable, Fraction]] = {"front spies": {}, "last spy": {}}
    total = Fraction(0)
    for spies in combinations(knowledge.seats, knowledge.spies):
        world = {seat: ("spy",) if seat in spies else ("citizen",) for seat in knowledge.seats}
        weight = Fraction(knowledge.likelihood(world))
        total += weight
        for name, keys in knowledge.queries(world).items():
            for key in keys:
                sums[name][key] = sums[name].get(key, Fraction(0)) + weight
    return {name: {k: w / total for k, w in sums[name].items() if w} for name in sums}


@pytest.mark.parametrize("engine", list(ENGINES))
@given(
    players=st.integers(3, 6),
    data=st.data(),
)
def test_every_engine_counts_the_queries_exactly(
    engine: str, players: int, data: st.DataObject
) -> None:
    spies = data.draw(st.integers(1, players - 1))
    pairs = data.draw(
        st.lists(
            st.tuples(st.integers(1, players), st.integers(1, players), st.integers(0, 3)),
            max_size=3,
        )
    )
    observations = tuple(Pairs(i, a, b, w) for i, (a, b, w) in enumerate(pairs, 1) if a != b)
    knowledge = DeckKnowledge(players, spies, observations)
    if not get_engine("brute").consistent(knowledge):
        return
    posterior = Posterior(knowledge, get_engine(engine).tally(knowledge))
    expected = by_hand(knowledge)
    for name in knowledge.query_names:
        chances = posterior.chances(name)
        assert chances == expected[name]
        assert all(isinstance(p, Fraction) for p in chances.values())
