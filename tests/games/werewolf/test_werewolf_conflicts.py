"""Conflicts are minimal in the contract's sense, checked on records cut at every event of
played games made inconsistent: a game played without the parity win read with it (the game
should have ended at a dawn or a lynch, yet went on), or one revealed card changed.

A set of events "holds" when some world satisfies every fact of its events and, for each of
its public events that follows an earlier public event, no win condition held among those
alive just before it (so the set's last public event may end the game). The oracle below
reads that with the moderator's own :func:`~.engine.winner_of` and enumerates every world:
every engine's conflict must not hold, and must hold with any one of its events dropped.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

import pytest
from hypothesis import event as note
from hypothesis import given, settings
from hypothesis import strategies as st
from test_werewolf_properties import SMALL_DECKS

from wooolf_solver.core.conflict import minimal_conflict
from wooolf_solver.core.errors import EventId, InconsistentRecordError, InvalidRecordError
from wooolf_solver.engines import get_engine
from wooolf_solver.games.werewolf import GAME
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.events import Dawn, Day, Event, Shot
from wooolf_solver.games.werewolf.model import ALWAYS, GoesOn, WerewolfKnowledge, knowledge_of
from wooolf_solver.games.werewolf.play import play_game, winner_of
from wooolf_solver.games.werewolf.record import GameRecord, dump_record, read_record
from wooolf_solver.games.werewolf.rules import Variants

consistent = get_engine("brute").consistent


def holds(record: GameRecord, knowledge: WerewolfKnowledge, events: Iterable[EventId]) -> bool:
    """Whether some world satisfies ``events`` (the oracle: the game's end read by the
    moderator's rule, not the model's)."""
    kept = {*events}
    facts = [
        o
        for o in knowledge.observations
        if not isinstance(o, GoesOn) and (o.event in kept or o.event in ALWAYS)
    ]
    public = [n for n, event in enumerate(record.events, 1) if event.public]
    alive = [record.alive_after(n - 1) for n in public[1:] if n in kept]
    layout, rules, parity = knowledge.layout, record.rules, record.variants.parity
    for world in knowledge.space.worlds():
        if not all(o.likelihood(world) for o in facts):
            continue
        roles = {seat: layout.role(world, seat) for seat in layout.seats}
        lovers = layout.lovers(world)
        if all(winner_of(rules, roles, a, lovers=lovers, parity=parity) is None for a in alive):
            return True
    return False


def conflicts(record: GameRecord, engine: str) -> dict[str, tuple[EventId, ...]]:
    """The conflict named by ``solve`` with ``engine`` and by the generic brute force."""
    knowledge = knowledge_of(record)
    with pytest.raises(InconsistentRecordError) as caught:
        GAME.solve(record, engine)
    return {
        engine: caught.value.conflict,
        "brute": minimal_conflict(knowledge, get_engine("brute")),
    }


def changed_card(record: GameRecord, rng: random.Random) -> GameRecord:
    """The record with one revealed card (if any) changed to another role of the deck."""
    shown = [n for n, e in enumerate(record.events) if isinstance(e, Dawn | Day | Shot) and e.cards]
    if not shown:
        return record
    number = rng.choice(shown)
    event: Event = record.events[number]
    assert isinstance(event, Dawn | Day | Shot)
    seat, role = rng.choice(event.cards)
    other = rng.choice([name for name, _ in record.deck if name not in (role, "thief")] or [role])
    cards = tuple((s, other if s == seat else r) for s, r in event.cards)
    events = (*record.events[:number], replace(event, cards=cards), *record.events[number + 1 :])
    try:  # a lynched idiot's card says who died: the reader refuses what no game has
        return read_record(dump_record(replace(record, events=events)))
    except InvalidRecordError:
        return record


@settings(max_examples=20, deadline=None)
@given(
    deck=st.sampled_from(SMALL_DECKS),
    seed=st.integers(0, 2**32),
    change=st.sampled_from(["parity", "card"]),
    engine=st.sampled_from([name for name in GAME.engines if name != "cpsat"]),  # cpsat: below
)
def test_every_conflict_of_a_cut_record_cannot_hold_and_is_minimal(
    deck: tuple[tuple[str, int], ...], seed: int, change: str, engine: str
) -> None:
    rng = random.Random(seed)
    played = play_game(deck, RandomBot(rng, claims=0.4), rng, Variants(parity=False)).record
    if change == "parity":
        played = replace(played, variants=replace(played.variants, parity=True))
    else:
        played = changed_card(played, rng)
    seen = 0
    for cut in range(1, len(played.events) + 1):
        whole = replace(played, events=played.events[:cut])
        for record in (whole, whole.view(None), whole.view(rng.choice(played.seats))):
            knowledge = knowledge_of(record)
            if holds(record, knowledge, knowledge.events):
                assert GAME.solve(record, engine).to_dict()["consistent"]
                continue
            seen += 1
            for name, found in conflicts(record, engine).items():
                assert not holds(record, knowledge, found), (name, found)
                for event in found:
                    rest = [other for other in found if other != event]
                    assert holds(record, knowledge, rest), (name, found, event)
    note(f"{change}: {'some' if seen else 'no'} conflicts")


def test_the_oracle_reads_a_game_that_went_on_at_parity() -> None:
    record = read_record(PARITY)
    knowledge = knowledge_of(record)
    assert holds(record, knowledge, [1, 2, 3, 4]) and not holds(record, knowledge, [3, 4, 5])


PARITY = {
    "game": "werewolf",
    "players": 6,
    "roles": {"werewolf": 2, "seer": 1, "villager": 3},
    "rules": {"parity": True},
    "viewpoint": 1,
    "cards": {1: "seer"},
    "events": [
        {"night": 1},
        {"seat": 1, "checks": 2, "sees": "werewolf"},
        {"dawn": 1, "dead": [3], "cards": {3: "villager"}},
        {"day": 1, "votes": {1: 4, 2: 4, 5: 4, 6: 1}, "lynched": 4, "cards": {4: "villager"}},
        {"night": 2},
        {"dawn": 2, "dead": []},
    ],
}
"""With parity, the lynch (event 4) leaves two werewolves and two others alive."""


def test_a_lynch_that_ends_the_game_conflicts_with_what_follows_not_with_itself() -> None:
    # the shape: the lynch as the record's last event may end the game; the night
    # that follows it may not, with the two villagers' cards
    ended = read_record({**PARITY, "events": PARITY["events"][:4]})
    assert GAME.solve(ended).to_dict()["consistent"]
    record = read_record(PARITY)
    for engine in GAME.engines:
        with pytest.raises(InconsistentRecordError) as caught:
            GAME.solve(record, engine)
        assert caught.value.conflict == (3, 4, 5), engine
    knowledge = knowledge_of(record)
    assert not consistent(knowledge.restricted([3, 4, 5]))
    assert all(consistent(knowledge.restricted(rest)) for rest in [(4, 5), (3, 5), (3, 4)])


def test_a_dawn_that_ends_the_game_conflicts_with_the_day_after_it() -> None:
    # dawn 2 leaves two werewolves and two others alive; the day and night follow
    events = [
        {"night": 1},
        {"seat": 1, "checks": 2, "sees": "werewolf"},
        {"dawn": 1, "dead": []},
        {"day": 1, "votes": {1: 4, 2: 4, 5: 4, 6: 1}, "lynched": 4, "cards": {4: "villager"}},
        {"night": 2},
        {"dawn": 2, "dead": [3], "cards": {3: "villager"}},
        {"day": 2, "votes": {1: 2, 2: 1}, "lynched": None},
        {"night": 3},
    ]
    assert GAME.solve(read_record({**PARITY, "events": events[:6]})).to_dict()["consistent"]
    record = read_record({**PARITY, "events": events})
    with pytest.raises(InconsistentRecordError) as caught:
        GAME.solve(record)
    assert caught.value.conflict == (4, 6, 7)
    knowledge = knowledge_of(record)
    assert not holds(record, knowledge, (4, 6, 7))
    assert all(holds(record, knowledge, rest) for rest in [(6, 7), (4, 7), (4, 6)])
