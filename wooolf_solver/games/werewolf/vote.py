"""``vote`` for classic Werewolf: the viewpoint's ballot advice for the coming vote.

Every ballot open to the viewpoint (each living seat but its own: the rules have no
"nobody" ballot, a tie lynches nobody), ranked by the judge the review uses
(:meth:`.posterior.WerewolfPosterior.ballots`, :mod:`.ballots`): for the village (and the
public), P(the seat is a werewolf); for a werewolf (or the piper), the seat's expected
worth to the village, so a known packmate (worth 0) is never the best ballot while
another seat is open. Ties in seat order; compared exactly (fractions).

>>> from wooolf_solver.games.werewolf.record import read_record
>>> record = read_record({"game": "werewolf", "players": 4, "viewpoint": 1,
...     "roles": {"werewolf": 2, "seer": 1, "villager": 1}, "cards": {1: "werewolf"},
...     "events": [{"night": 1}, {"seat": 1, "wolves": [1, 2]}]})
>>> [(score.ballot, float(score.werewolf), score.score) for score in vote(record).ballots]
[(3, 0.0, Fraction(4, 1)), (4, 0.0, Fraction(4, 1)), (2, 1.0, Fraction(0, 1))]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...core.errors import InvalidRecordError
from ...core.speech import DEFAULT_SPEECH, Speech
from ...core.tally import Engine
from .posterior import solve
from .record import GameRecord
from .rules import Seat, Team


@dataclass(frozen=True)
class BallotScore:
    """One ballot: P(its seat is a werewolf) and its score for the viewpoint's goal."""

    ballot: Seat
    werewolf: Fraction
    score: Fraction
    """For the village, ``werewolf``; otherwise the seat's worth to the village."""
    village: bool = True
    """Whether the score is the village's (so the JSON gives no ``worth``)."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ballot": self.ballot, "werewolf": float(self.werewolf)}
        return out if self.village else out | {"worth": float(self.score)}


@dataclass(frozen=True)
class VoteAdvice:
    """The viewpoint's ballots, best first (``viewpoint`` ``None``: the public's)."""

    viewpoint: Seat | None
    goal: Team
    """The team whose goal ranks the ballots."""
    ballots: tuple[BallotScore, ...]
    speech: Speech = DEFAULT_SPEECH
    """The speech model the claims were weighed by."""

    @property
    def best(self) -> BallotScore | None:
        return self.ballots[0] if self.ballots else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``vote --json``: the goal, the ballots and the speech model."""
        ballots = [ballot.to_dict() for ballot in self.ballots]
        return {"goal": self.goal, "ballots": ballots, "speech": self.speech}


def vote(record: GameRecord, engine: Engine | None = None) -> VoteAdvice:
    """The ballot advice of ``record``'s viewpoint (without one: the village's, as the
    public's), from its exact posterior by ``engine`` (default: the counter)."""
    seat = record.viewpoint
    if seat is not None and seat not in record.alive_after():
        raise InvalidRecordError(f"viewpoint: seat {seat} is dead: it has no ballot")
    if seat in record.mute_after():
        raise InvalidRecordError(f"viewpoint: seat {seat}, the revealed idiot, has no vote")
    posterior = solve(record, engine)
    village = posterior.goal == "village"
    scores = tuple(
        BallotScore(target, posterior.werewolf[target], score, village)
        for target, score in posterior.lynch
    )
    return VoteAdvice(seat, posterior.goal, scores, record.model.speech)


__all__ = ["BallotScore", "VoteAdvice", "vote"]
