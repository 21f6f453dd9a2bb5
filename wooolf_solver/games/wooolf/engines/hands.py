"""The hand types of a round's free cards, and the answers read off weights per hand.

Both exact counting paths (:mod:`.counter`'s passes and :mod:`.deals`' rows) work on
*hand types*: the sorted tuples of card kinds a free seat can be dealt.

- :class:`HandTypes`: every hand type of the free cards (their
  :class:`~wooolf_solver.engines.lattice.Lattice`), its identity and announcer class,
  and each observation's likelihood numerator per hand type.
- :class:`Reader`: one knowledge's answers from weights per hand type: the roles, the
  label of each hand type for the decision, and the decision values of labellings.
- :class:`DecisionJoint`: the viewpoint's decision jointly with every free seat's hand.

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.model import knowledge_of
>>> knowledge = knowledge_of(Round.from_dict({"game": "wooolf", "players": 4,
...     "viewpoint": 1, "hands": {1: ["wolf", "sheep"]}}))
>>> types = HandTypes(knowledge)
>>> [card.name for card in types.kinds]
['hound?', 'hound', 'hunter?', 'hunter', 'sheep', 'shepherd?']
>>> len(types.hand_cards), types.identities[0].name
(16, 'hound')
>>> Reader(knowledge, types).labels[:3].tolist()  # the wolf's one target: sheep
[1, 1, 1]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ....core.knowledge import Observation
from ....engines.base import Tally
from ....engines.lattice import (
    Array,
    FloatArray,
    IntArray,
    Lattice,
    Step,
    build_lattice,
    run_starts,
)
from ..model import Announced, Answered, Decision, RoundKnowledge, Seen
from ..rules import Card, Character, Hand, Seat
from .memo import Memo

HandRows = npt.NDArray[np.int8]
"""Rows of hand types (indices: a table has at most a few dozen hand types), one
column per seat."""

Plan = tuple[IntArray, IntArray, Step]
"""A step's moves sorted by the state they leave, as the loops over the rows take them:
where the moves out of each state start, how many there are, and the moves (each one's
state after, hand, ways and coefficient)."""

ClassKey = tuple[str, ...]
"""An announcer class: what a peeker announces on each card of the deck."""


TYPES = Memo(64, lasting=True)
"""The hand types of the free cards of each deck (see :meth:`HandTypes.of`)."""


class HandTypes:
    """Every hand type of a knowledge's free cards, with what the engines need of it
    (computed when first asked, then kept: the numerators of the observations too)."""

    def __init__(self, knowledge: RoundKnowledge) -> None:
        game = knowledge.game
        self.game = game
        self.kinds: tuple[Card, ...] = tuple(card for card, _ in knowledge.free_cards)
        self.counts: tuple[int, ...] = tuple(count for _, count in knowledge.free_cards)
        self.deck: tuple[Card, ...] = tuple(card for card, _ in knowledge.setup.cards)
        """The deck's cards in order: an announcer class says what is announced on each."""
        self.numerators: dict[Hashable, Array] = {}
        """The numerators asked for, by what was observed, the peeker's class and the
        target's known hand."""
        self._labels: dict[tuple[str, ...], IntArray] = {}

    @classmethod
    def of(cls, knowledge: RoundKnowledge) -> HandTypes:
        """The hand types of the knowledge's free cards, shared by every knowledge of
        the same game, deck and free cards (a lab run's viewpoints with the same
        hand, in every game) with all they keep.

        >>> from wooolf_solver import Round
        >>> from wooolf_solver.games.wooolf.model import knowledge_of
        >>> round_ = Round.load("examples/worked-example.yaml")
        >>> HandTypes.of(knowledge_of(round_)) is HandTypes.of(knowledge_of(round_))
        True
        """
        key = (id(knowledge.game), knowledge.setup.cards, knowledge.free_cards)
        return TYPES.get(key, lambda: cls(knowledge), knowledge.game)

    def labels(self, targets: tuple[str, ...]) -> IntArray:
        """Each hand type's label for a viewpoint of these targets: the index of its
        identity among them, or ``len(targets)`` for any other identity (kept)."""
        if targets not in self._labels:
            self._labels[targets] = np.array(
                [
                    targets.index(i.name) if i.name in targets else len(targets)
                    for i in self.identities
                ],
                dtype=np.int64,
            )
        return self._labels[targets]

    @cached_property
    def lattice(self) -> Lattice:
        """The partial deals of the free cards (see :mod:`~wooolf_solver.engines.lattice`)."""
        return build_lattice(self.counts, self.game.hand_size)

    @cached_property
    def hand_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand type, as its cards."""
        return tuple(tuple(self.kinds[i] for i in hand) for hand in self.lattice.hands)

    @cached_property
    def identities(self) -> tuple[Character, ...]:
        """The identity of every hand type."""
        return tuple(self.game.identity(cards) for cards in self.hand_cards)

    @cached_property
    def hand_kinds(self) -> IntArray:
        """Every hand type's card kinds, one row each."""
        hands = self.lattice.hands
        return np.array(hands, dtype=np.int64).reshape(len(hands), self.game.hand_size)

    @cached_property
    def class_of(self) -> dict[str, ClassKey]:
        """Every character's announcer class (what it says on each card of the deck)."""
        return {
            name: tuple(self.game.announcement(character, card) for card in self.deck)
            for name, character in self.game.characters.items()
        }

    @cached_property
    def speaker(self) -> dict[ClassKey, Character]:
        """A character of every announcer class."""
        return {key: self.game.characters[name] for name, key in self.class_of.items()}

    @cached_property
    def hand_classes(self) -> tuple[ClassKey, ...]:
        """The announcer class of every hand type's holder."""
        return tuple(self.class_of[identity.name] for identity in self.identities)

    def numerator(self, obs: Observation, peeker: ClassKey, known: Hand | None) -> Array:
        """The observation's likelihood numerator (for an announcement, by a peeker of
        class ``peeker``): for every hand type of a free target, or (as a 0-d array)
        for a target whose hand ``known`` is known. Kept per what was observed."""
        seen = _observed(obs)
        if seen is None:
            return self._numerator(obs, peeker, known)
        key = (seen, peeker, known)
        if key not in self.numerators:
            self.numerators[key] = self._numerator(obs, peeker, known)
        return self.numerators[key]

    def per_class(self, obs: Observation, known: Hand | None) -> Array:
        """An announcement's numerator by the hand type of a free peeker (first axis;
        its class decides what it says), then of the target (as :meth:`numerator`)."""
        seen = _observed(obs)  # None: not a Wooolf!! observation, not kept
        key = ("per class", seen, known)
        if seen is not None and key in self.numerators:
            return self.numerators[key]
        classes, of_hand = self.class_index
        found = np.array([self.numerator(obs, peeker, known) for peeker in classes])[of_hand]
        if seen is not None:
            self.numerators[key] = found
        return found

    @cached_property
    def identity_index(self) -> tuple[tuple[str, ...], IntArray]:
        """The identities of the hand types (by name, in the order they first
        come), and each hand type's index among them."""
        names = tuple(dict.fromkeys(identity.name for identity in self.identities))
        return names, np.array([names.index(i.name) for i in self.identities], dtype=np.int64)

    @cached_property
    def class_index(self) -> tuple[tuple[ClassKey, ...], IntArray]:
        """The announcer classes of the hand types' holders (sorted), and each hand
        type's index among them."""
        classes = tuple(sorted(set(self.hand_classes)))
        return classes, np.array([classes.index(key) for key in self.hand_classes])

    def _numerator(self, obs: Observation, peeker: ClassKey, known: Hand | None) -> Array:
        game = self.game
        if isinstance(obs, Announced | Seen):
            cards = known if known is not None else self.kinds
            if isinstance(obs, Seen):
                yields = [card == obs.card for card in cards]
            else:
                speaker = self.speaker[peeker]
                yields = [game.announcement(speaker, card) == obs.icon for card in cards]
            per_card = np.array(yields, dtype=np.float64)
            if known is not None:
                return np.array(per_card.sum())
            return np.asarray(per_card[self.hand_kinds].sum(axis=1))
        target: Seat = obs.scope()[-1]
        hands = (known,) if known is not None else self.hand_cards

        found = [obs.likelihood({target: cards}) for cards in hands]  # one-seat observations
        return np.array(found if known is None else found[0], dtype=np.float64)


def _observed(obs: Observation) -> Hashable | None:
    """What a Wooolf!! observation saw, whoever saw it (``None`` for another kind)."""
    if isinstance(obs, Announced):
        return ("announced", obs.icon)
    if isinstance(obs, Seen):
        return ("seen", obs.card)
    if isinstance(obs, Answered):
        return ("answered", obs.question, obs.yes)
    return None


class Reader:
    """A knowledge's answers, read off weights per hand type of its free seats."""

    def __init__(self, knowledge: RoundKnowledge, types: HandTypes) -> None:
        self.knowledge = knowledge
        self.types = types
        self.seats: tuple[Seat, ...] = knowledge.free_seats

    @property
    def labels(self) -> IntArray:
        """Each hand type's label: the index of its identity among the targets, or
        ``len(targets)`` for any other identity."""
        return self.types.labels(self.knowledge.targets)

    def roles(self, total: float, per_hand: dict[Seat, FloatArray]) -> dict[Seat, dict[str, float]]:
        """Every seat's identity weights, from each free seat's hand weights."""
        knowledge = self.knowledge
        roles = {
            seat: {knowledge.game.identity(hand).name: total}
            for seat, hand in knowledge.hands.items()
        }
        floats = {seat: weights for seat, weights in per_hand.items() if weights.dtype != object}
        roles.update(self._float_roles(list(floats), list(floats.values())))
        for seat, weights in per_hand.items():
            if seat in floats:
                continue
            # whole numbers too big for floats: added one by one
            named: defaultdict[str, float] = defaultdict(float)
            for index, weight in enumerate(weights.tolist()):
                if weight > 0:
                    named[self.types.identities[index].name] += weight
            roles[seat] = dict(named)
        return {seat: roles[seat] for seat in knowledge.seats}

    def _float_roles(
        self, seats: list[Seat], weights: list[FloatArray]
    ) -> dict[Seat, dict[str, float]]:
        """:meth:`roles` of seats whose hand weights are floats, all at once: the
        same sums (added in the same order, hand after hand, from 0.0), each seat's
        identities in the order of their first hand of non-zero weight."""
        found: dict[Seat, dict[str, float]] = {seat: {} for seat in seats}
        names, of_hand = self.types.identity_index
        flat = np.concatenate(weights) if seats else np.zeros(0)
        held = np.flatnonzero(flat > 0)  # seat after seat, hand after hand
        if not len(held):
            return found
        hands = len(of_hand)
        group = held // hands * len(names) + of_hand[held % hands]  # (seat, identity)
        sums = np.bincount(group, flat[held], minlength=len(seats) * len(names)).tolist()
        order = np.argsort(group, kind="stable")
        ordered = group[order]
        first = order[run_starts(ordered)]
        for key in group[first[np.argsort(held[first], kind="stable")]].tolist():
            row, identity = divmod(key, len(names))
            found[seats[row]][names[identity]] = sums[key]
        return found

    @cached_property
    def known_holders(self) -> list[list[Seat]]:
        """For each target, the seats of known hands holding it."""
        targets = self.knowledge.targets
        known: list[list[Seat]] = [[] for _ in targets]
        for seat, hand in self.knowledge.hands.items():
            name = self.knowledge.game.identity(hand).name
            if name in targets:
                known[targets.index(name)].append(seat)
        return known

    def decisions_of(self, codes: IntArray) -> tuple[Decision, ...]:
        """The decision values of label codes (one base-(targets + 1) digit per free
        seat, the first seat most significant), the known hands included (kept per
        seats, targets and known holders: a round asks for the same ones again)."""
        holders = tuple(tuple(seats) for seats in self.known_holders)
        known = _decisions(self.seats, len(self.knowledge.targets), holders)
        listed = codes.tolist()
        found = tuple(map(known.get, listed))
        if None in found:
            missing = [code for code, value in zip(listed, found, strict=True) if value is None]
            shape = (len(self.knowledge.targets) + 1,) * len(self.seats)
            values = self.decisions_of_digits(digits_of(np.array(missing, dtype=np.int64), shape))
            known.update(zip(missing, values, strict=True))
            found = tuple(map(known.__getitem__, listed))
        return cast(tuple[Decision, ...], found)

    def decisions_of_digits(self, digits: IntArray) -> tuple[Decision, ...]:
        """The decision values of labellings (one row per free seat, one column per
        value), the known hands included."""
        known = self.known_holders
        if len(self.seats) > 62:  # no bit masks: one value at a time
            seats = np.array(self.seats, dtype=np.int64)
            return tuple(
                tuple(frozenset(known[t] + seats[column == t].tolist()) for t in range(len(known)))
                for column in digits.T
            )
        bits = np.int64(1) << np.arange(len(self.seats), dtype=np.int64)
        columns = []
        for t in range(len(known)):  # each target's holders as a bit mask, then a set
            masks = bits @ (digits == t) if len(digits) else np.zeros(digits.shape[1], np.int64)
            unique, inverse = np.unique(masks, return_inverse=True)
            held = tuple(known[t])
            sets = [_holders(self.seats, mask, held) for mask in unique.tolist()]
            columns.append([sets[i] for i in inverse.tolist()])
        return tuple(zip(*columns, strict=True)) if columns else ((),) * digits.shape[1]

    def tally(
        self,
        deals: int,
        decisions: Sequence[Decision],
        weights: FloatArray,
        by_hand: Mapping[Seat, FloatArray],
    ) -> Tally:
        """The tally, read off the hand joints of every free seat (the roles when
        first read: a bot's hint never reads them)."""
        total = float(weights.sum())

        def per_hand() -> dict[Seat, FloatArray]:
            return {seat: joint.sum(axis=1) for seat, joint in by_hand.items()}

        decision = dict(zip(decisions, weights.tolist(), strict=True))
        return Tally(deals, total, Roles(self, total, per_hand), decision)


class Roles(Mapping[Seat, Mapping[str, float]]):
    """Every seat's identity weights (as :meth:`Reader.roles`), read off every free
    seat's hand weights (``per_hand()``) when first asked for (pickled as the plain
    dictionary).

    >>> from wooolf_solver import Round
    >>> from wooolf_solver.games.wooolf.engines.counter import CountingEngine
    >>> from wooolf_solver.games.wooolf.model import knowledge_of
    >>> knowledge = knowledge_of(Round.load("examples/worked-example.yaml"))
    >>> joint = CountingEngine().decision_by_hand(knowledge)
    >>> joint.tally.roles == CountingEngine().tally(knowledge).roles
    True
    """

    def __init__(
        self, reader: Reader, total: float, per_hand: Callable[[], dict[Seat, FloatArray]]
    ) -> None:
        self.reader = reader
        self.total = total
        self.per_hand = per_hand

    @cached_property
    def found(self) -> dict[Seat, dict[str, float]]:
        """The roles, computed."""
        return self.reader.roles(self.total, self.per_hand())

    def __reduce__(self) -> tuple[type[dict[Seat, dict[str, float]]], tuple[dict[Seat, Any]]]:
        return dict, (self.found,)

    def __getitem__(self, seat: Seat) -> dict[str, float]:
        return self.found[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.found)

    def __len__(self) -> int:
        return len(self.found)

    def __repr__(self) -> str:
        return repr(self.found)


@lru_cache(maxsize=65536)
def _holders(seats: tuple[Seat, ...], mask: int, known: tuple[Seat, ...]) -> frozenset[Seat]:
    """The seats of a target's holders: the known ones and the free seats of the bit
    mask (bit ``i``: ``seats[i]``), one object per set (the declarations' bit masks
    of them are looked up by identity first)."""
    return frozenset(known + tuple(seat for i, seat in enumerate(seats) if mask >> i & 1))


@lru_cache(maxsize=256)
def _decisions(
    seats: tuple[Seat, ...], targets: int, holders: tuple[tuple[Seat, ...], ...]
) -> dict[int, Decision]:
    """The decision values found so far by label code, for these free seats,
    number of targets and known holders of each (filled by
    :meth:`Reader.decisions_of`)."""
    return {}


@dataclass(frozen=True)
class DecisionJoint:
    """The viewpoint's decision jointly with the hand of each free seat."""

    decisions: tuple[Decision, ...]
    """Every value of the decision with non-zero weight."""
    weights: FloatArray
    """Their weights."""
    hands: tuple[tuple[Card, ...], ...]
    """The hand types."""
    by_hand: Mapping[Seat, FloatArray]
    """For each free seat: weight of (hand type, decision value), shape (hands, values)."""
    tally: Tally
    """The tally of the same knowledge, read off the joints."""
    sparse: bool = False
    """Computed by the sparse passes (a bigger table: its consumers should avoid
    dense products over the decision values, see :mod:`..hints`)."""
    twins: Mapping[Seat, tuple[Seat, IntArray]] = field(default_factory=dict)
    """Seats whose joint is another's with the values mirrored (no event tells them
    apart): ``by_hand[seat]`` is ``by_hand[twin][:, mirror]`` for ``seat: (twin,
    mirror)``, the twin none itself; what depends on the hand alike is mirrored too."""


class Mirrored(Mapping[Seat, FloatArray]):
    """Every free seat's joint with the decision (hand type × value), a twin's made
    from its twin's when first read (:attr:`DecisionJoint.twins`: a hint reads the
    twins' outcomes off their twins' instead).

    >>> joints = Mirrored((1, 2), {1: np.array([[1.0, 2.0]])}, {2: (1, np.array([1, 0]))})
    >>> joints[2].tolist(), list(joints)
    ([[2.0, 1.0]], [1, 2])
    """

    def __init__(
        self,
        seats: Sequence[Seat],
        tables: dict[Seat, FloatArray],
        twins: Mapping[Seat, tuple[Seat, IntArray]],
    ) -> None:
        self.seats = tuple(seats)
        self.tables = tables
        self.twins = twins

    def __getitem__(self, seat: Seat) -> FloatArray:
        if seat not in self.tables:
            if seat not in self.twins:
                raise KeyError(seat)
            twin, mirror = self.twins[seat]
            self.tables[seat] = self.tables[twin][:, mirror]
        return self.tables[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.seats)

    def __len__(self) -> int:
        return len(self.seats)


def digits_of(codes: IntArray, shape: tuple[int, ...]) -> IntArray:
    """The digits of label codes, one row per free seat (none when every hand is known).

    >>> digits_of(np.array([5, 1]), (3, 3)).tolist()
    [[1, 0], [2, 1]]
    """
    if not shape:
        return np.zeros((0, len(codes)), dtype=np.int64)
    return np.array(np.unravel_index(codes, shape), dtype=np.int64).reshape(len(shape), -1)
