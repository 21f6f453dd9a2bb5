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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from types import MappingProxyType
from typing import Any

from ...core.errors import EventId
from ...core.space import World
from .model import OnuwKnowledge, choice_variable, knowledge_of, weight
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


def worlds(knowledge: OnuwKnowledge) -> Iterator[World]:
    """Every world with a non-zero night prior, deal by deal."""
    layout, prior = knowledge.layout, knowledge.prior
    space = knowledge.space
    for deal in space.deals():
        values: dict[Any, Any] = {**space.known, **deal}
        cards = tuple(values[slot][0] for slot in layout.slots)
        supports = [prior.support(seat, cards) for seat in layout.seats]
        for choices in product(*supports):
            world = dict(values)
            world.update(
                (choice_variable(seat), choice)
                for seat, choice in zip(layout.seats, choices, strict=True)
            )
            yield world


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some world has a non-zero weight."""
    return any(weight(knowledge, world) for world in worlds(knowledge))


def conflict(knowledge: OnuwKnowledge) -> tuple[EventId, ...]:
    """A minimal set of events (claims, ``"night"``) that cannot all hold, by the same
    deletion as the other engines (each event dropped in turn while the rest still
    cannot hold)."""
    return knowledge.conflict(consistent)


def solve(record: DealRecord) -> Solution:
    """Every output of ``solve`` for ``record``, by enumeration."""
    return solve_knowledge(knowledge_of(record))


def solve_knowledge(knowledge: OnuwKnowledge) -> Solution:
    """Every output of ``solve`` for a compiled knowledge."""
    return solution_of(knowledge, worlds(knowledge), consistent)


def solution_of(
    knowledge: OnuwKnowledge,
    candidates: Iterable[World],
    consistent: Callable[[OnuwKnowledge], bool],
) -> Solution:
    """Every output of ``solve`` from ``candidates`` (as :func:`summarize`), or, with
    no consistent world, the conflict an engine's ``consistent`` finds."""
    solution = summarize(knowledge, candidates)
    if solution is None:
        return Solution(knowledge.layout, False, conflict=knowledge.conflict(consistent))
    return solution


def summarize(knowledge: OnuwKnowledge, candidates: Iterable[World]) -> Solution | None:
    """Every output of ``solve`` from ``candidates``, distinct worlds among which are
    all those of non-zero weight, each weighed exactly (:func:`~.model.weight`);
    ``None`` when none has a non-zero weight. ``worlds`` counts the distinct worlds
    of non-zero weight (not the physical deals: see docs/onuw/choices.md)."""
    layout, viewpoint = knowledge.layout, knowledge.viewpoint
    total = 0
    count = 0
    dawn_w: dict[Slot, dict[str, int]] = {slot: defaultdict(int) for slot in layout.slots}
    dealt_w: dict[Slot, dict[str, int]] = {slot: defaultdict(int) for slot in layout.slots}
    team_w: dict[Seat, dict[str, int]] = {seat: defaultdict(int) for seat in layout.seats}
    no_wolf = 0
    lying_w = {claim.seat: 0 for claim in knowledge.claims}
    deaths: tuple[Seat | None, ...] = ()
    if viewpoint is not None:
        deaths = (*(seat for seat in layout.seats if seat != viewpoint), None)
    win_w = dict.fromkeys(deaths, 0)
    for world in candidates:
        mass = weight(knowledge, world)
        if not mass:
            continue
        count += 1
        total += mass
        for slot in layout.slots:
            dawn_w[slot][knowledge.dawn(world, slot)] += mass
            dealt_w[slot][knowledge.dealt(world, slot)] += mass
        for seat in layout.seats:
            team_w[seat][knowledge.team(world, seat)] += mass
        if knowledge.no_werewolf(world):
            no_wolf += mass
        for claim in knowledge.claims:
            if knowledge.lying(world, claim):
                lying_w[claim.seat] += mass
        for dies in deaths:
            if knowledge.win_if(world, dies):
                win_w[dies] += mass
    if not count:
        return None

    def normal(weights: Mapping[Any, dict[str, int]]) -> Mapping[Any, Distribution]:
        return MappingProxyType(
            {
                key: {card: Fraction(w, total) for card, w in sorted(d.items())}
                for key, d in weights.items()
            }
        )

    return Solution(
        layout,
        True,
        count,
        normal(dawn_w),
        normal(dealt_w),
        normal(team_w),
        Fraction(no_wolf, total),
        {seat: Fraction(w, total) for seat, w in lying_w.items()},
        {dies: Fraction(w, total) for dies, w in win_w.items()} if viewpoint is not None else None,
    )
