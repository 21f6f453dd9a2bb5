"""The deals of a position as rows of arrays, updated event by event.

Once a few events have narrowed them down, one viewpoint's deals at a table of the
built-in decks are a few hundred to a few thousand assignments of hand types to the
free seats. A :class:`Deals` holds the consistent ones, one row each: the hand type
of every free seat, the number of physical deals of the assignment, and its weight
(that number times each observation's likelihood numerator: the very integers the
counter's passes add up, so every answer read off the rows is the passes' to the
last bit). An observation multiplies each row by its numerator, read from a table
over the hand types of the (at most two) free seats it reads, and drops the rows it
zeroes; a zero never comes back, so the rows only shrink as the events come.

Inside :func:`.memo.sharing` (the lab and reviews, where the same round's positions
are asked about from every seat, event after event) each viewpoint's deals are kept
after the positions asked (a :class:`Track`), and a position that extends one starts
from it: one more event costs one product over the rows left. A position with no
kept prefix lists its rows afresh (:func:`rows_of`), only the hand types each of its
observations allows on its own.

:func:`deals_of` answers ``None`` where the counter's passes are the better tool:
more than :data:`MAX_ROWS` rows to list, more label codes than the counter's dense
passes take, or weights that could reach 2**53 (where floats stop counting exactly).

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.knowledge import knowledge_of
>>> from wooolf_solver.games.wooolf.counter import CountingEngine
>>> knowledge = knowledge_of(Round.from_dict({"game": "wooolf", "players": 6,
...     "viewpoint": 2, "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 1, "peek": 4, "says": "sheep"},
...                {"seat": 2, "peek": 6, "sees": "wolf"}]}))
>>> deals = deals_of(knowledge)
>>> len(deals.weights), int(deals.coef.sum())
(470, 12420)
>>> tally(knowledge, deals) == CountingEngine().tally(knowledge)
True
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...core.knowledge import Observation
from ...engines.base import Tally
from ...engines.lattice import FloatArray, IntArray, Lattice, Step
from .hands import ClassKey, DecisionJoint, HandTypes, Reader
from .knowledge import Announced, RoundKnowledge
from .memo import Memo, is_sharing
from .rules import Seat

MAX_ROWS = 40_000
"""The most rows (assignments of hand types to the free seats, each allowed by every
observation on its own) listed afresh for a position; a bigger one is left to the
counter's passes, whose cost does not grow with the rows (at 8 players a viewpoint
has up to 1.7 million rows before any event, a few thousand once the events
narrow them down)."""

MAX_CODES = 3**8
"""The most label codes (``(targets + 1) ** free seats``) of a decision read off rows
(the counter's dense passes take as many)."""

EXACT_LIMIT = 2**53
"""Below this, float64 sums of whole numbers are exact."""

HandRows = npt.NDArray[np.int8]
"""Rows of hand types (indices: a table has at most a few dozen hand types)."""

SNAPSHOTS = 32
"""Positions of one viewpoint kept inside :func:`.memo.sharing`..."""
SNAPSHOT_ROWS = 4 * MAX_ROWS
"""... holding this many rows at the most (about 4 MB at 8 players), the latest kept."""


@dataclass(frozen=True, eq=False)
class Deals:
    """The consistent assignments of hand types to the free seats, after some
    observations (see the module docstring)."""

    hands: HandRows
    """One row per assignment: the hand type (index) of every free seat."""
    coef: IntArray
    """Each row's number of physical deals."""
    weights: FloatArray
    """Each row's weight (all positive)."""
    observations: tuple[Observation, ...]
    """The observations applied, in order."""
    total: float
    """The total weight (below :data:`EXACT_LIMIT`, every sum of weights is exact)."""
    types: HandTypes
    """The hand types the rows index."""

    def apply(self, observation: Observation, factor: FloatArray) -> Deals:
        """The rows after one more observation, whose numerator per row is ``factor``."""
        weights = self.weights * factor
        keep = weights > 0
        hands, coef = self.hands, self.coef
        if not keep.all():
            hands, coef, weights = hands[keep], coef[keep], weights[keep]
        observations = (*self.observations, observation)
        return Deals(hands, coef, weights, observations, float(weights.sum()), self.types)


Allowed = npt.NDArray[np.bool_]
"""For each free seat and hand type, whether the seat may hold it (seats × hands)."""


def _moves(lattice: Lattice, allowed: Allowed) -> list[tuple[IntArray, IntArray, Step]]:
    """Each step's moves that deal an allowed hand, sorted by the state they leave,
    with the first move and the number of moves out of every state."""
    plans = []
    for j, step in enumerate(lattice.steps):
        moves = step.select(np.flatnonzero(allowed[j, step.hand]))
        order = np.argsort(moves.src, kind="stable")
        moves = moves.select(order)
        count = np.bincount(moves.src, minlength=step.sizes[0])
        start = np.cumsum(count) - count
        plans.append((start, count, moves))
    return plans


def row_count(lattice: Lattice, allowed: Allowed) -> int:
    """The number of assignments of allowed hand types to the seats (paths through
    the lattice), without listing them."""
    paths = np.ones(1)
    for j, step in enumerate(lattice.steps):
        fits = allowed[j, step.hand]
        summed = np.bincount(step.dst[fits], weights=paths[step.src[fits]], minlength=step.sizes[1])
        paths = np.asarray(summed, dtype=np.float64)
    return round(float(paths.sum()))


def rows_of(lattice: Lattice, allowed: Allowed) -> tuple[HandRows, IntArray]:
    """Every assignment of allowed hand types to the seats of a lattice (one row each,
    the first seat first) and its number of physical deals: every path through the
    lattice, one level at a time."""
    states = np.zeros(1, dtype=np.int64)
    coef = np.ones(1, dtype=np.int64)
    levels: list[tuple[IntArray, IntArray]] = []  # each level's parent rows and hands
    for start, count, moves in _moves(lattice, allowed):
        repeat = count[states]
        parent = np.repeat(np.arange(len(states)), repeat)
        offset = np.arange(len(parent)) - np.repeat(np.cumsum(repeat) - repeat, repeat)
        move = start[states][parent] + offset
        levels.append((parent, moves.hand[move]))
        coef = coef[parent] * moves.coef[move]
        states = moves.dst[move]
    hands = np.empty((len(states), len(levels)), dtype=np.int8)
    row = np.arange(len(states))
    for seat in reversed(range(len(levels))):  # each row's ancestors, last seat first
        parent, hand = levels[seat]
        hands[:, seat] = hand[row]
        row = parent[row]
    return hands, coef


@dataclass(frozen=True, eq=False)
class Numerators:
    """An observation's likelihood numerator as a table over the hand types of the
    free seats it reads: indexed by the peeker's hand (when free), then the
    target's (when free)."""

    peeker: int | None
    """The peeker's column among the free seats, if it is free."""
    target: int | None
    """The target's column, if it is free."""
    table: FloatArray

    def of(self, hands: HandRows) -> FloatArray:
        """The numerator of every row."""
        index = tuple(hands[:, c] for c in (self.peeker, self.target) if c is not None)
        if not index:
            return np.full(len(hands), float(self.table))
        return np.asarray(self.table[index])

    def restrict(self, allowed: Allowed) -> None:
        """Forbid (in place) the hands that give a zero numerator whatever the other
        seat holds."""
        table = self.table
        if self.peeker is not None:
            axes = tuple(range(1, table.ndim))
            allowed[self.peeker] &= table.max(axis=axes) > 0 if axes else table > 0
        if self.target is not None:
            allowed[self.target] &= (table.max(axis=0) if self.peeker is not None else table) > 0


class Track:
    """One viewpoint's deals at the positions asked so far (the latest kept, within
    :data:`SNAPSHOTS` and :data:`SNAPSHOT_ROWS`)."""

    def __init__(self, knowledge: RoundKnowledge, types: HandTypes) -> None:
        self.knowledge = knowledge
        self.types = types
        self.seats = {seat: index for index, seat in enumerate(knowledge.free_seats)}
        self.snapshots: OrderedDict[tuple[Observation, ...], Deals] = OrderedDict()
        self.numerators: dict[Observation, Numerators] = {}
        self.max_rows = MAX_ROWS
        self.rows = 0
        """The rows of the snapshots kept."""

    def at(self, observations: tuple[Observation, ...]) -> Deals | None:
        """The deals after ``observations``, from the longest prefix kept, or else
        listed afresh (``None``: too many rows, or weights that could stop being
        exact)."""
        found = self.snapshots.get(observations)
        if found is not None:
            self.snapshots.move_to_end(observations)
            return found
        deals: Deals | None = None
        for kept in self.snapshots.values():
            done = len(kept.observations)
            longer = deals is None or len(deals.observations) < done
            if longer and done <= len(observations) and observations[:done] == kept.observations:
                deals = kept
        complete = 0  # the rows hold every deal these observations allow (and more)
        if deals is None:
            deals = self.listed(observations)
            if deals is None:
                return None
            complete = len(observations)  # listed without the deals they forbid
        for observation in observations[len(deals.observations) :]:
            deals = deals.apply(observation, self.numerator(observation).of(deals.hands))
            if deals.total >= EXACT_LIMIT:
                return None
            if complete <= len(deals.observations):
                self.keep(deals)
        self.keep(deals)
        return deals

    def keep(self, deals: Deals) -> None:
        """Keep ``deals`` as the latest snapshot."""
        if deals.observations not in self.snapshots:
            self.rows += len(deals.weights)
        self.snapshots[deals.observations] = deals
        self.snapshots.move_to_end(deals.observations)
        while len(self.snapshots) > SNAPSHOTS or (
            len(self.snapshots) > 1 and self.rows > SNAPSHOT_ROWS
        ):
            _, oldest = self.snapshots.popitem(last=False)
            self.rows -= len(oldest.weights)

    def listed(self, observations: tuple[Observation, ...]) -> Deals | None:
        """The deals of the hands each observation allows on its own (not yet
        weighed by the observations), or ``None`` when they are too many."""
        lattice = self.types.lattice
        allowed = np.ones((len(self.seats), len(lattice.hands)), dtype=bool)
        for observation in observations:
            self.numerator(observation).restrict(allowed)
        if row_count(lattice, allowed) > self.max_rows:
            return None
        hands, coef = rows_of(lattice, allowed)
        return Deals(hands, coef, coef.astype(np.float64), (), float(coef.sum()), self.types)

    def numerator(self, observation: Observation) -> Numerators:
        """The observation's numerators (kept)."""
        if observation not in self.numerators:
            self.numerators[observation] = self._numerator(observation)
        return self.numerators[observation]

    def _numerator(self, observation: Observation) -> Numerators:
        known = self.knowledge.hands
        types = self.types
        target: Seat = observation.scope()[-1]
        peeker: Seat | None = observation.peeker if isinstance(observation, Announced) else None
        column = self.seats.get(target)
        if peeker is None or peeker in known:
            key: ClassKey = ()
            if peeker is not None:
                key = types.class_of[types.game.identity(known[peeker]).name]
            table = types.numerator(observation, key, known.get(target))
            return Numerators(None, column, table)
        # a free peeker: the numerator depends on its hand's announcer class
        classes = sorted(set(types.hand_classes))
        per_class = np.array(
            [types.numerator(observation, key, known.get(target)) for key in classes]
        )
        of_hand = np.array([classes.index(key) for key in types.hand_classes])
        return Numerators(self.seats[peeker], column, per_class[of_hand])


TRACKS = Memo(16)
"""The tracks of the viewpoints asked about, inside :func:`.memo.sharing` (a round's
players and a few more: a lab game asks about one round at a time)."""


def deals_of(knowledge: RoundKnowledge, max_memory: int | None = None) -> Deals | None:
    """The knowledge's consistent deals as rows, or ``None`` (see the module
    docstring); ``max_memory`` (bytes) also bounds the rows' size."""
    seats = len(knowledge.free_seats)
    if (len(knowledge.targets) + 1) ** seats > MAX_CODES:
        return None
    if not is_sharing():
        track = Track(knowledge, HandTypes(knowledge))
    else:
        key = _track_key(knowledge)
        track = TRACKS.get(key, lambda: Track(knowledge, HandTypes(knowledge)), knowledge.game)
    if len(track.types.lattice.hands) > np.iinfo(np.int8).max:
        return None
    if max_memory is not None:
        track.max_rows = min(MAX_ROWS, max_memory // (4 * (seats + 16)))
    return track.at(knowledge.observations)


def _track_key(knowledge: RoundKnowledge) -> Hashable:
    """A viewpoint's position without its observations (see :func:`.memo.position`)."""
    hands = tuple(sorted(knowledge.hands.items()))
    return (id(knowledge.game), knowledge.setup, hands, knowledge.viewpoint)


def _per_hand(deals: Deals, hands: int) -> FloatArray:
    """The weight of every (free seat, hand type)."""
    seats = deals.hands.shape[1]
    index = deals.hands + hands * np.arange(seats)
    weights = np.repeat(deals.weights, seats)
    return _sum_by(index.ravel(), weights, seats * hands).reshape(seats, hands)


def _sum_by(index: IntArray, weights: FloatArray, size: int) -> FloatArray:
    """The sum of ``weights`` per value of ``index`` (``0 <= index < size``)."""
    return np.asarray(np.bincount(index, weights=weights, minlength=size), dtype=np.float64)


def _codes(deals: Deals, reader: Reader) -> tuple[IntArray, int]:
    """Every row's label code (the first free seat most significant) and how many
    codes there are."""
    count = len(reader.knowledge.targets) + 1
    seats = deals.hands.shape[1]
    radix = count ** np.arange(seats - 1, -1, -1, dtype=np.int64)
    return reader.labels[deals.hands] @ radix, count**seats


def tally(knowledge: RoundKnowledge, deals: Deals) -> Tally:
    """Every count the posterior needs, as :meth:`.counter.CountingEngine.tally`."""
    types = deals.types
    reader = Reader(knowledge, types)
    total = deals.total
    per_hand = dict(zip(knowledge.free_seats, _per_hand(deals, len(types.hand_cards)), strict=True))
    decision = {}
    if knowledge.targets and len(deals.weights):
        codes, size = _codes(deals, reader)
        weights = _sum_by(codes, deals.weights, size)
        support = np.flatnonzero(weights)
        decision = dict(zip(reader.decisions_of(support), weights[support].tolist(), strict=True))
    return Tally(int(deals.coef.sum()), total, reader.roles(total, per_hand), decision)


def decision_by_hand(knowledge: RoundKnowledge, deals: Deals) -> DecisionJoint:
    """The decision jointly with every free seat's hand, as
    :meth:`.counter.CountingEngine.decision_by_hand` (``deals`` not empty)."""
    types = deals.types
    reader = Reader(knowledge, types)
    hands = len(types.hand_cards)
    codes, size = _codes(deals, reader)
    weights = _sum_by(codes, deals.weights, size)
    support = np.flatnonzero(weights)
    rank = np.zeros(size, dtype=np.int64)
    rank[support] = np.arange(len(support))
    value = rank[codes]
    values = len(support)
    seats = deals.hands.shape[1]
    index = (deals.hands + hands * np.arange(seats)) * values + value[:, None]
    weights_ = np.repeat(deals.weights, seats)
    joint = _sum_by(index.ravel(), weights_, seats * hands * values).reshape(seats, hands, values)
    by_hand = dict(zip(knowledge.free_seats, joint, strict=True))
    decisions = reader.decisions_of(support)
    weights = weights[support]
    result = reader.tally(int(deals.coef.sum()), decisions, weights, by_hand)
    return DecisionJoint(decisions, weights, types.hand_cards, by_hand, result)
