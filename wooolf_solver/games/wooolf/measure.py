"""What a played game says about its deck: one :class:`SeatRound` per player and round.

Everything here is plain data (ints, floats, strings, tuples), so it travels between
processes and machines; the report (:mod:`wooolf_solver.games.wooolf.lab`) adds it up.

The figures that need the solver (``analyse=True``) replay each seat's own knowledge
with the exact counter, as ``wooolf review`` does:

- ``certain_at``: the number of events of the round after which the seat's best
  declaration was certain from its own knowledge (0: before any event), or ``None``
  (the review's ``certain_at``). Knowledge only grows, so certainty, once reached,
  stays: it is found by bisection over the events (a few solves, not one per event).
- For a seat that declared, at the moment it declared (an early declaration: after
  the events before its ``declare``; a final one: after all events): the chance its
  declaration was right (``probability``), whether that was certain, and whether it
  was a **forced guess**: not certain, and no action open to the seat then (a peek at
  any seat, one of the question cards it still held to any player) could change its
  chances (:attr:`~wooolf_solver.games.wooolf.hints.Advice.forced_guess`).

The other figures come from the scoring alone: points, mistakes, the shepherd's
bonus, whether a hunter's or hound's wolf pointer fooled into that bonus, and the
round's winners (the most points in the round, if more than 0; ties go to fewer
mistakes, then are shared).

>>> import random
>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> from wooolf_solver.games.wooolf.bots import RandomBot
>>> from wooolf_solver.games.wooolf.state import play_game
>>> game = base_rules()
>>> played = play_game(random.Random(3), game, game.setup("basic", 4), [RandomBot()] * 4)
>>> seats = measure_game(played)
>>> len(seats) == 4 * len(played.rounds), seats[0].seat, seats[0].bot
(True, 1, 'random')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .engines.solver import certain_declaration, knowledge_certain, solve
from .hints import hint
from .model import knowledge_of
from .rules import Seat
from .scoring import FOOLED, WOLF, When
from .table import PlayedGame, PlayedRound


@dataclass(frozen=True)
class SeatRound:
    """One player's round."""

    round: int
    seat: Seat
    bot: str
    identity: str
    events: int
    """The round's number of events."""
    when: When | None
    """Its declaration (early or final), or ``None``: none."""
    right: bool | None
    points: int
    """Its points this round, the shepherd's bonus included."""
    bonus: int
    """The shepherd's bonus points (0 for any other identity)."""
    mistake: bool
    fooled: bool | None
    """For a hunter or hound that declared: whether its wolf pointer earned a shepherd
    its bonus."""
    won: bool
    """It had the round's best score (see the module docstring)."""
    certain_at: int | None = None
    probability: float | None = None
    """Its declaration's chance when it declared (``analyse`` only)."""
    certain: bool | None = None
    forced_guess: bool | None = None


@dataclass(frozen=True)
class GameSummary:
    """One simulated game: its seat-rounds, totals and winners."""

    index: int
    bots: tuple[str, ...]
    seats: tuple[SeatRound, ...]
    totals: tuple[int, ...]
    """Every player's points over the game (seat 1 first)."""
    winners: tuple[Seat, ...]
    rounds: int
    stalled: int
    """Rounds in which patience ran out."""


def measure_game(
    played: PlayedGame, analyse: bool = False, engine: str = "fast"
) -> tuple[SeatRound, ...]:
    """Every player's every round; ``analyse`` adds the solver's figures."""
    return tuple(
        seat
        for played_round in played.rounds
        for seat in measure_round(played_round, played.bots, analyse, engine)
    )


def measure_round(
    played: PlayedRound, bots: tuple[str, ...], analyse: bool = False, engine: str = "fast"
) -> Iterable[SeatRound]:
    round_, score = played.round, played.score
    winners = round_winners(played)
    for seat in round_.players:
        identity = round_.identity(seat)
        declared = round_.declarations.get(seat)
        bonus = len(score.bonus.get(seat, ()))
        fooled = None
        if declared is not None and identity.name in FOOLED and WOLF in identity.targets:
            fooled = any(seat in seats for seats in score.bonus.values())
        result = SeatRound(
            round=round_.number,
            seat=seat,
            bot=bots[seat - 1],
            identity=identity.name,
            events=len(round_.events),
            when=declared.when if declared else None,
            right=score.correct.get(seat),
            points=score.points[seat],
            bonus=bonus,
            mistake=seat in score.mistakes,
            fooled=fooled,
            won=seat in winners,
        )
        if analyse:
            result = _analysed(played, seat, result, engine)
        yield result


def round_winners(played: PlayedRound) -> frozenset[Seat]:
    """The seats with the most points in the round (if more than 0), ties going to
    fewer mistakes (then shared)."""
    score = played.score
    best = max((points, -(seat in score.mistakes)) for seat, points in score.points.items())
    if best[0] <= 0:
        return frozenset()
    return frozenset(
        seat for seat, points in score.points.items() if (points, -(seat in score.mistakes)) == best
    )


def _analysed(played: PlayedRound, seat: Seat, result: SeatRound, engine: str) -> SeatRound:
    round_ = played.round
    declared = round_.declarations.get(seat)
    if declared is None:
        return replace(result, certain_at=_certain_at(played, seat, engine))
    number = round_.declare_event(seat)
    after = len(round_.events) if number is None else number - 1
    view = played.view(seat, after)
    known = certain_declaration(view, engine)
    certain_at = _certain_at(played, seat, engine, (after, known))
    advice = hint(view, engine) if not known else None
    posterior = advice.posterior if advice is not None else solve(view, engine)
    made = posterior.declaration(declared.targets)
    probability, certain = made.probability, made.certain
    forced = advice is not None and advice.advice.forced_guess and not certain
    return replace(
        result,
        certain_at=certain_at,
        probability=probability,
        certain=certain,
        forced_guess=forced,
    )


def _certain_at(
    played: PlayedRound, seat: Seat, engine: str, asked: tuple[int, bool] | None = None
) -> int | None:
    """The first number of events after which the best declaration is certain, by
    bisection (certainty never goes away as events are added); ``asked``: a number of
    events already asked about, and whether it made it certain (then the bisection
    stays below it, else above it)."""

    knowledge = knowledge_of(played.view(seat))

    def certain(k: int) -> bool:
        return knowledge_certain(knowledge.after(k), engine)

    low, high = -1, len(played.round.events)
    if asked is not None and asked[1]:
        high = asked[0]
    else:
        if asked is not None:
            low = asked[0]
        if high == low or not certain(high):
            return None
    while high - low > 1:  # certain(high) holds, and not certain(low): find the least such k
        middle = (low + high) // 2
        if certain(middle):
            high = middle
        else:
            low = middle
    return high
