"""The fast engine with ``village_lies`` above 0: every claim split in two.

With ``village_lies`` 0 an honest claim (its speaker believes it holds a village
card) is true or weighs 0, and the fast engine prunes by it. Above 0 it may be
false, so nothing can be pruned and the claimers' slots are no longer
interchangeable. Instead each claim's factor is written, exactly, as a sum of two
parts (``L``, ``c``, ``b``: the claim's weights for a liar, an honest true claim, an
honest false one)::

    w = (b + (L - b)·[the speaker lies])  +  (c - b)·[honest and true]

The first part depends on whether the speaker lies only, not on what it said: the
claim marks no slot but its seat, and since ``L / b`` is the same for every claim
(``1 / village_lies`` under both speech models), every such speaker is
interchangeable with the others once the common factor is taken out. The second
prunes harder than with no lies: the speaker holds the card it claimed and its night
is the one it told. The product over the claims is a sum over the subsets of claims
taking their second part, one run of the engine each (:func:`honest_sums`); subsets
that differ by a permutation of seats telling the same story are one run, its outputs
averaged over those seats; a claim of a card alone is weighed as it is in every run
instead (its speakers one block, fewer runs). Every output is linear in the weights, so the runs'
:class:`~.lifted.Sums` add up. This holds when a true claim is always an honest one
(:func:`true_means_honest`); a claim that may be true from a liar (a speaker claiming
a werewolf card, a robber's claim without the card it got) needs its truth followed
apart from its weight, and the older split is used:

    w = b + h,   h = (L - b) if the speaker lies, (c - b) if honest and the claim
                 true, 0 if honest and the claim false

The product of the claims' factors is a sum over the subsets ``S`` of the claims
that tell a night: ``prod(b, outside S) * prod(h, in S)``. Each subset is one run of
the fast engine with the claims of ``S`` only (a claim left out marks no slot, so its
seat falls back into a block) and the claims of a card alone weighed as they are, the
claims of ``S`` weighing 1 (liar, honest and true) or 0 (honest and false) as with
``village_lies`` 0, and each leaf weighed by its claims' ``h`` once known whether
each speaker lies (:data:`~.lifted.Weigher`). A claim left out of ``S`` has its truth
counted in the run of ``S`` plus it, whose leaves include every world where it is
true (a liar's or an honest speaker's), with its own factor left out (``kept``).

Both need every factor ``b`` above 0 (so that every world of non-zero prior weight
counts, and ``worlds`` and ``consistent`` are those of the deal without claims). The
first costs a run per subset of the claims (fewer with repeated stories), each
pruned as hard as with ``village_lies`` 0 or keeping the symmetry of the speakers
that lie.

>>> from wooolf_solver.engines import get_engine
>>> from wooolf_solver.games.onuw.engines import answers, fast
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "model": {"village_lies": "1/10"},
...     "claims": [{"seat": 1, "role": "seer", "saw": {2: "werewolf"}},
...                {"seat": 2, "role": "robber"}]})
>>> knowledge = knowledge_of(record)
>>> # a robber's claim without the card it got may be true from a liar: the older split
>>> applies(knowledge), [true_means_honest(knowledge, made) for made in _made(knowledge) or ()]
(True, [True, False])
>>> answers(tally(knowledge)) == answers(get_engine("brute").tally(knowledge))
True
>>> told = knowledge.restricted([1])  # claim 2 still told, no longer weighed
>>> weighs_every_world(told), applies(told), fast.consistent(told)
(True, False, True)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import chain, combinations, product
from math import comb, gcd, prod
from types import MappingProxyType

from ....core.speech import FREE, ClaimWeights
from ....core.tally import Tally
from ..model import ClaimMade, NightPrior, OnuwKnowledge, OwnNight
from ..night import Insomniac, Power, Robber, power_of
from ..record import Claim
from ..rules import Seat, Slot
from . import lifted, passive, unseen


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


def split(made: ClaimMade) -> bool:
    """Whether a claim is split in two (constant plus pruning part): it tells a night.
    A claim of a card alone is weighed as it is in every run: its truth depends on
    its speaker's card only, so it marks no slot other than its seat, and speakers of
    the same such claim stay interchangeable."""
    return bool(made.claim.entry.items)


def _without_claims(knowledge: OnuwKnowledge, kept: Sequence[ClaimMade]) -> OnuwKnowledge:
    """The knowledge with only the claims ``kept`` (in order) of those split, weighing
    as with no lies, and every claim not split, as it is."""
    others = tuple(obs for obs in knowledge.observations if not isinstance(obs, ClaimMade))
    made = [obs for obs in knowledge.observations if isinstance(obs, ClaimMade)]
    runs = [
        obs if not split(obs) else replace(obs, weights=FREE)
        for obs in made
        if obs in kept or not split(obs)
    ]
    return replace(
        knowledge,
        observations=(*others, *runs),
        claims=tuple(obs.claim for obs in runs),
    )


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some world has a non-zero weight: with every claim's weights above 0,
    whether the knowledge without its claims has one."""
    return unseen.consistent(_without_claims(knowledge, ()))


def _weigher(kept: Sequence[ClaimWeights | None]) -> lifted.Weigher:
    """Each leaf's ``h`` factors (see the module's docstring), cached by the leaf's
    truths and liars (``None``: a claim not split, weighed by the engine)."""
    cache: dict[tuple[tuple[bool, ...], tuple[bool, ...]], tuple[int, tuple[tuple[int, int], ...]]]
    cache = {}

    def weigh(
        truth: tuple[bool, ...], liars: tuple[bool, ...]
    ) -> tuple[int, tuple[tuple[int, int], ...]]:
        key = (truth, liars)
        found = cache.get(key)
        if found is None:
            factors = [
                1
                if weights is None
                else weights.liar - weights.false
                if liar
                else weights.true - weights.false
                for weights, liar in zip(kept, liars, strict=True)
            ]
            rest = tuple(
                (number, prod(factors[:number]) * prod(factors[number + 1 :]))
                for number, true in enumerate(truth)
                if true and kept[number] is not None
            )
            found = cache[key] = (prod(factors), rest)
        return found

    return weigh


def sums(knowledge: OnuwKnowledge) -> lifted.Sums:
    """Every output's weight: by :func:`honest_sums` when every claim, if true, is
    honest; else one run per subset of the claims that tell a night."""
    made = _made(knowledge) or []
    if all(true_means_honest(knowledge, claim) for claim in made):
        return honest_sums(knowledge, made)
    triples = [claim.weights for claim in made]
    parted = [number for number, claim in enumerate(made) if split(claim)]
    total: Fraction = Fraction(0)
    no_wolf: Fraction = Fraction(0)
    dawn: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    dealt: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    win: dict[int | None, Fraction] = defaultdict(Fraction)
    true: list[Fraction] = [Fraction(0)] * len(made)
    false: list[Fraction] = [Fraction(0)] * len(made)
    worlds = 0
    for mask in range(1 << len(parted)):
        inside = [n for bit, n in enumerate(parted) if mask >> bit & 1]
        coefficient = prod(triples[n].false for n in parted if n not in inside)
        kept = _without_claims(knowledge, [made[n] for n in inside])
        runs = [n for n in range(len(made)) if n in inside or n not in parted]
        run = passive.sums(kept, _weigher([triples[n] if n in parted else None for n in runs]))
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
        for number in runs:
            seat = made[number].claim.seat
            if number not in parted:
                false[number] += coefficient * run.lying[seat]
                continue
            false_w = triples[number].false
            true[number] += coefficient * (run.total - run.lying[seat] + false_w * run.kept[seat])
    return lifted.Sums(
        total,
        worlds,
        {slot: dict(dawn[slot]) for slot in knowledge.layout.slots},
        {slot: dict(dealt[slot]) for slot in knowledge.layout.slots},
        no_wolf,
        {
            claim.claim.seat: false[number] if number not in parted else total - true[number]
            for number, claim in enumerate(made)
        },
        {},
        {dies: win[dies] for dies in win},
    )


ANY = "(a claim weighed by its speaker's team)"
"""The role of a claim in a run where only whether its speaker lies counts."""

PRUNING = ClaimWeights(0, 1, 0)
"""The weights of a claim that must be honest and true."""


def true_means_honest(knowledge: OnuwKnowledge, made: ClaimMade) -> bool:
    """Whether the claim, if true, was made by an honest speaker: a village card that
    its holder believes it holds, or a robber's or insomniac's claim naming the
    village card it ended with (or a card no one can hold: never true)."""
    rules, claim = knowledge.rules, made.claim
    role = rules.roles.get(claim.role)
    if role is None:
        return True
    power = power_of(role)
    if type(power).believes is Power.believes:
        return role.team == "village"
    said = power.believes(claim.seat, claim.entry, ANY)
    return (
        isinstance(power, Robber | Insomniac)
        and said in rules.roles
        and rules.team(said) == "village"
    )


def plain(made: Sequence[ClaimMade]) -> frozenset[int]:
    """The claims weighed as they are in every run of :func:`honest_sums` (by number):
    those of a card alone. Such a claim marks only its seat and the seats telling it
    stay one block of the engine's symmetry, where splitting it multiplies the runs
    by its group's sizes (measured: the runs so saved outweigh the pruning lost)."""
    return frozenset(number for number, claim in enumerate(made) if not claim.claim.entry.items)


SPLIT_RUNS = 9
"""Claims of a card alone are weighed as they are (:func:`plain`) when splitting them
too would take at least this many times the runs: a run where they are weighed costs
about 5 to 15 times one where they are split (measured at 10 players)."""


def _weighed(knowledge: OnuwKnowledge, made: Sequence[ClaimMade]) -> frozenset[int]:
    """The claims that :func:`honest_sums` weighs as they are: :func:`plain`, or none
    when that saves fewer than :data:`SPLIT_RUNS` times the runs."""
    weighed = plain(made)

    def runs(kept: frozenset[int]) -> int:
        subsets = (inside for inside, *_ in _subsets(knowledge, made, kept))
        return sum(_honest_part(knowledge, made, inside, kept) is not None for inside in subsets)

    return weighed if runs(frozenset()) >= SPLIT_RUNS * runs(weighed) else frozenset()


def _groups(
    knowledge: OnuwKnowledge,
    made: Sequence[ClaimMade],
    numbers: Sequence[int],
    marked: set[Slot],
) -> list[tuple[int, ...]]:
    """The claims ``numbers`` in groups of interchangeable ones: the same claim
    (weights included) by seats not ``marked`` that the night prior does not tell
    apart; permuting a group's seats changes no weight."""
    prior = knowledge.prior
    groups: dict[object, list[int]] = defaultdict(list)
    for number in numbers:
        claim = made[number]
        seat = claim.claim.seat
        bot = prior.uniform and seat in prior.bots
        key = (bot, claim.claim.role, claim.claim.entry, claim.weights)
        groups[number if seat in marked else key].append(number)
    return [tuple(group) for group in groups.values()]


def _subsets(
    knowledge: OnuwKnowledge, made: Sequence[ClaimMade], weighed: frozenset[int]
) -> Iterator[tuple[tuple[int, ...], int, list[tuple[int, ...]]]]:
    """The subsets of claims taking their second part, up to the symmetry: the claims
    that name a seat one by one; given those taken, the others in groups of
    interchangeable claims (:func:`_groups`; a seat that a claim taken names is marked,
    one that a claim not taken names is not: that claim says nothing in the run), each
    group by how many of it are taken (its first ones). Each with how many subsets it
    stands for, and its groups of more than one claim; the empty subset first."""
    layout = knowledge.layout
    naming = [
        number
        for number, claim in enumerate(made)
        if any(layout.is_seat(slot) for slot in lifted.mentioned(claim.claim.entry))
    ]
    others = [number for number in range(len(made)) if number not in naming]
    others = [number for number in others if number not in weighed]
    for taken in chain.from_iterable(combinations(naming, k) for k in range(len(naming) + 1)):
        told = replace(knowledge, claims=tuple(made[number].claim for number in taken))
        groups = _groups(knowledge, made, others, lifted.marked_slots(told))
        for sizes in product(*(range(len(group) + 1) for group in groups)):
            chosen = [n for group, size in zip(groups, sizes, strict=True) for n in group[:size]]
            count = prod(comb(len(group), size) for group, size in zip(groups, sizes, strict=True))
            yield tuple(sorted((*taken, *chosen))), count, [g for g in groups if len(g) > 1]


def _honest_part(
    knowledge: OnuwKnowledge,
    made: Sequence[ClaimMade],
    inside: Sequence[int],
    weighed: frozenset[int],
) -> OnuwKnowledge | None:
    """The part where the claims ``inside`` are honest and true (their seats hold the
    card claimed) and the others are weighed by whether their speaker lies only
    (:data:`ANY`, the weights divided by their common factor); ``None`` if no deal
    has those cards."""
    space = knowledge.space
    known = dict(space.known)
    left = Counter(dict(space.cards))
    runs: list[ClaimMade] = []
    for number, claim in enumerate(made):
        seat, role = claim.claim.seat, claim.claim.role
        if number in weighed:
            runs.append(claim)
            continue
        if number not in inside:
            weights = claim.weights
            common = gcd(weights.liar, weights.false)
            reduced = ClaimWeights(weights.liar // common, *[weights.false // common] * 2)
            runs.append(replace(claim, claim=Claim(seat, ANY), weights=reduced))
            continue
        runs.append(replace(claim, weights=PRUNING))
        if seat not in known:
            known[seat], left[role] = (role,), left[role] - 1
        if known[seat] != (role,) or left[role] < 0:
            return None
    others = tuple(obs for obs in knowledge.observations if not isinstance(obs, ClaimMade))
    hidden = replace(
        space,
        cards=tuple(sorted((role, count) for role, count in left.items() if count)),
        slots=tuple(slot for slot in space.slots if slot not in known),
        known=MappingProxyType(known),
    )
    return replace(
        knowledge,
        hidden=hidden,
        observations=(*others, *runs),
        claims=tuple(claim.claim for claim in runs),
    )


def _averaged(run: lifted.Sums, seats: Sequence[Seat]) -> None:
    """Spread a run's outputs evenly over interchangeable ``seats`` (the sum over the
    runs that permute them, divided by their number)."""
    for table in (run.dawn, run.dealt):
        merged: dict[str, Fraction] = defaultdict(Fraction)
        for seat in seats:
            for card, w in table[seat].items():
                merged[card] += Fraction(w, len(seats))
        for seat in seats:
            table[seat] = dict(merged)
    if all(seat in run.win for seat in seats):
        mean = sum((Fraction(run.win[seat]) for seat in seats), Fraction(0)) / len(seats)
        run.win.update(dict.fromkeys(seats, mean))


def honest_sums(knowledge: OnuwKnowledge, made: Sequence[ClaimMade]) -> lifted.Sums:
    """Every output's weight when every claim, if true, is honest
    (:func:`true_means_honest`). Each claim's weight is

        w = b + (L - b)·[lies]  +  (c - b)·[honest and true]

    the first part depending on whether its speaker lies only (so the claim marks
    no slot but its seat, and every such speaker is interchangeable with the others),
    the second pruning hard (the speaker holds the card claimed, and its night is the
    one it told). The product over the claims is a sum over the subsets of claims
    taking their second part: one run each (:func:`_honest_part`), or one for all the
    subsets that differ by a permutation of interchangeable claims (:func:`_groups`),
    its outputs averaged over them. A claim is true exactly in the worlds of the runs
    where it takes its second part, weighed there by ``c`` instead of ``c - b``. A
    claim of a card alone is not split (:func:`plain`): every run weighs it as it is,
    and its truth is the run's own."""
    total, worlds = lifted.Sums.zero(), 0
    true: list[Fraction] = [Fraction(0)] * len(made)
    weighed = _weighed(knowledge, made)
    rest = [gcd(claim.weights.liar, claim.weights.false) for claim in made]
    rest = [1 if number in weighed else common for number, common in enumerate(rest)]
    step = [claim.weights.true - claim.weights.false for claim in made]
    for inside, count, groups in _subsets(knowledge, made, weighed):
        part = _honest_part(knowledge, made, inside, weighed)
        if part is None:
            continue
        run = unseen.sums(part)
        if not inside:
            worlds = run.worlds  # every world: each weighs above 0
        factors = [step[n] if n in inside else rest[n] for n in range(len(made))]
        found = [Fraction(0)] * len(made)
        for number in inside:
            without = prod(factors[:number]) * prod(factors[number + 1 :])
            found[number] = Fraction(made[number].weights.true * without * run.total)
        for number in weighed:
            seat = made[number].claim.seat
            found[number] = prod(factors) * (run.total - run.lying[seat])
        for group in groups:
            _averaged(run, [made[n].claim.seat for n in group])
            mean = sum((found[n] for n in group), Fraction(0)) / len(group)
            for n in group:
                found[n] = mean
        total.add(run, prod(factors) * count)
        true = [w + count * more for w, more in zip(true, found, strict=True)]
    total.lying = {claim.claim.seat: total.total - w for claim, w in zip(made, true, strict=True)}
    total.worlds, total.kept = worlds, {}
    return total


def tally(knowledge: OnuwKnowledge) -> Tally:
    """The one tally (the knowledge :func:`applies`); an empty one when no world fits."""
    if not consistent(knowledge):
        return Tally(0, 0, {})
    return lifted.tally_of(knowledge, sums(knowledge))


__all__ = [
    "ANY",
    "applies",
    "consistent",
    "honest_sums",
    "split",
    "sums",
    "tally",
    "true_means_honest",
    "weighs_every_world",
]
