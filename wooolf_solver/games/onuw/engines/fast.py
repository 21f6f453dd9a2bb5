"""The fast exact engine of ONUW (the default): the brute force's tally, without
enumerating every world. The engine itself, its symmetry, lifted deals and night, is
:mod:`.lifted`; this module chooses how to run it.

**Parts.** ``tally`` and ``consistent`` do not run one engine on the knowledge but
sum runs on disjoint parts of it (:class:`~.lifted.Sums` add up): a claim that tells a night
of a village card splits by whether its speaker holds that card (:mod:`.passive`:
held, the slot is known; not held, the speaker lies and the claim names no slot,
such speakers forming one block), and with ``village_lies`` above 0 each claim's
factor is a part that depends on whether its speaker lies only plus a part that
prunes, one run per subset of the claims taking the second (:mod:`.lies`; a claim
prunes the deals and nights only when its honest false weight is 0). The night
hint's ``outcomes`` runs the engine on the whole knowledge.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> from wooolf_solver.engines import get_engine
>>> from wooolf_solver.games.onuw.engines import answers
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> knowledge = knowledge_of(record)
>>> found = answers(tally(knowledge))
>>> found["dawn"][1, "werewolf"], found["dawn"][2, "werewolf"], found["no_werewolf"]
(Fraction(2, 3), Fraction(1, 3), {})
>>> found == answers(get_engine("brute").tally(knowledge))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ....core.tally import Tally
from ..model import OnuwKnowledge, OwnNight, PartialNight
from ..night import Choice
from ..rules import Seat
from . import lies, lifted, passive, unseen
from .lifted import Outcomes, Signature, Sums, tally_of


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some world has a non-zero weight."""
    if lies.weighs_every_world(knowledge):
        return lies.consistent(knowledge)
    return passive.consistent(knowledge)


def tally(knowledge: OnuwKnowledge) -> Tally:
    """The one tally of a compiled knowledge (claims that may lie: by :mod:`.lies`);
    an empty one when no world fits."""
    if lies.applies(knowledge):
        return lies.tally(knowledge)
    return tally_of(knowledge, passive.sums(knowledge))


def outcomes(knowledge: OnuwKnowledge) -> Outcomes:
    """A night hint's option (the knowledge's :class:`~.model.PartialNight`): the
    weight of each signature of ``D`` by what the viewpoint sees."""
    if not isinstance(
        next((o for o in knowledge.observations if isinstance(o, OwnNight)), None), PartialNight
    ):
        raise ValueError("outcomes need the viewpoint's option as a partial night")
    return _summed(knowledge, None)


def copy_outcomes(knowledge: OnuwKnowledge, target: Seat) -> Outcomes:
    """A copying card's hint option (the viewpoint holds it, its night to come): the
    weight of each signature of ``D`` by the card it sees at ``target``, the seat it
    copies (what it does next follows the night prior)."""
    return _summed(knowledge, target)


def _summed(knowledge: OnuwKnowledge, target: Seat | None) -> Outcomes:
    """The outcomes over the claims' parts (:mod:`.passive`), each run on its own (an
    option of the viewpoint's own night: through the class of cards nobody tells apart)."""

    def run(part: OnuwKnowledge) -> Outcomes:
        if target is not None:
            return lifted._Engine(part, target).outcome_tally()
        return unseen.engine_of(part)[0].outcome_tally()

    parts = list(passive.parts(knowledge))
    if len(parts) == 1:
        ((part, factor),) = parts
        if factor == 1:
            return run(part)
    return Outcomes.summed((run(part), factor) for part, factor in parts)


def option_classes(knowledge: OnuwKnowledge, options: Sequence[Choice]) -> list[list[Choice]]:
    """The options of the viewpoint (whose choice is free) up to the knowledge's
    symmetry: options whose slots lie, in order, in the same blocks of interchangeable
    slots (or are the same marked slots) are mapped onto each other by a permutation
    of the blocks, which changes no weight: they teach the same."""
    engine = lifted._Engine(knowledge)
    classes: dict[tuple[tuple[bool, int], ...], list[Choice]] = {}
    for option in options:
        key = tuple(
            (True, engine.block_of[slot]) if slot in engine.block_of else (False, slot)
            for slot in option
        )
        classes.setdefault(key, []).append(option)
    return list(classes.values())


__all__ = [
    "Outcomes",
    "Signature",
    "Sums",
    "consistent",
    "copy_outcomes",
    "option_classes",
    "outcomes",
    "tally",
    "tally_of",
]
