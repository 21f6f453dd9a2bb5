"""The brute-force reference: every world of a record enumerated, weighed exactly.

It walks every deal of the :class:`~.model.Space` and, for each, every combination of
the players' choices in the night prior's support, and sums exact weights
(:class:`~fractions.Fraction`) into every output of ``solve``. Certainty comes from
exact zeros. An inconsistent record gets a minimal conflict by deletion.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> solution = solve(record)
>>> solution.dawn[1]["werewolf"], solution.dawn[2]["werewolf"], solution.no_werewolf
(Fraction(2, 3), Fraction(1, 3), Fraction(0, 1))
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from types import MappingProxyType
from typing import Any

from ...core.errors import EventId
from .model import (
    Model,
    World,
    choice_variable,
    dawn,
    dealt,
    is_true,
    model_of,
    no_werewolf,
    team,
    win_if,
)
from .record import DealRecord
from .rules import Layout, Seat, Slot

Distribution = Mapping[str, Fraction]


@dataclass(frozen=True)
class Solution:
    """Every output of ``solve``, exact."""

    layout: Layout
    consistent: bool
    worlds: int = 0
    dawn: Mapping[Slot, Distribution] = field(default_factory=dict)
    dealt: Mapping[Slot, Distribution] = field(default_factory=dict)
    team: Mapping[Seat, Distribution] = field(default_factory=dict)
    no_werewolf: Fraction = Fraction(0)
    lying: Mapping[Seat, Fraction] = field(default_factory=dict)
    win_if: Mapping[Seat | None, Fraction] | None = None
    """By the seat that dies (``None``: nobody); only with a viewpoint."""
    conflict: tuple[EventId, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON: probabilities as floats, zero entries left out.

        >>> from wooolf_solver.games.onuw.record import read_record
        >>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
        ...     "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "robber", "c2": "seer"}}}})
        >>> solve(record).to_dict()
        {'consistent': False, 'conflict': ['night']}
        """
        if not self.consistent:
            return {"consistent": False, "conflict": list(self.conflict)}
        name = self.layout.name

        def table(dist: Mapping[Any, Distribution]) -> dict[str, dict[str, float]]:
            return {
                name(slot): {card: float(p) for card, p in sorted(d.items()) if p}
                for slot, d in dist.items()
            }

        out: dict[str, Any] = {
            "consistent": True,
            "worlds": self.worlds,
            "dawn": table(self.dawn),
            "dealt": table(self.dealt),
            "team": table(self.team),
            "no_werewolf": float(self.no_werewolf),
            "lying": {str(seat): float(p) for seat, p in self.lying.items()},
        }
        if self.win_if is not None:
            out["win_if"] = {
                "nobody" if seat is None else str(seat): float(p) for seat, p in self.win_if.items()
            }
        return out


def worlds(model: Model) -> Iterator[World]:
    """Every world with a non-zero night prior, deal by deal."""
    layout, prior = model.layout, model.prior
    for deal in model.space.deals():
        cards = tuple(deal[slot][0] for slot in layout.slots)
        supports = [prior.support(seat, cards) for seat in layout.seats]
        for choices in product(*supports):
            values: dict[Any, Any] = dict(deal)
            values.update(
                (choice_variable(seat), choice)
                for seat, choice in zip(layout.seats, choices, strict=True)
            )
            yield model.world(values)


def consistent(model: Model) -> bool:
    """Whether some world has a non-zero weight."""
    return any(model.weight(world) for world in worlds(model))


def conflict(model: Model) -> tuple[EventId, ...]:
    """A minimal set of events (claims, ``"night"``) that cannot all hold: each event
    is dropped in turn when the rest still cannot hold."""
    kept = list(model.events)
    for event in model.events:
        rest = [other for other in kept if other != event]
        if not consistent(model.restricted(rest)):
            kept = rest
    return tuple(kept)


def solve(record: DealRecord) -> Solution:
    """Every output of ``solve`` for ``record``, by enumeration."""
    return solve_model(model_of(record))


def solve_model(model: Model) -> Solution:
    layout, viewpoint = model.layout, model.viewpoint
    total = Fraction(0)
    count = 0
    dawn_w: dict[Slot, dict[str, Fraction]] = {slot: defaultdict(Fraction) for slot in layout.slots}
    dealt_w: dict[Slot, dict[str, Fraction]] = {
        slot: defaultdict(Fraction) for slot in layout.slots
    }
    team_w: dict[Seat, dict[str, Fraction]] = {seat: defaultdict(Fraction) for seat in layout.seats}
    no_wolf = Fraction(0)
    lying_w = {claim.seat: Fraction(0) for claim in model.claims}
    deaths: tuple[Seat | None, ...] = ()
    if viewpoint is not None:
        deaths = (*(seat for seat in layout.seats if seat != viewpoint), None)
    win_w = {dies: Fraction(0) for dies in deaths}
    for world in worlds(model):
        weight = model.weight(world)
        if not weight:
            continue
        count += 1
        total += weight
        for slot in layout.slots:
            dawn_w[slot][dawn(world, slot)] += weight
            dealt_w[slot][dealt(world, slot)] += weight
        for seat in layout.seats:
            team_w[seat][team(world, seat)] += weight
        if no_werewolf(world):
            no_wolf += weight
        for claim in model.claims:
            if not is_true(claim, world):
                lying_w[claim.seat] += weight
        if viewpoint is not None:
            for dies in deaths:
                if win_if(world, viewpoint, dies):
                    win_w[dies] += weight
    if not count:
        return Solution(layout, False, conflict=conflict(model))

    def normal(weights: Mapping[Any, dict[str, Fraction]]) -> Mapping[Any, Distribution]:
        return MappingProxyType(
            {key: {card: w / total for card, w in sorted(d.items())} for key, d in weights.items()}
        )

    return Solution(
        layout,
        True,
        count,
        normal(dawn_w),
        normal(dealt_w),
        normal(team_w),
        no_wolf / total,
        {seat: w / total for seat, w in lying_w.items()},
        {dies: w / total for dies, w in win_w.items()} if viewpoint is not None else None,
    )
