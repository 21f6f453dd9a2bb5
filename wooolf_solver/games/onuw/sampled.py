"""An estimate for a bot out of time: worlds drawn at random, not counted.

The exact engines count every world; with the box's sixteen cards at thirteen players
and few claims that takes a minute, longer than a bot at the web table may think
(:data:`.bots.BOT_SECONDS`). Its ballot then comes from :func:`sampled_posterior`,
which draws worlds as the game deals and plays them and weighs each by what the
viewpoint knows (*likelihood weighting*):

- the free cards are dealt by a uniform shuffle (so a deal is drawn as often as its
  physical deals);
- every seat's night is drawn by the night prior, the doppelgangers' first (the roles
  they become decide the others' options); the viewpoint's recorded choice is taken
  as recorded;
- a claim that names what its speaker saw is true in few draws, yet those weigh most:
  so each claim is first made true with chance ½ (its speaker dealt the card claimed,
  making the choice claimed when it names one: :func:`told`), a *mixture* of
  proposals whose chance of each world is still exact (:func:`chance_of`);
- the world then weighs its likelihood divided by the chance of drawing it.

The weighted draws fill a tally of the exact engines' form, so the same posterior and
ballot scores read it; its shares are estimates, and converge to the exact ones as the
draws grow (the ratio of two unbiased sums). No command offers it as an engine:
every answer the library prints stays exact.

>>> from random import Random
>>> from wooolf_solver.games.onuw.record import read_record
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "seer"}, "night": {1: {"saw": {2: "werewolf"}}}})
>>> posterior = sampled_posterior(knowledge_of(record), 200, Random(1))
>>> posterior.dealt[2]  # what the seer saw is certain in every draw that fits
{'werewolf': Fraction(1, 1)}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import perm, prod
from random import Random
from typing import Any

from ...core.space import Var
from ...engines.base import WorldTally
from .model import ClaimMade, OnuwKnowledge, OwnNight, choice_variable
from .night import Choice, copies_made, power_of
from .posterior import OnuwPosterior
from .rules import Seat


def sampled_posterior(knowledge: OnuwKnowledge, draws: int, rng: Random) -> OnuwPosterior:
    """The posterior estimated from ``draws`` worlds drawn with ``rng`` (its tally's
    ``deals``: the draws of non-zero weight; none when no draw fits)."""
    tally = WorldTally(knowledge)
    claims = told(knowledge)
    for _ in range(draws):
        world, chance = draw(knowledge, rng, claims)
        weight = knowledge.likelihood(world)
        if weight:
            tally.add_mass(world, weight / chance)
    return OnuwPosterior(knowledge, tally.result())


@dataclass(frozen=True)
class Told:
    """A claim a draw may make true: its seat dealt the card claimed and, when the
    claim names one, making the choice claimed (``None``: drawn as usual)."""

    seat: Seat
    role: str
    choice: Choice | None


def told(knowledge: OnuwKnowledge) -> tuple[Told, ...]:
    """The claims a draw may make true: by a seat whose card is not known, of a card
    left to deal (no more claims of a card than its free copies). A claim names its
    choice when it tells the keys that show it (not a doppelganger's: its copy is
    drawn as usual)."""
    space, rules = knowledge.space, knowledge.rules
    left = Counter(dict(space.cards))
    out = []
    for observation in knowledge.observations:
        if not isinstance(observation, ClaimMade):
            continue
        claim = observation.claim
        if claim.seat not in space.slots or not left[claim.role]:
            continue
        left[claim.role] -= 1
        power = power_of(rules.roles[claim.role])
        named = any(claim.entry.get(key) is not None for key in power.telling)
        choice = power.choice_of(claim.entry) if named and not power.copies else None
        out.append(Told(claim.seat, claim.role, choice))
    return tuple(out)


def draw(
    knowledge: OnuwKnowledge, rng: Random, claims: tuple[Told, ...] = ()
) -> tuple[dict[Var, Any], Fraction]:
    """A world drawn by the deal and the night prior, each of ``claims`` made true
    first with chance ½, and the chance of drawing it up to a factor common to every
    world (:func:`chance_of`)."""
    space, prior, layout = knowledge.space, knowledge.prior, knowledge.layout
    forced = [claim for claim in claims if rng.random() < 0.5]
    free = list((Counter(dict(space.cards)) - Counter(c.role for c in forced)).elements())
    rng.shuffle(free)
    world: dict[Var, Any] = dict(space.known)
    world.update((claim.seat, (claim.role,)) for claim in forced)
    open_slots = [slot for slot in space.slots if slot not in world]
    world.update((slot, (card,)) for slot, card in zip(open_slots, free, strict=True))
    cards = tuple(world[slot][0] for slot in layout.slots)
    fixed = _recorded(knowledge)
    fixed |= {claim.seat: claim.choice for claim in forced if claim.choice is not None}

    def choose(seat: Seat, copies: dict[Seat, str] | None) -> Choice:
        if seat in fixed:
            return fixed[seat]
        options = prior.support(seat, cards, copies)
        return power_of(prior.rules.roles[cards[seat - 1]]).pick(options, rng)

    copying = [s for s in layout.seats if power_of(prior.rules.roles[cards[s - 1]]).copies]
    choices = {seat: choose(seat, None) for seat in copying}
    copies = copies_made(prior.rules, layout, cards, choices)
    for seat in layout.seats:
        if seat not in choices:
            choices[seat] = choose(seat, copies)
    world.update((choice_variable(seat), choice) for seat, choice in choices.items())
    return world, chance_of(knowledge, world, claims)


def chance_of(
    knowledge: OnuwKnowledge, world: Mapping[Var, Any], claims: tuple[Told, ...]
) -> Fraction:
    """The chance that :func:`draw` gives ``world``, up to a factor common to every
    world: its physical deals times each choice's prior chance (the viewpoint's
    recorded night excepted), times the mixture over the sets ``S`` of ``claims``
    made true that could have given it. Each ``S`` has chance ``2**-k``; dealing its
    cards first multiplies a deal's chance by ``n (n - 1) ... (n - |S| + 1)`` (``n``
    free slots) over, per card, ``m (m - 1) ...`` (``m`` its free copies, a factor
    per claim of it in ``S``); a choice made true has chance 1 instead of its prior's.
    The sum over every ``S`` is a polynomial in ``|S|``, made card by card."""
    space, prior, layout = knowledge.space, knowledge.prior, knowledge.layout
    cards = tuple(world[slot][0] for slot in layout.slots)
    choices = {seat: world[choice_variable(seat)] for seat in layout.seats}
    copies = copies_made(prior.rules, layout, cards, choices)
    recorded = _recorded(knowledge)
    prior_of = {
        seat: Fraction(prior.factor(seat, cards, choices[seat], copies), prior.scale)
        for seat in layout.seats
        if seat not in recorded
    }
    chance = Fraction(space.physical(world)) * prod(prior_of.values(), start=Fraction(1))
    if not chance or not claims:
        return chance
    made: dict[str, list[Fraction]] = {}  # per card, each claim of it true here: its factor
    for claim in claims:
        if cards[claim.seat - 1] == claim.role and claim.choice in (None, choices[claim.seat]):
            factor = 1 / prior_of[claim.seat] if claim.choice is not None else Fraction(1)
            made.setdefault(claim.role, []).append(factor)
    free = dict(space.cards)
    by_size = [Fraction(1)]  # the sum over the sets S of a size, by size
    for card, factors in made.items():
        symmetric = [Fraction(1)]  # the elementary symmetric sums of the card's factors
        for factor in factors:
            symmetric = _times(symmetric, [Fraction(1), factor])
        by_size = _times(by_size, [t / perm(free[card], j) for j, t in enumerate(symmetric)])
    slots = len(space.slots)
    mixture = sum((c * perm(slots, size) for size, c in enumerate(by_size)), Fraction(0))
    return chance * mixture / (1 << len(claims))


def _times(first: list[Fraction], second: list[Fraction]) -> list[Fraction]:
    """The product of two polynomials, by their coefficients."""
    out = [Fraction(0)] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        for j, b in enumerate(second):
            out[i + j] += a * b
    return out


def _recorded(knowledge: OnuwKnowledge) -> dict[Seat, Choice]:
    """The viewpoint's recorded choice, by its seat."""
    return {o.seat: o.choice for o in knowledge.observations if isinstance(o, OwnNight)}


__all__ = ["Told", "chance_of", "draw", "sampled_posterior", "told"]
