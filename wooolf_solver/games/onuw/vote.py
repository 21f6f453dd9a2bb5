"""``vote`` for ONUW: the viewpoint's ballot advice (the contract's ``vote`` output).

Every legal ballot of the viewpoint (every other player, and ``nobody`` in the table
edition) with ``win_if`` (the chance the viewpoint wins if exactly that seat dies, or
nobody) and ``found`` (the chance the named seat holds a werewolf card at dawn: a
ballot's "werewolf found" point in the table edition). Best ``win_if`` first, ties in
seat order, nobody last; compared exactly (fractions), never by rounding.

>>> from wooolf_solver.games.onuw.record import read_record
>>> record = read_record({"game": "onuw", "players": 3, "viewpoint": 1,
...     "cards": {1: "seer"}, "night": {1: {"centre": {"c1": "robber", "c2": "troublemaker"}}}})
>>> vote(record).to_dict()["ballots"][-1]
{'ballot': 'nobody', 'win_if': 0.0, 'found': 0.0}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.errors import InvalidRecordError
from ...core.speech import DEFAULT_SPEECH, Speech
from .model import knowledge_of
from .posterior import OnuwPosterior, posterior_of
from .record import DealRecord
from .rules import Seat
from .table import legal_ballots
from .win import Ballot


@dataclass(frozen=True)
class BallotScore:
    """One legal ballot: the viewpoint's chance to win if it kills, and of a werewolf found."""

    ballot: Ballot
    win_if: Fraction
    found: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "ballot": "nobody" if self.ballot is None else self.ballot,
            "win_if": float(self.win_if),
            "found": float(self.found),
        }


@dataclass(frozen=True)
class VoteAdvice:
    """The viewpoint's ballots, best first."""

    viewpoint: Seat
    ballots: tuple[BallotScore, ...]
    posterior: OnuwPosterior
    speech: Speech = DEFAULT_SPEECH
    """The speech model the claims were weighed by."""

    @property
    def best(self) -> BallotScore:
        return self.ballots[0]

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of ``vote``, and the speech model it was read by."""
        return {"ballots": [ballot.to_dict() for ballot in self.ballots], "speech": self.speech}


def ballot_order(score: BallotScore) -> tuple[Fraction, bool, int]:
    """Best ``win_if`` first; ties in seat order, nobody last."""
    return (-score.win_if, score.ballot is None, score.ballot or 0)


def scores_of(record: DealRecord, seat: Seat, posterior: OnuwPosterior) -> tuple[BallotScore, ...]:
    """``seat``'s legal ballots scored from ``posterior`` (``seat``'s own), best first."""
    win_if = posterior.win_if or {}
    scores = [
        BallotScore(
            ballot,
            win_if.get(ballot, Fraction(0)),
            Fraction(0) if ballot is None else posterior.dawn[ballot].get("werewolf", Fraction(0)),
        )
        for ballot in legal_ballots(record, seat)
    ]
    return tuple(sorted(scores, key=ballot_order))


def vote(record: DealRecord, engine: str | None = None) -> VoteAdvice:
    """The ballot advice of ``record``'s viewpoint."""
    if record.viewpoint is None:
        raise InvalidRecordError("viewpoint: ballot advice needs a viewpoint (whose ballot?)")
    posterior = posterior_of(knowledge_of(record), engine)
    scores = scores_of(record, record.viewpoint, posterior)
    return VoteAdvice(record.viewpoint, scores, posterior, record.model.speech)
