"""The fast exact engine of ONUW agrees exactly with the brute-force reference, under each
speech model.

Hypothesis plays real deals with the table engine (a random deal, a random night by
the ``act`` or ``uniform`` policy, bots, truthful claims by village-believers, whole or
partial, bluffs by the others, some of them stories no honest player could tell, now
and then a village-believer's lie), takes a random viewpoint (or none), a random
subset of the claims, a speech model (``mimic`` or ``free``) and a ``village_lies``
rate, and checks every answer of the one tally: the same worlds, roles and named
queries (Fractions equal) or the same conflict, hence the same JSON. Small enough for
the generic brute force.
"""

from __future__ import annotations

import doctest
import json
from dataclasses import replace
from fractions import Fraction
from random import Random
from types import MappingProxyType, ModuleType
from typing import Any
from unittest import mock

import pytest
from helpers import benchmark
from hypothesis import given, settings
from hypothesis import strategies as st
from onuw_reference import solved

from wooolf_solver.core.conflict import earliest_minimal
from wooolf_solver.core.errors import InconsistentRecordError
from wooolf_solver.core.speech import SPEECH_MODELS, Speech
from wooolf_solver.games.onuw.engines import fast
from wooolf_solver.games.onuw.engines import lies as expansion
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.night import NightEntry, believed_card
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import Claim, DealRecord, Model, NightModel, read_record
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import ClaimPolicy, play_deal

RULES = load_rules()


def talkers(
    players: int, deck: tuple[str, ...], false_village: float, odd: float = 0.3
) -> ClaimPolicy:
    """Village-believers tell the truth (the role alone, some of its night keys, or all
    of them; with probability ``false_village``, a wrong card); the others claim a
    village card with made-up night keys, or (with probability ``odd``) a story no
    honest player could tell (:func:`odd_claim`)."""
    # A custom deck may hold no village card: then the bluffs name any card of it.
    village = sorted({role for role in deck if RULES.team(role) == "village"}) or sorted(set(deck))

    def policy(seat: int, dealt: str, entry: NightEntry, rng: Random) -> Claim | None:
        if rng.random() < 0.15:
            return None
        believes = believed_card(RULES, dealt, seat, entry)
        if RULES.team(believes) == "village" and rng.random() >= false_village:
            chance = rng.random()
            if chance < 0.3:
                return Claim(seat, dealt)  # the role alone
            if chance < 0.45:  # some of its keys
                some = dict(rng.sample(entry.items, len(entry.items) // 2))
                return Claim(seat, dealt, NightEntry.of(**some))
            return Claim(seat, dealt, entry)
        if rng.random() < odd:
            return odd_claim(seat, players, deck, rng)
        role = rng.choice(village)
        others = [other for other in range(1, players + 1) if other != seat]
        seen = rng.choice(sorted(deck))
        made = {
            "seer": NightEntry.of(saw=((rng.choice(others), seen),)),
            "robber": NightEntry.of(robbed=rng.choice(others), got=seen),
            "troublemaker": NightEntry.of(swapped=tuple(sorted(rng.sample(others, 2)))),
            "insomniac": NightEntry.of(now=seen),
        }
        return Claim(
            seat, role, made.get(role, NightEntry()) if rng.random() < 0.7 else NightEntry()
        )

    return policy


def odd_claim(seat: int, players: int, deck: tuple[str, ...], rng: Random) -> Claim:
    """A claim no honest player could make (a role outside the deck, a look at itself,
    a centre slot named twice, a list of seats the deck cannot have...) or one that
    leaves its choice out (a robber's card without its target)."""
    others = [other for other in range(1, players + 1) if other != seat]
    centre = list(range(players + 1, len(deck) + 1))
    seen = rng.choice(sorted(RULES.roles))  # maybe off the deck
    c = rng.choice(centre)
    stories = [
        Claim(seat, rng.choice(sorted(RULES.roles))),
        Claim(seat, "seer", NightEntry.of(saw=((seat, seen),))),
        Claim(seat, "seer", NightEntry.of(centre=((c, seen), (c, rng.choice(deck))))),
        Claim(seat, "seer", NightEntry.of(centre=((c, seen),))),
        Claim(
            seat, "troublemaker", NightEntry.of(swapped=tuple(sorted((seat, rng.choice(others)))))
        ),
        Claim(seat, "robber", NightEntry.of(robbed=seat, got=seen)),
        Claim(seat, "robber", NightEntry.of(got=seen)),
        Claim(
            seat,
            "werewolf",
            NightEntry.of(wolves=tuple(sorted(rng.sample(others, rng.randint(0, 2))))),
        ),
        Claim(seat, "werewolf", NightEntry.of(wolves=tuple(sorted({seat, *others})))),
        Claim(seat, "werewolf", NightEntry.of(wolves=(seat,), centre=((c, seen),))),
        Claim(
            seat,
            "werewolf",
            NightEntry.of(wolves=tuple(sorted((seat, others[0]))), centre=((c, seen),)),
        ),
        Claim(seat, "minion", NightEntry.of(wolves=tuple(sorted((seat, *rng.sample(others, 1)))))),
        Claim(seat, "mason", NightEntry.of(masons=tuple(sorted(rng.sample(others, 1))))),
        Claim(seat, "mason", NightEntry.of(masons=(seat,))),
        Claim(seat, "mason", NightEntry.of(masons=(seat, seat))),  # a seat named twice
        Claim(seat, "werewolf", NightEntry.of(wolves=(seat, seat))),
        Claim(seat, "troublemaker", NightEntry.of(swapped=(others[0], others[0]))),
        Claim(seat, "drunk", NightEntry.of(took=c)),
        Claim(seat, "insomniac", NightEntry.of(now=seen)),
    ]
    return rng.choice(stories)


def custom_deck(rng: Random, size: int, copy: bool = False) -> tuple[str, ...]:
    """A random legal deck: repeatable roles any number of times, the others once; the
    doppelganger only with ``copy``, and then always (its decks are too slow for
    ``csp``)."""
    singles = [name for name, role in RULES.roles.items() if not role.repeat]
    singles = [name for name in singles if RULES.roles[name].choice != "copy"]
    repeats = [name for name, role in RULES.roles.items() if role.repeat]
    deck = ["werewolf", "doppelganger"] if copy else ["werewolf"]
    while len(deck) < size:
        name = rng.choice(singles + repeats)
        if name in repeats or name not in deck:
            deck.append(name)
    return tuple(sorted(deck))


def with_hunter(rng: Random, deck: tuple[str, ...]) -> tuple[str, ...]:
    """``deck`` with the hunter in place of a random card (a werewolf stays)."""
    if "hunter" in deck:
        return deck
    spots = [index for index, card in enumerate(deck) if card != "werewolf"]
    cards = list(deck)
    cards[rng.choice(spots or list(range(1, len(deck))))] = "hunter"
    return tuple(sorted(cards))


def played(
    seed: int,
    players: int,
    viewpoint: bool,
    custom: bool,
    hunter: bool = False,
    *,
    copy: bool = False,
) -> DealRecord:
    """A played deal as a record (see the module's docstring); with ``hunter``, the
    hunter is in the deck and each ballot is kept with chance 0.7 (what a dying
    hunter's shot is read from); with ``copy`` (and ``custom``), the doppelganger."""
    rng = Random(seed)
    edition = rng.choice(["table", "official"])
    layout = RULES.layout(edition, players)
    deck = custom_deck(rng, len(layout.slots), copy) if custom else RULES.deck(edition, players)
    if hunter:
        deck = with_hunter(rng, deck)
    night: NightModel = rng.choice(["act", "act", "uniform"])
    bots = tuple(seat for seat in layout.seats if rng.random() < 0.2)
    lies = Fraction(rng.choice([0, 0, 0, 1, 2]), 10)
    speech: Speech = rng.choice(SPEECH_MODELS)
    game = play_deal(
        rng,
        players,
        edition=edition,
        deck=deck if custom or hunter else None,
        bots=bots,
        claims=talkers(players, deck, 0.1),
        night=night,
    ).record
    claims = [claim for claim in game.claims if rng.random() < 0.8]
    rng.shuffle(claims)
    model = Model(night, lies, speech)
    votes = (
        MappingProxyType({v: b for v, b in (game.votes or {}).items() if rng.random() < 0.7})
        if hunter
        else None
    )
    if not viewpoint:
        return replace(
            game,
            cards=MappingProxyType({}),
            night=MappingProxyType({}),
            claims=tuple(claims),
            votes=votes,
            model=model,
        )
    seat = rng.randint(1, players)
    known = {seat: game.cards[seat]}
    if players >= 5:  # two more known cards keep the brute force quick
        for slot in rng.sample([slot for slot in layout.slots if slot != seat], 2):
            known[slot] = game.cards[slot]
    recorded = {seat: game.night[seat]} if rng.random() < 0.85 else {}
    return replace(
        game,
        viewpoint=seat,
        cards=MappingProxyType(known),
        night=MappingProxyType(recorded),
        claims=tuple(claims),
        votes=votes,
        model=model,
    )


def agree(record: DealRecord) -> None:
    expected, found = solved(record, "brute", json=True), solved(record, "fast", json=True)
    assert found == expected
    assert fast.consistent(knowledge_of(record)) == expected["consistent"]


@given(st.integers(0, 10**9), st.sampled_from([3, 4]))
def test_agrees_with_brute_force_from_a_viewpoint(seed: int, players: int) -> None:
    agree(played(seed, players, viewpoint=True, custom=False))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_at_five_players(seed: int) -> None:
    agree(played(seed, 5, viewpoint=True, custom=False))


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_in_public(seed: int) -> None:
    agree(played(seed, 3, viewpoint=False, custom=False))


@given(st.integers(0, 10**9), st.booleans())
def test_agrees_with_brute_force_on_custom_decks(seed: int, viewpoint: bool) -> None:
    agree(played(seed, 3, viewpoint=viewpoint, custom=True))


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.booleans(), st.sampled_from([3, 3, 4]))
def test_agrees_with_brute_force_on_custom_decks_with_the_doppelganger(
    seed: int, viewpoint: bool, players: int
) -> None:
    agree(played(seed, players, viewpoint=viewpoint, custom=True, copy=True))


LIES = [Fraction(1, 100), Fraction(1, 10), Fraction(1, 2), Fraction(9, 10), Fraction(1)]
"""Village lies the engine meets: by expansion (above 0, below 1; 1/2 makes a free
claim's truth weigh nothing), or not (1: an honest true claim weighs 0)."""


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9), st.sampled_from(LIES), st.booleans(), st.sampled_from([3, 4]))
def test_agrees_with_brute_force_when_the_village_lies(
    seed: int, lies: Fraction, viewpoint: bool, players: int
) -> None:
    game = played(seed, players, viewpoint=viewpoint, custom=seed % 4 == 0)
    agree(replace(game, model=replace(game.model, village_lies=lies)))


def repeated(seed: int, lies: Fraction) -> DealRecord:
    """A played 4-player deal (public or from a viewpoint) where two or more other seats
    tell the same story (of a card alone, or of a night naming slots outside them),
    the rest their own claims, and the village lies at rate ``lies``."""
    rng = Random(seed)
    game = played(seed, 4, viewpoint=rng.random() < 0.5, custom=False)
    seats = [seat for seat in game.layout.seats if seat != game.viewpoint]
    group = sorted(rng.sample(seats, rng.randint(2, len(seats))))
    rest = [seat for seat in seats if seat not in group]
    card = rng.choice(sorted(game.deck))
    stories = [
        ("villager", NightEntry()),
        ("seer", NightEntry()),
        ("seer", NightEntry.of(centre=((5, card), (6, rng.choice(sorted(game.deck)))))),
        ("insomniac", NightEntry.of(now=card)),
        ("werewolf", NightEntry()),  # true only when its speaker lies
    ]
    if rest:
        stories.append(("robber", NightEntry.of(robbed=rest[0], got=card)))
    role, entry = rng.choice(stories)
    claims = [Claim(seat, role, entry) for seat in group]
    claims += [claim for claim in game.claims if claim.seat in rest]
    rng.shuffle(claims)
    return replace(game, claims=tuple(claims), model=replace(game.model, village_lies=lies))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.sampled_from(LIES[:3]))
def test_agrees_with_brute_force_on_repeated_claims_when_the_village_lies(
    seed: int, lies: Fraction
) -> None:
    # the same claim by several seats: one run for every number of them taken honest
    agree(repeated(seed, lies))


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9), st.sampled_from(LIES[:3]), st.sampled_from([0, 10**9]))
def test_claims_of_a_card_alone_split_or_weighed_as_they_are(
    seed: int, lies_rate: Fraction, split_runs: int
) -> None:
    # SPLIT_RUNS 0: claims of a card alone always weighed as they are; 10**9: never
    with mock.patch.object(expansion, "SPLIT_RUNS", split_runs):
        agree(repeated(seed, lies_rate))
        game = played(seed, 4, viewpoint=seed % 2 == 0, custom=False)
        agree(replace(game, model=replace(game.model, village_lies=lies_rate)))


# -- the contract's worked facts, through the fast engine ----------------------------------

BASE: dict[str, Any] = {"game": "onuw", "edition": "table", "players": 3, "viewpoint": 1}


def record(card: str, night: dict[str, Any], **more: Any) -> DealRecord:
    return read_record({**BASE, "cards": {1: card}, "night": {1: night}, **more})


def test_robber_who_robbed_a_werewolf() -> None:
    posterior = solve(record("robber", {"robbed": 2, "got": "werewolf"}))
    assert posterior.dawn[1]["werewolf"] == Fraction(2, 3)
    assert posterior.dawn[2]["werewolf"] == Fraction(1, 3)
    assert posterior.no_werewolf == 0


def test_lone_werewolf_who_saw_the_other_werewolf() -> None:
    posterior = solve(record("werewolf", {"wolves": [1], "centre": {"c1": "werewolf"}}))
    assert posterior.dealt[4] == {"werewolf": 1}
    assert posterior.dawn[1]["werewolf"] == Fraction(1, 3)


def test_seer_who_saw_robber_and_troublemaker_in_the_centre() -> None:
    posterior = solve(record("seer", {"centre": {"c1": "robber", "c2": "troublemaker"}}))
    assert posterior.dawn[2] == {"werewolf": 1}
    assert posterior.dawn[3] == {"werewolf": 1}
    assert posterior.win_if == {2: Fraction(1), 3: Fraction(1), None: Fraction(0)}


def test_lies_and_a_minimal_conflict() -> None:
    claims = [{"seat": 2, "role": "seer"}, {"seat": 3, "role": "seer"}]
    posterior = solve(record("robber", {"robbed": 2, "got": "werewolf"}, claims=claims))
    assert posterior.lying[2] == 1
    assert 0 < posterior.lying[3] < 1
    bad = record("seer", {"saw": {2: "troublemaker"}}, claims=[{"seat": 2, "role": "robber"}])
    assert solved(bad, "fast") == {"consistent": False, "conflict": ("night", 1)}


def test_seats_with_the_same_claim_are_interchangeable() -> None:
    # Seats 2-4 make the same claim: one block of seats, averaged exactly.
    villagers = [{"seat": seat, "role": "villager"} for seat in (2, 3, 4)]
    for claims in (villagers[:2], villagers):
        agree(
            read_record(
                {
                    "game": "onuw",
                    "edition": "official",
                    "players": 4,
                    "viewpoint": 1,
                    "cards": {1: "seer"},
                    "night": {1: {"centre": {"c1": "werewolf", "c2": "villager"}}},
                    "claims": claims,
                }
            )
        )


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_agrees_with_brute_force_on_conflicts(seed: int) -> None:
    record = conflicting(seed)
    agree(record)
    # the shared rule's conflict, whichever engine answers its questions
    knowledge = knowledge_of(record)
    found = solved(record, "fast")
    if not found["consistent"]:
        plain = earliest_minimal(
            knowledge.events, lambda kept: not fast.consistent(knowledge.restricted(kept))
        )
        assert found["conflict"] == plain


def test_a_viewpoint_claiming_another_card_at_ten_players() -> None:
    # an honest viewpoint's own claim against its own card: that claim alone
    claims = [{"seat": seat, "role": "villager"} for seat in range(2, 11)]
    claims += [{"seat": 1, "role": "troublemaker", "swapped": [2, 3]}]
    night = {"saw": {2: "villager"}}
    with pytest.raises(InconsistentRecordError) as error:
        solve(record("seer", night, players=10, edition="official", claims=claims))
    assert error.value.conflict == (10,)
    # a claim against what the viewpoint saw: both
    claims[0] = {"seat": 2, "role": "robber", "robbed": 3, "got": "villager"}
    more = {"players": 10, "edition": "official", "claims": claims[:-1]}
    with pytest.raises(InconsistentRecordError) as error:
        solve(record("seer", night, **more))
    assert error.value.conflict == ("night", 1)


def conflicting(seed: int) -> DealRecord:
    """A played 3-player deal where every other seat also claims the viewpoint's card:
    at most the werewolf team's believers may lie, so the claims often cannot all hold
    (a minimal conflict)."""
    record = played(seed, 3, viewpoint=True, custom=False)
    assert record.viewpoint is not None
    mine = record.cards[record.viewpoint]
    claims = [claim for claim in record.claims if claim.seat == record.viewpoint]
    claims += [Claim(seat, mine) for seat in record.layout.seats if seat != record.viewpoint]
    model = Model(record.model.night, speech=record.model.speech)
    return replace(record, claims=tuple(claims), model=model)


# -- the benchmark script, on three players: the shape of its report, never its timings --

bench = benchmark("bench_onuw")


def test_benchmark_report(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    status = bench.main(["--players", "3", "--repeat", "1", "--budget", "30", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["version"] == bench.VERSION
    rows = report["positions"]
    assert len(rows) == 16 and {row["players"] for row in rows} == {3}
    for row in rows:
        assert row["fast"]["runs"] == 1 and row["fast"]["median_ms"] > 0
        assert row["brute"]["status"] == "ok" and row["brute"]["agrees"] is True
    assert report["targets"]["small"]["target_ms"] == bench.SMALL_MS
    assert report["targets"]["big"]["max_median_ms"] is None
    hints = report["hints"]
    assert {row["role"] for row in hints} == set(bench.HINT_ROLES)
    assert all(row["brute"]["agrees"] is True for row in hints)
    assert report["targets"]["hint"]["max_median_ms"] is None
    for part in ("feasibility", "why"):
        assert [row["players"] for row in report[part]] == [3]
        assert all(row["brute"]["agrees"] is True for row in report[part])
    assert report["targets"]["why"]["max_median_ms"] is None
    assert report["conflicts"] == [] and report["targets"]["conflict"]["max_median_ms"] is None
    assert report["lab"] is None  # five players only


def test_benchmark_conflicts_are_minimal(bench: ModuleType) -> None:
    specs = bench.conflict_positions([10])
    assert len(specs) == 6
    record = specs[0].record()
    found = solved(record, "fast")
    assert not found["consistent"] and bench.minimal_conflict(record, found["conflict"])
    assert not bench.minimal_conflict(record, found["conflict"][:-1])


def test_benchmark_lab_rate(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "5", "--repeat", "1", "--budget", "0.01", "--lab-games", "3", "--json"]
    assert bench.main(args) == 0
    lab = json.loads(capsys.readouterr().out)["lab"]
    assert lab["games"] == 3 and lab["cpu_rate"] > 0 and lab["target_rate"] == bench.LAB_RATE


def test_benchmark_doctests(bench: ModuleType) -> None:
    assert doctest.testmod(bench).failed == 0


def test_a_robber_that_robbed_nobody_is_traced_past() -> None:
    """The insomniac's look, traced back through the troublemaker's told swap, reaches
    the seat of a robber who did nothing (under ``uniform``, the viewpoint's own
    night): no card moved there, and the answers are the brute force's."""
    found = read_record(
        {
            "game": "onuw",
            "players": 4,
            "viewpoint": 1,
            "model": {"night": "uniform"},
            "deck": ["robber", "troublemaker", "insomniac", "werewolf", "villager", "seer"],
            "cards": {1: "robber"},
            "night": {1: {}},
            "claims": [
                {"seat": 2, "role": "troublemaker", "swapped": [1, 3]},
                {"seat": 3, "role": "insomniac", "now": "robber"},
            ],
        }
    )
    agree(found)
