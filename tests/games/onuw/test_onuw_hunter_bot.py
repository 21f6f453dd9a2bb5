"""The bots' hunter (issue 27.2): a seat that may hold the hunter at dawn judges its
ballot by its own death too (the seat its ballot names dies with it), exactly.

The fast engine counts that own death (:class:`.vote.OwnDeath`) at any size: under
hypothesis it agrees exactly with the generic brute force (and CP-SAT) on played deals
with the hunter in the deck, the troublemaker's swaps and the doppelganger in some."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from onuw_reference import solved
from test_onuw_fast import played

from wooolf_solver.core.errors import InconsistentRecordError
from wooolf_solver.games.onuw import vote as voting
from wooolf_solver.games.onuw.bots import bot_ballot, solver_ballot
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import DealRecord, read_record
from wooolf_solver.games.onuw.state import legal_ballots
from wooolf_solver.games.onuw.vote import OwnDeath, judged, own_death, shooter, vote

DECK = ["hunter", "werewolf", "werewolf", "seer", "robber", "troublemaker"]
FEARS_THE_ROBBER: dict[str, Any] = {
    "game": "onuw",
    "players": 4,
    "viewpoint": 1,
    "deck": DECK,
    "cards": {1: "hunter"},
    "claims": [{"seat": 3, "role": "robber"}],
}


def test_the_hunters_best_ballot_differs_because_of_its_own_death() -> None:
    record = read_record(FEARS_THE_ROBBER)
    plain = vote(record).best  # the vote verb: the seat whose death alone is best
    assert plain.ballot == 2 and plain.win_if == Fraction(15, 34)
    own = own_death(record, 1, solve(record))
    assert own is not None and own[3] > own[2] == own[4] > own[None]
    assert bot_ballot(FEARS_THE_ROBBER) == 3
    played = read_record({**FEARS_THE_ROBBER, "night": {1: {}}})  # as the lab's bots see it
    assert solver_ballot(1, legal_ballots(played, 1), played, Random(0)) == 3


def test_the_own_death_chances_agree_with_brute_force(monkeypatch: pytest.MonkeyPatch) -> None:
    record = read_record(FEARS_THE_ROBBER)
    posterior = solve(record)
    listed = own_death(record, 1, posterior)
    monkeypatch.setattr(voting, "SHOT_ENGINE", "brute")
    assert own_death(record, 1, posterior) == listed


def test_a_seat_that_cannot_hold_the_hunter_keeps_win_if() -> None:
    data = dict(FEARS_THE_ROBBER, deck=[*DECK[1:], "villager"], cards={1: "villager"})
    record = read_record(data)
    posterior = solve(record)
    assert shooter(record, 1, posterior) == 0 and own_death(record, 1, posterior) is None
    assert [score for score, _ in judged(record, 1, posterior)] == list(vote(record).ballots)


CLAIMS = st.lists(
    st.sampled_from(
        [
            {"seat": 2, "role": "troublemaker", "swapped": [1, 3]},
            {"seat": 3, "role": "robber"},
            {"seat": 3, "role": "robber", "robbed": 1, "got": "hunter"},
            {"seat": 4, "role": "seer", "saw": {"1": "hunter"}},
            {"seat": 4, "role": "hunter"},
            {"seat": 2, "role": "seer"},
        ]
    ),
    max_size=2,
    unique_by=lambda claim: claim["seat"],
)


@settings(max_examples=max(4, settings().max_examples // 5))  # each lists its worlds
@given(
    card=st.sampled_from(["hunter", "werewolf", "troublemaker", "seer"]),
    claims=CLAIMS,
    edition=st.sampled_from(["table", "official"]),
)
def test_the_shortcut_never_changes_the_best_ballot(
    card: str, claims: list[dict[str, Any]], edition: str
) -> None:
    """Skipping the own death when ``win_if``'s lead exceeds the chance of holding the
    hunter gives the ballot that adding every own-death chance gives."""
    deck = DECK if edition == "table" else [*DECK, "villager"]
    data = {**FEARS_THE_ROBBER, "edition": edition, "deck": deck, "cards": {1: card}}
    data["claims"] = claims
    record = read_record(data)
    try:
        posterior = solve(record)
    except InconsistentRecordError:  # no deal fits these claims
        return
    full = exhaustive(record, posterior)
    best = max(full.values())
    assert full[judged(record, 1, posterior)[0][0].ballot] == best


def exhaustive(record: DealRecord, posterior: Any) -> dict[Any, Fraction]:
    own = own_death(record, 1, posterior) or {}
    return {
        score.ballot: score.win_if + own.get(score.ballot, Fraction(0))
        for score in voting.scores_of(record, 1, posterior)
    }


def own_view(seed: int, players: int, custom: bool, copy: bool = False) -> OwnDeath:
    """The own death of a played deal's viewpoint, the hunter in the deck (with ``copy``,
    the doppelganger too): of ten deals from ``seed`` the first whose viewpoint may
    hold the hunter at dawn (else the tenth), the ballots of the others kept at 0.7."""
    for offset in range(10):
        record = played(seed + offset, players, True, custom, hunter=True, copy=copy)
        found = solved(record, "fast")
        if found["consistent"] and found["dawn"].get((record.viewpoint, "hunter")):
            break
    knowledge = knowledge_of(record)
    values = {field.name: getattr(knowledge, field.name) for field in fields(knowledge)}
    return OwnDeath(**values, nobody=record.rules_edition.vote.nobody)


def agree(own: OwnDeath, engines: tuple[str, ...] = ("fast",)) -> None:
    expected = solved(own, "brute", json=True)
    for engine in engines:
        assert solved(own, engine, json=True) == expected


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.sampled_from([3, 4]), st.booleans())
def test_the_fast_own_death_agrees_with_brute_force(seed: int, players: int, custom: bool) -> None:
    agree(own_view(seed, players, custom))


@settings(max_examples=max(4, settings().max_examples // 5))
@given(st.integers(0, 10**9))
def test_the_fast_own_death_agrees_at_five_players(seed: int) -> None:
    agree(own_view(seed, 5, custom=False))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_the_fast_own_death_agrees_with_the_doppelganger(seed: int) -> None:
    agree(own_view(seed, 3, custom=True, copy=True), ("fast", "cpsat"))


@settings(max_examples=max(4, settings().max_examples // 5))
@given(st.integers(0, 10**9), st.booleans())
def test_cpsat_own_death_agrees_with_brute_force(seed: int, custom: bool) -> None:
    agree(own_view(seed, 3, custom), ("cpsat",))


def test_a_view_past_the_former_cap_weighs_its_own_death() -> None:
    # 84,132 worlds, once past the 1,000 that CP-SAT listed; the figures are the brute
    # force's (42 s), the fast engine's in milliseconds
    deck = [*DECK, "villager", "insomniac"]
    data = {**FEARS_THE_ROBBER, "edition": "official", "players": 5, "deck": deck}
    record = read_record(data)
    posterior = solve(record)
    assert posterior.tally.deals == 84_132
    others = Fraction(267, 1816)
    assert own_death(record, 1, posterior) == {
        2: others,
        3: Fraction(41, 227),
        4: others,
        5: others,
    }
    best, value = judged(record, 1, posterior)[0]
    assert best.ballot == 3 and value == best.win_if + Fraction(41, 227) == Fraction(1, 2)
