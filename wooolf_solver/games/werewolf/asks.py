"""The questions a Werewolf game puts to its seats, and what a seat may know.

An :class:`Ask` is one decision asked of one seat (its ``kind`` names the
:class:`~.bots.Player` method that answers it); :meth:`Ask.refusal` says why an answer
is not legal. A :class:`View` is everything one seat may know at that moment. The
state (:mod:`.state`) and the powers (:mod:`.powers`) ask; the bots (:mod:`.bots`) read
only these values.

>>> ask = Ask("victim", 1, (2, 3), pack=(1,))
>>> 2 in Moves(ask), ask.refusal(1)
(True, 'victim: 1 is not one of [2, 3]')
>>> list(Moves(Ask("cupid", 1, (1, 2, 3))))
[(1, 2), (1, 3), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from .events import Claim, Event
from .record import GameRecord
from .rules import Deck, Rules, Seat, Variants


class Ask(NamedTuple):
    """The question put to a seat: its ``kind`` (a :class:`~.bots.Player` method's
    name), the seats it may name and what else it is told (the pack, the witch's
    victim and potions, the piper's count, the thief's two cards, the caught girl)."""

    kind: str
    seat: Seat
    allowed: tuple[Seat, ...] = ()
    pack: tuple[Seat, ...] = ()
    victim: Seat | None = None
    can_heal: bool = False
    can_poison: bool = False
    number: int = 0
    """How many seats the piper charms."""
    leftover: tuple[str, ...] = ()
    within: tuple[Seat, ...] = ()
    """The seats a choice is checked against when it is not ``allowed`` (the witch's
    poison: any living seat)."""

    def refusal(self, move: object) -> str | None:
        """Why ``move`` is not a legal answer (``None``: it is)."""
        kind = self.kind
        if kind in NAME_ONE:  # the most asked first: a lab asks at every step
            return None if move in self.allowed else _not_one_of(kind, move, self.allowed)
        if kind == "claim":
            if move is None or (isinstance(move, Claim) and move.seat == self.seat):
                return None
            return f"claim: {move!r} is not a claim of seat {self.seat}"
        if kind == "thief":
            return _one_of("thief_take", move, (0, 1))
        if kind == "catch":
            return _one_of(kind, move, (False, True))
        if kind == "witch":
            return self._witch(move)
        if kind in ("cupid", "charm", "voters"):
            count = {"cupid": 2, "charm": self.number}.get(kind)
            return _seats(kind, move, self.allowed, count)
        return _one_of(kind, move, self.allowed)

    def _witch(self, move: object) -> str | None:
        if not isinstance(move, tuple) or len(move) != 2:
            return f"witch: {move!r} is not (heals, poisons)"
        heals, poisons = move
        if heals and not self.can_heal:
            return "witch: the healing potion is spent"
        if poisons is not None:
            if not self.can_poison:
                return "witch: the poison is spent"
            return _one_of("witch", poisons, self.within)
        return None

    def moves(self) -> tuple[object, ...]:
        """The answers a bot may list (a set of seats: each single one, and pairs)."""
        kind = self.kind
        if kind == "thief":
            return (0, 1)
        if kind == "catch":
            return (False, True)
        if kind == "claim":
            return (None,)
        if kind == "witch":
            heals = (False, True) if self.can_heal else (False,)
            poisons = (None, *self.within) if self.can_poison else (None,)
            return tuple((h, p) for h in heals for p in poisons)
        if kind in ("cupid", "charm"):
            return tuple(combinations(self.allowed, 2 if kind == "cupid" else self.number))
        if kind == "voters":
            return tuple((s,) for s in self.allowed)
        return self.allowed


def _one_of(what: str, move: object, allowed: Sequence[object]) -> str | None:
    return None if move in allowed else _not_one_of(what, move, allowed)


def _not_one_of(what: str, move: object, allowed: Sequence[object]) -> str:
    return f"{what}: {move!r} is not one of {list(allowed)}"


NAME_ONE = frozenset({"vote", "elect", "check", "victim", "protect", "shoot", "successor"})
"""The questions answered by naming one of the allowed seats."""


def _seats(what: str, move: object, allowed: Sequence[Seat], count: int | None) -> str | None:
    """Why ``move`` is not distinct seats of ``allowed`` (``count`` of them, or some)."""
    seats = list(move) if isinstance(move, (list, tuple, set, frozenset)) else [move]
    if len(set(seats)) != len(seats) or (count is not None and len(seats) != count):
        return f"{what}: {seats} are not {count or 'some'} distinct seats"
    if not seats:
        return f"{what}: names nobody"
    return next((why for s in seats if (why := _one_of(what, s, allowed))), None)


class Moves:
    """A seat's legal moves now (every answer :meth:`Ask.refusal` accepts)."""

    __slots__ = ("ask",)

    def __init__(self, ask: Ask | None) -> None:
        self.ask = ask

    @classmethod
    def of(cls, ask: Ask) -> Moves:
        """The same as ``Moves(ask)``, made without a call of ``__init__`` (a state makes
        one at every step)."""
        moves = _new(cls)
        moves.ask = ask
        return moves

    def __contains__(self, move: object) -> bool:
        return self.ask is not None and self.ask.refusal(move) is None

    def __iter__(self) -> Iterator[object]:
        return iter(self.ask.moves() if self.ask is not None else ())


_new = object.__new__


class View(NamedTuple):
    """What one seat may know now: its card (the role it plays), the living, its own
    night results (``checks``), the events it saw (public and its own: the first
    ``seen`` of its ``log``, which only grows), the game's deck and rules, and the
    question put to it (``None``: none)."""

    game: int
    """The game's number (a bot that plays many games keeps each apart)."""
    seat: Seat
    card: str
    night: int
    living: tuple[Seat, ...]
    checks: tuple[tuple[Seat, str], ...]
    log: Sequence[Event]
    seen: int
    players: int
    deck: Deck
    variants: Variants
    rules: Rules
    ask: Ask | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """The events the seat saw, in order."""
        return tuple(self.log[: self.seen])

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.players + 1))

    @property
    def full_deck(self) -> Deck:
        return self.rules.cards(self.deck)

    @property
    def record(self) -> GameRecord:
        """The seat's knowledge as a record (what the solver reads)."""
        return GameRecord(self.players, self.deck, self.variants, self.seat,
                          ((self.seat, self.card),), self.events, rules=self.rules)  # fmt: skip

    def __repr__(self) -> str:
        return f"View(seat={self.seat}, card={self.card!r}, night={self.night}, ask={self.ask})"


@dataclass(frozen=True)
class Draw:
    """Chance's turn inside the game: one of ``options`` (a tied election)."""

    options: tuple[Seat, ...]


Flow = Generator[Ask | Draw, Any, None]
"""The game's script: it yields each question (or draw) and is sent the answer."""


__all__ = ["Ask", "Draw", "Flow", "Moves", "View"]
