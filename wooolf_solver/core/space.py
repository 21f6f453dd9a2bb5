"""The hidden part of a game: cards dealt to slots, and latent choices.

A :class:`Space` is a multiset of cards dealt to *slots* (a player's hand, a centre
card, ...), each slot getting ``size`` cards, some slots known, plus *choices*:
latent variables with finite domains (a night action, say), whose prior a game
states as an ordinary observation. A *world* maps every slot to its hand (a sorted
tuple of cards) and every choice to its value. Before any observation, every
physical deal (cards are distinct objects) is equally likely, so a type-level world
weighs its :meth:`~Space.multiplicity`.

>>> space = Space(cards=(("a", 2), ("b", 1)), slots=(1, 2, 3), size=1)
>>> space.hands
(('a',), ('b',))
>>> for world in space.worlds():
...     print(sorted(world.items()))
[(1, ('a',)), (2, ('a',)), (3, ('b',))]
[(1, ('a',)), (2, ('b',)), (3, ('a',))]
[(1, ('b',)), (2, ('a',)), (3, ('a',))]
>>> space.multiplicity({1: ("a",), 2: ("a",), 3: ("b",)})
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations_with_replacement, product
from math import factorial, prod
from types import MappingProxyType
from typing import Any

Var = Any
"""A hidden variable, any hashable value: a slot (a seat number for a player's hand)
or a choice's name."""

World = Mapping[Any, Any]
"""A value for every variable (a :data:`Var`): a slot's hand (a sorted tuple), a
choice's value. (Keyed by ``Any``: a game's worlds are keyed by seat numbers, and
``Mapping`` is invariant in its keys.)"""


@dataclass(frozen=True)
class Space:
    """The hidden variables of one viewpoint's knowledge and their uniform prior."""

    cards: tuple[tuple[Any, int], ...]
    """The cards not in a known slot, each kind with its copies (all non-zero), sorted."""
    slots: tuple[Var, ...]
    """The slots whose hand is not known."""
    size: int
    """The number of cards each slot gets."""
    known: World = field(default_factory=lambda: MappingProxyType({}))
    """The known slots' hands."""
    choices: tuple[tuple[Var, tuple[Any, ...]], ...] = ()
    """The latent choices, each with its domain."""

    @property
    def variables(self) -> tuple[Var, ...]:
        """The free variables: the free slots, then the choices."""
        return (*self.slots, *(name for name, _ in self.choices))

    @cached_property
    def hands(self) -> tuple[tuple[Any, ...], ...]:
        """Every hand (a sorted tuple) of ``size`` cards the free cards can make."""
        copies = dict(self.cards)
        return tuple(
            hand
            for hand in combinations_with_replacement(copies, self.size)
            if all(count <= copies[card] for card, count in Counter(hand).items())
        )

    def domain(self, variable: Var) -> tuple[Any, ...]:
        """The values a free variable can take."""
        if variable in self.slots:
            return self.hands
        values: tuple[Any, ...] = dict(self.choices)[variable]
        return values

    def deals(self) -> Iterator[dict[Var, tuple[Any, ...]]]:
        """Every type-level deal of the free cards: a sorted hand for each free slot."""
        seats, left = self.slots, dict(self.cards)
        kinds = sorted(left)
        chosen: dict[Var, tuple[Any, ...]] = {}

        def hands_from(start: int, room: int) -> Iterator[tuple[Any, ...]]:
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

        def deal(position: int) -> Iterator[dict[Var, tuple[Any, ...]]]:
            if position == len(seats):
                yield dict(chosen)
                return
            for hand in hands_from(0, self.size):  # the cards stay taken while suspended
                chosen[seats[position]] = hand
                yield from deal(position + 1)

        yield from deal(0)

    def worlds(self) -> Iterator[dict[Var, Any]]:
        """Every world: each deal with every combination of the choices, the known
        slots included."""
        names = [name for name, _ in self.choices]
        domains = [values for _, values in self.choices]
        for dealt in self.deals():
            for values in product(*domains):
                yield {**self.known, **dealt, **dict(zip(names, values, strict=True))}

    @cached_property
    def _deck_orderings(self) -> int:
        return prod(factorial(count) for _, count in self.cards)

    def multiplicity(self, world: World) -> int:
        """The number of physical deals behind a world's type-level deal."""
        total = self._deck_orderings
        for slot in self.slots:
            total //= prod(factorial(n) for n in Counter(world[slot]).values())
        return total
