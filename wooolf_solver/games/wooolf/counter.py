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
  half of the seats and backward over the second half, joined in the middle.

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.knowledge import knowledge_of
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
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import product
from math import factorial
from typing import ClassVar

import numpy as np

from ...core.knowledge import Observation
from ...engines.base import Tally
from ...engines.lattice import Array, FloatArray, Grouped, IntArray, Lattice, Step, build_lattice
from .knowledge import Announced, Decision, RoundKnowledge, Seen
from .rules import Card, Character, Seat

ClassKey = tuple[str, ...]
"""An announcer class: what a peeker announces on each card of the deck."""

EXACT_FLOAT_LIMIT = 2**53


class CountingEngine:
    """Exact counts by dynamic programming over seats, one pass per hypothesis."""

    name: ClassVar[str] = "counter"

    def tally(self, knowledge: RoundKnowledge) -> Tally:
        model = _Model(knowledge)
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
        """The viewpoint's decision jointly with every free seat's hand (for hints)."""
        model = _Model(knowledge)
        model.prune()
        if not len(model.factors):  # nothing is consistent
            return DecisionJoint((), np.zeros(0), model.hand_cards, {}, Tally(0, 0.0, {}))
        return model.decision_by_hand()

    def consistent(self, knowledge: RoundKnowledge) -> bool:
        model = _Model(knowledge)
        return bool(model.scale @ model.forward(model.factors)[-1][:, 0] > 0)


@dataclass(frozen=True)
class _Hypothesis:
    """An announcer class for every free peeker."""

    classes: dict[Seat, ClassKey]


class _Model:
    """The factors of one knowledge under every live hypothesis."""

    def __init__(self, knowledge: RoundKnowledge) -> None:
        self.knowledge = knowledge
        game = knowledge.game
        self.kinds: tuple[Card, ...] = tuple(card for card, _ in knowledge.free_cards)
        counts = tuple(count for _, count in knowledge.free_cards)
        self.lattice: Lattice = build_lattice(counts, game.hand_size)
        self.seats: tuple[Seat, ...] = knowledge.free_seats
        self.hand_cards = tuple(tuple(self.kinds[i] for i in hand) for hand in self.lattice.hands)
        self.identities: tuple[Character, ...] = tuple(
            game.identity(cards) for cards in self.hand_cards
        )
        self.hand_kinds: IntArray = np.array(self.lattice.hands, dtype=np.int64).reshape(
            len(self.lattice.hands), game.hand_size
        )
        deck = tuple(card for card, _ in knowledge.setup.cards)
        self.class_of = {
            name: tuple(game.announcement(character, card) for card in deck)
            for name, character in game.characters.items()
        }
        self.speaker = {key: game.characters[name] for name, key in self.class_of.items()}
        hypotheses = self._hypotheses()
        factors = np.ones((len(hypotheses), len(self.seats), len(self.hand_cards)))
        scale = np.ones(len(hypotheses))
        self._apply(hypotheses, factors, scale)
        live = scale > 0
        self.factors: FloatArray = factors[live]
        self.scale: FloatArray = scale[live]

    def prune(self) -> list[Array]:
        """Drop the hypotheses that no deal fulfils (they weigh nothing); return the
        forward pass of those left."""
        forward = self.forward(self.factors)
        live = forward[-1][:, 0] > 0
        self.factors, self.scale = self.factors[live], self.scale[live]
        return [level[live] for level in forward]

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
        hypotheses = []
        for classes in product(possible, repeat=len(peekers)):
            used = defaultdict(int, {key: classes.count(key) for key in set(classes)})
            if all(used[key] <= capacity[key] for key in used):
                hypotheses.append(_Hypothesis(dict(zip(peekers, classes, strict=True))))
        return hypotheses

    def _apply(self, hypotheses: list[_Hypothesis], factors: FloatArray, scale: FloatArray) -> None:
        """Multiply in every observation and every peeker's class restriction."""
        position = {seat: index for index, seat in enumerate(self.seats)}
        hand_classes = [self.class_of[identity.name] for identity in self.identities]
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
                if (index, peeker) not in numerators:
                    numerators[index, peeker] = self._numerator(obs, peeker)
                numerator = numerators[index, peeker]
                target: Seat = obs.scope()[-1]
                if target in position:
                    factors[b, position[target]] *= numerator
                else:
                    scale[b] *= numerator

    def _numerator(self, obs: Observation, peeker: ClassKey) -> Array:
        """The observation's likelihood numerator (for an announcement, by a peeker of
        class ``peeker``): for every hand type of a free target, or (as a 0-d array)
        for a target whose hand is known."""
        game = self.knowledge.game
        target: Seat = obs.scope()[-1]
        known = self.knowledge.hands.get(target)
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
        hands = [known] if known is not None else self.hand_cards
        values = [obs.likelihood({target: cards}) for cards in hands]  # one-seat observations
        return np.array(values if known is None else values[0], dtype=np.float64)

    # -- passes ---------------------------------------------------------------------

    def forward(self, factors: Array) -> list[Array]:
        """Weights of the partial deals after each seat, per hypothesis and state."""
        exact = factors.dtype == object
        levels = [np.ones((len(factors), 1), dtype=factors.dtype)]
        for j, step in enumerate(self.lattice.steps):
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
        if bound < EXACT_FLOAT_LIMIT:
            last = self.forward(support.astype(np.float64))[-1][:, 0]
            return round(float(last.sum()))
        last = self.forward(support.astype(object))[-1][:, 0]
        return int(sum(last))

    # -- the decision -----------------------------------------------------------------

    @cached_property
    def labels(self) -> IntArray:
        """Each hand type's label: the index of its identity among the targets, or
        ``len(targets)`` for any other identity."""
        targets = self.knowledge.targets
        return np.array(
            [targets.index(i.name) if i.name in targets else len(targets) for i in self.identities],
            dtype=np.int64,
        )

    def decision(self) -> dict[Decision, float]:
        """The weight of every value of the viewpoint's decision."""
        if not self.knowledge.targets:
            return {}
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
        digits = _digits(support, shape)
        hands = len(self.hand_cards)
        by_hand: dict[Seat, FloatArray] = {}
        twin_of: dict[bytes, int] = {}
        for t, seat in enumerate(self.seats):
            key = self.factors[:, t, :].tobytes()
            if key in twin_of:  # same factors as an earlier seat: the same joint, mirrored
                twin = twin_of[key]
                swapped = digits.copy()
                swapped[[t, twin]] = digits[[twin, t]]
                mirror = np.searchsorted(support, np.ravel_multi_index(tuple(swapped), shape))
                by_hand[seat] = by_hand[self.seats[twin]][:, mirror]
                continue
            twin_of[key] = t
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
            by_hand[seat] = full.reshape(hands, -1)[:, support]
        weights = weights[support]
        tally = self._tally(decisions, weights, by_hand)
        return DecisionJoint(decisions, weights, self.hand_cards, by_hand, tally)

    def _tally(
        self, decisions: tuple[Decision, ...], weights: FloatArray, by_hand: dict[Seat, FloatArray]
    ) -> Tally:
        """The tally, read off the hand joints of every free seat."""
        per_hand = {seat: joint.sum(axis=1) for seat, joint in by_hand.items()}
        total = float(weights.sum())
        return Tally(
            self.deals(),
            total,
            self.roles(total, per_hand),
            dict(zip(decisions, weights.tolist(), strict=True)),
        )

    def roles(self, total: float, per_hand: dict[Seat, FloatArray]) -> dict[Seat, dict[str, float]]:
        """Every seat's identity weights, from each free seat's hand weights."""
        roles = {
            seat: {self.knowledge.game.identity(hand).name: total}
            for seat, hand in self.knowledge.hands.items()
        }
        for seat, weights in per_hand.items():
            named: defaultdict[str, float] = defaultdict(float)
            for index, weight in enumerate(weights.tolist()):
                if weight > 0:
                    named[self.identities[index].name] += weight
            roles[seat] = dict(named)
        return {seat: roles[seat] for seat in self.knowledge.seats}

    def decisions_of(self, codes: IntArray) -> tuple[Decision, ...]:
        """The decision values of label codes (one base-(targets + 1) digit per free
        seat, the first seat most significant), the known hands included."""
        targets = self.knowledge.targets
        known: list[list[Seat]] = [[] for _ in targets]
        for seat, hand in self.knowledge.hands.items():
            name = self.knowledge.game.identity(hand).name
            if name in targets:
                known[targets.index(name)].append(seat)
        shape = (len(targets) + 1,) * len(self.seats)
        digits = _digits(codes, shape)
        seats = np.array(self.seats, dtype=np.int64)
        return tuple(
            tuple(frozenset(known[t] + seats[column == t].tolist()) for t in range(len(targets)))
            for column in digits.T
        )

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


@dataclass(frozen=True)
class DecisionJoint:
    """The viewpoint's decision jointly with the hand of each free seat."""

    decisions: tuple[Decision, ...]
    """Every value of the decision with non-zero weight."""
    weights: FloatArray
    """Their weights."""
    hands: tuple[tuple[Card, ...], ...]
    """The hand types."""
    by_hand: dict[Seat, FloatArray]
    """For each free seat: weight of (hand type, decision value), shape (hands, values)."""
    tally: Tally
    """The tally of the same knowledge, read off the joints."""


def _digits(codes: IntArray, shape: tuple[int, ...]) -> IntArray:
    """The digits of label codes, one row per free seat (none when every hand is known)."""
    if not shape:
        return np.zeros((0, len(codes)), dtype=np.int64)
    return np.array(np.unravel_index(codes, shape), dtype=np.int64).reshape(len(shape), -1)


@cache
def _by_label(step: Step, labels: tuple[int, ...], count: int, forward: bool) -> Grouped:
    """A step's moves with a label below ``count``, grouped by (label of the hand
    dealt, state reached) for a forward pass or (label, state left) for a backward one."""
    per_move = np.array(labels, dtype=np.int64)[step.hand]
    moves = step.select(per_move < count)
    size = step.sizes[1] if forward else step.sizes[0]
    state = moves.dst if forward else moves.src
    return Grouped.of(moves, per_move[per_move < count] * size + state, count * size)
