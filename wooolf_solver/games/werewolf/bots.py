"""The players' decisions behind one small interface, and the ``random`` bot.

A :class:`Player` answers the moderator's questions for a seat: each method gets the
:class:`~.engine.Table` (a bot that plays fair reads only what its seat knows:
``table.view(seat)`` is its record so far), the seat and the allowed choices.

The :class:`RandomBot` plays the balance model: each night the werewolves kill a
uniformly random living non-werewolf, each day the lynch is uniform over the living
(every voter names the day's one random target: ``unanimous``; otherwise each ballot
is random on its own), and every power is used at random. Its randomness is its own
seeded :class:`random.Random`. Each day a living seat claims with chance ``claims``:
what it says is its ``talker``'s (:class:`~.talk.Talker`: the truth, or a liar's story
by a policy), or, without one, the truth for the village and a random role for the
others.

>>> import random
>>> bot = RandomBot(random.Random(1))
>>> bot.victim(None, (1,), [2, 3]) in (2, 3)  # type: ignore[arg-type]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from .events import Claim
from .rules import PIPER, THIEF, Seat

if TYPE_CHECKING:
    from .engine import Table
    from .talk import Talker


class Player(Protocol):
    """The decisions of one seat (or of every seat, for a bot that plays them all)."""

    def thief_take(self, table: Table, seat: Seat) -> int:
        """Which left-over card the thief takes (0 or 1)."""
        ...

    def cupid(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> tuple[Seat, Seat]:
        """The two lovers (two distinct seats; cupid may name himself)."""
        ...

    def protect(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The defender's protected player."""
        ...

    def check(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The player whose card the seer looks at."""
        ...

    def victim(self, table: Table, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        """The werewolves' victim (the pack's first living seat decides)."""
        ...

    def catch(self, table: Table, pack: tuple[Seat, ...], girl: Seat) -> bool:
        """Whether the werewolves catch the spying little girl and eat her instead."""
        ...

    def witch(
        self,
        table: Table,
        seat: Seat,
        victim: Seat,
        *,
        can_heal: bool,
        can_poison: bool,
        allowed: Sequence[Seat],
    ) -> tuple[bool, Seat | None]:
        """Whether the witch heals the victim, and whom she poisons (``None``: nobody)."""
        ...

    def charm(self, table: Table, seat: Seat, allowed: Sequence[Seat], count: int) -> list[Seat]:
        """The ``count`` players the piper charms."""
        ...

    def shoot(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The player the dying hunter shoots."""
        ...

    def successor(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The sheriff named by the one losing the title."""
        ...

    def elect(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The seat's ballot in the sheriff's election."""
        ...

    def claim(self, table: Table, seat: Seat) -> Claim | None:
        """What the seat claims this day, if anything."""
        ...

    def vote(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The seat's ballot in the day's vote."""
        ...

    def voters(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> list[Seat]:
        """Who may vote the next day, named by the scapegoat (at least one)."""
        ...


class RandomBot:
    """Every decision uniformly at random (see the module's docstring)."""

    def __init__(
        self,
        rng: random.Random,
        unanimous: bool = True,
        claims: float = 0.0,
        talker: Talker | None = None,
    ) -> None:
        self.rng = rng
        self.unanimous = unanimous
        self.claims = claims
        """The chance that a living player claims, each day."""
        self.talker = talker
        """What it says (``None``: village players tell the truth, the others name a
        random role)."""
        self._target: tuple[object, int, Seat] | None = None

    def thief_take(self, table: Table, seat: Seat) -> int:
        return self.rng.randrange(2)

    def cupid(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> tuple[Seat, Seat]:
        first, second = self.rng.sample(list(allowed), 2)
        return first, second

    def protect(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(list(allowed))

    def check(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(list(allowed))

    def victim(self, table: Table, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(list(allowed))

    def catch(self, table: Table, pack: tuple[Seat, ...], girl: Seat) -> bool:
        return False

    def witch(
        self,
        table: Table,
        seat: Seat,
        victim: Seat,
        *,
        can_heal: bool,
        can_poison: bool,
        allowed: Sequence[Seat],
    ) -> tuple[bool, Seat | None]:
        heals = can_heal and self.rng.random() < 0.5
        targets = [s for s in allowed if s != victim or heals]
        poisons = None
        if can_poison and targets and self.rng.random() < 0.5:
            poisons = self.rng.choice(targets)
        return heals, poisons

    def charm(self, table: Table, seat: Seat, allowed: Sequence[Seat], count: int) -> list[Seat]:
        return self.rng.sample(list(allowed), count)

    def shoot(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(list(allowed))

    def successor(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(list(allowed))

    def elect(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(list(allowed))

    def claim(self, table: Table, seat: Seat) -> Claim | None:
        if not self.claims or self.rng.random() >= self.claims:
            return None
        if self.talker is not None:
            return self.talker.claim(table, seat, self.rng)
        role = table.roles[seat]
        if table.rules.team(role) == "village":
            checked = table.checks.get(seat, {}) if role == "seer" else {}
            return Claim(seat, role, tuple(sorted(checked.items())))
        options = sorted(name for name, _ in table.full_deck if name not in (THIEF, PIPER))
        said = self.rng.choice(options)
        checked = {}
        if said == "seer":
            others = [s for s in table.seats if s != seat]
            target = self.rng.choice(others)
            if table.variants.seer == "alignment":
                checked[target] = self.rng.choice(["werewolf", "not"])
            else:
                checked[target] = self.rng.choice(options)
        return Claim(seat, said, tuple(sorted(checked.items())))

    def vote(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        if not self.unanimous:
            return self.rng.choice(list(allowed))
        target = self._target
        if target is None or target[0] is not table or target[1] != table.night:
            target = (table, table.night, self.rng.choice(list(allowed)))
            self._target = target
        return target[2]

    def voters(self, table: Table, seat: Seat, allowed: Sequence[Seat]) -> list[Seat]:
        chosen = [s for s in allowed if self.rng.random() < 0.5]
        return chosen or [self.rng.choice(list(allowed))]
