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
- :func:`bot_ballot`: a bot's ballot at the web table (:mod:`.live`), from the record of
  what it knows: the best ``win_if`` with no random tie-break, estimated from drawn worlds
  (:func:`sampled_ballot`) when the exact count is out of time.

>>> from random import Random
>>> from wooolf_solver.games.onuw.table import play_deal
>>> played = play_deal(Random(3), 3, claims=stand_ins(load_rules().deck("table", 3)),
...     ballots=solver_ballot)
>>> played.record.is_game
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any

from ...core.budget import TooLargeError, TooSlowError, time_budget
from ...core.errors import InconsistentRecordError
from .model import knowledge_of
from .night import NightEntry, believed_card
from .posterior import OnuwPosterior, posterior_of
from .record import Claim, DealRecord, dump_record, read_record
from .review import view_of
from .rules import Rules, Seat, load_rules
from .sampled import sampled_posterior
from .stories import cautious_claim
from .table import ClaimPolicy
from .vote import BallotScore, judged, scores_of, vote
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


# -- the web table's bots: one ballot from a bot's own record ---------------------------


def ballot_scores(record: DealRecord) -> list[tuple[Ballot, Fraction, Fraction]]:
    """Every legal ballot of the record's viewpoint with its ``win_if`` and ``found``
    (the chance that the named seat holds a werewolf at dawn), best first: by
    ``win_if`` (with, for a seat that may hold the hunter, its own death's chain:
    :func:`.vote.judged`), then ``found``, then seat order, nobody last. The game's
    ``vote`` with its default engine (exact; a faster engine there is a faster bot here).

    >>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
    ...     "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "robber", "c2": "seer"}}}})
    >>> ballot_scores(record)
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InconsistentRecordError: the record contradicts itself: ...
    """
    advice = vote(record)
    value = {score.ballot: v for score, v in judged(record, advice.viewpoint, advice.posterior)}
    return ranked(advice.ballots, value)


def ranked(
    scores: Sequence[BallotScore], value: Mapping[Ballot, Fraction]
) -> list[tuple[Ballot, Fraction, Fraction]]:
    """``scores`` (in :func:`.vote.ballot_order`) as ``(ballot, win_if, found)``, best
    first: by ``value``, then ``found``, then that order."""
    order = {score.ballot: index for index, score in enumerate(scores)}
    return sorted(
        ((score.ballot, score.win_if, score.found) for score in scores),
        key=lambda item: (-value[item[0]], -item[2], order[item[0]]),
    )


BOT_SECONDS = 10.0
"""The processor time a bot's exact ballot may take (:func:`bot_ballot`)."""

BOT_DRAWS = 3000
"""The worlds a bot draws when its exact ballot is out of time (:func:`sampled_ballot`):
2–3 s at 13 players."""


def bot_ballot(record: Mapping[str, Any], seconds: float = BOT_SECONDS) -> Ballot:
    """A bot's ballot from its own deal record (its viewpoint, card, night, every
    claim): the legal ballot that maximises its ``win_if`` (ties: a likelier werewolf,
    then seat order, nobody last). One that would take more than ``seconds`` of
    processor time (a big deck with few claims) is estimated from drawn worlds
    instead (:func:`sampled_ballot`).

    >>> bot_ballot({"game": "onuw", "players": 3, "viewpoint": 1, "cards": {1: "seer"},
    ...             "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}}})
    2
    """
    read = read_record(record)
    try:
        with time_budget(seconds):
            return ballot_scores(read)[0][0]
    except (TooSlowError, TooLargeError):
        return sampled_ballot(read, BOT_DRAWS, Random(dump_record(read, "json")))


def sampled_ballot(record: DealRecord, draws: int, rng: Random) -> Ballot:
    """The ballot of :func:`bot_ballot` read from ``draws`` worlds drawn with ``rng``
    (:mod:`.sampled`: an estimate of its ``win_if`` and of each seat's werewolf, its
    own death's shot left out); as one with no lead (:func:`no_lead`) when no draw fits.

    >>> record = read_record({"game": "onuw", "players": 4, "viewpoint": 1,
    ...     "cards": {1: "seer"}, "night": {1: {"saw": {3: "werewolf"}}}})
    >>> sampled_ballot(record, 300, Random(1))
    3
    """
    posterior = sampled_posterior(knowledge_of(record), draws, rng)
    if not posterior.worlds:
        return no_lead(record)
    scores = scores_of(record, posterior.onuw.viewpoint or 0, posterior)
    return ranked(scores, {score.ballot: score.win_if for score in scores})[0][0]


def no_lead(record: DealRecord) -> Ballot:
    """The ballot of a viewpoint with no lead: nobody where the edition allows it, else
    the next player clockwise (if every player does so, nobody has two ballots and
    nobody dies).

    >>> [no_lead(read_record({"game": "onuw", "players": 3, "edition": edition,
    ...                       "viewpoint": 3, "cards": {3: "seer"}}))
    ...  for edition in ("table", "official")]
    [None, 1]
    """
    seat = record.viewpoint
    if seat is None:
        raise ValueError("a ballot needs a viewpoint")
    return None if record.rules_edition.vote.nobody else circle(record, seat)
