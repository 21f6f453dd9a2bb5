"""The speech models in classic Werewolf: speech.md's worked figure, exact in every engine;
a story's chance (the role, each new answer, repeated claims)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from werewolf_reference import solve, solve_by

from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.events import Claim
from wooolf_solver.games.werewolf.record import GameRecord, read_record
from wooolf_solver.games.werewolf.speech import story_chance


def figure(speech: str) -> GameRecord:
    """speech.md's worked figure: 9 players, one public seer claim."""
    return read_record(
        {
            "game": "werewolf",
            "players": 9,
            "roles": {"werewolf": 2, "seer": 1, "villager": 6},
            "model": {"speech": speech},
            "events": [
                {"night": 1},
                {"dawn": 1, "dead": [9], "cards": {9: "villager"}},
                {"seat": 4, "claims": "seer", "checked": {7: "villager"}},
            ],
        }
    )


@pytest.mark.parametrize(("speech", "expected"), [("free", (14, 19)), ("mimic", (14, 59))])
def test_the_worked_figure_is_exact(speech: str, expected: tuple[int, int]) -> None:
    record = figure(speech)
    exact = Fraction(*expected)
    for engine in GAME.engines:
        solution = solve_by(record, engine)
        assert solution.werewolf[4] == exact, engine
        assert solution.lying[4] == exact  # a seer claim is false only from a werewolf
        assert solution.worlds == 42 + 15  # a villager's false claim weighs 0


def test_the_prior_is_a_quarter_and_the_claim_lowers_it_under_mimic() -> None:
    silent = figure("mimic")
    silent = read_record({**silent.to_dict(), "events": silent.to_dict()["events"][:2]})
    assert solve(silent).werewolf[4] == Fraction(1, 4)
    assert solve(figure("mimic")).werewolf[4] < Fraction(1, 4) < solve(figure("free")).werewolf[4]


def chance(claim: Claim, *earlier: Claim, names: int = 3, alignment: bool = False) -> Fraction:
    return story_chance(claim, earlier, names=names, alignment=alignment)


SEER_7 = Claim(4, "seer", ((7, "villager"),))


@pytest.mark.parametrize(
    ("claim", "earlier", "expected"),
    [
        (Claim(4, "villager"), (), Fraction(1, 3)),
        (Claim(4, "hunter"), (), Fraction(1, 3)),  # off the deck: 1/K like the others
        (SEER_7, (), Fraction(1, 9)),
        (Claim(4, "seer", ((7, "villager"), (2, "seer"))), (), Fraction(1, 27)),
        (SEER_7, (SEER_7,), Fraction(1)),  # the same story again costs nothing
        (Claim(4, "seer", ((7, "werewolf"),)), (SEER_7,), Fraction(1, 3)),  # a new answer
        (Claim(4, "villager"), (SEER_7,), Fraction(1, 3)),  # a new role
        (SEER_7, (SEER_7, Claim(4, "villager")), Fraction(1, 3)),  # the role changed back
        (Claim(4, "villager", ((4, "seer"),)), (), Fraction(1, 9)),  # impossible: priced
    ],
)
def test_a_storys_chance(claim: Claim, earlier: tuple[Claim, ...], expected: Fraction) -> None:
    assert chance(claim, *earlier) == expected


def test_an_answer_under_alignment_is_one_of_two() -> None:
    claim = Claim(4, "seer", ((7, "not"), (2, "werewolf")))
    assert chance(claim, names=5, alignment=True) == Fraction(1, 5 * 2 * 2)


IMPOSSIBLE = [
    {"seat": 4, "claims": "hunter"},  # a role outside the deck
    {"seat": 4, "claims": "thief"},  # nobody plays the thief
    {"seat": 4, "claims": "seer", "checked": {4: "seer"}},  # a seer checking itself
    {"seat": 4, "claims": "villager", "checked": {7: "villager"}},  # only a seer checks
    {"seat": 4, "claims": "seer", "checked": {7: "witch"}},  # an answer outside the deck
]


@pytest.mark.parametrize("claim", IMPOSSIBLE)
@pytest.mark.parametrize("speech", ["free", "mimic"])
def test_a_claim_no_honest_player_could_make_is_a_lie(claim: dict[str, Any], speech: str) -> None:
    data = figure(speech).to_dict()
    record = read_record({**data, "events": [*data["events"][:2], claim]})
    for solution in (solve(record), solve_by(record, "fast")):
        assert solution.lying[4] == 1 and solution.werewolf[4] == 1
    erring = read_record({**record.to_dict(), "model": {"speech": speech, "village_lies": "1/10"}})
    reference = solve(erring)
    assert reference.lying[4] == 1 and 0 < reference.werewolf[4] < 1
    assert solve_by(erring, "fast").answers() == reference.answers()
