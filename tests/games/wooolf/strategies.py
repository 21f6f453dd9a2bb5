"""Hypothesis strategies for realistic round records, true to a real deal.

A record is built the way a table would produce one: the setup's cards are
shuffled and dealt (two per seat, the neutral hand included), some hands are
known (the viewpoint's, and a few more as a review file would show), and the
events are played from that deal in turn order: every announcement is the one
the rules force on the card actually picked, every answer is truthful. With
``corrupt`` one or two events are falsified afterwards, so that some records are
inconsistent.

Records stay small enough for the brute-force engine: hands are revealed until
the number of type-level deals it visits is at most ``max_deals``
(:func:`type_level_deals` counts them exactly).

>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> setup = base_rules().setup("basic", 4)
>>> type_level_deals([count for _, count in setup.cards], 5)
8100
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from hypothesis import strategies as st

from wooolf_solver.games.wooolf.rules import Card, Hand, Rules, Seat, Setup, base_rules

GAME = base_rules()
EDITIONS = tuple(GAME.editions)
PLAYERS = (4, 5, 6, 7, 8)
DEFAULT_MAX_DEALS = 2500
"""Type-level deals per record: the brute-force engine visits these in ~0.1 s."""

Record = dict[str, Any]


def type_level_deals(counts: Sequence[int], seats: int, hand_size: int = 2) -> int:
    """The number of type-level deals of a multiset of cards (``counts`` copies of
    each design) to ``seats`` labelled seats, ``hand_size`` cards each: the number
    of worlds the brute-force engine visits. Every card must be dealt.

    >>> type_level_deals([2], 1), type_level_deals([2, 2], 2), type_level_deals([1, 1, 1, 1], 2)
    (1, 3, 6)
    """
    if sum(counts) != seats * hand_size:
        raise ValueError(f"{sum(counts)} cards cannot be dealt {hand_size} each to {seats}")
    return _deals(tuple(sorted(c for c in counts if c)), seats, hand_size)


@cache
def _deals(counts: tuple[int, ...], seats: int, hand_size: int) -> int:
    if seats == 0:
        return 1
    total = 0
    for hand in _sub_multisets(counts, hand_size):
        left = tuple(sorted(c - h for c, h in zip(counts, hand, strict=True) if c - h))
        total += _deals(left, seats - 1, hand_size)
    return total


def _sub_multisets(counts: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Every way to take ``size`` cards from ``counts`` (as counts per design)."""
    return [
        taken for taken in product(*(range(min(c, size) + 1) for c in counts)) if sum(taken) == size
    ]


def free_deals(setup: Setup, hands: dict[Seat, Hand], hand_size: int = 2) -> int:
    """The type-level deals left once ``hands`` are known."""
    left = Counter(dict(setup.cards))
    left.subtract(card for hand in hands.values() for card in hand)
    return type_level_deals(list(left.values()), setup.seats - len(hands), hand_size)


@dataclass(frozen=True)
class Sample:
    """A generated record and the real deal behind it."""

    record: Record
    deal: dict[Seat, Hand]
    corrupted: tuple[int, ...]
    """Numbers (from 1) of the falsified events; ``()`` for a record true to the deal."""


def answer_word(yes: bool) -> str:
    return "yes" if yes else "no"


@st.composite
def samples(
    draw: st.DrawFn,
    *,
    editions: Sequence[str] = EDITIONS,
    players: Sequence[int] = PLAYERS,
    max_deals: int = DEFAULT_MAX_DEALS,
    max_turns: int = 9,
    viewpoint: bool | None = None,
    corrupt: bool | None = False,
) -> Sample:
    """A record played from a real deal (see the module's docstring).

    ``viewpoint``: True always, False never, None sometimes. ``corrupt``: True
    falsifies one or two events (when there are any), False none, None sometimes.
    """
    game = GAME
    edition = draw(st.sampled_from(list(editions)), label="edition")
    count = draw(st.sampled_from(list(players)), label="players")
    setup = game.setup(edition, count)
    size = game.hand_size
    order = draw(st.permutations(physical_cards(setup)), label="shuffle")
    seats = tuple(range(1, setup.seats + 1))
    deal = {seat: tuple(sorted(order[size * (seat - 1) : size * seat])) for seat in seats}
    acting = tuple(seat for seat in seats if not setup.is_neutral(seat))

    if viewpoint is None:
        viewpoint = draw(st.booleans(), label="has viewpoint")
    seat_of_view = draw(st.sampled_from(acting), label="viewpoint") if viewpoint else None
    known: list[Seat] = [seat_of_view] if seat_of_view is not None else []
    others = [seat for seat in seats if seat != seat_of_view]
    reveal = draw(st.permutations(others), label="reveal order")
    extra = draw(st.integers(0, 2), label="extra known hands")
    known += reveal[:extra]
    for seat in reveal[extra:]:  # reveal more until brute force stays fast
        if free_deals(setup, {s: deal[s] for s in known}, size) <= max_deals:
            break
        known.append(seat)
    hands = {seat: deal[seat] for seat in sorted(known)}

    events = draw(
        _events(
            game=game,
            setup=setup,
            deal=deal,
            viewpoint=seat_of_view,
            acting=acting,
            max_turns=max_turns,
        ),
        label="events",
    )
    corrupted: tuple[int, ...] = ()
    if corrupt is None:
        corrupt = draw(st.booleans(), label="corrupt")
    informative = [i for i, event in enumerate(events) if "declare" not in event]
    if corrupt and informative:
        how_many = draw(st.integers(1, min(2, len(informative))), label="corruptions")
        picked = draw(
            st.lists(
                st.sampled_from(informative), min_size=how_many, max_size=how_many, unique=True
            ),
            label="corrupted events",
        )
        for index in picked:
            events[index] = draw(_falsified(game, setup, events[index], seat_of_view))
        corrupted = tuple(sorted(index + 1 for index in picked))

    record: Record = {"game": game.name, "edition": edition, "players": count}
    if seat_of_view is not None:
        record["viewpoint"] = seat_of_view
    if hands:
        record["hands"] = {seat: [card.name for card in hand] for seat, hand in hands.items()}
    record["events"] = events
    return Sample(record, deal, corrupted)


def records(**options: Any) -> st.SearchStrategy[Record]:
    """The records of :func:`samples` (same options)."""
    return samples(**options).map(lambda sample: sample.record)


@st.composite
def _events(
    draw: st.DrawFn,
    *,
    game: Rules,
    setup: Setup,
    deal: dict[Seat, Hand],
    viewpoint: Seat | None,
    acting: tuple[Seat, ...],
    max_turns: int,
) -> list[dict[str, Any]]:
    """Turns clockwise from a start player; a seat that declared early is skipped,
    and the round stops when enough seats have declared."""
    start = draw(st.sampled_from(acting), label="start player")
    turns = draw(st.integers(0, max_turns), label="turns")
    enough = 2 if setup.players <= 5 else 3
    declared: set[Seat] = set()
    events: list[dict[str, Any]] = []
    position = acting.index(start)
    for turn in range(turns):
        while acting[position % len(acting)] in declared:
            position += 1
        seat = acting[position % len(acting)]
        position += 1
        kinds = ["peek", "ask"] if turn < len(acting) else ["peek", "ask", "declare"]
        kind = draw(st.sampled_from(kinds), label="action")
        if kind == "declare":
            events.append({"seat": seat, "declare": "early"})
            declared.add(seat)
            if len(declared) >= enough:
                break
            continue
        if kind == "peek":
            target = draw(st.sampled_from([s for s in deal if s != seat]), label="peeked seat")
            card = deal[target][draw(st.integers(0, game.hand_size - 1), label="card picked")]
            says = game.announcement(game.identity(deal[seat]), card)
            event: dict[str, Any] = {"seat": seat, "peek": target}
            if seat == viewpoint:
                event["sees"] = card.name
                if draw(st.booleans(), label="says too"):
                    event["says"] = says
            else:
                event["says"] = says
                if draw(st.integers(0, 3), label="review sees") == 0:
                    event["sees"] = card.name  # a review file's private knowledge
        else:
            askable = [s for s in deal if s != seat and not setup.is_neutral(s)]
            target = draw(st.sampled_from(askable), label="asked seat")
            qid = draw(st.sampled_from(sorted(game.questions)), label="question")
            answer = game.answer(game.questions[qid], deal[target])
            event = {"seat": seat, "ask": target, "question": qid, "answer": answer_word(answer)}
        events.append(event)
    return events


@st.composite
def _falsified(
    draw: st.DrawFn,
    game: Rules,
    setup: Setup,
    event: dict[str, Any],
    viewpoint: Seat | None,
) -> dict[str, Any]:
    """The event with its content changed: an answer flipped, an announcement
    replaced by another icon, or the viewpoint's seen card by another design."""
    event = dict(event)
    if "ask" in event:
        event["answer"] = answer_word(event["answer"] == "no")
    elif event["seat"] == viewpoint and "sees" in event:
        seen = game.card(event["sees"])
        designs = [card for card, _ in setup.cards if card != seen]
        event["sees"] = draw(st.sampled_from(designs), label="false card").name
        event.pop("says", None)
    else:
        event.pop("sees", None)  # a `sees` would have to agree with the new `says`
        icons = [icon for icon in game.icons if icon != event["says"]]
        event["says"] = draw(st.sampled_from(icons), label="false icon")
    return event


def physical_cards(setup: Setup) -> list[Card]:
    """The setup's cards as distinct objects (index = identity of the object)."""
    return [card for card, copies in setup.cards for _ in range(copies)]


__all__ = [
    "DEFAULT_MAX_DEALS",
    "GAME",
    "Record",
    "Sample",
    "free_deals",
    "physical_cards",
    "records",
    "samples",
    "type_level_deals",
]
