"""The fast engine's pruning around the doppelganger, against the brute force.

The lists of wolves and masons that a claim which must be true (or the viewpoint's
night) tells are tested on the deal even with a doppelganger in the deck (a listed
seat holds the kind listed or the copying card); what a seer or robber saw before
any card moved holds unless a copy moved that card (the copying card placed first);
the seats a copying card may copy are cut by its own claim, by those lists and by
the cards a copy must move before its night is played; an insomniac that must lie
needs a move that can reach it (a copy's too). Hypothesis plays real deals with
decks where all of these bite (masons, wolves, the minion, seer, robber,
troublemaker, drunk and insomniac beside the doppelganger), takes every claim (in
public, some cards known, or from a viewpoint) and checks that the fast engine
answers exactly as the brute force does.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

from hypothesis import example, given, settings
from hypothesis import strategies as st
from onuw_positions import in_public, seen_by
from onuw_reference import solved
from test_onuw_fast import talkers

from wooolf_solver.games.onuw.record import DealRecord, Model
from wooolf_solver.games.onuw.table import play_deal

DECKS = (
    ("official", 4, ("doppelganger", "mason", "mason", "werewolf", "minion", "seer", "robber")),
    (
        "official",
        4,
        ("doppelganger", "mason", "mason", "werewolf", "werewolf", "troublemaker", "insomniac"),
    ),
    ("table", 3, ("doppelganger", "mason", "mason", "werewolf", "drunk")),
    ("table", 3, ("doppelganger", "werewolf", "werewolf", "minion", "tanner")),
    ("table", 4, ("doppelganger", "werewolf", "robber", "troublemaker", "insomniac", "drunk")),
    ("table", 4, ("doppelganger", "werewolf", "seer", "robber", "drunk", "insomniac")),
)
"""Small decks where a copy meets lists of masons or wolves."""

CALM_DECKS = (
    ("official", 4, ("doppelganger", "villager", "tanner", "minion", "werewolf", "mason", "mason")),
    ("official", 4, ("doppelganger", "hunter", "tanner", "minion", "werewolf", "werewolf", "seer")),
    ("table", 4, ("doppelganger", "villager", "tanner", "minion", "werewolf", "insomniac")),
    (
        "official",
        4,
        ("doppelganger", "villager", "tanner", "werewolf", "werewolf", "robber", "troublemaker"),
    ),
)
"""Small decks where a copy often moves no card (a villager, hunter, tanner, minion,
werewolf or mason copied): such copies' nights folded and walked together."""


def played(seed: int, decks: tuple[tuple[str, int, tuple[str, ...]], ...] = DECKS) -> DealRecord:
    """A deal played with one of ``decks``, every claim (honest village, the
    ``free`` model, no village lies or some), in public with two cards known or from
    a viewpoint with its night."""
    rng = Random(seed)
    edition, players, deck = rng.choice(decks)
    game = play_deal(
        rng, players, edition=edition, deck=deck, claims=talkers(players, deck, 0.0)
    ).record
    lies = Fraction(rng.choice([0, 0, 0, 1]), 10)
    model = Model("act", lies, "free")
    if rng.random() < 0.5:
        return in_public(game, rng, model=model)
    return seen_by(game, rng.randint(1, players), model=model)


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
@example(531)  # a robber's night and a seer's claim name one slot the copy must move
def test_the_fast_engine_prunes_copies_exactly(seed: int) -> None:
    record = played(seed)
    assert solved(record, "fast") == solved(record, "brute")


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_calm_copies_walked_together_count_exactly(seed: int) -> None:
    record = played(seed, CALM_DECKS)
    assert solved(record, "fast") == solved(record, "brute")
