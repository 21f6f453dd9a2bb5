"""ONUW's own CP-SAT model: the deal, the night choices and the card moves as literals.

The generic CP-SAT model (:mod:`wooolf_solver.engines.cpsat`) turns each observation
into clauses over the product of the domains of everything it reads; an ONUW claim
reads the whole deal and every night choice, so that model grows with the table
(about 50 s at three players). This one follows the night instead:

- **the deal**: ``dealt[slot][card]``, one literal per free slot and free card kind
  (exactly one per slot; each kind's column sums to its free copies); a known slot's
  literals are constants;
- **the night choices**: ``act[seat, role][option]``, for each role the seat may be
  dealt that has a choice, one literal per option ("do nothing" included); they sum
  to ``dealt[seat][role]``, so a seat chooses exactly once, and only among what its
  dealt card allows. The night prior keeps its support: "do nothing" only where the
  model lets the role pass (``uniform``, not a bot; or the viewpoint's recorded
  night), and a werewolf looks at the centre only when it is the only player dealt
  a werewolf (a literal ``lone``);
- **the doppelganger**: ``act[seat, doppelganger][(t, *choice)]``, one literal per seat
  ``t`` it may copy and choice the role dealt to ``t`` allows it (a copied werewolf is
  never alone); ``copies[seat, role]`` whether it copies ``role``. It moves cards first
  (a copied robber, troublemaker or drunk), the others see it where they see the role
  it copied, and at dawn its card counts as that role (:attr:`NightModel.played`);
- **the card moves**, in the wake order: before each role that moves cards (robber,
  troublemaker, drunk) the cards are ``now[slot][card]``; each possible swap is the
  choice literal that makes it, and the next state is tied to the last one by
  implications (a swapped slot gets its partner's card, every other slot keeps its
  own). What a role sees is read from the state at its turn; the last state is the
  **dawn**;
- **what a night entry says**: each key of an entry (``saw``, ``got``, ``wolves``,
  ``now``...) is a literal that holds when the seat's real night has that value;
  the viewpoint's entry (``"night"``) must be its real night, and a claim is **true**
  when its role is the dealt card and every key it gives holds;
- **the claims**: who believes it holds a village card (the robber: the card it got;
  the insomniac: its card at dawn) is a literal; a claim's world is kept where its
  weight under the speech model (:mod:`.speech`) is not zero: with ``village_lies`` 0
  a village-believer's claim must be true, under ``free`` with 1 it must be false,
  otherwise every claim is possible;
- **the negations** ``why`` adds (:class:`~.model.CardIs`: a slot's dawn or dealt
  card is not X; :class:`~.model.ClaimIs`: a claim is true, or false) are one literal
  each.

Every auxiliary literal is defined by an equivalence, so the solutions are exactly
the worlds (a distinct deal, cards of one role interchangeable, and the choices in
the prior's support) of non-zero weight, once each. With ``assumptions`` each
event's constraint holds only under one assumption literal (for cores).

The engine (``--engine cpsat``, :class:`~.CpSatEngine`): ``consistent`` (so each step
of the shared conflict rule) and :func:`possible` ask single solves; its ``tally``
lists every solution (:func:`worlds`) into the one tally, each world weighed exactly
as the brute force weighs it. The fast engine asks this model whether a knowledge
carrying a negation is consistent (``why``).

>>> from wooolf_solver.games.onuw.record import read_record
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "robber"}, "night": {1: {"robbed": 2, "got": "werewolf"}}})
>>> knowledge = knowledge_of(record)
>>> consistent(knowledge), possible(knowledge, 1, "robber"), possible(knowledge, 2, "seer")
(True, True, False)
>>> len(worlds(knowledge))
18
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from functools import cached_property
from threading import Lock
from typing import TYPE_CHECKING, Any

from ....core.errors import EventId
from ....core.knowledge import Observation
from ....core.space import Var
from ....engines.cpsat import (
    POSSIBLE_EVENT,
    all_of,
    any_of,
    conjuncts,
    every_world,
    negated,
    satisfier,
)
from ..model import (
    CardIs,
    ClaimIs,
    ClaimMade,
    NightPrior,
    OnuwKnowledge,
    OwnNight,
    PartialNight,
    choice_variable,
)
from ..night import (
    NOTHING,
    Choice,
    Doppelganger,
    Drunk,
    Insomniac,
    Mason,
    Minion,
    NightEntry,
    Power,
    Robber,
    Seer,
    Troublemaker,
    Werewolf,
    choice_options,
    power_of,
)
from ..record import Claim
from ..rules import Seat, Slot

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
    from ortools.sat.python.cp_model_helper import Literal

    from ....engines.cpsat import Truth

State = dict[Slot, dict[str, "Truth"]]
"""The cards at one moment of the night: slot -> card -> whether the slot holds it."""

KNOWN_POWERS = (
    *(Power, Werewolf, Minion, Mason, Seer, Robber, Troublemaker, Drunk, Insomniac),
    Doppelganger,
)
"""The powers the model encodes (a role with another power is refused)."""

MOVERS = (Robber, Troublemaker, Drunk)
"""The powers that move cards."""


class UnsupportedError(TypeError):
    """A knowledge the model cannot encode (an observation or a power it does not know)."""


class NightModel:
    """The CP-SAT model of a knowledge's worlds of non-zero weight (see the module).

    With ``assumptions``, each observation (but the night prior) is enforced only
    under its event's literal (``events``), and the solve assumes every one of them.
    """

    def __init__(self, knowledge: OnuwKnowledge, assumptions: bool = False) -> None:
        from ortools.sat.python import cp_model  # noqa: PLC0415

        self.knowledge = knowledge
        self.rules, self.layout = knowledge.rules, knowledge.layout
        self.model = cp_model.CpModel()
        self.kinds: tuple[str, ...] = tuple(sorted(set(knowledge.deck)))
        self.events: dict[EventId, Literal] = {}
        self.dealt: State = {}
        self._free: dict[tuple[Slot, str], Literal] = {}
        self._deal()
        self.acts: dict[tuple[Seat, str], dict[Choice, Truth]] = {}
        self.copies: dict[tuple[Seat, str], Truth] = {}
        """(seat, role) -> whether the seat is dealt a doppelganger and copies ``role``."""
        self._choices()
        self.turn: dict[tuple[Seat, str], State] = {}
        """The cards as each (seat, role) sees them when it wakes."""
        self.dawn: State = self._night()
        self._believes: dict[Seat, Truth] = {}
        self._guards: dict[Observation, Truth] = {}
        self._claims: dict[Claim, Truth] = {}
        for observation in knowledge.observations:
            if isinstance(observation, NightPrior):
                continue  # encoded with the choices
            guard: list[Truth] = []
            if assumptions:
                event = observation.event
                if event not in self.events:
                    self.events[event] = self.model.new_bool_var(f"event {event}")
                guard.append(self.events[event])
            self.require(self._observed(observation), guard)
        if assumptions:
            self.model.add_assumptions(list(self.events.values()))

    def guard_of(self, observation: Observation) -> Truth:
        """A literal that, assumed, enforces ``observation`` (added on first use):
        the shared model answers every restriction of a knowledge by its assumptions."""
        if observation not in self._guards:
            observed = self._observed(observation)
            if isinstance(observed, bool):
                self._guards[observation] = observed
            else:
                guard = self.model.new_bool_var(f"guard {observation.event}")
                self.require(observed, [guard])
                self._guards[observation] = guard
        return self._guards[observation]

    def solve(self, assumptions: Iterable[Truth] = ()) -> cp_model.CpSolver | None:
        """A solver holding a solution under ``assumptions``, or ``None`` if there is none."""
        literals = conjuncts(assumptions)
        if literals is None:
            return None
        from ortools.sat.python import cp_model  # noqa: PLC0415

        self.model.clear_assumptions()
        self.model.add_assumptions(literals)
        # The model is already tight: CP-SAT's presolve and probing cost more than the
        # search (13 ms against 90 ms a solve at 10 players), as do the settings
        # `satisfier` turns off (1.58 s against 0.33 s a solve at 13 players with the
        # doppelganger).
        solver = satisfier()
        solver.parameters.cp_model_presolve = False
        solver.parameters.cp_model_probing_level = 0
        status = solver.solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
            raise RuntimeError(f"CP-SAT stopped with status {status.name}")
        return None if status == cp_model.INFEASIBLE else solver

    # -- reading a solution ------------------------------------------------------------

    def world(self, value: Callable[[Any], int]) -> dict[Var, Any]:
        """The world of a solution (``value`` reads a literal): every slot's card (as
        a one-card hand) and every seat's choice."""
        world: dict[Var, Any] = {}

        def true(truth: Truth) -> bool:
            return truth if isinstance(truth, bool) else bool(value(truth))

        for slot in self.layout.slots:
            world[slot] = (next(c for c, lit in self.dealt[slot].items() if true(lit)),)
        for seat in self.layout.seats:
            role = world[seat][0]
            options = self.acts.get((seat, role), {NOTHING: True})
            world[choice_variable(seat)] = next(o for o, lit in options.items() if true(lit))
        return world

    def feasible(self) -> bool:
        """Whether the model has a solution (one solve)."""
        return self.solve() is not None

    # -- literals ----------------------------------------------------------------------

    def require(self, truth: Truth, guard: Sequence[Truth] = ()) -> None:
        """``truth`` holds when every literal of ``guard`` does."""
        self.clause([truth], guard)

    def clause(self, truths: Iterable[Truth], guard: Sequence[Truth] = ()) -> None:
        """At least one of ``truths`` holds when every literal of ``guard`` does."""
        condition = conjuncts(guard)
        if condition is None:
            return
        literals: list[Literal] = []
        for truth in truths:
            if truth is True:
                return
            if not isinstance(truth, bool):
                literals.append(truth)
        self.model.add_bool_or([*literals, *(~c for c in condition)])

    def both(self, truths: Iterable[Truth]) -> Truth:
        """A literal equal to the conjunction of ``truths`` (constants folded)."""
        return all_of(self.model, truths)

    def either(self, truths: Iterable[Truth]) -> Truth:
        """A literal equal to the disjunction of ``truths`` (constants folded)."""
        return any_of(self.model, truths)

    def equal(self, truth: Truth, holds: bool) -> Truth:
        return truth if holds else negated(truth)

    # -- the deal ----------------------------------------------------------------------

    def _deal(self) -> None:
        space = self.knowledge.space
        free = dict(space.cards)
        for slot in self.layout.slots:
            if slot in space.known:
                card = space.known[slot][0]
                self.dealt[slot] = {kind: kind == card for kind in self.kinds}
                continue
            row: dict[str, Truth] = dict.fromkeys(self.kinds, False)
            for kind in free:
                literal = self.model.new_bool_var(f"dealt[{slot}]={kind}")
                self._free[slot, kind] = literal
                row[kind] = literal
            self.model.add_exactly_one([row[kind] for kind in free])
            self.dealt[slot] = row
        for kind, copies in free.items():
            column = [lit for (_, card), lit in self._free.items() if card == kind]
            self.model.add(sum(column) == copies)

    def power(self, role: str) -> Power:
        power = power_of(self.rules.roles[role])
        if type(power) not in KNOWN_POWERS:
            raise UnsupportedError(f"the CP-SAT model does not know the power of {role!r}")
        return power

    # -- the night choices -------------------------------------------------------------

    def _choices(self) -> None:
        prior = self.knowledge.prior
        lone: dict[str, Truth] = {}
        for seat in self.layout.seats:
            for role, dealt in self.dealt[seat].items():
                if dealt is not False and self.power(role).copies:
                    self._copier(seat, role, dealt)
        for seat in self.layout.seats:
            for role, dealt in self.dealt[seat].items():
                spec = self.rules.roles[role]
                if dealt is False or spec.choice in ("none", "copy"):
                    continue
                real = choice_options(spec.choice, seat, self.layout)
                options: dict[Choice, Truth] = {
                    option: self.model.new_bool_var(f"act[{seat},{role}]={option}")
                    for option in (NOTHING, *real)
                }
                literals = list(options.values())
                if dealt is True:
                    self.model.add_exactly_one(literals)
                else:
                    self.model.add(sum(literals) == dealt)
                passes = spec.may_pass and (
                    seat in prior.facts or (prior.uniform and seat not in prior.bots)
                )
                if isinstance(self.power(role), Werewolf):
                    if role not in lone:
                        copied = self.either(self.copied_by(role))
                        lone[role] = self.both([self._alone(role), negated(copied)])
                    for option in real:
                        self.require(lone[role], [options[option]])
                    if not passes:
                        self.require(negated(lone[role]), [options[NOTHING]])
                elif not passes:
                    self.require(False, [options[NOTHING]])
                self.acts[seat, role] = options

    def passes(self, seat: Seat, role: str) -> bool:
        """Whether "do nothing" is in the prior's support of ``role`` at ``seat``."""
        prior = self.knowledge.prior
        uniform = seat in prior.facts or (prior.uniform and seat not in prior.bots)
        return self.rules.roles[role].may_pass and uniform

    def subs(self, seat: Seat, role: str) -> tuple[Choice, ...]:
        """The choices a doppelganger at ``seat`` that copied ``role`` may make (a
        copied werewolf is never alone: none)."""
        spec, power = self.rules.roles[role], self.power(role)
        if spec.choice == "none" or isinstance(power, Werewolf):
            return (NOTHING,)
        real = choice_options(spec.choice, seat, self.layout)
        return (NOTHING, *real) if self.passes(seat, role) else real

    def _copier(self, seat: Seat, role: str, dealt: Truth) -> None:
        """The choices of a doppelganger at ``seat``: a seat ``t`` and a choice that
        the role dealt to ``t`` allows; and which role it copies."""
        kinds = [kind for kind in self.kinds if not self.power(kind).copies]
        fits: dict[Choice, list[tuple[Seat, str]]] = {}
        for (target,) in choice_options("player", seat, self.layout):
            for kind in kinds:
                if self.dealt[target].get(kind, False) is not False:
                    for sub in self.subs(seat, kind):
                        fits.setdefault((target, *sub), []).append((target, kind))
        options: dict[Choice, Truth] = {
            option: self.model.new_bool_var(f"act[{seat},{role}]={option}") for option in fits
        }
        self.model.add(sum(options.values()) == dealt)
        copying: dict[str, list[Truth]] = {}
        for option, pairs in fits.items():
            self.clause([self.dealt[t][kind] for t, kind in pairs], [options[option]])
            for target, kind in pairs:
                made = self.both([options[option], self.dealt[target][kind]])
                copying.setdefault(kind, []).append(made)
        self.acts[seat, role] = options
        for kind, found in copying.items():
            self.copies[seat, kind] = self.either(found)

    def copied_by(self, role: str) -> list[Truth]:
        """Whether each seat that may be a doppelganger copies ``role``."""
        return [truth for (_, kind), truth in self.copies.items() if kind == role]

    def copy_choice(self, seat: Seat, role: str, choice: Choice) -> Truth:
        """Whether ``seat`` is a doppelganger that copied ``role`` and then made ``choice``."""
        copier = next((r for s, r in self.acts if s == seat and self.power(r).copies), None)
        if copier is None:
            return False
        options = self.acts[seat, copier]
        return self.either(
            self.both([literal, self.dealt[option[0]].get(role, False)])
            for option, literal in options.items()
            if option[1:] == choice
        )

    def _alone(self, role: str) -> Truth:
        """Whether exactly one player is dealt ``role``."""
        column = [self.dealt[seat][role] for seat in self.layout.seats]
        known = sum(1 for truth in column if truth is True)
        free = [truth for truth in column if truth is not True and truth is not False]
        if not free:
            return known == 1
        if known > 1:
            return False
        lone = self.model.new_bool_var(f"lone {role}")
        self.model.add(sum(free) == 1 - known).only_enforce_if(lone)
        self.model.add(sum(free) != 1 - known).only_enforce_if(~lone)
        return lone

    def choice_is(self, seat: Seat, role: str, choice: Choice) -> Truth:
        """Whether ``seat`` (when dealt ``role``) makes ``choice``."""
        options = self.acts.get((seat, role))
        if options is None:
            return choice == NOTHING
        return options.get(choice, False)

    # -- the night -----------------------------------------------------------------------

    def _night(self) -> State:
        """Every role's turn in the wake order; the cards at dawn."""
        now = self.dealt
        deck = self.knowledge.deck
        for spec in self.rules.wake_order:
            seats = [
                seat
                for seat in self.layout.seats
                if self.dealt[seat].get(spec.name, False) is not False
            ]
            if not seats:
                continue
            power = self.power(spec.name)
            # At most one holder of a unique role acts: its seats share one turn.
            turns = [seats] if deck.count(spec.name) <= 1 else [[seat] for seat in seats]
            for turn in turns:
                swaps: list[tuple[Truth, Slot, Slot]] = []
                for seat in turn:
                    self.turn[seat, spec.name] = now
                    if power.copies:
                        swaps += self._copied_swaps(seat, spec.name)
                    elif isinstance(power, MOVERS):
                        for option, literal in self.acts[seat, spec.name].items():
                            if option and literal is not False:
                                # the troublemaker swaps two others; the robber and
                                # the drunk swap their own card with the one chosen
                                first, second = (
                                    option if isinstance(power, Troublemaker) else (seat, *option)
                                )
                                swaps.append((literal, first, second))
                if swaps:
                    now = self._moved(now, swaps)
        return now

    def _copied_swaps(self, seat: Seat, role: str) -> list[tuple[Truth, Slot, Slot]]:
        """The swaps a doppelganger at ``seat`` makes at once as a robber, troublemaker
        or drunk, each under the literal of its choice and the copied card."""
        swaps: list[tuple[Truth, Slot, Slot]] = []
        movers = [kind for kind in self.kinds if isinstance(self.power(kind), MOVERS)]
        for option, literal in self.acts[seat, role].items():
            target, sub = option[0], option[1:]
            for kind in movers:
                if sub and sub in self.subs(seat, kind):
                    pair = sub if isinstance(self.power(kind), Troublemaker) else (seat, *sub)
                    made = self.both([literal, self.dealt[target].get(kind, False)])
                    swaps.append((made, pair[0], pair[1]))
        return swaps

    @cached_property
    def played(self) -> State:
        """The cards at dawn as the game reads them: the doppelganger's card as the
        role it copied."""
        copiers = {kind for (_, kind) in self.copies}
        played: State = {}
        for slot, row in self.dawn.items():
            out = dict(row)
            for kind in copiers:
                copied = self.either(self.copied_by(kind))
                for role, holds in row.items():
                    if self.power(role).copies:
                        out[kind] = self.either([out[kind], self.both([holds, copied])])
            for role, holds in row.items():
                if self.power(role).copies:
                    anyone = self.either(truth for truth in self.copies.values())
                    out[role] = self.both([holds, negated(anyone)])
            played[slot] = out
        return played

    def _moved(self, now: State, swaps: Sequence[tuple[Truth, Slot, Slot]]) -> State:
        """The cards after at most one of ``swaps`` (each under its literal) happens.
        Swaps of the same two slots are one swap under the disjunction of their
        literals (a doppelganger's copied swaps: the same pair for every seat it may
        copy), so the clauses grow with the pairs, not with the options."""
        pairs: dict[tuple[Slot, Slot], list[Truth]] = {}
        for literal, first, second in swaps:
            pairs.setdefault((min(first, second), max(first, second)), []).append(literal)
        swaps = [(self.either(literals), *pair) for pair, literals in pairs.items()]
        moved = {slot for _, first, second in swaps for slot in (first, second)}
        after: State = dict(now)
        for slot in sorted(moved):
            row: dict[str, Truth] = {}
            for kind in self.kinds:
                row[kind] = self.model.new_bool_var(f"card[{slot}]={kind}")
            self.model.add_exactly_one(list(row.values()))
            after[slot] = row
        for literal, first, second in swaps:
            for kind in self.kinds:
                self.clause([after[first][kind]], [literal, now[second][kind]])
                self.clause([after[second][kind]], [literal, now[first][kind]])
        for slot in moved:
            movers = [lit for lit, a, b in swaps if slot in (a, b)]
            for kind in self.kinds:
                self.clause([*movers, after[slot][kind]], [now[slot][kind]])
        return after

    # -- night entries ---------------------------------------------------------------------

    def _wolves(self, role: str, seats: tuple[Seat, ...]) -> Truth:
        """Whether exactly ``seats`` (of the players) wake as ``role`` (dealt it, or a
        doppelganger that copied it)."""
        return self.both(
            self.equal(
                self.either(
                    [
                        self.dealt[seat].get(role, False),
                        *(
                            truth
                            for (s, kind), truth in self.copies.items()
                            if (s, kind) == (seat, role)
                        ),
                    ]
                ),
                seat in seats,
            )
            for seat in self.layout.seats
        )

    def copier(self, seat: Seat) -> str | None:
        """The role that copies others that ``seat`` may be dealt (``None``: none)."""
        return next((r for s, r in self.acts if s == seat and self.power(r).copies), None)

    def _chosen(self, seat: Seat, role: str, copied: bool) -> Callable[[Choice], Truth]:
        """Whether ``seat``, dealt ``role`` (``copied``: a doppelganger that copied it),
        makes a choice."""
        if copied:
            return lambda choice: self.copy_choice(seat, role, choice)
        return lambda choice: self.choice_is(seat, role, choice)

    def _sees(
        self,
        chosen: Callable[[Choice], Truth],
        state: State,
        pairs: tuple[tuple[Slot, str], ...],
    ) -> Truth:
        """Whether the seat looked at exactly these slots and saw these cards."""
        choice = tuple(slot for slot, _ in pairs)
        return self.both([chosen(choice), *(state[slot].get(card, False) for slot, card in pairs)])

    def _acted(
        self, seat: Seat, role: str, kind: Callable[[Choice], bool], copied: bool = False
    ) -> Truth:
        """Whether ``seat`` (dealt ``role``, or ``copied`` it) made a choice of the ``kind``."""
        if copied:
            options = self.acts.get((seat, self.copier(seat) or ""), {})
            return self.either(
                self.both([lit, self.dealt[option[0]].get(role, False)])
                for option, lit in options.items()
                if option[1:] and kind(option[1:])
            )
        options = self.acts.get((seat, role), {})
        return self.either(lit for option, lit in options.items() if option and kind(option))

    def _copying(self, seat: Seat) -> list[tuple[str, Truth]]:
        """Each role ``seat`` may copy, with whether it does."""
        return [(kind, truth) for (s, kind), truth in self.copies.items() if s == seat]

    def key_holds(self, seat: Seat, role: str, key: str, value: Any) -> Truth:
        """Whether, when ``seat`` is dealt ``role``, its real night has ``key`` = ``value``."""
        power = self.power(role)
        if key not in power.keys:
            return False
        if not power.copies:
            return self._holds(seat, role, key, value, copied=False)
        if key != "copied":
            return self.either(
                self.both([truth, self._holds(seat, kind, key, value, copied=True)])
                for kind, truth in self._copying(seat)
            )
        if len(value) != 1:
            return False
        target, kind = value[0]
        return self.either(
            self.both([lit, self.dealt[target].get(kind, False)])
            for option, lit in self.acts.get((seat, role), {}).items()
            if option[0] == target
        )

    def _holds(self, seat: Seat, role: str, key: str, value: Any, copied: bool) -> Truth:
        """:meth:`key_holds` for ``seat`` dealt ``role`` (``copied``: a doppelganger
        that copied it, acting at its own turn and looking last as an insomniac)."""
        power = self.power(role)
        if key not in power.keys:
            return False
        chosen = self._chosen(seat, role, copied)
        state = self.turn.get((seat, self.copier(seat) or "") if copied else (seat, role))
        if key in ("wolves", "masons") and len(set(value)) != len(value):
            return False  # a claim naming a seat twice: no night says so
        if key == "wolves":
            return self._wolves(role if isinstance(power, Werewolf) else "werewolf", value)
        if key == "masons":
            return self._wolves(role, value)
        if key in ("saw", "centre"):
            if not value:
                return False
            if isinstance(power, Seer) and self.layout.is_seat(value[0][0]) != (key == "saw"):
                return False
            return False if state is None else self._sees(chosen, state, value)
        if key in ("robbed", "took"):
            return chosen((value,))
        if key == "swapped":
            return chosen(tuple(value))
        if key == "got" and state is not None:
            return self.either(
                self.both([chosen((other,)), state[other].get(value, False)])
                for other in self.layout.seats
                if other != seat
            )
        if key == "now" and state is not None:
            return (self.dawn if copied else state)[seat].get(value, False)
        return False

    def key_present(self, seat: Seat, role: str, key: str) -> Truth:
        """Whether ``seat``'s real night, when dealt ``role``, has ``key`` at all."""
        power = self.power(role)
        if key not in power.keys:
            return False
        if not power.copies:
            return self._present(seat, role, key, copied=False)
        if key == "copied":
            return True
        return self.either(
            self.both([truth, self._present(seat, kind, key, copied=True)])
            for kind, truth in self._copying(seat)
        )

    def _present(self, seat: Seat, role: str, key: str, copied: bool) -> Truth:
        power = self.power(role)
        if key not in power.keys:
            return False
        if key in ("wolves", "masons", "now"):
            return True
        if isinstance(power, Seer):
            saw = key == "saw"
            return self._acted(seat, role, lambda o: self.layout.is_seat(o[0]) == saw, copied)
        return self._acted(seat, role, lambda option: True, copied)

    def entry_holds(self, seat: Seat, role: str, entry: NightEntry, exact: bool) -> Truth:
        """Whether, when ``seat`` is dealt ``role``, every key of ``entry`` has its real
        value (``exact``: and the real night has no other key)."""
        truths = [self.key_holds(seat, role, key, value) for key, value in entry.items]
        if exact:
            power = self.power(role)
            truths += [
                negated(self.key_present(seat, role, key))
                for key in power.keys
                if key not in entry.keys
            ]
        return self.both(truths)

    def claim_true(self, claim: Claim) -> Truth:
        """Whether ``claim`` is true: its role is the dealt card and every key holds."""
        if claim not in self._claims:
            dealt = self.dealt[claim.seat].get(claim.role, False)
            truth: Truth = False
            if dealt is not False:
                holds = self.entry_holds(claim.seat, claim.role, claim.entry, False)
                truth = self.both([dealt, holds])
            self._claims[claim] = truth
        return self._claims[claim]

    def believes_village(self, seat: Seat) -> Truth:
        """Whether ``seat`` believes it holds a village card at dawn (the last it saw)."""
        if seat not in self._believes:
            truths = []
            village = [kind for kind in self.kinds if self.rules.team(kind) == "village"]
            for role, dealt in self.dealt[seat].items():
                if dealt is False:
                    continue
                power = self.power(role)
                state = self.turn.get((seat, role))
                if power.copies:
                    truths += self._copy_believes(seat, village)
                elif isinstance(power, Robber) and state is not None:
                    for option, literal in self.acts[seat, role].items():
                        if not option:
                            truths.append(self.both([literal, role in village]))
                        else:
                            seen = self.either(state[option[0]][kind] for kind in village)
                            truths.append(self.both([literal, seen]))
                elif isinstance(power, Insomniac) and state is not None:
                    seen = self.either(state[seat][kind] for kind in village)
                    truths.append(self.both([dealt, seen]))
                elif role in village:
                    truths.append(dealt)
            self._believes[seat] = self.either(truths)
        return self._believes[seat]

    def _copy_believes(self, seat: Seat, village: list[str]) -> list[Truth]:
        """Whether ``seat``, a doppelganger, believes it holds a village card: the role
        it copied, the card it got (robber) or sees last (insomniac)."""
        truths: list[Truth] = []
        state = self.turn.get((seat, self.copier(seat) or ""))
        for kind, truth in self._copying(seat):
            power = self.power(kind)
            if isinstance(power, Robber) and state is not None:
                for sub in self.subs(seat, kind):
                    seen = (
                        self.either(state[sub[0]][card] for card in village)
                        if sub
                        else kind in village
                    )
                    truths.append(self.both([self.copy_choice(seat, kind, sub), seen]))
            elif isinstance(power, Insomniac):
                seen = self.either(self.dawn[seat][card] for card in village)
                truths.append(self.both([truth, seen]))
            else:
                truths.append(self.both([truth, kind in village]))
        return truths

    # -- observations --------------------------------------------------------------------

    def _observed(self, observation: Observation) -> Truth:
        """A literal that holds exactly when ``observation``'s likelihood is non-zero."""
        if isinstance(observation, OwnNight):
            seat, exact = observation.seat, not isinstance(observation, PartialNight)
            return self.either(
                self.both(
                    [
                        dealt,
                        self.choice_is(seat, role, observation.choice),
                        self.entry_holds(seat, role, observation.entry, exact),
                    ]
                )
                for role, dealt in self.dealt[seat].items()
                if dealt is not False
            )
        if isinstance(observation, ClaimMade):
            weights = observation.weights
            if weights.liar and weights.true and weights.false:
                return True
            truth = self.claim_true(observation.claim)
            told: Truth = bool(weights.true)  # what an honest speaker's claim may be
            if bool(weights.true) != bool(weights.false):
                told = truth if weights.true else negated(truth)
            honest = self.believes_village(observation.claim.seat)
            if weights.liar:
                return self.either([negated(honest), told])
            return self.both([honest, told])
        if isinstance(observation, ClaimIs):
            return self.equal(self.claim_true(observation.claim), observation.holds)
        if isinstance(observation, CardIs):
            state = self.played if observation.dawn else self.dealt
            card = state[observation.slot].get(observation.role, False)
            return self.equal(card, observation.holds)
        raise UnsupportedError(f"the CP-SAT model cannot encode {type(observation).__name__}")


# -- the engine's interface ------------------------------------------------------------------


class _Shared:
    """One model of a deal's structure (the deal, the choices, the night) for every
    restriction and extension of a knowledge: each observation is added once, under
    its own guard literal, and a question assumes the guards of its observations."""

    def __init__(self, knowledge: OnuwKnowledge) -> None:
        self.night = NightModel(knowledge.restricted([]))
        self.lock = Lock()

    def guards(self, knowledge: OnuwKnowledge) -> list[Truth]:
        return [
            self.night.guard_of(observation)
            for observation in knowledge.observations
            if not isinstance(observation, NightPrior)
        ]


_MODELS: OrderedDict[Hashable, _Shared] = OrderedDict()
_MODELS_LOCK = Lock()
_KEPT = 8
"""How many deal structures keep their model (the most recently used)."""
_GUARDS = 256
"""A shared model with more observations than this is built again (solves copy it all)."""


def _shared(knowledge: OnuwKnowledge) -> _Shared:
    """The shared model of ``knowledge``'s structure (built on first use)."""
    space = knowledge.space
    key = (
        knowledge.rules,
        knowledge.layout,
        knowledge.deck,
        tuple(sorted(space.known.items())),
        knowledge.prior,
    )
    with _MODELS_LOCK:
        shared = _MODELS.get(key)
        if shared is None or len(shared.night._guards) > _GUARDS:
            shared = _MODELS[key] = _Shared(knowledge)
            while len(_MODELS) > _KEPT:
                _MODELS.popitem(last=False)
        _MODELS.move_to_end(key)
    return shared


def forget() -> None:
    """Drop every shared model (the next question builds its model again)."""
    with _MODELS_LOCK:
        _MODELS.clear()


def encodable(knowledge: OnuwKnowledge) -> bool:
    """Whether the model can encode every observation and power of ``knowledge``."""
    try:
        shared = _shared(knowledge)
        with shared.lock:
            shared.guards(knowledge)
    except UnsupportedError:
        return False
    return True


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some world has a non-zero weight (one solve, on the shared model)."""
    shared = _shared(knowledge)
    with shared.lock:
        return shared.night.solve(shared.guards(knowledge)) is not None


def possible(knowledge: OnuwKnowledge, slot: Slot, card: str, dawn: bool = True) -> bool:
    """Whether some consistent world gives ``slot`` the ``card`` at dawn (or as dealt):
    one solve. A card is certain when no other is possible."""
    negation = CardIs(POSSIBLE_EVENT, slot, card, True, knowledge.rules, knowledge.layout, dawn)
    return consistent(knowledge.extended(negation))


def worlds(knowledge: OnuwKnowledge) -> list[dict[Var, Any]]:
    """Every world of non-zero weight, once each (every solution of the model)."""
    return every_world(NightModel(knowledge))


class Possibilities:
    """What is possible in a knowledge's worlds, by single solves on one model: the
    facts ``why`` states between the events (a claim certainly false or true, the
    cards a seat can have been dealt, the dealt cards made certain), asked without
    counting. Every world a solve finds is remembered, so that a question it already
    answers costs no solve."""

    def __init__(self, knowledge: OnuwKnowledge) -> None:
        self.knowledge = knowledge
        self.shared = _shared(knowledge)
        self.night = self.shared.night
        with self.shared.lock:
            self.base = self.shared.guards(knowledge)
            self.truths = {claim.seat: self.night.claim_true(claim) for claim in knowledge.claims}
        self.dealt: dict[Slot, set[str]] = {slot: set() for slot in knowledge.layout.slots}
        self.told: dict[Seat, set[bool]] = {seat: set() for seat in self.truths}
        self._consistent = self._found()

    def _found(self, *assumptions: Truth) -> bool:
        """Whether a world satisfies ``assumptions``; if so it is remembered."""
        with self.shared.lock:
            solver = self.night.solve([*self.base, *assumptions])
            if solver is None:
                return False
            world = self.night.world(solver.value)
            for slot, seen in self.dealt.items():
                seen.add(world[slot][0])
            for seat, truth in self.truths.items():
                told = truth if isinstance(truth, bool) else solver.boolean_value(truth)
                self.told[seat].add(told)
        return True

    @property
    def consistent(self) -> bool:
        return self._consistent

    def possible_dealt(self, slot: Slot) -> list[str]:
        """Every card ``slot`` can have been dealt, sorted: each solve asks for a world
        dealing it none of the cards seen there so far, until there is none (one solve
        more than the cards it finds, however many are impossible)."""
        literals = self.night.dealt[slot]
        seen = self.dealt[slot]
        while self._consistent and len(seen) < len(literals):
            if not self._found(*(negated(literals[card]) for card in seen)):
                break
        return sorted(seen)

    def certain_dealt(self) -> dict[Slot, str]:
        """The slots whose dealt card is certain, with that card (known ones included)."""
        out: dict[Slot, str] = {}
        if not self._consistent:
            return out
        for slot, seen in self.dealt.items():
            if len(seen) == 1:
                card = next(iter(seen))
                if not self._found(negated(self.night.dealt[slot][card])):
                    out[slot] = card
        return out

    def lying(self, seat: Seat) -> Fraction | None:
        """1 when ``seat``'s claim is certainly false, 0 when certainly true, else ``None``."""
        if not self._consistent:
            return None
        truth, told = self.truths[seat], self.told[seat]
        if True not in told:
            self._found(truth)
        if False not in told:
            self._found(negated(truth))
        if told == {False}:
            return Fraction(1)
        if told == {True}:
            return Fraction(0)
        return None


__all__ = [
    "NightModel",
    "Possibilities",
    "UnsupportedError",
    "consistent",
    "encodable",
    "forget",
    "possible",
    "worlds",
]
