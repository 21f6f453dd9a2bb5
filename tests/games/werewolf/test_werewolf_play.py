"""The moderator: each power and each chain of deaths on a scripted table, and games
played by random bots written as records that read back identically."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from wooolf_solver.core.errors import InvalidDeckError
from wooolf_solver.games.werewolf.asks import View
from wooolf_solver.games.werewolf.bots import RandomBot
from wooolf_solver.games.werewolf.events import (
    Check,
    Dawn,
    Day,
    Event,
    Night,
    Protects,
    SheriffNamed,
    Shot,
    WitchNight,
)
from wooolf_solver.games.werewolf.play import (
    IllegalMoveError,
    Outcome,
    play_game,
    winner_of,
)
from wooolf_solver.games.werewolf.record import dump_record, read_record
from wooolf_solver.games.werewolf.rules import Deck, Variants, load_rules


class Scripted(RandomBot):
    """A random bot whose answers to some questions are scripted, in order."""

    def __init__(self, seed: int = 0, **script: list[Any]) -> None:
        super().__init__(random.Random(seed))
        self.script = script

    def answer(self, name: str, default: Any, allowed: Sequence[Any] = ()) -> Any:
        """The next scripted answer (one no longer allowed is skipped), else ``default``."""
        queue = self.script.get(name)
        while queue:
            answer = queue.pop(0)
            if not allowed or answer in allowed:
                return answer
        return default

    def victim(self, view: View, pack: tuple[int, ...], allowed: Sequence[int]) -> int:
        return int(self.answer("victim", super().victim(view, pack, allowed), allowed))

    def vote(self, view: View, seat: int, allowed: Sequence[int]) -> int:
        return int(self.answer("vote", super().vote(view, seat, allowed), allowed))

    def elect(self, view: View, seat: int, allowed: Sequence[int]) -> int:
        return int(self.answer("elect", super().elect(view, seat, allowed), allowed))

    def check(self, view: View, seat: int, allowed: Sequence[int]) -> int:
        return int(self.answer("check", super().check(view, seat, allowed), allowed))

    def shoot(self, view: View, seat: int, allowed: Sequence[int]) -> int:
        return int(self.answer("shoot", super().shoot(view, seat, allowed), allowed))

    def cupid(self, view: View, seat: int, allowed: Sequence[int]) -> tuple[int, int]:
        pair: tuple[int, int] = self.answer("cupid", super().cupid(view, seat, allowed))
        return pair

    def witch(self, view: View, seat: int, victim: int, **kw: Any) -> tuple[bool, int | None]:
        answer: tuple[bool, int | None] = self.answer("witch", (False, None))
        return answer

    def successor(self, view: View, seat: int, allowed: Sequence[int]) -> int:
        return int(self.answer("successor", super().successor(view, seat, allowed), allowed))


def deck_of(cards: Sequence[str]) -> Deck:
    return tuple(sorted(Counter(cards).items()))


def play(cards: Sequence[str], bot: RandomBot, **variants: Any) -> Outcome:
    """Play with the cards dealt in seat order (no thief: nothing left over)."""
    return play_game(deck_of(cards), bot, random.Random(0), Variants(**variants), deal=cards)


def kinds(events: Sequence[Event], kind: type[Event]) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def round_trip(outcome: Outcome) -> None:
    record = outcome.record
    assert read_record(dump_record(record)) == record
    assert read_record(dump_record(record, "json")) == record


def test_a_werewolf_kills_a_villager_then_the_lynch() -> None:
    outcome = play(
        ["werewolf", "villager", "villager"], Scripted(victim=[2], elect=[1, 1, 1], vote=[1, 1])
    )
    events = [event.to_dict() for event in outcome.record.events]
    assert events == [
        {"night": 1},
        {"seat": 1, "wolves": [1]},
        {"dawn": 1, "dead": [2], "cards": {2: "villager"}},
        {"sheriff": 1},
        {"day": 1, "votes": {1: 1, 3: 1}, "lynched": 1, "cards": {1: "werewolf"}},
    ]
    assert (outcome.winner, outcome.winners, outcome.days) == ("village", (2, 3), 1)
    round_trip(outcome)


def test_the_elder_survives_the_first_attack_only() -> None:
    cards = ["werewolf", "elder", "villager", "villager", "villager", "villager"]
    outcome = play(cards, Scripted(victim=[2, 2], vote=[3] * 5))
    dawns = kinds(outcome.record.events, Dawn)
    assert dawns[0].dead == () and dawns[1].dead[0] == 2


def test_the_elder_lynched_takes_the_villagers_powers() -> None:
    cards = ["werewolf", "elder", "seer", "villager", "villager", "villager", "villager"]
    bot = Scripted(victim=[4, 5], vote=[2] * 7, check=[1, 1])
    outcome = play(cards, bot)
    events = outcome.record.events
    lynch = next(n for n, e in enumerate(events) if isinstance(e, Day))
    assert kinds(events[:lynch], Check) and not kinds(events[lynch:], Check)


def test_the_witch_heals_once_and_poisons_once_herself_included() -> None:
    cards = ["werewolf", "witch", "villager", "villager", "villager", "villager"]
    bot = Scripted(victim=[2, 3], witch=[(True, None), (False, 4)], vote=[5] * 10)
    outcome = play(cards, bot)
    nights = kinds(outcome.record.events, WitchNight)
    assert nights[0] == WitchNight(2, 2, heals=True)  # she saves herself
    assert nights[1] == WitchNight(2, 3, poisons=4)
    assert kinds(outcome.record.events, Dawn)[1].dead == (3, 4)
    round_trip(outcome)


def test_the_hunter_shoots_and_a_lover_dies_of_grief() -> None:
    cards = ["werewolf", "hunter", "cupid", "villager", "villager", "villager"]
    bot = Scripted(cupid=[(4, 5)], victim=[2], shoot=[4], vote=[1] * 6)
    outcome = play(cards, bot)
    shot = kinds(outcome.record.events, Shot)[0]
    assert shot == Shot(2, 4, ((4, "villager"), (5, "villager")), (5,))
    assert outcome.record.alive_after(outcome.record.events.index(shot) + 1) == (1, 3, 6)
    round_trip(outcome)


def test_the_sheriff_votes_twice_and_names_a_successor() -> None:
    cards = ["werewolf", "werewolf", "villager", "villager", "villager", "villager", "villager"]
    # day 1: the sheriff (3) names 1, two others name 4: a tie of 2 against 2
    bot = Scripted(victim=[5, 3], elect=[3] * 7, vote=[4, 4, 1, 6, 7, 2], successor=[7])
    outcome = play(cards, bot)
    days = kinds(outcome.record.events, Day)
    assert dict(days[0].votes)[3] == 1 and days[0].lynched is None
    sheriffs = kinds(outcome.record.events, SheriffNamed)
    assert sheriffs[:2] == [SheriffNamed(3), SheriffNamed(7)]  # 3 dies on night 2
    round_trip(outcome)


def test_the_scapegoat_dies_on_a_tie_and_names_the_next_voters() -> None:
    cards = [
        "werewolf",
        "werewolf",
        "scapegoat",
        "villager",
        "villager",
        "villager",
        "villager",
        "villager",
    ]
    bot = Scripted(victim=[8, 7], elect=[7] * 7, vote=[4, 4, 5, 5, 6, 6, 3])
    outcome = play(cards, bot)
    days = kinds(outcome.record.events, Day)
    assert days[0].lynched == 3 and len(days[0].votes) == 7
    assert len(days) == 1 or len(days[1].votes) < 5  # the scapegoat named the voters
    round_trip(outcome)


def test_the_idiot_is_spared_once_and_never_votes_again() -> None:
    cards = ["werewolf", "village-idiot", "villager", "villager", "villager", "villager"]
    bot = Scripted(victim=[6, 5], vote=[2] * 5 + [3] * 4)
    outcome = play(cards, bot)
    days = kinds(outcome.record.events, Day)
    assert days[0].lynched == 2 and not days[0].lynched_dies
    assert 2 not in dict(days[1].votes)
    round_trip(outcome)


def test_the_defender_never_protects_twice_in_a_row_nor_the_little_girl() -> None:
    cards = [
        "werewolf",
        "defender",
        "little-girl",
        "villager",
        "villager",
        "villager",
        "villager",
        "villager",
        "werewolf",
    ]
    for seed in range(30):
        outcome = play(cards, Scripted(seed))
        protects = [e.protects for e in kinds(outcome.record.events, Protects)]
        assert 3 not in protects
        nights = [e for e in outcome.record.events if isinstance(e, Night | Protects)]
        pairs = [(a, b) for a, b in zip(nights, nights[2:], strict=False)]
        assert all(
            not (isinstance(a, Protects) and isinstance(b, Protects) and a.protects == b.protects)
            for a, b in pairs
        )


def test_the_piper_wins_when_every_other_living_player_is_charmed() -> None:
    cards = ["werewolf", "piper", "villager", "villager", "villager"]
    outcome = play(cards, Scripted(victim=[3], vote=[1] * 10))
    # night 1: 2 charmed; 3 dies; day: lynch 1 (the werewolf) -> village wins
    assert outcome.winner in ("village", "piper")
    for seed in range(40):
        outcome = play(cards, Scripted(seed))
        if outcome.winner == "piper":
            assert outcome.winners == (2,)
            break
    else:
        pytest.fail("the piper never won")


def test_winner_of_every_condition() -> None:
    rules = load_rules()
    roles = {1: "werewolf", 2: "villager", 3: "villager", 4: "piper"}
    assert winner_of(rules, roles, []) == "nobody"
    assert winner_of(rules, roles, [1]) == "werewolves"
    assert winner_of(rules, roles, [2, 3]) == "village"
    assert winner_of(rules, roles, [1, 2]) is None
    assert winner_of(rules, roles, [1, 2], parity=True) == "werewolves"
    assert winner_of(rules, roles, [1, 2], lovers=(1, 2)) == "lovers"
    assert winner_of(rules, roles, [2, 3], lovers=(2, 3)) == "village"
    assert winner_of(rules, roles, [1, 3, 4], charmed=frozenset({1, 3})) == "piper"


def test_a_deal_must_hold_the_deck() -> None:
    with pytest.raises(InvalidDeckError, match=r"^deal: "):
        play_game(
            deck_of(["werewolf", "villager"]),
            RandomBot(random.Random(0)),
            random.Random(0),
            deal=["villager", "villager"],
        )


ALL_ROLES = (
    ("cupid", 1), ("defender", 1), ("elder", 1), ("hunter", 1), ("little-girl", 1),
    ("piper", 1), ("scapegoat", 1), ("seer", 1), ("thief", 1), ("village-idiot", 1),
    ("villager", 3), ("werewolf", 3), ("witch", 1),
)  # fmt: skip


@pytest.mark.parametrize("seed", range(40))
def test_played_games_read_back_identically(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice(range(8, 19))
    deck = tuple(sorted(dict(ALL_ROLES).items())) if seed % 2 else load_rules().table_deck(players)
    variants = Variants(rng.random() < 0.5, rng.choice(["card", "alignment"]), rng.random() < 0.3)
    bot = RandomBot(random.Random(seed), unanimous=seed % 3 != 0, claims=0.3)
    outcome = play_game(deck, bot, rng, variants)  # type: ignore[arg-type]
    round_trip(outcome)
    assert outcome.winner is not None


class Cheater(RandomBot):
    def victim(self, view: View, pack: tuple[int, ...], allowed: Sequence[int]) -> int:
        return pack[0]


def test_an_illegal_decision_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match=r"^victim: 1 is not one of \[2, 3\]"):
        play(["werewolf", "villager", "villager"], Cheater(random.Random(0)))
