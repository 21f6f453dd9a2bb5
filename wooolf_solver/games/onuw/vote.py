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

from collections.abc import Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from ...core.errors import InvalidRecordError
from ...core.speech import DEFAULT_SPEECH, Speech
from .model import OnuwKnowledge, knowledge_of
from .posterior import OnuwPosterior, posterior_of
from .record import DealRecord
from .rules import Seat
from .table import legal_ballots
from .win import Ballot, Judge, own_death_judge

SHOT_ENGINE = "fast"
"""The engine that weighs a shooter's own death: the fast one reads ``win_if`` as the
knowledge does (:meth:`OwnDeath.killed`), exactly at any size."""


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


@dataclass(frozen=True)
class OwnDeath(OnuwKnowledge):
    """A viewpoint's knowledge whose ``win_if`` is read per **ballot of its own**: the
    chance that it wins if the vote kills the viewpoint itself, holding a card that
    shoots at dawn and so taking along the seat its ballot names (nobody: no one).
    Every engine counts it, the fast one at any size: its blocks of interchangeable seats
    average a ballot over its block, exact as the viewpoint is marked, and so are the
    seats of every recorded ballot."""

    nobody: bool = False
    """Whether nobody is one of its ballots (the edition's)."""

    @property
    def deaths(self) -> tuple[Seat | None, ...]:
        viewpoint = self.viewpoint or 0
        return (*(seat for seat in self.seats if seat != viewpoint), *((None,) * self.nobody))

    def killed(self, dies: Seat | None) -> tuple[tuple[Seat, ...], Mapping[Seat, Seat | None]]:
        """``dies`` is the viewpoint's ballot here, the viewpoint the one who dies."""
        viewpoint = self.viewpoint or 0
        return (viewpoint,), {**self.shots, viewpoint: dies}

    @property
    def judge(self) -> Judge | None:
        """With no other ballot recorded, the shot stops at the ballot's seat: read
        from the viewpoint's card and that seat's (:func:`.win.own_death_judge`)."""
        return None if self.shots else own_death_judge(self.rules)


def own_death(
    record: DealRecord, seat: Seat, posterior: OnuwPosterior
) -> dict[Ballot, Fraction] | None:
    """Each legal ballot of ``seat`` (``posterior``'s viewpoint) with ``seat``'s chance
    to win if the vote kills ``seat`` itself and a card that shoots (the hunter), held
    at dawn, takes that ballot's seat along; ``None`` when ``seat`` cannot hold such a
    card at dawn (its ballot then decides nothing of its own death)."""
    if not shooter(record, seat, posterior):
        return None
    knowledge = posterior.onuw
    values = {field.name: getattr(knowledge, field.name) for field in fields(knowledge)}
    nobody = record.rules_edition.vote.nobody
    own = posterior_of(OwnDeath(**values, nobody=nobody), SHOT_ENGINE)
    wins_by = own.win_if or {}
    return {ballot: wins_by.get(ballot, Fraction(0)) for ballot in legal_ballots(record, seat)}


def shooter(record: DealRecord, seat: Seat, posterior: OnuwPosterior) -> Fraction:
    """The chance that ``seat`` holds a card that shoots (the hunter) at dawn."""
    dawn = posterior.dawn.get(seat, {})
    return sum((p for name, p in dawn.items() if record.rules.roles[name].shoots), Fraction(0))


def judged(
    record: DealRecord, seat: Seat, posterior: OnuwPosterior
) -> tuple[tuple[BallotScore, Fraction], ...]:
    """``seat``'s ballots as a bot judges them, best first (ties as :func:`ballot_order`):
    its ``win_if`` (the vote kills the seat it names), plus, when ``seat`` may hold the
    hunter at dawn, its chance to win if the vote kills ``seat`` itself and the ballot's
    seat dies with it (:func:`own_death`). A hunter's ballot decides both outcomes, and
    neither is the likelier before the vote: each counts once.

    The own-death chance of a ballot is one constant for every ballot plus a part
    between 0 and ``h``, the chance that ``seat`` holds the hunter at dawn (the worlds
    where it dies holding it and the named seat with it). So it is listed only when
    the best ``win_if`` leads the next by at most ``h``.

    Seat 1, dealt the hunter, hears seat 3 claim the robber: the vote killing seat 2
    or 4 has its best ``win_if``, but should it die still holding the hunter, seat 3
    (a werewolf if it lies) is the better shot.

    >>> from wooolf_solver.games.onuw.posterior import solve
    >>> from wooolf_solver.games.onuw.record import read_record
    >>> record = read_record({"game": "onuw", "players": 4, "viewpoint": 1,
    ...     "deck": ["hunter", "werewolf", "werewolf", "seer", "robber", "troublemaker"],
    ...     "cards": {1: "hunter"}, "claims": [{"seat": 3, "role": "robber"}]})
    >>> [(s.ballot, str(s.win_if), str(v)) for s, v in judged(record, 1, solve(record))][:2]
    [(3, '67/153', '98/153'), (2, '15/34', '11/18')]
    """
    scores = scores_of(record, seat, posterior)
    h = shooter(record, seat, posterior)
    unsettled = h and len(scores) > 1 and scores[0].win_if - scores[1].win_if <= h
    shots = (own_death(record, seat, posterior) if unsettled else None) or {}
    valued = [(score, score.win_if + shots.get(score.ballot, Fraction(0))) for score in scores]
    return tuple(sorted(valued, key=lambda item: (-item[1], *ballot_order(item[0])[1:])))
