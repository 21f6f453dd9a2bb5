"""The night hint of the contract: every option scored by its information gain about
who holds a werewolf at dawn, checked against a naive twin of the definition."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from itertools import permutations, product
from math import log2
from pathlib import Path
from random import Random
from types import MappingProxyType
from typing import Any

import pytest
from helpers import run
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_onuw_fast import RULES, custom_deck, talkers
from test_onuw_worked_facts import night_weight

from wooolf_solver import api
from wooolf_solver.core.errors import ArgumentTypeError, InconsistentRecordError, InvalidRecordError
from wooolf_solver.core.gains import DIGITS
from wooolf_solver.games.onuw.hints import hint
from wooolf_solver.games.onuw.night import (
    NightEntry,
    night_options,
    play_night,
)
from wooolf_solver.games.onuw.record import DealRecord, Model, NightModel, read_record
from wooolf_solver.games.onuw.table import play_deal

BASE: dict[str, Any] = {"game": "onuw", "players": 3, "viewpoint": 1}

pytestmark = pytest.mark.usefixtures("plain_console")


def entropy(weights: dict[Any, Fraction]) -> float:
    total = sum(weights.values())
    return -sum(float(w / total) * log2(float(w / total)) for w in weights.values() if w)


def naive_gains(rec: DealRecord, known: NightEntry | None) -> dict[tuple[int, ...], float]:
    """The definition written out: per option (a fact), every physical deal and every
    choice of the others by the act prior, claims of village-believers truthful."""
    rules, layout, viewpoint = rec.rules, rec.layout, rec.viewpoint
    assert viewpoint is not None
    joint: dict[tuple[int, ...], dict[str, dict[frozenset[int], Fraction]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(Fraction))
    )
    for order in set(permutations(range(len(rec.deck)))):
        dealt = [rec.deck[i] for i in order]
        if any(dealt[slot - 1] != role for slot, role in rec.cards.items()):
            continue
        options = []
        for seat in layout.seats:
            choices = night_options(rules, layout, dealt, seat, uniform=seat == viewpoint)
            share = Fraction(1) if seat == viewpoint else Fraction(1, len(choices))
            options.append([(choice, share) for choice in choices])
        for combo in product(*options):
            picked = dict(zip(layout.seats, (c for c, _ in combo), strict=True))
            night = play_night(rules, layout, dealt, picked)
            own = night.entries[viewpoint]
            if known is not None and not known.agrees_with(own):
                continue
            weight = night_weight(rec, dealt, night, combo)
            seen = own.get("saw") or own.get("centre")
            outcome = ",".join(r for _, r in seen) if seen else str(own.get("got") or "nothing")
            wolves = frozenset(s for s in layout.seats if night.cards[s - 1] == "werewolf")
            joint[picked[viewpoint]][outcome][wolves] += weight
    gains = {}
    for option, outcomes in joint.items():
        by_d: dict[frozenset[int], Fraction] = defaultdict(Fraction)
        for per_d in outcomes.values():
            for d, w in per_d.items():
                by_d[d] += w
        total = sum(by_d.values())
        after = sum(float(sum(p.values()) / total) * entropy(p) for p in outcomes.values())
        gains[option] = entropy(by_d) - after
    return gains


WOLF = "werewolf"
CASES = [
    ({"cards": {1: "seer"}}, None),
    ({"cards": {1: "robber"}, "claims": [{"seat": 2, "role": "seer", "saw": {3: WOLF}}]}, None),
    ({"cards": {1: "troublemaker"}}, None),
    ({"cards": {1: "werewolf"}, "night": {1: {"wolves": [1]}}}, {"wolves": (1,)}),
    (
        {"players": 4, "cards": {1: "seer"}, "claims": [{"seat": 2, "role": "robber"}]},
        None,
    ),
]


@pytest.mark.parametrize(("more", "known"), CASES)
def test_gains_match_the_definition(more: dict[str, Any], known: dict[str, Any] | None) -> None:
    rec = read_record({**BASE, **more})
    advice = hint(rec)
    entry = NightEntry(tuple(known.items())) if known else None
    expected = naive_gains(rec, entry)
    got = {score.option: score.gain_bits for score in advice.options}
    assert set(got) == set(expected)
    for option, gain in expected.items():
        assert got[option] == pytest.approx(gain, abs=1e-12)
    gains = [round(score.gain_bits, DIGITS) for score in advice.options]
    assert gains == sorted(gains, reverse=True)
    for score in advice.options:
        assert sum(score.outcomes.values()) == 1


def test_seer_options_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "seer.yaml"
    path.write_text("game: onuw\nplayers: 3\nviewpoint: 1\ncards: {1: seer}\n", encoding="utf-8")
    status, out, _ = run(capsys, "hint", str(path), "--json")
    assert status == 0
    options = json.loads(out)["options"]
    assert sorted(json.dumps(o["option"], sort_keys=True) for o in options) == sorted(
        json.dumps(o, sort_keys=True)
        for o in [{"saw": 2}, {"saw": 3}, {"centre": ["c1", "c2"]}, {}]
    )
    nothing = next(o for o in options if o["option"] == {})
    assert nothing == {"option": {}, "gain_bits": 0.0, "outcomes": {"nothing": 1.0}}
    centre = next(o for o in options if "centre" in o["option"])
    assert all("," in key for key in centre["outcomes"])
    status, out, _ = run(capsys, "hint", str(path))
    assert status == 0 and "Best: " in out and "look at c1 and c2" in out


def test_option_forms() -> None:
    robber = hint(read_record({**BASE, "cards": {1: "robber"}})).to_dict()["options"]
    assert {json.dumps(o["option"]) for o in robber} == {'{"robbed": 2}', '{"robbed": 3}', "{}"}
    trouble = hint(read_record({**BASE, "cards": {1: "troublemaker"}})).to_dict()["options"]
    assert {json.dumps(o["option"]) for o in trouble} == {'{"swapped": [2, 3]}', "{}"}
    assert all(set(o["outcomes"]) == {"nothing"} for o in trouble)
    wolf = read_record({**BASE, "cards": {1: "werewolf"}, "night": {1: {"wolves": [1]}}})
    looks = hint(wolf).to_dict()["options"]
    assert {json.dumps(o["option"]) for o in looks} == {
        '{"centre": ["c1"]}',
        '{"centre": ["c2"]}',
        "{}",
    }


@pytest.mark.parametrize(
    ("more", "words"),
    [
        ({"cards": {1: "seer"}, "night": {1: {"saw": {2: "robber"}}}}, "use `wooolf vote`"),
        ({"cards": {1: "werewolf"}}, "needs its entry"),
        ({"cards": {1: "werewolf"}, "night": {1: {"wolves": [1, 2]}}}, "not a lone werewolf"),
        ({"players": 4, "cards": {1: "insomniac"}}, "has no night choice"),
    ],
)
def test_no_choice_to_advise_on(more: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidRecordError, match=words.replace("`", ".")):
        hint(read_record({**BASE, **more}))


# -- the fast engine's hint against the brute-force reference, on played deals --

CHOOSERS = {"seer", "robber", "troublemaker", "drunk"}


def hint_position(seed: int, players: int) -> DealRecord | None:
    """A played deal seen by a seat with a night choice still to make (a lone werewolf
    with its `wolves` entry), with its card, some other known cards when the deal is
    bigger, and a random subset of the day's claims (``None``: no such seat)."""
    rng = Random(seed)
    edition = rng.choice(["table", "official"])
    layout = RULES.layout(edition, players)
    custom = rng.random() < 0.3
    copy = custom and players == 3 and rng.random() < 0.5  # the doppelganger in the deck
    deck = custom_deck(rng, len(layout.slots), copy) if custom else RULES.deck(edition, players)
    night: NightModel = rng.choice(["act", "act", "uniform"])
    bots = tuple(seat for seat in layout.seats if rng.random() < 0.2)
    game = play_deal(
        rng,
        players,
        edition=edition,
        deck=deck if custom else None,
        bots=bots,
        claims=talkers(players, deck, 0.1),
        night=night,
    ).record
    seats = [
        seat
        for seat in layout.seats
        if game.cards[seat] in CHOOSERS
        or (game.cards[seat] == WOLF and game.night[seat].get("wolves") == (seat,))
    ]
    if not seats:
        return None
    seat = rng.choice(seats)
    known = {seat: game.cards[seat]}
    extra = [slot for slot in layout.slots if slot != seat]
    for slot in rng.sample(extra, players - 3 + rng.randint(0, 1)):
        known[slot] = game.cards[slot]
    own = {seat: NightEntry.of(wolves=(seat,))} if game.cards[seat] == WOLF else {}
    claims = tuple(claim for claim in game.claims if claim.seat != seat and rng.random() < 0.6)
    lies = Fraction(rng.choice([0, 0, 0, 1]), 10)
    return replace(
        game,
        viewpoint=seat,
        cards=MappingProxyType(known),
        night=MappingProxyType(own),
        claims=claims,
        votes=None,
        model=Model(night, lies),
    )


def hints_agree(rec: DealRecord) -> None:
    try:
        expected = hint(rec, "brute")
    except InconsistentRecordError as error:
        with pytest.raises(InconsistentRecordError) as found:
            hint(rec)
        assert found.value.conflict == error.conflict
        return
    got = hint(rec)
    assert hint(rec, naive=True) == expected
    assert (got.viewpoint, got.role) == (expected.viewpoint, expected.role)
    mine = {score.option: score for score in got.options}
    theirs = {score.option: score for score in expected.options}
    assert set(mine) == set(theirs)
    for option, score in theirs.items():
        assert dict(mine[option].outcomes) == dict(score.outcomes)  # exact fractions
        assert mine[option].gain_bits == pytest.approx(score.gain_bits, abs=1e-9)
        assert mine[option].before_bits == pytest.approx(score.before_bits, abs=1e-9)
    # ranked by gains rounded to DIGITS (core.gains.ranked): 5.6e-17 and 0.0 are a tie
    gains = [round(score.gain_bits, DIGITS) for score in got.options]
    assert gains == sorted(gains, reverse=True)


@given(st.integers(0, 10**9))
def test_fast_hint_agrees_with_brute_force_at_three_players(seed: int) -> None:
    rec = hint_position(seed, 3)
    assume(rec is not None)
    assert rec is not None
    hints_agree(rec)


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_fast_hint_agrees_with_brute_force_at_four_players(seed: int) -> None:
    rec = hint_position(seed, 4)
    assume(rec is not None)
    assert rec is not None
    hints_agree(rec)


def test_fast_hint_of_ten_players_is_quick() -> None:
    rec = read_record(
        {"game": "onuw", "edition": "official", "players": 10, "viewpoint": 1, "cards": {1: "seer"}}
    )
    best = hint(rec).options[0]
    assert best.option_dict() == {"centre": ["c1", "c2"]} and 0.5 < best.gain_bits < 0.7


def test_hint_reports_each_class_of_options() -> None:
    # on_step(done, total) after each class the fast engine scores: a progress bar's
    # steps, the answer the same as without them
    rec = read_record(
        {"game": "onuw", "edition": "official", "players": 5, "viewpoint": 1, "cards": {1: "seer"}}
    )
    steps: list[tuple[int, int]] = []
    advice = api.hint(rec, on_step=lambda done, total: steps.append((done, total)))
    assert advice == hint(rec)
    total = steps[-1][1]
    assert steps == [(done, total) for done in range(1, total + 1)]
    assert 1 < total < len(advice.options)  # the symmetry groups the looks at other seats
    with pytest.raises(ArgumentTypeError, match="on_step: must be a function or None"):
        api.hint(rec, on_step=3)  # type: ignore[arg-type]
