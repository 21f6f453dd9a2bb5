"""Counting physical deals one by one, independently of the type-level counting.

Brute force enumerates *type-level* deals (which design each seat gets) and
multiplies each by its number of physical deals (the multiplicity formula of
:meth:`RoundKnowledge.multiplicity`). Here the cards are distinct objects (indices into
the setup's card list) dealt with ``itertools.combinations``, and every event's
likelihood is evaluated from the record's events directly, not through
:class:`RoundKnowledge`. Both must give the same ``deals``, weights and decisions.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

import pytest
from hypothesis import given, settings
from strategies import Record, physical_cards, records

from wooolf_solver import Ask, Peek, Round
from wooolf_solver.engines.base import Tally
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.games.wooolf.model import Decision, knowledge_of
from wooolf_solver.games.wooolf.rules import Card, Hand, Seat

BRUTE = BruteForceEngine()


@dataclass
class PhysicalCount:
    deals: int = 0
    total: int = 0
    roles: defaultdict[Seat, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    decision: Counter[Decision] = field(default_factory=Counter)
    by_type: Counter[tuple[tuple[Seat, Hand], ...]] = field(default_factory=Counter)
    """Physical deals behind each type-level deal (all of them, weight or not)."""


def physical_deals(round_: Round) -> Iterator[dict[Seat, Hand]]:
    """Every deal of the physical cards outside the known hands to the other seats,
    each hand an unordered pair of distinct card objects."""
    cards: list[Card] = physical_cards(round_.setup)
    free = list(range(len(cards)))
    for hand in round_.hands.values():
        for card in hand:
            free.remove(next(i for i in free if cards[i] == card))
    seats = [seat for seat in round_.seats if seat not in round_.hands]
    size = round_.game.hand_size

    def deal(position: int, left: tuple[int, ...]) -> Iterator[dict[Seat, tuple[int, ...]]]:
        if position == len(seats):
            yield {}
            return
        for hand in combinations(left, size):
            rest = tuple(i for i in left if i not in hand)
            for others in deal(position + 1, rest):
                yield {seats[position]: hand, **others}

    for indices in deal(0, tuple(free)):
        yield {
            **round_.hands,
            **{seat: tuple(sorted(cards[i] for i in hand)) for seat, hand in indices.items()},
        }


def event_weight(round_: Round, number: int, hands: dict[Seat, Hand]) -> int:
    """The spec's likelihood numerator of event ``number`` (from 1) in a world."""
    game = round_.game
    event = round_.events[number - 1]
    if isinstance(event, Ask):
        return int(game.answer(game.questions[event.question], hands[event.target]) == event.answer)
    if isinstance(event, Peek):
        hand = hands[event.target]
        if event.seat == round_.viewpoint and event.sees is not None:
            return sum(card == event.sees for card in hand)
        peeker = game.identity(hands[event.seat])
        return sum(game.announcement(peeker, card) == event.says for card in hand)
    return 1  # an early declaration carries no content


def count_physically(round_: Round) -> PhysicalCount:
    game = round_.game
    viewpoint = round_.viewpoint
    targets = round_.identity(viewpoint).targets if viewpoint is not None else ()
    result = PhysicalCount()
    for hands in physical_deals(round_):
        free = tuple((s, h) for s, h in sorted(hands.items()) if s not in round_.hands)
        result.by_type[free] += 1
        weight = math.prod(
            event_weight(round_, number, hands) for number in range(1, len(round_.events) + 1)
        )
        if not weight:
            continue
        result.deals += 1
        result.total += weight
        identities = {seat: game.identity(hand).name for seat, hand in hands.items()}
        for seat, name in identities.items():
            result.roles[seat][name] += weight
        if targets:
            key = tuple(
                frozenset(s for s, name in identities.items() if name == target)
                for target in targets
            )
            result.decision[key] += weight
    return result


def assert_same_counts(physical: PhysicalCount, tally: Tally) -> None:
    """Integer weights below 2**53: the brute-force floats are exact."""
    assert physical.deals == tally.deals
    assert physical.total == tally.total
    for seat in set(physical.roles) | set(tally.roles):
        positive = {name: w for name, w in tally.roles.get(seat, {}).items() if w > 0}
        assert dict(physical.roles[seat]) == positive, f"seat {seat}"
    assert dict(physical.decision) == {k: w for k, w in tally.decision.items() if w > 0}


def check(record: Record) -> None:
    round_ = Round.from_dict(record)
    knowledge = knowledge_of(round_)
    physical = count_physically(round_)
    assert_same_counts(physical, BRUTE.tally(knowledge))
    # the multiplicity formula, type-level deal by type-level deal
    by_type = {
        tuple(sorted(hands.items())): knowledge.space.multiplicity(hands)
        for hands in knowledge.space.deals()
    }
    assert dict(physical.by_type) == by_type


FOUR_PLAYERS = {
    "game": "wooolf",
    "players": 4,
    "viewpoint": 3,
    "hands": {3: ["hunter?", "sheep"]},
    "events": [
        {"seat": 1, "peek": 5, "says": "sheep"},
        {"seat": 2, "ask": 4, "question": "has-sheep", "answer": "yes"},
        {"seat": 3, "peek": 1, "sees": "sheep"},
        {"seat": 4, "peek": 2, "says": "wolf"},
        {"seat": 1, "ask": 2, "question": "is-sheep-shepherd-hunter", "answer": "yes"},
    ],
}
"""Three sheep among the eight free cards: a type-level deal giving two of them to
one seat stands for 3!/2! = 3 physical deals, one spreading them for 3! = 6."""


def test_four_players_with_the_neutral_hand() -> None:
    check(FOUR_PLAYERS)


def test_four_players_advanced_two_hands_known() -> None:
    check(
        {
            "game": "wooolf",
            "edition": "advanced",
            "players": 4,
            "viewpoint": 2,
            "hands": {2: ["hound", "sheep"], 5: ["sheep", "sheep"]},
            "events": [
                {"seat": 1, "peek": 3, "says": "wolf"},
                {"seat": 2, "peek": 4, "sees": "hunter/sheep"},
                {"seat": 3, "ask": 1, "question": "has-hunter", "answer": "no"},
            ],
        }
    )


@given(record=records(players=(4,), max_deals=3000, corrupt=None))
def test_random_four_player_records(record: Record) -> None:
    """Any 4-player record with at least one hand known (at most 2520 physical deals)."""
    check(record)


@pytest.mark.slow
@settings(max_examples=2)
@given(record=records(players=(4, 5), max_deals=30_000, viewpoint=False, max_turns=4))
def test_nothing_known(record: Record) -> None:
    """Possibly no hand known: up to 113400 physical deals."""
    check(record)
