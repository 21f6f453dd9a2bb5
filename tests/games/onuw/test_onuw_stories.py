"""The ONUW lab's speech: honest claims, and liars' stories by policy; the ``mimic``
policy's whole distribution, enumerated exactly, is the speech model's q(claim), as
written out here and as the engines price it (:func:`.speech.story_chance`)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb
from random import Random

import pytest
from paths import outcomes

from wooolf_solver.games.onuw.night import NightEntry
from wooolf_solver.games.onuw.record import Claim
from wooolf_solver.games.onuw.rules import Layout, load_rules
from wooolf_solver.games.onuw.speech import Teller, story_chance
from wooolf_solver.games.onuw.stories import Speakers, Stories

RULES = load_rules()

DECKS = (
    # a lone werewolf (its centre look), a seer, a robber, a troublemaker, a drunk, a tanner
    (3, ("werewolf", "seer", "robber", "troublemaker", "drunk", "tanner")),
    # two werewolves, a minion, two masons, an insomniac
    (4, ("werewolf", "werewolf", "minion", "mason", "mason", "insomniac", "villager")),
)


def q(claim: Claim, players: int, deck: tuple[str, ...]) -> Fraction:
    """The speech model's q(claim) (shared/spec/speech.md), written out role by role."""
    names = len(set(deck))
    others, centre = players - 1, len(deck) - players
    entry = claim.entry

    def sets(most: int) -> int:
        return sum(comb(others, size) for size in range(max(0, most) + 1))

    chance = Fraction(1, names)
    role = claim.role
    if role == "seer":
        seen = entry.get("saw") or entry.get("centre")
        chance *= Fraction(1, others + comb(centre, 2)) * Fraction(1, names) ** len(seen)
    elif role == "robber":
        chance *= Fraction(1, others) * Fraction(1, names)
    elif role == "troublemaker":
        chance *= Fraction(1, comb(others, 2))
    elif role == "drunk":
        chance *= Fraction(1, centre)
    elif role == "insomniac":
        chance *= Fraction(1, names)
    elif role == "werewolf":
        chance *= Fraction(1, sets(deck.count("werewolf") - 1))
        if len(entry.get("wolves")) == 1:
            chance *= Fraction(1, centre) * Fraction(1, names)
    elif role == "minion":
        chance *= Fraction(1, sets(deck.count("werewolf")))
    elif role == "mason":
        chance *= Fraction(1, sets(deck.count("mason") - 1))
    return chance


@pytest.mark.parametrize(("players", "deck"), DECKS)
def test_mimic_stories_follow_the_speech_model_exactly(players: int, deck: tuple[str, ...]) -> None:
    stories = Stories.of(RULES, deck, players)
    teller = Teller(RULES, Layout(players, len(deck) - players), tuple(sorted(deck)))
    for seat in (1, players):
        found = outcomes(lambda rng, seat=seat: stories.mimic(seat, rng))  # type: ignore[misc]
        assert sum(found.values()) == 1
        assert {claim.role for claim in found} == set(deck)
        for claim, chance in found.items():
            assert chance == q(claim, players, deck) == story_chance(claim, teller), claim
            RULES.roles[claim.role]  # every story is a role of the rules


def test_honest_seats_tell_the_whole_truth_and_liars_follow_their_policy() -> None:
    deck = RULES.deck("table", 5)
    stories = Stories.of(RULES, deck, 5)
    robbed = NightEntry.of(robbed=3, got="seer")
    assert stories.story("mimic", 1, "robber", robbed, (), Random(0)) == Claim(1, "robber", robbed)
    wolf = NightEntry.of(robbed=3, got="werewolf")  # a robber who became a werewolf lies
    lie = stories.story("cautious", 1, "robber", wolf, (), Random(0))
    assert lie.role in stories.village and not lie.entry.items


def test_consistent_liars_take_open_roles_with_nights_that_fit_the_claims() -> None:
    deck = RULES.deck("table", 5)
    stories = Stories.of(RULES, deck, 5)
    heard = [Claim(2, "seer", NightEntry.of(saw=((4, "villager"),))), Claim(3, "troublemaker")]
    wolves = NightEntry.of(wolves=(1, 5))
    for seed in range(30):
        claim = stories.consistent(1, wolves, heard, Random(seed))
        assert claim.role in stories.village and claim.role not in ("seer", "troublemaker")
        robbed = claim.entry.get("robbed")
        if robbed is not None:
            assert (robbed, claim.entry.get("got")) in {(2, "seer"), (3, "troublemaker")}
    lone = NightEntry.of(wolves=(1,), centre=((6, "robber"),))
    assert stories.consistent(1, lone, heard, Random(0)).role == "robber"


def test_speakers_remember_what_was_said_and_silent_seats_say_nothing() -> None:
    deck = RULES.deck("table", 4)
    speakers = Speakers(
        Stories.of(RULES, deck, 4), lambda seat, card: None if seat == 4 else "mimic"
    )
    assert speakers(4, "seer", NightEntry.of(saw=((1, "villager"),)), Random(0)) is None
    said = speakers(1, "villager", NightEntry(), Random(0))
    assert speakers.heard == [said]
    roles = Counter(
        speakers(2, "werewolf", NightEntry.of(wolves=(2,)), Random(seed)).role  # type: ignore[union-attr]
        for seed in range(200)
    )
    assert set(roles) <= set(deck) and len(roles) > 3
