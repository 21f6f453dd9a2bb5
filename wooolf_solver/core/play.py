"""The play-state protocol: one game in progress, moved by its seats and by chance.

A game's :class:`State` says whose turn it is (:attr:`State.current`: some seats, or
:data:`CHANCE`, or :data:`TERMINAL`), which moves a seat may make (:meth:`State.legal`),
applies a move after checking it (:meth:`State.apply`: an illegal one raises
:class:`~.errors.IllegalMoveError` and changes nothing), draws the chance outcome from
a seeded generator (:meth:`State.chance`), shows one seat what that seat may know
(:meth:`State.view`, an immutable value) and, at the end, gives the result.

When several seats are to move, they move *simultaneously*: none sees another's move
of that turn in its view, and any of them may move first. A :class:`Bot` is handed only
its view and its legal moves, never the state, so it cannot read a hidden card.
:func:`play` runs a game to its end with one bot per seat: the lab's runner; a live
table drives the same state with people's moves instead.

>>> from random import Random
>>> class Coin:  # a toy: chance flips a coin, seat 1 guesses it
...     def __init__(self) -> None:
...         self.coin, self.guess = None, None
...     @property
...     def current(self):
...         if self.coin is None:
...             return CHANCE
...         return TERMINAL if self.is_terminal else (1,)
...     def legal(self, seat): return ("heads", "tails")
...     def apply(self, seat, move): self.guess = checked(self, seat, move)
...     def chance(self, rng): self.coin = rng.choice(("heads", "tails"))
...     def view(self, seat): return None
...     @property
...     def is_terminal(self): return self.guess is not None
...     def result(self): return self.guess == self.coin
>>> class Heads:
...     def act(self, view, legal, rng): return "heads"
>>> play(Coin(), {1: Heads()}, Random(1))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from random import Random
from typing import Final, Literal, Protocol, TypeVar

from .errors import IllegalMoveError

CHANCE: Final = "chance"
"""``current`` when chance moves next (:meth:`State.chance`)."""

TERMINAL: Final = "terminal"
"""``current`` when the game is over."""

Turn = tuple[int, ...] | Literal["chance", "terminal"]
"""Whose turn it is: the seats to move (simultaneously, in the order a driver asks
them), chance, or nobody (the game is over)."""

M = TypeVar("M")
V = TypeVar("V")
R = TypeVar("R")
M_co = TypeVar("M_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
R_co = TypeVar("R_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class Legal(Protocol[M_co]):
    """A seat's legal moves: a test of membership, and the moves a bot may list (a
    tuple is one; an open set, such as free speech, lists only its plain moves)."""

    def __contains__(self, move: object, /) -> bool: ...

    def __iter__(self) -> Iterator[M_co]: ...


class State(Protocol[M, V_co, R_co]):
    """One game in progress (mutable: :meth:`apply` and :meth:`chance` move it on)."""

    @property
    def current(self) -> Turn:
        """Whose turn it is."""
        ...

    def legal(self, seat: int) -> Legal[M]:
        """The moves ``seat`` may make now (empty when it is not to move)."""
        ...

    def apply(self, seat: int, move: M) -> None:
        """Make ``seat``'s move; :class:`~.errors.IllegalMoveError` if it may not."""
        ...

    def chance(self, rng: Random) -> None:
        """Draw chance's outcome from ``rng`` and apply it."""
        ...

    def view(self, seat: int) -> V_co:
        """Everything ``seat`` may know now, and nothing else."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def result(self) -> R_co:
        """The outcome (only once the game is over)."""
        ...


class Bot(Protocol[V_contra, M]):
    """A player that sees only its own view."""

    def act(self, view: V_contra, legal: Legal[M], rng: Random) -> M:
        """A move among ``legal``, from what the seat may know."""
        ...


class RandomBot:
    """A bot that makes any listed legal move, each alike.

    >>> RandomBot().act(None, ("rock", "paper", "scissors"), Random(0))
    'paper'
    """

    def act(self, view: object, legal: Legal[M], rng: Random) -> M:
        return rng.choice(tuple(legal))


def checked(state: State[M, V, R], seat: int, move: M) -> M:
    """``move`` if ``seat`` is to move and may make it, else :class:`IllegalMoveError`
    (the check every :meth:`State.apply` starts with).

    >>> class Still:
    ...     current = (1,)
    ...     def legal(self, seat): return ("wait",)
    >>> checked(Still(), 1, "run")
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.IllegalMoveError: seat 1: 'run' is not a legal move now
    """
    turn = state.current
    if isinstance(turn, str) or seat not in turn:
        raise IllegalMoveError(f"seat {seat}: it is not this seat's turn")
    if move not in state.legal(seat):
        raise IllegalMoveError(f"seat {seat}: {move!r} is not a legal move now")
    return move


def play(state: State[M, V, R], bots: Mapping[int, Bot[V, M]], rng: Random) -> R:
    """Play ``state`` to its end: chance draws from ``rng``; the first seat of every
    turn is asked by its bot (with its view, its legal moves and ``rng``), so that the
    same ``rng`` plays the same game. The result."""
    view, legal, apply = state.view, state.legal, state.apply  # looked up once: a lab's
    while True:  # games take many short steps
        turn = state.current
        if isinstance(turn, str):
            if turn == TERMINAL:
                return state.result()
            state.chance(rng)
            continue
        seat = turn[0]
        apply(seat, bots[seat].act(view(seat), legal(seat), rng))
