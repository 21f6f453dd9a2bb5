"""Whom to lynch, by the voter's own team's goal (speech.md, "Review and advice follow
each seat's goal"): the score of a ballot, from the voter's exact posterior.

- A voter of the **village** team (and the public) wants a werewolf lynched: a ballot's
  score is P(the seat is a werewolf).
- Any other voter (a **werewolf**; the piper, alone) wants the village to lose the most:
  a ballot's score is the seat's expected **worth**, each role weighing its card points
  (the balance table of ``werewolf.toml``: seer 7, witch 4, hunter 3, ...), at least 1 (a
  villager's), and 0 for a role of the voter's own team. A werewolf's packmate, known to
  it, scores 0: it is never the best ballot while another seat may be a non-werewolf.

The best ballot has the highest score; ties go to the lowest seat.

>>> from fractions import Fraction as F
>>> rules = load_rules()
>>> roles = {2: {"werewolf": F(1)}, 5: {"seer": F(1, 4), "villager": F(3, 4)},
...     9: {"seer": F(1, 2), "werewolf": F(1, 2)}}
>>> ranked(roles, (2, 5, 9), "village", rules)
[(2, Fraction(1, 1)), (9, Fraction(1, 2)), (5, Fraction(0, 1))]
>>> ranked(roles, (2, 5, 9), "werewolves", rules)
[(9, Fraction(7, 2)), (5, Fraction(5, 2)), (2, Fraction(0, 1))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import reduce
from operator import add
from typing import TypeVar

from .rules import WEREWOLF, Rules, Seat, Team, load_rules

P = TypeVar("P", Fraction, float)
"""A probability: exact in the posterior (floats work alike)."""
VILLAGE: Team = "village"


def goal_of(roles: Mapping[Seat, Mapping[str, P]], viewpoint: Seat | None, rules: Rules) -> Team:
    """The team whose goal the viewpoint's ballots follow: its certain role's team (the
    public's, and an unknown role's: the village's).

    >>> goal_of({3: {"werewolf": 1.0}}, 3, load_rules()), goal_of({}, None, load_rules())
    ('werewolves', 'village')
    """
    if viewpoint is None:
        return VILLAGE
    certain = [role for role, p in roles.get(viewpoint, {}).items() if p == 1]
    return rules.team(certain[0]) if certain else VILLAGE


def worth(role: str, goal: Team, rules: Rules) -> int:
    """What a lynch of a ``role`` is worth to a voter whose team is ``goal`` (not the
    village): 0 for its own team, else the card's points, at least 1.

    >>> [worth(role, "werewolves", load_rules()) for role in ("seer", "villager", "werewolf")]
    [7, 1, 0]
    """
    if rules.team(role) == goal:
        return 0
    return max(1, rules.roles[role].points)


def score(roles: Mapping[str, P], goal: Team, rules: Rules) -> P:
    """A ballot's score for a voter of team ``goal``, from the target's role chances."""

    if goal == VILLAGE:
        werewolf = roles.get(WEREWOLF)
        return werewolf if werewolf is not None else next(iter(roles.values())) * 0
    return reduce(add, (p * worth(role, goal, rules) for role, p in roles.items()))


def ranked(
    roles: Mapping[Seat, Mapping[str, P]], seats: Iterable[Seat], goal: Team, rules: Rules
) -> list[tuple[Seat, P]]:
    """``seats`` with their scores for ``goal``, the best ballot first (ties: lowest seat)."""
    scored = sorted((seat, score(roles[seat], goal, rules)) for seat in seats)
    return sorted(scored, key=lambda item: item[1], reverse=True)  # stable: ties by seat


__all__ = ["goal_of", "load_rules", "ranked", "score", "worth"]
