"""The plain reference: enumerate every type-level deal and weigh it.

Slow (it visits every deal of the free cards), simple, and independent of the
counting engine's algebra: the yardstick every other engine is tested against.

>>> from wooolf_solver.record import Round
>>> from wooolf_solver.knowledge import knowledge_of
>>> round_ = Round.from_dict({"game": "wooolf", "players": 4, "viewpoint": 1,
...     "hands": {1: ["wolf", "sheep"]}})
>>> BruteForceEngine().tally(knowledge_of(round_)).deals
2520
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..knowledge import Knowledge
from ..rules import Card, Hand, Seat
from .base import Tally, WorldTally


class BruteForceEngine:
    """Visits every deal of the free cards to the free seats."""

    name: ClassVar[str] = "brute"

    def tally(self, knowledge: Knowledge) -> Tally:
        worlds = WorldTally(knowledge)
        for hands in deals(knowledge):
            worlds.add(hands)
        return worlds.result()

    def consistent(self, knowledge: Knowledge) -> bool:
        return any(knowledge.weight({**knowledge.hands, **hands}) for hands in deals(knowledge))


def deals(knowledge: Knowledge) -> Iterator[dict[Seat, Hand]]:
    """Every type-level deal: each free seat gets a sorted hand from the free cards."""
    size = knowledge.game.hand_size
    seats = knowledge.free_seats
    left = dict(knowledge.free_cards)
    kinds = sorted(left)
    chosen: dict[Seat, Hand] = {}

    def hands_from(start: int, room: int) -> Iterator[tuple[Card, ...]]:
        if room == 0:
            yield ()
            return
        for index in range(start, len(kinds)):
            card = kinds[index]
            if left[card]:
                left[card] -= 1
                for rest in hands_from(index, room - 1):
                    yield (card, *rest)
                left[card] += 1

    def deal(position: int) -> Iterator[dict[Seat, Hand]]:
        if position == len(seats):
            yield dict(chosen)
            return
        for hand in hands_from(0, size):  # the cards stay taken while it is suspended
            chosen[seats[position]] = hand
            yield from deal(position + 1)

    yield from deal(0)
