"""The review of a full record: ballots judged from each voter's knowledge at the vote."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import load_record, read_record
from wooolf_solver.games.werewolf.review import review

EXAMPLES = Path(__file__).parents[3] / "examples" / "werewolf"
GAME: dict[str, Any] = {
    "game": "werewolf",
    "players": 4,
    "roles": {"werewolf": 1, "seer": 1, "villager": 2},
    "cards": {1: "werewolf", 2: "seer", 3: "villager", 4: "villager"},
    "events": [
        {"night": 1},
        {"seat": 2, "checks": 1, "sees": "werewolf"},
        {"seat": 1, "wolves": [1]},
        {"dawn": 1, "dead": [3], "cards": {3: "villager"}},
        {"seat": 2, "claims": "seer", "checked": {1: "werewolf"}},
        {"day": 1, "votes": {1: 2, 2: 1, 4: 1}, "lynched": 1, "cards": {1: "werewolf"}},
    ],
}


def test_each_ballot_beside_its_voters_knowledge() -> None:
    report = review(read_record(GAME)).to_dict()
    ballots = {b["voter"]: b for b in report["days"][0]["ballots"]}
    # the seer knows; the villager 4 heard a seer claim (seat 1 or 2 is the werewolf, and
    # a village seer tells the truth): 1 is the werewolf unless 2 lies, i.e. unless 2 is
    # the werewolf and told this story (1/3 for the role × 1/3 for the answer): 9 to 1.
    assert ballots[2] == {"voter": 2, "target": 1, "werewolf": 1.0, "best": 1,
                          "best_werewolf": 1.0}  # fmt: skip
    assert ballots[4]["werewolf"] == pytest.approx(0.9) and ballots[4]["best"] == 1
    assert ballots[1]["werewolf"] == 0.0  # the werewolf knows seat 2 is not one
    # and judges its ballot by the werewolves' goal: the seer (7 points) over a villager
    assert ballots[1] == {
        "voter": 1, "target": 2, "werewolf": 0.0, "best": 2, "best_werewolf": 0.0,
        "goal": "werewolves", "score": 7.0, "best_score": 7.0,
    }  # fmt: skip
    assert report["speech"] == "mimic"
    assert report["dead"] == [
        {"seat": 3, "event": 4, "role": "villager"},
        {"seat": 1, "event": 6, "role": "werewolf"},
    ]
    assert (report["winner"], report["winners"]) == ("village", [2, 3, 4])


def test_a_record_the_rules_cannot_produce_is_refused() -> None:
    data = {**GAME, "events": [*GAME["events"][:1], {"seat": 2, "checks": 1, "sees": "seer"}]}
    with pytest.raises(InvalidRecordError, match=r"^events.2.sees: seat 1 is the werewolf$"):
        review(read_record(data))


@pytest.mark.parametrize("seed", range(5))
def test_played_games_can_be_reviewed(seed: int) -> None:
    deck = (("cupid", 1), ("seer", 1), ("villager", 2), ("werewolf", 1), ("witch", 1))
    outcome = play_game(deck, RandomBot(random.Random(seed), claims=0.3), random.Random(seed))
    report = review(outcome.record)
    assert report.winner == outcome.winner and report.winners == outcome.winners
    assert len(report.days) == outcome.days


def test_a_werewolfs_best_ballot_is_never_its_packmate() -> None:
    record = load_record(EXAMPLES / "game-10p.yaml")
    pack = {seat for seat, role in record.cards if role == "werewolf"}
    report = review(record)
    judged = [ballot for day in report.days for ballot in day.ballots]
    for ballot in judged:
        if ballot.voter in pack:
            assert ballot.goal == "werewolves" and ballot.best not in pack
        else:  # the village: the seat most likely a werewolf
            assert ballot.goal == "village" and ballot.best_score == ballot.best_werewolf
    # day 2: the werewolves lynched the seer, their best ballot (7 points)
    day2 = {ballot.voter: ballot for ballot in report.days[1].ballots}
    assert day2[2].best == day2[4].best == 9 and day2[2].good and day2[2].best_score == 7


@pytest.mark.parametrize("speech", ["free", "mimic"])
def test_the_review_names_its_speech_model(speech: str) -> None:
    record = read_record({**GAME, "model": {"speech": speech}})
    assert review(record).to_dict()["speech"] == speech
