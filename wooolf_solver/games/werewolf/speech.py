"""What a claim is worth in classic Werewolf: a story's chance and a claim's weights.

The speech models (:mod:`wooolf_solver.core.speech`, ``docs/werewolf/rules.md``): a seat
that plays a village-team role is **honest** (its claim must be true, but for
``village_lies``), any other seat is a **liar**. Under ``free`` a liar's claim weighs 1
whatever it says; under ``mimic`` it weighs :func:`story_chance`, the chance that a
story-teller picking each part of its story at random tells this one; under ``mixed``
the mean of that and :func:`story_share` (a liar that tells any of the village's whole
stories, equally likely).

Each claim becomes three integer weights (:class:`~wooolf_solver.core.speech.ClaimWeights`),
one per kind of speaker, scaled by a common factor that cancels in every posterior:

>>> from wooolf_solver.games.werewolf.events import Claim
>>> seer = Claim(4, "seer", ((7, "villager"),))
>>> story_chance(seer, (), names=3, alignment=False)
Fraction(1, 9)
>>> weigh_claims((seer,), (("seer", 1), ("villager", 6), ("werewolf", 2)), speech="mimic",
...     village_lies=Fraction(0), alignment=False)
{1: ClaimWeights(liar=1, true=9, false=0)}
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from ...core.speech import ClaimWeights, Speech, claim_weights
from .events import Claim, Event
from .rules import Deck, Seat

SEER = "seer"
"""The one role whose story tells checks."""

ALIGNMENT_ANSWERS = 2
"""What a seer is told under ``seer: alignment``: ``werewolf`` or ``not``."""


def story_chance(
    claim: Claim, earlier: Sequence[Claim], *, names: int, alignment: bool
) -> Fraction:
    """q(claim) under ``mimic``: the chance a story-teller tells this story, after its
    ``earlier`` claims (``names``: the distinct role names of the deck).

    The role costs ``1/names`` (a role outside the deck too), unless it repeats the
    seat's previous claim; each ``checked`` answer not among its earlier claims' costs
    ``1/names`` (``1/2`` under ``seer: alignment``); the checked seat is free.

    >>> story_chance(Claim(4, "seer", ((7, "werewolf"),)), (), names=4, alignment=True)
    Fraction(1, 8)
    >>> first = Claim(4, "seer", ((7, "villager"),))
    >>> again = Claim(4, "seer", ((7, "villager"), (2, "werewolf")))
    >>> story_chance(again, (first,), names=3, alignment=False)
    Fraction(1, 3)
    >>> story_chance(Claim(4, "villager"), (first,), names=3, alignment=False)
    Fraction(1, 3)
    """
    answers = ALIGNMENT_ANSWERS if alignment else names
    repeated = bool(earlier) and earlier[-1].claims == claim.claims
    told = {entry for before in earlier for entry in before.checked}
    new = sum(1 for entry in claim.checked if entry not in told)
    return Fraction(1, (1 if repeated else names) * answers**new)


def story_share(
    claim: Claim, earlier: Sequence[Claim], *, village: Collection[str], alignment: bool, names: int
) -> Fraction:
    """The share of the village's **whole stories** that agree with the claim (the
    ``uniform`` story-teller of ``docs/speech.md``), among the stories that tell as many
    new checks as the claim (the seats checked are free, as under ``mimic``): with no new
    check, one bare story per ``village`` role name of the deck (``1/V`` each); with ``m``
    new checks only the seer's, one per answer to each (``answers^-m``). A role that
    repeats the seat's previous claim is free. 0 for any other claim (a role off the
    deck or not of the village, checks told by another role).

    >>> seer = Claim(4, "seer", ((7, "villager"),))
    >>> village = ("seer", "villager")
    >>> story_share(seer, (), village=village, alignment=False, names=3)
    Fraction(1, 3)
    >>> [story_share(Claim(4, role), (), village=village, alignment=False, names=3)
    ...  for role in ("villager", "werewolf")]
    [Fraction(1, 2), Fraction(0, 1)]
    """
    answers = ALIGNMENT_ANSWERS if alignment else names
    told = {entry for before in earlier for entry in before.checked}
    new = sum(1 for entry in claim.checked if entry not in told)
    repeated = bool(earlier) and earlier[-1].claims == claim.claims
    if claim.claims not in village or (new and claim.claims != SEER):
        return Fraction(0)
    if new:
        return Fraction(1, answers**new)
    return Fraction(1, 1 if repeated else len(village))


def weigh_claims(
    events: Sequence[Event],
    deck: Deck,
    *,
    speech: Speech,
    village_lies: Fraction,
    alignment: bool,
    village: Collection[str] = (),
) -> dict[int, ClaimWeights]:
    """Every claim's weights, by its event number (from 1), each read after its seat's
    earlier claims (``deck``: the record's ``roles``, whose distinct names a story-teller
    picks from; ``village``: those of the village team, which ``mixed`` reads).

    >>> events = (Claim(4, "seer", ((7, "villager"),)), Claim(4, "seer", ((7, "villager"),)))
    >>> weigh_claims(events, (("seer", 1), ("villager", 6), ("werewolf", 2)), speech="mimic",
    ...     village_lies=Fraction(0), alignment=False)
    {1: ClaimWeights(liar=1, true=9, false=0), 2: ClaimWeights(liar=1, true=1, false=0)}
    """
    names = len({name for name, copies in deck if copies})
    said: dict[Seat, list[Claim]] = {}
    out: dict[int, ClaimWeights] = {}
    for number, event in enumerate(events, 1):
        if isinstance(event, Claim):
            earlier = said.setdefault(event.seat, [])
            chance = story_chance(event, earlier, names=names, alignment=alignment)
            if speech == "mixed":
                share = story_share(
                    event, earlier, village=village, alignment=alignment, names=names
                )
                chance = (chance + share) / 2
            out[number] = claim_weights(speech, village_lies, chance)
            earlier.append(event)
    return out


__all__ = ["story_chance", "story_share", "weigh_claims"]
