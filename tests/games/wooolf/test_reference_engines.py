"""The constraint-model engines (CP-SAT, python-constraint) against brute force."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wooolf_solver.core.conflict import minimal_conflict
from wooolf_solver.core.documents import parse_yaml
from wooolf_solver.core.posterior import Fact
from wooolf_solver.engines.base import Engine, Tally
from wooolf_solver.engines.brute import BruteForceEngine
from wooolf_solver.engines.cpsat import CpSatEngine as GenericCpSatEngine
from wooolf_solver.engines.csp import ConstraintEngine
from wooolf_solver.games.wooolf.engines.cpsat import CpSatEngine
from wooolf_solver.games.wooolf.model import RoundKnowledge, knowledge_of
from wooolf_solver.games.wooolf.posterior import RoundPosterior as Posterior
from wooolf_solver.games.wooolf.record import Round
from wooolf_solver.games.wooolf.rules import Hand, Seat, base_rules
from wooolf_solver.games.wooolf.table import deal

BRUTE = BruteForceEngine()
CPSAT = CpSatEngine()
GENERIC_CPSAT = GenericCpSatEngine()
CSP = ConstraintEngine()
ENGINES: list[Engine] = [CPSAT, GENERIC_CPSAT, CSP]
CORES = [CPSAT, GENERIC_CPSAT]
"""The two CP-SAT models: Wooolf!!'s own and the generic one."""


def engine_id(engine: Engine) -> str:
    generic = type(engine).__module__.startswith("wooolf_solver.engines")
    return f"{engine.name}-generic" if generic else engine.name


EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
WORKED = parse_yaml((EXAMPLES / "worked-example.yaml").read_text(encoding="utf-8"))
"""The worked example of shared/spec/record.md."""

EVERY_HAND = {
    1: ["wolf", "sheep"],
    2: ["hunter", "hound?"],
    3: ["shepherd?", "sheep"],
    4: ["hunter?", "hound"],
    5: ["sheep", "sheep"],
}
"""Every hand of a 4-player basic deal, the neutral hand's included."""

RECORDS: dict[str, dict[str, Any]] = {
    "worked example": WORKED,
    "four players, neutral hand": {
        "game": "wooolf",
        "players": 4,
        "viewpoint": 1,
        "hands": {1: ["hound", "sheep"]},
        "events": [
            {"seat": 1, "peek": 5, "sees": "sheep"},
            {"seat": 2, "peek": 5, "says": "?"},
            {"seat": 3, "ask": 2, "question": "has-sheep", "answer": "yes"},
            {"seat": 4, "peek": 3, "says": "hunter"},
            {"seat": 2, "peek": 4, "says": "wolf"},
        ],
    },
    "advanced edition": {
        "game": "wooolf",
        "edition": "advanced",
        "players": 5,
        "viewpoint": 3,
        "hands": {3: ["hunter/sheep", "sheep"]},
        "events": [
            {"seat": 1, "peek": 2, "says": "wolf"},
            {"seat": 2, "ask": 4, "question": "is-wolf-shepherd-hunter", "answer": "no"},
            {"seat": 3, "peek": 1, "sees": "hound/wolf"},
            {"seat": 4, "peek": 5, "says": "hound"},
            {"seat": 5, "ask": 1, "question": "has-hunter", "answer": "no"},
        ],
    },
    "advanced, shepherd viewpoint": {
        "game": "wooolf",
        "edition": "advanced",
        "players": 6,
        "viewpoint": 1,
        "hands": {1: ["shepherd/hunter", "sheep"], 4: ["hound", "sheep/hound"]},
        "events": [
            {"seat": 1, "peek": 2, "sees": "hound/wolf"},
            {"seat": 2, "peek": 1, "says": "hunter"},
            {"seat": 3, "peek": 5, "says": "sheep"},
            {"seat": 5, "ask": 6, "question": "is-sheep-shepherd-hunter", "answer": "yes"},
        ],
    },
    "shepherd's lie exposed": {
        "game": "wooolf",
        "players": 5,
        "viewpoint": 1,
        "hands": {1: ["wolf", "sheep"]},
        "events": [
            {"seat": 1, "peek": 2, "sees": "hound"},
            {"seat": 2, "peek": 3, "says": "hunter"},
            {"seat": 3, "peek": 4, "says": "wolf"},
            {"seat": 4, "ask": 5, "question": "has-sheep", "answer": "yes"},
            {"seat": 5, "peek": 2, "says": "?"},
        ],
    },
    "public, two hands known": {
        "game": "wooolf",
        "players": 5,
        "hands": {1: ["hunter?", "sheep"], 2: ["hound", "sheep"]},
        "events": [
            {"seat": 3, "peek": 4, "says": "wolf"},
            {"seat": 4, "ask": 3, "question": "is-wolf-shepherd-hunter", "answer": "yes"},
            {"seat": 5, "peek": 1, "says": "?"},
        ],
    },
    "every hand known": {
        "game": "wooolf",
        "players": 4,
        "viewpoint": 2,
        "hands": EVERY_HAND,
        "events": [
            {"seat": 3, "peek": 4, "says": "wolf"},
            {"seat": 1, "ask": 4, "question": "has-hound", "answer": "yes"},
        ],
    },
    "inconsistent": {
        "game": "wooolf",
        "players": 5,
        "viewpoint": 1,
        "hands": {1: ["hunter?", "sheep"]},
        "events": [
            {"seat": 1, "ask": 2, "question": "has-sheep", "answer": "no"},
            {"seat": 2, "peek": 4, "says": "hound"},
            {"seat": 3, "peek": 2, "says": "sheep"},
            {"seat": 4, "peek": 1, "says": "?"},
        ],
    },
    "inconsistent, two shepherds": {
        "game": "wooolf",
        "players": 5,
        "viewpoint": 1,
        "hands": {1: ["wolf", "sheep"]},
        "events": [
            {"seat": 2, "peek": 3, "says": "wolf"},
            {"seat": 3, "ask": 4, "question": "has-hound", "answer": "no"},
            {"seat": 4, "peek": 5, "says": "wolf"},
        ],
    },
    "inconsistent, every hand known": {
        "game": "wooolf",
        "players": 4,
        "hands": EVERY_HAND,
        "events": [
            {"seat": 2, "peek": 1, "says": "wolf"},
            {"seat": 1, "ask": 3, "question": "has-sheep", "answer": "no"},
        ],
    },
}

FOX_DECK = """
game = "wooolf"

# A second liar that outranks the wolf: it announces "hound" on any card without "?".
[characters.fox]
value = 6
targets = ["wolf", "shepherd"]
announces = "hound"
icon = false

[questions.has-fox]
text = "Is one of your cards a fox?"
card = ["fox"]

[questions.is-fox-or-sheep]
text = "Is your identity fox or sheep?"
identity = ["fox", "sheep"]

[editions.foxes]
[[editions.foxes.rows]]
players = [5]
[editions.foxes.rows.cards]
"wolf" = 1
"shepherd?" = 1
"fox?" = 1
"fox/sheep" = 1
"hunter" = 1
"hound" = 1
"hound?" = 1
"sheep" = 3
"""

FOX_RECORD = {
    "game": "wooolf",
    "edition": "foxes.toml",
    "players": 5,
    "viewpoint": 1,
    "hands": {1: ["hunter", "sheep"]},
    "events": [
        {"seat": 2, "peek": 3, "says": "hound"},
        {"seat": 1, "peek": 2, "sees": "fox/sheep"},
        {"seat": 4, "ask": 2, "question": "is-fox-or-sheep", "answer": "yes"},
        {"seat": 3, "peek": 4, "says": "wolf"},
        {"seat": 5, "ask": 3, "question": "has-fox", "answer": "no"},
    ],
}


def knowledge(record: dict[str, Any], base_dir: Path | None = None) -> RoundKnowledge:
    return knowledge_of(Round.from_dict(record, base_dir))


def assert_same(tally: Tally, expected: Tally) -> None:
    """Exact equality: every weight is a sum of integers, so floats agree exactly."""
    assert tally.deals == expected.deals
    assert tally.total == expected.total
    assert tally.roles == expected.roles
    assert tally.decision == expected.decision
    assert tally == expected


def assert_worlds(worlds: Iterable[dict[Seat, Hand]], know: RoundKnowledge) -> None:
    """An engine's worlds are the brute-force deals of non-zero weight, once each
    (so the model is exact, not a relaxation the weights happen to filter)."""
    seen = [tuple(sorted(hands.items())) for hands in worlds]
    assert len(seen) == len(set(seen))
    expected = {
        tuple(sorted(world.items())) for world in know.space.worlds() if know.likelihood(world)
    }
    assert set(seen) == expected


def certain_by_solves(engine: CpSatEngine | GenericCpSatEngine, know: RoundKnowledge) -> set[Fact]:
    """The certain facts, found by one ``possible`` solve per seat and identity."""
    facts: set[Fact] = set()
    names = sorted(know.game.characters)
    for seat in know.seats:
        possible = [name for name in names if engine.possible(know, seat, name)]
        if len(possible) == 1:
            facts.add(Fact(seat, possible[0], True))
        else:
            facts.update(Fact(seat, name, False) for name in names if name not in possible)
    return facts


# -- fixed records ---------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
@pytest.mark.parametrize("label", list(RECORDS))
def test_same_tally_as_brute_force(engine: Engine, label: str) -> None:
    know = knowledge(RECORDS[label])
    expected = BRUTE.tally(know)
    assert_same(engine.tally(know), expected)
    assert engine.consistent(know) == BRUTE.consistent(know) == (expected.deals > 0)


@pytest.mark.parametrize("engine", [CPSAT, GENERIC_CPSAT, CSP], ids=engine_id)
@pytest.mark.parametrize("label", list(RECORDS))
def test_worlds_are_exactly_the_weighted_deals(
    engine: CpSatEngine | GenericCpSatEngine | ConstraintEngine, label: str
) -> None:
    know = knowledge(RECORDS[label])
    assert_worlds(engine.worlds(know), know)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_worked_example(engine: Engine) -> None:
    know = knowledge(WORKED)
    posterior = Posterior(know, engine.tally(know))
    assert posterior.deals == 1560
    rounded = {
        seat: {name: round(p, 6) for name, p in roles.items()}
        for seat, roles in posterior.roles.items()
    }
    assert rounded == {
        1: {"hound": 0.523077, "hunter": 0.2, "sheep": 0.276923},
        2: {"hunter": 1.0},
        3: {"hound": 0.438462, "hunter": 0.4, "sheep": 0.161538},
        4: {"hound": 0.338462, "hunter": 0.2, "sheep": 0.461538},
        5: {"shepherd": 1.0},
        6: {"wolf": 1.0},
    }
    best = [(d.targets, round(d.probability, 6)) for d in posterior.declarations()[:4]]
    assert best == [((6, 1), 0.523077), ((6, 3), 0.438462), ((6, 4), 0.338462), ((6, 0), 0.061538)]


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
def test_designers_deck_with_a_second_liar(engine: Engine, tmp_path: Path) -> None:
    (tmp_path / "foxes.toml").write_text(FOX_DECK, encoding="utf-8")
    know = knowledge(FOX_RECORD, tmp_path)
    expected = BRUTE.tally(know)
    assert expected.deals > 0
    assert "fox" in expected.roles[2]
    assert_same(engine.tally(know), expected)
    assert engine.consistent(know)


@pytest.mark.parametrize("engine", ENGINES, ids=engine_id)
@pytest.mark.parametrize("label", [label for label in RECORDS if label.startswith("inconsistent")])
def test_same_conflict_as_brute_force(engine: Engine, label: str) -> None:
    know = knowledge(RECORDS[label])
    conflict = minimal_conflict(know, BRUTE)
    assert conflict
    assert minimal_conflict(know, engine) == conflict


@pytest.mark.parametrize("cores", CORES, ids=engine_id)
@pytest.mark.parametrize("label", list(RECORDS))
def test_core_is_a_conflict(cores: CpSatEngine | GenericCpSatEngine, label: str) -> None:
    know = knowledge(RECORDS[label])
    core = cores.core(know)
    if BRUTE.consistent(know):
        assert core == ()
    else:
        assert set(core) <= set(know.events)
        assert not BRUTE.consistent(know.restricted(core))


@pytest.mark.parametrize("cores", CORES, ids=engine_id)
def test_possible_on_the_worked_example(cores: CpSatEngine | GenericCpSatEngine) -> None:
    know = knowledge(WORKED)
    assert certain_by_solves(cores, know) == set(Posterior(know, BRUTE.tally(know)).certain)
    assert cores.possible(know, 5, "shepherd")
    assert not cores.possible(know, 1, "wolf")
    assert cores.possible(know, 2, "hunter")
    assert not cores.possible(know, 2, "sheep")


def test_hand_types() -> None:
    know = knowledge(WORKED)
    types = know.space.hands
    assert len(types) == len(set(types))
    assert all(hand == tuple(sorted(hand)) for hand in types)
    game = know.game
    assert (game.card("sheep"), game.card("sheep")) in types
    assert (game.card("wolf"), game.card("wolf")) not in types  # one copy only


# -- random records --------------------------------------------------------------------


def random_record(rng: Random, lie: bool = False) -> dict[str, Any]:
    """A record true to a random deal (or, with ``lie``, with one event falsified),
    small enough for brute force: 4-6 players, more known hands at 6."""
    game = base_rules()
    players = rng.choice([4, 5, 6])
    edition = rng.choice(["basic", "advanced"])
    setup = game.setup(edition, players)
    hands = deal(rng, game, setup)
    viewpoint = rng.randint(1, players)
    others = [seat for seat in hands if seat != viewpoint]
    known = [viewpoint, *rng.sample(others, rng.randint(max(0, players - 5), 2))]
    events: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 5)):
        seat = rng.randint(1, players)
        target = rng.choice([other for other in hands if other != seat])
        if rng.random() < 0.5 or setup.is_neutral(target):
            card = rng.choice(hands[target])
            says = game.announcement(game.identity(hands[seat]), card)
            event: dict[str, Any] = {"seat": seat, "peek": target, "says": says}
            if seat == viewpoint:
                event["sees"] = card.name
        else:
            qid = rng.choice(sorted(game.questions))
            answer = game.answer(game.questions[qid], hands[target])
            event = {"seat": seat, "ask": target, "question": qid, "answer": answer}
        events.append(event)
    if lie and events:
        event = rng.choice(events)
        if "ask" in event:
            event["answer"] = not event["answer"]
        else:
            event.pop("sees", None)
            event["says"] = rng.choice([icon for icon in game.icons if icon != event["says"]])
    return {
        "game": "wooolf",
        "edition": edition,
        "players": players,
        "viewpoint": viewpoint,
        "hands": {seat: [card.name for card in hands[seat]] for seat in known},
        "events": events,
    }


RANDOM = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RANDOM
@given(seed=st.integers(0, 2**32 - 1), lie=st.booleans())
def test_random_records_agree_with_brute_force(seed: int, lie: bool) -> None:
    know = knowledge(random_record(Random(seed), lie))
    expected = BRUTE.tally(know)
    for engine in ENGINES:
        assert_same(engine.tally(know), expected)
        assert engine.consistent(know) == (expected.deals > 0)
    if expected.deals == 0:
        for cores in CORES:
            assert not BRUTE.consistent(know.restricted(cores.core(know)))


@RANDOM
@given(seed=st.integers(0, 2**32 - 1))
def test_certain_facts_agree_with_possible(seed: int) -> None:
    know = knowledge(random_record(Random(seed)))
    posterior = Posterior(know, BRUTE.tally(know))
    for cores in CORES:
        assert certain_by_solves(cores, know) == set(posterior.certain)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), lie=st.booleans())
def test_many_random_records(seed: int, lie: bool) -> None:
    know = knowledge(random_record(Random(seed), lie))
    expected = BRUTE.tally(know)
    for engine in ENGINES:
        assert_same(engine.tally(know), expected)
    for cores in CORES:
        if expected.deals:
            assert certain_by_solves(cores, know) == set(Posterior(know, expected).certain)
        else:
            assert not BRUTE.consistent(know.restricted(cores.core(know)))
