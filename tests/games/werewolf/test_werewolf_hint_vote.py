"""Werewolf's ``hint`` and ``vote``: the seer's checks scored by what they teach, checked
against a brute-force recomputation on games the lab's bots play (the counter's walk
and the naive twin alike); the ballots ranked as the review's judge ranks them, by every
engine; the library, the command line and the JSON agree."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from math import log2
from pathlib import Path

import pytest
from helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st
from werewolf_reference import weight

from wooolf_solver import api
from wooolf_solver.core.errors import InvalidRecordError
from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.hints import NightHint, hint
from wooolf_solver.games.werewolf.model import knowledge_of, sees
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.posterior import solve
from wooolf_solver.games.werewolf.record import GameRecord
from wooolf_solver.games.werewolf.rules import SEER_VARIANTS, WEREWOLF, Variants
from wooolf_solver.games.werewolf.vote import VoteAdvice, vote

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "werewolf"
SEER_DECKS = [
    (("seer", 1), ("villager", 2), ("werewolf", 1)),
    (("seer", 1), ("thief", 1), ("villager", 1), ("werewolf", 1)),
    (("cupid", 1), ("seer", 1), ("witch", 1), ("werewolf", 1)),
    (("hunter", 1), ("seer", 1), ("villager", 2), ("werewolf", 2)),
    (("defender", 1), ("piper", 1), ("seer", 1), ("village-idiot", 1), ("werewolf", 1)),
]
"""Small decks with a seer, whose every world the brute force visits quickly."""


def entropy(weights: dict[object, int]) -> float:
    total = sum(weights.values())
    return -sum(w / total * log2(w / total) for w in weights.values() if w)


def recomputed(record: GameRecord) -> dict[int, tuple[float, dict[str, Fraction]]]:
    """Each check's gain and outcome chances, every world visited here: ``H(D) − Σ_o
    P(o)·H(D | o)``, ``D`` the living werewolves, ``o`` what the seer sees."""
    knowledge = knowledge_of(record)
    alignment = record.variants.seer == "alignment"
    targets = [s for s in knowledge.living if s != record.viewpoint]
    joint: dict[int, dict[str, dict[frozenset[int], int]]] = {
        s: defaultdict(lambda: defaultdict(int)) for s in targets
    }
    for world in knowledge.space.worlds():
        mass = weight(knowledge, world)
        if not mass:
            continue
        d = frozenset(s for s in knowledge.living if knowledge.role(world, s) == WEREWOLF)
        for s in targets:
            joint[s][sees(knowledge.role(world, s), alignment)][d] += mass
    out = {}
    for s, per in joint.items():
        by_d: dict[object, int] = defaultdict(int)
        for weights in per.values():
            for d, mass in weights.items():
                by_d[d] += mass
        total = sum(by_d.values())
        after = sum(sum(w.values()) / total * entropy(dict(w)) for w in per.values())
        chances = {o: Fraction(sum(w.values()), total) for o, w in per.items()}
        out[s] = (entropy(by_d) - after, chances)
    return out


def seer_views(deck: tuple[tuple[str, int], ...], seed: int, seer: str) -> list[GameRecord]:
    """The living seer's view of a played game after each public event."""
    bot = RandomBot(random.Random(seed), claims=0.5)
    variants = Variants(True, seer, False)  # type: ignore[arg-type]
    record = play_game(deck, bot, random.Random(seed + 1), variants).record
    seat = next((s for s, role in record.cards if role == "seer"), None)
    views: list[GameRecord] = []
    if seat is None:  # the thief took the seer's card
        return views
    for cut in range(1, len(record.events) + 1):
        view = replace(record, events=record.events[:cut]).view(seat)
        if seat in view.alive_after() and view.events[-1].public:
            views.append(view)
    return views


def same_figures(found: NightHint, expected: dict[int, tuple[float, dict[str, Fraction]]]) -> None:
    assert {option.target for option in found.options} == set(expected)
    for option in found.options:
        gain, chances = expected[option.target]
        assert option.gain_bits == pytest.approx(gain, abs=1e-9)
        assert dict(option.outcomes) == chances
    gains = [option.gain_bits for option in found.options]
    assert gains == sorted(gains, key=lambda g: -round(g, 9))


def close(one: NightHint, other: NightHint) -> None:
    """The same checks in the same order, the same chances, gains equal up to rounding."""
    assert [o.target for o in one.options] == [o.target for o in other.options]
    for mine, theirs in zip(one.options, other.options, strict=True):
        assert mine.outcomes == theirs.outcomes
        assert mine.gain_bits == pytest.approx(theirs.gain_bits, abs=1e-9)


@settings(max_examples=12, deadline=None)
@given(
    deck=st.sampled_from(SEER_DECKS),
    seed=st.integers(0, 2**32),
    seer=st.sampled_from(SEER_VARIANTS),
)
def test_the_hint_equals_a_brute_force_recomputation_on_played_games(
    deck: tuple[tuple[str, int], ...], seed: int, seer: str
) -> None:
    for view in seer_views(deck, seed, seer):
        expected = recomputed(view)
        counted = hint(view)
        same_figures(counted, expected)
        naive = GAME.hint(view, naive=True)
        same_figures(naive, expected)
        close(naive, counted)


@settings(max_examples=8, deadline=None)
@given(deck=st.sampled_from(SEER_DECKS), seed=st.integers(0, 2**32))
def test_vote_ranks_as_the_review_judges_by_every_engine(
    deck: tuple[tuple[str, int], ...], seed: int
) -> None:
    bot = RandomBot(random.Random(seed), claims=0.5)
    record = play_game(deck, bot, random.Random(seed + 1)).record
    for seat in record.alive_after(len(record.events) - 1):
        view = replace(record, events=record.events[:-1]).view(seat)
        if seat not in view.alive_after() or seat in view.mute_after():
            continue
        advice = GAME.vote(view)
        assert [(b.ballot, b.score) for b in advice.ballots] == solve(view).lynch
        for engine in ("brute", "csp"):
            assert GAME.vote(view, engine) == advice
        if advice.goal == "werewolves" and len(advice.ballots) > 1:
            pack = {b.ballot for b in advice.ballots if b.werewolf == 1}
            assert advice.ballots[0].ballot not in pack or len(pack) == len(advice.ballots)


def test_a_werewolf_never_names_its_packmate_first() -> None:
    advice = api.vote(EXAMPLES / "wolf-view-9p.yaml")
    assert isinstance(advice, VoteAdvice)
    assert advice.goal == "werewolves"
    assert advice.ballots[0].ballot == 4 and advice.ballots[-1].ballot == 6
    assert advice.to_dict()["ballots"][-1] == {"ballot": 6, "werewolf": 1.0, "worth": 0.0}


def test_the_public_votes_for_the_village() -> None:
    advice = vote(api.read(EXAMPLES / "seer-claim-9p.yaml"))
    assert advice.viewpoint is None and advice.goal == "village"
    assert list(advice.to_dict()) == ["goal", "ballots", "speech"]


def test_a_viewpoint_without_a_night_action_gets_a_note_not_an_error() -> None:
    found = api.hint(EXAMPLES / "hunter-view-10p.yaml")
    assert isinstance(found, NightHint)
    assert found.options == () and "only the seer's check" in found.note
    assert found.to_dict()["options"] == [] and found.to_dict()["role"] == "hunter"


def test_refusals_are_one_line() -> None:
    with pytest.raises(InvalidRecordError, match="needs a viewpoint"):
        api.hint(EXAMPLES / "seer-claim-9p.yaml")
    data = {
        "game": "werewolf", "players": 4, "roles": {"werewolf": 1, "seer": 1, "villager": 2},
        "viewpoint": 2, "cards": {2: "seer"}, "events": [{"night": 1}, {"dawn": 1, "dead": [2]}],
    }  # fmt: skip
    with pytest.raises(InvalidRecordError, match="seat 2 is dead"):
        api.vote(data)
    with pytest.raises(InvalidRecordError, match="seat 2 is dead"):
        api.hint(data)


@pytest.mark.parametrize(
    ("verb", "path"), [("hint", "seer-night-9p.yaml"), ("vote", "wolf-view-9p.yaml")]
)
def test_the_json_is_the_library_s_to_dict(
    verb: str, path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, verb, str(EXAMPLES / path), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == getattr(api, verb)(EXAMPLES / path).to_dict()


def test_the_hint_engines_agree_on_the_example() -> None:
    record = api.read(EXAMPLES / "seer-night-9p.yaml")
    counted = GAME.hint(record)
    for engine in ("brute", "csp", "cpsat"):
        other = GAME.hint(record, engine)
        assert [o.target for o in other.options] == [o.target for o in counted.options]
        close(other, counted)
    assert counted.options[0].target == 1
