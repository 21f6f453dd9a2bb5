"""Bots that decide from their own exact knowledge (the counter on the seat's view).

The stated policies of :class:`SolverBot` (every other decision is the random bot's):

- the **seer** looks at the living seat whose P(werewolf) is nearest to 1/2 (where she
  learns most), and claims the seer, with every look, once she has seen a werewolf;
- with a ``talker`` (:class:`~.talk.Talker`), every living seat also speaks each day
  with chance ``claims``, the truth or a liar's story by the talker's policy (the seer
  who has seen a werewolf always speaks);
- a **ballot** is the best for the voter's own team
  (:meth:`.posterior.WerewolfPosterior.ballots`): a villager's names the living seat
  most likely a werewolf, a werewolf's the seat worth most to the village (never a
  packmate while another seat is open); the **election** and a **successor** name the
  seat least likely a werewolf;
- the **werewolves** kill the non-werewolf most likely the seer;
- the **witch** heals the victim while she can, and poisons a seat certainly a werewolf;
- the **defender** protects the last seat that claimed the seer, else himself, else any;
- the **hunter** shoots the seat most likely a werewolf.

Ties go to the lowest seat. Bots see only their own knowledge.

>>> import random
>>> from wooolf_solver.games.werewolf.play import play_game
>>> deck = (("seer", 1), ("villager", 3), ("werewolf", 1))
>>> outcome = play_game(deck, SolverBot(random.Random(1)), random.Random(1))
>>> outcome.winner in ("village", "werewolves")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from .bots import RandomBot
from .events import Claim
from .posterior import WerewolfPosterior, known
from .rules import WEREWOLF, Seat

if TYPE_CHECKING:
    from .asks import View
    from .talk import Talker


class SolverBot(RandomBot):
    """Decides from the exact posterior of its seat's knowledge (see the module)."""

    def __init__(
        self, rng: random.Random, claims: float = 0.0, talker: Talker | None = None
    ) -> None:
        super().__init__(rng, unanimous=False, claims=claims, talker=talker)
        self._cache: dict[tuple[int, Seat, int], WerewolfPosterior | None] = {}

    def knows(self, view: View, seat: Seat) -> WerewolfPosterior | None:
        """The exact posterior of ``seat``'s knowledge now (``None``: it contradicts
        itself), cached per event count."""
        key = (view.game, seat, view.seen)
        if key not in self._cache:
            self._cache = {k: v for k, v in self._cache.items() if k[0] == view.game}
            self._cache[key] = known(view.record)
        return self._cache[key]

    def p(self, view: View, seat: Seat, target: Seat, role: str = WEREWOLF) -> Fraction:
        posterior = self.knows(view, seat)
        if posterior is None:
            return Fraction(0)
        return posterior.exact[target].get(role, Fraction(0))

    def best(
        self, view: View, seat: Seat, allowed: Sequence[Seat], role: str = WEREWOLF,
        *, least: bool = False,
    ) -> Seat:  # fmt: skip
        """The allowed seat most (or ``least``) likely playing ``role``, ties lowest seat."""
        sign = 1 if least else -1
        return min(allowed, key=lambda s: (sign * self.p(view, seat, s, role), s))

    def check(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        half = Fraction(1, 2)
        return min(allowed, key=lambda s: (abs(self.p(view, seat, s) - half), s))

    def claim(self, view: View, seat: Seat) -> Claim | None:
        found = view.card == "seer" and any(sees == WEREWOLF for _, sees in view.checks)
        if self.talker is not None:
            if found or (self.claims and self.rng.random() < self.claims):
                return self.talker.claim(view, seat, self.rng)
            return None
        if found:
            return Claim(seat, "seer", view.checks)
        return None

    def vote(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        others = [s for s in allowed if s != seat] or list(allowed)
        posterior = self.knows(view, seat)
        if posterior is None:  # a claim against the model: any other seat
            return self.best(view, seat, others)
        return posterior.ballots(others)[0][0]

    def elect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        others = [s for s in allowed if s != seat] or list(allowed)
        return self.best(view, seat, others, least=True)

    def successor(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.best(view, seat, allowed, least=True)

    def victim(self, view: View, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        return self.best(view, pack[0], allowed, "seer")

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
        poisons = None
        if can_poison and allowed:
            target = self.best(view, seat, allowed)
            if self.p(view, seat, target) == 1:
                poisons = target
        return can_heal, poisons

    def protect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        claims = [e.seat for e in view.events if isinstance(e, Claim) and e.claims == "seer"]
        for claimed in reversed(claims):
            if claimed in allowed:
                return claimed
        return seat if seat in allowed else self.rng.choice(list(allowed))

    def shoot(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return self.best(view, seat, allowed)
