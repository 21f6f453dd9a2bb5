"""The fast engine's class of cards nothing tells apart, against the brute force.

In public, the werewolf, minion and tanner cards that no claim names are dealt as one
kind (:mod:`~wooolf_solver.games.onuw.engines.unseen`), and the outputs read back per
labelling: the dawn and dealt cards split by the real cards' counts, whether a player
holds a werewolf at dawn and the number of worlds (a lone werewolf's look) summed over
the labellings, a copy of a class card tied to the card it copied. Hypothesis plays
real deals with decks full of such cards (beside the doppelganger and cards that move
them), keeps the claims that name none of them (honest ones, and liars claiming a
village card with a made-up night of village cards), and checks that the fast engine
answers exactly as the brute force does.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from random import Random
from types import MappingProxyType

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from onuw_positions import in_public, seen_by
from onuw_reference import solved
from test_onuw_hint import hints_agree

from wooolf_solver.games.onuw.engines.lifted import _Engine
from wooolf_solver.games.onuw.engines.unseen import COPIED, UNSEEN, Unseen, names_told, unseen_of
from wooolf_solver.games.onuw.hints import _free_knowledge, _placeholder, _with_option
from wooolf_solver.games.onuw.model import knowledge_of
from wooolf_solver.games.onuw.night import NightEntry, NightState, believed_card, power_of
from wooolf_solver.games.onuw.record import Claim, DealRecord, Model, read_record
from wooolf_solver.games.onuw.rules import load_rules
from wooolf_solver.games.onuw.table import ClaimPolicy, play_deal
from wooolf_solver.games.onuw.win import wins

RULES = load_rules()

DECKS = (
    (
        "official",
        4,
        ("doppelganger", "werewolf", "werewolf", "minion", "tanner", "robber", "troublemaker"),
    ),
    ("official", 4, ("werewolf", "werewolf", "minion", "tanner", "seer", "insomniac", "drunk")),
    ("table", 4, ("doppelganger", "werewolf", "minion", "tanner", "drunk", "robber")),
    ("table", 4, ("doppelganger", "werewolf", "werewolf", "tanner", "troublemaker", "drunk")),
    ("official", 3, ("doppelganger", "werewolf", "minion", "tanner", "robber", "insomniac")),
    ("table", 4, ("doppelganger", "werewolf", "werewolf", "minion", "robber", "insomniac")),
)
"""Small decks with two or more cards off the village team that may go unnamed."""


def quiet_talkers(deck: tuple[str, ...]) -> ClaimPolicy:
    """Village-believers tell the truth (the role alone, or with its night); the others
    claim a village card of the deck with a night that names village cards only."""
    village = sorted({role for role in deck if RULES.team(role) == "village"})

    def policy(seat: int, dealt: str, entry: NightEntry, rng: Random) -> Claim | None:
        believes = believed_card(RULES, dealt, seat, entry)
        if RULES.team(believes) == "village":
            return Claim(seat, dealt, entry if rng.random() < 0.6 else NightEntry())
        role = rng.choice(village)
        others = [other for other in range(1, 5) if other != seat]
        made = {
            "seer": NightEntry.of(saw=((rng.choice(others), rng.choice(village)),)),
            "robber": NightEntry.of(robbed=rng.choice(others), got=rng.choice(village)),
            "troublemaker": NightEntry.of(swapped=tuple(sorted(rng.sample(others, 2)))),
            "insomniac": NightEntry.of(now=rng.choice(village)),
        }
        return Claim(seat, role, made.get(role, NightEntry()))

    return policy


def played(seed: int, seen: bool = False) -> DealRecord:
    """A deal played with one of :data:`DECKS`, in public (no card known or one) or
    ``seen`` from a seat (its card and night, its wins if each other seat dies), the
    claims that name no card off the village team, under either speech model and
    night prior, with no village lies or some."""
    rng = Random(seed)
    edition, players, deck = rng.choice(DECKS)
    game = play_deal(rng, players, edition=edition, deck=deck, claims=quiet_talkers(deck)).record
    model = Model(
        rng.choice(["act", "uniform"]),
        Fraction(rng.choice([0, 0, 0, 1]), 10),
        rng.choice(["mimic", "free"]),
    )
    if seen:
        seat = rng.randint(1, players)
        return seen_by(game, seat, claims=quiet(game, seat), model=model)
    return in_public(game, rng, known=rng.choice([0, 0, 1]), claims=quiet(game), model=model)


def quiet(game: DealRecord, seat: int = 0) -> tuple[Claim, ...]:
    """The claims of seats other than ``seat`` that name no card off the village team."""
    return tuple(
        claim
        for claim in game.claims
        if claim.seat != seat
        and all(
            RULES.team(name) == "village"
            for name in (claim.role, *names_told(tuple(value for _, value in claim.entry.items)))
            if name in RULES.roles
        )
    )


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_cards_nobody_tells_apart_count_exactly(seed: int) -> None:
    record = played(seed)
    assert solved(record, "fast") == solved(record, "brute")


@settings(max_examples=max(4, settings().max_examples // 2))
@given(st.integers(0, 10**9))
def test_cards_nobody_tells_apart_count_exactly_from_a_seat(seed: int) -> None:
    # the viewpoint's wins summed over the labellings, a copy's tie kept by seat
    record = played(seed, seen=True)
    assert solved(record, "fast") == solved(record, "brute")


def hint_position(seed: int) -> DealRecord | None:
    """A deal played with one of :data:`DECKS`, seen by a seat dealt a card with a night
    choice still to make (its night unrecorded), with the other seats' claims that name
    no card off the village team (``None``: no such seat)."""
    rng = Random(seed)
    edition, players, deck = rng.choice(DECKS)
    game = play_deal(rng, players, edition=edition, deck=deck, claims=quiet_talkers(deck)).record
    choosers = ("troublemaker", "drunk", "seer", "robber")
    seats = [seat for seat in game.layout.seats if game.cards[seat] in choosers]
    if not seats:
        return None
    seat = rng.choice(seats)
    model = Model(
        rng.choice(["act", "uniform"]),
        Fraction(rng.choice([0, 0, 0, 1]), 10),
        rng.choice(["mimic", "free"]),
    )
    return replace(
        seen_by(game, seat, claims=quiet(game, seat), model=model),
        night=MappingProxyType({}),
    )


@settings(max_examples=max(4, settings().max_examples // 3))
@given(st.integers(0, 10**9))
def test_a_hint_option_counts_exactly_through_the_class(seed: int) -> None:
    # a troublemaker's swap, a drunk's take, doing nothing: each labelling's D; a seer's
    # look, a robber's new card: the class cards shown followed, labelled at dawn
    record = hint_position(seed)
    assume(record is not None)
    assert record is not None
    hints_agree(record)


def test_the_class_forms_for_every_option() -> None:
    """The hint positions above do exercise the class: for a troublemaker's or a
    drunk's options and for doing nothing, and for a seer's or robber's option, which
    shows a card."""
    formed: dict[bool, int] = {True: 0, False: 0}
    for seed in range(40):
        record = hint_position(seed)
        if record is None:
            continue
        knowledge, seat, role, so_far = _free_knowledge(record)
        state = NightState(record.layout, _placeholder(record), [])
        for option in power_of(RULES.roles[role]).options(seat, state, uniform=True):
            shown = role in ("seer", "robber") and bool(option)
            part = _with_option(knowledge, seat, option, so_far)
            formed[shown] += unseen_of(part) is not None
    assert formed[False] >= 20 and formed[True] >= 20


def test_the_class_forms_in_most_such_deals() -> None:
    """The deals above do exercise the class: most form one, with a werewolf in it,
    in public and from a seat."""
    for seen in (False, True):
        formed = [unseen_of(knowledge_of(played(seed, seen))) for seed in range(40)]
        assert sum(found is not None for found in formed) >= 20
        assert sum(found is not None and "werewolf" in found.cards for found in formed) >= 10


def test_a_seat_copying_a_class_card_is_kept_apart() -> None:
    """Found by the stress run of the class from a seat: the copy of seat 1's or seat
    3's class card, lumped as one copy, told the viewpoint's wins wrong (the robber
    that took the copy shares its label with the seat copied)."""
    record = read_record(
        {
            "game": "onuw",
            "edition": "official",
            "players": 4,
            "deck": [*DECKS[0][2]],
            "model": {"village_lies": "1/10", "speech": "free"},
            "viewpoint": 2,
            "cards": {2: "robber"},
            "night": {2: {"robbed": 4, "got": "doppelganger"}},
            "claims": [
                {"seat": 4, "role": "doppelganger", "copied": {3: "troublemaker"}},
                {"seat": 1, "role": "troublemaker", "swapped": [3, 4]},
                {"seat": 3, "role": "troublemaker", "swapped": [1, 4]},
            ],
        }
    )
    assert unseen_of(knowledge_of(record)) is not None
    assert solved(record, "fast") == solved(record, "brute")


def test_a_look_at_the_card_a_copy_copied_is_read_per_copy() -> None:
    """Found by the stress run of the class in night hints: the seer's look at seat 1
    may show the class card the doppelganger copied, which shares the copy's label, so
    copies of two seats' class cards are kept apart, and a copy tied to a class card is
    not walked with the other copies (what the look saw is read per copy)."""
    record = read_record(
        {
            "game": "onuw",
            "edition": "table",
            "players": 3,
            "deck": ["doppelganger", "seer", "tanner", "troublemaker", "werewolf"],
            "viewpoint": 2,
            "cards": {2: "seer"},
        }
    )
    knowledge, seat, _, so_far = _free_knowledge(record)
    assert unseen_of(_with_option(knowledge, seat, (1,), so_far)) is not None
    hints_agree(record)


def test_the_viewpoints_wins_are_counted_as_listed() -> None:
    """:meth:`Unseen.wins` against every labelling of the players' class cards (a copy
    and the card it copied one label), judged by the rules' own :func:`wins`."""
    cards = {"werewolf": 2, "minion": 1, "tanner": 1}
    unseen = Unseen(MappingProxyType(cards), lone_options=3)
    layouts = set(permutations([name for name, n in cards.items() for _ in range(n)]))
    seat = {"game": "onuw", "players": 4, "viewpoint": 1, "cards": {1: "seer"}}
    engine = _Engine(knowledge_of(read_record(seat)))
    rng = Random(7)
    for _ in range(300):
        players = [rng.choice(["villager", "seer", "robber", "werewolf"]) for _ in range(4)]
        order = rng.sample(range(4), 4)
        unseen_seats = order[: rng.randint(0, 3)]
        tied_seats = order[len(unseen_seats) :][: rng.randint(0, 2)]
        for at in unseen_seats:
            players[at] = UNSEEN
        for at in tied_seats:
            players[at] = COPIED
        viewpoint = rng.randrange(4)
        for dies in (None, *(seat for seat in range(4) if seat != viewpoint)):
            expected = 0
            for labels in layouts:
                dawn = list(players)
                for at, label in zip(unseen_seats, labels, strict=False):
                    dawn[at] = label
                for at in tied_seats:
                    dawn[at] = labels[len(unseen_seats)]
                dead = () if dies is None else (dies + 1,)
                expected += wins(RULES, 4, dawn, dead, viewpoint + 1)
            shown = None if dies is None else players[dies]
            assert unseen.wins(engine.judge, players, players[viewpoint], shown) == expected


def test_labellings_are_counted_as_listed() -> None:
    """The labelling counts against every labelling listed: no werewolf among the
    players' class cards at dawn (a copy and the card it copied one label), and the
    worlds a lone werewolf's look adds (the card copied, first, is not lone)."""
    for cards in (
        {"werewolf": 2, "minion": 1, "tanner": 1},
        {"werewolf": 2, "minion": 1},
        {"minion": 1, "tanner": 1},
        {"werewolf": 1, "tanner": 1},
    ):
        unseen = Unseen(MappingProxyType(cards), lone_options=3)
        layouts = set(permutations([name for name, n in cards.items() for _ in range(n)]))
        size = sum(cards.values())
        assert unseen.labellings == len(layouts)
        for held in range(size + 1):
            plain = [UNSEEN] * held
            assert unseen.no_wolf(plain) == sum("werewolf" not in at[:held] for at in layouts)
            if held < size:
                tied = sum("werewolf" not in at[: held + 1] for at in layouts)
                assert unseen.no_wolf([*plain, COPIED]) == tied
        for dealt in range(size + 1):
            for copied in (False, True)[: 1 + bool(dealt)]:

                def worlds(at: tuple[str, ...], dealt: int = dealt, copied: bool = copied) -> int:
                    wolves = at[:dealt].count("werewolf") + (copied and at[0] == "werewolf")
                    return 3 if wolves == 1 else 1

                dawn = [COPIED] if copied else []
                expected = sum(worlds(at) for at in layouts)
                assert unseen.worlds([UNSEEN] * dealt, dawn) == expected
