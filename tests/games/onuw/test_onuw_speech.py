"""The speech models of ONUW (``speech.md``): figures computed by hand, stories no honest
player could tell, and every engine's agreement under both models.

**The hand-computed figure.** Table edition, 3 players, deck werewolf ×2, seer, robber,
troublemaker (K = 4 role names, centre c1 c2), public view, one claim: seat 1 says "I
am the seer and saw seat 2's werewolf". By seat 1's dealt card (prior 2/5 werewolf, 1/5
each other card):

- seer (1/5): honest; true when it looked at seat 2 (1/3: seat 2, seat 3 or the centre
  pair) and seat 2 holds a werewolf (1/2): weight 1/5 · 1/3 · 1/2 = 1/30;
- werewolf (2/5): a liar; under ``mimic`` its story weighs q = 1/4 (the role) · 1/3
  (the look, by the seer's prior) · 1/4 (the card) = 1/48: 2/5 · 1/48 = 1/120;
- robber (1/5): it believes the card it robbed; a liar only if that is a werewolf (1/2),
  else honest and false: 1/5 · 1/2 · 1/48 = 1/480;
- troublemaker: honest and false, 0.

So P(seat 1 was dealt the seer) = (16/480) / (21/480) = 16/21, the werewolf 4/21, the
robber 1/21. Under ``free`` (a liar's story weighs 1): 1/30, 2/5, 1/10, so the seer
only 1/16 and a werewolf 3/4: the claim made its speaker suspect.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_onuw_cpsat import agree as cpsat_agrees
from test_onuw_fast import played

from wooolf_solver.core.conflict import minimal_conflict
from wooolf_solver.core.speech import SPEECH_MODELS, Speech
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.engines.csp import ConstraintEngine
from wooolf_solver.games.onuw.engines import answers, find_engine
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.posterior import OnuwPosterior
from wooolf_solver.games.onuw.record import DealRecord, Model, dump_record, read_record
from wooolf_solver.games.onuw.speech import (
    Teller,
    speech_chance,
    story_chance,
    story_share,
    weights_of,
)

BASE: dict[str, Any] = {"game": "onuw", "edition": "table", "players": 3}
SEER_SAW_A_WOLF = {"seat": 1, "role": "seer", "saw": {2: "werewolf"}}


def record(*claims: dict[str, Any], speech: str = "mimic", **more: Any) -> DealRecord:
    model = {"speech": speech, **more.pop("model", {})}
    return read_record({**BASE, "claims": list(claims), "model": model, **more})


def every_engine(deal: DealRecord, solves: bool = True) -> OnuwPosterior:
    """The brute force's posterior, after checking that the fast, CP-SAT and brute-force
    engines agree on every answer, or on the conflict (``solves``: CP-SAT's single
    solves too, every card possible and every claim possibly true or false as the
    reference says)."""
    knowledge = knowledge_of(deal)
    brute = BruteForceEngine().tally(knowledge)
    expected = answers(brute)
    for name in ("fast", "cpsat"):
        assert answers(find_engine(name).tally(knowledge)) == expected, name
    if not brute.deals:
        conflict = minimal_conflict(knowledge, BruteForceEngine())
        assert minimal_conflict(knowledge, find_engine("fast")) == conflict
    if solves:
        cpsat_agrees(deal, whole=False)
    return OnuwPosterior(knowledge, brute)


# -- the hand-computed figure ------------------------------------------------------------


def test_the_hand_computed_figure_under_mimic() -> None:
    deal = record(SEER_SAW_A_WOLF)
    assert story_chance(deal.claims[0], Teller.of(deal)) == Fraction(1, 48)
    solution = every_engine(deal)
    assert solution.dealt[1] == {
        "robber": Fraction(1, 21),
        "seer": Fraction(16, 21),
        "werewolf": Fraction(4, 21),
    }
    assert solution.lying[1] == Fraction(5, 21)


def test_the_hand_computed_figure_under_free() -> None:
    solution = every_engine(record(SEER_SAW_A_WOLF, speech="free"))
    assert solution.dealt[1] == {
        "robber": Fraction(3, 16),
        "seer": Fraction(1, 16),
        "werewolf": Fraction(3, 4),
    }


def test_a_bare_role_claim_weighs_one_in_k() -> None:
    # "I am the seer", nothing more: q = 1/4. Seer 1/5 · 1; werewolf 2/5 · 1/4; robber
    # who robbed a werewolf 1/5 · 1/2 · 1/4: 8/40, 4/40, 1/40 of 13/40.
    solution = every_engine(record({"seat": 1, "role": "seer"}))
    assert solution.dealt[1]["seer"] == Fraction(8, 13)
    assert solution.dealt[1]["werewolf"] == Fraction(4, 13)


def test_village_lies_under_mimic() -> None:
    # An honest speaker errs like a story-teller: (1 - e)·[true] + e·q, on one scale.
    deal = record(SEER_SAW_A_WOLF, model={"village_lies": "1/10"})
    weights = weights_of(deal.claims[0], Teller.of(deal), "mimic", Fraction(1, 10))
    assert (weights.liar, weights.true, weights.false) == (10, 48 * 9 + 1, 1)
    solution = every_engine(deal)
    # the troublemaker now speaks (honest and false) with weight e·q
    assert 0 < solution.dealt[1]["troublemaker"] < solution.dealt[1]["werewolf"]


def test_mixed_is_the_mean_of_two_story_tellers() -> None:
    # The seer of SEER_SAW_A_WOLF: mimic's 1/48, and 1 of the village's 33 whole stories
    # (the seer's 2·4 + 16, the robber's 2·4, the troublemaker's 1): (1/48 + 1/33) / 2.
    deal = record(SEER_SAW_A_WOLF, speech="mixed")
    teller = Teller.of(deal)
    assert story_share(deal.claims[0], teller) == Fraction(1, 33)
    assert speech_chance(deal.claims[0], teller, "mixed") == Fraction(9, 352)
    every_engine(deal)


def test_the_whole_stories_of_the_peer_deck() -> None:
    # 7 players, official edition, the peer's deck (docs/speech.md): the seer 6·6 + 3·36,
    # the troublemaker 15 pairs, the mason alone or with one of 6, the drunk 3 slots, the
    # villager 1: 170 stories; a werewolf's claim is none of them.
    deck = ["villager"] * 3 + [
        "seer",
        "werewolf",
        "werewolf",
        "troublemaker",
        "mason",
        "mason",
        "drunk",
    ]
    claims = [{"seat": 1, "role": "seer"}, {"seat": 2, "role": "mason", "masons": [2, 5]},
              {"seat": 3, "role": "villager"}, {"seat": 4, "role": "werewolf"}]  # fmt: skip
    deal = read_record({"game": "onuw", "edition": "official", "players": 7, "deck": deck,
                        "claims": claims})  # fmt: skip
    shares = [story_share(claim, Teller.of(deal)) for claim in deal.claims]
    assert shares == [Fraction(144, 170), Fraction(1, 170), Fraction(1, 170), 0]


@pytest.mark.parametrize("speech", SPEECH_MODELS)
def test_village_lies_of_one(speech: str) -> None:
    # Under free an honest claim must then be false; under mimic it may still come true
    # (e·q): every engine keeps exactly the worlds of non-zero weight.
    claims = (SEER_SAW_A_WOLF, {"seat": 2, "role": "robber", "robbed": 3})
    solution = every_engine(record(*claims, speech=speech, model={"village_lies": 1}))
    assert (solution.lying[1] < 1) == (speech != "free")


# -- stories no honest player could tell -------------------------------------------------

IMPOSSIBLE = [
    {"seat": 1, "role": "villager"},  # off the table deck
    {"seat": 1, "role": "seer", "saw": {1: "werewolf"}},  # a look at itself
    {"seat": 1, "role": "seer", "centre": {"c1": "werewolf", "C1": "seer"}},  # c1 twice
    {"seat": 1, "role": "seer", "centre": {"c2": "seer"}},  # one centre card
    {"seat": 1, "role": "seer", "saw": {2: "tanner"}},  # a card off the deck
    {"seat": 1, "role": "troublemaker", "swapped": [1, 2]},  # swaps itself
    {"seat": 1, "role": "troublemaker", "swapped": [2, 2]},
    {"seat": 1, "role": "robber", "robbed": 1, "got": "seer"},
    {"seat": 1, "role": "werewolf", "wolves": [2]},  # does not name itself
    {"seat": 1, "role": "werewolf", "wolves": [1, 2, 3]},  # three of two werewolves
    {"seat": 1, "role": "werewolf", "wolves": [1, 2], "centre": {"c1": "seer"}},
    {"seat": 1, "role": "minion", "wolves": [1]},
    {"seat": 1, "role": "mason", "masons": [2]},
    {"seat": 1, "role": "mason", "masons": [1, 1]},  # itself twice
    {"seat": 1, "role": "werewolf", "wolves": [1, 1]},
    {"seat": 1, "role": "minion", "wolves": [2, 2]},
]


ROBBER = {"seat": 2, "role": "robber", "robbed": 3, "got": "seer"}
TROUBLEMAKER: dict[str, Any] = {
    "viewpoint": 3, "cards": {3: "troublemaker"}, "night": {3: {"swapped": [1, 2]}},
}  # fmt: skip


@pytest.mark.parametrize("claim", IMPOSSIBLE, ids=lambda claim: str(list(claim.values())[1:]))
@pytest.mark.parametrize("speech", SPEECH_MODELS)
def test_an_impossible_claim_is_a_lie_whatever_it_says(
    claim: dict[str, Any], speech: Speech
) -> None:
    # Valid input, false in every world: its q cancels, so every such claim gives the
    # same answer as the claim of a role outside the deck, and the record round-trips.
    deal = record(claim, ROBBER, speech=speech, **TROUBLEMAKER)
    assert read_record(dump_record(deal)) == deal
    solution = every_engine(deal)
    assert solution.lying[1] == 1
    other = knowledge_of(record(IMPOSSIBLE[0], ROBBER, speech=speech, **TROUBLEMAKER))
    reference = answers(BruteForceEngine().tally(other))
    assert {**answers(solution.tally), "worlds": 0} == {**reference, "worlds": 0}
    if speech != "free":
        assert speech_chance(deal.claims[0], Teller.of(deal), speech) > 0


def test_an_impossible_choice_counts_as_one_more_option() -> None:
    # The seer's look at itself: 1/4 (role) · 1/(3 + 1) · 1/4 (the card).
    deal = record(IMPOSSIBLE[1])
    assert story_chance(deal.claims[0], Teller.of(deal)) == Fraction(1, 64)


def test_a_claim_without_its_choice_sums_the_choices_out() -> None:
    # A robber's card without its target, under the uniform prior (rob seat 2, seat 3,
    # or nothing): 1/4 · 2/3 · 1/4; a lone werewolf's centre card without its list of
    # wolves: the list is {itself} (one of 1 + 2 sets), its slot one of two.
    deal = record(
        {"seat": 1, "role": "robber", "got": "seer"},
        {"seat": 2, "role": "werewolf", "centre": {"c1": "seer"}},
        model={"night": "uniform"},
    )
    teller = Teller.of(deal)
    assert story_chance(deal.claims[0], teller) == Fraction(1, 24)
    assert story_chance(deal.claims[1], teller) == Fraction(1, 4) / 3 / 3 / 4
    every_engine(deal)


def test_an_honest_viewpoint_that_told_a_lie_is_inconsistent() -> None:
    # A seer who says it looked at itself: honest, so false, weight 0 (no village lies).
    deal = record(IMPOSSIBLE[1], viewpoint=1, cards={1: "seer"}, night={1: {"saw": {2: "seer"}}})
    knowledge = knowledge_of(deal)
    assert not find_engine("fast").consistent(knowledge)
    conflict = minimal_conflict(knowledge, find_engine("fast"))
    assert conflict == minimal_conflict(knowledge, BruteForceEngine()) != ()


# -- every engine, on played deals ---------------------------------------------------------


def generic_agrees(deal: DealRecord) -> None:
    """The generic engines: python-constraint's tally is the brute force's, exactly."""
    knowledge = knowledge_of(deal)
    expected = answers(BruteForceEngine().tally(knowledge))
    assert answers(ConstraintEngine().tally(knowledge)) == expected


@pytest.mark.slow
@settings(max_examples=max(3, settings().max_examples // 6))
@given(st.integers(0, 10**9), st.sampled_from(SPEECH_MODELS))
def test_the_generic_engines_agree(seed: int, speech: Speech) -> None:
    deal = played(seed, 3, viewpoint=True, custom=False)
    generic_agrees(replace(deal, model=replace(deal.model, speech=speech)))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans())
def test_both_models_on_the_same_deal(seed: int, viewpoint: bool) -> None:
    # One played deal read by each model: fast, CP-SAT and brute force agree on both.
    deal = played(seed, 3, viewpoint=viewpoint, custom=seed % 3 == 0)
    for speech in SPEECH_MODELS:
        model = Model(deal.model.night, deal.model.village_lies, speech)
        every_engine(replace(deal, model=model), solves=False)  # see test_onuw_cpsat.py
