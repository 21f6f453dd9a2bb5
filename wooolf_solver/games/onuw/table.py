"""The table engine: one deal of ONUW played in full and written as a game record.

A random deal (from a seeded :class:`random.Random` passed in), the night by the
``act`` policy (each choice uniform over its options; ``uniform`` adds "do nothing"
for people, never for bots), optional claims (bots never claim), one ballot each,
then who dies, who wins and the scores.

>>> from random import Random
>>> played = play_deal(Random(7), players=5, bots=(4, 5), claims=truthful)
>>> played.record.is_game, len(played.record.claims)
(True, 3)
>>> sorted(played.scores) == [1, 2, 3, 4, 5]
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from types import MappingProxyType

from .night import Choice, NightEntry, night_options, play_night
from .record import Claim, DealRecord, Model, NightModel
from .rules import Rules, Seat, Team, load_rules
from .win import Ballot, deaths, scores, winners

ClaimPolicy = Callable[[Seat, str, NightEntry, Random], Claim | None]
"""A person's claim from its dealt card and night entry (``None``: says nothing)."""

NightPolicy = Callable[[Seat, str, tuple[Choice, ...], Random], Choice]
"""A seat's night choice among the night prior's options, given its dealt card (the
lab's seer that looks at the centre more or less often than the prior)."""

BallotPolicy = Callable[[Seat, tuple[Ballot, ...], DealRecord, Random], Ballot]
"""A seat's ballot among its legal ones, given the record of the deal so far (its
cards and night entries are every seat's: a policy must read only its own)."""


def truthful(seat: Seat, dealt: str, entry: NightEntry, rng: Random) -> Claim:
    """Claim the dealt card and the whole night entry, truthfully."""
    return Claim(seat, dealt, entry)


def random_ballot(seat: Seat, legal: tuple[Ballot, ...], record: DealRecord, rng: Random) -> Ballot:
    """A ballot uniformly at random among the legal ones."""
    return rng.choice(legal)


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


def legal_ballots(record: DealRecord, seat: Seat) -> tuple[Ballot, ...]:
    """The ballots ``seat`` may cast: every other player, and nobody where allowed.

    >>> from wooolf_solver.games.onuw.record import read_record
    >>> legal_ballots(read_record({"game": "onuw", "players": 3}), 2)
    (1, 3, None)
    """
    others: tuple[Ballot, ...] = tuple(other for other in record.layout.seats if other != seat)
    return (*others, None) if record.rules_edition.vote.nobody else others


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
    let the people claim (in a random order), vote, resolve."""
    rules = rules or load_rules()
    layout = rules.layout(edition, players)
    cards = (
        rules.deck(edition, players)
        if deck is None
        else rules.check_deck(deck, len(layout.slots), "deck")
    )
    dealt = list(cards)
    rng.shuffle(dealt)
    bot_seats = frozenset(bots)
    choices: dict[Seat, Choice] = {}
    for seat in layout.seats:
        uniform = night == "uniform" and seat not in bot_seats
        options = night_options(rules, layout, dealt, seat, uniform)
        choices[seat] = (
            rng.choice(options) if choose is None else choose(seat, dealt[seat - 1], options, rng)
        )
    dawn = play_night(rules, layout, dealt, choices)
    said: list[Claim] = []
    if claims is not None:
        people = [seat for seat in layout.seats if seat not in bot_seats]
        rng.shuffle(people)
        for seat in people:
            claim = claims(seat, dealt[seat - 1], dawn.entries[seat], rng)
            if claim is not None:
                said.append(claim)
    record = DealRecord(
        rules,
        edition,
        players,
        tuple(sorted(cards)),
        None,
        bot_seats,
        MappingProxyType(dict(zip(layout.slots, dealt, strict=True))),
        MappingProxyType(dict(dawn.entries)),
        tuple(said),
        None,
        Model(night),
        deck is not None,
    )
    votes = {seat: ballots(seat, legal_ballots(record, seat), record, rng) for seat in layout.seats}
    record = DealRecord(
        rules,
        edition,
        players,
        record.deck,
        None,
        bot_seats,
        record.cards,
        record.night,
        record.claims,
        MappingProxyType(votes),
        record.model,
        record.own_deck,
    )
    rule = rules.edition(edition)
    dead = deaths(votes, rule.vote)
    won = winners(rules, players, dawn.cards, dead)
    return PlayedDeal(
        record,
        dawn.cards,
        dead,
        won,
        MappingProxyType({seat: rules.team(dawn.cards[seat - 1]) for seat in layout.seats}),
        MappingProxyType(scores(rule.score, players, dawn.cards, won, votes)),
    )
