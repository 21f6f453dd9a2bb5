"""The default engine: exact weighted counting without enumerating worlds.

A world's weight is a product of one factor per free seat (its hand's likelihood
under the observations that target it), except for one coupling: a peek's
announcement depends on the *peeker's* identity (a shepherd lies). So the engine
sums over *hypotheses* about the announcer class of every free peeker (which
peekers lie); under one hypothesis each seat's factor depends on its own hand only
(the peeker's hand is restricted to its hypothesized class), and the weighted count
is a dynamic programme over the seats whose state is the multiset of cards already
dealt (:mod:`.lattice`). All hypotheses run at once, as one axis of numpy arrays.

- forward and backward passes give every seat's hand marginals (the roles);
- a forward pass on 0/1 factors counts the consistent physical deals exactly;
- the viewpoint's decision (who holds each target) comes from passes that also
  carry each seat's label (target 1, target 2 or other), forward over the first
  half of the seats and backward over the second half, joined in the middle;
- on bigger tables (more than :data:`DENSE_CODES` labellings) the labelled passes
  are *sparse*: they keep only the labellings of the seats dealt so far that some
  partial deal fulfils (the decision's support is small: a target has as many
  holders as it has cards at most), so their size follows the decision's support,
  not ``(targets + 1) ** seats``. Seats with the same factors (no event tells them
  apart) are interchangeable: the passes count how many of them hold each target
  instead of labelling them, and the counts are spread over the seats at the end.
  The decision is joined in the middle as above; each seat's joint with its hand
  is read off the last level of a pass that deals it last, the passes sharing
  their beginnings by divide and conquer. A table whose solution would not fit in
  ``max_memory`` is refused with :class:`TooLargeError` before the work.

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.model import knowledge_of
>>> round_ = Round.from_dict({"game": "wooolf", "players": 6, "viewpoint": 2,
...     "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 1, "peek": 4, "says": "sheep"},
...                {"seat": 3, "ask": 5, "question": "has-hound", "answer": "yes"},
...                {"seat": 2, "peek": 6, "sees": "wolf"},
...                {"seat": 5, "peek": 1, "says": "wolf"}]})
>>> CountingEngine().tally(knowledge_of(round_)).deals
1560
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations, product
from math import comb, factorial, prod
from typing import ClassVar

import numpy as np

from ....core import budget
from ....core.budget import DEFAULT_MAX_MEMORY, TooLargeError
from ....engines.base import Tally
from ....engines.lattice import EXACT_LIMIT, Array, FloatArray, Grouped, IntArray, Lattice, Step
from ..model import Announced, Decision, RoundKnowledge
from ..posterior import certain_by_roles
from ..rules import Card, Character, Seat
from . import deals
from .hands import ClassKey, DecisionJoint, HandTypes, Mirrored, Reader, digits_of
from .memo import SMALL_BYTES, Memo, is_sharing, position

DENSE_CODES = 3**7
"""The most label codes (``(targets + 1) ** free seats``) for which the decision comes
from dense labelled passes (every table of the built-in editions: at most 7 free seats
and two targets); above, the passes are sparse (:meth:`_Model.sparse_levels`). At 3**8
(9-player designer decks) the dense passes took up to 1.2 s for a hint the sparse ones
answer in 0.1 s."""
DENSE_SEATS = 7
"""The most free seats of a viewpoint with targets for which the default engine takes
the dense passes (every built-in table; a one-target viewpoint of a 12-player designer
deck has only 2**11 label codes, but its dense hint took 0.8–3.3 s where the sparse
passes take 0.04–0.8 s)."""
ROWS_CODES = DENSE_CODES
"""An engine reads the lab's rows (:mod:`.deals`) only when its ``dense_codes`` is at
least the default (the tests' ``dense_codes=0`` asks for the sparse passes alone)."""


TALLIES = Memo()
"""The counter's tallies, per position and budget (see :mod:`.memo`)."""
JOINTS = Memo()
"""The counter's decision-by-hand joints, per position and budget."""

CACHE_ELEMENTS = 1 << 16
"""A sparse step works on blocks of labellings whose temporaries hold about this
many floats (half a megabyte: they stay in the processor's cache)."""
BLOCK_MIN = 16
"""The fewest labellings of a block."""


class CountingEngine:
    """Exact counts by dynamic programming over seats, one pass per hypothesis.

    ``max_memory`` (bytes; default: the budget in force when it counts,
    :func:`wooolf_solver.core.budget.max_memory`, which ``--max-memory`` sets and is
    :data:`DEFAULT_MAX_MEMORY` otherwise) bounds what one computation may hold: a
    bigger one raises :class:`TooLargeError` before it allocates. ``dense_codes``
    (default :data:`DENSE_CODES`, with at most :data:`DENSE_SEATS` free seats) is
    where the sparse labelled passes take over (0: always; the tests use it; given, it
    alone decides).
    """

    name: ClassVar[str] = "fast"

    def __init__(self, max_memory: int | None = None, dense_codes: int | None = None) -> None:
        self._max_memory = max_memory
        self.dense_codes = DENSE_CODES if dense_codes is None else dense_codes
        self.dense_seats = DENSE_SEATS if dense_codes is None else None

    @property
    def max_memory(self) -> int:
        """The memory budget of one computation, in bytes."""
        return budget.max_memory() if self._max_memory is None else self._max_memory

    def _model(self, knowledge: RoundKnowledge) -> _Model:
        return _Model(knowledge, self.max_memory, self.dense_codes, self.dense_seats)

    def _key(self, knowledge: RoundKnowledge) -> Hashable:
        return (position(knowledge), self.max_memory, self.dense_codes, self.dense_seats)

    def tally(self, knowledge: RoundKnowledge) -> Tally:
        """Every count the posterior needs (kept per position: see :mod:`.memo`)."""
        return TALLIES.get(self._key(knowledge), lambda: self._tally(knowledge), knowledge.game)

    def _tally(self, knowledge: RoundKnowledge) -> Tally:
        rows = self._rows(knowledge)
        if rows is not None:
            return deals.tally(knowledge, rows)
        model = self._model(knowledge)
        forward = model.prune()
        backward = model.backward()
        total = float(model.scale @ forward[-1][:, 0])
        per_hand = {
            seat: model.scale @ model.marginal(position, forward, backward)
            for position, seat in enumerate(model.seats)
        }
        roles = model.roles(total, per_hand)
        return Tally(model.deals(), total, roles, model.decision() if total > 0 else {})

    def decision_by_hand(self, knowledge: RoundKnowledge) -> DecisionJoint:
        """The viewpoint's decision jointly with every free seat's hand (for hints;
        kept per position: see :mod:`.memo`)."""
        return JOINTS.get(
            self._key(knowledge),
            lambda: self._decision_by_hand(knowledge),
            knowledge.game,
            small=_small_joint,
        )

    def _decision_by_hand(self, knowledge: RoundKnowledge) -> DecisionJoint:
        rows = self._rows(knowledge)
        if rows is not None:  # the same tally as :meth:`tally`'s off the rows: one kept
            key = self._key(knowledge)
            joint = deals.decision_by_hand(knowledge, rows, TALLIES.find(key))
            TALLIES.get(key, lambda: joint.tally, knowledge.game)
            return joint
        model = self._model(knowledge)
        model.prune()
        if not len(model.factors):  # nothing is consistent
            return DecisionJoint((), np.zeros(0), model.hand_cards, {}, Tally(0, 0.0, {}))
        return model.decision_by_hand()

    def certain(self, knowledge: RoundKnowledge) -> bool | None:
        """Whether some declaration of the viewpoint is certain, from every seat's
        identity weights alone (:func:`..posterior.certain_by_roles`), read off the
        rows' hand weights where they answer (:func:`.deals.certain`); ``None`` when
        nothing is consistent."""
        rows = self._rows(knowledge)
        if rows is not None:
            return deals.certain(knowledge, rows)
        tally = self.tally(knowledge)
        return certain_by_roles(knowledge, tally.roles) if tally.total > 0 else None

    def _rows(self, knowledge: RoundKnowledge) -> deals.Deals | None:
        """Inside :func:`.memo.sharing`, the position's deals as rows (:mod:`.deals`,
        the same answers, updated event by event) when the table is small and has
        a consistent deal; otherwise ``None``: the passes answer."""
        if not is_sharing() or self.dense_codes < ROWS_CODES:
            return None
        rows = deals.deals_of(knowledge, self.max_memory)
        return rows if rows is not None and len(rows.weights) else None

    def consistent(self, knowledge: RoundKnowledge) -> bool:
        model = self._model(knowledge)
        return bool(model.scale @ model.forward(model.factors)[-1][:, 0] > 0)


@dataclass(frozen=True)
class _Hypothesis:
    """An announcer class for every free peeker."""

    classes: dict[Seat, ClassKey]


class _Model:
    """The factors of one knowledge under every live hypothesis."""

    def __init__(
        self,
        knowledge: RoundKnowledge,
        max_memory: int = DEFAULT_MAX_MEMORY,
        dense_codes: int = DENSE_CODES,
        dense_seats: int | None = None,
    ) -> None:
        self.knowledge = knowledge
        self.max_memory = max_memory
        game = knowledge.game
        self.types = types = HandTypes.of(knowledge)
        self.reader = Reader(knowledge, types)
        self.kinds: tuple[Card, ...] = types.kinds
        counts = types.counts
        box = prod(count + 1 for count in counts)  # build_lattice lists every state of it
        self.check(4 * 8 * box * (len(counts) + 1), f"{box:,} multisets of the free cards")
        hands = comb(len(counts) + game.hand_size - 1, game.hand_size)  # at most
        self.check(
            4 * 8 * hands * max(len(knowledge.free_seats), game.hand_size),
            f"{hands:,} possible hands of {game.hand_size} cards",
        )
        self.lattice: Lattice = types.lattice
        self.seats: tuple[Seat, ...] = knowledge.free_seats
        self.hand_cards = types.hand_cards
        self.identities: tuple[Character, ...] = types.identities
        self.class_of = types.class_of
        moves = sum(len(step.src) for step in self.lattice.steps)
        self.check(
            8 * 8 * moves, f"{moves:,} moves between {max(self.lattice.sizes):,} states a seat"
        )
        hypotheses = self._hypotheses()
        factors = np.ones((len(hypotheses), len(self.seats), len(self.hand_cards)))
        labels = len(knowledge.targets) + 1
        # the dense passes' biggest temporary: every labelling of the seats before a
        # step times its moves, per hypothesis, a few of them at once (the joint by hand
        # holds about 1.5 times two); beyond the budget: the sparse passes
        biggest = max(
            (labels**j * len(step.src) for j, step in enumerate(self.lattice.steps)), default=0
        )
        few = dense_seats is None or not knowledge.targets or len(self.seats) <= dense_seats
        self.dense = not self.seats or (
            few
            and labels ** len(self.seats) <= dense_codes
            and 4 * 8 * len(hypotheses) * biggest <= max_memory
        )
        scale = np.ones(len(hypotheses))
        self._apply(hypotheses, factors, scale)
        live = scale > 0
        self.factors: FloatArray = factors[live]
        self.scale: FloatArray = scale[live]
        self._pruned: list[Array] | None = None
        """The forward pass of :meth:`prune`, once it ran."""

    def prune(self) -> list[Array]:
        """Drop the hypotheses that no deal fulfils (they weigh nothing); return the
        forward pass of those left."""
        forward = self.forward(self.factors)
        live = forward[-1][:, 0] > 0
        self.factors, self.scale = self.factors[live], self.scale[live]
        self._pruned = forward = [level[live] for level in forward]
        return forward

    # -- hypotheses and factors -------------------------------------------------------

    def _hypotheses(self) -> list[_Hypothesis]:
        peekers = sorted(
            {
                obs.peeker
                for obs in self.knowledge.observations
                if isinstance(obs, Announced) and obs.peeker in self.seats
            }
        )
        possible = sorted({self.class_of[identity.name] for identity in self.identities})
        capacity: defaultdict[ClassKey, int] = defaultdict(int)
        for card, count in self.knowledge.free_cards:
            capacity[self.class_of[card.character]] += count
        count = _assignments(len(peekers), [capacity[key] for key in possible])
        per = 3 * 8 * len(self.seats) * len(self.hand_cards)
        self.check(
            per * count, f"{count:,} hypotheses on {len(peekers)} peekers' announcer classes"
        )
        hypotheses = []
        for classes in product(possible, repeat=len(peekers)):
            used = defaultdict(int, {key: classes.count(key) for key in set(classes)})
            if all(used[key] <= capacity[key] for key in used):
                hypotheses.append(_Hypothesis(dict(zip(peekers, classes, strict=True))))
        return hypotheses

    def _apply(self, hypotheses: list[_Hypothesis], factors: FloatArray, scale: FloatArray) -> None:
        """Multiply in every observation and every peeker's class restriction."""
        position = {seat: index for index, seat in enumerate(self.seats)}
        hand_classes = self.types.hand_classes
        known = self.knowledge.hands
        numerators: dict[tuple[int, ClassKey], Array] = {}
        for b, hypothesis in enumerate(hypotheses):
            for seat, key in hypothesis.classes.items():
                factors[b, position[seat]] *= [c == key for c in hand_classes]
            for index, obs in enumerate(self.knowledge.observations):
                peeker: ClassKey = ()  # no peeker
                if isinstance(obs, Announced):
                    peeker = (
                        hypothesis.classes.get(obs.peeker)
                        or self.class_of[self.knowledge.game.identity(known[obs.peeker]).name]
                    )
                target: Seat = obs.scope()[-1]
                if (index, peeker) not in numerators:
                    numerators[index, peeker] = self.types.numerator(obs, peeker, known.get(target))
                numerator = numerators[index, peeker]
                if target in position:
                    factors[b, position[target]] *= numerator
                else:
                    scale[b] *= numerator

    def check(self, needed: int, what: str) -> None:
        """Refuse (:class:`TooLargeError`) a computation that would need ``needed``
        bytes, over the budget; ``what`` names its size."""
        if needed > self.max_memory:
            raise TooLargeError(what, needed, self.max_memory)

    # -- passes ---------------------------------------------------------------------

    def forward(self, factors: Array, exact_from: int | None = None) -> list[Array]:
        """Weights of the partial deals after each seat, per hypothesis and state; on
        whole-number ``factors``, the levels from ``exact_from`` on as Python integers
        (those before are whole floats below 2**53, so exact)."""
        exact = factors.dtype == object
        levels = [np.ones((len(factors), 1), dtype=factors.dtype)]
        for j, step in enumerate(self.lattice.steps):
            if not exact and exact_from is not None and j + 1 >= exact_from:
                exact = True
                factors = factors.astype(np.int64).astype(object)
                levels[-1] = levels[-1].astype(np.int64).astype(object)
            group = step.into
            coef = group.moves.coef.astype(object) if exact else group.moves.weight
            moves = levels[-1][:, group.moves.src] * coef * factors[:, j, group.moves.hand]
            levels.append(group.sum(moves))
        return levels

    def backward(self) -> list[Array]:
        """Weights of completing the deal from each state, per hypothesis."""
        levels: list[Array] = [np.ones((len(self.factors), 1))]
        for j in reversed(range(len(self.lattice.steps))):
            group = self.lattice.steps[j].out_of
            step = group.moves
            moves = levels[0][:, step.dst] * step.weight * self.factors[:, j, step.hand]
            levels.insert(0, group.sum(moves))
        return levels

    def marginal(self, j: int, forward: list[Array], backward: list[Array]) -> Array:
        """The weight of each hand type at free seat ``j``, per hypothesis."""
        group = self.lattice.steps[j].by_hand
        step = group.moves
        moves = (
            forward[j][:, step.src]
            * step.weight
            * self.factors[:, j, step.hand]
            * backward[j + 1][:, step.dst]
        )
        return group.sum(moves)

    def deals(self) -> int:
        """The exact number of physical deals with non-zero weight."""
        cards = sum(count for _, count in self.knowledge.free_cards)
        size = self.knowledge.game.hand_size
        bound = factorial(cards) // factorial(size) ** len(self.seats)
        support = self.factors > 0
        if bound < EXACT_LIMIT:
            if self._pruned is not None and np.array_equal(support, self.factors):
                last = self._pruned[-1][:, 0]  # 0/1 factors (no peek told a card): that pass
            else:
                last = self.forward(support.astype(np.float64))[-1][:, 0]
            return round(float(last.sum()))
        if len(self.factors) == 1 and support.all():  # nothing told apart: every deal
            return int(bound)
        dealt = [  # the most partial deals of j seats: floats are exact below 2**53
            factorial(cards) // (factorial(cards - size * j) * factorial(size) ** j)
            for j in range(len(self.seats) + 1)
        ]
        exact_from = next(j for j, most in enumerate(dealt) if most >= EXACT_LIMIT)
        last = self.forward(support.astype(np.float64), exact_from)[-1][:, 0]
        return int(sum(last))

    # -- the decision -----------------------------------------------------------------

    @property
    def labels(self) -> IntArray:
        """Each hand type's label (see :attr:`.hands.Reader.labels`)."""
        return self.reader.labels

    def decision(self) -> dict[Decision, float]:
        """The weight of every value of the viewpoint's decision."""
        if not self.knowledge.targets:
            return {}
        if not self.dense:
            return self.sparse_decision()
        middle = len(self.seats) // 2
        left = np.ones((len(self.factors), 1, 1))  # hypothesis, label code, state
        for j in range(middle):
            left = self._labelled_step(j, left, forward=True)
        right = np.ones((len(self.factors), 1, 1))
        for j in reversed(range(middle, len(self.seats))):
            right = self._labelled_step(j, right, forward=False)
        # hypothesis b, labels l of the left seats, r of the right seats, middle state s
        # (einsum, not BLAS: threaded BLAS stalls on these small products when busy)
        joint = np.einsum("bls,brs->lr", left * self.scale[:, None, None], right).ravel()
        codes = np.flatnonzero(joint)
        return dict(zip(self.decisions_of(codes), joint[codes].tolist(), strict=True))

    def decision_by_hand(self) -> DecisionJoint:
        """The decision's weights jointly with each free seat's hand."""
        if not self.dense:
            return self.sparse_decision_by_hand()
        labels = len(self.knowledge.targets) + 1
        seats = len(self.seats)
        forward = [np.ones((len(self.factors), 1, 1))]
        for j in range(seats):
            forward.append(self._labelled_step(j, forward[-1], forward=True))
        backward = [np.ones((len(self.factors), 1, 1))]
        for j in reversed(range(seats)):
            backward.insert(0, self._labelled_step(j, backward[0], forward=False))
        weights = np.einsum("bls,b->l", forward[-1], self.scale)
        support = np.flatnonzero(weights)
        decisions = self.decisions_of(support)
        shape = (labels,) * seats
        digits = digits_of(support, shape)
        hands = len(self.hand_cards)
        tables: dict[Seat, FloatArray] = {}
        twins: dict[Seat, tuple[Seat, IntArray]] = {}
        twin_of, _ = self.twins
        for t, seat in enumerate(self.seats):
            twin = twin_of[t]
            if twin != t:  # same factors as an earlier seat: the same joint, mirrored
                swapped = digits.copy()
                swapped[[t, twin]] = digits[[twin, t]]
                mirror = np.searchsorted(support, np.ravel_multi_index(tuple(swapped), shape))
                twins[seat] = (self.seats[twin], mirror)
                continue
            live = np.flatnonzero(self.factors[:, t, :].any(axis=0))
            rank = np.full(hands, len(live))
            rank[live] = np.arange(len(live))
            split = self._labelled_step(t, forward[t], True, tuple(rank.tolist()), len(live))
            batch, _, states = split.shape
            split = split.reshape(batch, -1, len(live), states) * self.scale[:, None, None, None]
            joint = np.einsum("blhs,brs->hlr", split, backward[t + 1])
            full = np.zeros((hands, labels**t, labels, labels ** (seats - t - 1)))
            for row, h in enumerate(live):
                full[h, :, self.labels[h], :] = joint[row]
            tables[seat] = full.reshape(hands, -1)[:, support]
        weights = weights[support]
        by_hand = Mirrored(self.seats, tables, twins)
        tally = self._tally(decisions, weights, by_hand)
        return DecisionJoint(decisions, weights, self.hand_cards, by_hand, tally, twins=twins)

    def _tally(
        self,
        decisions: tuple[Decision, ...],
        weights: FloatArray,
        by_hand: Mapping[Seat, FloatArray],
    ) -> Tally:
        """The tally, read off the hand joints of every free seat."""
        return self.reader.tally(self.deals(), decisions, weights, by_hand)

    def roles(self, total: float, per_hand: dict[Seat, FloatArray]) -> dict[Seat, dict[str, float]]:
        """Every seat's identity weights, from each free seat's hand weights."""
        return self.reader.roles(total, per_hand)

    def decisions_of(self, codes: IntArray) -> tuple[Decision, ...]:
        """The decision values of label codes (see :meth:`.hands.Reader.decisions_of`)."""
        return self.reader.decisions_of(codes)

    def decisions_of_digits(self, digits: IntArray) -> tuple[Decision, ...]:
        """The decision values of labellings (see :meth:`.hands.Reader.decisions_of_digits`)."""
        return self.reader.decisions_of_digits(digits)

    # -- sparse labelled passes (bigger tables) --------------------------------------

    @cached_property
    def twins(self) -> tuple[dict[int, int], tuple[tuple[int, ...], ...]]:
        """Seats with the same factors under every hypothesis are interchangeable: the
        weight of a labelling is the same with their labels permuted. For every free
        seat (by position) the first seat with its factors, and the *followers* of
        each such seat that has any (the later ones), one class each."""
        first: dict[bytes, int] = {}
        twin = {
            t: first.setdefault(self.factors[:, t, :].tobytes(), t) for t in range(len(self.seats))
        }
        classes: dict[int, list[int]] = defaultdict(list)
        for t, leader in twin.items():
            if leader != t:
                classes[leader].append(t)
        return twin, tuple(tuple(members) for _, members in sorted(classes.items()))

    @cached_property
    def shared(self) -> frozenset[int]:
        """The free seats (by position) whose factors are the same under every
        hypothesis: a sparse pass deals them on one hypothesis axis of length 1, and
        spreads it out at the first seat that differs."""
        same = (self.factors == self.factors[:1]).all(axis=(0, 2))
        return frozenset(np.flatnonzero(same).tolist())

    @cached_property
    def follower_class(self) -> dict[int, int]:
        """The class of every follower (see :attr:`twins`)."""
        return {t: k for k, members in enumerate(self.twins[1]) for t in members}

    @property
    def counted(self) -> int:
        """The columns of a sparse labelling that count the followers' labels: one per
        (class, target)."""
        return len(self.twins[1]) * len(self.knowledge.targets)

    def sparse_levels(self, forward: bool) -> Iterator[tuple[IntArray, Array]]:
        """The levels of a labelled pass that keeps only the labellings some partial
        deal fulfils: forward, after each number of seats ``j`` from 0, the labels of
        the seats ``0..j-1`` that are no followers (one row per labelling; then how
        many followers of each class hold each target) and their weights (state,
        hypothesis, labelling); backward, from ``j = len(seats)`` down, those of the
        seats ``j..``. Every labelling kept has a non-zero weight."""
        codes = np.zeros((1, self.counted), dtype=np.int64)
        weights: Array = np.ones((1, 1, 1))  # one hypothesis axis until a seat differs
        yield codes, weights
        for j in range(len(self.seats)) if forward else reversed(range(len(self.seats))):
            codes, weights = self._advance(j, j, codes, weights, forward)
            yield codes, weights

    def _advance(
        self, j: int, seat: int, codes: IntArray, weights: Array, forward: bool = True
    ) -> tuple[IntArray, Array]:
        """Lattice step ``j`` of a sparse pass, dealing free seat number ``seat``: its
        label is appended to the labels (forward) or prepended (backward), or for a
        follower counted; the labellings no partial deal fulfils are dropped, and those
        made equal by counting are merged."""
        count = len(self.knowledge.targets) + 1
        split = self._sparse_step(j, seat, weights, forward)  # (label, state, b, code)
        label, code = np.nonzero(split.any(axis=(1, 2)))  # the live ones, by label then code
        kept = np.ascontiguousarray(split[label, :, :, code].transpose(1, 2, 0))  # (state, b, ·)
        old = codes[code]
        labels = old.shape[1] - self.counted
        if seat not in self.follower_class:
            parts = [old[:, :labels], label[:, None]]
            codes = np.concatenate([*(parts if forward else parts[::-1]), old[:, labels:]], axis=1)
            return codes, kept
        column = labels + self.follower_class[seat] * (count - 1) + label
        held = label < count - 1
        old[np.flatnonzero(held), column[held]] += 1
        codes, inverse = _unique_rows(old)
        order = np.argsort(inverse, kind="stable")
        starts = np.flatnonzero(np.r_[True, np.diff(inverse[order]) != 0])
        return codes, np.add.reduceat(kept[:, :, order], starts, axis=2)

    def _sparse_step(self, j: int, seat: int, weights: Array, forward: bool) -> Array:
        """Lattice step ``j`` of a sparse pass, dealing free seat number ``seat``: the
        weights by (the seat's label, state after, hypothesis, labelling before), one
        hand type at a time (a hand moves each state to a different one, so its moves
        add without collisions)."""
        count = len(self.knowledge.targets) + 1
        group = self.lattice.steps[j].by_hand
        step = group.moves
        sizes = self.lattice.steps[j].sizes
        states = sizes[1] if forward else sizes[0]
        _, batch, width = weights.shape
        if batch < len(self.factors) and seat not in self.shared:  # spread out
            weights = np.repeat(weights, len(self.factors), axis=1)
            batch = len(self.factors)
        self.check(
            3 * 8 * batch * width * count * states,
            f"{width * count:,} labellings of {j + 1 if forward else len(self.seats) - j} "
            f"seats × {states:,} states × {batch:,} hypotheses",
        )
        ends = [*group.starts[1:].tolist(), len(step.hand)]
        before, after = (step.src, step.dst) if forward else (step.dst, step.src)
        factors = self.factors[:batch, seat]  # the first row stands for all when shared
        plans = [  # per hand: the states left, the moves' factors, the rows reached
            (
                before[start:end],
                (step.weight[start:end, None] * factors[:, h])[:, :, None],
                self.labels[h] * states + after[start:end],
            )
            for h, start, end in zip(group.keys.tolist(), group.starts.tolist(), ends, strict=True)
            if self.factors[:, seat, h].any()
        ]
        most = max((len(src) for src, _, _ in plans), default=1)
        block = max(BLOCK_MIN, CACHE_ELEMENTS // (batch * most))  # temporaries in cache
        out = None if width <= block else np.empty((count * states, batch, width))
        for first in range(0, width, block):
            codes = slice(first, first + block)
            here = np.ascontiguousarray(weights[:, :, codes])  # a block of its own
            into = np.zeros((count * states, batch, here.shape[2]))
            for src, scale, dst in plans:
                part = np.take(here, src, axis=0)
                part *= scale
                into[dst] += part
            if out is None:
                out = into
            else:
                out[:, :, codes] = into
        if out is None:  # no labelling
            out = np.zeros((count * states, batch, width))
        return out.reshape(count, states, batch, width)

    def _expand(
        self, codes: IntArray, labelled: list[int], weights: FloatArray, *carried: IntArray
    ) -> tuple[IntArray, FloatArray, tuple[IntArray, ...]]:
        """Sparse labellings (the labels of the seats ``labelled``, then the followers'
        counts) as labellings of every free seat (one row each): a labelling with
        counts stands for every arrangement of the followers' labels, which weigh the
        same. ``carried`` arrays (one entry per row) are repeated alongside."""
        seats, targets = len(self.seats), len(self.knowledge.targets)
        labels = codes.shape[1] - self.counted
        full = np.full((len(codes), seats), targets, dtype=np.int64)
        full[:, labelled] = codes[:, :labels]
        rows = np.arange(len(codes))
        for k, followers in enumerate(self.twins[1]):
            counts = codes[rows, labels + k * targets : labels + (k + 1) * targets]
            unique, inverse = _unique_rows(counts)
            tables = [_arrangements(len(followers), tuple(c)) for c in unique.tolist()]
            sizes = np.array([len(table) for table in tables], dtype=np.int64)
            base = np.r_[0, np.cumsum(sizes)[:-1]]
            repeat = sizes[inverse]
            total = int(repeat.sum())
            self.check(8 * total * (seats + 2 + len(carried)) * 2, f"{total:,} labellings")
            picked = np.repeat(np.arange(len(rows)), repeat)
            offset = np.arange(len(picked)) - np.repeat(np.cumsum(repeat) - repeat, repeat)
            stacked = np.concatenate(tables)
            rows, full = rows[picked], full[picked]
            full[:, list(followers)] = stacked[base[inverse][picked] + offset]
            weights = weights[picked] / repeat[picked]
            carried = tuple(array[picked] for array in carried)
        return full, weights, carried

    def sparse_decision(self) -> dict[Decision, float]:
        """:meth:`decision` from sparse passes, forward from the first seat and
        backward from the last, each step taken on the cheaper side, joined where
        they meet; the followers' counts are then spread over their arrangements."""
        seats = len(self.seats)
        forward, backward = self.sparse_levels(forward=True), self.sparse_levels(forward=False)
        (left, before), (right, after) = next(forward), next(backward)
        dealt_left, dealt_right = 0, 0
        while dealt_left + dealt_right < seats:
            ahead = self.lattice.steps[dealt_left].src
            behind = self.lattice.steps[seats - 1 - dealt_right].src
            if before.shape[2] * len(ahead) <= after.shape[2] * len(behind):
                left, before = next(forward)
                dealt_left += 1
            else:
                right, after = next(backward)
                dealt_right += 1
        width = before.shape[2]
        self.check(
            8 * width * after.shape[2] * 2,
            f"{width:,} × {after.shape[2]:,} labellings of the two halves of the seats",
        )
        # (einsum, not BLAS: threaded BLAS stalls when the machine is busy)
        batch = len(self.factors)
        before = np.broadcast_to(before, (before.shape[0], batch, before.shape[2]))
        after = np.broadcast_to(after, (after.shape[0], batch, after.shape[2]))
        joint = np.einsum("sbl,sbr->lr", before * self.scale[:, None], after)
        rows, cols = np.nonzero(joint)
        split_left = left.shape[1] - self.counted
        split_right = right.shape[1] - self.counted
        codes = np.concatenate(
            [
                left[rows, :split_left],
                right[cols, :split_right],
                left[rows, split_left:] + right[cols, split_right:],
            ],
            axis=1,
        )
        weights = joint[rows, cols]
        if self.counted:  # labellings equal once counted: merged
            codes, inverse = _unique_rows(codes)
            weights = np.bincount(inverse, weights=weights, minlength=len(codes))
        labelled = [t for t in range(seats) if t not in self.follower_class]
        digits, weights, _ = self._expand(codes, labelled, weights)
        return dict(zip(self.decisions_of_digits(digits.T), weights.tolist(), strict=True))

    def sparse_decision_by_hand(self) -> DecisionJoint:
        """:meth:`decision_by_hand` from sparse passes. The seats may be dealt in any
        order, so a seat's joint is read off the last level of a pass that deals it
        last (whose states are its hands); the passes share their beginnings by
        divide and conquer (deal one half of the seats left, recurse on the other),
        so every seat is dealt about ``log2(seats)`` times in all. The followers are
        dealt first, counted, and get their leader's joint mirrored."""
        seats = len(self.seats)
        twin, _ = self.twins
        needed = [t for t in range(seats) if t not in self.follower_class]
        needed.sort(key=lambda t: t not in self.shared)  # one hypothesis axis longer
        codes = np.zeros((1, self.counted), dtype=np.int64)
        weights: Array = np.ones((1, 1, 1))
        for j, t in enumerate(sorted(self.follower_class, key=lambda t: t not in self.shared)):
            codes, weights = self._advance(j, t, codes, weights)
        hands = len(self.hand_cards)
        tables: dict[Seat, FloatArray] = {}
        found: list[_Rows] = []  # the support's rows, from the first joint read

        def read(t: int, leaf: _Leaf) -> None:
            if not found:  # every seat's joint sums over its hands to the decision
                support, _ = _unique_rows(leaf.digits)
                self.check(
                    8 * hands * len(support) * seats,
                    f"{len(support):,} decision values × {hands:,} hands × {seats:,} seats",
                )
                found.append(_Rows(support))
            joint = np.zeros((hands, len(found[0].table)))
            columns, hand, weight = leaf.entries(found[0].of(leaf.digits))
            joint[hand, columns] = weight
            tables[self.seats[t]] = joint

        level = len(self.follower_class)
        self._leave_one_out(codes, weights, [], level, remaining=needed, read=read)
        position = found[0]
        support = position.table
        twins: dict[Seat, tuple[Seat, IntArray]] = {}
        for t in range(seats):
            if twin[t] != t:  # same factors as an earlier seat: the same joint, mirrored
                swapped = support.copy()
                swapped[:, [t, twin[t]]] = support[:, [twin[t], t]]
                twins[self.seats[t]] = (self.seats[twin[t]], position.of(swapped))
        by_hand = Mirrored(self.seats, tables, twins)
        weights_ = by_hand[self.seats[needed[0]]].sum(axis=0)
        decisions = self.decisions_of_digits(support.T)
        tally = self._tally(decisions, weights_, by_hand)
        return DecisionJoint(
            decisions, weights_, self.hand_cards, by_hand, tally, sparse=True, twins=twins
        )

    def _leave_one_out(
        self,
        codes: IntArray,
        weights: Array,
        dealt: list[int],
        level: int,
        *,
        remaining: list[int],
        read: Callable[[int, _Leaf], None],
    ) -> None:
        """Deal all the ``remaining`` seats but one, for each of them in turn (sharing
        the work by halves), and read each one's joint off the last level; ``dealt``
        are the labelled seats dealt so far, ``level`` the seats dealt in all."""
        if len(remaining) == 1:
            read(remaining[0], self._leaf(remaining[0], codes, weights, dealt))
            return
        half = len(remaining) // 2
        for keep, halve in (
            (remaining[:half], remaining[half:]),
            (remaining[half:], remaining[:half]),
        ):
            here, there = codes, weights
            deal = sorted(halve, key=lambda t: t not in self.shared)
            for step, t in enumerate(deal):
                here, there = self._advance(level + step, t, here, there)
            self._leave_one_out(
                here, there, dealt + deal, level + len(deal), remaining=keep, read=read
            )

    def _leaf(self, t: int, codes: IntArray, weights: Array, dealt: list[int]) -> _Leaf:
        """Seat ``t``'s joint, from the last level of a pass that dealt every other
        seat (the labelled ones in the order ``dealt``)."""
        seats = len(self.seats)
        step = self.lattice.steps[seats - 1]  # deals the cards left: one hand per state
        factor = self.factors[:, t, step.hand].T * self.scale * step.weight[:, None]
        if weights.shape[1] == 1:  # the same under every hypothesis so far
            values = weights[step.src][:, 0] * factor.sum(axis=1)[:, None]
        else:
            values = np.einsum("mbc,mb->mc", weights[step.src], factor)  # (move, labelling)
        moves, labellings = np.nonzero(values)
        labels = codes.shape[1] - self.counted
        own = self.labels[step.hand[moves]]
        count = len(self.knowledge.targets) + 1
        keys, source = np.unique(labellings * count + own, return_inverse=True)
        rows = codes[keys // count]
        rows = np.concatenate([rows[:, :labels], (keys % count)[:, None], rows[:, labels:]], axis=1)
        ones = np.ones(len(rows))
        digits, _, (block,) = self._expand(rows, [*dealt, t], ones, np.arange(len(rows)))
        return _Leaf(digits, block, source.ravel(), step.hand[moves], values[moves, labellings])

    def _labelled_step(
        self,
        j: int,
        weights: Array,
        forward: bool,
        labels: tuple[int, ...] | None = None,
        count: int = 0,
    ) -> Array:
        """One step of a pass that also records seat ``j``'s label (by default its
        place among the targets; or any label per hand type, moves with a label of
        ``count`` or more left out): forward appends it as the last digit of the label
        code, backward prepends it as the first."""
        if labels is None:
            labels, count = tuple(self.labels.tolist()), len(self.knowledge.targets) + 1
        group = _by_label(self.lattice.steps[j], labels, count, forward)
        step = group.moves
        before = step.src if forward else step.dst
        move = step.weight * self.factors[:, j, step.hand]
        summed = group.sum(weights[:, :, before] * move[:, None, :])  # bins: (label, state)
        batch, codes, _ = summed.shape
        by_label = summed.reshape(batch, codes, count, -1)
        if not forward:
            by_label = by_label.transpose(0, 2, 1, 3)
        return by_label.reshape(batch, codes * count, -1)


def _small_joint(joint: DecisionJoint) -> bool:
    """Whether the memo may keep ``joint`` (dense, at most :data:`.memo.SMALL_BYTES`;
    every seat's table is (hand type, value), a twin's counted before it is made)."""
    tables = len(joint.by_hand) * len(joint.hands) * joint.weights.nbytes
    return not joint.sparse and joint.weights.nbytes + tables <= SMALL_BYTES


@dataclass(frozen=True)
class _Leaf:
    """A seat's joint with the decision, as its non-zero entries: each entry (a hand
    of the seat and a sparse labelling, whose followers are counted) stands for every
    arrangement of the followers' labels, with an equal share of its weight. The
    arrangements are listed once per labelling, not once per entry.

    >>> leaf = _Leaf(np.array([[0, 1], [1, 0], [2, 2]]), np.array([0, 0, 1]),
    ...              np.array([0, 1, 0]), np.array([3, 4, 5]), np.array([2.0, 5.0, 4.0]))
    >>> [array.tolist() for array in leaf.entries(np.array([10, 11, 12]))]
    [[10, 11, 12, 10, 11], [3, 3, 4, 5, 5], [1.0, 1.0, 5.0, 2.0, 2.0]]
    """

    digits: IntArray
    """The labels of every free seat, one row per arrangement of each labelling."""
    block: IntArray
    """Each row's labelling (the rows of one labelling are consecutive, in order)."""
    source: IntArray
    """Each entry's labelling."""
    hands: IntArray
    """Each entry's hand type."""
    weights: FloatArray
    """Each entry's weight (of all its arrangements)."""

    def entries(self, columns: IntArray) -> tuple[IntArray, IntArray, FloatArray]:
        """Every (arrangement, hand) entry: its column (``columns``: each row's), its
        hand and its weight."""
        sizes = np.bincount(self.block)
        starts = np.cumsum(sizes) - sizes
        n = sizes[self.source]
        offset = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n)
        rows = np.repeat(starts[self.source], n) + offset
        return columns[rows], np.repeat(self.hands, n), np.repeat(self.weights / n, n)


class _Rows:
    """The position of rows of labels among the rows of a table (all distinct)."""

    def __init__(self, table: IntArray) -> None:
        self.table = table
        self.width = table.shape[1]
        self.base = int(table.max(initial=0)) + 1
        self.small = self.base**self.width < 2**62
        keys = self._keys(table)
        if self.small:
            self.order = np.argsort(keys)
            self.sorted = keys[self.order]
        else:
            self.index = {key: i for i, key in enumerate(keys)}

    def _keys(self, rows: IntArray) -> IntArray:
        if self.small:
            radix = np.array([self.base**i for i in range(self.width)][::-1], dtype=np.int64)
            return rows @ radix if self.width else np.zeros(len(rows), dtype=np.int64)
        return np.array([row.tobytes() for row in np.ascontiguousarray(rows)], dtype=object)

    def of(self, rows: IntArray) -> IntArray:
        """The positions of ``rows`` (each must be in the table)."""
        keys = self._keys(rows)
        if self.small:
            return np.asarray(self.order[np.searchsorted(self.sorted, keys)])
        return np.array([self.index[key] for key in keys], dtype=np.int64)


def _unique_rows(rows: IntArray) -> tuple[IntArray, IntArray]:
    """The distinct rows of a table of small non-negative integers, in lexicographic
    order, and the position of each row among them (as ``np.unique(axis=0)``, which
    sorts structured rows slowly: here rows are numbers when they fit in 62 bits).

    >>> unique, inverse = _unique_rows(np.array([[1, 0], [0, 2], [1, 0]]))
    >>> unique.tolist(), inverse.tolist()
    ([[0, 2], [1, 0]], [1, 0, 1])
    """
    width = rows.shape[1]
    base = int(rows.max(initial=0)) + 1
    if not len(rows) or base**width >= 2**62:
        unique, inverse = np.unique(rows, axis=0, return_inverse=True)
        return unique.reshape(-1, width), inverse.ravel()
    radix = np.array([base**i for i in range(width)][::-1], dtype=np.int64)
    keys, inverse = np.unique(rows @ radix, return_inverse=True)
    unique = (keys[:, None] // radix) % base
    return unique.astype(np.int64), inverse.ravel()


@cache
def _arrangements(size: int, counts: tuple[int, ...]) -> IntArray:
    """Every labelling of ``size`` seats with ``counts[t]`` of them labelled ``t`` and
    the others ``len(counts)``, one row each.

    >>> _arrangements(3, (1, 1)).tolist()
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0]]
    """
    rows: list[list[int]] = [[len(counts)] * size]
    for label, count in enumerate(counts):
        grown = []
        for row in rows:
            free = [i for i, value in enumerate(row) if value == len(counts)]
            for chosen in combinations(free, count):
                new = list(row)
                for i in chosen:
                    new[i] = label
                grown.append(new)
        rows = grown
    return np.array(rows, dtype=np.int64).reshape(len(rows), size)


def _assignments(items: int, capacities: list[int]) -> int:
    """The number of ways to give each of ``items`` labelled items one of the classes,
    each class at most its capacity.

    >>> _assignments(3, [3, 1]), _assignments(2, [0, 1]), _assignments(0, [])
    (4, 0, 1)
    """
    ways = [1] + [0] * items  # ways[k]: k items placed so far (exponential generating)
    for capacity in capacities:
        ways = [
            sum(ways[k - used] * comb(k, used) for used in range(min(k, capacity) + 1))
            for k in range(items + 1)
        ]
    return ways[items]


@cache
def _by_label(step: Step, labels: tuple[int, ...], count: int, forward: bool) -> Grouped:
    """A step's moves with a label below ``count``, grouped by (label of the hand
    dealt, state reached) for a forward pass or (label, state left) for a backward one."""
    per_move = np.array(labels, dtype=np.int64)[step.hand]
    moves = step.select(per_move < count)
    size = step.sizes[1] if forward else step.sizes[0]
    state = moves.dst if forward else moves.src
    return Grouped.of(moves, per_move[per_move < count] * size + state, count * size)
