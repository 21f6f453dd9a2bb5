"""The moderator: a whole game played from a deal, with decisions from the players.

:func:`play_game` deals the cards (with a thief, two left over), wakes the roles in the
night's order (:mod:`.powers` says what each does), announces the dawn's dead and
their chains (a lover's grief, the hunter's shot, the sheriff's successor), runs the
days (the sheriff's election on the first, claims, the vote with the sheriff's double
ballot, the idiot, the scapegoat) and checks the end after every death. Everything is
written as a moderator's :class:`~.record.GameRecord` (every card, every private event).

>>> import random
>>> from wooolf_solver.games.werewolf.bots import RandomBot
>>> outcome = play_game((("villager", 2), ("werewolf", 1)), RandomBot(random.Random(3)),
...     random.Random(3))
>>> outcome.winner in ("village", "werewolves"), [e.to_dict() for e in outcome.record.events][:2]
(True, [{'night': 1}, {'seat': 2, 'wolves': [2]}])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import IllegalMoveError, InvalidDeckError
from .bots import Player
from .events import IDIOT, Dawn, Day, Event, Night, SheriffNamed, Shot
from .powers import Cause, Power, power_of
from .record import GameRecord
from .rules import PIPER, WEREWOLF, Deck, Rules, Seat, Variants, load_rules

MAX_NIGHTS = 100
"""A game still going after this many nights stops, with no winner."""

Winner = str
"""``village``, ``werewolves``, ``piper``, ``lovers`` or ``nobody``."""


@dataclass
class Tonight:
    """The night's choices so far."""

    victim: Seat | None = None
    protected: Seat | None = None
    healed: bool = False
    poisoned: Seat | None = None


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


def winner_of(
    rules: Rules,
    roles: Mapping[Seat, str],
    living: Sequence[Seat],
    *,
    lovers: tuple[Seat, Seat] | None = None,
    charmed: frozenset[Seat] = frozenset(),
    parity: bool = False,
) -> Winner | None:
    """Who has won with these living players (``None``: the game goes on).

    >>> rules = load_rules()
    >>> roles = {1: "werewolf", 2: "villager", 3: "villager"}
    >>> winner_of(rules, roles, [1, 2, 3]), winner_of(rules, roles, [1, 2], parity=True)
    (None, 'werewolves')
    >>> winner_of(rules, roles, [1, 2], lovers=(1, 2)), winner_of(rules, roles, [2, 3])
    ('lovers', 'village')
    """
    if not living:
        return "nobody"
    pipers = [s for s in living if roles[s] == PIPER]
    if pipers and all(s in charmed for s in living if s != pipers[0]):
        return "piper"
    if (
        lovers is not None
        and sorted(living) == sorted(lovers)
        and rules.team(roles[lovers[0]]) != rules.team(roles[lovers[1]])
    ):
        return "lovers"
    wolves = sum(1 for s in living if roles[s] == WEREWOLF)
    others = len(living) - wolves
    if not wolves:
        return "village"
    if not others or (parity and wolves >= others):
        return "werewolves"
    return None


class Table:
    """The moderator's state of one game (bots may read it; fair bots read only
    :meth:`view` of their own seat)."""

    def __init__(
        self,
        deck: Deck,
        bots: Player | Mapping[Seat | str, Player],
        rng: random.Random,
        variants: Variants | None = None,
        *,
        rules: Rules | None = None,
        deal: Sequence[str] | None = None,
    ) -> None:
        self.rules = rules or load_rules()
        self.deck = deck
        self.full_deck = self.rules.cards(deck)
        self.variants = variants or Variants()
        self.rng = rng
        self.players = sum(n for _, n in deck)
        self.seats = tuple(range(1, self.players + 1))
        self.bots = bots
        cards = [name for name, n in self.full_deck for _ in range(n)]
        if deal is None:
            rng.shuffle(cards)
        elif sorted(deal) != sorted(cards):
            raise InvalidDeckError("deal: must hold every card of the deck, left-over ones last")
        else:
            cards = list(deal)
        self.dealt = dict(zip(self.seats, cards, strict=False))
        self.roles: dict[Seat, str] = dict(self.dealt)
        self.leftover = cards[self.players :]
        self.left_dealt = tuple(self.leftover)
        self.take: int | None = None
        self.living: list[Seat] = list(self.seats)
        self.events: list[Event] = []
        self.night = 0
        self.lovers: tuple[Seat, Seat] | None = None
        self.charmed: set[Seat] = set()
        self.sheriff: Seat | None = None
        self.healed: set[Seat] = set()
        self.poisoned: set[Seat] = set()
        self.last_protected: Seat | None = None
        self.protected_night = 0
        self.elder_hurt: set[Seat] = set()
        self.powers_lost = False
        self.mute: set[Seat] = set()
        self.next_voters: set[Seat] | None = None
        self.checks: dict[Seat, dict[Seat, str]] = {}
        self.tonight = Tonight()
        self.winner: Winner | None = None

    # -- helpers -----------------------------------------------------------------------

    def bot(self, seat: Seat) -> Player:
        """The player of ``seat``: the one placed on its role (the role it plays now),
        else the seat's own."""
        if isinstance(self.bots, Mapping):
            return self.bots.get(self.roles[seat]) or self.bots[seat]
        return self.bots

    def power(self, seat: Seat) -> Power:
        return power_of(self.rules.roles[self.roles[seat]].power or self.roles[seat])

    def has_power(self, seat: Seat) -> bool:
        """Whether the seat's power still works (the elder's death takes the villagers')."""
        return not (self.powers_lost and self.power(seat).village)

    def legal(self, what: str, answer: Any, allowed: Sequence[Any]) -> Any:
        """``answer`` if it is one of ``allowed``, else :class:`IllegalMoveError`."""
        if answer not in allowed:
            raise IllegalMoveError(f"{what}: {answer!r} is not one of {list(allowed)}")
        return answer

    def legal_seats(
        self, what: str, answer: Sequence[Seat], allowed: Sequence[Seat], count: int | None
    ) -> list[Seat]:
        """Distinct seats of ``allowed`` (``count`` of them, or at least one)."""
        seats = list(answer)
        if len(set(seats)) != len(seats) or (count is not None and len(seats) != count):
            raise IllegalMoveError(f"{what}: {seats} are not {count or 'some'} distinct seats")
        if not seats:
            raise IllegalMoveError(f"{what}: names nobody")
        for seat in seats:
            self.legal(what, seat, allowed)
        return seats

    def record(self, event: Event) -> None:
        self.events.append(event)

    def game_record(self) -> GameRecord:
        """The moderator's record so far: every card (the role played), every event."""
        return GameRecord(
            self.players,
            self.deck,
            self.variants,
            None,
            tuple(sorted(self.roles.items())),
            tuple(self.events),
            rules=self.rules,
        )

    def view(self, seat: Seat) -> GameRecord:
        """What ``seat`` knows so far, as a record."""
        return self.game_record().view(seat)

    def over(self) -> bool:
        """Check the end (after every death, and after the charms)."""
        if self.winner is None:
            self.winner = winner_of(
                self.rules, self.roles, self.living, lovers=self.lovers,
                charmed=frozenset(self.charmed), parity=self.variants.parity,
            )  # fmt: skip
        return self.winner is not None

    # -- deaths ------------------------------------------------------------------------

    def grief(self, dead: list[Seat]) -> list[Seat]:
        """The dead with, after each, a lover's partner dying of grief."""
        out: list[Seat] = []
        for seat in dead:
            if seat in out:
                continue
            out.append(seat)
            if self.lovers is not None and seat in self.lovers:
                partner = self.lovers[0] if seat == self.lovers[1] else self.lovers[1]
                if partner in self.living and partner not in out and partner not in dead:
                    out.append(partner)
        return out

    def revealed(self, dead: Sequence[Seat]) -> tuple[tuple[Seat, str], ...]:
        if not self.variants.reveal:
            return ()
        return tuple(sorted((seat, self.roles[seat]) for seat in dead))

    def bury(self, dead: Sequence[Seat]) -> None:
        self.living = [seat for seat in self.living if seat not in dead]

    def aftermath(self, dead: Sequence[Seat], causes: Mapping[Seat, Cause]) -> None:
        """For each death in order: its power's last act, the sheriff's successor."""
        for seat in dead:
            if self.over():
                return
            self.power(seat).after_death(self, seat, causes.get(seat, "grief"))
            if self.sheriff == seat and not self.over():
                self.name_successor(seat)

    def name_successor(self, seat: Seat) -> None:
        allowed = [s for s in self.living if s != seat and s not in self.mute]
        self.sheriff = None
        if allowed:
            named = self.bot(seat).successor(self, seat, allowed)
            self.sheriff = self.legal("successor", named, allowed)
        if self.sheriff is not None:
            self.record(SheriffNamed(self.sheriff))

    def shoot(self, hunter: Seat, target: Seat) -> None:
        """The hunter's shot: the target dies at once, with a lover's grief."""
        dead = self.grief([target])
        self.bury(dead)
        self.record(Shot(hunter, target, self.revealed(dead), tuple(dead[1:])))
        if not self.over():
            self.aftermath(dead, {target: "shot"})

    # -- a night -------------------------------------------------------------------------

    def play_night(self) -> None:
        self.night += 1
        self.tonight = Tonight()
        self.record(Night(self.night))
        for role in self.rules.wake_order:
            if role.first_night and self.night > 1:
                continue
            for seat in [s for s in self.living if self.roles[s] == role.name]:
                if self.has_power(seat) and seat in self.living:
                    self.power(seat).night(self, seat)
            if self.night == 1 and role.name == "thief" and self.over():
                return
        if self.over():
            return
        self.dawn()

    def dawn(self) -> None:
        tonight, dead, causes = self.tonight, [], {}
        victim = tonight.victim
        if victim is not None and victim != tonight.protected and not tonight.healed:
            power = self.power(victim)
            if not (self.has_power(victim) and power.survives_attack(self, victim)):
                dead.append(victim)
                causes[victim] = "werewolves"
        if tonight.poisoned is not None and tonight.poisoned not in dead:
            dead.append(tonight.poisoned)
            causes[tonight.poisoned] = "poison"
        dead = self.grief(dead)
        self.bury(dead)
        self.record(Dawn(self.night, tuple(dead), self.revealed(dead)))
        if not self.over():
            self.aftermath(dead, causes)

    # -- a day ---------------------------------------------------------------------------

    def play_day(self) -> None:
        if self.night == 1 and self.sheriff is None:
            self.elect()
        for seat in list(self.living):
            said = self.bot(seat).claim(self, seat)
            if said is not None:
                self.record(said)
        voters = [s for s in self.living if s not in self.mute]
        if self.next_voters is not None:
            voters = [s for s in voters if s in self.next_voters]
            self.next_voters = None
        votes = {s: self.legal("vote", self.bot(s).vote(self, s, self.living), self.living)
                 for s in voters}  # fmt: skip
        tally: Counter[Seat] = Counter()
        for voter, target in votes.items():
            tally[target] += 2 if voter == self.sheriff else 1
        top = [s for s, n in tally.items() if n == max(tally.values())] if tally else []
        lynched, tie = (top[0], False) if len(top) == 1 else (None, bool(top))
        goats = [s for s in self.living if self.roles[s] == "scapegoat" and self.has_power(s)]
        if tie and goats:
            lynched = goats[0]
        self.lynch(self.night, tuple(sorted(votes.items())), lynched, tie)

    def elect(self) -> None:
        ballots = Counter(
            self.legal("elect", self.bot(s).elect(self, s, self.living), self.living)
            for s in self.living
        )
        top = sorted(s for s, n in ballots.items() if n == max(ballots.values()))
        self.sheriff = self.rng.choice(top)
        self.record(SheriffNamed(self.sheriff))

    def lynch(
        self, day: int, votes: tuple[tuple[Seat, Seat], ...], lynched: Seat | None, tie: bool
    ) -> None:
        if lynched is None:
            self.record(Day(day, votes, None))
            return
        if self.power(lynched).spared_by_lynch(self, lynched):
            self.mute.add(lynched)
            self.record(Day(day, votes, lynched, ((lynched, IDIOT),)))
            if self.sheriff == lynched:
                self.name_successor(lynched)
            return
        dead = self.grief([lynched])
        self.bury(dead)
        # The spec's reading: a day event that turns the lynched idiot's card up spares
        # him; an idiot who dies by a lynch (a second one, or powerless) stays hidden.
        cards = tuple((s, r) for s, r in self.revealed(dead) if (s, r) != (lynched, IDIOT))
        self.record(Day(day, votes, lynched, cards, tuple(dead[1:])))
        if self.over():
            return
        if tie and self.roles[lynched] == "scapegoat" and self.living:
            named = self.bot(lynched).voters(self, lynched, self.living)
            self.next_voters = set(self.legal_seats("voters", named, self.living, None))
        self.aftermath(dead, {lynched: "lynch"})

    # -- the game ------------------------------------------------------------------------

    def play(self) -> Outcome:
        days = 0
        while self.winner is None and self.night < MAX_NIGHTS:
            self.play_night()
            if self.over():
                break
            self.play_day()
            days += 1
        return Outcome(self.game_record(), self.winner, self.winners(), days, self.world())

    def world(self) -> dict[Any, Any]:
        """The true world in the model's variables (see :attr:`Outcome.world`)."""
        world: dict[Any, Any] = {seat: (card,) for seat, card in self.dealt.items()}
        for index, card in enumerate(self.left_dealt):
            world[self.players + 1 + index] = (card,)
        if self.left_dealt:
            world["take"] = None if self.take is None else self.take + 1
        if any(name == "cupid" for name, _ in self.full_deck):
            world["lovers"] = self.lovers
            if self.lovers is None and "cupid" in self.roles.values():
                world["lovers"] = (1, 2)  # the game ended before cupid woke: any pair
        return world

    def winners(self) -> tuple[Seat, ...]:
        """The winning seats (see :func:`winners_of`)."""
        return winners_of(self.rules, self.roles, self.winner, self.lovers)


def winners_of(
    rules: Rules,
    roles: Mapping[Seat, str],
    winner: Winner | None,
    lovers: tuple[Seat, Seat] | None = None,
) -> tuple[Seat, ...]:
    """The winning seats, dead ones included: the lovers, the piper, or the winning team
    (a lover of a mixed couple is on the lovers' side, not his team's).

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
    return Table(deck, bots, rng, variants, rules=rules, deal=deal).play()


__all__ = [
    "MAX_NIGHTS",
    "IllegalMoveError",
    "Outcome",
    "Table",
    "Tonight",
    "play_game",
    "winner_of",
    "winners_of",
]
