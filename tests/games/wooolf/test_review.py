"""The review: its JSON shape, values on the examples, notable moments, a property
test over generated games, and its speed."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from gameplay import play, random_player, sensible_player
from hypothesis import given, settings
from hypothesis import strategies as st

from wooolf_solver import Round, solve
from wooolf_solver.core.review_page import review_page
from wooolf_solver.core.words import exact_percent as percent
from wooolf_solver.games.wooolf.game import GameRecord
from wooolf_solver.games.wooolf.model import knowledge_of
from wooolf_solver.games.wooolf.record import Ask, Event, Peek
from wooolf_solver.games.wooolf.report import frame
from wooolf_solver.games.wooolf.review import Moment, Review, review
from wooolf_solver.games.wooolf.scoring import Declared, is_correct

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
TOLERANCE = 1e-9


@pytest.fixture(scope="module")
def four() -> Review:
    return review(GameRecord.load(EXAMPLES / "game-4p-advanced.yaml"))


@pytest.fixture(scope="module")
def six() -> Review:
    return review(GameRecord.load(EXAMPLES / "game-6p-basic.yaml"))


def check_shape(result: dict[str, Any], players: int) -> None:
    """The spec's review JSON, to the letter."""
    seats = [str(seat) for seat in range(1, players + 1)]
    assert list(result) == ["rounds", "totals", "winners"]
    for round_ in result["rounds"]:
        assert list(round_) == ["scores", "mistakes", "seats"]
        assert list(round_["scores"]) == seats
        assert all(isinstance(points, int) for points in round_["scores"].values())
        assert set(round_["mistakes"]) <= set(seats)
        assert set(round_["mistakes"].values()) <= {1}
        assert list(round_["seats"]) == seats  # every player, never the neutral hand
        for entry in round_["seats"].values():
            assert list(entry) == ["certain_at", "declared_probability", "best_probability"]
            assert entry["certain_at"] is None or isinstance(entry["certain_at"], int)
            declared, best = entry["declared_probability"], entry["best_probability"]
            assert (declared is None) == (best is None)
            if declared is not None:
                assert 0.0 <= declared <= best + TOLERANCE <= 1.0 + 2 * TOLERANCE
    assert list(result["totals"]) == seats
    assert all(str(seat) in seats for seat in result["winners"])
    assert json.loads(json.dumps(result)) == result


@pytest.mark.parametrize(("name", "players"), [("four", 4), ("six", 6)])
def test_json_shape(name: str, players: int, request: pytest.FixtureRequest) -> None:
    check_shape(request.getfixturevalue(name).to_dict(), players)


def test_scores_and_winners_in_the_json(four: Review, six: Review) -> None:
    # hand-computed in tests/test_scoring.py
    result = four.to_dict()
    assert result["rounds"][0]["scores"] == {"1": 1, "2": 0, "3": 0, "4": 2}
    assert result["rounds"][0]["mistakes"] == {"2": 1, "3": 1}
    assert result["totals"] == {"1": 1, "2": 1, "3": 0, "4": 4}
    assert result["winners"] == [4]
    assert six.to_dict()["winners"] == [1]


def test_certain_at_by_hand(four: Review) -> None:
    # Round 1 of the 4-player game, seat 4 (hound/wolf + sheep/hound), looking for the wolf
    # and a hunter. Event 1: seat 3 has a hunter card. Event 2: seat 3 said "hound" on a
    # card with a hound icon: a shepherd says "wolf" on every non-? card, and the advanced
    # deck has no ? card, so seat 3 is no shepherd: its hunter card makes it the hunter.
    # Event 3: seat 4 saw the wolf, the only one, in the neutral hand. [5, 3] is certain
    # after event 3, not before (the wolf could be anywhere).
    seat = four.rounds[0].seats[4]
    assert seat.certain_at == 3
    assert seat.best[3].targets == (5, 3) and seat.best[3].certain
    assert seat.curve[2] < 1.0
    assert seat.declared_probability == 1.0 and seat.best_probability == 1.0


def test_a_seat_without_declaration(four: Review) -> None:
    entry = four.to_dict()["rounds"][0]["seats"]["1"]  # the shepherd made none in round 1
    assert entry["declared_probability"] is None and entry["best_probability"] is None


def test_declared_probability_from_the_seats_own_view(four: Review) -> None:
    # seat 2 declared early at event 12: its knowledge is the first 11 events, rebuilt
    # here as a plain round record (others' `sees` left out)
    round_ = four.game.round(1)
    record = {
        "game": "wooolf",
        "edition": "advanced",
        "players": 4,
        "viewpoint": 2,
        "hands": {2: [card.name for card in round_.hands[2]]},
        "events": [_event(event, 2) for event in round_.events[:11]],
    }
    ranked = solve(Round.from_dict(record)).declarations(at_least=0)
    chances = {d.targets: d.probability for d in ranked}
    seat = four.rounds[0].seats[2]
    assert seat.declared_after == 11
    assert seat.declared_probability == pytest.approx(chances[(4, 5)], abs=TOLERANCE)
    assert seat.best_probability == pytest.approx(ranked[0].probability, abs=TOLERANCE)
    assert seat.declared_probability is not None and seat.best_probability is not None
    assert seat.declared_probability < seat.best_probability


def _event(event: Event, viewpoint: int) -> dict[str, Any]:
    """An event as a round record for ``viewpoint`` writes it."""
    if isinstance(event, Peek):
        raw: dict[str, Any] = {"seat": event.seat, "peek": event.target, "says": event.says}
        if event.seat == viewpoint and event.sees is not None:
            raw["sees"] = event.sees.name
        return raw
    if isinstance(event, Ask):
        return {
            "seat": event.seat,
            "ask": event.target,
            "question": event.question,
            "answer": "yes" if event.answer else "no",
        }
    return {"seat": event.seat, "declare": "early"}


def test_moments_of_the_four_player_game(four: Review) -> None:
    moments = {(m.round, m.kind, m.seat, m.event): m for m in four.moments}
    # the shepherd's lies: seat 2's sheep (event 4) fooled nobody; the sheep/hound of seat 4
    # (event 11) fooled the hunter, seat 2, whose > named seat 4
    assert moments[1, "shepherd-lie", 1, 4].misled == ()
    lie = moments[1, "shepherd-lie", 1, 11]
    assert (lie.target, lie.card, lie.said, lie.misled) == (4, "sheep/hound", "wolf", (2,))
    # seat 2's early declaration was a gamble, and not even its best one
    gamble = moments[1, "gamble", 2, 12]
    assert gamble.targets == (4, 5) and gamble.right is False
    better = moments[1, "better-declaration", 2, 12]
    assert better.best_targets == (5, 4)
    assert better.best_probability is not None and better.probability is not None
    assert better.best_probability > better.probability
    # round 2: seat 2's final declaration (made after the last event: no event number)
    assert moments[2, "better-declaration", 2, None].right is True
    # seat 4's certain early declaration in round 1 is no gamble
    assert (1, "gamble", 4, 7) not in moments
    for moment in four.moments:
        assert moment.describe().startswith(f"Round {moment.round}")


UNUSED = {
    "game": "wooolf",
    "edition": "basic",
    "players": 4,
    "rounds": [
        {
            "start": 1,
            "hands": {
                1: ["wolf", "sheep"],
                2: ["shepherd?", "sheep"],
                3: ["hunter", "sheep"],
                4: ["hound", "hound?"],
                5: ["hunter?", "sheep"],
            },
            "events": [
                {"seat": 1, "peek": 4, "sees": "hound", "says": "hound"},
                {"seat": 2, "peek": 4, "sees": "hound", "says": "wolf"},  # the shepherd's lie
                {"seat": 3, "ask": 2, "question": "has-sheep", "answer": "yes"},
                {"seat": 4, "peek": 1, "sees": "wolf", "says": "wolf"},
                {"seat": 1, "peek": 3, "sees": "sheep", "says": "sheep"},
                {"seat": 2, "peek": 5, "sees": "sheep", "says": "wolf"},  # another lie
                {"seat": 3, "peek": 2, "sees": "shepherd?", "says": "?"},
                {"seat": 4, "ask": 3, "question": "has-hunter", "answer": "yes"},
                {"seat": 1, "ask": 4, "question": "has-hound", "answer": "yes"},
                {"seat": 2, "declare": "early"},
                {"seat": 3, "peek": 1, "sees": "sheep", "says": "sheep"},
                {"seat": 4, "peek": 5, "sees": "hunter?", "says": "?"},  # certain, yet peeks
                {"seat": 1, "declare": "early"},
            ],
            "declarations": {
                1: {"when": "early", "targets": [0]},
                2: {"when": "early", "targets": [1, 0]},
                3: {"when": "final", "targets": [1, 4]},
                4: {"when": "final", "targets": [1, 3]},
            },
        }
    ],
}


def test_certainty_reached_but_not_used() -> None:
    # Seat 4 (hound + hound?) knows: event 2, seat 2 said "wolf" on its hound or hound?
    # card, which only the shepherd does: seat 2 is the shepherd (it holds shepherd?).
    # Event 4: seat 1 holds the only wolf card. Event 8: seat 3 has a hunter card, and
    # neither the wolf nor the shepherd card: seat 3 is a hunter. So [1, 3] is certain
    # after event 8, and seat 4 peeks at event 12 instead of declaring early.
    result = review(GameRecord.from_dict(UNUSED))
    seat = result.rounds[0].seats[4]
    assert seat.certain_at == 8
    assert seat.best[8].targets == (1, 3)
    unused = [m for m in result.moments if m.kind == "unused-certainty"]
    assert [(m.seat, m.event, m.targets, m.certain_at) for m in unused if m.seat == 4] == [
        (4, 12, (1, 3), 8)
    ]
    lies = [(m.event, m.target, m.misled) for m in result.moments if m.kind == "shepherd-lie"]
    assert lies == [(2, 4, ()), (6, 5, ())]
    assert "did not declare early" in unused[0].describe()


def test_percent() -> None:
    assert [percent(p) for p in (1.0, 0.0, 0.25, 0.123, 0.99995)] == [
        "100%",
        "0%",
        "25%",
        "12.3%",
        ">99.9%",
    ]


# -- a property over generated games --------------------------------------------------------


def check_review(result: Review) -> None:
    check_shape(result.to_dict(), result.game.setup.players)
    for round_review in result.rounds:
        round_ = round_review.round
        hands = round_.hands
        for seat in round_review.seats.values():
            assert len(seat.best) == len(round_.events) + 1
            certain = [d.certain for d in seat.best]
            assert seat.certain_at == (certain.index(True) if True in certain else None)
            if seat.certain_at is not None:
                # knowledge only grows: once certain, always certain, and right
                assert all(certain[seat.certain_at :])
                for best in seat.best[seat.certain_at :]:
                    assert best.probability == 1.0
                    declared = Declared(seat.seat, "final", best.targets)
                    assert is_correct(round_.game, hands, declared)
            assert all(0.0 <= p <= 1.0 for p in seat.curve)
            assert all(p < 1.0 or d.certain for p, d in zip(seat.curve, seat.best, strict=True))
            if seat.declared is not None:
                assert seat.declared_probability is not None
                assert seat.best_probability is not None
                assert seat.declared_probability <= seat.best_probability + TOLERANCE
                if seat.declared_certain:  # certain from its own knowledge: right
                    assert round_review.score.correct[seat.seat]
                if seat.declared_probability == 0.0:  # impossible: wrong
                    assert not round_review.score.correct[seat.seat]
        for moment in round_review.moments:
            assert isinstance(moment, Moment) and moment.describe()
            if moment.kind == "gamble":
                assert not round_review.seats[moment.seat].declared_certain


@settings(max_examples=12)
@given(
    rng=st.randoms(use_true_random=False),
    edition=st.sampled_from(["basic", "advanced"]),
    players=st.sampled_from([4, 5, 6]),
)
def test_reviewing_a_generated_game_never_errors(
    rng: random.Random, edition: str, players: int
) -> None:
    record = play(rng, edition, players, random_player, max_rounds=2).record
    check_review(review(GameRecord.from_dict(record)))


@pytest.mark.slow
def test_an_eight_player_game_of_three_rounds_in_ten_seconds() -> None:
    for seed in range(20):
        record = play(random.Random(seed), "basic", 8, sensible_player).record
        if len(record["rounds"]) == 3:
            break
    game = GameRecord.from_dict(record)
    assert len(game.rounds) == 3
    started = time.perf_counter()
    result = review(game)
    elapsed = time.perf_counter() - started
    assert elapsed <= 10.0, f"{elapsed:.1f} s"
    check_review(result)


@given(st.integers(0, 2**32 - 1), st.integers(4, 8))
@settings(max_examples=10, deadline=None)
def test_a_knowledge_cut_after_some_events_is_the_view_then(seed: int, players: int) -> None:
    """The report bisects on one knowledge's prefixes: each is that seat's view
    compiled after as many events, observation for observation."""
    played = play(random.Random(seed), "advanced", players, random_player, max_rounds=1)
    round_ = played.rounds[0]
    for seat in round_.round.players:
        knowledge = knowledge_of(round_.view(seat))
        for events in range(len(round_.round.events) + 1):
            assert knowledge.after(events) == knowledge_of(round_.view(seat, events))


@settings(max_examples=4)
@given(rng=st.randoms(use_true_random=False), edition=st.sampled_from(["basic", "advanced"]))
def test_the_replay_is_each_seats_own_solve_by_brute_force(
    rng: random.Random, edition: str
) -> None:
    """The generic replay (core.review) with the fast engine gives, for every seat at every
    moment, the best declaration's chance that brute force gives on the seat's view then;
    the review's frame has a step for each, and its page a row for every seat."""
    game = GameRecord.from_dict(play(rng, edition, 4, random_player, max_rounds=1).record)
    round_ = game.rounds[0]
    reviewed = frame(review(game))
    part = reviewed.parts[0]
    assert [line.seat for line in part.seats] == list(round_.hands)
    page = review_page(reviewed)
    for line in part.seats:
        assert f'id="round-1-seat-{line.seat}"' in page
        if line.seat not in round_.players:
            assert line.steps == ()  # a neutral hand never acts
            continue
        assert len(line.steps) == len(round_.events) + 1
        for k, step in enumerate(line.steps):
            ranked = solve(round_.seen_by(line.seat, k), engine="brute").declarations(at_least=1)
            assert step.best is not None and step.best.chance == pytest.approx(
                ranked[0].probability
            )
            assert step.best.certain == ranked[0].certain
