"""The fast engine's claims split by whether their speaker holds the card it claims.

A claim that tells a night (a seer's look, a troublemaker's swap...) marks its seat
and every slot it names, so the engine deals them one by one, in every world; yet
its content matters only when its speaker holds the card it claims. When the claimed
card is a village card whose holder believes it holds it, and an honest false claim
weighs 0, the worlds split in two, exactly:

- the speaker **holds** the claimed card: that slot's card is known (one more known
  slot, the claim as it is);
- it **does not**: then the claim is false, so the speaker must lie (an honest one
  would weigh 0) and the claim weighs ``liar`` whatever it says. It becomes
  :data:`PASSIVE`, a claim of a card nobody holds, weighing 1 (its ``liar`` weight
  multiplies the part): it names no slot, and such claimers are interchangeable (one
  block of the engine's symmetry).

Each subset of the claims split this way is one run of the engine; a subset that
needs more copies of a card than the deck has is skipped. Every output is a sum of
weights over disjoint sets of worlds, so the runs' :class:`~.lifted.Sums` add up.

>>> from wooolf_solver.engines import get_engine
>>> from wooolf_solver.games.onuw.engines import answers
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 4, "claims": [
...     {"seat": 1, "role": "seer", "saw": {2: "werewolf"}},
...     {"seat": 3, "role": "troublemaker", "swapped": [1, 2]}]})
>>> knowledge = knowledge_of(record)
>>> len(list(parts(knowledge)))
4
>>> tally = lifted.tally_of(knowledge, sums(knowledge))
>>> answers(tally) == answers(get_engine("brute").tally(knowledge))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import product
from types import MappingProxyType

from ....core.speech import FREE
from ..model import ClaimMade, OnuwKnowledge
from ..night import Power, power_of
from ..record import Claim
from . import lifted, unseen

PASSIVE = "(not the card claimed)"
"""The role of a claim whose speaker does not hold the card it claimed: no card."""


def splits(knowledge: OnuwKnowledge, made: ClaimMade) -> bool:
    """Whether ``made`` splits: it tells a night, of a village card whose holder
    believes it holds it, in a slot not known, and an honest false claim weighs 0."""
    claim, rules = made.claim, knowledge.rules
    role = rules.roles.get(claim.role)
    return (
        role is not None
        and role.team == "village"
        and bool(claim.entry.items)
        and made.weights.false == 0
        and claim.seat not in knowledge.space.known
        and type(power_of(role)).believes is Power.believes
    )


def parts(knowledge: OnuwKnowledge) -> Iterator[tuple[OnuwKnowledge, int]]:
    """The knowledge's disjoint parts, each with the factor of its passive claims."""
    observations = knowledge.observations
    split = [
        (index, obs)
        for index, obs in enumerate(observations)
        if isinstance(obs, ClaimMade) and splits(knowledge, obs)
    ]
    space = knowledge.space
    free = Counter(dict(space.cards))
    for holds in product((True, False), repeat=len(split)):
        taken = Counter(
            made.claim.role for (_, made), held in zip(split, holds, strict=True) if held
        )
        if any(count > free[role] for role, count in taken.items()):
            continue
        known = dict(space.known)
        factor = 1
        changed = list(observations)
        renamed: dict[Claim, Claim] = {}
        for (index, made), held in zip(split, holds, strict=True):
            if held:
                known[made.claim.seat] = (made.claim.role,)
                continue
            factor *= made.weights.liar
            passive = Claim(made.claim.seat, PASSIVE)
            renamed[made.claim] = passive
            changed[index] = replace(made, claim=passive, weights=FREE)
        left = free - taken
        hidden = replace(
            space,
            cards=tuple(sorted((role, count) for role, count in left.items() if count)),
            slots=tuple(slot for slot in space.slots if slot not in known),
            known=MappingProxyType(known),
        )
        yield (
            replace(
                knowledge,
                hidden=hidden,
                observations=tuple(changed),
                claims=tuple(renamed.get(claim, claim) for claim in knowledge.claims),
            ),
            factor,
        )


def sums(knowledge: OnuwKnowledge, weigh: lifted.Weigher | None = None) -> lifted.Sums:
    """Every output's weight: the sum over the parts (each run with ``weigh``)."""
    total = lifted.Sums.zero()
    for part, factor in parts(knowledge):
        total.add(unseen.sums(part, weigh), factor)
    return total


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some part has a world of non-zero weight."""
    return any(unseen.consistent(part) for part, _ in parts(knowledge))


__all__ = ["PASSIVE", "consistent", "parts", "splits", "sums"]
