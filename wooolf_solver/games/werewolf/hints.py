"""The night hint of classic Werewolf: which seat the seer should look at tonight.

Of the night actions of the role set, only the seer's check shows its holder something
that its choice decides (the witch is *shown* the victim whatever she does; the
defender, cupid, the piper and the thief learn nothing from their choice itself). So the
options are the seer's checks of every other living seat; each is scored by what it
would teach about ``D``, the set of living seats that play a werewolf:
``gain_bits = H(D) − Σ_o P(o) · H(D | o)``, ``o`` being what the seer would see (the
role, or ``werewolf`` / ``not`` under ``seer: alignment``), by the library's one formula
(:func:`wooolf_solver.core.gains.information`). A viewpoint with no such action gets an
answer with no options and a ``note`` saying why (not an error: the question is fair).

Where the joint weights of (``o``, ``D``) come from differs. **The counter** (the
default) splits the knowledge on each living seat whose side is still open (a werewolf
or not), down to the sets ``D`` of non-zero weight; each leaf's one count gives every
seat's role weights given ``D``, so one walk scores every check. **The naive twin**
(``naive``, or a generic engine named) reads the joint of every check off one tally of
that engine (:func:`wooolf_solver.core.gains.joints`, brute force by default).

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 4, "viewpoint": 1,
...     "roles": {"werewolf": 1, "seer": 1, "witch": 1, "villager": 1}, "cards": {1: "seer"}})
>>> found = hint(record)
>>> [(option.target, round(option.gain_bits, 3)) for option in found.options]
[(2, 0.918), (3, 0.918), (4, 0.918)]
>>> hint(record, naive=True).options == found.options
True
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from ...core.conflict import consistent_tally
from ...core.errors import InvalidRecordError
from ...core.gains import Information, information, joints, ranked
from ...core.space import World
from ...core.speech import DEFAULT_SPEECH, Speech
from ...core.tally import Engine, Weight
from ...engines.brute import BruteForceEngine
from .engines.counter import CountingEngine, count
from .model import RoleIn, WerewolfKnowledge, knowledge_of, sees
from .record import GameRecord
from .rules import WEREWOLF, Seat

SEER = "seer"
Joint = dict[str, dict[Hashable, Weight]]
"""For each thing the seer may see, the weight of each set ``D``."""


@dataclass(frozen=True)
class CheckScore:
    """One check: what it would show and how much it teaches (in bits)."""

    target: Seat
    taught: Information[str]
    """The gain, H(D) and what the seer would see by its chance (the likeliest first,
    ties by name)."""

    @property
    def gain_bits(self) -> float:
        return self.taught.gain_bits

    @property
    def outcomes(self) -> Mapping[str, Fraction]:
        return self.taught.chances

    def to_dict(self) -> dict[str, Any]:
        return {"option": {"checks": self.target}} | self.taught.to_dict()


@dataclass(frozen=True)
class NightHint:
    """The viewpoint's checks tonight, most informative first (none: ``note`` says why)."""

    viewpoint: Seat
    role: str
    options: tuple[CheckScore, ...]
    """Best first; ties in seat order."""
    note: str = ""
    """Why there is nothing to rank (empty when there are options)."""
    speech: Speech = DEFAULT_SPEECH
    """The speech model the claims were weighed by."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``hint --json``: the role, the options (``note`` when none) and
        the speech model."""
        out: dict[str, Any] = {
            "role": self.role,
            "options": [option.to_dict() for option in self.options],
        }
        if self.note:
            out["note"] = self.note
        return out | {"speech": self.speech}


@dataclass(frozen=True)
class _WolvesAlive(WerewolfKnowledge):
    """A knowledge whose decision is ``D``: the living seats that play a werewolf."""

    @property
    def has_decision(self) -> bool:
        return True

    def decision(self, world: World) -> Hashable:
        return frozenset(s for s in self.living if self.role(world, s) == WEREWOLF)


def hint(record: GameRecord, engine: Engine | None = None, naive: bool = False) -> NightHint:
    """The viewpoint's night actions ranked by what they would teach (``engine``: a
    generic engine for the naive twin; ``None`` or the counter: the counter's walk)."""
    seat = record.viewpoint
    if seat is None:
        raise InvalidRecordError("viewpoint: a night hint needs a viewpoint (whose night?)")
    if seat not in record.alive_after():
        raise InvalidRecordError(f"viewpoint: seat {seat} is dead: it has no night action")
    knowledge = knowledge_of(record)
    reference = None if engine is None or isinstance(engine, CountingEngine) else engine
    root = consistent_tally(knowledge, reference or CountingEngine())
    role = _role(root.roles.get(seat, {}), seat)
    if role != SEER:
        note = (
            f"seat {seat}, the {role}, has no night action that shows it anything "
            "(only the seer's check does)"
        )
        return NightHint(seat, role, (), note, record.model.speech)
    targets = tuple(s for s in knowledge.living if s != seat)
    alignment = record.variants.seer == "alignment"
    if naive or reference is not None:
        table = naive_joints(knowledge, targets, alignment, reference or BruteForceEngine())
    else:
        table = counted_joints(knowledge, targets, alignment)
    scores = []
    for target in targets:
        taught = information(table[target])
        chances = sorted(taught.chances.items(), key=lambda item: (-item[1], item[0]))
        scores.append(CheckScore(target, replace(taught, chances=MappingProxyType(dict(chances)))))
    best = ranked(scores, lambda score: score.gain_bits, key=lambda score: score.target)
    return NightHint(seat, role, tuple(best), "", record.model.speech)


def _role(weights: Mapping[str, Weight], seat: Seat) -> str:
    """The viewpoint's certain role, or a one-line error."""
    played = [role for role, weight in weights.items() if weight]
    if len(played) != 1:
        raise InvalidRecordError(f"cards.{seat}: a night hint needs the viewpoint's own card")
    return played[0]


def naive_joints(
    knowledge: WerewolfKnowledge, targets: tuple[Seat, ...], alignment: bool, engine: Engine
) -> dict[Seat, Joint]:
    """Each check's joint of what it shows and ``D``, from one tally of ``engine``
    (every world's sight of every target at once, then one target at a time)."""
    decided = _WolvesAlive(**{f.name: getattr(knowledge, f.name) for f in fields(knowledge)})
    table = joints(
        engine,
        decided,
        lambda world: (),
        lambda world: tuple(sees(decided.role(world, s), alignment) for s in targets),
    )
    out: dict[Seat, Joint] = {target: defaultdict(dict) for target in targets}
    for seen, per in table.get((), {}).items():
        for target, sight in zip(targets, seen, strict=True):
            into = out[target][sight]
            for d, mass in per.items():
                into[d] = into.get(d, 0) + mass
    return out


def counted_joints(
    knowledge: WerewolfKnowledge, targets: tuple[Seat, ...], alignment: bool
) -> dict[Seat, Joint]:
    """Each check's joint of what it shows and ``D``, by the counter: the knowledge
    split on each living seat's side while it is open; each leaf (``D`` known) adds
    every target's role weights to its joint."""
    out: dict[Seat, Joint] = {target: defaultdict(dict) for target in targets}
    living = knowledge.living

    def walk(split: WerewolfKnowledge) -> None:
        counts = count(split)
        if not counts.total:
            return
        wolves = [counts.roles[s].get(WEREWOLF, 0) for s in living]
        open_ = [s for s, w in zip(living, wolves, strict=True) if 0 < w < counts.total]
        if open_:
            for holds in (True, False):
                fact = RoleIn("hint", open_[0], frozenset({WEREWOLF}), knowledge.layout, holds)
                walk(replace(split, observations=(*split.observations, fact)))
            return
        d = frozenset(s for s, w in zip(living, wolves, strict=True) if w)
        for target in targets:
            for role, weight in counts.roles[target].items():
                if weight:
                    into = out[target][sees(role, alignment)]
                    into[d] = into.get(d, 0) + weight

    walk(knowledge)
    return out


__all__ = ["CheckScore", "NightHint", "counted_joints", "hint", "naive_joints"]
