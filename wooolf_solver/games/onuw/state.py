"""One ONUW deal in play, on the generic play-state protocol (:mod:`wooolf_solver.core.play`).

The lab plays it with bots (:func:`wooolf_solver.core.play.play`); the server's live
table (:mod:`.live`) applies people's moves to it and adds the clock. The turns:

1. **chance** deals the cards (one shuffle);
2. **night**: every seat chooses at once (:class:`Night`; a seat whose card does not
   wake has only "do nothing"). The choices are carried out in the rules' wake order
   (seat order within a role) as soon as every earlier role has chosen, so a seat sees
   what its power showed it once its own role's turn has come;
3. **chance** draws the order in which the talking seats speak;
4. **day**: each talking seat, in that order, says one claim or nothing (:class:`Say`);
5. **vote**: every seat casts one secret ballot at once (:class:`Vote`); then who dies,
   who wins and the scores (:class:`PlayedDeal`).

A seat's :meth:`OnuwState.view` is a :class:`SeatView`: the phase and the deal record
as that seat knows it (its dealt card, its own night, every claim so far).

>>> from random import Random
>>> from wooolf_solver.core.play import play
>>> class First:
...     def act(self, view, legal, rng): return next(iter(legal))
>>> state = OnuwState.new(3, talkers=(1, 2, 3))
>>> played = play(state, {seat: First() for seat in (1, 2, 3)}, Random(2))
>>> played.record.is_game, played.record.votes
(True, mappingproxy({1: 2, 2: 1, 3: 1}))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from types import MappingProxyType
from typing import Any, Literal

from ...core.errors import IllegalMoveError
from ...core.play import CHANCE, TERMINAL, Turn, checked
from .night import Choice, NightEntry, NightState, as_played, night_options, power_of, wakers
from .record import Claim, DealRecord, Model, NightModel, read_record
from .rules import Layout, Rules, Seat, Team, load_rules
from .win import Ballot, deaths, hunted, scores, winners

Phase = Literal["deal", "night", "order", "day", "vote", "over"]


@dataclass(frozen=True)
class Night:
    """A night choice: the slots acted on (``()``: do nothing)."""

    choice: Choice


@dataclass(frozen=True)
class Say:
    """A seat's say in the day: one claim, or ``None`` (it keeps quiet)."""

    claim: Claim | None


@dataclass(frozen=True)
class Vote:
    """A ballot: a seat, or ``None`` (nobody, where the edition allows it)."""

    ballot: Ballot


Move = Night | Say | Vote


@dataclass(frozen=True)
class Speeches:
    """The legal says of a seat: any claim for itself (of a role the rules know), or
    nothing; listed, only nothing."""

    seat: Seat
    rules: Rules = field(compare=False, repr=False)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Say):
            return False
        claim = move.claim
        return claim is None or (claim.seat == self.seat and claim.role in self.rules.roles)

    def __iter__(self) -> Iterator[Move]:
        yield Say(None)


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: the phase, and the deal record from its viewpoint."""

    phase: Phase
    record: DealRecord


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played in full: its game record and its outcome."""

    record: DealRecord
    dawn: tuple[str, ...]
    """Every slot's card at dawn (index ``slot - 1``)."""
    dead: tuple[Seat, ...]
    winners: tuple[Seat, ...]
    teams: Mapping[Seat, Team]
    scores: Mapping[Seat, int]


def outcome(record: DealRecord, dawn: tuple[str, ...], votes: Mapping[Seat, Ballot]) -> PlayedDeal:
    """A deal's outcome from its cards at dawn and its ballots: who died (the vote's
    dead, and whom a dying hunter's ballot names), who won, every seat's team and points."""
    rules, edition = record.rules, record.rules_edition
    ballots = dict(sorted(votes.items()))
    dead = hunted(rules, deaths(ballots, edition.vote), dawn, ballots)
    won = winners(rules, record.players, dawn, dead)
    return PlayedDeal(
        record,
        dawn,
        dead,
        won,
        MappingProxyType({seat: rules.team(dawn[seat - 1]) for seat in record.layout.seats}),
        MappingProxyType(scores(edition.score, record.players, dawn, won, ballots)),
    )


def legal_ballots(record: DealRecord, seat: Seat) -> tuple[Ballot, ...]:
    """The ballots ``seat`` may cast: every other player, and nobody where allowed.

    >>> legal_ballots(read_record({"game": "onuw", "players": 3}), 2)
    (1, 3, None)
    """
    return ballots_of(record.layout, seat, record.rules_edition.vote.nobody)


def ballots_of(layout: Layout, seat: Seat, nobody: bool) -> tuple[Ballot, ...]:
    """Every other player, then nobody if ``nobody``."""
    others: tuple[Ballot, ...] = tuple(other for other in layout.seats if other != seat)
    return (*others, None) if nobody else others


@dataclass
class OnuwState:
    """One deal in play (see the module's docstring)."""

    rules: Rules = field(compare=False, repr=False)
    edition: str
    players: int
    deck: tuple[str, ...]
    """The cards in play, in the order the deal shuffles them."""
    own_deck: bool
    bots: frozenset[Seat]
    talkers: tuple[Seat, ...]
    """The seats that speak in the day (in seat order)."""
    night_model: NightModel = "act"
    passing: bool = False
    """Whether people (not bots) may also do nothing where their role may pass (as the
    ``uniform`` night model has it)."""
    dealt: tuple[str, ...] = ()
    choices: dict[Seat, Choice] = field(default_factory=dict)
    """Each seat's night choice, in the order they were made."""
    entries: dict[Seat, NightEntry] = field(default_factory=dict)
    """The night entries carried out so far."""
    woken: int = 0
    """How many of the night's wakers (:func:`.night.wakers`) have been carried out."""
    copies: dict[Seat, str] = field(default_factory=dict)
    """The role each doppelganger has become (by its seat)."""
    cards: list[str] = field(default_factory=list)
    """Every slot's card as it is now."""
    order: tuple[Seat, ...] | None = None
    """The day's speaking order, once drawn."""
    spoken: int = 0
    claims: list[Claim] = field(default_factory=list)
    votes: dict[Seat, Ballot] = field(default_factory=dict)

    @classmethod
    def new(
        cls,
        players: int,
        *,
        edition: str = "table",
        deck: Sequence[str] | None = None,
        bots: Sequence[Seat] = (),
        talkers: Sequence[Seat] = (),
        night: NightModel = "act",
        passing: bool = False,
        rules: Rules | None = None,
    ) -> OnuwState:
        """A deal not dealt yet: ``deck`` (checked) or the edition's for ``players``."""
        rules = rules or load_rules()
        layout = rules.layout(edition, players)
        cards = (
            rules.deck(edition, players)
            if deck is None
            else rules.check_deck(deck, len(layout.slots), "deck")
        )
        return cls(
            rules,
            edition,
            players,
            tuple(cards),
            deck is not None,
            frozenset(bots),
            tuple(sorted(talkers)),
            night,
            passing,
        )

    # -- the protocol -------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        return self.rules.layout(self.edition, self.players)

    @property
    def phase(self) -> Phase:
        if not self.dealt:
            return "deal"
        if len(self.choices) < self.players:
            return "night"
        if self.order is None:
            return "order"
        if self.spoken < len(self.order):
            return "day"
        return "vote" if len(self.votes) < self.players else "over"

    @property
    def current(self) -> Turn:
        phase = self.phase
        if phase in ("deal", "order"):
            return CHANCE
        if phase == "night":
            return tuple(seat for seat in self.layout.seats if seat not in self.choices)
        if phase == "day":
            assert self.order is not None
            return self.order[self.spoken :]
        if phase == "vote":
            return tuple(seat for seat in self.layout.seats if seat not in self.votes)
        return TERMINAL

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal(self, seat: Seat) -> tuple[Move, ...] | Speeches:
        turn = self.current
        if isinstance(turn, str) or seat not in turn:
            return ()
        phase = self.phase
        if phase == "night":
            return tuple(Night(choice) for choice in self.night_options(seat))
        if phase == "day":
            return Speeches(seat, self.rules)
        nobody = self.rules.edition(self.edition).vote.nobody
        return tuple(Vote(ballot) for ballot in ballots_of(self.layout, seat, nobody))

    def night_options(self, seat: Seat) -> tuple[Choice, ...]:
        """The seat's night choices (with "do nothing" where it may pass)."""
        uniform = (self.night_model == "uniform" or self.passing) and seat not in self.bots
        return night_options(self.rules, self.layout, self.dealt, seat, uniform)

    def chance(self, rng: Random) -> None:
        if self.phase == "deal":
            dealt = list(self.deck)
            rng.shuffle(dealt)
            self.deal(dealt)
        elif self.phase == "order":
            order = list(self.talkers)
            rng.shuffle(order)
            self.order = tuple(order)
        else:
            raise IllegalMoveError("chance: it is not chance's turn")

    def deal(self, dealt: Sequence[str]) -> None:
        """Deal ``dealt`` (every slot's card, a shuffle of the deck)."""
        if sorted(dealt) != sorted(self.deck) or self.dealt:
            raise IllegalMoveError("deal: a shuffle of the deck, once")
        self.dealt = tuple(dealt)
        self.cards = list(dealt)

    def apply(self, seat: Seat, move: Move) -> None:
        move = checked(self, seat, move)
        if isinstance(move, Night):
            self.choices[seat] = move.choice
            self._carry_out()
        elif isinstance(move, Say):
            if move.claim is not None:
                self.claims.append(move.claim)
            self._spoke(seat)
        else:
            self.votes[seat] = move.ballot

    def _spoke(self, seat: Seat) -> None:
        """Count ``seat``'s say, moved up if it spoke before its turn (a live table's
        day is free: the drawn order only says whom a driver asks first)."""
        assert self.order is not None
        done, rest = self.order[: self.spoken], self.order[self.spoken :]
        self.order = (*done, seat, *(other for other in rest if other != seat))
        self.spoken += 1

    def _carry_out(self) -> None:
        """Carry out the night's choices in wake order, as far as they are made (the
        seats of one role in the order they chose)."""
        waking = list(wakers(self.rules, self.layout, self.dealt))
        state = NightState(self.layout, self.dealt, self.cards, self.copies)
        while self.woken < len(waking):
            role = waking[self.woken][1]
            group = [seat for seat, other in waking if other.name == role.name]
            ready = [seat for seat in self.choices if seat in group and seat not in self.entries]
            for seat in ready:
                self.entries[seat] = power_of(role).perform(seat, self.choices[seat], state)
                self.woken += 1
            if any(seat not in self.entries for seat in group):
                return
        for seat, role in waking:  # the night's last looks
            self.entries[seat] = power_of(role).late(seat, self.entries[seat], state)
        for seat in self.layout.seats:
            self.entries.setdefault(seat, NightEntry())

    def view(self, seat: Seat) -> SeatView:
        return SeatView(self.phase, self.record(seat))

    def record(self, seat: Seat | None = None) -> DealRecord:
        """The deal record as ``seat`` knows it (``None``: as it is, every card)."""
        layout = self.layout
        if seat is None:
            cards = dict(zip(layout.slots, self.dealt, strict=True)) if self.dealt else {}
            night = {seat: self.entries[seat] for seat in layout.seats if seat in self.entries}
        else:
            cards = {seat: self.dealt[seat - 1]} if self.dealt else {}
            night = {seat: self.entries[seat]} if seat in self.entries else {}
        return DealRecord(
            self.rules,
            self.edition,
            self.players,
            tuple(sorted(self.deck)),
            seat,
            self.bots,
            MappingProxyType(cards),
            MappingProxyType(night),
            tuple(self.claims),
            MappingProxyType(dict(sorted(self.votes.items())))
            if seat is None and self.phase == "over"
            else None,
            Model(self.night_model),
            self.own_deck,
        )

    def result(self) -> PlayedDeal:
        if not self.is_terminal:
            raise IllegalMoveError("result: the deal is not over")
        dawn = as_played(NightState(self.layout, self.dealt, self.cards, self.copies))
        return outcome(self.record(), dawn, self.votes)

    # -- storing ------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as JSON-ready data (secret: every card): its options, the deal,
        the speaking order and every move in the order made."""
        said = self.record().to_dict().get("claims", [])
        return {
            "edition": self.edition,
            "players": self.players,
            "deck": list(self.deck),
            "own_deck": self.own_deck,
            "bots": sorted(self.bots),
            "talkers": list(self.talkers),
            "night_model": self.night_model,
            "passing": self.passing,
            "dealt": list(self.dealt),
            "night": [[seat, list(choice)] for seat, choice in self.choices.items()],
            "order": None if self.order is None else list(self.order),
            "spoken": self.spoken,
            "claims": said,
            "votes": [[seat, ballot] for seat, ballot in self.votes.items()],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules | None = None) -> OnuwState:
        """The state :meth:`to_json` wrote (its moves made again)."""
        rules = rules or load_rules()
        state = cls(
            rules,
            data["edition"],
            data["players"],
            tuple(data["deck"]),
            data["own_deck"],
            frozenset(data["bots"]),
            tuple(data["talkers"]),
            data["night_model"],
            data["passing"],
        )
        if data["dealt"]:
            state.deal(data["dealt"])
        for seat, choice in data["night"]:
            state.choices[seat] = tuple(choice)
            state._carry_out()
        state.order = None if data["order"] is None else tuple(data["order"])
        state.spoken = data["spoken"]
        state.claims = list(state.read_claims(data["claims"]))
        state.votes = dict(data["votes"])
        return state

    def read_claims(self, raw: Sequence[Mapping[str, Any]]) -> tuple[Claim, ...]:
        """Claims in the record's form, checked by the record reader
        (:class:`~wooolf_solver.core.errors.InvalidRecordError` names the field)."""
        if not raw:
            return ()
        table: dict[str, Any] = {"game": "onuw", "edition": self.edition}
        table |= {"players": self.players, "claims": list(raw)}
        if self.own_deck:
            table["deck"] = sorted(self.deck)
        return read_record(table, self.rules).claims


__all__ = [
    "Move",
    "Night",
    "OnuwState",
    "PlayedDeal",
    "Say",
    "SeatView",
    "Speeches",
    "Vote",
    "legal_ballots",
]
