"""Policies at a table: one deal of ONUW played in full by plain functions.

:func:`play_deal` seats a :class:`PolicyBot` at every seat, each made of three
policies (the night's choice, the claim, the ballot), and plays the deal's
:class:`.state.OnuwState` with the generic driver: a random deal (from a seeded
:class:`random.Random` passed in), the night by the ``act`` policy (each choice uniform
over its options; ``uniform`` adds "do nothing" for people, never for bots), optional
claims (bots never claim), one ballot each, then who dies, who wins and the scores.

>>> from random import Random
>>> played = play_deal(Random(7), players=5, bots=(4, 5), claims=truthful)
>>> played.record.is_game, len(played.record.claims)
(True, 3)
>>> sorted(played.scores) == [1, 2, 3, 4, 5]
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from random import Random

from ...core.play import Legal, play
from .night import Choice, NightEntry, power_of
from .record import Claim, DealRecord, NightModel
from .rules import Rules, Seat
from .state import Move, Night, OnuwState, PlayedDeal, Say, SeatView, Vote, legal_ballots
from .win import Ballot

ClaimPolicy = Callable[[Seat, str, NightEntry, Random], Claim | None]
"""A person's claim from its dealt card and night entry (``None``: says nothing)."""

NightPolicy = Callable[[Seat, str, tuple[Choice, ...], Random], Choice]
"""A seat's night choice among the night prior's options, given its dealt card (the
lab's seer that looks at the centre more or less often than the prior)."""

BallotPolicy = Callable[[Seat, tuple[Ballot, ...], DealRecord, Random], Ballot]
"""A seat's ballot among its legal ones, given the deal record as the seat knows it
(its card, its night entry, every claim)."""


def truthful(seat: Seat, dealt: str, entry: NightEntry, rng: Random) -> Claim:
    """Claim the dealt card and the whole night entry, truthfully."""
    return Claim(seat, dealt, entry)


def random_ballot(seat: Seat, legal: tuple[Ballot, ...], record: DealRecord, rng: Random) -> Ballot:
    """A ballot uniformly at random among the legal ones."""
    return rng.choice(legal)


@dataclass(frozen=True)
class PolicyBot:
    """A seat played by the three policies (night, claim, ballot), each fed only from
    the seat's own view (:class:`.state.SeatView`)."""

    seat: Seat
    claims: ClaimPolicy | None
    ballots: BallotPolicy
    choose: NightPolicy | None

    def act(self, view: SeatView, legal: Legal[Move], rng: Random) -> Move:
        record = view.record
        if view.phase == "night":
            options = tuple(move.choice for move in legal if isinstance(move, Night))
            if self.choose is None:
                dealt = record.rules.roles[record.cards[self.seat]]
                return Night(power_of(dealt).pick(options, rng))
            return Night(self.choose(self.seat, record.cards[self.seat], options, rng))
        if view.phase == "day":
            entry = record.night[self.seat]
            said = (
                None
                if self.claims is None
                else self.claims(self.seat, record.cards[self.seat], entry, rng)
            )
            return Say(said)
        ballots = tuple(move.ballot for move in legal if isinstance(move, Vote))
        return Vote(self.ballots(self.seat, ballots, record, rng))


def play_deal(
    rng: Random,
    players: int,
    *,
    edition: str = "table",
    deck: Sequence[str] | None = None,
    bots: Collection[Seat] = (),
    claims: ClaimPolicy | None = None,
    ballots: BallotPolicy = random_ballot,
    night: NightModel = "act",
    rules: Rules | None = None,
    choose: NightPolicy | None = None,
) -> PlayedDeal:
    """Deal, play the night (each choice uniform over its options, or by ``choose``),
    let the people claim (in a random order), vote, resolve: an :class:`.state.OnuwState`
    played by the generic driver with one :class:`PolicyBot` a seat."""
    state = OnuwState.new(
        players,
        edition=edition,
        deck=deck,
        bots=tuple(bots),
        talkers=()
        if claims is None
        else [seat for seat in range(1, players + 1) if seat not in bots],
        night=night,
        rules=rules,
    )
    seats = {seat: PolicyBot(seat, claims, ballots, choose) for seat in state.layout.seats}
    return play(state, seats, rng)


__all__ = [
    "BallotPolicy",
    "ClaimPolicy",
    "NightPolicy",
    "PlayedDeal",
    "PolicyBot",
    "legal_ballots",
    "play_deal",
    "random_ballot",
    "truthful",
]
