"""The review frame: a played record replayed from every seat, in every game.

A review walks a record's *parts* (a round, a deal, a day) and, in each, every seat at
every *moment* (after each event, at the vote). At each moment a seat knew something
(the game's view of the record from that seat, up to that moment); weighed, that
knowledge gives the best move then, and, when the seat moved at that moment, the
chance its own move had. :func:`replay` is the one loop that does this for every
game, from three hooks (:class:`Replayer`): a seat's view up to a moment (or ``None``
when it learned nothing new), the weighing of a view (the game's exact solve), and
the judge of a move (a :class:`Step`: the best option, the option taken).

The game's words then make a :class:`ReviewFrame` of it (titles, who each seat was,
the points, the missed chances as :class:`Note`), which one HTML design renders
(:mod:`wooolf_solver.core.review_page`) for every game.

>>> class Coin:  # a toy game: guess a coin that is shown at moment 1
...     def view(self, part, seat, moment):
...         return moment
...     def weigh(self, view):
...         return 1.0 if view else 0.5
...     def judge(self, part, seat, moment, weighed):
...         best = Option("heads", weighed, certain=weighed == 1)
...         return Step(best, best if moment == 1 else None, right=True if moment else None)
>>> steps = replay(Coin(), "toss", [1], 2)
>>> [step.best.chance for step in steps[1]], certain_at(steps[1])
([0.5, 1.0], 1)
>>> [step.missed for step in steps[1]]
[False, False]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Generic, Literal, Protocol, TypeVar

from .words import exact_percent

TOLERANCE = 1e-9
"""Chances closer than this count as equal (exact up to floating point)."""

Tone = Literal["risk", "missed", "lie", "info"]
"""How a note reads: a risk taken, a better move missed, a lie, a plain fact."""

D = TypeVar("D")
D_co = TypeVar("D_co", covariant=True)
P = TypeVar("P")
P_contra = TypeVar("P_contra", contravariant=True)
V = TypeVar("V")
W = TypeVar("W")


@dataclass(frozen=True)
class Option:
    """A move in words and its chance (of being right, of winning: the game's score),
    from the seat's own knowledge; ``None``: it could not be weighed."""

    words: str
    chance: float | None
    certain: bool = False
    """Right (or winning) in every world the seat's knowledge allows: exact, not rounded."""
    shown: str | None = None
    """The chance in words when it is a score, not a percentage (``worth 1.50``)."""

    @property
    def text(self) -> str:
        """The chance in words: ``55.6%``, ``worth 1.50``, ``?`` (not weighed)."""
        return self.shown or exact_percent(self.chance)


@dataclass(frozen=True)
class Step(Generic[D_co]):
    """One seat at one moment: the best option then and the one it took, if it moved.

    ``right``: whether the move turned out right (``None``: not known or no move);
    ``detail``: the game's own data (its ranked options), for its own result types.
    """

    best: Option | None
    made: Option | None = None
    right: bool | None = None
    detail: D_co | None = None

    @property
    def missed(self) -> bool:
        """Whether a better option than the move made was open then.

        >>> Step(Option("a", 0.75), Option("b", 0.5)).missed
        True
        """
        if self.made is None or self.best is None:
            return False
        best, made = self.best.chance, self.made.chance
        return best is not None and made is not None and best > made + TOLERANCE


def certain_at(steps: Sequence[Step[D]]) -> int | None:
    """The first moment whose best option was certain; ``None``: never."""
    return next(
        (
            moment
            for moment, step in enumerate(steps)
            if step.best is not None and step.best.certain
        ),
        None,
    )


class Replayer(Protocol[P_contra, V, W, D_co]):
    """A game's hooks for :func:`replay` (``P``: a part, ``V``: a view, ``W``: a
    weighed view, ``D``: the detail a step keeps)."""

    def view(self, part: P_contra, seat: int, moment: int) -> V | None:
        """What ``seat`` knew at ``moment`` of ``part``; ``None``: nothing new since
        the moment before (its weighing is kept)."""
        ...

    def weigh(self, view: V) -> W:
        """The view weighed exactly (the game's solve)."""
        ...

    def judge(self, part: P_contra, seat: int, moment: int, weighed: W) -> Step[D_co]:
        """The best option at ``moment`` and the move ``seat`` made then, if any."""
        ...


def replay(
    hooks: Replayer[P, V, W, D],
    part: P,
    seats: Sequence[int],
    moments: int,
    on_seat: Callable[[], None] | None = None,
) -> dict[int, tuple[Step[D], ...]]:
    """Every seat of ``part`` at each of its ``moments``, judged from its own
    knowledge (``on_seat()`` after each seat, for a progress bar)."""
    replayed: dict[int, tuple[Step[D], ...]] = {}
    for seat in seats:
        steps: list[Step[D]] = []
        weighed: W | None = None
        for moment in range(moments):
            view = hooks.view(part, seat, moment)
            if view is not None or weighed is None:
                if view is None:
                    raise ValueError(f"seat {seat}: no view at the first moment")
                weighed = hooks.weigh(view)
            steps.append(hooks.judge(part, seat, moment, weighed))
        replayed[seat] = tuple(steps)
        if on_seat is not None:
            on_seat()
    return replayed


def counter(on_step: Callable[[int, int], None], total: int) -> Callable[[], None]:
    """``on_step(done, total)`` as a call without arguments that counts its calls (a
    progress bar's ticks).

    >>> tick = counter(lambda done, total: print(f"{done}/{total}"), 2)
    >>> tick(); tick()
    1/2
    2/2
    """
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        on_step(done, total)

    return step


@dataclass(frozen=True)
class SeatLine:
    """One seat through a part: who it was, what it knew of its own, its steps (one a
    moment; none: a seat that never acts), its points and the words under them."""

    seat: int
    who: str
    knew: str = ""
    steps: tuple[Step[object], ...] = ()
    points: int | None = None
    points_notes: tuple[str, ...] = ()
    penalty: str = ""
    """A penalty in words (shown in red under the points)."""
    won: bool = False

    @property
    def curve(self) -> tuple[float | None, ...]:
        """The best option's chance at each moment."""
        return tuple(None if s.best is None else s.best.chance for s in self.steps)

    @property
    def moves(self) -> tuple[tuple[int, Step[object]], ...]:
        """The moments at which the seat moved, with their steps."""
        return tuple((n, step) for n, step in enumerate(self.steps) if step.made is not None)

    @property
    def certain_at(self) -> int | None:
        return certain_at(self.steps)

    @property
    def missed(self) -> bool:
        return any(step.missed for step in self.steps)


@dataclass(frozen=True)
class Note:
    """A notable moment: a gamble, a better move missed, a certainty unused, a lie."""

    tone: Tone
    label: str
    words: str
    seat: int | None = None
    moment: int | None = None
    """The moment it happened at (a lie is drawn there on the plot)."""


@dataclass(frozen=True)
class Entry:
    """One event of the part's timeline, in words."""

    seat: int | None
    kind: str
    words: str
    lie: bool = False
    right: bool | None = None
    """Whether the move it was turned out right (``None``: not a judged move)."""


@dataclass(frozen=True)
class Part:
    """A part of the record (a round, a deal, a day) replayed from every seat."""

    anchor: str
    title: str
    facts: tuple[str, ...]
    moments: tuple[str, ...]
    """Each moment in words (``after 3 events``, ``at the vote``)."""
    seats: tuple[SeatLine, ...]
    notes: tuple[Note, ...] = ()
    timeline: tuple[Entry, ...] = ()
    calm: int = 0
    """The first moments, during which no early move may be made (shaded)."""
    calm_words: str = ""
    grey: frozenset[int] = frozenset()
    """Seats drawn grey (a hand nobody plays)."""
    notes_after: tuple[str, ...] = ()
    """Plain sentences under the seats' table."""
    ticks: tuple[str, ...] = ()
    """The plot's label of each moment, then of the end (empty: ``0``, ``1``, ...)."""
    grid: Grid | None = None


@dataclass(frozen=True)
class Grid:
    """A table of chances: one row per seat that judged, one column per seat judged
    (what each seat could tell of the others), the truth marked."""

    title: str
    columns: tuple[int, ...]
    rows: tuple[tuple[int, tuple[float | None, ...]], ...]
    truth: frozenset[int] = frozenset()
    """The columns for which the fact holds."""


@dataclass(frozen=True)
class Words:
    """A game's words for the page: the headings of the one design."""

    kind: str = "Game review"
    who: str = "Identity"
    move: str = "Move"
    chance: str = "Chance then"
    best: str = "best then"
    moments: str = "moments"
    curve: str = "best move right"
    caption: str = ""
    end: str = "end"
    right: str = "right"
    wrong: str = "wrong"
    nothing: str = "Nothing notable."
    footer: str = ""
    part_noun: str = "part"


@dataclass(frozen=True)
class ReviewFrame:
    """A whole record reviewed, in the terms every game shares."""

    title: str
    facts: tuple[str, ...]
    winners: tuple[int, ...]
    outcome: str
    """The words after the winners (``with 6 points``, ``: the village wins``)."""
    parts: tuple[Part, ...]
    words: Words = field(default_factory=Words)
    summary: tuple[str, ...] = ()
    """Sentences on the whole record (the reveal, the dead), under the title."""
    totals: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    """Each seat's points over the parts (empty: no totals table)."""
    extra: Mapping[str, Mapping[int, int]] = field(default_factory=lambda: MappingProxyType({}))
    """Further columns of the totals table (``mistakes``)."""

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat met in any part, in order."""
        return tuple(sorted({s.seat for part in self.parts for s in part.seats}))


__all__ = [
    "TOLERANCE",
    "Entry",
    "Grid",
    "Note",
    "Option",
    "Part",
    "Replayer",
    "ReviewFrame",
    "SeatLine",
    "Step",
    "Tone",
    "Words",
    "certain_at",
    "counter",
    "replay",
]
