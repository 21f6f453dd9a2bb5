"""The fast engine with ``village_lies`` above 0: every claim split in two.

With ``village_lies`` 0 an honest claim (its speaker believes it holds a village
card) is true or weighs 0, and the fast engine prunes by it. Above 0 it may be
false, so nothing can be pruned and the claimers' slots are no longer
interchangeable. Instead each claim's factor is written, exactly, as a constant plus
a part that prunes as before::

    w = b + h,   h = (L - b) if the speaker lies, (c - b) if honest and the claim
                 true, 0 if honest and the claim false

(``L``, ``c``, ``b``: the claim's weights for a liar, an honest true claim, an honest
false one). The product of the claims' factors is a sum over the subsets ``S`` of
claims kept: ``prod(b, outside S) * prod(h, in S)``. Each subset is one run of the
fast engine with the claims of ``S`` only (a claim left out marks no slot, so its
seat falls back into a block), the claims weighing 1 (liar, honest and true) or 0
(honest and false) as with ``village_lies`` 0, and each leaf weighed by its claims'
``h`` once known whether each speaker lies (:data:`~.fast.Weigher`). Every output is
linear in the weights, so the runs' :class:`~.fast.Sums` add up, except which claims
lie: a claim left out of ``S`` has its truth counted in the run of ``S`` plus it,
whose leaves include every world where it is true (a liar's or an honest speaker's),
with its own factor left out (``kept``).

This needs every factor ``b`` above 0 (so that every world of non-zero prior weight
counts, and ``worlds`` and ``consistent`` are those of the deal without claims), and
costs one run per subset: ``2 ** claims`` runs, each as fast as with ``village_lies``
0 (the runs with many claims prune hard, the runs with few keep the symmetry).

>>> from wooolf_solver.games.onuw import brute, fast
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "model": {"village_lies": "1/10"},
...     "claims": [{"seat": 1, "role": "seer", "saw": {2: "werewolf"}},
...                {"seat": 2, "role": "robber"}]})
>>> knowledge = knowledge_of(record)
>>> applies(knowledge), [made.weights for made in _made(knowledge) or ()]
(True, [ClaimWeights(liar=..., true=..., false=...), ...])
>>> solve_knowledge(knowledge) == brute.solve(record) == fast.solve(record)
True
>>> told = knowledge.restricted([1])  # claim 2 still told, no longer weighed
>>> weighs_every_world(told), applies(told), fast.consistent(told)
(True, False, True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from math import prod

from ...core.speech import FREE, ClaimWeights
from . import fast, passive
from .brute import Solution
from .model import ClaimMade, NightPrior, OnuwKnowledge, OwnNight


def _made(knowledge: OnuwKnowledge) -> list[ClaimMade] | None:
    """The knowledge's claims as observed; ``None`` when it holds anything else than
    the prior and the viewpoint's night, or no claim, or a claim with a weight 0."""
    made = [obs for obs in knowledge.observations if isinstance(obs, ClaimMade)]
    others = [obs for obs in knowledge.observations if not isinstance(obs, ClaimMade)]
    if any(not isinstance(obs, NightPrior | OwnNight) for obs in others):
        return None
    weights = [claim.weights for claim in made]
    if not made or min(min(w.liar, w.true, w.false) for w in weights) <= 0:
        return None
    return made


def weighs_every_world(knowledge: OnuwKnowledge) -> bool:
    """Whether every claim observed weighs every world above 0 (``village_lies``
    above 0 and below 1): then :func:`consistent` decides, whatever claims are told."""
    return _made(knowledge) is not None


def applies(knowledge: OnuwKnowledge) -> bool:
    """Whether the knowledge :func:`weighs_every_world`, each claim told observed once,
    in order: then this module computes it."""
    made = _made(knowledge)
    return made is not None and [obs.claim for obs in made] == list(knowledge.claims)


def _without_claims(knowledge: OnuwKnowledge, kept: Sequence[ClaimMade]) -> OnuwKnowledge:
    """The knowledge with only the claims ``kept``, weighing as with no lies."""
    others = tuple(obs for obs in knowledge.observations if not isinstance(obs, ClaimMade))
    return replace(
        knowledge,
        observations=(*others, *(replace(made, weights=FREE) for made in kept)),
        claims=tuple(made.claim for made in kept),
    )


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some world has a non-zero weight: with every claim's weights above 0,
    whether the knowledge without its claims has one."""
    return fast._Engine(_without_claims(knowledge, ())).consistent()


def _weigher(kept: Sequence[ClaimWeights]) -> fast.Weigher:
    """Each leaf's ``h`` factors (see the module's docstring), cached by the leaf's
    truths and liars."""
    cache: dict[tuple[tuple[bool, ...], tuple[bool, ...]], tuple[int, tuple[tuple[int, int], ...]]]
    cache = {}

    def weigh(
        truth: tuple[bool, ...], liars: tuple[bool, ...]
    ) -> tuple[int, tuple[tuple[int, int], ...]]:
        key = (truth, liars)
        found = cache.get(key)
        if found is None:
            factors = [
                weights.liar - weights.false if liar else weights.true - weights.false
                for weights, liar in zip(kept, liars, strict=True)
            ]
            rest = tuple(
                (number, prod(factors[:number]) * prod(factors[number + 1 :]))
                for number, true in enumerate(truth)
                if true
            )
            found = cache[key] = (prod(factors), rest)
        return found

    return weigh


def sums(knowledge: OnuwKnowledge) -> fast.Sums:
    """Every output's weight, the sum of one run per subset of the claims."""
    made = _made(knowledge) or []
    triples = [claim.weights for claim in made]
    total: Fraction = Fraction(0)
    no_wolf: Fraction = Fraction(0)
    dawn: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    dealt: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    win: dict[int | None, Fraction] = defaultdict(Fraction)
    true: list[Fraction] = [Fraction(0)] * len(made)
    worlds = 0
    for mask in range(1 << len(made)):
        inside = [number for number in range(len(made)) if mask >> number & 1]
        coefficient = prod(triples[n].false for n in range(len(made)) if not mask >> n & 1)
        kept = _without_claims(knowledge, [made[n] for n in inside])
        run = passive.sums(kept, _weigher([triples[n] for n in inside]))
        if not mask:
            worlds = run.worlds
        total += coefficient * run.total
        no_wolf += coefficient * run.no_wolf
        for into, table in ((dawn, run.dawn), (dealt, run.dealt)):
            for slot, dist in table.items():
                for card, w in dist.items():
                    into[slot][card] += coefficient * w
        for dies, w in run.win.items():
            win[dies] += coefficient * w
        for number in inside:
            seat = made[number].claim.seat
            false_w = triples[number].false
            true[number] += coefficient * (run.total - run.lying[seat] + false_w * run.kept[seat])
    return fast.Sums(
        total,
        worlds,
        {slot: dict(dawn[slot]) for slot in knowledge.layout.slots},
        {slot: dict(dealt[slot]) for slot in knowledge.layout.slots},
        no_wolf,
        {claim.claim.seat: total - w for claim, w in zip(made, true, strict=True)},
        {},
        {dies: win[dies] for dies in win},
    )


def solve_knowledge(knowledge: OnuwKnowledge) -> Solution:
    """Every output of ``solve`` (the knowledge :func:`applies`)."""
    if not consistent(knowledge):
        return Solution(knowledge.layout, False, conflict=knowledge.conflict(consistent))
    return fast.solution_of(knowledge, sums(knowledge))


__all__ = ["applies", "consistent", "solve_knowledge", "sums", "weighs_every_world"]
