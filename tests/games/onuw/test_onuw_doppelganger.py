"""The doppelganger: its record keys, its night by the rules, and the engines' exact
agreement with a count written out by hand (:func:`onuw_reference.by_hand`) on deals
played with a doppelganger in the deck.

Hypothesis plays real deals (a random deck holding the doppelganger, the ``act`` or
``uniform`` night, bots, truthful and bluffing talkers), takes a viewpoint with its
card and night (or the public view) and a subset of the claims, and checks that the
brute force's dealt and dawn cards equal the hand count's, and that every other engine
answers as the brute force does (the fast engine plays the copy in its lifted night).
"""

from __future__ import annotations

import doctest
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from random import Random
from types import MappingProxyType, ModuleType

import pytest
from helpers import benchmark
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from onuw_positions import in_public, seen_by
from onuw_reference import by_hand, solved
from test_onuw_fast import talkers
from test_onuw_hint import hints_agree

from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.core.speech import SPEECH_MODELS
from wooolf_solver.games.onuw.engines import cpsat
from wooolf_solver.games.onuw.hints import hint
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.night import NightEntry, play_night
from wooolf_solver.games.onuw.record import DealRecord, Model, dump_record, read_record
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import play_deal, truthful

RULES = load_rules()

DECKS = (
    ("official", 3, ("doppelganger", "werewolf", "werewolf", "seer", "robber", "troublemaker")),
    ("official", 3, ("doppelganger", "werewolf", "minion", "mason", "mason", "insomniac")),
    ("table", 3, ("doppelganger", "werewolf", "seer", "drunk", "tanner")),
    ("table", 4, ("doppelganger", "werewolf", "werewolf", "robber", "troublemaker", "insomniac")),
)
"""Small decks with the doppelganger, between them every role it can copy."""

GAME = {
    "game": "onuw",
    "edition": "official",
    "players": 3,
    "deck": list(DECKS[0][2]),
    "cards": {1: "doppelganger", 2: "robber", 3: "werewolf", "c1": "seer"},
}
GAME["cards"] |= {"c2": "werewolf", "c3": "troublemaker"}


def played(seed: int, viewpoint: bool, free: bool = True) -> DealRecord:
    """A deal played with a doppelganger deck, as a record (see the module's docstring);
    ``free``: the ``free`` speech model with honest village (the hand count's)."""
    rng = Random(seed)
    edition, players, deck = rng.choice(DECKS)
    bots = tuple(seat for seat in range(1, players + 1) if rng.random() < 0.2)
    night = rng.choice(["act", "act", "uniform"])
    game = play_deal(
        rng,
        players,
        edition=edition,
        deck=deck,
        bots=bots,
        claims=talkers(players, deck, 0.0 if free else 0.1),
        night=night,
    ).record
    claims = tuple(claim for claim in game.claims if rng.random() < 0.7)
    lies = Fraction(rng.choice([0, 0, 1]), 10)
    model = Model(night, speech="free") if free else Model(night, lies, rng.choice(SPEECH_MODELS))
    if not viewpoint:
        return in_public(game, rng, claims=claims, model=model)
    copier = [s for s in range(1, players + 1) if game.cards[s] == "doppelganger"]
    seat = copier[0] if copier and rng.random() < 0.5 else rng.randint(1, players)
    night_known = {seat: game.night[seat]} if rng.random() < 0.85 else {}
    return seen_by(game, seat, night_known, claims=claims, model=model)


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.booleans())
def test_the_brute_force_counts_as_the_hand_count(seed: int, viewpoint: bool) -> None:
    record = played(seed, viewpoint)
    expected = by_hand(record)
    found = solved(record, "brute")
    assert found["consistent"] == expected["consistent"]
    if expected["consistent"]:
        assert found["dealt"] == expected["dealt"]
        assert found["dawn"] == expected["dawn"]


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.booleans())
def test_every_engine_agrees_with_the_brute_force(seed: int, viewpoint: bool) -> None:
    record = played(seed, viewpoint, free=False)
    expected = solved(record, "brute", json=True)
    for engine in ("fast", "cpsat"):
        assert solved(record, engine, json=True) == expected
    if expected["consistent"]:  # the model's dawn cards, a doppelganger's read as its copy
        knowledge = knowledge_of(record)
        for slot in record.layout.slots:
            for card in sorted(set(record.deck)):
                chance = expected["dawn"].get((slot, card), 0)
                assert cpsat.possible(knowledge, slot, card) == (chance > 0)


def test_csp_agrees_on_a_small_record() -> None:
    cards = {1: "doppelganger", 2: "robber", "c1": "seer"}
    record = read_record({**GAME, "viewpoint": 1, "cards": cards,
                          "night": {1: {"copied": {2: "robber"}, "robbed": 3, "got": "werewolf"}},
                          "claims": [{"seat": 2, "role": "robber", "robbed": 1}]})  # fmt: skip
    assert solved(record, "csp") == solved(record, "brute")


def test_the_issues_example_reads_and_writes_back() -> None:
    night = {
        1: {"copied": {2: "robber"}, "robbed": 3, "got": "werewolf"},
        2: {"robbed": 1, "got": "werewolf"},
        3: {"wolves": [3]},
    }
    record = read_record({**GAME, "night": night})
    assert record.night[1] == NightEntry.of(copied=((2, "robber"),), robbed=3, got="werewolf")
    assert read_record(dump_record(record)) == record
    assert "copied: {2: robber}" in dump_record(record)


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"robbed": 3, "got": "werewolf"}, "copied: required"),
        ({"copied": {1: "robber"}}, "one other player's card"),
        ({"copied": {2: "robber"}, "saw": {3: "werewolf"}}, "no such key"),
        ({"copied": {2: "robber"}, "robbed": 3}, "got: required"),
        ({"copied": {2: "seer"}}, "cannot have this night"),
    ],
)
def test_a_night_the_doppelganger_cannot_have_is_refused(entry: dict, problem: str) -> None:
    night = {1: entry, 2: {}, 3: {"wolves": [3]}}
    with pytest.raises(InvalidRecordError, match=problem):
        read_record({**GAME, "night": night})


def night_of(dealt: tuple[str, ...], choices: dict[int, tuple[int, ...]]) -> dict:
    layout = RULES.layout("official", 3)
    dawn = play_night(RULES, layout, dealt, choices)
    return {seat: entry.to_dict(layout) for seat, entry in dawn.entries.items()} | {
        "dawn": dawn.cards
    }


def test_a_doppelganger_werewolf_wakes_with_the_werewolves() -> None:
    found = night_of(
        ("doppelganger", "werewolf", "minion", "seer", "werewolf", "robber"), {1: (2,), 2: (4,)}
    )
    assert found[1] == {"copied": {2: "werewolf"}, "wolves": [1, 2]}
    assert found[2] == {"wolves": [1, 2]}  # not a lone werewolf: no look at the centre
    assert found[3] == {"wolves": [1, 2]}
    assert found["dawn"][:3] == ("werewolf", "werewolf", "minion")


def test_a_doppelganger_minion_and_mason() -> None:
    dealt = ("doppelganger", "minion", "werewolf", "mason", "mason", "seer")
    assert night_of(dealt, {1: (2,)})[1] == {"copied": {2: "minion"}, "wolves": [3]}
    dealt = ("doppelganger", "mason", "werewolf", "mason", "seer", "robber")
    found = night_of(dealt, {1: (2,)})
    assert found[1] == {"copied": {2: "mason"}, "masons": [1, 2]}
    assert found[2] == {"masons": [1, 2]}  # the other mason, a player, not in the centre


def test_a_doppelganger_insomniac_looks_after_the_night() -> None:
    dealt = ("doppelganger", "insomniac", "robber", "werewolf", "seer", "werewolf")
    found = night_of(dealt, {1: (2,), 3: (1,)})
    assert found[1] == {"copied": {2: "insomniac"}, "now": "robber"}
    assert found[3] == {"robbed": 1, "got": "doppelganger"}
    assert found["dawn"][:3] == ("robber", "insomniac", "insomniac")  # its card: an insomniac


def test_played_deals_read_back() -> None:
    copied: Counter[str] = Counter()
    for seed in range(60):
        edition, players, deck = DECKS[seed % len(DECKS)]
        record = play_deal(
            Random(seed), players, edition=edition, deck=deck, claims=truthful
        ).record
        assert read_record(dump_record(record)) == record
        for seat, entry in record.night.items():
            if record.cards[seat] == "doppelganger":
                copied[entry.get("copied")[0][1]] += 1
    assert len(copied) >= 6


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_the_doppelgangers_fast_hint_agrees_with_the_brute_force(seed: int) -> None:
    record = played(seed, True, free=seed % 2 == 0)
    seat = record.viewpoint
    assume(seat is not None and record.cards[seat] == "doppelganger")
    hints_agree(replace(record, night=MappingProxyType({})))


def test_the_doppelgangers_hint_scores_each_seat_it_may_copy() -> None:
    claims = [{"seat": 2, "role": "seer", "saw": {3: "werewolf"}}]
    record = read_record({**GAME, "viewpoint": 1, "cards": {1: "doppelganger"}, "claims": claims})
    found = hint(record).to_dict()
    assert sorted(option["option"]["copied"] for option in found["options"]) == [2, 3]
    for option in found["options"]:
        assert option["gain_bits"] >= 0
        assert sum(option["outcomes"].values()) == pytest.approx(1)
    best = found["options"][0]
    assert best["option"] == {"copied": 2}  # the claimed seer: most likely the seer
    assert max(best["outcomes"], key=best["outcomes"].get) == "seer"
    recorded = {1: {"copied": {2: "seer"}}}
    with pytest.raises(InvalidRecordError, match="night is recorded"):
        hint(read_record({**GAME, "viewpoint": 1, "cards": {1: "doppelganger"}, "night": recorded}))


copy_bench = benchmark("bench_copy")


def test_the_doppelganger_benchmark_runs(
    copy_bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert doctest.testmod(copy_bench).failed == 0
    assert copy_bench.main(["--players", "3", "--repeat", "1", "--budget", "30"]) == 0
    out = capsys.readouterr().out
    assert "3-view-3" in out and "✗" not in out
