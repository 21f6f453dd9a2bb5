"""The bots' hunter (issue 27.2): a seat that may hold the hunter at dawn judges its
ballot by its own death too (the seat its ballot names dies with it), exactly."""

from __future__ import annotations

from fractions import Fraction
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wooolf_solver.core.errors import InconsistentRecordError
from wooolf_solver.games.onuw import vote as voting
from wooolf_solver.games.onuw.bots import solver_ballot
from wooolf_solver.games.onuw.live import bot_ballot
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import DealRecord, read_record
from wooolf_solver.games.onuw.state import legal_ballots
from wooolf_solver.games.onuw.vote import judged, own_death, shooter, vote

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
