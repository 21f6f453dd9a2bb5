"""One ``why`` for the three games (:mod:`wooolf_solver.core.reasons`): every reason
re-checked by brute force (sufficient: its events alone force the fact; minimal: not
without any one of them; the verdict: certain exactly when brute force finds it so),
on the examples and on played records; the same verdict line and JSON in every game;
``why SEAT liar`` in both games with claims, and ``why SEAT werewolf-team`` in ONUW."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from helpers import run
from hypothesis import given, settings
from hypothesis import strategies as st

from wooolf_solver import api
from wooolf_solver.core.errors import EventId
from wooolf_solver.core.reasons import LIAR, Explanation, FactBook, refuted
from wooolf_solver.engines import get_engine
from wooolf_solver.games.onuw import explain as onuw_why
from wooolf_solver.games.onuw.engines import find_engine as onuw_engine
from wooolf_solver.games.onuw.model import knowledge_of as onuw_knowledge
from wooolf_solver.games.onuw.night import NightEntry
from wooolf_solver.games.onuw.record import Claim, DealRecord
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import play_deal
from wooolf_solver.games.werewolf import explain as werewolf_why
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.model import knowledge_of as werewolf_knowledge
from wooolf_solver.games.werewolf.play import play_game
from wooolf_solver.games.werewolf.record import GameRecord
from wooolf_solver.games.wooolf import explain as wooolf_why
from wooolf_solver.games.wooolf.engines import engine as wooolf_engine
from wooolf_solver.games.wooolf.model import knowledge_of as round_knowledge
from wooolf_solver.games.wooolf.record import Round

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

RULES = load_rules()

pytestmark = pytest.mark.usefixtures("plain_console")


def assert_checked(book: FactBook, why: Explanation, brute: Any) -> None:
    """The verdict, sufficiency and minimality of ``why``, by brute force."""
    fact, knowledge = why.fact, book.knowledge

    def forced(events: Sequence[EventId]) -> bool:
        return refuted(book, fact, knowledge.restricted(events), brute)

    assert why.holds == refuted(book, fact, knowledge, brute), fact
    if not why.holds:
        assert why.to_dict().keys() <= {"holds", "speech"}
        return
    assert forced(why.events), f"not sufficient: {fact} by {why.events}"
    for event in why.events:
        rest = [other for other in why.events if other != event]
        assert not forced(rest), f"not minimal: {fact} without {event}"
    assert why.verdict().startswith(f"Yes, it is certain: {why.said} (")


# -- every game's books, made as the games make them ---------------------------------------


def wooolf_book(round_: Round) -> FactBook:
    return wooolf_why.RoundBook(round_, round_knowledge(round_), wooolf_engine())


def onuw_book(record: DealRecord) -> FactBook:
    return onuw_why.DealBook(record, onuw_knowledge(record))


def werewolf_book(record: GameRecord) -> FactBook:
    return werewolf_why.GameBook(record, werewolf_knowledge(record))


def check_werewolf(record: GameRecord, roles: Sequence[str] | None = None) -> None:
    book = werewolf_book(record)
    brute = get_engine("brute")
    knowledge = werewolf_knowledge(record)
    names = roles if roles is not None else knowledge.role_names
    for seat in record.seats:
        identities = [*names, *([LIAR] if seat in knowledge.last_claims else [])]
        for identity in identities:
            for holds in (True, False):
                why = werewolf_why.explain(record, seat, identity, holds)
                assert_checked(book, why, brute)


def check_onuw(record: DealRecord, seats: Sequence[int] | None = None) -> None:
    book = onuw_book(record)
    brute = onuw_engine("brute")
    claimed = {claim.seat for claim in record.claims}
    teams = sorted({f"{record.rules.team(card)}-team" for card in record.deck})
    for seat in seats if seats is not None else record.layout.seats:
        identities = [*sorted(set(record.deck)), *teams, *([LIAR] if seat in claimed else [])]
        for identity in identities:
            for holds in (True, False):
                assert_checked(book, onuw_why.explain(record, seat, identity, holds), brute)


# -- the examples --------------------------------------------------------------------------


def test_wooolf_examples() -> None:
    brute = get_engine("brute")
    for name in ("worked-example.yaml", "shepherd-exposed.yaml", "four-players.yaml"):
        round_ = Round.load(EXAMPLES / name)
        book = wooolf_book(round_)
        for why in wooolf_why.explanations(round_).values():
            assert_checked(book, why, brute)


def test_onuw_examples() -> None:
    check_onuw(api.load(EXAMPLES / "onuw" / "official-3p-lies.yaml"))
    brute = onuw_engine("brute")
    for name in ("night-seer-4p", "table-4p-bots"):
        record = api.load(EXAMPLES / "onuw" / f"{name}.yaml")
        book = onuw_book(record)
        for why in onuw_why.explanations(record).values():
            assert_checked(book, why, brute)


@pytest.mark.parametrize("name", ["spec-9p-seer", "seer-claim-9p"])
def test_werewolf_examples(name: str) -> None:
    record = api.load(EXAMPLES / "werewolf" / f"{name}.yaml")
    book, brute = werewolf_book(record), get_engine("brute")
    for why in werewolf_why.explanations(record).values():
        assert_checked(book, why, brute)
    for seat in werewolf_knowledge(record).last_claims:
        for holds in (True, False):
            assert_checked(book, werewolf_why.explain(record, seat, LIAR, holds), brute)


# -- played records ------------------------------------------------------------------------

DECKS = [
    (("seer", 1), ("villager", 2), ("werewolf", 1)),
    (("seer", 1), ("thief", 1), ("villager", 1), ("werewolf", 1)),
    (("cupid", 1), ("hunter", 1), ("villager", 1), ("werewolf", 1), ("witch", 1)),
]


@settings(max_examples=5)
@given(deck=st.sampled_from(DECKS), seed=st.integers(0, 2**32), public=st.booleans())
def test_werewolf_played_records(
    deck: tuple[tuple[str, int], ...], seed: int, public: bool
) -> None:
    bot = RandomBot(random.Random(seed), claims=0.6)
    record = play_game(deck, bot, random.Random(seed + 1)).record
    view = record.view(None if public else random.Random(seed).choice(record.seats))
    check_werewolf(view)


def claim(seat: int, dealt: str, entry: NightEntry, rng: random.Random) -> Claim | None:
    """The village claims its card and night; the others a card of the deck, or nothing."""
    if RULES.team(dealt) == "village":
        return Claim(seat, dealt, entry)
    return Claim(seat, rng.choice(RULES.deck("official", 3))) if rng.random() < 0.8 else None


@settings(max_examples=3)
@given(seed=st.integers(0, 2**32))
def test_onuw_played_records(seed: int) -> None:
    rng = random.Random(seed)
    game = play_deal(rng, 3, edition="official", claims=claim).record
    seat = rng.randint(1, 3)
    record = replace(
        game,
        viewpoint=seat,
        cards=MappingProxyType({seat: game.cards[seat]}),
        night=MappingProxyType({seat: game.night[seat]}),
        votes=None,
    )
    check_onuw(record)


# -- the same verdict and JSON in every game -------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "verdict", "data"),
    [
        (
            ["worked-example.yaml", "5", "shepherd"],
            "Yes, it is certain: seat 5 is the shepherd (events 3 and 4 force it).",
            {"holds": True, "events": [3, 4]},
        ),
        (
            ["onuw/official-3p-lies.yaml", "2", "liar"],
            "Yes, it is certain: seat 2 lies (your night forces it).",
            {"holds": True, "events": ["night"], "speech": "mimic"},
        ),
        (
            ["onuw/official-3p-lies.yaml", "3", "werewolf"],
            "No, it is not certain that seat 3 holds a werewolf at dawn: seat 3 holds a "
            "werewolf at dawn with chance 5.7%.",
            {"holds": False, "speech": "mimic"},
        ),
        (
            ["onuw/official-3p-lies.yaml", "1", "village-team"],
            "Yes, it is certain: seat 1 is on the village team at dawn (your night and claim 2 "
            "force it).",
            {"holds": True, "events": ["night", 2], "speech": "mimic"},
        ),
        (
            ["werewolf/spec-9p-seer.yaml", "4", "werewolf"],
            "Yes, it is certain: seat 4 is the werewolf (event 4 forces it).",
            {"holds": True, "events": [4], "speech": "mimic"},
        ),
        (
            ["werewolf/spec-9p-seer.yaml", "4", "liar", "--not"],
            "No: on the contrary, it is certain that seat 4 lies (leave out --not to see why).",
            {"holds": False, "speech": "mimic"},
        ),
        (
            ["werewolf/spec-9p-seer.yaml", "1", "witch"],
            "No, it is not certain that seat 1 is the witch: seat 1 is the witch with chance "
            "25.0%.",
            {"holds": False, "speech": "mimic"},
        ),
    ],
)
def test_one_verdict_and_one_json(
    capsys: pytest.CaptureFixture[str], argv: list[str], verdict: str, data: dict[str, Any]
) -> None:
    path, *fact = argv
    status, out, err = run(capsys, "why", str(EXAMPLES / path), *fact)
    assert (status, err) == (0, "")
    assert " ".join(out.split()).startswith(verdict)
    status, out, _ = run(capsys, "why", str(EXAMPLES / path), *fact, "--json")
    assert status == 0 and json.loads(out) == data


def test_werewolf_liar_questions(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "werewolf" / "spec-9p-seer.yaml")
    status, out, err = run(capsys, "why", path, "4", "liar")
    assert status == 0 and " ".join(out.split()).startswith("Yes, it is certain: seat 4 lies")
    status, out, err = run(capsys, "why", path, "5", "liar")
    assert (status, out) == (2, "") and "seat 5 made no claim" in err
