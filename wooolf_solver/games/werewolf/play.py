"""A whole game played by bots: the lab's driver of the game's state.

:func:`play_game` plays a :class:`~.state.WerewolfState` (the deal, the nights in the
wake order, the dawn's dead and their chains, the days with the sheriff, the vote, the
idiot, the scapegoat) through :func:`wooolf_solver.core.play.play`, each seat's
decision asked of its bot with the seat's view only. The result is an :class:`Outcome`
with the moderator's :class:`~.record.GameRecord` (every card, every private event).

>>> import random
>>> from wooolf_solver.games.werewolf.bots import RandomBot
>>> outcome = play_game((("villager", 2), ("werewolf", 1)), RandomBot(random.Random(3)),
...     random.Random(3))
>>> outcome.winner in ("village", "werewolves"), [e.to_dict() for e in outcome.record.events][:2]
(True, [{'night': 1}, {'seat': 2, 'wolves': [2]}])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import IllegalMoveError
from ...core.play import play
from .bots import Player
from .record import GameRecord
from .rules import PIPER, Deck, Rules, Seat, Variants
from .state import MAX_NIGHTS, Tonight, WerewolfState, Winner, winner_of


@dataclass(frozen=True)
class Outcome:
    """A played game: its record, who won (``None``: stopped unfinished), the winning
    seats (dead ones included) and the number of days played."""

    record: GameRecord
    winner: Winner | None
    winners: tuple[Seat, ...]
    days: int
    world: Mapping[Any, Any] = field(default_factory=dict)
    """The true hidden world in the model's variables (:mod:`.model`): each slot's dealt
    card (seats, then the two left-over slots), ``"take"`` and ``"lovers"``."""


def winners_of(
    rules: Rules,
    roles: Mapping[Seat, str],
    winner: Winner | None,
    lovers: tuple[Seat, Seat] | None = None,
) -> tuple[Seat, ...]:
    """The winning seats, dead ones included: the lovers, the piper, or the winning team
    (a lover of a mixed couple is on the lovers' side, not his team's).

    >>> from wooolf_solver.games.werewolf.rules import load_rules
    >>> rules, roles = load_rules(), {1: "werewolf", 2: "villager", 3: "villager"}
    >>> winners_of(rules, roles, "village"), winners_of(rules, roles, "village", (1, 2))
    ((2, 3), (3,))
    """
    if winner in (None, "nobody"):
        return ()
    if winner == "lovers" and lovers is not None:
        return lovers
    seats = sorted(roles)
    if winner == "piper":
        return tuple(s for s in seats if roles[s] == PIPER)
    team = "village" if winner == "village" else "werewolves"
    mixed: tuple[Seat, ...] = ()
    if lovers is not None and rules.team(roles[lovers[0]]) != rules.team(roles[lovers[1]]):
        mixed = lovers
    return tuple(s for s in seats if rules.team(roles[s]) == team and s not in mixed)


class Seating(Mapping[Seat, Player]):
    """Each seat's player: the one placed on the role the seat plays now, else the
    seat's own (or the one player of every seat)."""

    def __init__(self, state: WerewolfState, bots: Player | Mapping[Seat | str, Player]) -> None:
        self.state = state
        self.bots = bots if isinstance(bots, Mapping) else None
        self.one = None if isinstance(bots, Mapping) else bots

    def __getitem__(self, seat: Seat) -> Player:
        if self.one is not None:
            return self.one
        assert self.bots is not None
        return self.bots.get(self.state.roles[seat]) or self.bots[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.state.seats)

    def __len__(self) -> int:
        return self.state.players


def seated(
    state: WerewolfState, bots: Player | Mapping[Seat | str, Player]
) -> Mapping[Seat, Player]:
    """Each seat's player as :class:`Seating` finds it; a plain mapping when no player
    is placed on a role (every step asks it: one look-up in a dict)."""
    if not isinstance(bots, Mapping):
        return dict.fromkeys(state.seats, bots)
    if not any(isinstance(key, str) for key in bots):
        return {seat: bots[seat] for seat in state.seats}
    return Seating(state, bots)


def outcome_of(state: WerewolfState) -> Outcome:
    """The played game of a finished (or stopped) state."""
    winners = winners_of(state.rules, state.roles, state.winner, state.lovers)
    return Outcome(state.game_record(), state.winner, winners, state.days, state.world())


def play_game(
    deck: Deck,
    bots: Player | Mapping[Seat | str, Player],
    rng: random.Random,
    variants: Variants | None = None,
    *,
    rules: Rules | None = None,
    deal: Sequence[str] | None = None,
) -> Outcome:
    """Deal ``deck`` with ``rng`` (or as ``deal`` says: the cards in seat order, the
    left-over ones last) and play a whole game with ``bots`` (one player for every seat,
    or one per seat, and optionally one per role: a role's player plays every seat that
    plays that role, before the seat's own)."""
    state = WerewolfState(deck, variants, rules=rules, deal=deal)
    play(state, seated(state, bots), rng)
    return outcome_of(state)


__all__ = [
    "MAX_NIGHTS",
    "IllegalMoveError",
    "Outcome",
    "Seating",
    "Tonight",
    "outcome_of",
    "play_game",
    "seated",
    "winner_of",
    "winners_of",
]
