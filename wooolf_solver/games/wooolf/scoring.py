"""Scoring a revealed round and a game, exactly per the rules (``docs/wooolf/rules.md``).

- A declaration is **correct** when every pointer is right: it names a seat whose
  identity is that target, or ``0`` when no seat (the neutral hand included) has it.
  With several holders of a target, any one of them is right.
- A correct **early** declaration scores 2 points, a correct **final** one 1 point.
  A wrong declaration (early or final) takes a **mistake marker**; no declaration
  scores nothing and takes nothing. A wrong *early* declaration is also a **red X**:
  that player may not declare early in the next round (enforced when a game record
  is read, :mod:`wooolf_solver.games.wooolf.game`).
- **The shepherd's bonus**: the shepherd scores 1 extra point for each hunter or hound
  whose wolf pointer (``>``) names a non-wolf seat on which the shepherd had placed a
  wolf marker, that is a seat the shepherd peeked at and announced ``wolf`` about
  during the round.
- The game ends when a player holds 2 mistake markers, or after 3 rounds. Most points
  wins; ties go to fewer mistake markers, then are shared.

Readings where the rules are silent:

- The shepherd's bonus does not depend on the shepherd's own declaration: a shepherd
  who declared wrongly, or not at all, still scores it (the rules tie the bonus to the
  other players' pointers only).
- The bonus counts each hunter or hound once, however many wolf markers the shepherd
  placed on the seat its ``>`` names; a hunter or hound without a declaration has no
  pointer and gives no bonus. Early and final declarations count alike.
- Markers belong to their round: a wolf marker counts for the seat whose identity was
  the shepherd in that round (hands, so identities, are fixed within a round), and
  "non-wolf" means the marked seat's identity in that round. A truthful ``wolf`` (the
  shepherd looking at a wolf card) is a wolf marker too, but a pointer at a real wolf
  is right and earns no bonus. With several shepherds (a designer's deck), each scores
  for the markers it placed itself.
- A record that stops before the game's end is an unfinished game: it is scored as
  far as it goes (:attr:`GameScore.over` is false).

>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> from wooolf_solver.games.wooolf.record import Peek
>>> game = base_rules()
>>> setup = game.setup("basic", 4)
>>> hands = {seat: tuple(sorted(game.card(name) for name in names)) for seat, names in {
...     1: ["wolf", "sheep"], 2: ["shepherd?", "sheep"], 3: ["hunter", "sheep"],
...     4: ["hound", "hound?"], 5: ["hunter?", "sheep"]}.items()}
>>> events = [Peek(2, 4, "wolf", game.card("hound"))]     # the shepherd's lie about seat 4
>>> score = score_round(game, setup, hands, events, {
...     3: Declared(3, "early", (4, 4)),                     # the hunter fell for it: wrong
...     4: Declared(4, "final", (1, 3))})                    # the hound got both: right
>>> dict(score.points), sorted(score.mistakes), sorted(score.red)
({1: 0, 2: 1, 3: 0, 4: 1}, [3], [3])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ...core.arguments import instance_argument
from ...core.errors import InvalidRecordError
from ...core.words import NOBODY
from .record import Event, Peek
from .rules import Hand, Rules, Seat, Setup

EARLY_POINTS = 2
"""Points for a correct early declaration."""
FINAL_POINTS = 1
"""Points for a correct final declaration."""
SHEPHERD_BONUS = 1
"""The shepherd's points for each hunter or hound fooled by one of its wolf markers."""
MAX_ROUNDS = 3
"""The game ends after this many rounds..."""
MAX_MISTAKES = 2
"""... or as soon as a player holds this many mistake markers."""

SHEPHERD = "shepherd"
WOLF = "wolf"
FOOLED = ("hunter", "hound")
"""The identities whose wolf pointer can earn the shepherd its bonus."""

When = Literal["early", "final"]


@dataclass(frozen=True)
class Declared:
    """A declaration as revealed: one pointer per target of ``seat``'s identity
    (a seat, or ``0`` for nobody), made early or at the end of the round."""

    seat: Seat
    when: When
    targets: tuple[Seat, ...]


def holders(game: Rules, hands: Mapping[Seat, Hand], identity: str) -> frozenset[Seat]:
    """The seats (neutral hands included) whose identity is ``identity``.

    >>> from wooolf_solver.games.wooolf.rules import base_rules
    >>> game = base_rules()
    >>> hands = {1: (game.card("sheep"), game.card("wolf")), 2: (game.card("sheep"),) * 2}
    >>> sorted(holders(game, hands, "sheep")), sorted(holders(game, hands, "hound"))
    ([2], [])
    """
    return frozenset(seat for seat, hand in hands.items() if game.identity(hand).name == identity)


def pointer_right(game: Rules, hands: Mapping[Seat, Hand], target: str, pointer: Seat) -> bool:
    """Whether one pointer is right: at a holder of ``target``, or ``0`` when none."""
    found = holders(game, hands, target)
    return not found if pointer == NOBODY else pointer in found


def is_correct(game: Rules, hands: Mapping[Seat, Hand], declared: Declared) -> bool:
    """Whether a declaration is correct: every pointer right, for the targets of the
    declarer's identity (their number must match).

    >>> from wooolf_solver.games.wooolf.rules import base_rules
    >>> game = base_rules()
    >>> hands = {1: (game.card("sheep"), game.card("wolf")), 2: (game.card("sheep"),) * 2,
    ...          3: (game.card("hunter"), game.card("sheep"))}
    >>> is_correct(game, hands, Declared(1, "early", (2,)))
    True
    >>> is_correct(game, hands, Declared(3, "final", (1, 0))), is_correct(
    ...     game, hands, Declared(3, "final", (1, 2)))
    (True, False)
    """
    instance_argument(game, Rules, "game")
    instance_argument(declared, Declared, "declared")
    targets = game.identity(hands[declared.seat]).targets
    return all(
        pointer_right(game, hands, target, pointer)
        for target, pointer in zip(targets, declared.targets, strict=True)
    )


def wolf_markers(
    game: Rules, hands: Mapping[Seat, Hand], events: Sequence[Event]
) -> dict[Seat, frozenset[Seat]]:
    """For each shepherd, the seats on which it placed a wolf marker (it peeked there
    and announced ``wolf``)."""
    markers: dict[Seat, set[Seat]] = {seat: set() for seat in holders(game, hands, SHEPHERD)}
    for event in events:
        if isinstance(event, Peek) and event.seat in markers and event.says == WOLF:
            markers[event.seat].add(event.target)
    return {seat: frozenset(marked) for seat, marked in sorted(markers.items())}


def fooled_by(
    game: Rules,
    hands: Mapping[Seat, Hand],
    events: Sequence[Event],
    declarations: Mapping[Seat, Declared],
) -> dict[Seat, tuple[Seat, ...]]:
    """For each shepherd, the hunters and hounds whose wolf pointer names a non-wolf
    seat on which that shepherd placed a wolf marker (one bonus point each)."""
    wolves = holders(game, hands, WOLF)
    fooled: dict[Seat, tuple[Seat, ...]] = {}
    for shepherd, marked in wolf_markers(game, hands, events).items():
        seats = []
        for seat, declared in sorted(declarations.items()):
            identity = game.identity(hands[seat])
            if identity.name not in FOOLED or WOLF not in identity.targets:
                continue
            pointer = declared.targets[identity.targets.index(WOLF)]
            if pointer in marked and pointer not in wolves:
                seats.append(seat)
        fooled[shepherd] = tuple(seats)
    return fooled


@dataclass(frozen=True)
class RoundScore:
    """What every player gained in one round."""

    points: Mapping[Seat, int]
    """Every player's points this round (declaration and shepherd's bonus)."""
    correct: Mapping[Seat, bool]
    """For every seat that declared, whether its declaration was correct."""
    mistakes: frozenset[Seat]
    """The seats that took a mistake marker (a wrong declaration)."""
    red: frozenset[Seat]
    """The seats with a red X (a wrong early declaration): no early declaration next round."""
    bonus: Mapping[Seat, tuple[Seat, ...]]
    """For each shepherd, the hunters and hounds that earned it a bonus point."""


def score_round(
    game: Rules,
    setup: Setup,
    hands: Mapping[Seat, Hand],
    events: Sequence[Event],
    declarations: Mapping[Seat, Declared],
) -> RoundScore:
    """Score one revealed round: every hand (neutral ones included), the events and
    the declarations (a seat not in ``declarations`` made none).

    The example of the module docstring: the shepherd (seat 2) said ``wolf`` about
    seat 4, a hound; the hunter (seat 3) pointed its ``>`` at seat 4, so its early
    declaration is wrong (a mistake and a red X) and the shepherd scores 1 bonus point.
    """
    instance_argument(game, Rules, "game")
    instance_argument(setup, Setup, "setup")
    points = dict.fromkeys(range(1, setup.players + 1), 0)
    correct = {seat: is_correct(game, hands, d) for seat, d in sorted(declarations.items())}
    for seat, right in correct.items():
        if right:
            points[seat] += EARLY_POINTS if declarations[seat].when == "early" else FINAL_POINTS
    bonus = fooled_by(game, hands, events, declarations)
    for shepherd, fooled in bonus.items():
        if shepherd in points:
            points[shepherd] += SHEPHERD_BONUS * len(fooled)
    wrong = frozenset(seat for seat, right in correct.items() if not right)
    return RoundScore(
        points=MappingProxyType(points),
        correct=MappingProxyType(correct),
        mistakes=wrong,
        red=frozenset(seat for seat in wrong if declarations[seat].when == "early"),
        bonus=MappingProxyType(bonus),
    )


@dataclass(frozen=True)
class GameScore:
    """A game's scores: per round, totals, mistake markers, winners."""

    rounds: tuple[RoundScore, ...]
    totals: Mapping[Seat, int]
    mistakes: Mapping[Seat, int]
    """Every player's mistake markers over the game."""
    winners: tuple[Seat, ...]
    """Most points; ties go to fewer mistake markers, then are shared."""
    over: bool
    """Whether the game has ended: a player holds 2 mistake markers, or 3 rounds were played."""


def mistake_totals(rounds: Sequence[RoundScore]) -> dict[Seat, int]:
    """Every player's mistake markers after ``rounds``."""
    totals = dict.fromkeys(rounds[0].points, 0) if rounds else {}
    for score in rounds:
        for seat in score.mistakes:
            totals[seat] += 1
    return totals


def game_over(rounds: Sequence[RoundScore]) -> bool:
    """Whether the game ends after ``rounds``: 3 rounds, or 2 mistake markers.

    >>> blank = RoundScore({1: 0, 2: 0}, {}, frozenset(), frozenset(), {})
    >>> wrong = RoundScore({1: 0, 2: 0}, {2: False}, frozenset({2}), frozenset(), {})
    >>> game_over([blank, blank]), game_over([wrong, wrong]), game_over([blank] * 3)
    (False, True, True)
    """
    return len(rounds) >= MAX_ROUNDS or any(
        count >= MAX_MISTAKES for count in mistake_totals(rounds).values()
    )


def score_game(rounds: Sequence[RoundScore]) -> GameScore:
    """Totals and winners of a game (or of an unfinished one, as far as it goes).

    >>> one = RoundScore({1: 2, 2: 1, 3: 0}, {}, frozenset({3}), frozenset(), {})
    >>> two = RoundScore({1: 0, 2: 1, 3: 2}, {}, frozenset({1}), frozenset({1}), {})
    >>> score = score_game([one, two])
    >>> dict(score.totals), dict(score.mistakes), score.winners, score.over
    ({1: 2, 2: 2, 3: 2}, {1: 1, 2: 0, 3: 1}, (2,), False)
    """
    for number, score in enumerate(rounds if isinstance(rounds, Sequence) else [rounds], 1):
        instance_argument(score, RoundScore, f"rounds.{number}")
    if not rounds:
        raise InvalidRecordError("a game has at least one round")
    totals = dict.fromkeys(rounds[0].points, 0)
    for score in rounds:
        for seat, points in score.points.items():
            totals[seat] += points
    mistakes = mistake_totals(rounds)
    best = max((totals[seat], -mistakes[seat]) for seat in totals)
    winners = tuple(seat for seat in totals if (totals[seat], -mistakes[seat]) == best)
    return GameScore(
        rounds=tuple(rounds),
        totals=MappingProxyType(totals),
        mistakes=MappingProxyType(mistakes),
        winners=winners,
        over=game_over(rounds),
    )
