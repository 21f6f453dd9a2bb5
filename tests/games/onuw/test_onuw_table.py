"""The ONUW table engine: played deals are legal, their records read back, and the
solver finds the truth possible from any seat's view of them."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from types import MappingProxyType

from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.games.onuw.model import knowledge_of, world_of
from wooolf_solver.games.onuw.night import play_night
from wooolf_solver.games.onuw.posterior import solve
from wooolf_solver.games.onuw.record import DealRecord, dump_record, read_record
from wooolf_solver.games.onuw.table import play_deal, truthful
from wooolf_solver.games.onuw.win import deaths


def test_played_deals_are_legal_game_records() -> None:
    rng = Random(2024)
    for players, edition in [(3, "table"), (5, "table"), (4, "official"), (8, "official")]:
        for _ in range(20):
            played = play_deal(rng, players, edition=edition, bots=(players,), claims=truthful)
            record = played.record
            assert record.is_game
            assert sorted(record.dealt) == list(record.deck)
            assert players not in {claim.seat for claim in record.claims}
            # Reading checks the whole night against the deal; the text round-trips.
            assert read_record(dump_record(record)) == record
            assert read_record(dump_record(record, "json")) == record
            dawn = play_night(record.rules, record.layout, record.dealt, record.choices())
            assert dawn.cards == played.dawn
            assert record.votes is not None
            assert played.dead == deaths(record.votes, record.rules_edition.vote)
            assert set(played.winners) <= set(record.layout.seats)


def test_the_same_seed_plays_the_same_deal() -> None:
    first = play_deal(Random(5), 6, claims=truthful, night="uniform")
    second = play_deal(Random(5), 6, claims=truthful, night="uniform")
    assert first == second


def view(record: DealRecord, seat: int) -> DealRecord:
    """What ``seat`` knows of a played deal: its card, its night, every claim."""
    return replace(
        record,
        viewpoint=seat,
        cards=MappingProxyType({seat: record.cards[seat]}),
        night=MappingProxyType({seat: record.night[seat]}),
        votes=None,
    )


@given(
    seed=st.integers(0, 2**32 - 1),
    table=st.sampled_from([(3, "table"), (4, "table"), (3, "official")]),
    data=st.data(),
)
def test_truthful_played_deals_are_consistent_and_keep_the_truth(
    seed: int, table: tuple[int, str], data: st.DataObject
) -> None:
    players, edition = table
    played = play_deal(Random(seed), players, edition=edition, claims=truthful)
    record = played.record
    seat = data.draw(st.sampled_from(record.layout.seats))
    mine = view(record, seat)
    knowledge = knowledge_of(mine)
    assert knowledge.likelihood(world_of(record)) > 0
    solution = solve(mine, "brute")
    for slot in record.layout.slots:
        assert solution.dawn[slot].get(played.dawn[slot - 1], 0) > 0
        assert solution.dealt[slot].get(record.dealt[slot - 1], 0) > 0
    assert all(p < 1 for p in solution.lying.values())  # each claim is true in the truth
