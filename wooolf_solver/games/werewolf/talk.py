"""What the lab's talking Werewolf bots say: the truth, or a liar's story by a policy.

A seat playing a village-team role is **honest**: the seer claims the seer with every
look it had; another village role claims its role (once: saying it again adds
nothing). Any other seat (the werewolves, the piper) **lies**, and tells a story by a
**policy**, keeping its story from day to day (a claimed seer adds one new look each
time it speaks):

- ``mimic``: the story-teller of the speech model (``shared/spec/speech.md``): the
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
>>> from wooolf_solver.games.werewolf.engine import Table
>>> from wooolf_solver.games.werewolf.bots import RandomBot
>>> deck = (("seer", 1), ("villager", 2), ("werewolf", 1))
>>> table = Table(deck, RandomBot(random.Random(0)), random.Random(0),
...     deal=("villager", "werewolf", "seer", "villager"))
>>> talker = Talker("mimic")
>>> talker.claim(table, 1, random.Random(0))
Claim(seat=1, claims='villager', checked=())
>>> talker.claim(table, 1, random.Random(0)) is None
True
>>> talker.claim(table, 2, random.Random(4)).claims in ("seer", "villager", "werewolf")
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
    from .engine import Table

POLICIES = STORY_POLICIES
"""The liars' story policies, the default first (:mod:`~wooolf_solver.core.speech`)."""


class Talker:
    """One game's speech of the seats it speaks for: each seat's story so far."""

    def __init__(self, policy: str = POLICIES[0]) -> None:
        self.policy = policy
        self.told: dict[tuple[int, Seat], Claim] = {}
        """Each seat's last claim (keyed by the table, so one talker serves many games)."""

    def claim(self, table: Table, seat: Seat, rng: random.Random) -> Claim | None:
        """What ``seat`` says now, or ``None`` when it has nothing new to say."""
        key = (id(table), seat)
        before = self.told.get(key)
        if table.rules.team(table.roles[seat]) == "village":
            said = self.truth(table, seat)
        elif before is None:
            said = self.story(table, seat, rng)
        elif before.claims == "seer":
            said = Claim(seat, "seer", self.look(table, seat, before, rng))
        else:
            said = before
        if said == before:
            return None
        self.told[key] = said
        return said

    @staticmethod
    def truth(table: Table, seat: Seat) -> Claim:
        role = table.roles[seat]
        checked = table.checks.get(seat, {}) if role == "seer" else {}
        return Claim(seat, role, tuple(sorted(checked.items())))

    def story(self, table: Table, seat: Seat, rng: random.Random) -> Claim:
        """A liar's first claim, by the policy."""
        if self.policy == "mimic":
            role = rng.choice(names(table))
        elif self.policy == "consistent":
            role = open_role(table, seat, rng)
        else:
            role = "villager"
        claim = Claim(seat, role)
        return Claim(seat, role, self.look(table, seat, claim, rng)) if role == "seer" else claim

    def look(
        self, table: Table, seat: Seat, before: Claim, rng: random.Random
    ) -> tuple[tuple[Seat, str], ...]:
        """A claimed seer's looks: the earlier ones and a new one (none when every
        living other seat was looked at)."""
        seen = dict(before.checked)
        fresh = [s for s in table.living if s != seat and s not in seen]
        if not fresh:
            return before.checked
        target = rng.choice(fresh)
        alignment = table.variants.seer == "alignment"
        if self.policy == "mimic":
            seen[target] = rng.choice(("werewolf", "not") if alignment else names(table))
        else:
            claimed = {e.seat: e.claims for e in table.events if isinstance(e, Claim)}
            seen[target] = "not" if alignment else claimed.get(target, "villager")
        return tuple(sorted(seen.items()))


def names(table: Table) -> tuple[str, ...]:
    """The distinct role names of the deck (``roles``), sorted."""
    return tuple(sorted(name for name, copies in table.deck if copies))


def open_role(table: Table, seat: Seat, rng: random.Random) -> str:
    """A village role of the deck in proportion to its copies not yet claimed by
    another seat (``villager`` when none is left)."""
    claimed = Counter(e.claims for e in table.events if isinstance(e, Claim) and e.seat != seat)
    copies = [
        (name, n - claimed[name])
        for name, n in sorted(table.deck)
        if table.rules.team(name) == "village" and n > claimed[name]
    ]
    if not copies:
        return "villager"
    return rng.choices([name for name, _ in copies], [n for _, n in copies])[0]


__all__ = ["POLICIES", "Talker", "names", "open_role"]
