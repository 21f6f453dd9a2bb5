"""What the lab's talking Werewolf bots say: the truth, or a liar's story by a policy.

A seat playing a village-team role is **honest**: the seer claims the seer with every
look it had; another village role claims its role (once: saying it again adds
nothing). Any other seat (the werewolves, the piper) **lies**, and tells a story by a
**policy**, keeping its story from day to day (a claimed seer adds one new look each
time it speaks):

- ``mimic``: the story-teller of the speech model (``docs/speech.md``): the
  role uniform over the distinct role names of the deck (``roles``); a claimed seer's
  each new look at a living other seat not looked at before (uniform), its answer
  uniform over the role names (``werewolf`` or ``not`` under ``seer: alignment``).
  Under ``model: {speech: mimic}`` the solver reads claims as exactly this;
- ``consistent``: the story most consistent with what is public: a village role drawn
  in proportion to its copies that no claim has taken yet (``villager`` when none is
  left); a claimed seer's look names a living seat and the role that seat claimed
  (``villager`` when it claimed none; ``not`` under ``seer: alignment``);
- ``cautious``: ``villager``, nothing more.

Whether a seat speaks on a day is the bot's (its ``talk`` chance); what it says is
:meth:`Talker.claim`'s.

>>> import random
>>> from wooolf_solver.games.werewolf.state import WerewolfState
>>> deck = (("seer", 1), ("villager", 2), ("werewolf", 1))
>>> state = WerewolfState(deck, deal=("villager", "werewolf", "seer", "villager"))
>>> talker = Talker("mimic")
>>> talker.claim(state.view(1), 1, random.Random(0))
Claim(seat=1, claims='villager', checked=())
>>> talker.claim(state.view(1), 1, random.Random(0)) is None
True
>>> talker.claim(state.view(2), 2, random.Random(4)).claims in ("seer", "villager", "werewolf")
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ...core.speech import STORY_POLICIES
from .events import Claim
from .rules import Seat

if TYPE_CHECKING:
    from .asks import View

POLICIES = STORY_POLICIES
"""The liars' story policies, the default first (:mod:`~wooolf_solver.core.speech`)."""


class Talker:
    """One game's speech of the seats it speaks for: each seat's story so far."""

    def __init__(self, policy: str = POLICIES[0]) -> None:
        self.policy = policy
        self.told: dict[tuple[int, Seat], Claim] = {}
        """Each seat's last claim (keyed by the game, so one talker serves many games)."""

    def claim(self, view: View, seat: Seat, rng: random.Random) -> Claim | None:
        """What ``seat`` says now, or ``None`` when it has nothing new to say."""
        key = (view.game, seat)
        before = self.told.get(key)
        if view.rules.team(view.card) == "village":
            said = self.truth(view, seat)
        elif before is None:
            said = self.story(view, seat, rng)
        elif before.claims == "seer":
            said = Claim(seat, "seer", self.look(view, seat, before, rng))
        else:
            said = before
        if said == before:
            return None
        self.told[key] = said
        return said

    @staticmethod
    def truth(view: View, seat: Seat) -> Claim:
        role = view.card
        return Claim(seat, role, view.checks if role == "seer" else ())

    def story(self, view: View, seat: Seat, rng: random.Random) -> Claim:
        """A liar's first claim, by the policy."""
        if self.policy == "mimic":
            role = rng.choice(names(view))
        elif self.policy == "consistent":
            role = open_role(view, seat, rng)
        else:
            role = "villager"
        claim = Claim(seat, role)
        return Claim(seat, role, self.look(view, seat, claim, rng)) if role == "seer" else claim

    def look(
        self, view: View, seat: Seat, before: Claim, rng: random.Random
    ) -> tuple[tuple[Seat, str], ...]:
        """A claimed seer's looks: the earlier ones and a new one (none when every
        living other seat was looked at)."""
        seen = dict(before.checked)
        fresh = [s for s in view.living if s != seat and s not in seen]
        if not fresh:
            return before.checked
        target = rng.choice(fresh)
        alignment = view.variants.seer == "alignment"
        if self.policy == "mimic":
            seen[target] = rng.choice(("werewolf", "not") if alignment else names(view))
        else:
            claimed = {e.seat: e.claims for e in view.events if isinstance(e, Claim)}
            seen[target] = "not" if alignment else claimed.get(target, "villager")
        return tuple(sorted(seen.items()))


def names(view: View) -> tuple[str, ...]:
    """The distinct role names of the deck (``roles``), sorted."""
    return tuple(sorted(name for name, copies in view.deck if copies))


def open_role(view: View, seat: Seat, rng: random.Random) -> str:
    """A village role of the deck in proportion to its copies not yet claimed by
    another seat (``villager`` when none is left)."""
    claimed = Counter(e.claims for e in view.events if isinstance(e, Claim) and e.seat != seat)
    copies = [
        (name, n - claimed[name])
        for name, n in sorted(view.deck)
        if view.rules.team(name) == "village" and n > claimed[name]
    ]
    if not copies:
        return "villager"
    return rng.choices([name for name, _ in copies], [n for _, n in copies])[0]


__all__ = ["POLICIES", "Talker", "names", "open_role"]
