"""The fast exact engine agrees exactly with the generic brute force, and counts what
enumeration cannot."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werewolf_reference import consistent, solve_knowledge

from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.engines.counter import CountingEngine
from wooolf_solver.games.werewolf.model import WerewolfKnowledge, knowledge_of
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.posterior import WerewolfPosterior
from wooolf_solver.games.werewolf.record import GameRecord, read_record
from wooolf_solver.games.werewolf.review import review
from wooolf_solver.games.werewolf.rules import SEER_VARIANTS, Variants

DECKS = [
    (("cupid", 1), ("hunter", 1), ("villager", 1), ("werewolf", 1), ("witch", 1)),
    (("seer", 1), ("thief", 1), ("villager", 1), ("werewolf", 1)),
    (("defender", 1), ("piper", 1), ("seer", 1), ("village-idiot", 1), ("werewolf", 1)),
    (("cupid", 1), ("elder", 1), ("scapegoat", 1), ("seer", 1), ("werewolf", 2)),
    (("cupid", 1), ("thief", 1), ("werewolf", 1), ("witch", 1)),
    (("little-girl", 1), ("seer", 1), ("villager", 2), ("werewolf", 1)),
    (("villager", 3), ("werewolf", 2)),
    (("seer", 1), ("villager", 2), ("werewolf", 1), ("witch", 1)),
]


def agree(knowledge: WerewolfKnowledge) -> None:
    """The counter's exact tally gives brute force's exact answers (or none, both)."""
    engine = CountingEngine()
    assert engine.consistent(knowledge) == consistent(knowledge)
    tally = engine.tally(knowledge)
    if not consistent(knowledge):
        assert tally.deals == 0
        return
    reference = solve_knowledge(knowledge)
    assert tally.deals == reference.tally.deals and tally.total == reference.tally.total
    ours = WerewolfPosterior(knowledge, tally)
    assert ours.answers() == reference.answers()
    assert all(isinstance(p, Fraction) for p in ours.lying.values())


def record(roles: dict[str, int], **fields: Any) -> GameRecord:
    return read_record(
        {"game": "werewolf", "players": sum(roles.values()), "roles": roles, **fields}
    )


HAND = [
    record({"thief": 1, "werewolf": 2}, viewpoint=1, cards={1: "werewolf"},
           events=[{"night": 1}, {"seat": 1, "takes": "werewolf"}]),
    record({"thief": 1, "werewolf": 1, "villager": 1}, viewpoint=2, cards={2: "villager"}),
    record({"werewolf": 1, "cupid": 1, "villager": 2}, rules={"reveal": False},
           events=[{"night": 1}, {"dawn": 1, "dead": [2, 3]}, {"sheriff": 1}]),
    record({"werewolf": 1, "cupid": 1, "villager": 1}, rules={"reveal": False},
           events=[{"night": 1}, {"dawn": 1, "dead": [3]}, {"sheriff": 1}]),
    record({"werewolf": 1, "villager": 3}, rules={"reveal": False, "parity": True},
           events=[{"night": 1}, {"dawn": 1, "dead": [2]},
                   {"day": 1, "votes": {1: 3, 4: 3}, "lynched": 3}, {"night": 2}]),
    record({"werewolf": 1, "seer": 1, "villager": 1}, viewpoint=1, cards={1: "villager"},
           model={"village_lies": "1/10"},
           events=[{"night": 1}, {"dawn": 1},
                   {"seat": 2, "claims": "seer", "checked": {3: "werewolf"}},
                   {"seat": 3, "claims": "seer", "checked": {2: "werewolf"}}]),
    record({"werewolf": 1, "seer": 1, "villager": 2}, viewpoint=4, cards={4: "villager"},
           model={"village_lies": "2/3"}, rules={"seer": "alignment"},
           events=[{"night": 1}, {"dawn": 1},
                   {"seat": 2, "claims": "seer", "checked": {3: "werewolf"}},
                   {"seat": 2, "claims": "seer", "checked": {1: "not"}}]),
    record({"werewolf": 1, "piper": 1, "villager": 2}, viewpoint=2, cards={2: "villager"},
           events=[{"night": 1}, {"seat": 2, "charmed": [2, 3]}]),
    record({"werewolf": 1, "cupid": 1, "villager": 2}, viewpoint=2, cards={2: "villager"},
           events=[{"night": 1}, {"seat": 2, "lovers": [2, 3]}]),
    record({"werewolf": 2, "villager": 2}, viewpoint=1, cards={1: "werewolf"},
           events=[{"night": 1}, {"seat": 1, "wolves": [1, 3]}]),
    record({"werewolf": 1, "villager": 1, "witch": 1}, rules={"reveal": False},
           events=[{"night": 1}, {"dawn": 1, "dead": [1, 2, 3]}, {"day": 1, "lynched": None}]),
    record({"thief": 1, "cupid": 1, "witch": 1, "werewolf": 1}, rules={"reveal": False},
           events=[{"night": 1}, {"dawn": 1, "dead": [2]}, {"sheriff": 1}]),
]  # fmt: skip


@pytest.mark.parametrize("number", range(len(HAND)))
def test_the_counter_agrees_on_the_readings(number: int) -> None:
    agree(knowledge_of(HAND[number]))


@settings(max_examples=20)
@given(
    deck=st.sampled_from(DECKS),
    seed=st.integers(0, 2**32),
    reveal=st.booleans(),
    seer=st.sampled_from(SEER_VARIANTS),
    parity=st.booleans(),
)
def test_the_counter_agrees_on_played_games(
    deck: tuple[tuple[str, int], ...], seed: int, reveal: bool, seer: str, parity: bool
) -> None:
    bot = RandomBot(random.Random(seed), unanimous=seed % 2 == 0, claims=0.5)
    variants = Variants(reveal, seer, parity)  # type: ignore[arg-type]
    game = play_game(deck, bot, random.Random(seed), variants).record
    for seat in (None, *game.seats):
        agree(knowledge_of(game.view(seat)))


def test_the_counter_is_the_default_engine_and_gives_the_spec_json() -> None:
    game = play_game(DECKS[0], RandomBot(random.Random(5), claims=0.5), random.Random(5)).record
    view = game.view(2)
    ours = GAME.solve(view).to_dict()
    assert ours == GAME.solve(view, "brute").to_dict()
    assert set(ours) == {"consistent", "worlds", "roles", "werewolf", "lying", "lynch", "speech"}
    assert CountingEngine().consistent(knowledge_of(view))


ALL_ROLES = (
    ("cupid", 1), ("defender", 1), ("elder", 1), ("hunter", 1), ("little-girl", 1),
    ("piper", 1), ("scapegoat", 1), ("seer", 1), ("thief", 1), ("village-idiot", 1),
    ("villager", 3), ("werewolf", 4), ("witch", 1),
)  # fmt: skip


def test_eighteen_players_eleven_roles_are_counted() -> None:
    game = play_game(ALL_ROLES, RandomBot(random.Random(3), claims=0.3), random.Random(3)).record
    view = replace(game.view(3), events=game.view(3).events[:10])
    posterior = GAME.solve(view)
    out = posterior.to_dict()
    assert out["worlds"] > 10**9  # far beyond enumeration
    for roles in out["roles"].values():
        assert sum(roles.values()) == pytest.approx(1.0)
    truth = dict(game.cards)
    for seat, roles in out["roles"].items():
        assert roles.get(truth[int(seat)], 0) > 0


def test_a_big_game_is_reviewed() -> None:
    outcome = play_game(ALL_ROLES, RandomBot(random.Random(4), claims=0.3), random.Random(4))
    report = review(outcome.record)
    assert report.winner == outcome.winner and len(report.days) == outcome.days
    for day in report.days:
        for ballot in day.ballots:
            assert 0 <= ballot.werewolf <= 1 and 0 <= ballot.best_werewolf <= 1
            if ballot.target != ballot.voter:
                assert 0 <= ballot.score <= ballot.best_score
