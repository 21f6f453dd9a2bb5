"""ONUW's own CP-SAT model agrees exactly with the generic brute force.

On the played deals of :func:`test_onuw_fast.played` (the same strategy): whether the
record is consistent and its minimal conflict; for every slot and card of the deck,
whether the card is possible at dawn and as dealt (one solve each) against the
reference's exact zeros; whether each claim is possibly true and possibly false; and
every answer of the one tally from the enumeration of the model's solutions. Also the
``worlds`` count (distinct deals, not physical ones), and ``why`` at ten players, which
the fast engine answers with this model.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from onuw_reference import consistent, solved
from test_onuw_fast import conflicting, played

from wooolf_solver.core.posterior import Fact
from wooolf_solver.core.reasons import NEGATION_EVENT, challenged, forces
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.games.onuw.engines import ENGINES, CpSatEngine, FastEngine, cpsat, find_engine
from wooolf_solver.games.onuw.explain import LIAR, explain
from wooolf_solver.games.onuw.model import ClaimIs, knowledge_of
from wooolf_solver.games.onuw.posterior import OnuwPosterior
from wooolf_solver.games.onuw.record import DealRecord, read_record


def agree(record: DealRecord, whole: bool = True) -> None:
    """Every feasibility question, and (``whole``) the whole solution, as brute force."""
    knowledge = knowledge_of(record)
    expected = solved(knowledge, "brute")
    assert cpsat.consistent(knowledge) == expected["consistent"]
    if not expected["consistent"]:
        assert solved(knowledge, "cpsat") == expected
        return
    brute = OnuwPosterior(knowledge, BruteForceEngine().tally(knowledge))
    cards = sorted(set(record.deck))
    for slot in record.layout.slots:
        for card in cards:
            at_dawn = brute.dawn[slot].get(card, Fraction(0)) > 0
            dealt = brute.dealt[slot].get(card, Fraction(0)) > 0
            assert cpsat.possible(knowledge, slot, card) == at_dawn, (slot, card, "dawn")
            assert cpsat.possible(knowledge, slot, card, dawn=False) == dealt, (slot, card)
    possibilities = cpsat.Possibilities(knowledge)
    for slot in record.layout.slots:
        dealt_cards = sorted(card for card, p in brute.dealt[slot].items() if p > 0)
        assert possibilities.possible_dealt(slot) == dealt_cards, slot
    for claim in record.claims:
        lying = brute.lying[claim.seat]
        for holds, possible in ((True, lying < 1), (False, lying > 0)):
            truth = ClaimIs(NEGATION_EVENT, claim, holds, record.rules, record.layout)
            assert cpsat.consistent(knowledge.extended(truth)) == possible, (claim, holds)
    if whole:
        assert solved(knowledge, "cpsat") == expected


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.sampled_from([3, 4]))
def test_agrees_with_brute_force_from_a_viewpoint(seed: int, players: int) -> None:
    agree(played(seed, players, viewpoint=True, custom=False))


@settings(max_examples=max(4, settings().max_examples // 5))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_at_five_players(seed: int) -> None:
    agree(played(seed, 5, viewpoint=True, custom=False), whole=False)


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_in_public(seed: int) -> None:
    agree(played(seed, 3, viewpoint=False, custom=False))


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.booleans())
def test_agrees_with_brute_force_on_custom_decks(seed: int, viewpoint: bool) -> None:
    agree(played(seed, 3, viewpoint=viewpoint, custom=True))


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_on_conflicts(seed: int) -> None:
    agree(conflicting(seed))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_the_fast_engine_weighs_a_negation_with_the_model(seed: int) -> None:
    # A knowledge carrying a fact's negation: the fast engine asks CP-SAT, and the
    # answer is brute force's; the cores CP-SAT proposes leave no world.
    record = played(seed, 3, viewpoint=seed % 2 == 0, custom=False)
    knowledge = knowledge_of(record)
    if not consistent(knowledge):
        return
    posterior = OnuwPosterior(knowledge, BruteForceEngine().tally(knowledge))
    seat = 1 + seed % record.players
    for card in sorted(set(record.deck)):
        fact = Fact(seat, card, posterior.dawn[seat].get(card, Fraction(0)) > 0)
        challenge = challenged(knowledge, fact)
        expected = consistent(challenge)
        assert FastEngine().consistent(challenge) == expected
        core = CpSatEngine().core(challenge)
        assert (core == ()) == expected
        if core:
            assert not consistent(challenge.restricted(core))


def test_worlds_are_distinct_deals_not_physical_ones() -> None:
    # The contract's `worlds`, and every engine on ONUW's space, count distinct deals;
    # the physical deals (the two werewolf cards as two objects) are in the weights.
    record = read_record(
        {
            "game": "onuw", "edition": "official", "players": 3, "viewpoint": 1,
            "cards": {1: "seer"}, "night": {1: {"saw": {2: "werewolf"}}},
            "claims": [
                {"seat": 2, "role": "troublemaker", "swapped": [1, 3]},
                {"seat": 3, "role": "robber", "robbed": 1, "got": "seer"},
            ],
        }
    )  # fmt: skip
    knowledge = knowledge_of(record)
    distinct = [world for world in knowledge.space.worlds() if knowledge.likelihood(world)]
    assert len(distinct) == 42
    assert [find_engine(name).tally(knowledge).deals for name in ENGINES] == [42] * 4
    physical = sum(knowledge.space.physical(world) for world in distinct)
    assert physical == 84


# -- why at ten players: the fast engine's negations on the CP-SAT model ------------------

TEN: dict[str, Any] = {
    "game": "onuw", "edition": "official", "players": 10, "viewpoint": 8,
    "cards": {8: "robber"}, "night": {8: {"robbed": 4, "got": "werewolf"}},
    "claims": [
        {"seat": 9, "role": "villager"}, {"seat": 2, "role": "villager"},
        {"seat": 10, "role": "villager"},
        {"seat": 1, "role": "troublemaker", "swapped": [6, 9]},
        {"seat": 6, "role": "villager"}, {"seat": 7, "role": "insomniac", "now": "insomniac"},
        {"seat": 3, "role": "villager"}, {"seat": 4, "role": "troublemaker", "swapped": [3, 9]},
    ],
}  # fmt: skip
"""A deal played at ten players (official deck, 8 claims) from the robber's seat: it
robbed a werewolf from seat 4, who then claims the troublemaker."""


def test_why_at_ten_players() -> None:
    record = read_record(TEN)
    why = explain(record, 4, LIAR)
    assert why.holds and why.events == ("night",)
    text = " ".join(why.sentences)
    assert "so seat 4 lies, and only the werewolf team lies" in text
    challenge = knowledge_of(record).extended(
        ClaimIs(NEGATION_EVENT, record.claims[-1], True, record.rules, record.layout)
    )
    engine = find_engine()
    assert forces(challenge, why.events, engine)
    assert not forces(challenge, [], engine)
    unsure = explain(record, 1, "werewolf", holds=False)
    assert not unsure.holds and unsure.chance is not None and 0 < unsure.chance < 1


def test_certainty_at_ten_players_as_the_fast_engine() -> None:
    # Too big for brute force: every card possible or not, at dawn and as dealt, by one
    # solve each, against the fast engine's exact zeros.
    record = read_record(TEN)
    knowledge = knowledge_of(record)
    posterior = OnuwPosterior(knowledge, FastEngine().tally(knowledge))
    for slot in record.layout.slots:
        for card in sorted(set(record.deck)):
            at_dawn = posterior.dawn[slot].get(card, 0) > 0
            assert cpsat.possible(knowledge, slot, card) == at_dawn
            dealt = posterior.dealt[slot].get(card, 0) > 0
            assert cpsat.possible(knowledge, slot, card, dawn=False) == dealt
    possibilities = cpsat.Possibilities(knowledge)
    for claim in record.claims:
        lying = posterior.lying[claim.seat]
        assert possibilities.lying(claim.seat) == (lying if lying in (0, 1) else None)
    for slot in record.layout.slots:  # by one solve more than the cards found
        dealt_cards = sorted(card for card, p in posterior.dealt[slot].items() if p > 0)
        assert possibilities.possible_dealt(slot) == dealt_cards, slot
