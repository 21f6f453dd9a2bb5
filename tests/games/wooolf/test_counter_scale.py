"""The counter on designer decks of 9 to 12 players: the sparse labelled passes.

Made-up decks (:func:`deck_text`: a character with three copies, the wolf; a character
with several icons, the piglet; two or three cards a hand) are dealt, and records
are played from the deal as a table would (truthful announcements and answers).

- With hands revealed until brute force is quick, the counter agrees with it
  (deals exactly; total, roles and decision weights to 1e-9), on its sparse passes
  (``dense_codes=0``) and on the default ones.
- With more free seats (no brute force), the sparse passes agree with the dense
  ones: the decision and every seat's joint of decision and hand.
- The native hint on the sparse joint agrees with the naive hint on brute force, and
  its declaration table (built with bit masks) is :meth:`DeclarationTable.of`'s.
- A table too big for the memory budget is refused up front, in one line.
"""

from __future__ import annotations

import json
import math
import pickle
import random
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import free_deals
from test_hints import assert_agrees_with_brute

from wooolf_solver import Round
from wooolf_solver.cli import main
from wooolf_solver.core import budget
from wooolf_solver.engines import Tally
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.games.wooolf.engines import counter
from wooolf_solver.games.wooolf.engines.counter import CountingEngine, TooLargeError
from wooolf_solver.games.wooolf.engines.memo import MEMOS, sharing
from wooolf_solver.games.wooolf.hints import SparseDeclarations
from wooolf_solver.games.wooolf.model import RoundKnowledge, knowledge_of
from wooolf_solver.games.wooolf.posterior import DeclarationTable
from wooolf_solver.games.wooolf.rules import Hand, Rules, Seat, Setup, base_rules, load_deck
from wooolf_solver.lab.executors import WithBudget

REL = 1e-9
BRUTE = BruteForceEngine()
SPARSE = CountingEngine(dense_codes=0)
DENSE = CountingEngine(dense_codes=10**15)
PLAYERS = (9, 10, 11, 12)

Record = dict[str, Any]


def deck_text(players: int, hand_size: int = 2, neutral: int = 0) -> str:
    """A designer's deck file for ``players`` players: three wolves (one hidden), a
    piglet with three faces (its own icon, a sheep's, none), hunters and hounds with
    and without icons, a hidden shepherd, and sheep for the rest."""
    cards = {
        "wolf": 2,
        "wolf?": 1,
        "shepherd?": 1,
        "hunter": 1 + (players >= 11),
        "hunter?": 1,
        "hound": 2,
        "hound?": 1,
        "piglet": 1,
        "piglet/sheep": 1,
        "piglet?": 1,
    }
    cards["sheep"] = hand_size * (players + neutral) - sum(cards.values())
    listed = ", ".join(f'"{name}" = {copies}' for name, copies in cards.items())
    return f"""# made up for the scale tests: {players} players, {hand_size} cards a hand
game = "wooolf"
hand_size = {hand_size}

[characters.sheep]
value = 0
targets = ["hound", "hunter"]

[characters.piglet]
value = 1
targets = ["wolf", "shepherd"]

[editions.made-up]
title = "Made up, {players} players"

[[editions.made-up.rows]]
players = [{players}]
neutral = {neutral}
cards = {{ {listed} }}
"""


def write_deck(directory: Path, players: int, hand_size: int = 2, neutral: int = 0) -> Path:
    """The deck file, written once in ``directory``."""
    path = directory / f"made-up-{players}p-{hand_size}c-{neutral}n.toml"
    if not path.exists():
        path.write_text(deck_text(players, hand_size, neutral), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    directory = tmp_path_factory.mktemp("decks")
    return lambda *args: write_deck(directory, *args)


def play(
    rng: random.Random,
    game: Rules,
    setup: Setup,
    path: Path,
    *,
    events: int,
    max_deals: int | None,
) -> Record:
    """A record played from a shuffled deal: the viewpoint's hand known, and others
    revealed until brute force visits at most ``max_deals`` type-level deals."""
    size = game.hand_size
    cards = [card for card, copies in setup.cards for _ in range(copies)]
    rng.shuffle(cards)
    seats = list(range(1, setup.seats + 1))
    deal: dict[Seat, Hand] = {
        seat: tuple(sorted(cards[size * (seat - 1) : size * seat])) for seat in seats
    }
    acting = [seat for seat in seats if not setup.is_neutral(seat)]
    viewpoint = rng.choice(acting)
    known = [viewpoint]
    others = [seat for seat in seats if seat != viewpoint]
    rng.shuffle(others)
    for seat in others:
        if max_deals is None or free_deals(setup, {s: deal[s] for s in known}, size) <= max_deals:
            break
        known.append(seat)
    played: list[dict[str, Any]] = []
    for turn in range(events):
        seat = acting[turn % len(acting)]
        if rng.random() < 0.6:
            target = rng.choice([s for s in seats if s != seat])
            card = rng.choice(deal[target])
            if seat == viewpoint:
                played.append({"seat": seat, "peek": target, "sees": card.name})
            else:
                says = game.announcement(game.identity(deal[seat]), card)
                played.append({"seat": seat, "peek": target, "says": says})
        else:
            target = rng.choice([s for s in acting if s != seat])
            question = rng.choice(sorted(game.questions))
            yes = game.answer(game.questions[question], deal[target])
            answer = "yes" if yes else "no"
            played.append({"seat": seat, "ask": target, "question": question, "answer": answer})
    return {
        "game": "wooolf",
        "edition": str(path),
        "players": setup.players,
        "viewpoint": viewpoint,
        "hands": {seat: [card.name for card in deal[seat]] for seat in sorted(known)},
        "events": played,
    }


def made_up_record(
    decks: Callable[..., Path],
    seed: int,
    players: int,
    hand_size: int = 2,
    *,
    events: int = 8,
    max_deals: int | None = 2500,
) -> Record:
    """A record on the made-up deck for ``players`` players (see :func:`play`)."""
    path = decks(players, hand_size)
    game, edition = load_deck(path, base_rules())
    (setup,) = edition.rows
    return play(random.Random(seed), game, setup, path, events=events, max_deals=max_deals)


def made_up_round(
    decks: Callable[..., Path], seed: int, players: int, *args: Any, **options: Any
) -> Round:
    return Round.from_dict(made_up_record(decks, seed, players, *args, **options))


def close(got: float, expected: float) -> bool:
    return math.isclose(got, expected, rel_tol=REL, abs_tol=0.0)


def assert_weights(got: Mapping[Any, float], expected: Mapping[Any, float], what: str) -> None:
    """Same keys with non-zero weight (exactly), same weights (1e-9 relative)."""
    support = {key for key, weight in expected.items() if weight > 0}
    assert {key for key, weight in got.items() if weight > 0} == support, what
    for key in support:
        assert close(got[key], expected[key]), f"{what} {key}: {got[key]} != {expected[key]}"


def assert_same_tally(got: Tally, expected: Tally) -> None:
    assert got.deals == expected.deals
    assert close(got.total, expected.total), (got.total, expected.total)
    for seat in set(got.roles) | set(expected.roles):
        assert_weights(got.roles.get(seat, {}), expected.roles.get(seat, {}), f"seat {seat}")
    assert_weights(got.decision, expected.decision, "decision")


def assert_same_joint(knowledge: RoundKnowledge) -> None:
    """The sparse joint of decision and hand is the dense one, seat by seat."""
    sparse, dense = SPARSE.decision_by_hand(knowledge), DENSE.decision_by_hand(knowledge)
    assert sparse.sparse and not dense.sparse
    assert set(sparse.decisions) == set(dense.decisions)
    order = [dense.decisions.index(decision) for decision in sparse.decisions]
    assert np.allclose(sparse.weights, dense.weights[order], rtol=REL, atol=0.0)
    assert sparse.by_hand.keys() == dense.by_hand.keys()
    for seat, joint in sparse.by_hand.items():
        expected = dense.by_hand[seat][:, order]
        assert ((joint > 0) == (expected > 0)).all(), seat
        assert np.allclose(joint, expected, rtol=REL, atol=0.0), seat
    assert_same_tally(sparse.tally, dense.tally)


# -- agreement with brute force ---------------------------------------------------------


@settings(max_examples=max(6, settings().max_examples // 2))
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from(PLAYERS),
    hand_size=st.sampled_from((2, 3)),
    events=st.integers(0, 10),
)
def test_counter_agrees_with_brute_force(
    decks: Callable[..., Path], seed: int, players: int, hand_size: int, events: int
) -> None:
    knowledge = knowledge_of(made_up_round(decks, seed, players, hand_size, events=events))
    expected = BRUTE.tally(knowledge)
    for engine in (SPARSE, CountingEngine()):
        assert_same_tally(engine.tally(knowledge), expected)
    if expected.total > 0 and knowledge.targets:
        assert_same_joint(knowledge)


@settings(max_examples=max(4, settings().max_examples // 4))
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from(PLAYERS))
def test_sparse_hint_agrees_with_brute_force(
    decks: Callable[..., Path], seed: int, players: int
) -> None:
    record = made_up_record(decks, seed, players, events=6, max_deals=800)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(counter, "DENSE_CODES", 0)  # the native hint on the sparse joint
        assert_agrees_with_brute(record)


# -- the sparse passes against the dense ones, more free seats -------------------------


@settings(max_examples=max(4, settings().max_examples // 4))
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from((9, 10)))
def test_sparse_passes_agree_with_the_dense_ones(
    decks: Callable[..., Path], seed: int, players: int
) -> None:
    knowledge = knowledge_of(made_up_round(decks, seed, players, max_deals=2_000_000))
    expected = DENSE.tally(knowledge)
    assert_same_tally(SPARSE.tally(knowledge), expected)
    if expected.total > 0 and knowledge.targets:
        assert_same_joint(knowledge)


def test_twelve_players_every_hand_hidden(decks: Callable[..., Path]) -> None:
    """12 players and only the viewpoint's hand known: the default counter takes the
    sparse passes, and its joint agrees with its tally."""
    for seed in range(2):
        round_ = made_up_round(decks, seed, 12, max_deals=None)
        knowledge = knowledge_of(round_)
        tally = CountingEngine().tally(knowledge)
        joint = CountingEngine().decision_by_hand(knowledge)
        assert joint.sparse
        assert_same_tally(joint.tally, tally)
        assert close(sum(tally.decision.values()), tally.total)


def test_the_sparse_declaration_table_is_the_table(decks: Callable[..., Path]) -> None:
    """The hints' table for the sparse joint, built with bit masks, is the table of
    :meth:`DeclarationTable.of`; its masses are the dense table's."""
    for seed, players in ((0, 10), (1, 12), (2, 11)):
        knowledge = knowledge_of(made_up_round(decks, seed, players, max_deals=None))
        joint = CountingEngine().decision_by_hand(knowledge)
        expected = DeclarationTable.of(knowledge, joint.decisions)
        sparse = SparseDeclarations.of(knowledge, joint.decisions)
        assert sparse.table.candidates == expected.candidates
        assert (sparse.table.right == expected.right).all()
        weights = np.random.default_rng(seed).random((3, len(joint.decisions)))
        assert np.allclose(sparse.mass_rows(weights), (expected.ones @ weights.T).T, rtol=REL)


# -- bounds -------------------------------------------------------------------------------


def test_a_small_budget_is_refused_in_one_line(decks: Callable[..., Path]) -> None:
    knowledge = knowledge_of(made_up_round(decks, 1, 12, max_deals=None))
    with pytest.raises(TooLargeError) as error:
        CountingEngine(max_memory=1 << 20).decision_by_hand(knowledge)
    message = str(error.value)
    assert "\n" not in message and message.startswith("too large to solve exactly: ")
    assert "1 MB" in message
    assert error.value.needed > error.value.budget == 1 << 20


def test_a_huge_deck_is_refused_up_front(tmp_path: Path) -> None:
    """Twenty characters of two cards each: ``3 ** 20`` multisets of cards, refused
    before the lattice is built."""
    names = [f"c{i:02d}" for i in range(20)]
    characters = "".join(
        f'[characters.{name}]\nvalue = {10 + i}\ntargets = ["{names[i - 1]}"]\n\n'
        for i, name in enumerate(names)
    )
    cards = ", ".join(f'"{name}" = 2' for name in names)
    path = tmp_path / "huge.toml"
    path.write_text(
        f'game = "wooolf"\n\n{characters}[editions.huge]\ntitle = "huge"\n\n'
        f"[[editions.huge.rows]]\nplayers = [20]\ncards = {{ {cards} }}\n",
        encoding="utf-8",
    )
    _, edition = load_deck(path, base_rules())
    (setup,) = edition.rows
    hand = (setup.cards[0][0], setup.cards[1][0])
    round_ = Round.from_dict(
        {
            "game": "wooolf",
            "edition": str(path),
            "players": 20,
            "viewpoint": 1,
            "hands": {1: [card.name for card in hand]},
            "events": [],
        }
    )
    start = time.perf_counter()
    with pytest.raises(TooLargeError, match="multisets of the free cards") as error:
        CountingEngine().tally(knowledge_of(round_))
    assert time.perf_counter() - start < 10  # refused from the estimate, not by counting
    assert "\n" not in str(error.value)


def huge_record(tmp_path: Path) -> Path:
    """A 20-player record of twenty two-card characters, as a file for the CLI."""
    names = [f"c{i:02d}" for i in range(20)]
    characters = "".join(
        f'[characters.{name}]\nvalue = {10 + i}\ntargets = ["{names[i - 1]}"]\n\n'
        for i, name in enumerate(names)
    )
    cards = ", ".join(f'"{name}" = 2' for name in names)
    deck = tmp_path / "huge.toml"
    deck.write_text(
        f'game = "wooolf"\n\n{characters}[editions.huge]\ntitle = "huge"\n\n'
        f"[[editions.huge.rows]]\nplayers = [20]\ncards = {{ {cards} }}\n",
        encoding="utf-8",
    )
    record = {
        "game": "wooolf",
        "edition": str(deck),
        "players": 20,
        "viewpoint": 1,
        "hands": {1: ["c00", "c01"]},
        "events": [],
    }
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.parametrize("verb", ["solve", "hint"])
def test_the_cli_refuses_a_huge_deck_in_one_line(
    verb: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = huge_record(tmp_path)
    start = time.perf_counter()
    assert main([verb, str(path)]) == 2
    assert time.perf_counter() - start < 10  # refused from the estimate, not by counting
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("wooolf: error: too large to solve exactly: ")
    assert err.count("\n") == 1 and "over the memory budget of 1 GB" in err


def test_max_memory_is_the_engine_budget(
    decks: Callable[..., Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "twelve.json"
    path.write_text(json.dumps(made_up_record(decks, 1, 12, max_deals=None)), encoding="utf-8")
    start = time.perf_counter()
    assert main(["hint", str(path), "--max-memory", "1MB"]) == 2
    assert time.perf_counter() - start < 10  # refused from the estimate, not by counting
    _, err = capsys.readouterr()
    assert err.startswith("wooolf: error: too large to solve exactly: ")
    assert "over the memory budget of 1 MB" in err and err.count("\n") == 1
    assert main(["solve", str(path), "--max-memory", "2GB", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["consistent"] is True


def test_max_memory_must_be_a_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "examples/worked-example.yaml", "--max-memory", "lots"]) == 2
    _, err = capsys.readouterr()
    assert "argument --max-memory: expected a size such as 500MB or 2GB, got 'lots'" in err


def test_a_worker_counts_under_its_parents_budget() -> None:
    task: WithBudget[None, int] = WithBudget(lambda _: budget.max_memory(), 500 << 20)
    assert task(None) == 500 << 20
    assert budget.max_memory() == budget.DEFAULT_MAX_MEMORY


def test_a_position_asked_again_shares_the_work() -> None:
    from wooolf_solver.games.wooolf.engines.solver import solve  # noqa: PLC0415
    from wooolf_solver.games.wooolf.hints import hint  # noqa: PLC0415

    record = {
        "game": "wooolf",
        "players": 6,
        "viewpoint": 2,
        "hands": {2: ["hunter", "sheep"]},
        "events": [{"seat": 1, "peek": 4, "says": "sheep"}],
    }
    first, again = Round.from_dict(record), Round.from_dict(record)
    assert solve(first) is not solve(again)  # outside the lab: nothing kept
    with sharing():
        assert hint(first) is hint(again)
        assert solve(first) is solve(again)
        outside = solve(first)
        with budget.memory_budget(500 << 20):  # another budget: computed under it
            inside = solve(first)
        assert inside is not outside and inside.roles == outside.roles
    assert all(not memo.entries for memo in MEMOS)


def test_a_workers_refusal_reaches_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    error = TooLargeError("192 multisets", 42 << 10, 1 << 10)
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.needed, again.budget) == (str(error), 42 << 10, 1 << 10)
    argv = ["simulate", "--players", "6", "--games", "2", "--workers", "2", "--max-memory", "1kB"]
    assert main(argv) == 2
    _, err = capsys.readouterr()
    assert "too large to solve exactly: " in err and "over the memory budget of 1 kB" in err
