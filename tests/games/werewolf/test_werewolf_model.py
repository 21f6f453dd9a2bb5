"""The spec's readings of a Werewolf record, one by one, on tables small enough to check
by hand; the output's JSON; conflicts."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from werewolf_reference import conflict, consistent, solve, solve_knowledge

from wooolf_solver.games.werewolf.model import knowledge_of
from wooolf_solver.games.werewolf.record import read_record

F = Fraction


def record(roles: dict[str, int], **fields: Any) -> Any:
    return read_record(
        {"game": "werewolf", "players": sum(roles.values()), "roles": roles, **fields}
    )


def test_a_plain_deal_every_assignment_equally_likely() -> None:
    solution = solve(record({"werewolf": 1, "villager": 2}, viewpoint=1, cards={1: "villager"}))
    assert solution.worlds == 2
    assert solution.werewolf == {1: 0, 2: F(1, 2), 3: F(1, 2)}
    assert solution.to_dict() == {
        "consistent": True,
        "worlds": 2,
        "roles": {
            "1": {"villager": 1.0},
            "2": {"villager": 0.5, "werewolf": 0.5},
            "3": {"villager": 0.5, "werewolf": 0.5},
        },
        "werewolf": {"1": 0.0, "2": 0.5, "3": 0.5},
        "lying": {},
        "lynch": [{"seat": 2, "werewolf": 0.5}, {"seat": 3, "werewolf": 0.5}],
        "speech": "mimic",
    }


def test_the_thief_deck_two_extra_villagers_two_left_over_slots_both_exchanges() -> None:
    # 5 cards (thief, werewolf, 3 villagers): 20 deals; the thief dealt to a seat in 12,
    # with two exchanges each (24 worlds), left over in 8 (8 worlds).
    solution = solve(record({"thief": 1, "werewolf": 1, "villager": 1}))
    assert solution.worlds == 32
    # P(plays the werewolf) = P(dealt it) + P(dealt the thief and took it) = 1/5 + 1/20.
    assert solution.werewolf == {1: F(1, 4), 2: F(1, 4), 3: F(1, 4)}
    assert "thief" not in solution.exact[1]


def test_the_thief_becomes_a_werewolf_when_both_left_over_cards_are() -> None:
    deck = {"thief": 1, "werewolf": 2}
    took = record(
        deck,
        viewpoint=1,
        cards={1: "werewolf"},
        events=[{"night": 1}, {"seat": 1, "takes": "werewolf"}],
    )
    solution = solve(took)
    assert solution.exact[1] == {"werewolf": 1}
    # seats 2 and 3 hold two of: the other werewolf, two villagers
    assert solution.werewolf[2] == solution.werewolf[3] == F(1, 3)


def test_a_known_card_with_a_thief_is_the_role_played() -> None:
    solution = solve(
        record({"thief": 1, "werewolf": 1, "villager": 1}, viewpoint=2, cards={2: "villager"})
    )
    assert solution.exact[2] == {"villager": 1}
    assert solution.werewolf[1] == solution.werewolf[3]


def test_cupid_lovers_are_any_pair() -> None:
    solution = solve(record({"cupid": 1, "werewolf": 1, "villager": 1}))
    assert solution.worlds == 18  # 3! deals times 3 pairs


def test_a_dawn_death_without_a_living_witch_is_the_werewolves_victim() -> None:
    deck = {"werewolf": 1, "villager": 3}
    events = [{"night": 1}, {"dawn": 1, "dead": [2]}]
    solution = solve(record(deck, rules={"reveal": False}, events=events))
    assert solution.werewolf == {1: F(1, 3), 2: 0, 3: F(1, 3), 4: F(1, 3)}
    # with a witch alive that night, the dead may be her poison's victim
    deck = {"werewolf": 1, "villager": 2, "witch": 1}
    solution = solve(record(deck, rules={"reveal": False}, events=events))
    assert solution.werewolf[2] > 0


def test_a_lover_dead_with_his_partner_may_be_a_werewolf() -> None:
    deck = {"werewolf": 1, "cupid": 1, "villager": 2}
    events = [{"night": 1}, {"dawn": 1, "dead": [2, 3]}]
    solution = solve(record(deck, rules={"reveal": False}, events=events))
    assert solution.werewolf[2] > 0 and solution.werewolf[1] > solution.werewolf[2]


def test_the_game_goes_on_after_every_public_event_but_the_last() -> None:
    deck = {"werewolf": 1, "villager": 3}
    events = [
        {"night": 1},
        {"dawn": 1, "dead": [2]},
        {"day": 1, "votes": {1: 3, 4: 3}, "lynched": 3},
        {"night": 2},
    ]
    solution = solve(record(deck, rules={"reveal": False}, events=events))
    assert solution.werewolf == {1: F(1, 2), 2: 0, 3: 0, 4: F(1, 2)}
    assert [item["seat"] for item in solution.to_dict()["lynch"]] == [1, 4]
    # as the last event, the lynch may have ended the game
    ended = solve(record(deck, rules={"reveal": False}, events=events[:3]))
    assert ended.werewolf[3] == F(1, 3)
    # with parity, two alive with a werewolf among them is over: the night that follows
    # the lynch contradicts (the lynch alone, the game's last event, may end it)
    parity = record(deck, rules={"reveal": False, "parity": True}, events=events)
    assert conflict(parity) == (4,)


def test_a_shot_makes_its_shooter_the_hunter() -> None:
    deck = {"werewolf": 1, "hunter": 1, "villager": 3}
    events = [{"night": 1}, {"dawn": 1, "dead": [2]}, {"seat": 2, "shoots": 3}]
    solution = solve(record(deck, rules={"reveal": False}, events=events))
    assert solution.exact[2] == {"hunter": 1}


def test_a_revealed_card_is_a_hard_fact() -> None:
    deck = {"werewolf": 1, "villager": 2, "seer": 1}
    events = [{"night": 1}, {"dawn": 1, "dead": [2], "cards": {2: "seer"}}]
    solution = solve(record(deck, events=events))
    assert solution.exact[2] == {"seer": 1} and solution.werewolf[3] == F(1, 3)


@pytest.mark.parametrize(
    ("private", "cards", "check"),
    [
        ({"seat": 1, "wolves": [1, 3]}, {1: "werewolf"}, {3: F(1), 2: F(0), 4: F(0)}),
        ({"seat": 1, "wolves": [1]}, {1: "werewolf"}, {3: F(0), 2: F(0), 4: F(0)}),
        ({"seat": 1, "victim": 2}, {1: "witch"}, {2: F(0), 3: F(1, 2), 4: F(1, 2)}),
        ({"seat": 1, "checks": 2, "sees": "werewolf"}, {1: "seer"}, {2: F(1), 3: F(0)}),
        ({"seat": 1, "protects": 2}, {1: "defender"}, {2: F(1, 3), 3: F(1, 3)}),
    ],
)
def test_private_events_fix_their_seat_and_say_what_they_saw(
    private: dict[str, Any], cards: dict[int, str], check: dict[int, Fraction]
) -> None:
    role = cards[1]
    deck = {"werewolf": 1, "villager": 2, role: 1}
    if role == "werewolf":
        deck = {"werewolf": 2 if len(private.get("wolves", [])) == 2 else 1, "villager": 2}
        deck["villager"] = 4 - deck["werewolf"]
    events = [{"night": 1}, private]
    solution = solve(record(deck, viewpoint=1, cards=cards, events=events))
    for seat, p in check.items():
        assert solution.werewolf[seat] == p, seat
    # the same event in the public's record tells nothing
    public = solve(record(deck, events=events))
    assert public.werewolf[1] > 0 or role == "werewolf"


def test_the_seer_alignment_variant() -> None:
    deck = {"werewolf": 1, "villager": 1, "witch": 1, "seer": 1}
    events = [{"night": 1}, {"seat": 1, "checks": 2, "sees": "not"}]
    solution = solve(
        record(deck, rules={"seer": "alignment"}, viewpoint=1, cards={1: "seer"}, events=events)
    )
    assert solution.exact[2] == {"villager": F(1, 2), "witch": F(1, 2)}


def test_lovers_seen_by_cupid_and_by_a_lover() -> None:
    deck = {"werewolf": 1, "cupid": 1, "villager": 2}
    events = [{"night": 1}, {"seat": 2, "lovers": [2, 3]}]
    lover = knowledge_of(record(deck, viewpoint=2, cards={2: "villager"}, events=events))
    assert solve_knowledge(lover).worlds == 6  # the pair known; 3! deals of the rest
    cupid = knowledge_of(
        record(
            deck,
            viewpoint=1,
            cards={1: "villager"},
            events=[{"night": 1}, {"seat": 1, "lovers": [2, 3]}],
        )
    )
    assert not consistent(cupid)  # seat 1 is not in the pair, so it is cupid


def test_the_charmed_know_the_piper_is_none_of_them() -> None:
    deck = {"werewolf": 1, "piper": 1, "villager": 2}
    events = [{"night": 1}, {"seat": 2, "charmed": [2, 3]}]
    solution = solve(record(deck, viewpoint=2, cards={2: "villager"}, events=events))
    assert solution.exact[3].get("piper", 0) == 0
    assert solution.exact[1]["piper"] == solution.exact[4]["piper"] == F(1, 2)


@pytest.mark.parametrize(
    ("speech", "lying"), [("free", (F(1, 2), F(1, 2))), ("mimic", (F(1, 4), F(3, 4)))]
)
def test_claims_village_tells_the_truth_werewolves_say_anything(
    speech: str, lying: tuple[F, F]
) -> None:
    # seat 2 or 3 is the seer, the other the werewolf: under free both stories weigh 1;
    # under mimic a werewolf's "seer, 1 is a villager" weighs 1/9, its "seer" 1/3
    deck = {"werewolf": 1, "seer": 1, "villager": 1}
    events = [
        {"night": 1},
        {"dawn": 1, "dead": []},
        {"seat": 2, "claims": "seer", "checked": {1: "villager"}},
        {"seat": 3, "claims": "seer"},
    ]
    model = {"speech": speech}
    solution = solve(record(deck, viewpoint=1, cards={1: "villager"}, events=events, model=model))
    assert solution.lying == {2: lying[0], 3: lying[1]}
    assert solution.to_dict()["lying"] == {"2": float(lying[0]), "3": float(lying[1])}


def test_a_checked_list_makes_a_claim_false_unless_it_is_a_seers() -> None:
    deck = {"werewolf": 1, "seer": 1, "villager": 1}
    events = [{"night": 1}, {"dawn": 1}, {"seat": 2, "claims": "villager", "checked": {3: "seer"}}]
    solution = solve(record(deck, viewpoint=1, cards={1: "villager"}, events=events))
    assert solution.werewolf[2] == 1 and solution.lying[2] == 1


def test_village_lies() -> None:
    deck = {"werewolf": 1, "seer": 1, "villager": 1}
    events = [{"night": 1}, {"dawn": 1}, {"seat": 2, "claims": "villager"}]
    solution = solve(
        record(
            deck, viewpoint=1, cards={1: "villager"}, events=events, model={"village_lies": "1/10"}
        )
    )
    assert solution.werewolf[2] == F(10, 11) and solution.lying[2] == 1


def test_the_last_claim_of_a_seat_is_judged() -> None:
    deck = {"werewolf": 1, "seer": 1, "villager": 1}
    events = [
        {"night": 1},
        {"dawn": 1},
        {"seat": 2, "claims": "villager"},
        {"seat": 2, "claims": "seer"},
    ]
    solution = solve(record(deck, viewpoint=1, cards={1: "villager"}, events=events))
    assert solution.werewolf[2] == 1 and solution.lying[2] == 1


def test_a_conflict_is_a_minimal_set_of_events() -> None:
    deck = {"werewolf": 1, "seer": 1, "villager": 2}
    events = [
        {"night": 1},
        {"seat": 1, "checks": 2, "sees": "werewolf"},
        {"dawn": 1, "dead": [3], "cards": {3: "villager"}},
        {"seat": 4, "claims": "villager"},
        {"day": 1, "votes": {1: 2}, "lynched": 2, "cards": {2: "villager"}},
    ]
    found = conflict(record(deck, viewpoint=1, cards={1: "seer"}, events=events))
    assert found == (2, 5)
    knowledge = knowledge_of(record(deck, viewpoint=1, cards={1: "seer"}, events=events))
    for event in found:
        rest = [other for other in found if other != event]
        assert consistent(knowledge.restricted(rest))


def test_the_lovers_of_different_teams_alone_alive_would_have_won() -> None:
    deck = {"werewolf": 1, "cupid": 1, "villager": 1}
    hidden = {"reveal": False}
    last = solve(record(deck, rules=hidden, events=[{"night": 1}, {"dawn": 1, "dead": [3]}]))
    on = solve(
        record(
            deck,
            rules=hidden,
            events=[{"night": 1}, {"dawn": 1, "dead": [3]}, {"sheriff": 1}],
        )
    )
    # seat 3 (the victim) is not the werewolf: 4 deals; any of 3 pairs, unless the game goes
    # on: then the living 1 and 2 (a werewolf and a villager) are not the lovers
    assert (last.worlds, on.worlds) == (12, 8)


def test_nobody_alive_counts_as_over() -> None:
    deck = {"werewolf": 1, "villager": 1, "witch": 1}
    events = [{"night": 1}, {"dawn": 1, "dead": [1, 2, 3]}]
    assert consistent(knowledge_of(record(deck, rules={"reveal": False}, events=events)))
    later = [*events, {"day": 1, "lynched": None}]
    assert conflict(record(deck, rules={"reveal": False}, events=later)) == (3,)


def test_a_lovers_grief_is_not_imposed() -> None:
    deck = {"werewolf": 1, "cupid": 1, "villager": 2}
    events = [{"night": 1}, {"dawn": 1, "dead": [2]}, {"day": 1, "lynched": None}, {"night": 2}]
    knowledge = knowledge_of(record(deck, rules={"reveal": False}, events=events))
    pairs = {
        world["lovers"]
        for world in knowledge.space.worlds()
        if all(o.likelihood(world) for o in knowledge.observations)
    }
    assert (2, 3) in pairs  # seat 2 dead, his lover 3 alive


def test_charms_make_the_piper() -> None:
    deck = {"werewolf": 1, "piper": 1, "villager": 2}
    events = [{"night": 1}, {"seat": 1, "charms": [2, 3]}]
    solution = solve(record(deck, viewpoint=1, cards={1: "piper"}, events=events))
    assert solution.exact[1] == {"piper": 1}
    public = solve(record(deck, events=events))
    assert public.exact[1]["piper"] == F(1, 4)  # a private event tells the public nothing
