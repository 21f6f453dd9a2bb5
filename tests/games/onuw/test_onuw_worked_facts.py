"""The worked facts of the ONUW contract (shared/spec/onuw.md), exact, and the
brute force (the generic engine on ONUW's space) checked against a naive twin and
every engine of the game."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product
from typing import Any

import pytest

from wooolf_solver.core.errors import InconsistentRecordError
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.games.onuw.engines import ENGINES, answers, find_engine
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.night import believed_card, night_options, play_night
from wooolf_solver.games.onuw.posterior import OnuwPosterior
from wooolf_solver.games.onuw.posterior import solve as solve_by
from wooolf_solver.games.onuw.record import DealRecord, read_record
from wooolf_solver.games.onuw.speech import Teller, story_chance
from wooolf_solver.games.onuw.win import wins


def night_weight(
    rec: DealRecord, dealt: list[str], night: Any, combo: tuple[tuple[Any, Fraction], ...]
) -> Fraction:
    """The weight of one deal and night, written out from the contract: the product of
    the choices' prior chances, and 0 when a claim of a seat that believes it is on
    the village team is false; a liar's claim weighs its story's chance under
    ``mimic`` (:func:`~.speech.story_chance`), 1 under ``free``."""
    weight = Fraction(1)
    for _, p in combo:
        weight *= p
    for claim in rec.claims:
        real = dealt[claim.seat - 1]
        true = real == claim.role and claim.entry.agrees_with(night.entries[claim.seat])
        belief = believed_card(rec.rules, real, claim.seat, night.entries[claim.seat])
        if rec.rules.team(belief) == "village":
            if not true:
                return Fraction(0)
        elif rec.model.speech == "mimic":
            weight *= story_chance(claim, Teller.of(rec))
    return weight


BASE: dict[str, Any] = {"game": "onuw", "edition": "table", "players": 3, "viewpoint": 1}


def record(card: str, night: dict[str, Any], **more: Any) -> DealRecord:
    return read_record({**BASE, "cards": {1: card}, "night": {1: night}, **more})


def solve(rec: DealRecord) -> OnuwPosterior:
    """The posterior by the brute force."""
    return solve_by(rec, "brute")


def test_robber_who_robbed_a_werewolf() -> None:
    solution = solve(record("robber", {"robbed": 2, "got": "werewolf"}))
    assert solution.dawn[1]["werewolf"] == Fraction(2, 3)
    assert solution.dawn[2]["werewolf"] == Fraction(1, 3)
    assert solution.no_werewolf == 0
    assert solution.dealt[2] == {"werewolf": 1}


def test_lone_werewolf_who_saw_the_other_werewolf() -> None:
    solution = solve(record("werewolf", {"wolves": [1], "centre": {"c1": "werewolf"}}))
    assert solution.dealt[4] == {"werewolf": 1}  # c1 is slot 4 at three players
    assert solution.dawn[1]["werewolf"] == Fraction(1, 3)


def test_seer_who_saw_robber_and_troublemaker_in_the_centre() -> None:
    solution = solve(record("seer", {"centre": {"c1": "robber", "c2": "troublemaker"}}))
    assert solution.dawn[2] == {"werewolf": 1}
    assert solution.dawn[3] == {"werewolf": 1}
    assert solution.win_if == {2: Fraction(1), 3: Fraction(1), None: Fraction(0)}
    out = solution.to_dict()
    assert out["win_if"] == {"2": 1.0, "3": 1.0, "nobody": 0.0}
    assert out["team"]["2"] == {"werewolf": 1.0}


def test_json_keys_and_order() -> None:
    out = solve(record("robber", {"robbed": 2, "got": "werewolf"})).to_dict()
    assert list(out) == [
        "consistent", "worlds", "dawn", "dealt", "team", "no_werewolf", "lying", "win_if",
        "speech",
    ]  # fmt: skip
    assert list(out["dawn"]) == ["1", "2", "3", "c1", "c2"]
    assert set(out["team"]) == {"1", "2", "3"}


def test_lying_claims_and_conflict() -> None:
    # Seat 2 is known to hold a werewolf (the robber saw it): its seer claim may be a lie.
    solution = solve(
        record(
            "robber",
            {"robbed": 2, "got": "werewolf"},
            claims=[{"seat": 2, "role": "seer"}, {"seat": 3, "role": "seer"}],
        )
    )
    assert solution.lying[2] == 1
    assert 0 < solution.lying[3] < 1
    # Two village-believers cannot both be the seer, and a seer cannot see itself.
    with pytest.raises(InconsistentRecordError) as bad:
        solve(record("seer", {"saw": {2: "troublemaker"}}, claims=[{"seat": 2, "role": "robber"}]))
    assert bad.value.conflict == ("night", 1)


def naive(rec: DealRecord) -> dict[int, dict[str, Fraction]]:
    """The contract's model written out directly: every physical deal (cards as
    distinct objects), every choice of the other players by the act prior, the
    viewpoint's own night as a fact, claims weighed by :func:`night_weight`."""
    rules, layout = rec.rules, rec.layout
    viewpoint = rec.viewpoint
    assert viewpoint is not None
    total = Fraction(0)
    dawn: dict[int, dict[str, Fraction]] = {slot: {} for slot in layout.slots}
    for order in set(permutations(range(len(rec.deck)))):
        dealt = [rec.deck[i] for i in order]
        if any(dealt[slot - 1] != role for slot, role in rec.cards.items()):
            continue
        options = []
        for seat in layout.seats:
            if seat == viewpoint:
                options.append([(rec.choices()[seat], Fraction(1))])
            else:
                choices = night_options(rules, layout, dealt, seat)
                options.append([(choice, Fraction(1, len(choices))) for choice in choices])
        for combo in product(*options):
            night = play_night(
                rules, layout, dealt, dict(zip(layout.seats, (c for c, _ in combo), strict=True))
            )
            if night.entries[viewpoint] != rec.night[viewpoint]:
                continue
            weight = night_weight(rec, dealt, night, combo)
            total += weight
            for slot in layout.slots:
                card = night.cards[slot - 1]
                dawn[slot][card] = dawn[slot].get(card, Fraction(0)) + weight
    return {
        slot: {card: w / total for card, w in sorted(d.items()) if w} for slot, d in dawn.items()
    }


CASES = [
    ("robber", {"robbed": 2, "got": "werewolf"}, []),
    ("robber", {}, [{"seat": 2, "role": "seer", "saw": {3: "werewolf"}}]),
    ("werewolf", {"wolves": [1], "centre": {"c1": "werewolf"}}, []),
    ("werewolf", {"wolves": [1, 3]}, [{"seat": 2, "role": "troublemaker", "swapped": [1, 3]}]),
    ("seer", {"saw": {2: "werewolf"}}, [{"seat": 3, "role": "robber"}]),
    ("troublemaker", {"swapped": [2, 3]}, [{"seat": 2, "role": "robber", "robbed": 1}]),
]


@pytest.mark.parametrize("speech", ["mimic", "free"])
@pytest.mark.parametrize(("card", "night", "claims"), CASES)
def test_brute_force_agrees_with_the_naive_twin(
    card: str, night: dict[str, Any], claims: list[dict[str, Any]], speech: str
) -> None:
    rec = record(card, night, claims=claims, model={"speech": speech})
    solution = solve(rec)
    expected = naive(rec)
    assert {
        slot: {c: p for c, p in d.items() if p} for slot, d in solution.dawn.items()
    } == expected


@pytest.mark.parametrize(("card", "night", "claims"), CASES[:4])
def test_every_engine_agrees_with_the_brute_force(
    card: str, night: dict[str, Any], claims: list[dict[str, Any]]
) -> None:
    knowledge = knowledge_of(record(card, night, claims=claims))
    expected = answers(BruteForceEngine().tally(knowledge))
    for name in ENGINES:
        assert answers(find_engine(name).tally(knowledge)) == expected, name


def test_win_rules_of_the_rules_page() -> None:
    rules = read_record({"game": "onuw", "players": 3}).rules
    # Werewolves at the table: the village wins when one dies.
    dawn = ("werewolf", "villager", "minion", "seer", "robber")
    assert wins(rules, 3, dawn, {1}, 2) and not wins(rules, 3, dawn, {1}, 3)
    assert wins(rules, 3, dawn, {3}, 3) and wins(rules, 3, dawn, {3}, 1)  # a dead minion
    # No werewolf at the table: the village wins if nobody dies; the minion if another dies.
    dawn = ("minion", "villager", "seer", "werewolf", "werewolf")
    assert wins(rules, 3, dawn, (), 2) and not wins(rules, 3, dawn, (), 1)
    assert wins(rules, 3, dawn, {2}, 1) and not wins(rules, 3, dawn, {1}, 1)
    assert not wins(rules, 3, dawn, {1}, 2)  # only the minion died: nobody of those wins
    # A dead tanner wins and stops the werewolf team; the village still wins with a wolf.
    dawn = ("tanner", "werewolf", "villager", "seer", "robber")
    assert wins(rules, 3, dawn, {1}, 1) and not wins(rules, 3, dawn, {1}, 2)
    assert wins(rules, 3, dawn, {1, 2}, 3)
