"""Players for the table engine (:mod:`.table`): solver ballots and talking stand-ins.

- :func:`solver_ballot`: a seat casts the ballot with the highest ``win_if`` from its
  own view (its dealt card, its night entry, every claim), a seat that may hold the
  hunter at dawn adding its chance to win if it dies itself and takes that ballot's
  seat along (:func:`.vote.judged`); ties are broken by the deal's seeded random
  generator. Bots vote this way. Where the edition has no
  "nobody" ballot (the official one) and nobody dying is the seat's best outcome, it
  joins the **circle vote**: it votes for the next player clockwise, so that if every
  player does, nobody has two ballots and nobody dies (the rules' "if no player has
  more than one ballot, nobody dies").
- :func:`stand_ins`: stand-ins for people (the claim policy of a deck). One who
  believes it holds a village-team card claims the truth (its dealt card and whole
  night entry); one who believes it holds a werewolf-team or tanner card claims a
  village role without night details (:func:`.stories.cautious_claim`; the lab's
  other story policies are in :mod:`.stories`).

>>> from random import Random
>>> from wooolf_solver.games.onuw.table import play_deal
>>> played = play_deal(Random(3), 3, claims=stand_ins(load_rules().deck("table", 3)),
...     ballots=solver_ballot)
>>> played.record.is_game
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from random import Random

from ...core.errors import InconsistentRecordError
from .model import knowledge_of
from .night import NightEntry, believed_card
from .posterior import OnuwPosterior, posterior_of
from .record import Claim, DealRecord
from .review import view_of
from .rules import Rules, Seat, load_rules
from .stories import cautious_claim
from .table import ClaimPolicy
from .vote import judged
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
    return cautious_claim(village, seat, entry, rng)


def solver_ballot(
    seat: Seat,
    legal: tuple[Ballot, ...],
    record: DealRecord,
    rng: Random,
    solved: dict[Seat, OnuwPosterior] | None = None,
) -> Ballot:
    """The ballot with the highest ``win_if`` from ``seat``'s own view (seeded ties),
    or the circle vote's when nobody dying is better and no ballot says so; a random
    legal ballot if that view is inconsistent (someone lied against the model).
    ``solved``, if given, keeps the view's posterior (the lab reuses it)."""
    view = view_of(record, seat)
    try:
        posterior = posterior_of(knowledge_of(view))
    except InconsistentRecordError:
        return rng.choice(legal)
    if solved is not None:
        solved[seat] = posterior
    valued = judged(view, seat, posterior)
    top = max(score.win_if for score, _ in valued)
    if None not in legal and (posterior.win_if or {}).get(None, Fraction(0)) > top:
        return circle(record, seat)
    best = valued[0][1]
    return rng.choice([score.ballot for score, value in valued if value == best])


def circle(record: DealRecord, seat: Seat) -> Seat:
    """``seat``'s ballot in the circle vote: the next player clockwise.

    >>> from wooolf_solver.games.onuw.record import read_record
    >>> [circle(read_record({"game": "onuw", "players": 3}), seat) for seat in (1, 2, 3)]
    [2, 3, 1]
    """
    return seat % record.players + 1
