"""What the lab's talking ONUW players say: the truth, or a liar's story by a policy.

A player who believes it holds a village-team card (the last card it saw) is
**honest** and claims the whole truth: its dealt card and its whole night entry. Any
other player (werewolf team, tanner) **lies**, and picks its story by a **policy**:

- ``mimic``: the story-teller of the speech model (``docs/speech.md``): a role
  uniform over the deck's distinct role names, the role's night choice by the night
  prior of that role in the liar's seat, each card it says it saw uniform over the
  role names, a ``wolves`` (``masons``) list uniform over the sets of other players of
  at most ``W`` seats (``W - 1``, and itself, for a werewolf or a mason), ``W`` the
  deck's werewolf (mason) cards. Under ``model: {speech: mimic}`` the solver reads
  claims as exactly this;
- ``consistent``: the story most consistent with what is public: a village role of
  the deck not yet claimed by as many players as it has copies (a lone werewolf that
  saw one in the centre takes it first), else ``villager``; its night agrees with
  the claims heard so far (a seer looked at a player who claimed and saw that role, or
  at two centre cards holding roles nobody claimed; a robber robbed a player who
  claimed and got that role; a mason names the players who claimed mason);
- ``cautious``: the stand-ins of earlier versions: a village role without night
  details (a lone werewolf's centre card, else ``villager``).

:class:`Speakers` is one deal's claim policy for :func:`.table.play_deal`: it
remembers the claims said so far, which ``consistent`` liars read.

>>> from random import Random
>>> from wooolf_solver.games.onuw.rules import load_rules
>>> rules = load_rules()
>>> speakers = Speakers(Stories.of(rules, rules.deck("table", 3), 3), lambda seat, card: "mimic")
>>> from wooolf_solver.games.onuw.night import NightEntry
>>> speakers(1, "villager", NightEntry(), Random(1))
Claim(seat=1, role='villager', entry=NightEntry(items=()))
>>> speakers(2, "werewolf", NightEntry.of(wolves=(2, 3)), Random(1)).role in rules.deck("table", 3)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from random import Random

from ...core.speech import STORY_POLICIES
from .night import NightEntry, NightState, believed_card, power_of
from .record import Claim
from .rules import Layout, Rules, Seat, Slot

POLICIES = STORY_POLICIES
"""The liars' story policies, the default first (:mod:`~wooolf_solver.core.speech`)."""

GROUPS = {"wolves": "werewolf", "masons": "mason"}
"""A night key that lists players, and the card its players were dealt."""


@dataclass(frozen=True)
class Stories:
    """What a story-teller knows of the table: the rules, the slots, the deck."""

    rules: Rules
    layout: Layout
    deck: tuple[str, ...]

    @classmethod
    def of(cls, rules: Rules, deck: Sequence[str], players: int) -> Stories:
        return cls(rules, Layout(players, len(deck) - players), tuple(sorted(deck)))

    @property
    def names(self) -> tuple[str, ...]:
        """The deck's distinct role names, sorted."""
        return tuple(sorted(set(self.deck)))

    @property
    def village(self) -> tuple[str, ...]:
        """The deck's distinct village-team role names, sorted."""
        return tuple(name for name in self.names if self.rules.team(name) == "village")

    def honest(self, seat: Seat, dealt: str, entry: NightEntry) -> bool:
        """Whether the holder believes it holds a village-team card."""
        return self.rules.team(believed_card(self.rules, dealt, seat, entry)) == "village"

    def story(  # noqa: PLR0917 (a claim policy's arguments, and the policy's name)
        self,
        policy: str,
        seat: Seat,
        dealt: str,
        entry: NightEntry,
        heard: Sequence[Claim],
        rng: Random,
    ) -> Claim:
        """The claim of the holder of ``dealt`` at ``seat``: the truth when honest,
        else a story by ``policy``."""
        if self.honest(seat, dealt, entry):
            return Claim(seat, dealt, entry)
        if policy == "mimic":
            return self.mimic(seat, rng)
        if policy == "consistent":
            return self.consistent(seat, entry, heard, rng)
        return self.cautious(seat, entry, rng)

    # -- mimic ----------------------------------------------------------------------

    def mimic(self, seat: Seat, rng: Random) -> Claim:
        """A story of the speech model's story-teller (see the module).

        >>> from wooolf_solver.games.onuw.rules import load_rules
        >>> stories = Stories.of(load_rules(), load_rules().deck("table", 3), 3)
        >>> stories.mimic(1, Random(5))
        Claim(seat=1, role='troublemaker', entry=NightEntry(items=(('swapped', (2, 3)),)))
        """
        role = rng.choice(self.names)
        power = power_of(self.rules.roles[role])
        dealt = [""] * len(self.layout.slots)
        dealt[seat - 1] = role
        for key, card in GROUPS.items():
            if key in power.keys and not power.copies:
                for other in self.group(seat, card, role == card, rng):
                    dealt[other - 1] = card
        if power.copies:  # the card it copies: any other name of the deck
            others = [name for name in self.names if name != role] or [role]
            dealt[: self.layout.players] = [
                card or rng.choice(others) for card in dealt[: self.layout.players]
            ]
        state = NightState(self.layout, tuple(dealt), [""] * len(dealt))
        choice = power.pick(power.options(seat, state), rng)
        for slot in (seat, *choice):  # the only cards a night can show it
            state.now[slot - 1] = rng.choice(self.names)
        return Claim(seat, role, power.perform(seat, choice, state))

    def group(self, seat: Seat, card: str, itself: bool, rng: Random) -> tuple[Seat, ...]:
        """Other players named in a ``wolves``/``masons`` list: a set uniform over the
        sets of at most ``W`` of them (``W - 1`` when the speaker holds ``card``)."""
        others = [other for other in self.layout.seats if other != seat]
        most = self.deck.count(card) - itself
        sets = [s for size in range(max(0, most) + 1) for s in combinations(others, size)]
        return rng.choice(sets)

    # -- consistent -----------------------------------------------------------------

    def consistent(
        self, seat: Seat, entry: NightEntry, heard: Sequence[Claim], rng: Random
    ) -> Claim:
        """A village role still open, with a night that agrees with ``heard``."""
        claimed = Counter(claim.role for claim in heard)
        village = self.village or ("villager",)
        open_ = [name for name in village if self.deck.count(name) > claimed[name]]
        seen = [str(card) for _, card in entry.get("centre") or () if card in open_]
        role = seen[0] if seen else rng.choice(open_) if open_ else "villager"
        others = [claim for claim in heard if claim.seat != seat]
        night = NightEntry()
        if role == "seer":
            night = self.seer_story(others, claimed, rng)
        elif role == "robber" and others:
            target = rng.choice(others)
            night = NightEntry.of(robbed=target.seat, got=target.role)
        elif role == "robber":
            night = NightEntry.of(robbed=rng.choice(self.others(seat)), got="villager")
        elif role == "troublemaker":
            pair = tuple(sorted(rng.sample(self.others(seat), 2)))
            night = NightEntry.of(swapped=pair)
        elif role == "drunk":
            night = NightEntry.of(took=rng.choice(self.layout.centre))
        elif role == "insomniac":
            night = NightEntry.of(now="insomniac")
        elif role == "mason":
            masons = [c.seat for c in others if c.role == "mason"][: self.deck.count("mason") - 1]
            night = NightEntry.of(masons=tuple(sorted((seat, *masons))))
        return Claim(seat, role, night)

    def others(self, seat: Seat) -> list[Seat]:
        return [other for other in self.layout.seats if other != seat]

    def seer_story(self, others: Sequence[Claim], claimed: Counter[str], rng: Random) -> NightEntry:
        """A seer's night that agrees with the claims: a look at a claimer, or at two
        centre cards among those nobody claimed."""
        if others:
            target = rng.choice(others)
            return NightEntry.of(saw=((target.seat, target.role),))
        unclaimed = list((Counter(self.deck) - claimed - Counter(["seer"])).elements())
        cards = rng.sample(unclaimed, 2) if len(unclaimed) >= 2 else ["villager", "villager"]
        pair: tuple[Slot, ...] = tuple(sorted(rng.sample(self.layout.centre, 2)))
        return NightEntry.of(centre=tuple(zip(pair, cards, strict=True)))

    # -- cautious -------------------------------------------------------------------

    def cautious(self, seat: Seat, entry: NightEntry, rng: Random) -> Claim:
        """A village role without night details (see :func:`cautious_claim`)."""
        return cautious_claim(self.village, seat, entry, rng)


def cautious_claim(village: Sequence[str], seat: Seat, entry: NightEntry, rng: Random) -> Claim:
    """A liar's village role without night details: a lone werewolf's centre card of
    ``village`` (the deck's village roles, sorted), else ``villager`` if the deck has
    one, else a village role at random.

    >>> cautious_claim(["seer", "villager"], 2, NightEntry.of(wolves=(2,), centre=((4, "seer"),)),
    ...     Random(0)).role
    'seer'
    """
    if not village:
        return Claim(seat, "villager")
    for _, seen in entry.get("centre") or ():
        if seen in village:
            return Claim(seat, str(seen))
    return Claim(seat, "villager" if "villager" in village else rng.choice(village))


class Speakers:
    """One deal's claim policy: ``policy_of(seat, dealt)`` names the seat's story
    policy (``None``: it stays silent); the claims said so far are kept in ``heard``."""

    def __init__(self, stories: Stories, policy_of: Callable[[Seat, str], str | None]) -> None:
        self.stories = stories
        self.policy_of = policy_of
        self.heard: list[Claim] = []

    def __call__(self, seat: Seat, dealt: str, entry: NightEntry, rng: Random) -> Claim | None:
        policy = self.policy_of(seat, dealt)
        if policy is None:
            return None
        claim = self.stories.story(policy, seat, dealt, entry, self.heard, rng)
        self.heard.append(claim)
        return claim


__all__ = ["POLICIES", "Speakers", "Stories", "cautious_claim"]
