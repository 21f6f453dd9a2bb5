"""What to do next: every action open to the viewpoint, ranked by expected information.

An action's outcome is the card seen (a peek) or the answer (a question). For the
decision D (who holds each of the viewpoint's targets), each action gets
``gain_bits = H(D) - sum_o P(o) H(D | o)`` and ``best_after = sum_o P(o) max_d
P(d right | o)``, exactly as the spec's ``hint`` section defines them.

The joint weights of (D, outcome) come from the engine: natively from the counting
engine (:meth:`decision_by_hand`), or, for any engine, by one tally per outcome
with the outcome added as an observation (the naive twin, used as the reference).

>>> from wooolf_solver import Round
>>> round_ = Round.load("examples/worked-example.yaml")
>>> advice = hint(round_)
>>> round(advice.entropy_bits, 6)
2.683062
>>> best = advice.actions[0]
>>> best.action.describe(), round(best.gain_bits, 6), round(best.best_after, 6)
('ask seat 1 is-sheep-shepherd-hunter', 0.998463, 0.807692)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache
from itertools import accumulate
from typing import Any, Literal, overload

import numpy as np
import numpy.typing as npt

from ...core.budget import max_memory
from ...core.conflict import minimal_conflict
from ...core.errors import InconsistentRecordError, InvalidRecordError
from ...core.gains import ranked
from ...core.knowledge import Observation
from ...core.words import NOBODY
from ...engines import Engine, Tally
from ...engines.lattice import FloatArray, IntArray
from .engines import engine as find_engine
from .engines.counter import CountingEngine
from .engines.deals import loops
from .engines.memo import Memo, position
from .engines.solver import posterior_of
from .model import Answered, Decision, RoundKnowledge, Seen, knowledge_of
from .posterior import Declaration, DeclarationTable, RoundPosterior
from .record import Round
from .rules import Hand, Seat

ActionKind = Literal["peek", "ask"]
Asked = tuple[tuple[ActionKind, str | None], ...]
"""What a seat is asked: the kind and question of each action on it, in order."""


@dataclass(frozen=True, order=True)
class Action:
    """A peek at ``target``, or asking ``target`` the question ``question``."""

    kind: ActionKind
    target: Seat
    question: str | None = None

    def describe(self) -> str:
        """``peek at seat 4`` or ``ask seat 1 has-hound``."""
        if self.kind == "peek":
            return f"peek at seat {self.target}"
        return f"ask seat {self.target} {self.question}"


@dataclass(frozen=True)
class ActionScore:
    """An action with its outcome probabilities and what it is expected to teach."""

    action: Action
    outcomes: dict[str, float]
    """P(outcome), for the outcomes with non-zero probability."""
    gain_bits: float
    targets: tuple[str, ...]
    """The viewpoint's targets, which the declarations point at."""
    after: Aftermath = field(repr=False, compare=False)
    """The hint's outcomes jointly with the decision, which :attr:`best_after` and
    :attr:`best_given` are read from when asked (a bot needs the gains alone)."""
    rows: range = field(repr=False, compare=False)
    """This action's outcomes among them (of any chance), in order."""
    live: tuple[int, ...] = field(repr=False, compare=False)
    """Those of :attr:`outcomes`, in its order."""

    @cached_property
    def best_after(self) -> float:
        """The expected chance that the best declaration is right after the outcome."""
        return self.after.best_after(self.rows, self.dead)

    @cached_property
    def best_given(self) -> dict[str, Declaration]:
        """The best declaration after each outcome."""
        return dict(zip(self.outcomes, self.after.best_given(self.live), strict=True))

    @property
    def dead(self) -> bool:
        """The outcome is already certain: the action teaches nothing."""
        return len(self.outcomes) == 1

    def reason(self) -> str:
        """One line a player can follow: what the likeliest outcomes would show."""
        if self.dead:
            (outcome,) = self.outcomes
            return f"the outcome is certain ({outcome}): it teaches nothing"
        parts = []
        ordered = sorted(self.outcomes.items(), key=lambda item: (-item[1], item[0]))
        for outcome, chance in ordered[:3]:
            best = self.best_given[outcome]
            chance_right = "certain" if best.certain else f"{best.probability:.0%}"
            pointers = ", ".join(
                f"{target} {seat}" if seat != NOBODY else f"no {target}"
                for target, seat in zip(self.targets, best.targets, strict=True)
            )
            parts.append(f"{outcome} ({chance:.0%}) → {pointers}: {chance_right}")
        more = f"; {len(ordered) - 3} more" if len(ordered) > 3 else ""
        return "; ".join(parts) + more

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"action": self.action.kind, "target": self.action.target}
        if self.action.question is not None:
            result["question"] = self.action.question
        result.update(
            gain_bits=self.gain_bits, best_after=self.best_after, outcomes=dict(self.outcomes)
        )
        return result


@dataclass(frozen=True)
class Advice:
    """When to declare: now (early, 2 points if right) or after the best action. Its
    figures are computed when first read, the best declaration and the actions'
    scores too: a bot sure enough of its best declaration needs no hint, a bot that
    may not declare yet no declarations."""

    find_best: Callable[[], Declaration] = field(repr=False, compare=False)
    """The best declaration now (:attr:`best`)."""
    scores: Callable[[], Sequence[ActionScore]] = field(repr=False, compare=False)
    """Every action's score, most informative first (:attr:`Hint.actions`)."""

    @cached_property
    def best(self) -> Declaration:
        """The best declaration now."""
        return self.find_best()

    @cached_property
    def informative(self) -> ActionScore | None:
        """The most informative action, if any action can change the chances."""
        return next((score for score in self.scores() if score.gain_bits > 0), None)

    @property
    def early_now(self) -> float:
        """Expected points of declaring early now: 2 × P(best right)."""
        return 2 * self.best.probability

    @cached_property
    def chance_after(self) -> float:
        """The best declaration's expected chance after the most informative action."""
        return self.informative.best_after if self.informative else self.best.probability

    @property
    def early_after(self) -> float:
        """Expected points of declaring early after the most informative action."""
        return 2 * self.chance_after

    @property
    def forced_guess(self) -> bool:
        """No action left can change the chances: the best declaration is a guess."""
        return self.informative is None

    @property
    def declare_now(self) -> bool:
        """Declare early now: the best declaration is certain, or at least even and
        the best action would raise its chance by less than :data:`DECLARE_NOW_MARGIN`."""
        p = self.best.probability
        return self.best.certain or (self.chance_after - p < DECLARE_NOW_MARGIN and p >= 0.5)

    def recommendation(self) -> str:
        p = self.best.probability
        if self.best.certain:
            return "Declare early now: your best declaration is certain."
        if self.forced_guess:
            return (
                f"No action can separate the candidates: declaring is a forced guess "
                f"({p:.0%}). Early, it is worth {self.early_now:.2f} points on average, "
                f"with a {1 - p:.0%} risk of a mistake marker."
            )
        if self.declare_now:
            return (
                f"Declare early now: {p:.0%} right, {self.early_now:.2f} points on average; "
                f"the best action would only raise that to {self.early_after:.2f}."
            )
        return (
            f"Take the best action first: declaring early after it is worth "
            f"{self.early_after:.2f} points on average, against {self.early_now:.2f} now."
        )


@dataclass(frozen=True)
class Hint:
    """Every action open to the viewpoint, most informative first, and advice."""

    def __repr__(self) -> str:
        return f"<hint: {len(self.actions)} actions, {self.entropy_bits:.2f} bits unknown>"

    posterior: RoundPosterior
    entropy_bits: float
    actions: Sequence[ActionScore]
    """Every action's score, most informative first (:class:`Ranked`)."""
    advice: Advice

    def to_dict(self) -> dict[str, Any]:
        """The spec's JSON object for ``hint``."""
        return {
            "entropy_bits": self.entropy_bits,
            "actions": [score.to_dict() for score in self.actions],
        }


DECLARE_NOW_MARGIN = 0.05
"""Declare early now when the best action raises the best declaration's expected
chance by less than this and the chance is at least one half."""


def hint(round_: Round, engine: str | None = None, naive: bool = False) -> Hint:
    """Score every action of the round's viewpoint (whose hand must be known).

    ``naive`` computes every outcome by a fresh tally (the reference); otherwise the
    engine's native joint is used when it has one. A position asked again (the lab's
    report after a bot's turn) gets the same answer back (see :mod:`.engines.memo`).
    """
    knowledge = knowledge_of(round_)
    key = (position(knowledge), actions_open(round_), engine, naive, max_memory())
    return HINTS.get(key, lambda: _hint(round_, knowledge, engine, naive), knowledge.game)


HINTS = Memo()
"""The hints, per position, actions open, engine and budget (see :mod:`.engines.memo`)."""
SPREADS = Memo(4096, lasting=True)
"""Each action's outcomes and their likelihoods per hand type of a free seat (the
chance factor included), by hand types (by identity) and action kind (the same in
every game of a deck)."""


def _hint(round_: Round, knowledge: RoundKnowledge, engine: str | None, naive: bool) -> Hint:
    counter = find_engine(engine)
    if not knowledge.targets:
        if not counter.consistent(knowledge):
            raise InconsistentRecordError(minimal_conflict(knowledge, counter))
        raise InvalidRecordError("viewpoint: a hint needs a viewpoint whose hand is known")
    table = OutcomeTables.of(knowledge, counter, naive)
    if table.tally.deals == 0:
        raise InconsistentRecordError(minimal_conflict(knowledge, counter))
    posterior = posterior_of(knowledge, engine, table.tally)

    @cache
    def declarations() -> DeclarationTable | SparseDeclarations:
        """The declarations' table (when first asked: a bot's action needs none)."""
        if table.sparse:
            return SparseDeclarations.of(knowledge, table.decisions)
        if tuple(table.tally.decision) == table.decisions:  # the posterior's own table
            return posterior.table
        return DeclarationTable.of(knowledge, table.decisions)

    def best() -> Declaration:
        found = declarations()
        full = found.table if isinstance(found, SparseDeclarations) else found
        return full.top(table.weights)  # the table is built: not again

    entropy = _entropy(table.weights)
    actions = actions_open(round_)
    each = table.of_actions(actions)
    ranked = Ranked(
        each, table.weights, entropy, targets=knowledge.targets, declarations=declarations
    )
    return Hint(posterior, entropy, ranked, Advice(best, lambda: ranked))


def actions_open(round_: Round) -> tuple[Action, ...]:
    """A peek at every other seat, and each of the viewpoint's questions (all of the
    game's when the record lists none) to every other non-neutral seat."""
    questions = round_.questions if round_.questions is not None else tuple(round_.game.questions)
    setup = round_.setup
    return _actions(setup.seats, setup.players, round_.viewpoint, tuple(dict.fromkeys(questions)))


@lru_cache(maxsize=1024)
def _actions(
    seats: int, players: int, viewpoint: Seat | None, questions: tuple[str, ...]
) -> tuple[Action, ...]:
    """:func:`actions_open` at a table of ``seats`` (the first ``players`` not
    neutral), kept: a lab asks for the same few again and again."""
    others = [seat for seat in range(1, seats + 1) if seat != viewpoint]
    peeks = [Action("peek", seat) for seat in others]
    asks = [Action("ask", seat, q) for q in questions for seat in others if seat <= players]
    return (*peeks, *asks)


@dataclass(frozen=True)
class OutcomeTables:
    """The weights of the decision values, jointly with any action's outcome."""

    knowledge: RoundKnowledge
    tally: Tally
    decisions: tuple[Decision, ...]
    weights: FloatArray
    hands: tuple[Hand, ...]
    """The free seats' hand types."""
    by_hand: Mapping[Seat, FloatArray]
    """Each free seat's joint with the decision (hand type, value)."""
    engine: Engine | None = None
    """Set for the naive twin, which tallies every outcome afresh."""
    sparse: bool = False
    """The counter's sparse joint (a bigger table): products avoid BLAS, whose
    threads stall on a busy machine, and dense tables over the decision values."""
    spreads: dict[tuple[str, str | None, Seat | None], tuple[list[str], FloatArray]] = field(
        default_factory=dict, repr=False
    )
    """Each action's outcomes and their likelihoods per hand (the chance factor
    included), by action kind, question and known target (``None`` for the free
    seats, which share their hand types)."""
    twins: Mapping[Seat, tuple[Seat, IntArray]] = field(default_factory=dict, repr=False)
    """Seats whose joint is another's, mirrored (:attr:`.engines.hands.DecisionJoint.twins`)."""

    @classmethod
    def of(cls, knowledge: RoundKnowledge, engine: Engine, naive: bool) -> OutcomeTables:
        if isinstance(engine, CountingEngine) and not naive:
            joint = engine.decision_by_hand(knowledge)
            return cls(
                knowledge,
                joint.tally,
                joint.decisions,
                joint.weights,
                joint.hands,
                joint.by_hand,
                sparse=joint.sparse,
                twins=joint.twins,
            )
        tally = engine.tally(knowledge)
        decisions = tuple(key for key, weight in tally.decision.items() if weight > 0)
        weights = np.array([tally.decision[key] for key in decisions])
        return cls(knowledge, tally, decisions, weights, (), {}, engine)

    def of_actions(self, actions: tuple[Action, ...]) -> Outcomes:
        """The outcomes of every action and the weights of (outcome, decision value):
        the weight of each decision value times the outcome's likelihood, with one
        product per target seat, or one for all the free seats asked the same way
        (their hands have the same types, so their outcomes the same likelihoods), a
        twin's read off its twin's (mirrored). The actions come grouped so, by seat."""
        if self.engine is not None:
            each = [self._naive(action) for action in actions]
            tallied = self._rows([joint for _, joint in each])
            return Outcomes(actions, [names for names, _ in each], tallied, _action_ranks(actions))
        layout = _Layout.of(actions, tuple(self.knowledge.hands), self.sparse)
        if self.sparse:
            return self._sparse_actions(layout)
        names: list[list[str]] = []
        joints: list[FloatArray] = []
        for asked, targets, shared in layout.groups:
            outcomes, spread = self._spreads(targets[0], asked, shared)
            direct = [t for t in targets if self.twins.get(t, (0,))[0] not in targets]
            if len(direct) > 1:  # (outcome, hand) times every seat's (hand, value)
                products = list(np.matmul(spread, np.stack([self._hands(t)[1] for t in direct])))
            else:
                products = [self._times(direct[0], spread)]
            found = dict(zip(direct, products, strict=True))
            for target in targets:
                if target not in found:
                    twin, mirror = self.twins[target]
                    found[target] = found[twin][:, mirror]
                names.extend(outcomes)
                joints.append(found[target])
        return Outcomes(layout.actions, names, self._rows(joints), layout.ranks)

    def _sparse_actions(self, layout: _Layout) -> Outcomes:
        """:meth:`of_actions` on the sparse joint (a big table: one group per seat),
        every product written in place in the rows of all the outcomes, and a twin's
        read off its twin's product for the same actions, mirrored: a twin's table is
        never made."""
        names: list[list[str]] = []
        plans: list[tuple[Seat, Asked, FloatArray]] = []
        for asked, targets, shared in layout.groups:
            outcomes, spread = self._spreads(targets[0], asked, shared)
            for target in targets:
                names.extend(outcomes)
                plans.append((target, asked, spread))
        joints = np.empty((sum(map(len, names)), len(self.weights)))
        done: dict[tuple[Seat, Asked], FloatArray] = {}
        row = 0
        for target, asked, spread in plans:
            out = joints[row : row + len(spread)]
            row += len(spread)
            twin, mirror = self.twins.get(target, (target, None))
            if mirror is not None and (twin, asked) in done:
                np.take(done[twin, asked], mirror, axis=1, out=out)
            else:
                done[target, asked] = self._times(target, spread, out)
        return Outcomes(layout.actions, names, joints, layout.ranks)

    def _rows(self, joints: list[FloatArray]) -> FloatArray:
        """The actions' joints, one after the other (none: no row)."""
        return np.concatenate(joints) if joints else np.zeros((0, len(self.weights)))

    def _spreads(
        self, target: Seat, asked: Asked, shared: bool
    ) -> tuple[list[list[str]], FloatArray]:
        """The outcomes of every action asked of ``target`` (``asked``: its kind and
        question) and their likelihoods on each of its hands, one after the other;
        ``shared``: the same for every free seat, kept for the deck."""
        if not shared:
            spreads = [self._spread(Action(kind, target, question)) for kind, question in asked]
            return [names for names, _ in spreads], np.concatenate([s for _, s in spreads])
        hands, _ = self._hands(target)

        def made() -> tuple[list[list[str]], FloatArray]:
            return self._spreads(target, asked, shared=False)

        return SPREADS.get((id(hands), asked), made, hands)

    def _outcomes(self, action: Action) -> tuple[list[str], list[Observation], float]:
        """An action's outcomes, as names and as observations, and the chance factor
        of each (a peek picks one of the target's cards at random)."""
        game = self.knowledge.game
        target = action.target
        if action.kind == "peek":
            known = self.knowledge.hands.get(target)
            cards = sorted(set(known)) if known else [c for c, _ in self.knowledge.free_cards]
            observations: list[Observation] = [Seen(0, target, card) for card in cards]
            return [card.name for card in cards], observations, 1 / game.hand_size
        if action.question is None:
            raise InvalidRecordError("ask: a question is needed")
        question = game.questions[action.question]
        asked = [Answered(0, target, question, yes, game=game) for yes in (True, False)]
        return ["yes", "no"], list(asked), 1.0

    def _naive(self, action: Action) -> tuple[list[str], FloatArray]:
        """One action's outcomes and weights by the naive twin."""
        if self.engine is None:
            raise TypeError("the naive twin needs an engine")
        names, observations, per_card = self._outcomes(action)
        return names, self._tallied(self.engine, observations) * per_card

    def _hands(self, target: Seat) -> tuple[tuple[Hand, ...], FloatArray]:
        """The hands ``target`` may hold, and its joint with the decision (hand, value)."""
        known = self.knowledge.hands.get(target)
        if target in self.by_hand:
            return self.hands, self.by_hand[target]
        if known is not None:  # a known hand: the outcome does not depend on the decision
            return (known,), self.weights[None, :]
        raise InvalidRecordError(f"seat {target} is not at the table")

    def _spread(self, action: Action) -> tuple[list[str], FloatArray]:
        """An action's outcomes and their likelihood on each hand of the target
        (outcome, hand), the chance factor included: the same for every free seat,
        so computed once per action kind and question."""
        target = action.target
        known = self.knowledge.hands.get(target)
        key = (action.kind, action.question, target if known else None)
        if key not in self.spreads:
            hands, _ = self._hands(target)

            def outcomes() -> tuple[list[str], FloatArray]:
                names, observations, per_card = self._outcomes(action)
                likelihoods = [
                    [obs.likelihood({target: hand}) for hand in hands] for obs in observations
                ]
                return names, np.array(likelihoods, dtype=np.float64) * per_card

            if known:  # one hand: nothing worth keeping
                self.spreads[key] = outcomes()
            else:  # the free seats' hand types are shared by every position of the deck
                # (:meth:`.engines.hands.HandTypes.of`), kept alive with the entry: by identity
                kept = (id(hands), action.kind, action.question)
                self.spreads[key] = SPREADS.get(kept, outcomes, hands)
        return self.spreads[key]

    def _times(self, target: Seat, spread: FloatArray, out: FloatArray | None = None) -> FloatArray:
        """``spread`` (outcome, hand of ``target``) times the target's joint (into
        ``out`` when given)."""
        _, table = self._hands(target)
        if self.sparse:  # over the hands the seat may hold only
            rows = np.flatnonzero(table.any(axis=1))  # its rows copied for this product only
            return np.asarray(np.einsum("oh,hd->od", spread[:, rows], table[rows], out=out))
        return np.asarray(spread @ table)

    def _tallied(self, engine: Engine, observations: list[Observation]) -> FloatArray:
        """The naive twin: one tally per outcome, the outcome added as an observation."""
        index = {key: k for k, key in enumerate(self.decisions)}
        joint = np.zeros((len(observations), len(self.decisions)))
        for row, observation in enumerate(observations):
            extended = replace(
                self.knowledge, observations=(*self.knowledge.observations, observation)
            )
            for key, weight in engine.tally(extended).decision.items():
                joint[row, index[key]] = weight
        return joint


class Ranked(Sequence[ActionScore]):
    """Every action's score, most informative first (equal gains: by action), each
    made when first read: a bot reads the first alone, the report whether any action
    teaches something (the first, as the gains are ranked).

    The gains are ranked by :func:`wooolf_solver.core.gains.ranked` as they are, not
    rounded: the compiled and the array scoring give the same floats to the last bit,
    and the goldens and the lab's games were played in that order (rounded, two peeks
    of gains a few units of the last place apart would swap).

    The chances and gains of all the actions come at once (:func:`.engines.deals.loops`'
    ``outcome_gains``), from their outcomes and those outcomes' joint weights with the
    decision (:meth:`OutcomeTables.of_actions`); the declarations after them when
    asked (:class:`Aftermath`)."""

    def __init__(
        self,
        each: Outcomes,
        weights: FloatArray,
        entropy: float,
        *,
        targets: tuple[str, ...],
        declarations: Callable[[], DeclarationTable | SparseDeclarations],
    ) -> None:
        self.names = each.names
        self.actions = each.actions
        self.targets = targets
        self.scores: dict[int, ActionScore] = {}
        if not self.actions:
            self.order: list[int] = []
            return
        self.after = Aftermath(each.joints, weights, declarations)
        starts = np.fromiter(accumulate(map(len, self.names), initial=0), dtype=np.int64)
        chances, gains = loops().outcome_gains(self.after.joints, self.after.total, entropy, starts)
        self.chances: list[float] = chances.tolist()
        self.gains: list[float] = gains.tolist()
        self.starts: list[int] = starts.tolist()
        self.order = ranked(range(len(gains)), self.gains.__getitem__, each.ranks.item, None)

    def __len__(self) -> int:
        return len(self.order)

    @overload
    def __getitem__(self, index: int) -> ActionScore: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ActionScore]: ...

    def __getitem__(self, index: int | slice) -> ActionScore | Sequence[ActionScore]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        k = self.order[index]
        if k not in self.scores:
            start, stop = self.starts[k], self.starts[k + 1]
            names = self.names[k]
            live = [row for row in range(start, stop) if self.chances[row] > 0]
            outcomes = {names[row - start]: self.chances[row] for row in live}
            self.scores[k] = ActionScore(
                self.actions[k],
                outcomes,
                self.gains[k],
                self.targets,
                self.after,
                range(start, stop),
                tuple(live),
            )
        return self.scores[k]


@dataclass(frozen=True, eq=False)
class Outcomes:
    """Every action's outcomes jointly with the decision (:meth:`OutcomeTables.of_actions`):
    the actions in the order of their rows, each one's outcomes, and the weight of
    every (outcome, decision value), each action's outcomes together."""

    actions: tuple[Action, ...]
    names: list[list[str]]
    """Each action's outcomes."""
    joints: FloatArray
    ranks: IntArray
    """Each action's place among them in the actions' own order (equal gains rank by it)."""


@dataclass(frozen=True, eq=False)
class _Layout:
    """How a hint's products are laid out for a table's actions: the groups of seats
    asked the same way (their actions' kinds and questions, the seats, and whether
    their hands are free, so their outcomes' likelihoods the same), and the actions
    in that order, seat after seat."""

    groups: tuple[tuple[Asked, tuple[Seat, ...], bool], ...]
    actions: tuple[Action, ...]
    ranks: IntArray

    @classmethod
    def of(cls, actions: tuple[Action, ...], known: tuple[Seat, ...], sparse: bool) -> _Layout:
        """The layout for these actions, the seats of these known hands and a sparse
        joint or not (kept: :func:`actions_open` gives the same few tuples again and
        again; by identity, the tuple kept alive with it)."""
        return LAYOUTS.get(
            (id(actions), known, sparse), lambda: cls._of(actions, known, sparse), actions
        )

    @classmethod
    def _of(cls, actions: tuple[Action, ...], known: tuple[Seat, ...], sparse: bool) -> _Layout:
        by_target: dict[Seat, list[Action]] = {}
        for action in actions:
            by_target.setdefault(action.target, []).append(action)
        alike: dict[tuple[Asked, Seat | None], list[Seat]] = {}
        for target, asked in by_target.items():
            shared = target not in known and not sparse
            key = (tuple((a.kind, a.question) for a in asked), target if not shared else None)
            alike.setdefault(key, []).append(target)
        groups = tuple(
            (asked, tuple(seats), seat is None) for (asked, seat), seats in alike.items()
        )
        ordered = tuple(
            action for _, seats, _ in groups for seat in seats for action in by_target[seat]
        )
        return cls(groups, ordered, _action_ranks(ordered))


LAYOUTS = Memo(256, lasting=True)
"""The layouts of the actions open at a table (see :meth:`_Layout.of`)."""


def _action_ranks(actions: tuple[Action, ...]) -> IntArray:
    """Each action's place among them in the actions' own order (equal gains rank by it)."""
    ranks = np.empty(len(actions), dtype=np.int64)
    ranks[sorted(range(len(actions)), key=actions.__getitem__)] = np.arange(len(actions))
    return ranks


@dataclass(frozen=True, eq=False)
class Aftermath:
    """The outcomes of a hint's actions jointly with the decision (one row per
    outcome), and what the declarations would be after each, read when asked."""

    joints: FloatArray
    """The weight of (outcome, decision value)."""
    weights: FloatArray
    """The decision values' weights now."""
    declarations_of: Callable[[], DeclarationTable | SparseDeclarations]
    """The declarations' table, when first needed (:attr:`declarations`)."""

    @cached_property
    def declarations(self) -> DeclarationTable | SparseDeclarations:
        """Which declarations are right for which decision values."""
        return self.declarations_of()

    @cached_property
    def total(self) -> float:
        return float(self.weights.sum())

    @cached_property
    def now(self) -> float:
        """The best declaration's chance now (after an action that teaches nothing)."""
        return float(self.declarations.best(self.weights[:, None])[0]) / self.total

    def best_after(self, rows: range, dead: bool) -> float:
        """The expected chance of the best declaration after one of these outcomes
        (the whole numbers of each row's best mass, added in order)."""
        if dead:
            return self.now
        masses = self.declarations.mass_rows(self.joints[rows.start : rows.stop])
        return float(masses.max(axis=1).sum()) / self.total

    def best_given(self, rows: Sequence[int]) -> list[Declaration]:
        """The best declaration after each of these outcomes (of non-zero weight)."""
        joints = self.joints[list(rows)]
        return self.declarations.tops(self.declarations.mass_rows(joints), joints)


class SparseDeclarations:
    """A :class:`DeclarationTable`'s ``best`` and ``mass_rows`` from its non-zero
    entries alone (a declaration is right for a few holders of each target), for the
    big tables of the counter's sparse joint: no dense product over the decision
    values, no BLAS. With two targets the weights are first summed by the first
    target's holders (few) and the second pointer."""

    def __init__(self, table: DeclarationTable, held: list[npt.NDArray[np.bool_]]) -> None:
        self.table = table
        self.targets = table.targets
        candidates, self.decisions = np.nonzero(table.right)  # by candidate
        edges = np.r_[True, candidates[1:] != candidates[:-1]] if len(candidates) else []
        self.starts = np.flatnonzero(edges)
        self.rows = candidates[self.starts]
        self.pointers = len(held[0]) if held else 0
        if len(held) == 2:  # groups of the first target's holders; (group, pointer) pairs
            bits = np.int64(1) << np.arange(self.pointers, dtype=np.int64)
            keys, group = np.unique(bits @ held[0], return_inverse=True)
            self.first = ((keys[:, None] >> np.arange(self.pointers)) & 1).astype(np.float64)
            pointer, decision = np.nonzero(held[1])
            key = group.ravel()[decision] * self.pointers + pointer
            order = np.argsort(key, kind="stable")
            self.pair_decisions = decision[order]
            self.pair_starts = np.flatnonzero(np.r_[True, np.diff(key[order]) != 0])
            self.pair_keys = key[order][self.pair_starts]

    @classmethod
    def of(cls, knowledge: RoundKnowledge, decisions: tuple[Decision, ...]) -> SparseDeclarations:
        """For the table of :meth:`DeclarationTable.of`."""
        return cls(*DeclarationTable.with_holders(knowledge, decisions))

    def mass(self, weights: FloatArray) -> FloatArray:
        """``table.ones @ weights``: each declaration's weight of being right."""
        if weights.ndim == 1:
            return np.asarray(self.mass_rows(weights[None, :])[0])
        return np.asarray(self.mass_rows(np.ascontiguousarray(weights.T)).T)

    def mass_rows(self, weights: FloatArray) -> FloatArray:
        """:meth:`mass` of each row of ``weights`` (outcome, decision value), by row."""
        if len(self.targets) == 2 and len(self.pair_starts):
            groups = len(self.first)
            second = np.zeros((len(weights), groups * self.pointers))
            picked = weights[:, self.pair_decisions]
            second[:, self.pair_keys] = np.add.reduceat(picked, self.pair_starts, axis=1)
            by_group = second.reshape(len(weights), groups, self.pointers)
            mass: FloatArray = np.matmul(self.first.T[None], by_group)  # small: no threads
            return mass.reshape(len(weights), -1)
        out = np.zeros((len(weights), len(self.table.candidates)))
        if len(self.starts):
            out[:, self.rows] = np.add.reduceat(weights[:, self.decisions], self.starts, axis=1)
        return out

    def best(self, weights: FloatArray) -> FloatArray:
        """As :meth:`DeclarationTable.best`."""
        return np.asarray(self.mass(weights).max(axis=0))

    def tops(self, mass: FloatArray, weights: FloatArray) -> list[Declaration]:
        """As :meth:`DeclarationTable.tops`."""
        return self.table.tops(mass, weights)


def _entropy(weights: FloatArray) -> float:
    """The entropy in bits of the distribution proportional to ``weights``."""
    positive = weights[weights > 0]
    p = positive / positive.sum()
    return float(-(p * np.log2(p)).sum()) if len(p) > 1 else 0.0
