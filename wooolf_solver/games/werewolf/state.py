"""A classic Werewolf game on the play-state protocol (:mod:`wooolf_solver.core.play`).

:class:`WerewolfState` is the moderator's table: chance deals the cards (unless the deal
is given) and breaks a tied sheriff's election; every other step is one seat's move,
asked as an :class:`Ask` (the thief's card, cupid's lovers, the defender, the seer, the
pack's victim, asked of its first living seat, the witch's two potions at once, the
piper, each day's claims, the sheriff's election, the ballots, the hunter's shot, a
successor, the scapegoat's voters). The roles' powers (:mod:`.powers`) act on the state.
A seat's :class:`View` holds only what that seat may know: its card, its own night
results, the public events, and the question put to it.

>>> import random
>>> from wooolf_solver.core.play import RandomBot, play
>>> state = WerewolfState((("villager", 2), ("werewolf", 1)))
>>> play(state, {seat: RandomBot() for seat in (1, 2, 3)}, random.Random(3))
'werewolves'
>>> state.view(1).card in ("villager", "werewolf"), state.view(1).ask
(True, None)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.errors import IllegalMoveError, InvalidDeckError
from ...core.play import CHANCE, TERMINAL, Legal, Turn
from .asks import NAME_ONE, Ask, Draw, Flow, Moves, View
from .events import IDIOT, Dawn, Day, Event, Night, Private, SheriffNamed, Shot
from .powers import Cause, Power, power_of
from .record import GameRecord
from .rules import PIPER, WEREWOLF, Deck, Rules, Seat, Variants, load_rules

MAX_NIGHTS = 100
"""A game still going after this many nights stops, with no winner."""

Winner = str
"""``village``, ``werewolves``, ``piper``, ``lovers`` or ``nobody``."""

_GAMES = itertools.count(1)

NO_MOVES = Moves(None)
"""A seat's moves when it is not asked."""
SILENT: tuple[object, ...] = (None,)
"""A claim's answer that needs no check: saying nothing."""

_view = _ask = tuple.__new__
"""Makes a :class:`View` or an :class:`Ask` from its fields in order (as its own
constructor, one call less: a lab's game makes one of each at nearly every step)."""
_PLAIN = Ask("", 0)[3:]
"""The fields of an :class:`Ask` after the seats it may name, as a plain question has them."""


@dataclass
class Tonight:
    """The night's choices so far."""

    victim: Seat | None = None
    protected: Seat | None = None
    healed: bool = False
    poisoned: Seat | None = None


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
    cards = [roles[s] for s in living]
    pipers = [s for s in living if roles[s] == PIPER] if PIPER in cards else []
    if pipers and all(s in charmed for s in living if s != pipers[0]):
        return "piper"
    if (
        lovers is not None
        and sorted(living) == sorted(lovers)
        and rules.team(roles[lovers[0]]) != rules.team(roles[lovers[1]])
    ):
        return "lovers"
    wolves = cards.count(WEREWOLF)
    others = len(living) - wolves
    if not wolves:
        return "village"
    if not others or (parity and wolves >= others):
        return "werewolves"
    return None


def _unsent(answer: object) -> Ask | Draw:
    raise IllegalMoveError("the cards are not dealt yet")


def _most(tally: dict[Seat, int]) -> list[Seat]:
    """The seats of the highest count, in the tally's order (none for an empty one)."""
    most = max(tally.values(), default=0)
    return [seat for seat, count in tally.items() if count == most]


Seated = tuple[tuple[Seat], Ask, Moves]
"""What the state gives one seat at every step, the same in every game (made once):
its turn, its claim question and that question's moves (a plain tuple: unpacked at
every step)."""


@cache
def _seated(players: int) -> dict[Seat, Seated]:
    return {
        seat: ((seat,), claim, Moves(claim))
        for seat in range(1, players + 1)
        for claim in [Ask("claim", seat)]
    }


@cache
def _power(rules: Rules, role: str) -> Power:
    """The power of a role's player (a look-up at nearly every step of a night)."""
    return power_of(rules.roles[role].power or role)


class WerewolfState:
    """The moderator's state of one game (see the module's docstring)."""

    __slots__ = (  # more attributes than an instance keeps inline: a slot each is faster
        "_asked", "_draw", "_flow", "_holders", "_judged", "_logs", "_moves", "_seat", "_seated",
        "_send", "_sure", "charmed", "checks", "current", "days", "dealt", "deck", "elder_hurt",
        "events", "full_deck", "game", "healed", "last_protected", "left_dealt", "leftover",
        "living", "lovers", "mourned", "mute", "next_voters", "night", "players", "poisoned",
        "powers_lost", "protected_night", "roles", "rules", "seats", "seen", "sheriff", "take",
        "tonight", "variants", "winner",
    )  # fmt: skip
    _judged: tuple[object, ...]
    """What the last look at the end saw (:meth:`over`)."""
    _asked: Ask | None
    """The question pending (``None``: chance's turn, or the end)."""
    _seat: Seat
    """Its seat (0: none), kept apart: every step compares it."""

    def __init__(
        self,
        deck: Deck,
        variants: Variants | None = None,
        *,
        rules: Rules | None = None,
        deal: Sequence[str] | None = None,
    ) -> None:
        self.rules = rules or load_rules()
        self.deck = deck
        self.full_deck = self.rules.cards(deck)
        self.variants = variants or Variants()
        self.game = next(_GAMES)
        self.players = sum(n for _, n in deck)
        self.seats = tuple(range(1, self.players + 1))
        self.living: tuple[Seat, ...] = self.seats
        self.events: list[Event] = []
        # Each seat's log: one list shared by the seats told nothing of their own, until
        # a seat's first private event gives it a copy; a public event goes to each log.
        public: list[Event] = []
        self.seen: dict[Seat, list[Event]] = dict.fromkeys(self.seats, public)
        self._logs: list[list[Event]] = [public]
        self.night = 0
        self.days = 0
        self.take: int | None = None
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
        self.mourned: dict[int, tuple[Seat, ...]] = {}
        """The deaths of grief of each dawn, by its event's index (a shot's and a lynch's
        are in their events; a dawn's only here, for the moderator's lines)."""
        self.tonight = Tonight()
        self.winner: Winner | None = None
        self.dealt: dict[Seat, str] = {}
        self.roles: dict[Seat, str] = {}
        self.leftover: list[str] = []
        self.left_dealt: tuple[str, ...] = ()
        self._flow: Flow | None = None
        self._send: Callable[[object], Ask | Draw] = _unsent  # the script's send, once dealt
        self._draw, self._judged = Draw(()), ()  # chance's pending draw; see over()
        self._asked, self._seat = None, 0
        self._moves: Legal[object] = NO_MOVES
        self._sure: tuple[object, ...] = ()  # moves legal without asking the question
        self.current: Turn = CHANCE  # whose turn: an attribute, read at every step
        self._seated = _seated(self.players)
        self._holders: dict[str, tuple[Seat, ...]] = {}  # each card's living players tonight
        if deal is not None:
            cards = [name for name, n in self.full_deck for _ in range(n)]
            if sorted(deal) != sorted(cards):
                why = "deal: must hold every card of the deck, left-over ones last"
                raise InvalidDeckError(why)
            self._deal(list(deal))

    # -- the protocol --------------------------------------------------------------------

    def legal(self, seat: Seat) -> Legal[object]:
        """The seat's moves: the seats a question that names one may name (a tuple),
        else a :class:`Moves`."""
        return self._moves if seat == self._seat else NO_MOVES

    def apply(self, seat: Seat, move: object) -> None:
        if seat != self._seat:
            raise IllegalMoveError(f"seat {seat}: it is not this seat's turn")
        if move not in self._sure:  # else the question's own check
            why = self._asked.refusal(move)  # type: ignore[union-attr]  # (a seat is asked)
            if why is not None:
                raise IllegalMoveError(why)
        self._step(move)

    def chance(self, rng: random.Random) -> None:
        if self._flow is None:
            cards = [name for name, n in self.full_deck for _ in range(n)]
            rng.shuffle(cards)
            self._deal(cards)
        elif self.current == CHANCE:  # a draw inside the game
            self._step(rng.choice(self._draw.options))
        else:
            raise IllegalMoveError("chance: it is not chance's turn")

    def view(self, seat: Seat) -> View:
        log, checks = self.seen[seat], self.checks.get(seat)
        return _view(View, (
            self.game, seat, self.roles.get(seat, ""), self.night, self.living,
            tuple(sorted(checks.items())) if checks else (), log, len(log),
            self.players, self.deck, self.variants, self.rules,
            self._asked if seat == self._seat else None,
        ))  # fmt: skip

    @property
    def is_terminal(self) -> bool:
        return self.current == TERMINAL

    def result(self) -> Winner | None:
        """The winner (``None``: stopped unfinished after :data:`MAX_NIGHTS`)."""
        return self.winner

    def _deal(self, cards: list[str]) -> None:
        self.dealt = dict(zip(self.seats, cards, strict=False))
        self.roles = dict(self.dealt)
        self.leftover = cards[self.players :]
        self.left_dealt = tuple(self.leftover)
        flow = self._flow = self._game()
        self._send = flow.send
        self._step(None)

    def _step(self, answer: object) -> None:
        """Send ``answer`` to the game's script; keep what it asks next, and its moves."""
        try:
            pending = self._send(answer)
        except StopIteration:
            self._asked, self._seat, self.current = None, 0, TERMINAL
            return
        if isinstance(pending, Draw):
            self._asked, self._seat, self.current, self._draw = None, 0, CHANCE, pending
            return
        seat, kind = pending.seat, pending.kind
        turn, _, claim_moves = self._seated[seat]
        self._asked, self._seat, self.current = pending, seat, turn
        if kind in NAME_ONE:  # its moves are its seats: no object made, no call to check
            self._moves = self._sure = pending.allowed
        elif kind == "claim":  # saying nothing is always legal
            self._moves, self._sure = claim_moves, SILENT
        else:
            self._moves, self._sure = Moves.of(pending), ()

    # -- helpers for the powers ------------------------------------------------------------

    def power(self, seat: Seat) -> Power:
        return _power(self.rules, self.roles[seat])

    def holding(self, card: str) -> tuple[Seat, ...]:
        """The living players of ``card`` tonight, in seat order (nobody dies before the
        dawn)."""
        return self._holders.get(card, ())

    def _hold(self) -> None:
        holders: dict[str, list[Seat]] = {}
        roles = self.roles
        for seat in self.living:
            holders.setdefault(roles[seat], []).append(seat)
        self._holders = {card: tuple(seats) for card, seats in holders.items()}

    def has_power(self, seat: Seat) -> bool:
        """Whether the seat's power still works (the elder's death takes the villagers')."""
        return not (self.powers_lost and self.power(seat).village)

    def record(self, event: Event) -> None:
        """Write ``event`` (its muted seats vote no more); every seat that may know it
        sees it."""
        self.events.append(event)
        self.mute.update(event.mutes)
        if event.public:
            for log in self._logs:
                log.append(event)
        elif isinstance(event, Private):
            log = self.seen[event.seat]
            if log is self._logs[0]:  # the seat's first private event: its own log
                log = self.seen[event.seat] = list(log)
                self._logs.append(log)
            log.append(event)

    def game_record(self) -> GameRecord:
        """The moderator's record so far: every card (the role played), every event."""
        return GameRecord(self.players, self.deck, self.variants, None,
                          tuple(sorted(self.roles.items())), tuple(self.events),
                          rules=self.rules)  # fmt: skip

    def over(self) -> bool:
        """Check the end (after every death, and after the charms): again only once the
        living, the lovers, the charmed or the thief's card have changed since the last
        look (the end depends on nothing else; a night looks often)."""
        if self.winner is None:
            judged = (self.living, self.lovers, len(self.charmed), self.take)
            if judged == self._judged:
                return False
            self._judged = judged
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
        self.living = tuple([seat for seat in self.living if seat not in dead])

    def aftermath(self, dead: Sequence[Seat], causes: Mapping[Seat, Cause]) -> Flow:
        """For each death in order: its power's last act, the sheriff's successor."""
        for seat in dead:
            if self.over():
                return
            yield from self.power(seat).after_death(self, seat, causes.get(seat, "grief"))
            if self.sheriff == seat and not self.over():
                yield from self.name_successor(seat)

    def name_successor(self, seat: Seat) -> Flow:
        allowed = tuple([s for s in self.living if s != seat and s not in self.mute])
        self.sheriff = None
        if allowed:
            self.sheriff = yield Ask("successor", seat, allowed)
        if self.sheriff is not None:
            self.record(SheriffNamed(self.sheriff))

    def shoot(self, hunter: Seat, target: Seat) -> Flow:
        """The hunter's shot: the target dies at once, with a lover's grief."""
        dead = self.grief([target])
        self.bury(dead)
        self.record(Shot(hunter, target, self.revealed(dead), tuple(dead[1:])))
        if not self.over():
            yield from self.aftermath(dead, {target: "shot"})

    # -- the game --------------------------------------------------------------------------

    def _game(self) -> Flow:
        while self.winner is None and self.night < MAX_NIGHTS:
            yield from self._night()
            if self.over():
                break
            yield from self._day()
            self.days += 1

    def _night(self) -> Flow:
        self.night += 1
        self.tonight = Tonight()
        self.record(Night(self.night))
        self._hold()
        for role in self.rules.wake_order:
            if role.first_night and self.night > 1:
                continue
            seats = self._holders.get(role.name)
            if seats:
                take = self.take
                if self.power(seats[0]).together:
                    seats = seats[:1]
                for seat in seats:
                    if self.has_power(seat) and seat in self.living:
                        yield from self.power(seat).night(self, seat)
                if self.take != take:  # the thief changed cards
                    self._hold()
            if self.night == 1 and role.name == "thief" and self.over():
                return
        if self.over():
            return
        yield from self._dawn()

    def _dawn(self) -> Flow:
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
        direct, dead = dead, self.grief(dead)
        self.mourned[len(self.events)] = tuple([s for s in dead if s not in direct])
        self.bury(dead)
        self.record(Dawn(self.night, tuple(dead), self.revealed(dead)))
        if not self.over():
            yield from self.aftermath(dead, causes)

    def _day(self) -> Flow:
        if self.night == 1 and self.sheriff is None:
            yield from self._elect()
        seated = self._seated
        for seat in self.living:  # (a tuple: a claim kills nobody)
            said = yield seated[seat][1]
            if said is not None:
                self.record(said)
        mute = self.mute
        voters = [s for s in self.living if s not in mute] if mute else self.living
        if self.next_voters is not None:
            voters = [s for s in voters if s in self.next_voters]
            self.next_voters = None
        living = self.living
        votes: dict[Seat, Seat] = {}
        for seat in voters:
            votes[seat] = yield _ask(Ask, ("vote", seat, living, *_PLAIN))
        tally: dict[Seat, int] = {}
        sheriff = self.sheriff
        for voter, target in votes.items():
            tally[target] = tally.get(target, 0) + (2 if voter == sheriff else 1)
        top = _most(tally)
        lynched, tie = (top[0], False) if len(top) == 1 else (None, bool(top))
        if tie:
            goats = [s for s in self.living if self.roles[s] == "scapegoat" and self.has_power(s)]
            if goats:
                lynched = goats[0]
        yield from self._lynch(self.night, tuple(sorted(votes.items())), lynched, tie)

    def _elect(self) -> Flow:
        living = self.living
        ballots: dict[Seat, int] = {}
        for seat in living:
            ballot = yield _ask(Ask, ("elect", seat, living, *_PLAIN))
            ballots[ballot] = ballots.get(ballot, 0) + 1
        top = tuple(sorted(_most(ballots)))
        self.sheriff = yield Draw(top)
        self.record(SheriffNamed(self.sheriff))

    def _lynch(
        self, day: int, votes: tuple[tuple[Seat, Seat], ...], lynched: Seat | None, tie: bool
    ) -> Flow:
        if lynched is None:
            self.record(Day(day, votes, None))
            return
        if self.power(lynched).spared_by_lynch(self, lynched):
            self.record(Day(day, votes, lynched, ((lynched, IDIOT),)))
            if self.sheriff == lynched:
                yield from self.name_successor(lynched)
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
            named = yield Ask("voters", lynched, self.living)
            self.next_voters = set(named)
        yield from self.aftermath(dead, {lynched: "lynch"})

    def world(self) -> dict[Any, Any]:
        """The true world in the model's variables: each slot's dealt card (seats, then
        the two left-over slots), ``"take"`` and ``"lovers"``."""
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


__all__ = [
    "MAX_NIGHTS",
    "Ask",
    "Draw",
    "Moves",
    "View",
    "WerewolfState",
    "Winner",
    "winner_of",
]
