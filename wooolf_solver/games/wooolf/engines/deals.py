"""The deals of a position as rows of arrays, updated event by event.

A :class:`Deals` holds a viewpoint's consistent deals in two parts:

- one row per assignment of hand types to the *touched* free seats (those some
  observation reads: a target, or a peeker whose announcement depends on whether
  it lies), with the row's number of physical deals and its weight (that number
  times each observation's likelihood numerator), and the cards those seats took;
- the *untouched* seats, which no event tells apart, folded into a
  :class:`Completion`: for the cards left, the number of ways to deal them to the
  untouched seats with a given labelling (which of them hold each of the
  viewpoint's targets). By symmetry this depends only on how many of them hold
  each target, so the table is small and the same for every position of the deck.

The weights are the very whole numbers the counter's passes add up (the physical
deals times the numerators), so every answer read off the rows (roles, decision,
decision by hand) is the passes' answer to the last bit. An observation first
unfolds the seats it touches for the first time (each row splits into the hands
that seat may take from the cards left), then multiplies every row by its
numerator, read from a table over the hand types of the (at most two) free seats it
reads, and drops the rows it zeroes. Untouched seats keep the rows few: at
8 players a viewpoint has one row before any event and a few thousand at most in
the first go-around, where a listing of every seat's hand would have up to 1.7
million.

Inside :func:`.memo.sharing` (the lab and reviews, where the same round's positions
are asked about from every seat, event after event) each viewpoint's deals are kept
after the positions asked (a :class:`Track`), and a position that extends one starts
from it: one more event costs one product over the rows left.

The loops over the rows are C (:mod:`.kernels`, compiled when the package is
installed), or where no C compiler was at hand the same functions as numpy array
operations (:mod:`.array_kernels`), to the same bits.

:func:`deals_of` answers ``None`` where the counter's passes are the better tool:
more than :data:`MAX_ROWS` rows, more label codes than the counter's dense passes
take, or weights that could reach 2**53 (where floats stop counting exactly).

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.model import knowledge_of
>>> from wooolf_solver.games.wooolf.engines.counter import CountingEngine
>>> knowledge = knowledge_of(Round.from_dict({"game": "wooolf", "players": 6,
...     "viewpoint": 2, "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 1, "peek": 4, "says": "sheep"},
...                {"seat": 2, "peek": 6, "sees": "wolf"}]}))
>>> deals = deals_of(knowledge)
>>> len(deals.weights), deals.deals   # rows over seats 1, 4 and 6; physical deals
(117, 12420)
>>> tally(knowledge, deals) == CountingEngine().tally(knowledge)
True
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import ModuleType

import numpy as np
import numpy.typing as npt

from ....core.kept import kept
from ....core.knowledge import Observation
from ....engines.base import Tally
from ....engines.lattice import EXACT_LIMIT, BoolArray, FloatArray, IntArray, Step
from ..model import Announced, RoundKnowledge
from ..rules import Seat
from . import array_kernels
from .completion import Completion
from .hands import ClassKey, DecisionJoint, HandRows, HandTypes, Mirrored, Plan, Reader, Roles
from .memo import Key, Memo, is_sharing

MAX_ROWS = 100_000
"""The most rows a position keeps (a few megabytes at 8 players); a bigger one is
left to the counter's passes, whose cost does not grow with the rows."""

MAX_CODES = 3**8
"""The most label codes (``(targets + 1) ** free seats``) of a decision read off rows
(the counter's dense passes take as many)."""

MOST_HAND_TYPES = int(np.iinfo(np.int8).max)
"""The most hand types rows index (their hands are ``int8``)."""

SNAPSHOTS = 32
"""Positions of one viewpoint kept inside :func:`.memo.sharing`..."""
SNAPSHOT_ROWS = MAX_ROWS
"""... holding this many rows at the most, the latest kept (a few megabytes at 8
players; usually a few thousand rows are kept)."""


@dataclass(frozen=True, eq=False)
class Deals:
    """A viewpoint's consistent deals after some observations (see the module
    docstring): rows over the touched free seats, the untouched ones folded."""

    hands: HandRows
    """One row per assignment: the hand type (index) of every touched free seat."""
    columns: tuple[int, ...]
    """The touched free seats (by position among the free seats), one per column."""
    states: IntArray
    """Each row's state in the lattice after its touched seats: the cards they took."""
    coef: IntArray
    """Each row's number of physical deals of the touched seats' hands."""
    weights: FloatArray
    """Each row's weight (all positive)."""
    observations: tuple[Observation, ...]
    """The observations applied, in order."""
    types: HandTypes
    """The hand types the rows index."""
    completion: Completion
    """The ways to deal the untouched seats."""
    bound: float
    """At least the total weight: the physical deals times each numerator's most."""
    spreads: dict[tuple[str, ...], Spread] = field(default_factory=dict, repr=False)
    """The decisions read off these rows, by the viewpoint's targets (:meth:`Spread.of`)."""

    @classmethod
    def root(cls, types: HandTypes, completion: Completion) -> Deals:
        """Before any observation: one row, no seat touched."""
        return cls(
            np.zeros((1, 0), dtype=np.int8),
            (),
            np.zeros(1, dtype=np.int64),
            np.ones(1, dtype=np.int64),
            np.ones(1),
            (),
            types,
            completion,
            float(completion.totals[0][0]),
        )

    @property
    def exact(self) -> bool:
        """Whether the total weight is below :data:`EXACT_LIMIT` (where every sum of
        weights is exact)."""
        return self.bound < EXACT_LIMIT or self.total < EXACT_LIMIT

    @property
    def touched(self) -> int:
        """The number of touched seats: the lattice level of the rows' states."""
        return len(self.columns)

    @cached_property
    def filled(self) -> FloatArray:
        """Each row's weight times the ways to deal its untouched seats."""
        return self.weights * self.completion.totals[self.touched][self.states]

    @cached_property
    def total(self) -> float:
        """The total weight (below :data:`EXACT_LIMIT`, every sum of weights is exact)."""
        return float(self.filled.sum())

    @cached_property
    def deals(self) -> int:
        """The number of consistent physical deals."""
        return int(self.coef @ self.completion.totals[self.touched][self.states])

    def unfold(
        self,
        column: int,
        allowed: npt.NDArray[np.bool_],
        then: tuple[Observation, Numerators] | None = None,
        most: int | None = None,
    ) -> Deals | None:
        """Touch the free seat ``column``: every row splits into the ``allowed`` hand
        types that seat may take from the cards left; ``then``, an observation that
        reads it, applied at once (only the rows it keeps are made). ``None`` when
        the split would make more than ``most`` rows."""
        kernels = loops()
        plan = _plan(self.types.lattice.steps[self.touched])
        table, reads = _NO_TABLE, _NO_READS
        observations, bound = self.observations, self.bound
        if then is not None:
            observation, numerators = then
            table, reads = numerators.table_of((*self.columns, column))
            observations, bound = (*observations, observation), bound * numerators.most
        fits, hands, states, coef, weights = kernels.split_rows(
            self.hands,
            self.states,
            self.coef,
            self.weights,
            plan,
            allowed,
            table,
            reads,
            _MOST_ROWS if most is None else most,
        )
        if not fits:
            return None
        return Deals(
            hands,
            (*self.columns, column),
            states,
            coef,
            weights,
            observations,
            self.types,
            self.completion,
            bound,
        )

    def apply(self, observation: Observation, numerators: Numerators) -> Deals:
        """The rows after one more observation, of these numerators (the seats it
        reads touched)."""
        kernels = loops()
        table, reads = numerators.table_of(self.columns)
        hands, states, coef, weights = kernels.observe_rows(
            self.hands, self.states, self.coef, self.weights, table, reads
        )
        return Deals(
            hands,
            self.columns,
            states,
            coef,
            weights,
            (*self.observations, observation),
            self.types,
            self.completion,
            self.bound * numerators.most,
        )


_NO_TABLE = np.ones((1, 1))
_NO_READS = np.array([-1, -1], dtype=np.int64)
_MOST_ROWS = 2**62


@lru_cache(maxsize=4096)
def _plan(step: Step) -> Plan:
    """A step's moves sorted by the state they leave, with the first move and the
    number of moves out of every state (kept per step: the lattices are kept for
    good, and the step is kept with its plan, so its identity is not reused)."""
    order = np.argsort(step.src, kind="stable")
    moves = step.select(order)
    count = np.bincount(moves.src, minlength=step.sizes[0])
    return np.cumsum(count) - count, count, moves


SHARED = Memo(4096, lasting=True)
"""The numerators of the observations, by table (by identity) and the seats reading
it (see :meth:`Numerators.of`)."""


Allowed = npt.NDArray[np.bool_]
"""For each free seat and hand type, whether the seat may hold it (seats × hands)."""


@dataclass(frozen=True, eq=False)
class Numerators:
    """An observation's likelihood numerator as a table over the hand types of the
    free seats it reads: indexed by the peeker's hand (when free), then the
    target's (when free)."""

    peeker: int | None
    """The peeker's position among the free seats, if it is free."""
    target: int | None
    """The target's position, if it is free."""
    table: FloatArray
    shape: tuple[int, int]
    """The free seats and the hand types."""
    tables: dict[tuple[int, ...], tuple[FloatArray, IntArray]] = field(
        default_factory=dict, repr=False
    )
    """:meth:`table_of`'s answers, by columns."""

    @classmethod
    def of(
        cls, peeker: int | None, target: int | None, table: FloatArray, shape: tuple[int, int]
    ) -> Numerators:
        """The numerators of ``table`` read by these seats, shared by every viewpoint
        that reads the same table (one of its hand types', kept by them) from the same
        seats: with what they keep."""
        key = (id(table), peeker, target, shape)
        return SHARED.get(key, lambda: cls(peeker, target, table, shape), table)

    @cached_property
    def most(self) -> float:
        """The biggest numerator."""
        return float(self.table.max())

    @cached_property
    def reads(self) -> tuple[int, ...]:
        """The free seats it reads (by position)."""
        return tuple(c for c in (self.peeker, self.target) if c is not None)

    def table_of(self, columns: tuple[int, ...]) -> tuple[FloatArray, IntArray]:
        """The table as the loops take it (:func:`.kernels.split_rows`): with
        two axes, and the columns of rows over these touched seats that index them
        (-1: index 0, on an axis no seat reads). Kept per columns."""
        found = self.tables.get(columns)
        if found is None:
            table = self.table if self.table.ndim == 2 else self.table.reshape(1, -1)
            at = [columns.index(c) for c in self.reads]
            found = self.tables[columns] = table, np.array([-1, -1, *at][-2:], dtype=np.int64)
        return found

    @cached_property
    def allowed(self) -> Allowed:
        """The hands each free seat may hold as far as this observation tells: those
        of a non-zero numerator for some hand of the other seat it reads."""
        allowed = np.ones(self.shape, dtype=bool)
        table = self.table
        if self.peeker is not None:
            axes = tuple(range(1, table.ndim))
            allowed[self.peeker] = table.max(axis=axes) > 0 if axes else table > 0
        if self.target is not None:
            allowed[self.target] = (table.max(axis=0) if self.peeker is not None else table) > 0
        return allowed


class Track:
    """One viewpoint's deals at the positions asked so far (the latest kept, within
    :data:`SNAPSHOTS` and :data:`SNAPSHOT_ROWS`)."""

    def __init__(self, knowledge: RoundKnowledge, types: HandTypes) -> None:
        self.knowledge = knowledge
        self.types = types
        self.seats = {seat: index for index, seat in enumerate(knowledge.free_seats)}
        labels = tuple(Reader(knowledge, types).labels.tolist())
        capacities = tuple(
            sum(count for card, count in knowledge.free_cards if card.character == target)
            for target in knowledge.targets
        )
        completion = Completion.of(types.counts, types.game.hand_size, labels, capacities)
        self.root = Deals.root(types, completion)
        self.snapshots: OrderedDict[tuple[int, int], Deals] = OrderedDict()
        """The deals kept, by the number of their observations and a hash of them."""
        self.numerators: dict[Observation, Numerators] = {}
        self.max_rows = MAX_ROWS
        self.rows = 0
        """The rows of the snapshots kept."""

    def at(self, observations: tuple[Observation, ...]) -> Deals | None:
        """The deals after ``observations``, from the longest prefix kept (``None``:
        too many rows, or weights that could stop being exact)."""
        hashes = _prefix_hashes(observations)
        deals = self.root
        for done in range(len(observations), 0, -1):
            kept = self.snapshots.get((done, hashes[done]))
            if kept is not None and kept.observations == observations[:done]:
                self.snapshots.move_to_end((done, hashes[done]))
                deals = kept
                break
        for done in range(len(deals.observations), len(observations)):
            step = self.step(deals, observations[done])
            if step is None:
                return None
            deals = step
            self.keep(deals, (done + 1, hashes[done + 1]))
        return deals

    def step(self, deals: Deals, observation: Observation) -> Deals | None:
        """``deals`` after one more observation (``None``: see :meth:`at`)."""
        numerator = self.numerator(observation)
        new = [column for column in numerator.reads if column not in deals.columns]
        if new:
            allowed = numerator.allowed
        else:
            deals = deals.apply(observation, numerator)
        for column in new:  # the last one with the observation
            then = (observation, numerator) if column == new[-1] else None
            unfolded = deals.unfold(column, allowed[column], then, self.max_rows)
            if unfolded is None:
                return None
            deals = unfolded
        if len(deals.weights) > self.max_rows or not deals.exact:
            return None
        return deals

    def keep(self, deals: Deals, key: tuple[int, int]) -> None:
        """Keep ``deals`` as the latest snapshot, under the number of its
        observations and their hash (:func:`_prefix_hashes`)."""
        replaced = self.snapshots.pop(key, None)
        if replaced is not None:
            self.rows -= len(replaced.weights)
        self.snapshots[key] = deals
        self.rows += len(deals.weights)
        while len(self.snapshots) > SNAPSHOTS or (
            len(self.snapshots) > 1 and self.rows > SNAPSHOT_ROWS
        ):
            _, oldest = self.snapshots.popitem(last=False)
            self.rows -= len(oldest.weights)

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
        shape = (len(self.seats), len(types.lattice.hands))
        if peeker is None or peeker in known:
            key: ClassKey = ()
            if peeker is not None:
                key = types.class_of[types.game.identity(known[peeker]).name]
            table = types.numerator(observation, key, known.get(target))
            return Numerators.of(None, column, table, shape)
        # a free peeker: the numerator depends on its hand's announcer class
        table = types.per_class(observation, known.get(target))
        return Numerators.of(self.seats[peeker], column, table, shape)


_ARRAYS: ContextVar[bool] = ContextVar("array loops", default=False)


@contextmanager
def array_loops() -> Iterator[None]:
    """Read the rows with the numpy array operations of :mod:`.array_kernels` inside
    the block, even where the C loops of :mod:`.kernels` were built (to check the two
    against each other, or to time them)."""
    token = _ARRAYS.set(True)
    try:
        yield
    finally:
        _ARRAYS.reset(token)


def loops() -> ModuleType:
    """The module of loops over the rows in force: the C loops of :mod:`.kernels`
    where they were built (the package's install compiles them), else, or inside
    :func:`array_loops`, :mod:`.array_kernels` (the same functions, the same bits)."""
    if _COMPILED is None or _ARRAYS.get():
        return array_kernels
    return _COMPILED


def _compiled_loops() -> ModuleType | None:
    """:mod:`.kernels`, or ``None`` where its C loops were not built."""
    try:
        from . import kernels  # noqa: PLC0415 (an optional part of the install)
    except ImportError:
        return None
    return kernels


_COMPILED = _compiled_loops()


def _prefix_hashes(observations: tuple[Observation, ...]) -> list[int]:
    """A hash of every prefix of the observations, the empty one first (each
    observation hashed once: a position is looked up by its prefixes)."""
    hashes = [0]
    for observation in observations:
        hashes.append(hash((hashes[-1], observation)))
    return hashes


TRACKS = Memo(32)
"""The tracks of the viewpoints asked about, inside :func:`.memo.sharing`: every
seat of a lab game's three rounds (the bots play them all, then the report asks
about each again), and a few more."""


def deals_of(knowledge: RoundKnowledge, max_memory: int | None = None) -> Deals | None:
    """The knowledge's consistent deals as rows, or ``None`` (see the module
    docstring); ``max_memory`` (bytes) also bounds the rows' size."""
    seats = len(knowledge.free_seats)
    if (len(knowledge.targets) + 1) ** seats > MAX_CODES:
        return None
    if not is_sharing():
        track = Track(knowledge, HandTypes.of(knowledge))
    else:
        key = _track_key(knowledge)
        track = TRACKS.get(key, lambda: Track(knowledge, HandTypes.of(knowledge)), knowledge.game)
    if len(track.types.lattice.hands) > MOST_HAND_TYPES:
        return None
    if max_memory is not None:
        track.max_rows = min(MAX_ROWS, max_memory // (4 * (seats + 16)))
    return track.at(knowledge.observations)


def _track_key(knowledge: RoundKnowledge) -> Hashable:
    """A viewpoint's position without its observations (see :func:`.memo.position`),
    made and hashed once per knowledge."""

    def key() -> Key:
        hands = tuple(sorted(knowledge.hands.items()))
        return Key((id(knowledge.game), knowledge.setup, hands, knowledge.viewpoint))

    return kept(knowledge, "track", key)


class Spread:
    """The decision's weights read off the rows, by label code (one base-(targets +
    1) digit per free seat, the first seat most significant): the rows give the
    touched seats' digits, the completion spreads its ways over every labelling of
    the untouched seats (all alike for the same target counts). The loops are
    :func:`loops`'s."""

    @classmethod
    def of(cls, deals: Deals, reader: Reader) -> Spread:
        """The spread of ``deals`` for ``reader``'s viewpoint, kept with them: a solve
        and a hint of one position read the same decision."""
        targets = reader.knowledge.targets
        if targets not in deals.spreads:
            deals.spreads[targets] = cls(deals, reader)
        return deals.spreads[targets]

    def __init__(self, deals: Deals, reader: Reader) -> None:
        self.deals = deals
        self.labels = reader.labels
        self.seats = len(reader.seats)
        self.base = len(reader.knowledge.targets) + 1
        self.codes = int(self.base**self.seats)
        self.place = _places(self.base, self.seats)
        self.untouched = tuple(p for p in range(self.seats) if p not in deals.columns)

    def labellings(self, seats: tuple[int, ...]) -> tuple[IntArray, IntArray]:
        """Every labelling of ``seats`` the deck allows: its label code (those seats'
        digits) and its count column in the completion."""
        return _labellings(self.deals.completion, self.base, self.seats, seats)

    @cached_property
    def _decision(self) -> tuple[FloatArray, IntArray]:
        """The weight of every label code, and each row's code of its touched seats."""
        kernels = loops()
        deals = self.deals
        codes, counts = self.labellings(self.untouched)
        found: tuple[FloatArray, IntArray] = kernels.decision_weights(
            deals.hands,
            self.place[list(deals.columns)],
            self.labels,
            deals.states,
            deals.weights,
            deals.completion.per_labelling[deals.touched],
            codes,
            counts,
            self.codes,
        )
        return found

    @property
    def decision(self) -> FloatArray:
        """The weight of every label code."""
        return self._decision[0]

    @cached_property
    def support(self) -> IntArray:
        """The label codes of non-zero weight (the decision's values)."""
        return np.flatnonzero(self.decision)

    @cached_property
    def rank(self) -> IntArray:
        """Every label code's index in :attr:`support` (-1: weight zero)."""
        rank = np.full(self.codes, -1, dtype=np.int64)
        rank[self.support] = np.arange(len(self.support))
        return rank

    def touched_by_hand(self) -> FloatArray:
        """The weight of every (touched column, hand type, decision value)."""
        kernels = loops()
        deals = self.deals
        codes, counts = self.labellings(self.untouched)
        joint: FloatArray = kernels.touched_joint(
            deals.hands,
            self._decision[1],
            deals.states,
            deals.weights,
            deals.completion.per_labelling[deals.touched],
            codes,
            counts,
            self.rank,
            len(deals.types.lattice.hands),
        )
        return joint

    def untouched_by_hand(self) -> tuple[FloatArray, IntArray]:
        """The weight of every (hand type, decision value) of the first untouched seat:
        every hand it may take from the cards left, the others labelled every way; and
        for every untouched seat, the values with its digit and the first's swapped
        (seat × value), where it has the same weights by symmetry (no event reads
        the untouched seats)."""
        kernels = loops()
        deals = self.deals
        hands = len(deals.types.lattice.hands)
        plan = _plan(deals.types.lattice.steps[deals.touched])
        other_codes, counts = self.labellings(self.untouched[1:])
        joint: tuple[FloatArray, IntArray] = kernels.untouched_joint(
            self._decision[1],
            deals.states,
            deals.weights,
            plan,
            self.labels,
            self.place[list(self.untouched)],
            other_codes,
            counts,
            deals.completion.per_labelling[deals.touched + 1],
            self.rank,
            self.support,
            self.base,
            hands,
        )
        return joint


@lru_cache(maxsize=64)
def _places(base: int, seats: int) -> IntArray:
    """Each free seat's digit value in a label code (the first seat most significant)."""
    return base ** np.arange(seats - 1, -1, -1, dtype=np.int64)


@lru_cache(maxsize=4096)
def _labellings(
    completion: Completion, base: int, free: int, seats: tuple[int, ...]
) -> tuple[IntArray, IntArray]:
    """:meth:`Spread.labellings` of these seats among ``free`` ones (kept: a
    viewpoint asks for the same few, position after position)."""
    digits, count = completion.labellings(len(seats))
    return _places(base, free)[list(seats)] @ digits, count


def _per_hand(deals: Deals) -> FloatArray:
    """The weight of every hand type of every free seat (seat by position × hand type),
    by :func:`loops`' ``hand_weights``."""
    lattice = deals.types.lattice
    seats = len(lattice.steps)
    src, hand, ways = _NO_MOVES
    if deals.touched < seats:  # the untouched seats' hands: the moves of the next step
        step = lattice.steps[deals.touched]
        src, hand, ways = step.src, step.hand, _ways_after(deals.completion, step, deals.touched)
    per_hand: FloatArray = loops().hand_weights(
        deals.hands,
        _columns(deals.columns, seats),
        deals.filled,
        deals.states,
        deals.weights,
        src,
        hand,
        ways,
        len(lattice.hands),
    )
    return per_hand


_NO_MOVES = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0))


@lru_cache(maxsize=4096)
def _columns(columns: tuple[int, ...], seats: int) -> IntArray:
    """Every free seat's column among the touched ones (-1: untouched)."""
    return np.array([columns.index(p) if p in columns else -1 for p in range(seats)])


@lru_cache(maxsize=1024)
def _ways_after(completion: Completion, step: Step, touched: int) -> FloatArray:
    """The ways of every move of the step after ``touched`` seats, the untouched seats
    after it dealt every way (kept per completion and step, both kept for good)."""
    return np.asarray(step.weight * completion.totals[touched + 1][step.dst], dtype=np.float64)


def tally(knowledge: RoundKnowledge, deals: Deals) -> Tally:
    """Every count the posterior needs, as :meth:`.counter.CountingEngine.tally`."""
    reader = Reader(knowledge, deals.types)
    decision = {}
    if knowledge.targets and len(deals.weights):
        spread = Spread.of(deals, reader)
        weights = spread.decision[spread.support].tolist()
        decision = dict(zip(reader.decisions_of(spread.support), weights, strict=True))
    return Tally(deals.deals, deals.total, roles(knowledge, deals), decision)


def roles(knowledge: RoundKnowledge, deals: Deals) -> Roles:
    """Every seat's identity weights (as the tally's), from the hand weights alone,
    when first read (a bot's solve never reads them)."""

    def per_hand() -> dict[Seat, FloatArray]:
        return dict(zip(knowledge.free_seats, _per_hand(deals), strict=True))  # by row

    return Roles(Reader(knowledge, deals.types), deals.total, per_hand)


def certain(knowledge: RoundKnowledge, deals: Deals) -> bool:
    """:func:`..posterior.certain_by_roles` of the roles read off ``deals`` (not empty),
    from the hand weights alone, as :func:`..posterior.certain_by_holders` reads them
    (:func:`loops`' ``holders_certain``: a free seat may hold a target when a hand of
    weight holds it, and holds it in every world when no hand of weight holds another
    identity)."""
    targets = knowledge.targets
    known_held, known_alone = _known_holders(Reader(knowledge, deals.types))
    labels = deals.types.labels(targets)
    found: bool = loops().holders_certain(
        _per_hand(deals), labels, len(targets), known_held, known_alone
    )
    return found


def _known_holders(reader: Reader) -> tuple[BoolArray, BoolArray]:
    """For each target, whether a known hand holds it, and whether one other than the
    viewpoint's does (from :attr:`.hands.Reader.known_holders`, kept with the knowledge)."""
    knowledge = reader.knowledge

    def made() -> tuple[BoolArray, BoolArray]:
        holders = reader.known_holders
        held = [bool(seats) for seats in holders]
        other = [any(seat != knowledge.viewpoint for seat in seats) for seats in holders]
        return np.array(held, dtype=bool), np.array(other, dtype=bool)

    return kept(knowledge, "known holders", made)


def decision_by_hand(
    knowledge: RoundKnowledge, deals: Deals, tally: Tally | None = None
) -> DecisionJoint:
    """The decision jointly with every free seat's hand, as
    :meth:`.counter.CountingEngine.decision_by_hand` (``deals`` not empty); ``tally``,
    the position's tally (:func:`tally`) when it was read off these rows already: its
    decision values are the joint's, in the same order."""
    types = deals.types
    reader = Reader(knowledge, types)
    spread = Spread.of(deals, reader)
    seats = knowledge.free_seats
    tables: dict[Seat, FloatArray] = {}
    twins: dict[Seat, tuple[Seat, IntArray]] = {}
    if deals.touched:
        columns = (seats[p] for p in deals.columns)
        tables.update(zip(columns, spread.touched_by_hand(), strict=True))
    if spread.untouched:
        tables[seats[spread.untouched[0]]], mirror = spread.untouched_by_hand()
        first, *others = (seats[p] for p in spread.untouched)
        twins = {seat: (first, mirror[i]) for i, seat in enumerate(others, 1)}
    by_hand = Mirrored(seats, tables, twins)
    weights = spread.decision[spread.support]
    if tally is None:
        decisions = reader.decisions_of(spread.support)
        tally = reader.tally(deals.deals, decisions, weights, by_hand)
    else:
        decisions = tuple(tally.decision)
    return DecisionJoint(decisions, weights, types.hand_cards, by_hand, tally, twins=twins)
