"""Who plays which seat in the ONUW lab: ``--bots`` (:mod:`wooolf_solver.lab.seating`:
``[WHO=]KIND[:OPTION=VALUE...]``, by seat round-robin, by role or by ``TEAM-team``).

The kinds:

- ``stand-in``: a person who talks (:mod:`.stories`) and votes by the solver;
- ``bot``: a bot of the table: silent, votes by the solver;
- ``random``: silent, votes uniformly at random.

The options: ``story=mimic|consistent|cautious`` (a stand-in's story when it lies;
default: ``--speech``) and ``centre=P`` (the chance that a seer looks at two centre
cards rather than at a player; default: the night prior's, every option alike).

>>> seating = seating_of(["stand-in", "werewolf-team=bot", "seer=stand-in:centre=0.5"])
>>> [kind_of(seating, 2, card).kind for card in ("minion", "seer", "robber")]
['bot', 'stand-in', 'stand-in']
>>> kind_of(seating, 2, "seer").option("centre")
'0.5'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...lab.seating import Bots, BotSpec, Seating, is_chance
from .rules import TEAMS, Rules, Seat, load_rules
from .stories import POLICIES

KINDS = ("stand-in", "bot", "random")
"""The kinds of seat the lab seats."""


def seating_of(items: Sequence[str], rules: Rules | None = None) -> Seating:
    """The seating of ``--bots`` items, checked."""
    rules = rules or load_rules()
    bots = Bots(
        KINDS,
        {"story": POLICIES.__contains__, "centre": is_chance},
        tuple(rules.roles),
        TEAMS,
        only={"story": ("stand-in",)},
        hint="story=" + "|".join(POLICIES) + " for a stand-in, centre=P from 0 to 1",
    )
    return Seating.parse(items, bots)


def kind_of(seating: Seating, seat: Seat, dealt: str, rules: Rules | None = None) -> BotSpec:
    """The kind of ``seat``, dealt ``dealt``."""
    rules = rules or load_rules()
    return seating.bot(seat, dealt, rules.team(dealt))


__all__ = ["KINDS", "kind_of", "seating_of"]
