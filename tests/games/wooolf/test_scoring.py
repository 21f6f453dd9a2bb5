"""Scoring: every expected number here was computed by hand from the rules
(``shared/rules/wooolf.md``), as the comments show, never by running the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from wooolf_solver.games.wooolf.game import GameRecord
from wooolf_solver.games.wooolf.record import Event, Peek
from wooolf_solver.games.wooolf.rules import Hand, Seat, base_rules
from wooolf_solver.games.wooolf.scoring import (
    Declared,
    RoundScore,
    fooled_by,
    game_over,
    is_correct,
    score_game,
    score_round,
    wolf_markers,
)

ROOT = Path(__file__).resolve().parents[3]
GAME = base_rules()
SETUP4 = GAME.setup("basic", 4)


def hands_of(names: dict[Seat, list[str]]) -> dict[Seat, Hand]:
    return {seat: tuple(sorted(GAME.card(name) for name in cards)) for seat, cards in names.items()}


# 4 players: 1 wolf, 2 shepherd, 3 hunter, 4 hound, 5 (neutral) hunter; nobody is a sheep.
HANDS = hands_of(
    {
        1: ["wolf", "sheep"],
        2: ["shepherd?", "sheep"],
        3: ["hunter", "sheep"],
        4: ["hound", "hound?"],
        5: ["hunter?", "sheep"],
    }
)


def peek(seat: Seat, target: Seat, sees: str, says: str) -> Peek:
    return Peek(seat, target, says, GAME.card(sees))


def score(events: list[Event], *declared: Declared) -> RoundScore:
    return score_round(GAME, SETUP4, HANDS, events, {d.seat: d for d in declared})


# -- correctness ----------------------------------------------------------------------------


def test_every_pointer_must_be_right() -> None:
    # the hunter (3) looks for the wolf (seat 1) and the hound (seat 4)
    assert is_correct(GAME, HANDS, Declared(3, "final", (1, 4)))
    assert not is_correct(GAME, HANDS, Declared(3, "final", (1, 2)))  # > right, >> wrong
    assert not is_correct(GAME, HANDS, Declared(3, "final", (4, 4)))  # > wrong


def test_nobody_is_right_only_when_no_seat_holds_the_target() -> None:
    # nobody is a sheep: the wolf's 0 is right, a seat is wrong
    assert is_correct(GAME, HANDS, Declared(1, "early", (0,)))
    assert not is_correct(GAME, HANDS, Declared(1, "early", (3,)))
    # the hound's hunter: seats 3 and 5 (the neutral hand counts): 0 is wrong
    assert not is_correct(GAME, HANDS, Declared(4, "final", (1, 0)))


def test_any_holder_of_a_shared_identity_is_right() -> None:
    # two hunters, seat 3 and the neutral hand 5: either is right for the hound's >>
    assert is_correct(GAME, HANDS, Declared(4, "final", (1, 3)))
    assert is_correct(GAME, HANDS, Declared(4, "final", (1, 5)))


# -- points, mistakes, red X ------------------------------------------------------------------


def test_points_mistakes_and_red_x() -> None:
    result = score(
        [],
        Declared(1, "early", (0,)),  # wolf: no sheep -> right early: 2
        Declared(2, "final", (1, 0)),  # shepherd: wolf 1, no sheep -> right final: 1
        Declared(3, "early", (4, 4)),  # hunter: 4 is no wolf -> wrong early: mistake, red X
        Declared(4, "final", (1, 2)),  # hound: 2 is no hunter -> wrong final: mistake
    )
    assert dict(result.points) == {1: 2, 2: 1, 3: 0, 4: 0}
    assert result.mistakes == {3, 4}
    assert result.red == {3}  # only the wrong early declaration
    assert dict(result.correct) == {1: True, 2: True, 3: False, 4: False}


def test_no_declaration_scores_nothing_and_takes_nothing() -> None:
    result = score([])
    assert dict(result.points) == {1: 0, 2: 0, 3: 0, 4: 0}  # the neutral hand scores nothing
    assert result.mistakes == frozenset() and result.red == frozenset()


# -- the shepherd's bonus ----------------------------------------------------------------------

LIE_ON_4 = peek(2, 4, "hound", "wolf")  # the shepherd cries wolf on the hound
LIE_ON_5 = peek(2, 5, "sheep", "wolf")  # ... and on the neutral hand


def test_bonus_for_each_fooled_hunter_or_hound() -> None:
    result = score(
        [LIE_ON_4],
        Declared(3, "early", (4, 4)),  # the hunter's > at seat 4: fooled, +1 for the shepherd
    )
    assert result.points[2] == 1  # the shepherd made no declaration: the bonus still counts
    assert dict(result.bonus) == {2: (3,)}
    assert result.points[3] == 0 and result.mistakes == {3}


def test_bonus_counts_each_declarer_once() -> None:
    result = score(
        [LIE_ON_4, LIE_ON_5, peek(2, 4, "hound?", "?"), LIE_ON_4],
        Declared(3, "final", (5, 4)),  # hunter: > at 5 (marked, a hunter): +1
        Declared(4, "final", (5, 3)),  # hound: > at 5: +1
        Declared(2, "final", (4, 0)),  # the shepherd itself: wrong (4 is no wolf)
    )
    # two markers on seat 4 give nothing more: nobody pointed there
    assert result.points[2] == 2
    assert result.mistakes == {2, 3, 4}


def test_no_bonus_when_the_marked_seat_is_the_wolf() -> None:
    truthful = peek(2, 1, "wolf", "wolf")  # the shepherd looked at the wolf card: a marker
    result = score([truthful], Declared(3, "final", (1, 4)))  # right: no bonus
    assert wolf_markers(GAME, HANDS, [truthful]) == {2: frozenset({1})}
    assert result.points == {1: 0, 2: 0, 3: 1, 4: 0}


def test_no_bonus_without_a_marker_there() -> None:
    result = score([LIE_ON_5], Declared(3, "final", (4, 4)))  # > at 4, but the marker is on 5
    assert result.points[2] == 0
    assert dict(result.bonus) == {2: ()}


def test_wolf_announcements_by_others_are_no_markers() -> None:
    by_the_hound = peek(4, 1, "wolf", "wolf")
    by_the_wolf = peek(1, 4, "hound", "hound")
    assert wolf_markers(GAME, HANDS, [by_the_hound, by_the_wolf]) == {2: frozenset()}


def test_only_hunters_and_hounds_give_the_bonus() -> None:
    # the wolf's only pointer looks for a sheep; the shepherd's own > does not count
    events = [LIE_ON_4]
    declarations = {1: Declared(1, "early", (4,)), 2: Declared(2, "final", (4, 0))}
    assert fooled_by(GAME, HANDS, events, declarations) == {2: ()}


# -- the game -----------------------------------------------------------------------------------


def blank(points: dict[Seat, int], wrong: tuple[Seat, ...] = ()) -> RoundScore:
    return RoundScore(points, {}, frozenset(wrong), frozenset(), {})


def test_winners_most_points() -> None:
    result = score_game([blank({1: 2, 2: 1, 3: 0}), blank({1: 0, 2: 2, 3: 1})])
    # totals 1: 2, 2: 3, 3: 1
    assert dict(result.totals) == {1: 2, 2: 3, 3: 1}
    assert result.winners == (2,)


def test_ties_go_to_fewer_mistakes_then_are_shared() -> None:
    rounds = [blank({1: 2, 2: 2, 3: 1}, wrong=(1,)), blank({1: 1, 2: 1, 3: 2})]
    # totals 3, 3, 3; mistakes 1, 0, 0: seats 2 and 3 share the win
    result = score_game(rounds)
    assert dict(result.mistakes) == {1: 1, 2: 0, 3: 0}
    assert result.winners == (2, 3)


def test_the_game_ends_after_three_rounds_or_two_mistakes() -> None:
    quiet = blank({1: 0, 2: 0})
    assert not game_over([quiet, quiet])
    assert game_over([quiet, quiet, quiet])
    assert game_over([blank({1: 0, 2: 0}, wrong=(2,)), blank({1: 0, 2: 0}, wrong=(2,))])
    assert not game_over([blank({1: 0, 2: 0}, wrong=(1,)), blank({1: 0, 2: 0}, wrong=(2,))])
    assert not score_game([quiet]).over
    with pytest.raises(ValueError, match="at least one round"):
        score_game([])


# -- the example games, scored by hand ---------------------------------------------------------


def test_six_player_example_by_hand() -> None:
    record = GameRecord.load(ROOT / "examples" / "game-6p-basic.yaml")
    rounds = [dict(r.score.points) for r in record.rounds]
    # Round 1: 1 hound, 2 hunter, 3 shepherd, 4 hunter, 5 hound, 6 wolf; nobody is a sheep.
    #   1 early [6, 4]: wolf 6, hunter 4 -> +2.   2 early [1, 5]: 1 is no wolf -> mistake, red X.
    #   4 final [1, 5] and 5 final [1, 4]: 1 is no wolf -> mistakes.  6 early [0] -> +2.
    #   The shepherd (3) cried wolf on seat 1 (event 4), a hound: seats 2, 4, 5 pointed > at
    #   it -> +3 for seat 3, who made no declaration.
    assert rounds[0] == {1: 2, 2: 0, 3: 3, 4: 0, 5: 0, 6: 2}
    assert record.rounds[0].score.mistakes == {2, 4, 5}
    assert record.rounds[0].score.red == {2}
    # Round 2: 1 hound, 2 shepherd, 3 hound, 4 hunter, 5 wolf, 6 hunter; no sheep.
    #   1 early [5, 4] +2, 3 early [5, 4] +2, 6 early [5, 3] +2; finals 2 [5, 0], 4 [5, 3],
    #   5 [0] all right: +1 each. The shepherd's lies on seat 3 (events 1, 7): nobody's >
    #   points at seat 3 -> no bonus.
    assert rounds[1] == {1: 2, 2: 1, 3: 2, 4: 1, 5: 1, 6: 2}
    # Round 3: 1 hunter, 2 shepherd (hunter? + shepherd?), 3 hound, 4 hound, 5 wolf, 6 hound.
    #   1 early [5, 3] +2, 2 early [5, 0] +2, 5 early [0] +2; 3 final [5, 2]: seat 2 is the
    #   shepherd, not a hunter -> mistake; 4 final [5, 1] +1, 6 final [5, 1] +1.
    assert rounds[2] == {1: 2, 2: 2, 3: 0, 4: 1, 5: 2, 6: 1}
    assert record.rounds[2].score.mistakes == {3}
    # Totals: 1: 6, 2: 3, 3: 5, 4: 2, 5: 3, 6: 5; nobody reached 2 mistakes: 3 rounds.
    assert dict(record.score.totals) == {1: 6, 2: 3, 3: 5, 4: 2, 5: 3, 6: 5}
    assert record.score.winners == (1,)
    assert record.score.over


def test_four_player_example_by_hand() -> None:
    record = GameRecord.load(ROOT / "examples" / "game-4p-advanced.yaml")
    first, second = record.rounds
    # Round 1: 1 shepherd, 2 hunter, 3 hunter (hound + hunter/sheep), 4 hound, 5 (neutral) wolf.
    #   2 early [4, 5]: 4 is no wolf -> mistake, red X; 3 final [5, 0]: seat 4 is a hound
    #   -> mistake; 4 early [5, 3] -> +2. The shepherd cried wolf on seat 4 (event 11) and
    #   seat 2 pointed > there -> +1 for seat 1, who made no declaration.
    assert dict(first.score.points) == {1: 1, 2: 0, 3: 0, 4: 2}
    assert first.score.mistakes == {2, 3} and first.score.red == {2}
    assert dict(first.score.bonus) == {1: (2,)}
    # Round 2 (seat 2 may not declare early): 1 shepherd, 2 hound, 3 hunter, 4 sheep,
    #   5 wolf. 1 early [5, 0]: seat 4 is a sheep -> mistake; 2 final [5, 3] -> +1;
    #   3 final [4, 2]: 4 is no wolf -> mistake (seat 3's second); 4 early [2, 3] -> +2.
    assert second.blocked == {2}
    assert dict(second.score.points) == {1: 0, 2: 1, 3: 0, 4: 2}
    # Seat 3 holds 2 mistake markers: the game ends after round 2.
    assert dict(record.score.mistakes) == {1: 1, 2: 1, 3: 2, 4: 0}
    assert dict(record.score.totals) == {1: 1, 2: 1, 3: 0, 4: 4}
    assert record.score.winners == (4,)
    assert record.score.over
