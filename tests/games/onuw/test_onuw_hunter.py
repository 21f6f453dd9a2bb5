"""The hunter: when the seat holding it at dawn dies, the seat its ballot names dies too.

Every engine (fast, CP-SAT, python-constraint) agrees exactly with the generic brute
force on played deals with the hunter in the deck (the fast one and CP-SAT with the
doppelganger too) and some ballots recorded (what a
dying hunter's shot is read from, in ``win_if``); a played deal's dead are those of
the reference's own reading of the rules (:func:`onuw_reference.dead`), bots' games
too (stand-ins' claims, the solver's ballots); worked facts, a hunter's claim as a
story, and the review's chain.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

import test_onuw_cpsat
import test_onuw_csp
import test_onuw_fast
from hypothesis import given, settings
from hypothesis import strategies as st
from onuw_reference import dead, solved
from rich.console import Console
from test_onuw_fast import played, talkers, with_hunter

from wooolf_solver.games.onuw.bots import solver_ballot, stand_ins
from wooolf_solver.games.onuw.record import Claim, read_record
from wooolf_solver.games.onuw.render import render_review, render_vote
from wooolf_solver.games.onuw.review import review
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.speech import Teller, story_chance
from wooolf_solver.games.onuw.table import play_deal
from wooolf_solver.games.onuw.vote import vote

RULES = load_rules()


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.sampled_from([3, 4]), st.booleans(), st.booleans())
def test_fast_agrees_with_brute_force(
    seed: int, players: int, viewpoint: bool, custom: bool
) -> None:
    test_onuw_fast.agree(played(seed, players, viewpoint, custom, hunter=True))


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.sampled_from([3, 3, 4]), st.booleans())
def test_fast_agrees_with_the_doppelganger_that_may_copy_the_hunter(
    seed: int, players: int, viewpoint: bool
) -> None:
    """Both cards in the deck and ballots recorded: a doppelganger that copied the
    hunter shoots too, and one shot may lead to another."""
    test_onuw_fast.agree(played(seed, players, viewpoint, True, hunter=True, copy=True))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans())
def test_fast_agrees_at_five_players(seed: int, custom: bool) -> None:
    test_onuw_fast.agree(played(seed, 5, viewpoint=True, custom=custom, hunter=True))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans(), st.booleans())
def test_cpsat_agrees_with_brute_force(seed: int, viewpoint: bool, custom: bool) -> None:
    test_onuw_cpsat.agree(played(seed, 3, viewpoint, custom, hunter=True))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans())
def test_cpsat_agrees_with_the_doppelganger_that_may_copy_the_hunter(
    seed: int, viewpoint: bool
) -> None:
    test_onuw_cpsat.agree(played(seed, 3, viewpoint, True, hunter=True, copy=True))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans(), st.booleans())
def test_csp_agrees_with_brute_force(seed: int, viewpoint: bool, custom: bool) -> None:
    test_onuw_csp.agree(played(seed, 3, viewpoint, custom, hunter=True))


@given(st.integers(0, 10**9), st.integers(3, 7))
def test_the_dead_are_the_rules_own(seed: int, players: int) -> None:
    rng = Random(seed)
    edition = rng.choice(["table", "official"])
    deck = with_hunter(rng, RULES.deck(edition, players))
    game = play_deal(rng, players, edition=edition, deck=deck, claims=talkers(players, deck, 0))
    rule = RULES.edition(edition).vote
    assert set(game.dead) == dead(game.dawn, game.record.votes or {}, rule.nobody, rule.least)


OFFICIAL_4 = ["werewolf", "werewolf", "hunter", "seer", "robber", "troublemaker", "villager"]


def test_a_hunters_ballot_counts_in_win_if() -> None:
    # seat 1, the seer, saw the hunter at seat 2; seat 2 voted for seat 3; no card moves
    base = {
        "game": "onuw",
        "edition": "official",
        "players": 4,
        "deck": ["werewolf", "werewolf", "hunter", "seer", "villager", "villager", "villager"],
        "viewpoint": 1,
        "cards": {1: "seer"},
        "night": {1: {"saw": {2: "hunter"}}},
    }
    voted = read_record({**base, "votes": {2: 3}})
    before, after = solved(read_record(base)), solved(voted)
    assert after["win_if"][3] == before["win_if"][3] and after["win_if"][4] == before["win_if"][4]
    # seat 2 dies: a werewolf dies with it exactly when seat 3 holds one at dawn
    assert after["win_if"][2] == before["dawn"].get((3, "werewolf"), Fraction(0))
    assert 2 not in before["win_if"] and after["win_if"][2] > 0  # zero chances are left out
    advice = vote(voted)
    assert {score.ballot: score.win_if for score in advice.ballots}[2] == after["win_if"][2]
    console = Console(width=200, record=True)
    console.print(render_vote(voted, advice))
    told = "A dying hunter takes the seat it voted for along (ballots: seat 2 for seat 3)."
    assert told in console.export_text()


def test_a_review_shows_the_chain() -> None:
    record = read_record(
        {
            "game": "onuw",
            "edition": "official",
            "players": 4,
            "deck": OFFICIAL_4,
            "cards": {
                1: "seer", 2: "hunter", 3: "werewolf", 4: "villager",
                "c1": "werewolf", "c2": "robber", "c3": "troublemaker",
            },
            "night": {1: {"saw": {2: "hunter"}}, 2: {}, 3: {"wolves": [3]}, 4: {}},
            "votes": {1: 2, 2: 3, 3: 2, 4: 1},
        }
    )  # fmt: skip
    result = review(record)
    assert result.dead == (2, 3)  # the vote kills the hunter, whose ballot kills the wolf
    assert result.winners == (1, 2, 4)
    assert result.to_dict()["shots"] == {"2": 3}
    console = Console(width=200, record=True)
    console.print(render_review(result))
    assert "Seat 2 died holding the hunter: its ballot took seat 3." in console.export_text()


@settings(max_examples=max(4, settings().max_examples // 6))
@given(st.integers(0, 10**9))
def test_bots_play_a_hunter_deck(seed: int) -> None:
    # stand-ins talk, every ballot is the solver's; a hunter's claim weighs 1/K as a story
    rng = Random(seed)
    deck = with_hunter(rng, RULES.deck("table", 5))
    game = play_deal(rng, 5, deck=deck, claims=stand_ins(deck), ballots=solver_ballot)
    rule = RULES.edition("table").vote
    assert set(game.dead) == dead(game.dawn, game.record.votes or {}, rule.nobody, rule.least)
    teller = Teller.of(game.record)
    assert story_chance(Claim(1, "hunter"), teller) == Fraction(1, len(set(deck)))
