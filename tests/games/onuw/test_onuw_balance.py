"""ONUW's balance figures: every exact figure against a brute force over every deal,
every night choice and every ballot profile; the command line; one-line errors."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations, product
from math import comb
from pathlib import Path
from types import MappingProxyType

import pytest
from helpers import run
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver import api
from wooolf_solver.core.errors import InvalidDeckError
from wooolf_solver.games.onuw.balance import (
    MODELLED,
    Balance,
    _dead,
    _table,
    balance_of,
    death_law,
    shot_law,
)
from wooolf_solver.games.onuw.night import Choice, NightState, play_night, power_of, wakers
from wooolf_solver.games.onuw.rules import TEAMS, Layout, Role, VoteRule, load_rules
from wooolf_solver.games.onuw.state import ballots_of
from wooolf_solver.games.onuw.win import deaths, winners

pytestmark = pytest.mark.usefixtures("plain_console")


@dataclass(frozen=True)
class Shooter(Role):
    """A role whose holder at dawn, if it dies, kills the seat it voted for."""

    shoots: bool = True


RULES = replace(
    load_rules(),
    roles=MappingProxyType({**load_rules().roles, "hunter": Shooter("hunter", "village")}),
)
"""The game's rules, with a hunter that shoots (whatever the rules file says of it)."""


def test_the_death_law_counts_every_ballot_profile() -> None:
    for players in (3, 4, 5, 6):
        for rule in (VoteRule(nobody=True, least=1), VoteRule(nobody=False, least=2)):
            counted, law = dead_sets(players, rule), death_law(players, rule)
            for size in range(players + 1):
                for seats in combinations(range(1, players + 1), size):
                    assert counted.get(seats, Fraction(0)) == law[size], (players, rule, seats)


def test_the_shot_law_counts_every_ballot_profile() -> None:
    """The hunter at seat 1: each final dead set's share is the vote's dead without a
    shot, or the vote's dead and one seat shot."""
    for players in (3, 4, 5, 6):
        for rule in (VoteRule(nobody=True, least=1), VoteRule(nobody=False, least=2)):
            counted = dead_sets(players, rule, (1,))
            law, shot = death_law(players, rule), shot_law(players, rule)
            for size in range(players + 1):
                for seats in combinations(range(1, players + 1), size):
                    if 1 not in seats:
                        expected = law[size]
                    else:  # unshot, or shot from a set one smaller
                        expected = law[size] - (players - size) * shot[size]
                        expected += (size - 1) * shot[size - 1]
                    assert counted.get(seats, Fraction(0)) == expected, (players, rule, seats)


def test_two_shooters_count_every_ballot_profile() -> None:
    """Two hunters (the hunter and a doppelganger that copied it) at seats 1 and 2:
    the figures of a table holding them agree with every ballot profile's dead, the
    shots followed down the chain."""
    rules = RULES
    for players in (3, 4, 5, 6):
        dawn = ("hunter", "hunter", "werewolf", "villager", "tanner", "minion")[:players]
        for rule in (VoteRule(nobody=True, least=1), VoteRule(nobody=False, least=2)):
            table = _table(rules, dawn)
            expected: Counter[tuple[tuple[str, int], ...]] = Counter()
            for seats, share in dead_sets(players, rule, (1, 2)).items():
                expected[tuple(sorted(Counter(dawn[s - 1] for s in seats).items()))] += share
            counted: Counter[tuple[tuple[str, int], ...]] = Counter()
            for dead, chance in _dead(rules, rule, table):
                kinds = ((card, d) for (card, _), d in zip(table, dead, strict=True) if d)
                counted[tuple(sorted(kinds))] += chance
            assert +counted == +expected, (players, rule)


@dataclass
class Brute:
    """The figures of :class:`Balance`, counted the long way."""

    no_werewolf: Fraction = Fraction(0)
    minion_alone: Fraction = Fraction(0)
    nobody_dies: Fraction = Fraction(0)
    werewolf_dies: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        self.wins = dict.fromkeys(TEAMS, Fraction(0))
        self.won: Counter[str] = Counter()  # by dealt card (by seat in a vote's)
        self.held: Counter[str] = Counter()


def brute(cards: Sequence[str], edition: str) -> Brute:
    """Every distinct deal (equally likely), every combination of night choices,
    every ballot profile: nothing grouped by symmetry, nothing counted by formula."""
    chosen = RULES.edition(edition)
    players = len(cards) - chosen.centre
    layout = RULES.layout(edition, players)
    deals = sorted(set(permutations(cards)))
    out, dawns = Brute(), {}
    for dealt in deals:
        seats = dealt[:players]
        deal_share = Fraction(1, len(deals))
        out.no_werewolf += deal_share * ("werewolf" not in seats)
        out.minion_alone += deal_share * ("werewolf" not in seats and "minion" in seats)
        for seat in layout.seats:
            out.held[dealt[seat - 1]] += 1
        ends: Counter[tuple[str, ...]] = Counter()
        for choices, chance in nights(layout, dealt):
            ends[play_night(RULES, layout, dealt, choices).cards] += chance  # type: ignore[assignment]
        for dawn, count in ends.items():
            if dawn not in dawns:
                dawns[dawn] = vote(dawn, players, chosen.vote)
            share = deal_share * count
            voted = dawns[dawn]
            out.nobody_dies += share * voted.nobody_dies
            out.werewolf_dies += share * voted.werewolf_dies
            for team, chance in voted.wins.items():
                out.wins[team] += share * chance
            for seat in layout.seats:
                out.won[dealt[seat - 1]] += share * len(deals) * voted.won[str(seat)]
    return out


def nights(layout: Layout, dealt: tuple[str, ...]) -> list[tuple[dict[int, Choice], Fraction]]:
    """Every night of a deal with its chance: each seat's options in wake order, from
    the night as played so far (a doppelganger's copy changes who looks at the centre),
    all alike (as the lab's `random` seats draw them)."""
    out: list[tuple[dict[int, Choice], Fraction]] = [({}, Fraction(1))]
    for seat, role in wakers(RULES, layout, dealt):
        power = power_of(role)
        grown = []
        for choices, chance in out:
            state = NightState(layout, dealt, list(dealt))
            for done, done_role in wakers(RULES, layout, dealt):
                if done in choices:
                    power_of(done_role).perform(done, choices[done], state)
            options = power.options(seat, state)
            grown += [({**choices, seat: c}, chance / len(options)) for c in options]
        out = grown
    return out


def vote(dawn: tuple[str, ...], players: int, rule: VoteRule) -> Brute:
    """Every ballot profile on the dawn cards (``won``: by seat)."""
    out = Brute()
    hunters = tuple(seat for seat in range(1, players + 1) if dawn[seat - 1] == "hunter")
    for dead, share in dead_sets(players, rule, hunters).items():
        won = winners(RULES, players, dawn, dead)
        out.nobody_dies += share * (not dead)
        out.werewolf_dies += share * any(dawn[s - 1] == "werewolf" for s in dead)
        for team in {RULES.team(dawn[s - 1]) for s in won}:
            out.wins[team] += share
        for seat in won:
            out.won[str(seat)] += share  # type: ignore[assignment]
    return out


@cache
def dead_sets(
    players: int, rule: VoteRule, hunters: tuple[int, ...] = ()
) -> dict[tuple[int, ...], Fraction]:
    """Every ballot profile's dead, as each set's share of the profiles; with
    ``hunters`` seats, their shots: a dead hunter kills the seat its ballot names, and
    a hunter killed so shoots in turn."""
    layout = RULES.layout("table", players)
    ballots = list(product(*(ballots_of(layout, s, rule.nobody) for s in layout.seats)))
    dead: Counter[tuple[int, ...]] = Counter()
    for profile in ballots:
        killed = list(deaths(dict(enumerate(profile, 1)), rule))
        for seat in killed:  # grows as the shots go
            target = profile[seat - 1]
            if seat in hunters and target is not None and target not in killed:
                killed.append(target)
        dead[tuple(sorted(killed))] += 1
    return {seats: Fraction(count, len(ballots)) for seats, count in dead.items()}


def agree(figures: Balance, counted: Brute) -> None:
    assert figures.no_werewolf == counted.no_werewolf
    assert figures.minion_alone == counted.minion_alone
    assert figures.nobody_dies == counted.nobody_dies
    assert figures.werewolf_dies == counted.werewolf_dies
    assert dict(figures.teams) == counted.wins
    assert dict(figures.roles) == {
        role: Fraction(counted.won[role]) / counted.held[role] for role in counted.held
    } | {role: Fraction(0) for role in set(figures.cards) - set(counted.held)}


ROLES = sorted(MODELLED)


@st.composite
def decks(draw: st.DrawFn) -> tuple[tuple[str, ...], str]:
    """A deck for three players, by either edition's rules (two or three centre cards)."""
    edition = draw(st.sampled_from(["table", "official"]))
    size = 3 + RULES.edition(edition).centre
    cards = draw(st.lists(st.sampled_from(ROLES), min_size=size, max_size=size))
    counts = Counter(cards)
    for role, copies in counts.items():
        if copies > 1 and not RULES.roles[role].repeat:
            cards = [c for c in cards if c != role] + ["villager"] * (copies - 1) + [role]
    return tuple(sorted(cards)), edition


@given(decks())
def test_three_players_agree_with_the_brute_force(deck: tuple[tuple[str, ...], str]) -> None:
    cards, edition = deck
    agree(balance_of(cards, edition, RULES), brute(cards, edition))


@pytest.mark.parametrize(
    ("cards", "edition"),
    [
        (RULES.deck("table", 3), "table"),
        (RULES.deck("official", 3), "official"),
        (("drunk", "minion", "robber", "tanner", "troublemaker", "werewolf"), "table"),
        (("insomniac", "mason", "mason", "robber", "seer", "werewolf", "werewolf"), "official"),
        (("drunk", "robber", "tanner", "villager", "villager", "werewolf", "werewolf"), "table"),
        (("doppelganger", "robber", "seer", "troublemaker", "werewolf", "werewolf"), "official"),
        (("doppelganger", "drunk", "insomniac", "minion", "robber", "werewolf"), "table"),
        (("hunter", "robber", "seer", "tanner", "werewolf", "werewolf"), "table"),
        (("hunter", "minion", "troublemaker", "villager", "villager", "werewolf"), "table"),
        (("doppelganger", "hunter", "robber", "troublemaker", "werewolf", "werewolf"), "official"),
        (("doppelganger", "hunter", "minion", "seer", "tanner", "werewolf"), "table"),
    ],
)
def test_chosen_decks_agree_with_the_brute_force(cards: tuple[str, ...], edition: str) -> None:
    agree(balance_of(cards, edition, RULES), brute(cards, edition))


def test_the_deal_figures_are_hypergeometric() -> None:
    figures = balance_of(RULES.deck("official", 10), "official")
    assert figures.no_werewolf == Fraction(comb(11, 1), comb(13, 3))
    assert figures.minion_alone == Fraction(comb(10, 1), comb(13, 3))
    assert dict(figures.team_cards) == {"village": 10, "werewolf": 3, "tanner": 0}


def test_the_command_line_gives_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    roles = "werewolf=2,seer=1,robber=1,troublemaker=1"
    status, out, err = run(capsys, "balance", "--game", "onuw", "--roles", roles, "--json")
    data = json.loads(out)
    assert (status, err) == (0, "")
    assert data["exact"]["teams"] == {"village": "7/27", "werewolf": "7/10", "tanner": "0/1"}
    assert data["teams"]["werewolf"] == pytest.approx(0.7)
    exact = api.balance("onuw", roles).to_dict()
    assert {key: data[key] for key in exact} == exact and "random" in data["note"]
    status, out, _ = run(capsys, "balance", "--game", "onuw", "--roles", roles)
    assert status == 0 and "7/10" in out and "the werewolf team wins" in out


def test_progress_is_told_after_each_deal() -> None:
    steps: list[tuple[int, int]] = []
    figures = api.balance(
        "onuw", "werewolf=2,seer=1,robber=1,troublemaker=1", on_step=lambda *s: steps.append(s)
    )
    total = len(steps)
    assert isinstance(figures, Balance) and total > 1
    assert steps == [(done, total) for done in range(1, total + 1)]


def test_a_deck_file_gives_its_edition(tmp_path: Path) -> None:
    deck = tmp_path / "mine.toml"
    deck.write_text(
        'edition = "official"\n[cards]\nwerewolf = 2\nseer = 1\nrobber = 1\n'
        "troublemaker = 1\nvillager = 1\n",
        encoding="utf-8",
    )
    figures = api.balance("onuw", deck=deck)
    assert isinstance(figures, Balance)
    assert (figures.edition, figures.players, figures.centre) == ("official", 3, 3)
    assert figures == balance_of(RULES.deck("official", 3), "official")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--roles", "werewolf=2,wizard=3"], "unknown role 'wizard'"),
        (["--roles", "werewolf=2,seer=1"], "3 cards with 2 in the centre make 1 player"),
        (["--roles", "werewolf=2,seer=2,villager=1"], "2 × seer"),
        (["--roles", "werewolf=2,seer=1,robber=1,troublemaker=1", "--parity"], "--parity"),
        (["--roles", "werewolf=2,villager=20"], "make 20 players"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "balance", "--game", "onuw", *argv)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_a_role_not_modelled_is_refused() -> None:
    bard = Role("bard", "village")
    rules = replace(RULES, roles=MappingProxyType({**RULES.roles, "bard": bard}))
    with pytest.raises(InvalidDeckError, match="does not model the bard"):
        balance_of(("werewolf", "seer", "robber", "bard", "villager"), "table", rules)


@pytest.mark.parametrize(
    "mix",
    [
        ["--players", "4"],
        ["--roles", "doppelganger=1,werewolf=2,seer=1,robber=1,troublemaker=1,drunk=1"],
    ],
)
def test_random_seats_in_the_lab_play_the_baseline(
    capsys: pytest.CaptureFixture[str], mix: list[str]
) -> None:
    """The lab's `random` seats: each team's and card's rate within four standard
    errors of the exact baseline (seeded, so the same games every run)."""
    argv = ["--game", "onuw", *mix, "--bots", "random", "--games", "800", "--seed", "7"]
    status, out, _ = run(capsys, "simulate", *argv, "--quick", "--json")
    report = json.loads(out)
    figures = balance_of(report["deck"], "table")
    assert status == 0
    for measured, exact in (
        *((report["teams"][team], figures.teams[team]) for team in TEAMS),
        *((report["roles"][role], figures.roles[role]) for role in figures.roles),
    ):
        spread = 4 * (float(exact) * (1 - float(exact)) / measured["n"]) ** 0.5
        assert abs(measured["rate"] - float(exact)) <= max(spread, 0.01), (measured, exact)
