"""Replaying a game from every seat's own knowledge: certainty, gambles, lies.

For every round and every player ``s``, the review solves ``s``'s knowledge after
each event (``k = 0..N``: its hand, the public events, the cards it saw itself) and
keeps the best declaration at every ``k`` (the curve a report plots). From those:

- ``certain_at``: the first ``k`` at which the best declaration is certain (right in
  every world consistent with ``s``'s knowledge), or ``None``. Knowledge only grows,
  so the best declaration stays certain from then on.
- For a seat that declared: the chance its declaration was right when it made it
  (an early one: after the events before its ``declare`` event; a final one: after
  all events) and the best declaration's chance at that moment.

Notable moments (:class:`Moment`), as data and as plain sentences:

- ``gamble``: an early declaration that was not certain when it was made;
- ``better-declaration``: a declaration with a lower chance than the best one then;
- ``unused-certainty``: a seat whose best declaration was certain before one of its
  turns, at which it could have declared early (after the first go-around, no red
  X), but which never declared early in the round;
- ``shepherd-lie``: a peek whose announcement differs from the card's icon (the
  shepherd crying wolf), with the players it misled: those whose pointer for the
  announced character named the peeked seat, which does not hold that character.

>>> from wooolf_solver.games.wooolf.game import GameRecord
>>> report = review(GameRecord.load("examples/game-6p-basic.yaml"))
>>> sorted(report.to_dict())
['rounds', 'totals', 'winners']
>>> wolf = report.rounds[0].seats[6]          # round 1, seat 6: the wolf
>>> wolf.certain_at, wolf.to_dict()["declared_probability"], len(wolf.curve)
(10, 1.0, 15)
>>> print(report.moments[0].describe())
Round 1, event 4: seat 3 (the shepherd) saw hound at seat 1 and said wolf;
it misled seat 2, seat 4, seat 5.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Literal

from ...core.review import TOLERANCE, Option, Step, counter, replay
from ...core.words import exact_percent, seat_list
from .engines.memo import sharing
from .engines.solver import solve
from .game import GameRecord, GameRound
from .posterior import Declaration
from .record import Declare, Peek, Round
from .rules import Seat
from .scoring import Declared, GameScore, RoundScore, holders
from .words import describe_targets

MomentKind = Literal["gamble", "better-declaration", "unused-certainty", "shepherd-lie"]


@dataclass(frozen=True)
class SeatReview:
    """One player's round, replayed from its own knowledge."""

    seat: Seat
    identity: str
    best: tuple[Declaration, ...]
    """The best declaration after ``k`` events, for ``k = 0..N``."""
    certain_at: int | None
    """The first ``k`` at which the best declaration was certain; ``None``: never."""
    declared: Declared | None = None
    declared_after: int | None = None
    """The number of events the seat knew when it declared."""
    declared_probability: float | None = None
    """The chance, from the seat's knowledge then, that its declaration was right."""
    declared_certain: bool = False
    best_probability: float | None = None
    """The best declaration's chance at the moment the seat declared."""
    steps: tuple[Step[tuple[Declaration, Declaration | None]], ...] = ()
    """The generic replay's steps (:class:`wooolf_solver.core.review.Step`), one per
    ``k``: the best declaration then and the seat's own, in words too."""

    @property
    def curve(self) -> tuple[float, ...]:
        """The best declaration's chance after ``k`` events, for ``k = 0..N``."""
        return tuple(declaration.probability for declaration in self.best)

    def to_dict(self) -> dict[str, Any]:
        """The spec's ``seats[s]`` object."""
        return {
            "certain_at": self.certain_at,
            "declared_probability": self.declared_probability,
            "best_probability": self.best_probability,
        }


@dataclass(frozen=True)
class Moment:
    """A notable moment of a round (see the module's docstring for the kinds)."""

    kind: MomentKind
    round: int
    seat: Seat
    """The player concerned (the liar, for a lie)."""
    event: int | None
    """The event it is about (a ``declare``, a turn, a peek); ``None``: the final
    declarations, after the last event."""
    identity: str
    targets: tuple[Seat, ...] = ()
    """The declaration made, or the certain one not used."""
    probability: float | None = None
    best_targets: tuple[Seat, ...] = ()
    best_probability: float | None = None
    right: bool | None = None
    """Whether the declaration turned out right."""
    certain_at: int | None = None
    target: Seat | None = None
    """The peeked seat (a lie)."""
    card: str | None = None
    said: str | None = None
    misled: tuple[Seat, ...] = ()

    def describe(self) -> str:
        """The moment in one plain sentence.

        >>> print(Moment("shepherd-lie", 2, 3, 12, "shepherd", target=6, card="sheep",
        ...              said="wolf", misled=(1,)).describe())
        Round 2, event 12: seat 3 (the shepherd) saw sheep at seat 6 and said wolf;
        it misled seat 1.
        """
        at = f"Round {self.round}" + (f", event {self.event}" if self.event else "")
        who = f"seat {self.seat} (the {self.identity})"
        if self.kind == "shepherd-lie":
            misled = seat_list(self.misled)
            return (
                f"{at}: {who} saw {self.card} at seat {self.target} and said "
                f"{self.said}; it misled {misled}."
            )
        outcome = "" if self.right is None else " (right)" if self.right else " (wrong)"
        made = f"{_targets(self.targets)} with {exact_percent(self.probability)}"
        if self.kind == "gamble":
            return f"{at}: {who} declared early {made} chance: a gamble{outcome}."
        if self.kind == "better-declaration":
            best = f"{_targets(self.best_targets)} had {exact_percent(self.best_probability)}"
            when = "declared" if self.event else "declared at the end"
            return f"{at}: {who} {when} {made}{outcome}, but {best}."
        return (
            f"{at}: {who} was certain of {_targets(self.targets)} after "
            f"{_events(self.certain_at)} but did not declare early at its turn."
        )


def _targets(targets: tuple[Seat, ...]) -> str:
    return "[" + ", ".join(str(seat) for seat in targets) + "]"


def _events(count: int | None) -> str:
    if count == 0:
        return "no event"
    return "1 event" if count == 1 else f"{count} events"


@dataclass(frozen=True)
class RoundReview:
    """A round replayed from every player's knowledge, with its scores."""

    def __repr__(self) -> str:
        return f"<review of round {self.round.number}>"

    round: GameRound
    score: RoundScore
    seats: Mapping[Seat, SeatReview]
    moments: tuple[Moment, ...]

    def to_dict(self) -> dict[str, Any]:
        """The spec's object for one round."""
        return {
            "scores": {str(seat): points for seat, points in self.score.points.items()},
            "mistakes": {str(seat): 1 for seat in sorted(self.score.mistakes)},
            "seats": {str(seat): review.to_dict() for seat, review in self.seats.items()},
        }


@dataclass(frozen=True)
class Review:
    """A whole game replayed: every round, the totals and the winners."""

    def __repr__(self) -> str:
        return f"<review of {len(self.rounds)} rounds>"

    game: GameRecord
    rounds: tuple[RoundReview, ...]
    score: GameScore

    @property
    def moments(self) -> tuple[Moment, ...]:
        return tuple(moment for round_ in self.rounds for moment in round_.moments)

    def to_dict(self) -> dict[str, Any]:
        """The spec's JSON object for ``review``."""
        return {
            "rounds": [round_.to_dict() for round_ in self.rounds],
            "totals": {str(seat): points for seat, points in self.score.totals.items()},
            "winners": list(self.score.winners),
        }


def review(
    game: GameRecord,
    engine: str | None = "fast",
    on_step: Callable[[int, int], None] | None = None,
) -> Review:
    """Replay every round of ``game`` from every player's own knowledge; ``on_step(done,
    total)`` is called after each seat's round is replayed (for a progress bar)."""
    total = sum(len(round_.players) for round_ in game.rounds)
    step = None if on_step is None else counter(on_step, total)
    with sharing():  # every seat's positions, one event after another
        rounds = tuple(review_round(round_, engine, step) for round_ in game.rounds)
    return Review(game, rounds, game.score)


def review_round(
    round_: GameRound, engine: str | None = "fast", on_seat: Callable[[], None] | None = None
) -> RoundReview:
    """Replay one round from every player's own knowledge (``on_seat()`` after each seat)."""
    players = list(round_.players)
    replayed = replay(_Replay(engine), round_, players, len(round_.events) + 1, on_seat)
    seats = {seat: _seat_review(round_, seat, replayed[seat]) for seat in players}
    moments = [
        *(moment for seat in seats.values() for moment in _declaration_moments(round_, seat)),
        *(moment for seat in seats.values() for moment in _unused_certainty(round_, seat)),
        *_lies(round_),
    ]
    moments.sort(
        key=lambda m: (m.event if m.event is not None else len(round_.events) + 1, m.seat, m.kind)
    )
    return RoundReview(round_, round_.score, MappingProxyType(seats), tuple(moments))


class _Replay:
    """The hooks of the generic replay (:func:`wooolf_solver.core.review.replay`): a
    seat's knowledge after ``k`` events, its best declarations, the one it made."""

    def __init__(self, engine: str | None) -> None:
        self.engine = engine

    def view(self, round_: GameRound, seat: Seat, moment: int) -> Round | None:
        """The seat's knowledge after ``moment`` events (``None`` after a ``declare``:
        it tells nothing new)."""
        if moment and isinstance(round_.events[moment - 1], Declare):
            return None
        return round_.seen_by(seat, moment)

    def weigh(self, view: Round) -> list[Declaration]:
        return solve(view, self.engine).declarations(at_least=1)

    def judge(
        self, round_: GameRound, seat: Seat, moment: int, ranked: list[Declaration]
    ) -> Step[tuple[Declaration, Declaration | None]]:
        targets = round_.identity(seat).targets
        best = ranked[0]
        declared = round_.declarations.get(seat)
        made: Declaration | None = None
        if declared is not None and moment == _declared_after(round_, seat):
            made = next(
                (d for d in ranked if d.targets == declared.targets),
                Declaration(declared.targets, 0.0),
            )
        return Step(
            _option(best, targets),
            None if made is None else _option(made, targets),
            round_.score.correct.get(seat) if made is not None else None,
            (best, made),
        )


def _option(declaration: Declaration, targets: tuple[str, ...]) -> Option:
    words = describe_targets(declaration.targets, targets)
    return Option(words, declaration.probability, declaration.certain)


def _declared_after(round_: GameRound, seat: Seat) -> int | None:
    """The number of events the seat knew when it declared (``None``: it did not)."""
    if seat not in round_.declarations:
        return None
    declare_event = round_.declare_event(seat)
    return len(round_.events) if declare_event is None else declare_event - 1


def review_seat(round_: GameRound, seat: Seat, engine: str | None = "fast") -> SeatReview:
    """One player's round: the best declaration after every event, and its own."""
    steps = replay(_Replay(engine), round_, [seat], len(round_.events) + 1)[seat]
    return _seat_review(round_, seat, steps)


def _seat_review(
    round_: GameRound, seat: Seat, steps: tuple[Step[tuple[Declaration, Declaration | None]], ...]
) -> SeatReview:
    best = tuple(step.detail[0] for step in steps if step.detail is not None)
    certain_at = next((k for k, d in enumerate(best) if d.certain), None)
    identity = round_.identity(seat).name
    declared = round_.declarations.get(seat)
    declared_after = _declared_after(round_, seat)
    made = None if declared_after is None else steps[declared_after].detail
    if declared is None or declared_after is None or made is None or made[1] is None:
        return SeatReview(seat, identity, best, certain_at, steps=steps)
    return SeatReview(
        seat,
        identity,
        best,
        certain_at,
        declared,
        declared_after,
        made[1].probability,
        made[1].certain,
        best[declared_after].probability,
        steps,
    )


def _declaration_moments(round_: GameRound, seat: SeatReview) -> list[Moment]:
    declared = seat.declared
    if declared is None or seat.declared_after is None or seat.declared_probability is None:
        return []
    event = round_.declare_event(seat.seat)
    right = round_.score.correct.get(seat.seat)
    best = seat.best[seat.declared_after]
    gamble = Moment(
        "gamble",
        round_.number,
        seat.seat,
        event,
        seat.identity,
        targets=declared.targets,
        probability=seat.declared_probability,
        right=right,
    )
    moments = []
    if declared.when == "early" and not seat.declared_certain:
        moments.append(gamble)
    if best.probability > seat.declared_probability + TOLERANCE:
        moments.append(
            replace(
                gamble,
                kind="better-declaration",
                best_targets=best.targets,
                best_probability=best.probability,
            )
        )
    return moments


def _unused_certainty(round_: GameRound, seat: SeatReview) -> list[Moment]:
    if seat.certain_at is None or round_.declare_event(seat.seat) is not None:
        return []
    if seat.seat in round_.blocked:
        return []
    for number, event in enumerate(round_.events, 1):
        could = number > round_.first_go_around and number - 1 >= seat.certain_at
        if event.seat == seat.seat and could:
            return [
                Moment(
                    "unused-certainty",
                    round_.number,
                    seat.seat,
                    number,
                    seat.identity,
                    targets=seat.best[number - 1].targets,
                    probability=1.0,
                    certain_at=seat.certain_at,
                )
            ]
    return []


def _lies(round_: GameRound) -> list[Moment]:
    game = round_.game
    moments = []
    for number, event in enumerate(round_.events, 1):
        if not isinstance(event, Peek) or event.sees is None or event.says == event.sees.icon:
            continue
        misled = []
        if event.says in game.characters and event.target not in holders(
            game, round_.hands, event.says
        ):
            for seat, declared in round_.declarations.items():
                targets = round_.identity(seat).targets
                if (
                    seat != event.seat
                    and event.says in targets
                    and declared.targets[targets.index(event.says)] == event.target
                ):
                    misled.append(seat)
        moments.append(
            Moment(
                "shepherd-lie",
                round_.number,
                event.seat,
                number,
                round_.identity(event.seat).name,
                target=event.target,
                card=event.sees.name,
                said=event.says,
                misled=tuple(sorted(misled)),
            )
        )
    return moments


__all__ = [
    "TOLERANCE",
    "Moment",
    "MomentKind",
    "Review",
    "RoundReview",
    "SeatReview",
    "review",
    "review_round",
    "review_seat",
]
