"""The events of a Werewolf game record, as frozen values, each with its ``to_dict()``.

Public events: :class:`Night`, :class:`Dawn`, :class:`Shot`, :class:`SheriffNamed`,
:class:`Day`, :class:`Claim`. Private events (each known to its ``seat`` alone):
:class:`Check`, :class:`Wolves`, :class:`WitchNight`, :class:`Protects`,
:class:`Lovers`, :class:`Charms`, :class:`Charmed`, :class:`Takes`.

>>> Dawn(1, (7,), ((7, "villager"),)).to_dict()
{'dawn': 1, 'dead': [7], 'cards': {7: 'villager'}}
>>> WitchNight(4, 7, heals=True).to_dict()
{'seat': 4, 'victim': 7, 'heals': True}
>>> Day(1, ((1, 2), (2, 1), (3, 2)), 2).lynched_dies
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .rules import Seat

Cards = tuple[tuple[Seat, str], ...]
"""Seats with a role (or a seer's ``werewolf``/``not``), sorted by seat."""

IDIOT = "village-idiot"


def cards_dict(cards: Cards) -> dict[Seat, str]:
    """A :data:`Cards` as a mapping.

    >>> cards_dict(((2, "seer"), (5, "werewolf")))
    {2: 'seer', 5: 'werewolf'}
    """
    return dict(cards)


@dataclass(frozen=True)
class Event:
    """Any event; ``public`` says whether every player knows it."""

    public: ClassVar[bool] = False
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def deaths(self) -> tuple[Seat, ...]:
        """The seats this event kills (none by default)."""
        return ()

    @property
    def mutes(self) -> tuple[Seat, ...]:
        """The seats this event leaves alive without a vote (none by default)."""
        return ()

    @property
    def revealed(self) -> Cards:
        """The cards this event turns face up (none by default)."""
        return ()

    @property
    def actor(self) -> Seat | None:
        """The seat acting (a private event's seat, a claim's speaker)."""
        return None


@dataclass(frozen=True)
class Night(Event):
    """Night ``night`` falls."""

    night: int
    public: ClassVar[bool] = True
    kind: ClassVar[str] = "night"

    def to_dict(self) -> dict[str, Any]:
        return {"night": self.night}


@dataclass(frozen=True)
class Dawn(Event):
    """The night's dead, in order, with their cards when revealed."""

    dawn: int
    dead: tuple[Seat, ...] = ()
    cards: Cards = ()
    public: ClassVar[bool] = True
    kind: ClassVar[str] = "dawn"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dawn": self.dawn, "dead": list(self.dead)}
        if self.cards:
            out["cards"] = cards_dict(self.cards)
        return out

    @property
    def deaths(self) -> tuple[Seat, ...]:
        return self.dead

    @property
    def revealed(self) -> Cards:
        return self.cards


@dataclass(frozen=True)
class Shot(Event):
    """The hunter ``seat`` shoots ``shoots``; ``dead``: further deaths (a lover's grief)."""

    seat: Seat
    shoots: Seat
    cards: Cards = ()
    dead: tuple[Seat, ...] = ()
    public: ClassVar[bool] = True
    kind: ClassVar[str] = "shot"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "shoots": self.shoots}
        if self.dead:
            out["dead"] = list(self.dead)
        if self.cards:
            out["cards"] = cards_dict(self.cards)
        return out

    @property
    def deaths(self) -> tuple[Seat, ...]:
        return (self.shoots, *self.dead)

    @property
    def revealed(self) -> Cards:
        return self.cards

    @property
    def actor(self) -> Seat | None:
        return self.seat


@dataclass(frozen=True)
class SheriffNamed(Event):
    """``sheriff`` holds the title from now on (elected, or named by the last one)."""

    sheriff: Seat
    public: ClassVar[bool] = True
    kind: ClassVar[str] = "sheriff"

    def to_dict(self) -> dict[str, Any]:
        return {"sheriff": self.sheriff}


@dataclass(frozen=True)
class Day(Event):
    """Day ``day``'s ballots (voter, target), the lynched seat (``None``: nobody), the
    revealed cards; ``dead``: further deaths (a lover's grief)."""

    day: int
    votes: tuple[tuple[Seat, Seat], ...] = ()
    lynched: Seat | None = None
    cards: Cards = ()
    dead: tuple[Seat, ...] = ()
    public: ClassVar[bool] = True
    kind: ClassVar[str] = "day"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"day": self.day, "votes": dict(self.votes), "lynched": self.lynched}
        if self.dead:
            out["dead"] = list(self.dead)
        if self.cards:
            out["cards"] = cards_dict(self.cards)
        return out

    @property
    def lynched_dies(self) -> bool:
        """Whether the lynched player dies (he lives when revealed as the village idiot)."""
        return self.lynched is not None and dict(self.cards).get(self.lynched) != IDIOT

    @property
    def deaths(self) -> tuple[Seat, ...]:
        first = (self.lynched,) if self.lynched is not None and self.lynched_dies else ()
        return (*first, *self.dead)

    @property
    def mutes(self) -> tuple[Seat, ...]:
        """The lynched village idiot, turned up: he lives on and never votes again.

        >>> Day(1, ((1, 2), (2, 3), (3, 2)), 2, ((2, IDIOT),)).mutes
        (2,)
        """
        return (self.lynched,) if self.lynched is not None and not self.lynched_dies else ()

    @property
    def revealed(self) -> Cards:
        return self.cards


@dataclass(frozen=True)
class Claim(Event):
    """A public claim: "I play ``claims``" (and, as a seer, "I saw these")."""

    seat: Seat
    claims: str
    checked: Cards = ()
    public: ClassVar[bool] = True
    kind: ClassVar[str] = "claims"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "claims": self.claims}
        if self.checked:
            out["checked"] = cards_dict(self.checked)
        return out

    @property
    def actor(self) -> Seat | None:
        return self.seat


@dataclass(frozen=True)
class Private(Event):
    """A private event of ``seat``."""

    seat: Seat

    @property
    def actor(self) -> Seat | None:
        return self.seat

    def to_dict(self) -> dict[str, Any]:
        """``seat`` and the event's one field, which its kind names (tuples as lists);
        an event with more fields writes its own."""
        value = getattr(self, self.kind)
        return {"seat": self.seat, self.kind: list(value) if isinstance(value, tuple) else value}


@dataclass(frozen=True)
class Check(Private):
    """The seer looks at ``checks`` and sees ``sees`` (a role, or werewolf / not)."""

    checks: Seat
    sees: str
    kind: ClassVar[str] = "checks"

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "checks": self.checks, "sees": self.sees}


@dataclass(frozen=True)
class Wolves(Private):
    """A werewolf sees the pack (every living werewolf, itself included)."""

    wolves: tuple[Seat, ...]
    kind: ClassVar[str] = "wolves"


@dataclass(frozen=True)
class WitchNight(Private):
    """The witch is shown the victim, and may heal it or poison someone."""

    victim: Seat
    heals: bool = False
    poisons: Seat | None = None
    kind: ClassVar[str] = "victim"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "victim": self.victim}
        if self.heals:
            out["heals"] = True
        if self.poisons is not None:
            out["poisons"] = self.poisons
        return out


@dataclass(frozen=True)
class Protects(Private):
    """The defender protects ``protects`` for the night."""

    protects: Seat
    kind: ClassVar[str] = "protects"


@dataclass(frozen=True)
class Lovers(Private):
    """Cupid names the lovers, or a lover sees the pair."""

    lovers: tuple[Seat, Seat]
    kind: ClassVar[str] = "lovers"


@dataclass(frozen=True)
class Charms(Private):
    """The piper charms these players."""

    charms: tuple[Seat, ...]
    kind: ClassVar[str] = "charms"


@dataclass(frozen=True)
class Charmed(Private):
    """A charmed player sees every charmed player (itself included)."""

    charmed: tuple[Seat, ...]
    kind: ClassVar[str] = "charmed"


@dataclass(frozen=True)
class Takes(Private):
    """The thief takes a left-over card and plays ``takes``."""

    takes: str
    kind: ClassVar[str] = "takes"


PRIVATE_KINDS: dict[str, type[Private]] = {
    cls.kind: cls for cls in (Check, Wolves, WitchNight, Protects, Lovers, Charms, Charmed, Takes)
}
"""The key naming each private event (``victim`` for the witch's)."""
