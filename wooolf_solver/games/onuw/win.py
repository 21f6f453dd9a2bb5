"""Who dies, who wins and the scores of a deal, by the dawn cards.

>>> from wooolf_solver.games.onuw.rules import load_rules
>>> rules = load_rules()
>>> table = rules.edition("table")
>>> dead = deaths({1: 3, 2: None, 3: 1, 4: 1, 5: 3}, table.vote)
>>> dead
(1, 3)
>>> dawn = ("seer", "robber", "werewolf", "werewolf", "minion", "troublemaker", "insomniac")
>>> winners(rules, 5, dawn, dead)
(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence

from .rules import Rules, Scoring, Seat, VoteRule

Ballot = Seat | None
"""A ballot: the seat it names, or ``None`` for nobody."""


def deaths(votes: Mapping[Seat, Ballot], rule: VoteRule) -> tuple[Seat, ...]:
    """The seats that die: every seat with the most ballots, when that number is at
    least ``rule.least`` and more than the ballots for nobody.

    >>> from wooolf_solver.games.onuw.rules import VoteRule
    >>> table = VoteRule(nobody=True, least=1)
    >>> deaths({1: 2, 2: 1, 3: 2, 4: 1}, table), deaths({1: 2, 2: 1, 3: None}, table)
    ((1, 2), ())
    >>> deaths({1: 2, 2: 3, 3: 1}, VoteRule(nobody=False, least=2))
    ()
    """
    named = Counter(ballot for ballot in votes.values() if ballot is not None)
    nobody = sum(ballot is None for ballot in votes.values())
    if not named:
        return ()
    top = max(named.values())
    if top < rule.least or top <= nobody:
        return ()
    return tuple(sorted(seat for seat, count in named.items() if count == top))


def hunted(
    rules: Rules, dead: Collection[Seat], dawn: Sequence[str], votes: Mapping[Seat, Ballot]
) -> tuple[Seat, ...]:
    """``dead`` with the hunter's shots: a dead seat holding a card that shoots at dawn
    (the hunter) takes the seat its ballot names along, whatever that seat's ballots,
    and so on down the chain. A ballot not in ``votes`` (not cast, or not known)
    or on nobody takes no one.

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> dawn = ("hunter", "werewolf", "seer", "robber", "werewolf", "villager")
    >>> hunted(load_rules(), (1,), dawn, {1: 2, 2: 3}), hunted(load_rules(), (3,), dawn, {3: 1})
    ((1, 2), (3,))
    """
    out = list(dead)
    for seat in out:  # grows as the chain goes
        target = votes.get(seat)
        if target is not None and target not in out and rules.roles[dawn[seat - 1]].shoots:
            out.append(target)
    return tuple(sorted(out))


def wins(
    rules: Rules, players: int, dawn: Sequence[str], dead: Collection[Seat], seat: Seat
) -> bool:
    """Whether ``seat`` wins by its dawn card (``dawn[slot - 1]``) when ``dead`` die
    (:func:`card_wins` on the seats' dawn cards).

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> dawn = ("seer", "werewolf", "werewolf", "robber", "troublemaker")
    >>> wins(load_rules(), 3, dawn, {2}, 1), wins(load_rules(), 3, dawn, (), 1)
    (True, False)
    """
    dead_cards = [dawn[p - 1] for p in dead]
    wolves = "werewolf" in dawn[:players]
    return card_wins(rules, dawn[seat - 1], dead_cards, wolves, died=seat in dead)


def card_wins(
    rules: Rules, mine: str, dead: Sequence[str], wolves: bool, *, died: bool = False
) -> bool:
    """The winning rule, read from cards: whether a seat holding ``mine`` at dawn wins
    when players holding ``dead`` die (``mine`` among them if it ``died``), some player
    holding a werewolf at dawn or not (``wolves``).

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> rules = load_rules()
    >>> card_wins(rules, "seer", ["werewolf"], True), card_wins(rules, "seer", [], False)
    (True, True)
    >>> card_wins(rules, "minion", ["minion"], False, died=True)
    False
    """
    team = rules.team(mine)
    if team == "tanner":
        return died
    tanner_died = any(rules.team(card) == "tanner" for card in dead)
    if wolves:
        wolf_died = "werewolf" in dead
        return wolf_died if team == "village" else not wolf_died and not tanner_died
    if team == "village":
        return not dead
    return mine == "minion" and len(dead) > died and not tanner_died


Judge = Callable[[str, str | None, bool], bool]
"""Whether the viewpoint wins, by its dawn card, the dawn card of the seat a key of
``win_if`` names (``None``: nobody) and whether some player holds a werewolf at dawn."""


def death_judge(rules: Rules) -> Judge:
    """The judge of ``win_if``'s usual keys: the vote kills exactly that seat.

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> judge = death_judge(load_rules())
    >>> judge("seer", "werewolf", True), judge("werewolf", "seer", True), judge("seer", None, True)
    (True, True, False)
    """

    def judge(mine: str, dies: str | None, wolves: bool) -> bool:
        return card_wins(rules, mine, () if dies is None else (dies,), wolves)

    return judge


def own_death_judge(rules: Rules) -> Judge:
    """The judge of keys that are the viewpoint's own ballot when the vote kills the
    viewpoint itself: holding a card that shoots (the hunter), it takes the seat its
    ballot names along (no other ballot known: the chain stops there).

    >>> from wooolf_solver.games.onuw.rules import load_rules
    >>> judge = own_death_judge(load_rules())
    >>> judge("hunter", "werewolf", True), judge("villager", "werewolf", True)
    (True, False)
    """

    def judge(mine: str, ballot: str | None, wolves: bool) -> bool:
        shot = ballot is not None and rules.roles[mine].shoots
        dead = (mine, ballot) if shot and ballot is not None else (mine,)
        return card_wins(rules, mine, dead, wolves, died=True)

    return judge


def winners(
    rules: Rules, players: int, dawn: Sequence[str], dead: Collection[Seat]
) -> tuple[Seat, ...]:
    """Every winning seat."""
    return tuple(seat for seat in range(1, players + 1) if wins(rules, players, dawn, dead, seat))


def scores(
    score: Scoring,
    players: int,
    dawn: Sequence[str],
    won: Collection[Seat],
    votes: Mapping[Seat, Ballot],
) -> dict[Seat, int]:
    """Each seat's points: ``score.win`` for winning, ``score.werewolf_found`` for a
    ballot naming a player who holds a werewolf card at dawn.

    >>> from wooolf_solver.games.onuw.rules import Scoring
    >>> dawn = ("seer", "werewolf", "werewolf", "robber", "troublemaker")
    >>> scores(Scoring(1, 1), 3, dawn, {1}, {1: 2, 2: 1, 3: 1})
    {1: 2, 2: 0, 3: 0}
    """
    found = {
        seat: int(ballot is not None and dawn[ballot - 1] == "werewolf")
        for seat, ballot in votes.items()
    }
    return {
        seat: score.win * (seat in won) + score.werewolf_found * found.get(seat, 0)
        for seat in range(1, players + 1)
    }
