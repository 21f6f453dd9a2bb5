"""The night hint of ONUW: which option of the viewpoint's night choice teaches most.

The viewpoint has a dealt card with a night choice (seer, robber, troublemaker,
drunk, a lone werewolf) and has not chosen yet. Each option (and "do nothing" where
the role may pass) is held fixed and scored by what it teaches about ``D``, the set
of player seats holding a werewolf card at dawn: ``gain_bits = H(D | option) −
Σ_o P(o | option) · H(D | option, o)``, ``o`` being what the viewpoint would see.

The option is a fact (not weighted); everyone else's night follows the night prior,
and the claims already made weigh as in ``solve``. The worlds are enumerated as the
brute-force reference does (:func:`.brute.worlds`), each option's exactly.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1, "cards": {1: "seer"}})
>>> best = hint(record).options[0]
>>> best.option, round(best.gain_bits, 3)
((4, 5), 1.918)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import log2
from types import MappingProxyType
from typing import Any

from ...core.errors import EventId, InconsistentRecordError, InvalidRecordError
from ...core.knowledge import Observation
from ...core.space import Var, World
from . import brute
from .model import NightPrior, OnuwKnowledge, choice_variable, knowledge_of, night_of, weight
from .night import NOTHING, Choice, NightEntry, NightState, power_of
from .record import DealRecord
from .rules import Layout, Rules, Seat

NOTHING_SEEN = "nothing"
"""The outcome of an option that shows no card (troublemaker, drunk, do nothing)."""


@dataclass(frozen=True)
class NightSoFar:
    """What the viewpoint knows of its night before choosing: a lone werewolf knows
    it is alone (its entry's ``wolves``); every key it gives must hold."""

    seat: Seat
    entry: NightEntry
    rules: Rules = field(repr=False)
    layout: Layout = field(repr=False)
    event: EventId = "night"

    def scope(self) -> tuple[Var, ...]:
        return (*self.layout.slots, *(choice_variable(seat) for seat in self.layout.seats))

    def likelihood(self, world: World) -> int:
        real = night_of(self.rules, self.layout, world).entries[self.seat]
        return int(self.entry.agrees_with(real))


@dataclass(frozen=True)
class OptionScore:
    """One option, what it would show and how much it teaches (in bits)."""

    option: Choice
    gain_bits: float
    outcomes: Mapping[str, Fraction]
    """What the viewpoint would see, by its chance (given the option)."""
    before_bits: float
    """H(D | option): what is left to learn about D with this option taken."""
    layout: Layout = field(repr=False)
    role: str = field(repr=False, default="")

    def option_dict(self) -> dict[str, Any]:
        """The contract's form: ``{"saw": 3}``, ``{"centre": ["c1", "c2"]}``, ``{}``..."""
        if not self.option:
            return {}
        names = [self.layout.name(slot) for slot in self.option]
        if self.role == "seer":
            return (
                {"saw": self.option[0]}
                if self.layout.is_seat(self.option[0])
                else {"centre": names}
            )
        if self.role == "robber":
            return {"robbed": self.option[0]}
        if self.role == "troublemaker":
            return {"swapped": list(self.option)}
        if self.role == "drunk":
            return {"took": names[0]}
        return {"centre": names}  # a lone werewolf's look

    def to_dict(self) -> dict[str, Any]:
        return {
            "option": self.option_dict(),
            "gain_bits": self.gain_bits,
            "outcomes": {seen: float(p) for seen, p in self.outcomes.items()},
        }


@dataclass(frozen=True)
class NightHint:
    """Every option of the viewpoint's night choice, most informative first."""

    viewpoint: Seat
    role: str
    options: tuple[OptionScore, ...]

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of ``hint``."""
        return {"options": [option.to_dict() for option in self.options]}


def entropy(weights: Mapping[Any, Fraction | int]) -> float:
    """The entropy in bits of a distribution given by non-negative weights.

    >>> entropy({"a": 1, "b": 1}), entropy({"a": 3})
    (1.0, 0.0)
    """
    total = sum(weights.values())
    return 0.0 - sum(float(w / total) * log2(float(w / total)) for w in weights.values() if w)


def _chooser(record: DealRecord) -> tuple[Seat, str, NightEntry | None]:
    """The viewpoint, its dealt card and what it knows of its night (or a one-line
    error saying why there is no night choice to advise on)."""
    seat = record.viewpoint
    if seat is None:
        raise InvalidRecordError("viewpoint: a night hint needs a viewpoint (whose night?)")
    role = record.cards[seat]
    rule = record.rules.roles[role]
    entry = record.night.get(seat)
    if rule.choice == "none":
        raise InvalidRecordError(f"night: seat {seat}, the {role}, has no night choice to make")
    if role == "werewolf" or rule.power == "werewolf":
        if entry is None:
            raise InvalidRecordError(
                f"night.{seat}: a werewolf's hint needs its entry `{{wolves: [...]}}` "
                "(only a lone werewolf looks at the centre)"
            )
        if entry.get("centre") is not None:
            raise InvalidRecordError(f"night.{seat}: the werewolf has already looked")
        if len(entry.get("wolves") or ()) != 1:
            raise InvalidRecordError(
                f"night.{seat}: seat {seat} is not a lone werewolf: it has no night choice"
            )
        return seat, role, entry
    if entry is not None:
        raise InvalidRecordError(
            f"night.{seat}: seat {seat}'s night is recorded: the night hint is for a choice "
            "not made yet (for the ballot, use `wooolf vote`)"
        )
    return seat, role, None


def hint_knowledge(record: DealRecord) -> tuple[OnuwKnowledge, Seat, str]:
    """The knowledge in which the viewpoint's choice is a free fact (every option of
    the ``uniform`` model, factor 1) and its night so far an observation."""
    seat, role, entry = _chooser(record)
    others = {other: known for other, known in record.night.items() if other != seat}
    knowledge = knowledge_of(replace(record, night=MappingProxyType(others)))
    observations: list[Observation] = [
        replace(observation, facts=frozenset({seat}))
        if isinstance(observation, NightPrior)
        else observation
        for observation in knowledge.observations
    ]
    if entry is not None:
        observations.insert(1, NightSoFar(seat, entry, record.rules, record.layout))
    return replace(knowledge, observations=tuple(observations)), seat, role


def _outcome(entry: NightEntry) -> str:
    seen = entry.get("saw") or entry.get("centre")
    if seen:
        return ",".join(role for _, role in seen)
    got = entry.get("got")
    return str(got) if got is not None else NOTHING_SEEN


def hint(record: DealRecord, engine: str | None = None) -> NightHint:
    """Every option of the viewpoint's night choice, scored by its information gain
    about who holds a werewolf card at dawn."""
    knowledge, seat, role = hint_knowledge(record)
    layout = record.layout
    # option -> outcome -> D -> weight
    table: dict[Choice, dict[str, dict[Hashable, int]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(int))
    )
    for world in brute.worlds(knowledge):
        mass = weight(knowledge, world)
        if not mass:
            continue
        choice = world[choice_variable(seat)]
        seen = _outcome(knowledge.night(world).entries[seat])
        table[choice][seen][knowledge.decision(world)] += mass
    if not table:
        raise InconsistentRecordError(brute.conflict(knowledge))
    state = NightState(layout, _placeholder(record), [])
    scores = []
    for option in power_of(record.rules.roles[role]).options(seat, state, uniform=True):
        outcomes = table.get(option)
        if not outcomes:  # no world allows it (a legal option always has one)
            continue
        by_d: dict[Hashable, int] = defaultdict(int)
        for per_d in outcomes.values():
            for wolves, mass in per_d.items():
                by_d[wolves] += mass
        total = sum(by_d.values())
        before = entropy(by_d)
        after = sum(sum(per_d.values()) / total * entropy(per_d) for per_d in outcomes.values())
        chances = {
            seen: Fraction(sum(per_d.values()), total)
            for seen, per_d in sorted(outcomes.items(), key=lambda item: -sum(item[1].values()))
        }
        gain = max(0.0, before - after)
        scores.append(OptionScore(option, gain, MappingProxyType(chances), before, layout, role))
    scores.sort(key=lambda score: -score.gain_bits)
    return NightHint(seat, role, tuple(scores))


def _placeholder(record: DealRecord) -> tuple[str, ...]:
    """A deal with the viewpoint's card in its slot (enough for its options)."""
    seat = record.viewpoint
    return tuple(record.cards[seat] if slot == seat else "" for slot in record.layout.slots)


__all__ = ["NOTHING", "NightHint", "OptionScore", "entropy", "hint"]
