"""The players' decisions behind one small interface, and the ``random`` bot.

A :class:`Player` answers the game's questions for a seat: it is a bot of the play-state
protocol (:meth:`Player.act` gets the seat's :class:`~.asks.View`, never the hidden
state), and :class:`Decisions` turns ``act`` into one method per question, each given
the view, the seat and the allowed choices.

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
>>> from wooolf_solver.games.werewolf.state import WerewolfState
>>> deck = (("villager", 2), ("werewolf", 1))
>>> state = WerewolfState(deck, deal=("werewolf", "villager", "villager"))
>>> state.view(1).ask.kind, state.view(1).ask.allowed
('victim', (2, 3))
>>> bot.act(state.view(1), state.legal(1), random.Random(0)) in (2, 3)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Protocol

from .events import Claim
from .rules import PIPER, THIEF, Deck, Seat

if TYPE_CHECKING:
    from ...core.play import Legal
    from .asks import Ask, View
    from .talk import Talker


class Player(Protocol):
    """The decisions of one seat (or of every seat, for a bot that plays them all)."""

    def act(self, view: View, legal: Legal[object], rng: random.Random) -> object:
        """The answer to ``view.ask`` (the play-state protocol's bot)."""
        ...

    def thief_take(self, view: View, seat: Seat) -> int:
        """Which left-over card the thief takes (0 or 1)."""
        ...

    def cupid(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> tuple[Seat, Seat]:
        """The two lovers (two distinct seats; cupid may name himself)."""
        ...

    def protect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The defender's protected player."""
        ...

    def check(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The player whose card the seer looks at."""
        ...

    def victim(self, view: View, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        """The werewolves' victim (the pack's first living seat decides)."""
        ...

    def catch(self, view: View, pack: tuple[Seat, ...], girl: Seat) -> bool:
        """Whether the werewolves catch the spying little girl and eat her instead."""
        ...

    def witch(
        self,
        view: View,
        seat: Seat,
        victim: Seat,
        *,
        can_heal: bool,
        can_poison: bool,
        allowed: Sequence[Seat],
    ) -> tuple[bool, Seat | None]:
        """Whether the witch heals the victim, and whom she poisons (``None``: nobody)."""
        ...

    def charm(self, view: View, seat: Seat, allowed: Sequence[Seat], count: int) -> list[Seat]:
        """The ``count`` players the piper charms."""
        ...

    def shoot(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The player the dying hunter shoots."""
        ...

    def successor(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The sheriff named by the one losing the title."""
        ...

    def elect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The seat's ballot in the sheriff's election."""
        ...

    def claim(self, view: View, seat: Seat) -> Claim | None:
        """What the seat claims this day, if anything."""
        ...

    def vote(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        """The seat's ballot in the day's vote."""
        ...

    def voters(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> list[Seat]:
        """Who may vote the next day, named by the scapegoat (at least one)."""
        ...


class Decisions:
    """A :class:`Player` whose :meth:`act` calls the method named by the question
    (``thief_take`` for the thief; the others by the question's kind), through
    :data:`ACTS`."""

    def act(self, view: View, legal: Legal[object], rng: random.Random) -> object:
        me: Player = self  # type: ignore[assignment]  # a subclass brings the methods
        ask = view.ask
        if ask is None:
            raise ValueError(f"seat {view.seat}: nothing is asked")
        kind = ask.kind
        if kind == "claim":  # the most asked, with the votes: no look-up
            return me.claim(view, ask.seat)
        if kind == "vote":
            return me.vote(view, ask.seat, ask.allowed)
        return ACTS.get(kind, _choose)(me, view, ask)


def _choose(me: Player, view: View, ask: Ask) -> object:
    """A question answered by naming allowed seats: the method of its kind's name."""
    method = getattr(me, ask.kind)
    return method(view, ask.seat, ask.allowed)


ACTS: dict[str, Callable[[Player, View, Ask], object]] = {
    "thief": lambda me, view, ask: me.thief_take(view, ask.seat),
    "victim": lambda me, view, ask: me.victim(view, ask.pack, ask.allowed),
    "catch": lambda me, view, ask: me.catch(view, ask.pack, ask.victim or 0),
    "witch": lambda me, view, ask: me.witch(
        view, ask.seat, ask.victim or 0, can_heal=ask.can_heal,
        can_poison=ask.can_poison, allowed=ask.allowed,
    ),
    "charm": lambda me, view, ask: me.charm(view, ask.seat, ask.allowed, ask.number),
    "claim": lambda me, view, ask: me.claim(view, ask.seat),
}  # fmt: skip
"""How each question with more than allowed seats is asked of a player (any other
kind: by :func:`_choose`)."""


class RandomBot(Decisions):
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
        self._target: tuple[int, int, Seat] | None = None

    def thief_take(self, view: View, seat: Seat) -> int:
        return self.rng.randrange(2)

    def cupid(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> tuple[Seat, Seat]:
        first, second = self.rng.sample(list(allowed), 2)
        return first, second

    def protect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(allowed)

    def check(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(allowed)

    def victim(self, view: View, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(allowed)

    def catch(self, view: View, pack: tuple[Seat, ...], girl: Seat) -> bool:
        return False

    def witch(
        self,
        view: View,
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

    def charm(self, view: View, seat: Seat, allowed: Sequence[Seat], count: int) -> list[Seat]:
        return self.rng.sample(list(allowed), count)

    def shoot(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(allowed)

    def successor(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(allowed)

    def elect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.rng.choice(allowed)

    def claim(self, view: View, seat: Seat) -> Claim | None:
        if not self.claims or self.rng.random() >= self.claims:
            return None
        if self.talker is not None:
            return self.talker.claim(view, seat, self.rng)
        role = view.card
        if view.rules.team(role) == "village":
            return Claim(seat, role, view.checks if role == "seer" else ())
        options = _claimable(view.full_deck)
        said = self.rng.choice(options)
        checked = {}
        if said == "seer":
            others = [s for s in view.seats if s != seat]
            target = self.rng.choice(others)
            if view.variants.seer == "alignment":
                checked[target] = self.rng.choice(["werewolf", "not"])
            else:
                checked[target] = self.rng.choice(options)
        return Claim(seat, said, tuple(sorted(checked.items())))

    def vote(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        if not self.unanimous:
            return self.rng.choice(allowed)
        target = self._target
        if target is None or target[0] != view.game or target[1] != view.night:
            target = (view.game, view.night, self.rng.choice(allowed))
            self._target = target
        return target[2]

    def voters(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> list[Seat]:
        chosen = [s for s in allowed if self.rng.random() < 0.5]
        return chosen or [self.rng.choice(allowed)]


@cache
def _claimable(full_deck: Deck) -> tuple[str, ...]:
    """The roles a random liar may claim: the deck's but the thief and the piper, sorted
    (the same list for every claim of a deck: read, never changed)."""
    return tuple(sorted(name for name, _ in full_deck if name not in (THIEF, PIPER)))
