"""The night hint of ONUW: which option of the viewpoint's night choice teaches most.

The viewpoint has a dealt card with a night choice (seer, robber, troublemaker,
drunk, a lone werewolf) and has not chosen yet. Each option (and "do nothing" where
the role may pass) is held fixed and scored by what it teaches about ``D``, the set
of player seats holding a werewolf card at dawn: ``gain_bits = H(D | option) −
Σ_o P(o | option) · H(D | option, o)``, ``o`` being what the viewpoint would see.

The option is a fact (not weighted); everyone else's night follows the night prior,
and the claims already made weigh as in ``solve``. A doppelganger's options are the
seats it may copy, its outcome the card seen there (what it does next follows the
night prior): by the fast engine (:func:`fast_copy_hint`, the seat copied marked) or
the reference (:func:`copy_hint`).

The gains are computed by the library's one formula (:func:`wooolf_solver.core.gains.information`)
from each option's joint weights of outcome and ``D``; only where those weights come from
differs. **The fast engine** (the default) scores each option with one exact count of
:func:`.engines.fast.outcomes`: the option fixed as the viewpoint's partial night
(:class:`~.model.PartialNight`), the weight of each outcome and of each *signature* of
``D`` (its marked seats, and how many seats of each block of interchangeable seats it
holds); every set of a signature weighs the same, so a signature counts with its orbit's
size as its multiplicity. Options that the symmetry maps onto each other
(:func:`.engines.fast.option_classes`: say any two other seats for a troublemaker when
nobody has spoken) are scored once. **The reference** (``engine="brute"``) reads the
joint of every option off the brute force's one tally (:func:`wooolf_solver.core.gains.joints`:
the option, what it shows and ``D`` as the decision); both give the same options, the same
outcome chances (exact fractions) and the same gains (up to float rounding).

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1, "cards": {1: "seer"}})
>>> best = hint(record).options[0]
>>> best.option, round(best.gain_bits, 3)
((4, 5), 1.918)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from ...core.conflict import earliest_minimal, minimal_conflict
from ...core.errors import EventId, InconsistentRecordError, InvalidRecordError
from ...core.gains import Information, entropy, information, joints, ranked
from ...core.knowledge import Observation
from ...core.space import Var, World
from ...core.speech import DEFAULT_SPEECH, Speech
from ...engines.brute import BruteForceEngine
from .engines import fast, find_engine
from .model import (
    NOTHING_SEEN,
    NightPrior,
    OnuwKnowledge,
    PartialNight,
    choice_variable,
    knowledge_of,
    night_of,
    seen_of,
)
from .night import NOTHING, Choice, NightEntry, NightState, choice_options, power_of
from .record import DealRecord
from .rules import Layout, Rules, Seat

Step = Callable[[int, int], None]
"""``on_step(done, total)``: the classes of options scored so far, of all (progress)."""


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
        if self.role == "doppelganger":
            return {"copied": self.option[0]}
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
    speech: Speech = DEFAULT_SPEECH
    """The speech model the claims were weighed by."""

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of ``hint``, and the speech model it was read by."""
        return {"options": [option.to_dict() for option in self.options], "speech": self.speech}


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


def hint(
    record: DealRecord,
    engine: str | None = None,
    naive: bool = False,
    on_step: Step | None = None,
) -> NightHint:
    """Every option of the viewpoint's night choice, scored by its information gain
    about who holds a werewolf card at dawn (``naive`` or ``engine="brute"``: by the
    brute-force reference, one pass); ``on_step(done, total)`` after each class of
    options the fast engine scores."""
    seat, role, _ = _chooser(record)
    brute = naive or find_engine(engine).name == "brute"
    if power_of(record.rules.roles[role]).copies:
        if brute:
            return copy_hint(record, seat, role)
        return fast_copy_hint(record, seat, role, on_step)
    if brute:
        return brute_hint(record)
    return fast_hint(record, on_step)


def copy_hint(record: DealRecord, seat: Seat, role: str) -> NightHint:
    """A doppelganger's hint, by the brute force: each other seat it may copy, scored
    by what the card seen there teaches (what it does next, as that role, follows the
    night prior, as everyone else's night does)."""
    knowledge = knowledge_of(record)
    choice = choice_variable(seat)
    table = joints(
        BruteForceEngine(),
        knowledge,
        lambda world: world[choice][:1],
        lambda world: str(world[world[choice][0]][0]),
    )
    if not table:
        raise InconsistentRecordError(minimal_conflict(knowledge, BruteForceEngine()))
    scores = [
        _score(option, information(table[option]), record.layout, role)
        for option in choice_options("player", seat, record.layout)
        if table.get(option)
    ]
    return NightHint(seat, role, _best_first(scores), record.model.speech)


def fast_copy_hint(
    record: DealRecord, seat: Seat, role: str, on_step: Step | None = None
) -> NightHint:
    """A doppelganger's hint by the fast engine (:func:`.engines.fast.copy_outcomes`),
    as :func:`copy_hint` scores it; seats the symmetry maps onto each other are scored
    once."""
    knowledge = knowledge_of(record)
    options = choice_options("player", seat, record.layout)
    scores = _fast_scores(
        knowledge, options, lambda option: fast.copy_outcomes(knowledge, option[0]), role, on_step
    )
    if not scores:
        raise InconsistentRecordError(minimal_conflict(knowledge, find_engine()))
    return NightHint(seat, role, scores, record.model.speech)


def _fast_scores(
    knowledge: OnuwKnowledge,
    options: tuple[Choice, ...],
    outcomes: Callable[[Choice], fast.Outcomes],
    role: str,
    on_step: Step | None = None,
) -> tuple[OptionScore, ...]:
    """Each option's score, best first, by its ``outcomes`` (the fast engine's), one
    option of each class of the symmetry counted (none: no world allows any);
    ``on_step`` after each class."""
    scored: dict[Choice, OptionScore] = {}
    classes = fast.option_classes(knowledge, options)
    for done, members in enumerate(classes, 1):
        found = outcomes(members[0])
        if on_step is not None:
            on_step(done, len(classes))
        if not found.masses:  # no world allows it
            continue
        taught = information(found.masses, found.orbit)
        for option in members:
            scored[option] = _score(option, taught, knowledge.layout, role)
    return _best_first([scored[option] for option in options if option in scored])


def _best_first(scores: list[OptionScore]) -> tuple[OptionScore, ...]:
    """The scores (in the options' order), most informative first: equal gains keep
    the options' order (:func:`wooolf_solver.core.gains.ranked`)."""
    return tuple(ranked(scores, lambda score: score.gain_bits))


def _free_knowledge(record: DealRecord) -> tuple[OnuwKnowledge, Seat, str, NightEntry]:
    """The knowledge in which the viewpoint's choice is a free fact and its night
    unrecorded, with what the viewpoint knows before choosing."""
    seat, role, entry = _chooser(record)
    others = {other: known for other, known in record.night.items() if other != seat}
    knowledge = knowledge_of(replace(record, night=MappingProxyType(others)))
    observations = tuple(
        replace(observation, facts=frozenset({seat}))
        if isinstance(observation, NightPrior)
        else observation
        for observation in knowledge.observations
    )
    return replace(knowledge, observations=observations), seat, role, entry or NightEntry()


def _with_option(
    knowledge: OnuwKnowledge, seat: Seat, option: Choice, so_far: NightEntry
) -> OnuwKnowledge:
    """``knowledge`` with the option fixed as the viewpoint's partial night."""
    fact = PartialNight(seat, so_far, option, knowledge.rules, knowledge.layout)
    prior, *rest = knowledge.observations
    return replace(knowledge, observations=(prior, fact, *rest))


def fast_hint(record: DealRecord, on_step: Step | None = None) -> NightHint:
    """The night hint by the fast engine (see the module's docstring); ``on_step`` after
    each class of options scored."""
    knowledge, seat, role, so_far = _free_knowledge(record)
    layout = record.layout
    state = NightState(layout, _placeholder(record), [])
    options = power_of(record.rules.roles[role]).options(seat, state, uniform=True)
    scores = _fast_scores(
        knowledge,
        options,
        lambda option: fast.outcomes(_with_option(knowledge, seat, option, so_far)),
        role,
        on_step,
    )
    if not scores:
        raise InconsistentRecordError(_fast_conflict(record, knowledge, seat, options, so_far))
    return NightHint(seat, role, scores, record.model.speech)


def _score(option: Choice, taught: Information[str], layout: Layout, role: str) -> OptionScore:
    """An option's score from what it teaches."""
    return OptionScore(option, taught.gain_bits, taught.chances, taught.before_bits, layout, role)


def _fast_conflict(
    record: DealRecord,
    knowledge: OnuwKnowledge,
    seat: Seat,
    options: tuple[Choice, ...],
    so_far: NightEntry,
) -> tuple[EventId, ...]:
    """The reference's conflict (the same deletion, the same events: ``"night"`` only
    for a lone werewolf's entry), by the fast engine's consistency."""
    told = seat in record.night
    events = (*(("night",) if told else ()), *(o.event for o in knowledge.observations[1:]))

    def holds(kept: Any) -> bool:
        keep = [*kept, *(() if told else ("night",))]
        return not any(
            fast.consistent(_with_option(knowledge, seat, option, so_far).restricted(keep))
            for option in options
        )

    return earliest_minimal(events, holds)


def brute_hint(record: DealRecord) -> NightHint:
    """The night hint by the brute-force reference: every world enumerated, the joint
    of each option's outcomes and ``D`` read off its one tally (:func:`.joints`)."""
    knowledge, seat, role = hint_knowledge(record)
    layout = record.layout
    choice = choice_variable(seat)
    table = joints(
        BruteForceEngine(),
        knowledge,
        lambda world: world[choice],
        lambda world: seen_of(knowledge.night(world).entries[seat]),
    )
    if not table:
        raise InconsistentRecordError(minimal_conflict(knowledge, BruteForceEngine()))
    state = NightState(layout, _placeholder(record), [])
    scores = [
        _score(option, information(table[option]), layout, role)
        for option in power_of(record.rules.roles[role]).options(seat, state, uniform=True)
        if table.get(option)  # no world allows it (a legal option always has one)
    ]
    return NightHint(seat, role, _best_first(scores), record.model.speech)


def _placeholder(record: DealRecord) -> tuple[str, ...]:
    """A deal with the viewpoint's card in its slot (enough for its options)."""
    seat = record.viewpoint
    return tuple(record.cards[seat] if slot == seat else "" for slot in record.layout.slots)


__all__ = [
    "NOTHING",
    "NOTHING_SEEN",
    "NightHint",
    "OptionScore",
    "brute_hint",
    "entropy",
    "fast_copy_hint",
    "fast_hint",
    "hint",
]
