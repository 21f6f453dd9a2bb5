"""Players for the table engine (:mod:`.table`): solver ballots and talking stand-ins.

- :func:`solver_ballot`: a seat casts the ballot with the highest ``win_if`` from its
  own view (its dealt card, its night entry, every claim); ties are broken by the
  deal's seeded random generator. Bots vote this way.
- :func:`stand_ins`: stand-ins for people (the claim policy of a deck). One who believes it holds a
  village-team card claims the truth (its dealt card and whole night entry). One who
  believes it holds a werewolf-team or tanner card claims a plausible village role
  without night details: a lone werewolf claims the village card it saw in the
  centre (no player was dealt it); otherwise a villager if the deck has one;
  otherwise a village role of the deck picked at random. Saying only the role is
  what a cautious liar does: every detail is one more thing that can be caught.

>>> from random import Random
>>> from wooolf_solver.games.onuw.table import play_deal
>>> played = play_deal(Random(3), 3, claims=stand_ins(load_rules().deck("table", 3)),
...     ballots=solver_ballot)
>>> played.record.is_game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ...core.errors import InconsistentRecordError
from .model import knowledge_of
from .night import NightEntry, believed_card
from .record import Claim, DealRecord
from .review import view_of
from .rules import Rules, Seat, load_rules
from .solver import solution_of
from .table import ClaimPolicy
from .vote import scores_of
from .win import Ballot


def stand_ins(deck: Sequence[str], rules: Rules | None = None) -> ClaimPolicy:
    """The claim policy of stand-ins at a table playing ``deck``."""
    rules = rules or load_rules()
    village = sorted({name for name in deck if rules.team(name) == "village"})

    def policy(seat: Seat, dealt: str, entry: NightEntry, rng: Random) -> Claim:
        return claim_for(rules, village, seat, dealt, entry, rng)

    return policy


def claim_for(  # noqa: PLR0917 (the claim policy's arguments, and the table's)
    rules: Rules, village: Sequence[str], seat: Seat, dealt: str, entry: NightEntry, rng: Random
) -> Claim:
    """The claim of a stand-in dealt ``dealt`` who had the night ``entry``
    (``village``: the deck's village roles, sorted)."""
    believes = believed_card(rules, dealt, seat, entry)
    if rules.team(believes) == "village" or not village:
        return Claim(seat, dealt, entry)
    for _, seen in entry.get("centre") or ():
        if seen in village:
            return Claim(seat, str(seen))
    return Claim(seat, "villager" if "villager" in village else rng.choice(village))


def solver_ballot(seat: Seat, legal: tuple[Ballot, ...], record: DealRecord, rng: Random) -> Ballot:
    """The ballot with the highest ``win_if`` from ``seat``'s own view (seeded ties);
    a random legal ballot if that view is inconsistent (someone lied against the model)."""
    view = view_of(record, seat)
    try:
        scores = scores_of(view, seat, solution_of(knowledge_of(view)))
    except InconsistentRecordError:
        return rng.choice(legal)
    best = scores[0].win_if
    return rng.choice([score.ballot for score in scores if score.win_if == best])
