"""The fast exact engine: worlds counted, never enumerated.

Every fact of a Werewolf knowledge is about one seat's role, about the number of
werewolves among a set of living seats, or about a few latent values (the lovers, where
the one witch and the one seer sit). The counter enumerates those few values in
*branches* (the lovers: each special pair, one class for all the others; the witch's
place: by which nights she lived through; the seer's place: at each seat whose claim
names checks, or elsewhere), turns every other fact into a weight per (seat, role)
(signed, when a claim's likelihood ``f + (t - f)·[its checks hold]`` is expanded), and
counts the assignments of the deck to the seats exactly with a dynamic programme over
*groups* of interchangeable seats (same weights, same deaths): the werewolves first (the
count constraints are checked there), then each other kind, the most copious kind
filling what is left. Role marginals come from a forward-backward pass.

With a thief, a world is read as the roles played plus the left-over card not kept (one
more slot, ``U``): each such assignment stands for ``2N`` exchanges (any seat dealt the
thief, either slot taken) and two deals with the thief left over (weight 2 each), or for
2 exchanges when the thief's seat is known.

>>> from wooolf_solver.games.werewolf.record import read_record
>>> from wooolf_solver.games.werewolf.model import knowledge_of
>>> record = read_record({"game": "werewolf", "players": 3,
...     "roles": {"thief": 1, "werewolf": 1, "villager": 1}})
>>> counts = count(knowledge_of(record))
>>> count(knowledge_of(record), indicator=True).worlds, counts.roles[1]["werewolf"] / counts.total
(32, 0.25)

Its tally also weighs each claiming seat's last claim being false (the ``lying`` query):
here seat 2's, a werewolf's (weight 1/9 under ``mimic``: the role and the answer, each
one of 3 names) against the seer's, honest and right (weight 1), both scaled by 9.

>>> record = read_record({"game": "werewolf", "players": 3, "roles": {"werewolf": 1,
...     "seer": 1, "villager": 1}, "viewpoint": 1, "cards": {1: "villager"}, "events": [
...     {"night": 1}, {"dawn": 1}, {"seat": 2, "claims": "seer", "checked": {1: "villager"}}]})
>>> tally = CountingEngine().tally(knowledge_of(record))
>>> tally.query("lying"), tally.total
({2: 1}, 10)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from math import comb, factorial, prod
from typing import Any, ClassVar

from ....core.knowledge import RoleIs
from ....engines.base import Tally, Weight
from ..model import (
    LYING,
    ClaimMade,
    DawnVictims,
    GoesOn,
    LoversAre,
    PackIs,
    PiperPlays,
    Prior,
    RoleIn,
    SeerSaw,
    Took,
    WerewolfKnowledge,
    sees,
)
from ..rules import CUPID, PIPER, THIEF, WEREWOLF, WITCH, Seat

SEER = "seer"
U = 0
"""The pseudo-seat of the left-over card the thief did not keep."""

Weights = dict[str, int]


@dataclass
class Counts:
    """Exact sums over the type-level worlds: how many have a non-zero weight, their total
    weight, each seat's weight per role and each claim's weight of being true."""

    worlds: int = 0
    total: int = 0
    roles: dict[Seat, defaultdict[str, int]] = field(default_factory=dict)
    true: defaultdict[Seat, int] = field(default_factory=lambda: defaultdict(int))


@dataclass(frozen=True)
class _Case:
    """One branch's facts: weights per (seat, role), the werewolf counts, the U slot."""

    weights: Mapping[int, Weights]
    coefficient: int
    true_for: Seat | None = None
    """The seat whose last claim is true in every world of this branch (its T term)."""


class CountingEngine:
    """Counts the worlds of a Werewolf knowledge (see the module's docstring)."""

    name: ClassVar[str] = "fast"

    def tally(self, knowledge: Any) -> Tally:
        if not isinstance(knowledge, WerewolfKnowledge):
            raise TypeError("the counter counts Werewolf knowledge only")
        memo: Memo = {}
        counts, weights = count(knowledge, memo=memo), count(knowledge, True, memo)
        per_world = prod(factorial(n) for _, n in knowledge.space.cards)
        roles = {
            seat: {role: w * per_world for role, w in by_role.items() if w}
            for seat, by_role in counts.roles.items()
        }
        queries: dict[str, Mapping[Hashable, Weight]] = {}
        if knowledge.query_names:
            lies = _lying(knowledge, counts)
            queries[LYING] = {seat: w * per_world for seat, w in lies.items() if w}
        total = counts.total * per_world
        return Tally(weights.worlds * per_world, total, roles, queries=queries)

    def consistent(self, knowledge: Any) -> bool:
        return count(knowledge, indicator=True).worlds > 0


def _lying(knowledge: WerewolfKnowledge, counts: Counts) -> dict[Seat, int]:
    """The weight of each claiming seat's last claim being false."""
    out = {}
    for seat, claim in knowledge.last_claims.items():
        if claim.claim.checked:
            true = counts.true[seat]
        else:
            true = counts.roles[seat].get(claim.claim.claims, 0)
        out[seat] = counts.total - true
    return out


# -- the count ---------------------------------------------------------------------------


Memo = dict[Any, tuple[int, dict[int, dict[str, int]]]]
"""The programme's results by the weights they were computed for."""


def count(
    knowledge: WerewolfKnowledge, indicator: bool = False, memo: Memo | None = None
) -> Counts:
    """Exact sums over the knowledge's worlds (``indicator``: each world of non-zero weight
    weighs 1, so ``worlds`` and ``total`` count them; ``memo``: results to share between
    counts of the same knowledge)."""
    return _Counter(knowledge, indicator, {} if memo is None else memo).run()


class _Counter:
    def __init__(self, knowledge: WerewolfKnowledge, indicator: bool, memo: Memo) -> None:
        self.knowledge = knowledge
        self.indicator = indicator
        layout = knowledge.layout
        self.layout = layout
        self.seats = layout.seats
        self.players = layout.players
        deck: Counter[str] = Counter(dict(knowledge.space.cards))
        for hand in knowledge.space.known.values():
            deck.update(hand)
        if layout.thief:
            deck[THIEF] -= 1
        self.deck = {kind: n for kind, n in sorted(deck.items()) if n > 0}
        self.slots: tuple[int, ...] = (*self.seats, *((U,) if layout.thief else ()))
        self.unary: dict[int, Weights] = {s: dict.fromkeys(self.deck, 1) for s in self.slots}
        for seat, hand in knowledge.space.known.items():
            self.restrict(seat, {hand[0]})
        self.goes_on: list[tuple[frozenset[Seat], bool]] = []
        self.dawns: list[DawnVictims] = []
        self.claims: list[ClaimMade] = []
        self.pairs: set[tuple[Seat, Seat]] = set()
        self.took: set[Seat] = set()
        self.piper_plays = False
        self.memo = memo
        self.factors: dict[int, Weights] = {}
        self.read(knowledge)

    # -- compiling the observations ----------------------------------------------------

    def restrict(self, seat: int, allowed: set[str] | frozenset[str], holds: bool = True) -> None:
        weights = self.unary[seat]
        for kind in weights:
            if (kind in allowed) != holds:
                weights[kind] = 0

    def read(self, knowledge: WerewolfKnowledge) -> None:
        for observation in knowledge.observations:
            if isinstance(observation, RoleIn):
                self.restrict(observation.seat, observation.roles, observation.holds)
            elif isinstance(observation, RoleIs):  # a fact's negation, asked by `why`
                self.restrict(observation.seat, {observation.role}, observation.holds)
            elif isinstance(observation, SeerSaw):
                alignment = observation.alignment
                seen = {k for k in self.deck if sees(k, alignment) == observation.seen}
                self.restrict(observation.target, seen)
            elif isinstance(observation, PackIs):
                for seat in observation.pack:
                    self.restrict(seat, {WEREWOLF})
                for seat in set(observation.living) - observation.pack:
                    self.restrict(seat, {WEREWOLF}, holds=False)
            elif isinstance(observation, LoversAre):
                self.pairs.add(observation.pair)
                if observation.seat not in observation.pair:
                    self.restrict(observation.seat, {CUPID})
            elif isinstance(observation, PiperPlays):
                self.piper_plays = True
                for seat in observation.charmed:
                    self.restrict(seat, {PIPER}, holds=False)
            elif isinstance(observation, Took):
                self.took.add(observation.seat)
                self.restrict(observation.seat, {observation.role})
            elif isinstance(observation, GoesOn):
                self.goes_on.append((frozenset(observation.living), observation.parity))
            elif isinstance(observation, DawnVictims):
                self.dawns.append(observation)
            elif isinstance(observation, ClaimMade):
                self.claims.append(observation)
            elif not isinstance(observation, Prior):
                raise TypeError(f"the counter cannot count {type(observation).__name__}")

    # -- branches ------------------------------------------------------------------------

    def run(self) -> Counts:
        counts = Counts(roles={seat: defaultdict(int) for seat in self.seats})
        if len(self.took) > 1 or len(self.pairs) > 1:
            return counts
        for lovers, lover_worlds, lover_weight in self.lovers():
            for witch in self.witch_places():
                for case in self.cases(lovers, witch):
                    weight = 1 if self.indicator else lover_weight
                    self.add(counts, case, lover_worlds, weight)
        if self.indicator:
            counts.worlds = counts.total
        return counts

    def lovers(self) -> Iterator[tuple[tuple[Seat, Seat] | None, int, int]]:
        """Each value of the lovers (``None``: no cupid plays) with the number of worlds it
        stands for and its prior weight per world."""
        if not self.layout.cupid:
            yield None, 1, 1
            return
        pairs = comb(self.players, 2)
        if self.pairs:
            yield next(iter(self.pairs)), 1, 1
            return
        yield None, 1, pairs
        special: set[tuple[Seat, Seat]] = set()
        for dawn in self.dawns:
            special.update(combinations(sorted(dawn.dead), 2))
        for living, _ in self.goes_on:
            if len(living) == 2:
                special.add((min(living), max(living)))
        for pair in sorted(special):
            yield pair, 1, 1
        generic = pairs - len(special)
        if generic:
            yield (0, 0), generic, 1  # any pair without an effect: a class of `generic`

    def witch_places(self) -> Iterator[frozenset[Seat] | None]:
        """Where the witch may sit, by which nights she saw (``None``: nobody plays her)."""
        if WITCH not in self.deck or not self.dawns:
            yield None
            return
        classes: defaultdict[tuple[bool, ...], set[Seat]] = defaultdict(set)
        for seat in self.seats:
            classes[tuple(seat in dawn.living for dawn in self.dawns)].add(seat)
        yield None
        for seats in classes.values():
            yield frozenset(seats)

    def cases(
        self, lovers: tuple[Seat, Seat] | None, witch: frozenset[Seat] | None
    ) -> Iterator[_Case]:
        """The branch's weights, expanded over the seer's place and the claims' checks."""
        base = {slot: dict(weights) for slot, weights in self.unary.items()}
        thief = self.layout.thief
        if self.layout.cupid:  # the prior: no lovers exactly when nobody plays cupid
            if lovers is None and not thief:
                return
            for slot in self.slots:
                if slot == U:
                    self.limit(base[U], {CUPID}, holds=lovers is None)
                elif lovers is None:
                    self.limit(base[slot], {CUPID}, holds=False)
        for living, _ in self.goes_on:
            if lovers is not None and len(living) == 2 and set(lovers) == living:
                return  # two lovers alone alive: a werewolf and another, so they won
        if self.piper_plays:
            if PIPER not in self.deck:
                return
            if thief:
                self.limit(base[U], {PIPER}, holds=False)
        if WITCH in self.deck and self.dawns:
            if witch is None and not thief:
                return
            for slot in self.slots:
                if slot == U:
                    self.limit(base[U], {WITCH}, holds=witch is None)
                elif witch is None or slot not in witch:
                    self.limit(base[slot], {WITCH}, holds=False)
        sample = next(iter(witch)) if witch else None
        for dawn in self.dawns:
            if sample is not None and sample in dawn.living:
                continue
            grief = lovers is not None and all(s in dawn.dead for s in lovers)
            for seat in dawn.dead:
                if not (grief and lovers is not None and seat in lovers):
                    self.limit(base[seat], {WEREWOLF}, holds=False)
        yield from self.seer_cases(base)

    @staticmethod
    def limit(weights: Weights, kinds: set[str], holds: bool) -> None:
        for kind in weights:
            if (kind in kinds) != holds:
                weights[kind] = 0

    def claim_factors(self, claim: ClaimMade) -> tuple[int, int, int]:
        """A claim's (liar, honest and true, honest and false) weights (counting worlds:
        whether each is non-zero; a liar's never is)."""
        weights = claim.weights
        if self.indicator:
            return 1, int(weights.true != 0), int(weights.false != 0)
        return weights.liar, weights.true, weights.false

    def kind_factors(self, claim: ClaimMade) -> Weights:
        """A claim's factor for each kind its seat may play, where the seat's claim cannot
        be a true seer's story: the liar's weight, or the honest speaker's (true only for
        a plain claim of the kind itself). Computed once per claim."""
        factors = self.factors.get(id(claim))
        if factors is None:
            liar, true, false = self.claim_factors(claim)
            said, plain = claim.claim.claims, not claim.claim.checked
            factors = {
                kind: liar
                if claim.rules.team(kind) != "village"
                else (true if kind == said and plain else false)
                for kind in self.deck
            }
            self.factors[id(claim)] = factors
        return factors

    def seer_cases(self, base: dict[int, Weights]) -> Iterator[_Case]:
        checkers = sorted({c.claim.seat for c in self.claims if c.seer_story})
        places: list[Seat | None] = [None]
        if SEER in self.deck:
            places += checkers
        last = self.knowledge.last_claims
        for place in places:
            weights = {slot: dict(w) for slot, w in base.items()}
            for seat in checkers:
                self.limit(weights[seat], {SEER}, holds=seat == place)
            terms: list[list[tuple[int, dict[Seat, set[str]], bool]]] = []
            for claim in self.claims:
                seat = claim.claim.seat
                if seat == place and claim.seer_story:
                    _, true, false = self.claim_factors(claim)
                    alignment = claim.alignment
                    match = {
                        j: {k for k in self.deck if sees(k, alignment) == x}
                        for j, x in claim.claim.checked
                    }
                    if last[seat] is claim:  # its true worlds apart, for `lying`
                        terms.append(
                            [(true, match, True), (false, {}, False), (-false, match, False)]
                        )
                    else:
                        terms.append([(false, {}, False), (true - false, match, False)])
                    continue
                factors = self.kind_factors(claim)
                by_kind = weights[seat]
                for kind in by_kind:
                    by_kind[kind] *= factors[kind]
            for combo in product(*terms):
                coefficient = prod(term[0] for term in combo)
                if not coefficient:
                    continue
                case = {slot: dict(w) for slot, w in weights.items()}
                for _, match, _ in combo:
                    for j, allowed in match.items():
                        self.limit(case[j], allowed, holds=True)
                true_for = place if any(term[2] for term in combo) else None
                yield _Case(case, coefficient, true_for)

    # -- the dynamic programme -----------------------------------------------------------

    def add(self, counts: Counts, case: _Case, lover_worlds: int, lover_weight: int) -> None:
        factor = case.coefficient * lover_worlds * lover_weight * self.thief_factor()
        if not factor:
            return
        key = tuple(tuple(case.weights[slot].items()) for slot in self.slots)
        if key not in self.memo:  # branches often share their weights
            self.memo[key] = _assign(self.deck, case.weights, self.slots, self.goes_on)
        total, marginals = self.memo[key]
        if not total:
            return
        counts.total += factor * total
        for seat in self.seats:
            for kind, w in marginals[seat].items():
                if w:
                    counts.roles[seat][kind] += factor * w
        if case.true_for is not None:
            counts.true[case.true_for] += factor * total

    def thief_factor(self) -> int:
        """The weight (or, counting, the worlds) of one assignment of the roles played."""
        if not self.layout.thief:
            return 1
        if self.took:
            return 2
        return 2 * self.players + (2 if self.indicator else 4)


def _groups(
    slots: Sequence[int], weights: Mapping[int, Weights], goes_on: Sequence[tuple[Any, bool]]
) -> list[Group]:
    """Interchangeable slots: the same weights and the same living sets."""
    by_key: defaultdict[Any, list[int]] = defaultdict(list)
    for slot in slots:
        member = tuple(slot in living for living, _ in goes_on)
        by_key[(tuple(sorted(weights[slot].items())), member)].append(slot)
    return [(tuple(members), dict(key[0]), key[1]) for key, members in by_key.items()]


def _compositions(total: int, room: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``total`` copies into places with ``room`` each."""
    if total == 1:
        for place, free in enumerate(room):
            if free:
                yield (0,) * place + (1,) + (0,) * (len(room) - place - 1)
        return
    if not room:
        if total == 0:
            yield ()
        return
    first, rest = room[0], room[1:]
    for here in range(min(total, first) + 1):
        for tail in _compositions(total - here, rest):
            yield (here, *tail)


Group = tuple[tuple[int, ...], Weights, tuple[bool, ...]]
"""Interchangeable slots, their weights per kind, their membership of each living set."""
State = tuple[int, ...]
"""The slots used so far in each group."""
Move = tuple[State, State, State, int]
"""A step of the programme: from a state to the next, the copies put per group, the factor."""


def _assign(
    deck: Mapping[str, int],
    weights: Mapping[int, Weights],
    slots: Sequence[int],
    goes_on: Sequence[tuple[frozenset[Seat], bool]],
) -> tuple[int, dict[int, dict[str, int]]]:
    """The weighted number of ways to deal ``deck`` to ``slots`` (a card each), and each
    slot's weight per kind. Slots with a single possible kind are dealt first."""
    fixed = {}
    for slot in slots:
        possible = [kind for kind, w in weights[slot].items() if w]
        if len(possible) == 1:
            fixed[slot] = possible[0]
    rest = Counter(deck)
    rest.subtract(fixed.values())
    if any(n < 0 for n in rest.values()):
        return 0, {slot: {} for slot in slots}
    factor = prod(weights[slot][kind] for slot, kind in fixed.items())
    offsets = tuple(
        sum(1 for slot, kind in fixed.items() if kind == WEREWOLF and slot in living)
        for living, _ in goes_on
    )
    free = [slot for slot in slots if slot not in fixed]
    total, marginals = _deal({k: n for k, n in rest.items() if n}, weights, free, goes_on, offsets)
    out = {slot: {kind: factor * w for kind, w in marginals[slot].items()} for slot in free}
    for slot, kind in fixed.items():
        out[slot] = {kind: factor * total}
    return factor * total, out


def _deal(
    deck: Mapping[str, int],
    weights: Mapping[int, Weights],
    slots: Sequence[int],
    goes_on: Sequence[tuple[frozenset[Seat], bool]],
    offsets: Sequence[int],
) -> tuple[int, dict[int, dict[str, int]]]:
    """:func:`_assign` for slots with a choice, ``offsets`` werewolves already placed in
    each living set."""
    groups = _groups(slots, weights, goes_on)
    marginals: dict[int, dict[str, int]] = {slot: {} for slot in slots}
    if WEREWOLF not in deck and not _goes_on(groups, [0] * len(groups), goes_on, offsets):
        return 0, marginals
    if not slots:
        return 1, marginals
    kinds = sorted((kind for kind in deck if kind != WEREWOLF), key=lambda kind: deck[kind])
    order = ([WEREWOLF] if WEREWOLF in deck else []) + kinds  # the most copious kind last
    layers, steps = _forward(deck, order, groups, goes_on, offsets)
    full = tuple(len(members) for members, _, _ in groups)
    total = layers[-1].get(full, 0)
    if not total:
        return total, marginals
    back: dict[State, int] = {full: 1}
    for index in range(len(order) - 1, -1, -1):
        before: defaultdict[State, int] = defaultdict(int)
        expected = [0] * len(groups)
        for state, after, split, factor in steps[index]:
            rest = back.get(after, 0)
            if not rest:
                continue
            ahead = layers[index][state] * factor * rest
            before[state] += factor * rest
            for position, put in enumerate(split):
                if put:
                    expected[position] += ahead * put
        for position, (members, _, _) in enumerate(groups):
            share, left = divmod(expected[position], len(members))
            if left:
                raise ArithmeticError("a group's seats are not interchangeable")
            for slot in members:
                marginals[slot][order[index]] = share
        back = dict(before)
    return total, marginals


def _forward(
    deck: Mapping[str, int],
    order: Sequence[str],
    groups: Sequence[Group],
    goes_on: Sequence[tuple[frozenset[Seat], bool]],
    offsets: Sequence[int],
) -> tuple[list[dict[State, int]], list[list[Move]]]:
    """The programme's layers (the weight of each state after each kind) and its moves."""
    sizes = tuple(len(members) for members, _, _ in groups)
    layers: list[dict[State, int]] = [{tuple(0 for _ in groups): 1}]
    steps: list[list[Move]] = []
    for index, kind in enumerate(order):
        last = index == len(order) - 1
        nxt: defaultdict[State, int] = defaultdict(int)
        moves: list[Move] = []
        for state, weight in layers[-1].items():
            room = tuple(size - used for size, used in zip(sizes, state, strict=True))
            if last:
                options: Iterator[State] = iter([room] if sum(room) == deck[kind] else [])
            else:
                usable = tuple(
                    free if group[1][kind] else 0 for free, group in zip(room, groups, strict=True)
                )
                options = _compositions(deck[kind], usable)
            for split in options:
                factor = 1
                for (_, group_weights, _), free, put in zip(groups, room, split, strict=True):
                    if put:
                        factor *= comb(free, put) * group_weights[kind] ** put
                        if not factor:
                            break
                if not factor or (
                    kind == WEREWOLF and not _goes_on(groups, split, goes_on, offsets)
                ):
                    continue
                after = tuple(used + put for used, put in zip(state, split, strict=True))
                nxt[after] += weight * factor
                moves.append((state, after, split, factor))
        layers.append(dict(nxt))
        steps.append(moves)
    return layers, steps


def _goes_on(
    groups: Sequence[Group],
    wolves: Sequence[int],
    goes_on: Sequence[tuple[frozenset[Seat], bool]],
    offsets: Sequence[int],
) -> bool:
    """Whether the werewolves' places let the game go on after every public event."""
    for index, (living, parity) in enumerate(goes_on):
        among = offsets[index] + sum(
            put for (_, _, member), put in zip(groups, wolves, strict=True) if member[index]
        )
        others = len(living) - among
        if not among or not others or (parity and among >= others):
            return False
    return True
