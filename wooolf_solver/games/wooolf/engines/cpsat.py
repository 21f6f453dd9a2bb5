"""Wooolf!!'s own CP-SAT model: the deal as an integer model.

It replaces the generic one (:mod:`wooolf_solver.engines.cpsat`) for rounds: a
smaller model (card counts per seat rather than one literal per hand), and the one
whose cores seed the explanations.

The unknowns are ``x[seat][card]``, the copies of each free card kind in each free
seat's hand (rows sum to the hand size, columns to the copies); the identities are
booleans derived from them, and every observation is a constraint that holds exactly
when its likelihood numerator is non-zero. ``tally`` enumerates every solution (a
type-level deal) into a :class:`~wooolf_solver.engines.base.WorldTally`; the other
questions are single solves.

>>> from wooolf_solver import Round
>>> from wooolf_solver.games.wooolf.model import knowledge_of
>>> knowledge = knowledge_of(Round.from_dict({"game": "wooolf", "players": 6,
...     "viewpoint": 2, "hands": {2: ["hunter", "sheep"]},
...     "events": [{"seat": 2, "peek": 6, "sees": "wolf"},
...                {"seat": 5, "peek": 1, "says": "wolf"}]}))
>>> engine = CpSatEngine()
>>> engine.possible(knowledge, 5, "shepherd"), engine.possible(knowledge, 5, "hound")
(True, False)
>>> engine.core(knowledge)
()
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ....core.errors import EventId
from ....core.knowledge import Knowledge, Observation, RoleIs
from ....engines.cpsat import CpSatEngine as GenericCpSatEngine
from ....engines.cpsat import any_of, conjuncts, solve_model
from ..model import Announced, Answered, RoundKnowledge, Seen
from ..rules import Card, Hand, Seat

if TYPE_CHECKING:
    from ortools.sat.python import cp_model
    from ortools.sat.python.cp_model_helper import Literal

    from ....engines.cpsat import Truth


class CpSatEngine(GenericCpSatEngine):
    """The generic CP-SAT engine on Wooolf!!'s own model of a round."""

    def build(self, knowledge: Knowledge, assumptions: bool = False) -> DealModel:
        if not isinstance(knowledge, RoundKnowledge):
            raise TypeError("Wooolf!!'s CP-SAT model needs a round's knowledge")
        return DealModel(knowledge, assumptions)


class DealModel:
    """The CP-SAT model of a knowledge's worlds (of non-zero weight).

    With ``assumptions``, each observation is enforced only under its event's
    literal (``events``), and the solve assumes every one of them.
    """

    def __init__(self, knowledge: RoundKnowledge, assumptions: bool = False) -> None:
        from ortools.sat.python import cp_model  # noqa: PLC0415

        self.knowledge = knowledge
        self.model = model = cp_model.CpModel()
        self._sum = cp_model.LinearExpr.sum
        size = knowledge.game.hand_size
        copies = dict(knowledge.free_cards)
        self.kinds: tuple[Card, ...] = tuple(copies)
        self.types = knowledge.space.hands
        self.x: dict[Seat, dict[Card, cp_model.IntVar]] = {
            seat: {
                card: model.new_int_var(0, min(size, count), f"x[{seat},{card}]")
                for card, count in copies.items()
            }
            for seat in knowledge.free_seats
        }
        for row in self.x.values():
            model.add(cp_model.LinearExpr.sum(list(row.values())) == size)
        if self.x:
            for card, count in copies.items():
                model.add(cp_model.LinearExpr.sum([row[card] for row in self.x.values()]) == count)
        self.identities = {seat: self._identities(seat) for seat in self.x}
        self._hand_literals: dict[Seat, dict[Hand, cp_model.IntVar]] = {}
        self.events: dict[EventId, cp_model.IntVar] = {}
        for observation in knowledge.observations:
            guard: list[Truth] = []
            if assumptions:
                literal = model.new_bool_var(f"event {observation.event}")
                self.events[observation.event] = literal
                guard.append(literal)
            self._observe(observation, guard)
        if assumptions:
            model.add_assumptions(list(self.events.values()))

    # -- reading a solution ----------------------------------------------------------

    def world(self, value: Callable[[cp_model.IntVar], int]) -> dict[Seat, Hand]:
        """The world of a solution: the known hands and the free ones."""
        return {**self.knowledge.hands, **self.hands(value)}

    def hands(self, value: Callable[[cp_model.IntVar], int]) -> dict[Seat, Hand]:
        """The free seats' hands in a solution (``value`` reads a variable)."""
        return {
            seat: tuple(card for card in self.kinds for _ in range(value(row[card])))
            for seat, row in self.x.items()
        }

    def feasible(self) -> bool:
        """Whether the model has a solution (one solve)."""
        return solve_model(self.model)[0]

    # -- the pieces of the model -------------------------------------------------------

    def identity(self, seat: Seat, name: str) -> Truth:
        """Whether ``seat``'s identity is ``name``."""
        if seat in self.knowledge.hands:
            return self.knowledge.game.identity(self.knowledge.hands[seat]).name == name
        return self.identities[seat].get(name, False)

    def clause(self, literals: Iterable[Truth], guard: Iterable[Truth]) -> None:
        """At least one of ``literals`` holds, when all of ``guard`` hold."""
        condition, options = conjuncts(guard), list(literals)
        if condition is None or any(lit is True for lit in options):
            return
        self.model.add_bool_or([lit for lit in options if lit is not False]).only_enforce_if(
            condition
        )

    def _identities(self, seat: Seat) -> dict[str, cp_model.IntVar]:
        """For each character a free card could give ``seat`` as identity, a literal:
        the seat holds a card of it and none of a higher-valued character."""
        model, row, total = self.model, self.x[seat], self._sum
        has: dict[str, cp_model.IntVar] = {}
        by_value = sorted(self.knowledge.game.characters.values(), key=lambda c: c.value)
        for character in by_value:
            cards = [row[card] for card in self.kinds if card.character == character.name]
            if cards:
                held = model.new_bool_var(f"has[{seat},{character.name}]")
                model.add(total(cards) >= 1).only_enforce_if(held)
                model.add(total(cards) == 0).only_enforce_if(~held)
                has[character.name] = held
        names = list(has)
        identities: dict[str, cp_model.IntVar] = {}
        for index, name in enumerate(names):
            higher = [has[other] for other in names[index + 1 :]]
            if not higher:
                identities[name] = has[name]
                continue
            lit = model.new_bool_var(f"identity[{seat},{name}]")
            model.add_bool_and([has[name], *(~h for h in higher)]).only_enforce_if(lit)
            model.add_bool_or([~has[name], *higher]).only_enforce_if(~lit)
            identities[name] = lit
        return identities

    def _hand(self, seat: Seat, hand: Hand) -> Literal:
        """Whether free ``seat`` holds exactly ``hand`` (literals made on first use)."""
        if seat not in self._hand_literals:
            model, row = self.model, self.x[seat]
            literals = {h: model.new_bool_var(f"hand[{seat},{h}]") for h in self.types}
            model.add_exactly_one(list(literals.values()))
            for h, lit in literals.items():
                for card in self.kinds:
                    model.add(row[card] == h.count(card)).only_enforce_if(lit)
            self._hand_literals[seat] = literals
        return self._hand_literals[seat][hand]

    def _holds_some(self, seat: Seat, cards: frozenset[Card], guard: list[Truth]) -> None:
        """``seat`` holds at least one of ``cards``, when all of ``guard`` hold."""
        condition = conjuncts(guard)
        if condition is None:
            return
        known = self.knowledge.hands.get(seat)
        if known is not None:
            if not cards.intersection(known):
                self.clause([], condition)
            return
        terms = [self.x[seat][card] for card in self.kinds if card in cards]
        if not terms:
            self.clause([], condition)
            return
        self.model.add(self._sum(terms) >= 1).only_enforce_if(condition)

    def _observe(self, observation: Observation, guard: list[Truth]) -> None:
        """Constrain the worlds to those where ``observation`` has non-zero likelihood."""
        game, known = self.knowledge.game, self.knowledge.hands
        target: Seat = observation.scope()[-1]
        if isinstance(observation, Seen):
            self._holds_some(target, frozenset([observation.card]), guard)
        elif isinstance(observation, Answered | RoleIs):  # any one-seat observation
            if target in known:
                self.clause([bool(observation.likelihood(known))], guard)
            else:
                self.clause(
                    [
                        self._hand(target, hand)
                        for hand in self.types
                        if observation.likelihood({target: hand})
                    ],
                    guard,
                )
        elif isinstance(observation, Announced):
            # Peeker identities that announce the icon on the same cards form a class.
            cards = known.get(target, self.kinds)
            classes: defaultdict[frozenset[Card], list[Truth]] = defaultdict(list)
            for character in game.characters.values():
                said = frozenset(
                    card for card in cards if game.announcement(character, card) == observation.icon
                )
                classes[said].append(self.identity(observation.peeker, character.name))
            for said, peekers in classes.items():
                self._holds_some(target, said, [*guard, any_of(self.model, peekers)])
