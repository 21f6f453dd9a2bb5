"""What each role does, as a small class per role, found by the role's ``power`` name.

A :class:`Power` has neutral hooks that the game's state (:mod:`.state`) calls:
``night`` when the role wakes, ``survives_attack`` when the werewolves' victim is not
saved, ``spared_by_lynch`` when its player is lynched, ``after_death`` once its death is
announced. ``night`` and ``after_death`` act on the state and ask their seat's decision
by yielding an :class:`~.asks.Ask` (the state sends back the legal answer).
A designer's new role is a row of ``werewolf.toml`` plus one class here
(``@power("name")``); a role without a class has no power (a villager).

>>> power_of("seer").__class__.__name__, power_of("villager").__class__.__name__
('Seer', 'Power')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .asks import Ask, Flow
from .events import Charmed, Charms, Check, Lovers, Protects, Takes, WitchNight, Wolves
from .rules import WEREWOLF, Seat

if TYPE_CHECKING:
    from .state import WerewolfState as Table


Cause = str
"""Why a player dies: ``werewolves``, ``poison``, ``shot``, ``lynch`` or ``grief``."""


class Power:
    """A role's power; the neutral default does nothing."""

    village: bool = True
    """Whether the elder's death by the village's hand takes this power away."""
    together: bool = False
    """Whether the role's players wake together: the first living one's ``night`` acts
    for them all (the others' is not asked)."""

    def night(self, table: Table, seat: Seat) -> Flow:
        """The role wakes (its player is alive and has its power)."""
        return _NOTHING

    def survives_attack(self, table: Table, seat: Seat) -> bool:
        """Whether the werewolves' attack, not saved, leaves the player alive."""
        return False

    def spared_by_lynch(self, table: Table, seat: Seat) -> bool:
        """Whether a lynch leaves the player alive (his card is then turned up)."""
        return False

    def after_death(self, table: Table, seat: Seat, cause: Cause) -> Flow:
        """The player's death was announced (a hunter shoots, say)."""
        return _NOTHING

    def protectable(self) -> bool:
        """Whether the defender may protect this role's player."""
        return True


def _asks_nothing() -> Flow:
    """A hook that asks nothing."""
    yield from ()


_NOTHING = _asks_nothing()
next(_NOTHING, None)  # spent: ``yield from`` it returns at once, as often as asked


POWERS: dict[str, type[Power]] = {}
"""Power name -> its class."""

_P = TypeVar("_P", bound=type[Power])


def power(name: str) -> Callable[[_P], _P]:
    """Register a power class under ``name`` (a role's ``power``)."""

    def register(cls: _P) -> _P:
        POWERS[name] = cls
        return cls

    return register


def power_of(name: str) -> Power:
    """The power of a role's power name (a plain :class:`Power` if it has none; one
    instance each: a power keeps no state of its own, the table holds it)."""
    found = _MADE.get(name)
    if found is None:
        found = _MADE[name] = POWERS.get(name, Power)()
    return found


_MADE: dict[str, Power] = {}
"""The power of each name asked so far."""


@power("thief")
class Thief(Power):
    """First night: takes one of the two left-over cards (always: the model's reading)."""

    def night(self, table: Table, seat: Seat) -> Flow:
        index = yield Ask("thief", seat, leftover=tuple(table.leftover))
        table.take = index
        taken = table.leftover[index]
        table.leftover[index] = table.roles[seat]
        table.roles[seat] = taken
        table.record(Takes(seat, taken))


@power("cupid")
class Cupid(Power):
    """First night: names the lovers; the lovers wake and see each other."""

    def night(self, table: Table, seat: Seat) -> Flow:
        pair = yield Ask("cupid", seat, tuple(table.living))
        first, second = sorted(pair)
        table.lovers = (first, second)
        table.record(Lovers(seat, table.lovers))
        for lover in table.lovers:
            if lover != seat:
                table.record(Lovers(lover, table.lovers))


@power("defender")
class Defender(Power):
    """Protects a living player, not last night's, never the little girl."""

    def night(self, table: Table, seat: Seat) -> Flow:
        last = table.last_protected if table.protected_night == table.night - 1 else None
        allowed = tuple([s for s in table.living if s != last and table.power(s).protectable()])
        if not allowed:
            return
        target = yield Ask("protect", seat, allowed)
        table.tonight.protected = target
        table.last_protected, table.protected_night = target, table.night
        table.record(Protects(seat, target))


@power("seer")
class Seer(Power):
    """Looks at a living player's card (or alignment)."""

    def night(self, table: Table, seat: Seat) -> Flow:
        allowed = tuple([s for s in table.living if s != seat])
        if not allowed:
            return
        target = yield Ask("check", seat, allowed)
        role = table.roles[target]
        if table.variants.seer == "alignment":
            sees = "werewolf" if role == WEREWOLF else "not"
        else:
            sees = role
        table.checks.setdefault(seat, {})[target] = sees
        table.record(Check(seat, target, sees))


@power("werewolf")
class Werewolf(Power):
    """The pack chooses a living non-werewolf; on the first night each sees the pack.
    The moderator wakes the pack once (its first living seat stands for it)."""

    village = False
    together = True

    def night(self, table: Table, seat: Seat) -> Flow:
        pack = table.holding(WEREWOLF)
        if seat != pack[0]:
            return
        if table.night == 1:
            for wolf in pack:
                table.record(Wolves(wolf, pack))
        allowed = tuple([s for s in table.living if table.roles[s] != WEREWOLF])
        if not allowed:
            return
        victim = yield Ask("victim", seat, allowed, pack=pack)
        girls = table.holding("little-girl")  # (never a werewolf: all allowed)
        if girls and (yield Ask("catch", seat, pack=pack, victim=girls[0])):
            victim = girls[0]
        table.tonight.victim = victim


@power("little-girl")
class LittleGirl(Power):
    """Spies on the werewolves (not modelled as information); cannot be protected."""

    def protectable(self) -> bool:
        return False


@power("witch")
class Witch(Power):
    """Is shown the victim; one healing potion, one poison, each once per game."""

    def night(self, table: Table, seat: Seat) -> Flow:
        victim = table.tonight.victim
        if victim is None:
            return
        heals, poisons = yield Ask(
            "witch", seat, tuple([s for s in table.living if s != seat]), victim=victim,
            can_heal=seat not in table.healed, can_poison=seat not in table.poisoned,
            within=tuple(table.living),
        )  # fmt: skip
        if heals:
            table.healed.add(seat)
            table.tonight.healed = True
        if poisons is not None:
            table.poisoned.add(seat)
            table.tonight.poisoned = poisons
        table.record(WitchNight(seat, victim, heals, poisons))


@power("piper")
class Piper(Power):
    """Charms two players not yet charmed (never himself); the charmed see each other."""

    village = False

    def night(self, table: Table, seat: Seat) -> Flow:
        allowed = tuple([s for s in table.living if s != seat and s not in table.charmed])
        if not allowed:
            return
        charms = yield Ask("charm", seat, allowed, number=min(2, len(allowed)))
        table.charmed.update(charms)
        table.record(Charms(seat, tuple(sorted(charms))))
        circle = tuple([s for s in table.living if s in table.charmed])
        for charmed in circle:
            table.record(Charmed(charmed, circle))


@power("hunter")
class Hunter(Power):
    """When he dies, by any cause, shoots one living player."""

    def after_death(self, table: Table, seat: Seat, cause: Cause) -> Flow:
        if table.living and table.has_power(seat):
            target = yield Ask("shoot", seat, tuple(table.living))
            yield from table.shoot(seat, target)


@power("elder")
class Elder(Power):
    """Survives the werewolves' first attack; killed by the village's hand (poison, the
    hunter's shot, a lynch), he takes every villager's power away."""

    def survives_attack(self, table: Table, seat: Seat) -> bool:
        if seat in table.elder_hurt:
            return False
        table.elder_hurt.add(seat)
        return True

    def after_death(self, table: Table, seat: Seat, cause: Cause) -> Flow:
        if cause in ("poison", "shot", "lynch"):
            table.powers_lost = True
        return _NOTHING


@power("village-idiot")
class VillageIdiot(Power):
    """Lynched, he is turned up and stays alive, but never votes again."""

    def spared_by_lynch(self, table: Table, seat: Seat) -> bool:
        return seat not in table.mute and table.has_power(seat)


@power("scapegoat")
class Scapegoat(Power):
    """On a tied vote, dies in place of the tied players (see the moderator's day)."""
