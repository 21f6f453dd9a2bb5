"""The Werewolf lab's speech: honest claims, liars' stories by policy (the ``mimic``
policy's first story enumerated exactly), and the bots placed by role."""

from __future__ import annotations

import random
from fractions import Fraction

from paths import outcomes

from wooolf_solver.games.werewolf.events import Claim, Day
from wooolf_solver.games.werewolf.lab import players_of, seating_of
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.rules import Variants, load_rules
from wooolf_solver.games.werewolf.solver_bots import SolverBot
from wooolf_solver.games.werewolf.speech import story_chance
from wooolf_solver.games.werewolf.state import WerewolfState
from wooolf_solver.games.werewolf.talk import Talker

DECK = (("seer", 1), ("villager", 4), ("werewolf", 2))
DEAL = ("werewolf", "seer", "villager", "villager", "werewolf", "villager", "villager")


def table(variants: Variants | None = None) -> WerewolfState:
    return WerewolfState(DECK, variants, deal=DEAL)


def test_a_mimic_liars_first_story_is_the_stated_distribution() -> None:
    game = table()
    names = ("seer", "villager", "werewolf")
    found = outcomes(lambda rng: Talker("mimic").claim(game.view(1), 1, rng))
    assert sum(found.values()) == 1
    for claim, chance in found.items():
        assert claim is not None and claim.claims in names
        priced = story_chance(claim, (), names=3, alignment=False)  # as the engines read it
        if claim.claims == "seer":
            ((target, answer),) = claim.checked
            assert target != 1 and answer in names
            # the looked-at seat is uniform over the 6 others, and free in the model
            assert chance == Fraction(1, 3) * Fraction(1, 6) * Fraction(1, 3) == priced / 6
        else:
            assert chance == Fraction(1, 3) == priced and not claim.checked


def test_under_alignment_a_claimed_seer_answers_werewolf_or_not() -> None:
    game = table(Variants(seer="alignment"))
    found = outcomes(lambda rng: Talker("mimic").claim(game.view(1), 1, rng))
    answers = {a for claim in found if claim is not None for _, a in claim.checked}
    assert answers == {"werewolf", "not"}


def test_liars_keep_their_story_and_a_claimed_seer_adds_a_look() -> None:
    game = table()
    talker = Talker("mimic")

    def role(seed: int) -> str | None:
        claim = Talker("mimic").claim(game.view(1), 1, random.Random(seed))
        return None if claim is None else claim.claims

    seed = next(s for s in range(100) if role(s) == "seer")
    first = talker.claim(game.view(1), 1, random.Random(seed))
    second = talker.claim(game.view(1), 1, random.Random(1))
    assert first is not None and second is not None and second.claims == "seer"
    assert set(first.checked) < set(second.checked)
    other = Talker("cautious")
    assert other.claim(game.view(5), 5, random.Random(0)) == Claim(5, "villager")
    assert other.claim(game.view(5), 5, random.Random(0)) is None  # nothing new to say


def test_the_honest_seer_claims_its_looks_and_consistent_liars_take_open_roles() -> None:
    game = table()
    game.checks[2] = {5: "werewolf"}
    assert Talker().claim(game.view(2), 2, random.Random(0)) == Claim(2, "seer", ((5, "werewolf"),))
    game.record(Claim(2, "seer", ((5, "werewolf"),)))
    for seed in range(20):
        assert Talker("consistent").claim(game.view(1), 1, random.Random(seed)) == Claim(
            1, "villager"
        )


def test_bots_placed_by_role_play_those_seats() -> None:
    rules = load_rules()
    seating = seating_of(["random:talk=0", "werewolf=solver:talk=1:story=consistent"], rules)
    players = players_of(seating, DECK, "mimic", random.Random(0), rules)
    assert isinstance(players, dict) and isinstance(players["werewolf"], SolverBot)
    outcome = play_game(DECK, players, random.Random(3), deal=DEAL)
    claims = [e for e in outcome.record.events if isinstance(e, Claim)]
    assert claims and {c.seat for c in claims} <= {1, 5}  # only the werewolves speak
    assert all(c.claims in ("seer", "villager") for c in claims)  # consistent: village roles
    plays = dict(outcome.record.cards)
    for day in (e for e in outcome.record.events if isinstance(e, Day)):
        for voter, target in day.votes:
            if plays[voter] == "werewolf":  # a werewolf never votes its packmate
                assert plays[target] != "werewolf" or voter == target
