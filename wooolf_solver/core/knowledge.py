"""What one seat knows, as a game-neutral description: a space and observations.

A :class:`Knowledge` is a :class:`~.space.Space` of hidden variables with a uniform
prior over physical deals, plus *observations*: each has an event id, the variables
it reads (its ``scope``) and an exact likelihood of a world (0 when impossible). A
world's weight is its number of physical deals times the product of the likelihoods.
The generic engines (brute force, python-constraint, CP-SAT) need nothing else; a
game's own fast engine may read more of the game's own subclass.

A game subclasses :class:`Knowledge` (as a frozen dataclass with an
``observations`` and a ``viewpoint`` field) and says what its posterior reports: a
*role* per seat (:meth:`Knowledge.role`) and, optionally, the viewpoint's *decision*
(:meth:`Knowledge.decision`), the value its hints are about, and any *named queries*
(:meth:`Knowledge.queries`: what else its answers read off the same tally).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from math import prod
from typing import Protocol, Self

from .errors import EventId
from .space import Space, Var, World

Seat = int
"""A seat number, from 1 (the one seat type of every game: a game that numbers other
slots, such as hands no player holds, numbers them after the players)."""


class Observation(Protocol):
    """Something a seat knows about the hidden variables, with its exact likelihood."""

    @property
    def event(self) -> EventId:
        """The record's event it comes from (conflicts and explanations name it)."""
        ...

    def scope(self) -> tuple[Var, ...]:
        """The variables :meth:`likelihood` reads."""
        ...

    def likelihood(self, world: World) -> int:
        """The likelihood numerator of this observation in ``world`` (0: impossible);
        a factor common to every world may be left out."""
        ...


@dataclass(frozen=True)
class RoleIs:
    """The observation that ``seat``'s role is (``holds``) or is not ``role``: the
    negation of a fact, added to a knowledge to ask whether the fact is certain.

    >>> observation = RoleIs(0, 2, "x", True, (2,), lambda world, seat: world[seat])
    >>> observation.likelihood({2: "x"}), observation.likelihood({2: "y"})
    (1, 0)
    """

    event: EventId
    seat: Seat
    role: str
    holds: bool
    reads: tuple[Var, ...]
    role_of: Callable[[World, Seat], str] = field(repr=False, compare=False)

    def scope(self) -> tuple[Var, ...]:
        return self.reads

    def likelihood(self, world: World) -> int:
        return int((self.role_of(world, self.seat) == self.role) == self.holds)


class Knowledge(ABC):
    """A viewpoint's knowledge: the space, the observations and what is reported."""

    observations: tuple[Observation, ...]
    viewpoint: Seat | None

    @property
    @abstractmethod
    def space(self) -> Space:
        """The hidden variables and their prior."""

    @property
    @abstractmethod
    def seats(self) -> tuple[Seat, ...]:
        """The seats whose role the posterior reports."""

    @abstractmethod
    def role(self, world: World, seat: Seat) -> str:
        """``seat``'s role in ``world`` (what the posterior's ``roles`` are about)."""

    @property
    @abstractmethod
    def role_names(self) -> tuple[str, ...]:
        """Every role a seat could have, sorted."""

    def role_scope(self, seat: Seat) -> tuple[Var, ...]:
        """The variables :meth:`role` reads for ``seat`` (by default its slot)."""
        return (seat,)

    @property
    def has_decision(self) -> bool:
        """Whether the viewpoint has a decision (what hints are about)."""
        return False

    def decision(self, world: World) -> Hashable:
        """The value of the viewpoint's decision in ``world`` (when it has one)."""
        raise NotImplementedError

    @property
    def query_names(self) -> tuple[str, ...]:
        """The game's named queries beyond the roles (none by default)."""
        return ()

    def queries(self, world: World) -> Mapping[str, Iterable[Hashable]]:
        """For each of :attr:`query_names`, the keys ``world`` adds its weight to
        (e.g. ``(slot, card)`` for every slot, or nothing for a yes/no query that fails)."""
        return {}

    # -- generic ------------------------------------------------------------------------

    @property
    def events(self) -> tuple[EventId, ...]:
        """The ids of the events that carry information, in order."""
        return tuple(observation.event for observation in self.observations)

    def restricted(self, events: Iterable[EventId]) -> Self:
        """The same knowledge with only the observations of ``events``."""
        keep = set(events)
        kept = tuple(o for o in self.observations if o.event in keep)
        return replace(self, observations=kept)  # type: ignore[type-var]

    def extended(self, *observations: Observation) -> Self:
        """The same knowledge with ``observations`` added."""
        return replace(self, observations=(*self.observations, *observations))  # type: ignore[type-var]

    def negation(self, event: EventId, seat: Seat, role: str, holds: bool) -> Observation:
        """The observation that contradicts "``seat``'s role is (not) ``role``" (by
        default a :class:`RoleIs`; a game may give its own kind)."""
        return RoleIs(event, seat, role, not holds, self.role_scope(seat), self.role)

    def likelihood(self, world: World) -> int:
        """The product of every observation's likelihood numerator in ``world``."""
        return prod(observation.likelihood(world) for observation in self.observations)
