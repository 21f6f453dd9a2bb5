"""Every engine gives the same exact posterior under each speech model, on played games
with more talk added: village lies, a seat claiming again and again, roles off the deck,
claims no honest player could make."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werewolf_reference import answers, solve_knowledge

from wooolf_solver.core.conflict import minimal_conflict
from wooolf_solver.core.speech import SPEECH_MODELS
from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.model import knowledge_of
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import GameRecord, read_record
from wooolf_solver.games.werewolf.rules import SEER_VARIANTS, Variants

DECKS = [
    (("seer", 1), ("villager", 2), ("werewolf", 1)),
    (("cupid", 1), ("hunter", 1), ("villager", 1), ("werewolf", 1), ("witch", 1)),
    (("seer", 1), ("thief", 1), ("villager", 1), ("werewolf", 1)),
    (("defender", 1), ("piper", 1), ("seer", 1), ("village-idiot", 1), ("werewolf", 1)),
    (("seer", 1), ("villager", 2), ("werewolf", 2)),
    (("little-girl", 1), ("seer", 1), ("villager", 2), ("werewolf", 1)),
]
SAID = ("seer", "seer", "villager", "werewolf", "witch", "hunter", "thief", "piper")
"""The roles the added claims name: in some decks, off others, one nobody plays."""
ANSWERS = ("villager", "werewolf", "seer", "hunter")
"""What the added claims' checks say (under ``seer: alignment``: werewolf or not)."""
NO = Fraction(0)
LIES = (NO, Fraction(1, 10), Fraction(2, 3))

Extra = tuple[int, int, str, tuple[tuple[int, int], ...]]
"""An added claim: which dawn, which living seat, the role, the checks (seat, answer)."""

extra_claims = st.lists(
    st.tuples(
        st.integers(0, 3),
        st.integers(0, 2),  # few seats, so a seat often claims again
        st.sampled_from(SAID),
        st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), max_size=2).map(tuple),
    ),
    max_size=4,
)


def talk(record: GameRecord, extra: list[Extra], speech: str, lies: Fraction) -> GameRecord:
    """``record`` read by ``speech`` with ``lies``, each ``extra`` claim said right after
    its dawn (by a seat alive then)."""
    data = record.to_dict()
    events: list[Any] = data["events"]
    dawns = [n for n, event in enumerate(events) if "dawn" in event]
    alignment = record.variants.seer == "alignment"
    said: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
    for pick, who, role, checks in extra if dawns else []:
        at = dawns[pick % len(dawns)]
        living = record.alive_after(at + 1)
        if not living:
            continue
        claim: dict[str, Any] = {"seat": living[who % len(living)], "claims": role}
        if checks:
            claim["checked"] = {
                1 + j % record.players: ("werewolf", "not")[x % 2] if alignment else ANSWERS[x]
                for j, x in checks
            }
        said[at].append(claim)
    for at in sorted(said, reverse=True):
        events[at + 1 : at + 1] = said[at]
    model = {"speech": speech, "village_lies": str(lies)}
    return read_record({**data, "model": model})


def played(deck: Any, seed: int, seer: str, reveal: bool = True) -> GameRecord:
    bot = RandomBot(random.Random(seed), unanimous=seed % 2 == 0, claims=0.5)
    variants = Variants(reveal, seer)  # type: ignore[arg-type]
    return play_game(deck, bot, random.Random(seed), variants).record


def views(record: GameRecord) -> list[GameRecord]:
    return [record.view(None), record.view(1), record.view(2)]


@settings(max_examples=40, deadline=None)
@given(
    deck=st.sampled_from(DECKS),
    seed=st.integers(0, 2**32),
    seer=st.sampled_from(SEER_VARIANTS),
    reveal=st.booleans(),
    speech=st.sampled_from(SPEECH_MODELS),
    lies=st.sampled_from(LIES),
    extra=extra_claims,
)
def test_the_counter_and_brute_force_agree_exactly(
    *,
    deck: Any,
    seed: int,
    seer: str,
    reveal: bool,
    speech: str,
    lies: Fraction,
    extra: list[Extra],
) -> None:
    record = talk(played(deck, seed, seer, reveal), extra, speech, lies)
    for view in views(record):
        assert answers(view, "fast") == answers(view)


@settings(max_examples=12, deadline=None)
@given(
    deck=st.sampled_from(DECKS[:3]),
    seed=st.integers(0, 2**32),
    seer=st.sampled_from(SEER_VARIANTS),
    speech=st.sampled_from(SPEECH_MODELS),
    lies=st.sampled_from(LIES),
    extra=extra_claims,
)
def test_the_generic_csp_engine_agrees(
    *, deck: Any, seed: int, seer: str, speech: str, lies: Fraction, extra: list[Extra]
) -> None:
    record = talk(played(deck, seed, seer), extra, speech, lies)
    for view in views(record)[:2]:
        assert answers(view, "csp") == answers(view)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(
    deck=st.sampled_from(DECKS[:1]),
    seed=st.integers(0, 2**32),
    speech=st.sampled_from(SPEECH_MODELS),
    lies=st.sampled_from(LIES),
    extra=extra_claims,
)
def test_cpsat_agrees(
    *, deck: Any, seed: int, speech: str, lies: Fraction, extra: list[Extra]
) -> None:
    record = talk(played(deck, seed, "card"), extra, speech, lies)
    view = record.view(1)
    assert answers(view, "cpsat") == answers(view)


def test_a_repeated_story_is_priced_once() -> None:
    # seat 4 says the same twice, then adds an answer: only the new answer costs again
    base = read_record(
        {
            "game": "werewolf",
            "players": 9,
            "roles": {"werewolf": 2, "seer": 1, "villager": 6},
            "events": [{"night": 1}, {"dawn": 1, "dead": [9], "cards": {9: "villager"}}],
        }
    )
    once = talk(base, [(0, 3, "seer", ((6, 0),))], "mimic", NO)
    twice = talk(base, [(0, 3, "seer", ((6, 0),))] * 2, "mimic", NO)
    more = talk(base, [(0, 3, "seer", ((6, 0),)), (0, 3, "seer", ((6, 0), (1, 0)))], "mimic", NO)
    assert [e.to_dict() for e in twice.events[2:]] == [{"seat": 4, "claims": "seer",
        "checked": {7: "villager"}}] * 2  # fmt: skip
    p = {name: solve_knowledge(knowledge_of(r)).werewolf[4] for name, r in
         (("once", once), ("twice", twice), ("more", more))}  # fmt: skip
    assert p["once"] == p["twice"] == Fraction(14, 59)
    # "and 2 is a villager": 10 deals for the seer, 42 for a werewolf at 1/27
    assert p["more"] == Fraction(42, 27) / (Fraction(42, 27) + 10) == Fraction(7, 52)


def test_the_worked_figure_under_mixed() -> None:
    # docs/speech.md: the seer claim weighs (1/9 + 1/3) / 2 = 2/9 for a werewolf (mimic's
    # 1/3 · 1/3, and 1/3 for the seer's three answers among the stories with one check)
    base = read_record(
        {
            "game": "werewolf",
            "players": 9,
            "roles": {"werewolf": 2, "seer": 1, "villager": 6},
            "events": [{"night": 1}, {"dawn": 1, "dead": [9], "cards": {9: "villager"}}],
        }
    )
    said = talk(base, [(0, 3, "seer", ((6, 0),))], "mixed", NO)
    found = solve_knowledge(knowledge_of(said)).werewolf[4]
    assert found == 42 * Fraction(2, 9) / (42 * Fraction(2, 9) + 15) == Fraction(28, 73)


@settings(max_examples=25, deadline=None)
@given(
    deck=st.sampled_from(DECKS),
    seed=st.integers(0, 2**32),
    seer=st.sampled_from(SEER_VARIANTS),
    lies=st.sampled_from(LIES),
    extra=extra_claims,
)
def test_both_models_allow_the_same_worlds(
    *, deck: Any, seed: int, seer: str, lies: Fraction, extra: list[Extra]
) -> None:
    # a story's chance is never 0: the models weigh the same worlds differently, no more
    game = played(deck, seed, seer)
    free, mimic = (talk(game, extra, speech, lies) for speech in ("free", "mimic"))
    for one, other in zip(views(free), views(mimic), strict=True):
        a, b = answers(one, "fast"), answers(other, "fast")
        if a is None or b is None:
            assert a is b is None
            found = [minimal_conflict(knowledge_of(v), GAME.engine()) for v in (one, other)]
            assert found[0] == found[1]
            continue
        assert a["worlds"] == b["worlds"]
        for seat, roles in a["roles"].items():
            assert roles.keys() == b["roles"][seat].keys()  # the roles of non-zero chance
        assert (a["speech"], b["speech"]) == ("free", "mimic")
