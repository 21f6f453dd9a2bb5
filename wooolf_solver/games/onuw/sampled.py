"""An estimate for a bot out of time: worlds drawn at random, not counted.

The exact engines count every world; with the box's sixteen cards at thirteen players
and few claims that takes a minute, longer than a bot at the web table may think
(:data:`.live.BOT_SECONDS`). Its ballot then comes from :func:`sampled_posterior`,
which draws worlds as the game deals and plays them and weighs each by what the
viewpoint knows (*likelihood weighting*):

- the free cards are dealt by a uniform shuffle (so a deal is drawn as often as its
  physical deals);
- every seat's night is drawn by the night prior, the doppelgangers' first (the roles
  they become decide the others' options); the viewpoint's recorded choice is taken
  as recorded;
- the world then weighs its likelihood divided by the chance of drawing it (the same
  factors, but for the viewpoint's own night and the claims under the speech model).

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

from fractions import Fraction
from random import Random
from typing import Any

from ...core.space import Var
from ...engines.base import WorldTally
from .model import OnuwKnowledge, OwnNight, choice_variable
from .night import Choice, copies_made, power_of
from .posterior import OnuwPosterior
from .rules import Seat


def sampled_posterior(knowledge: OnuwKnowledge, draws: int, rng: Random) -> OnuwPosterior:
    """The posterior estimated from ``draws`` worlds drawn with ``rng`` (its tally's
    ``deals``: the draws of non-zero weight; none when no draw fits)."""
    tally = WorldTally(knowledge)
    for _ in range(draws):
        world, chance = draw(knowledge, rng)
        weight = knowledge.likelihood(world)
        if weight:
            tally.add_mass(world, weight / chance)
    return OnuwPosterior(knowledge, tally.result())


def draw(knowledge: OnuwKnowledge, rng: Random) -> tuple[dict[Var, Any], Fraction]:
    """A world drawn by a shuffle of the free cards and the night prior, with the
    chance of drawing it up to a factor common to every world (its physical deals
    times the prior's factors of the choices drawn, each over its seat's total)."""
    space, prior, layout = knowledge.space, knowledge.prior, knowledge.layout
    free = [card for card, copies in space.cards for _ in range(copies)]
    rng.shuffle(free)
    world: dict[Var, Any] = dict(space.known)
    world.update((slot, (card,)) for slot, card in zip(space.slots, free, strict=True))
    cards = tuple(world[slot][0] for slot in layout.slots)
    recorded = {o.seat: o.choice for o in knowledge.observations if isinstance(o, OwnNight)}
    copying = [s for s in layout.seats if power_of(prior.rules.roles[cards[s - 1]]).copies]
    chance = Fraction(space.physical(world))

    def choose(seat: Seat, copies: dict[Seat, str] | None) -> Choice:
        """``seat``'s choice: the recorded one, else drawn by the night prior (its power's
        ``pick``, whose chance is the prior's factor over its scale)."""
        nonlocal chance
        if seat in recorded:
            return recorded[seat]
        options = prior.support(seat, cards, copies)
        choice = power_of(prior.rules.roles[cards[seat - 1]]).pick(options, rng)
        chance *= Fraction(prior.factor(seat, cards, choice, copies), prior.scale)
        return choice

    choices = {seat: choose(seat, None) for seat in copying}
    copies = copies_made(prior.rules, layout, cards, choices)
    for seat in layout.seats:
        if seat not in choices:
            choices[seat] = choose(seat, copies)
    world.update((choice_variable(seat), choice) for seat, choice in choices.items())
    return world, chance


__all__ = ["draw", "sampled_posterior"]
