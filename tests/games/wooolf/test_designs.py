"""The counter on the family of made-up decks of every shape (:mod:`.designs`).

- The family is seeded (the same decks and rounds every time), its decks load, and
  its shapes are all there: 9 to 12 players, neutral hands, three-copy characters,
  characters with several icons, made-up characters and liars, up to 12 events, the
  view of every identity dealt.
- On its rounds, with hands revealed until brute force is quick, the counter agrees
  with brute force (deals exactly; total, roles and decision weights to 1e-9) on its
  sparse passes and its default ones, the sparse joint of decision and hand agrees
  with the dense one, and the native hint on the sparse joint agrees with the naive
  hint on brute force.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import free_deals
from test_counter_scale import BRUTE, SPARSE, assert_same_joint, assert_same_tally
from test_hints import assert_agrees_with_brute

from wooolf_solver import Round
from wooolf_solver.games.wooolf.designs import MAX_EVENTS, Play, design, family
from wooolf_solver.games.wooolf.engines import counter
from wooolf_solver.games.wooolf.engines.counter import CountingEngine
from wooolf_solver.games.wooolf.model import knowledge_of

SEEDS = 200
"""The seeds the shape checks look at."""


@pytest.fixture(scope="module")
def directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("designs")


def revealed(play: Play, max_deals: int) -> dict[str, Any]:
    """``play``'s record with other hands known, seat after seat, until brute force
    visits at most ``max_deals`` type-level deals."""
    record = dict(play.record)
    setup = Round.from_dict(record).setup
    hands = dict(record["hands"])
    for seat in sorted(play.deal, key=lambda seat: (seat * 7) % len(play.deal)):
        known = {s: play.deal[s] for s in hands}
        if free_deals(setup, known) <= max_deals:
            break
        hands.setdefault(seat, [card.name for card in play.deal[seat]])
    return {**record, "hands": hands}


def test_the_family_is_seeded_and_has_every_shape(directory: Path) -> None:
    assert design(7) == design(7) and design(7) != design(8)
    shapes = [design(seed) for seed in range(SEEDS)]
    assert {shape.players for shape in shapes} == {9, 10, 11, 12}
    assert any(shape.neutral for shape in shapes)
    assert any(copies == 3 for shape in shapes for _, copies in shape.cards)
    several = [
        {card.split("/")[0].rstrip("?") for card, _ in shape.cards if "/" in card or "?" in card}
        for shape in shapes
    ]
    assert any(len(icons) >= 3 for icons in several)
    assert any(c.announces for shape in shapes for c in shape.characters)
    assert any(shape.question for shape in shapes)
    plays = list(family(directory, range(40)))
    assert {play.events for play in plays} >= {0, MAX_EVENTS}
    for seed in range(40):  # every identity dealt has its view
        mine = [play for play in plays if play.design.seed == seed]
        hands = mine[0].deal
        game = Round.from_dict(mine[0].record).game
        acting = [s for s in hands if s <= mine[0].record["players"]]
        assert {play.identity for play in mine} == {game.identity(hands[s]).name for s in acting}
    assert [p.record for p in family(directory, [3])] == [
        p.record for p in plays if p.design.seed == 3
    ]


@settings(max_examples=max(6, settings().max_examples // 2), deadline=None)
@given(seed=st.integers(0, 10**6), view=st.integers(0, 10))
def test_counter_agrees_with_brute_force_on_designs(directory: Path, seed: int, view: int) -> None:
    plays = list(family(directory, [seed]))
    record = revealed(plays[view % len(plays)], max_deals=2500)
    knowledge = knowledge_of(Round.from_dict(record))
    expected = BRUTE.tally(knowledge)
    for engine in (SPARSE, CountingEngine()):
        assert_same_tally(engine.tally(knowledge), expected)
    if expected.total > 0 and knowledge.targets:
        assert_same_joint(knowledge)


@settings(max_examples=max(4, settings().max_examples // 4), deadline=None)
@given(seed=st.integers(0, 10**6), view=st.integers(0, 10))
def test_sparse_hint_agrees_with_brute_force_on_designs(
    directory: Path, seed: int, view: int
) -> None:
    plays = list(family(directory, [seed]))
    record = revealed(plays[view % len(plays)], max_deals=800)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(counter, "DENSE_CODES", 0)  # the native hint on the sparse joint
        assert_agrees_with_brute(record)
