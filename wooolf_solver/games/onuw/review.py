"""``review`` of an ONUW game record: who died and won, and every seat's ballot
weighed from its own knowledge (the contract's ``review`` output).

Each seat's knowledge is what it had at the vote: its dealt card, its own night
entry and every claim. ``win_if_voted`` is the ``win_if`` of the ballot it cast,
``best_win_if`` the largest among its legal ballots. A seat from whose view the
record cannot happen (a village-believer lied, which the default model rules out)
gets ``None`` for both: nothing it knew explains the deal.

>>> from wooolf_solver.games.onuw.record import load_record
>>> result = review(load_record("examples/onuw/game-table-4p.yaml"))
>>> result.dead, result.winners
((3,), (1, 2, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from ...core.errors import InconsistentRecordError
from ...core.i18n import ENGLISH, Texts
from ...core.review import Option, Step, counter, replay
from .model import knowledge_of
from .night import NightEntry, play_night
from .posterior import OnuwPosterior, posterior_of
from .record import DealRecord
from .rules import Seat
from .state import PlayedDeal, outcome
from .vote import BallotScore, scores_of
from .win import Ballot

Weighed = tuple[OnuwPosterior | None, tuple[BallotScore, ...]]
"""A seat's posterior at the vote and its ballots, best first (``None, ()``: its
view cannot happen)."""


@dataclass(frozen=True)
class SeatReview:
    """One seat at the vote: what it knew, its ballot against its best one."""

    seat: Seat
    dealt: str
    dawn: str
    entry: NightEntry
    bot: bool
    ballot: Ballot
    ballots: tuple[BallotScore, ...]
    """Its legal ballots from its own knowledge, best first (empty: inconsistent)."""
    posterior: OnuwPosterior | None = None
    """Its posterior at the vote (``None``: the deal cannot happen from its view)."""
    step: Step[Weighed] | None = None
    """The generic replay's step (:class:`wooolf_solver.core.review.Step`): its ballot
    and the best one, in words too."""

    @property
    def consistent(self) -> bool:
        return bool(self.ballots)

    @property
    def voted(self) -> BallotScore | None:
        return next((score for score in self.ballots if score.ballot == self.ballot), None)

    @property
    def win_if_voted(self) -> Fraction | None:
        voted = self.voted
        return None if voted is None else voted.win_if

    @property
    def best_win_if(self) -> Fraction | None:
        return self.ballots[0].win_if if self.ballots else None

    def to_dict(self) -> dict[str, Any]:
        def number(value: Fraction | None) -> float | None:
            return None if value is None else float(value)

        return {"win_if_voted": number(self.win_if_voted), "best_win_if": number(self.best_win_if)}


@dataclass(frozen=True)
class DealReview(PlayedDeal):
    """A game record replayed: its outcome (the dawn, the deaths, the winners) and
    every seat's view."""

    seats: Mapping[Seat, SeatReview]

    @property
    def shots(self) -> Mapping[Seat, Seat]:
        """Each dead seat holding a card that shoots at dawn (the hunter) whose ballot
        named a seat: that seat, which died with it (:func:`~.win.hunted`)."""
        votes, roles = self.record.votes or {}, self.record.rules.roles
        return {
            seat: target
            for seat in self.dead
            if roles[self.dawn[seat - 1]].shoots and (target := votes.get(seat)) is not None
        }

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of ``review`` (``shots``, the hunter's, when it shot)."""
        out: dict[str, Any] = {
            "dead": list(self.dead),
            "winners": list(self.winners),
            "teams": {str(seat): team for seat, team in self.teams.items()},
            "scores": {str(seat): points for seat, points in self.scores.items()},
            "seats": {str(seat): view.to_dict() for seat, view in self.seats.items()},
            "speech": self.record.model.speech,
        }
        if self.shots:
            out["shots"] = {str(seat): target for seat, target in self.shots.items()}
        return out


def view_of(record: DealRecord, seat: Seat) -> DealRecord:
    """The deal record as ``seat`` knew it at the vote: its card, its night, the claims."""
    return replace(
        record,
        viewpoint=seat,
        cards=MappingProxyType({seat: record.cards[seat]}),
        night=MappingProxyType({seat: record.night[seat]}),
        votes=None,
    )


def review(
    record: DealRecord,
    engine: str | None = None,
    on_step: Callable[[int, int], None] | None = None,
) -> DealReview:
    """Replay a game record (every card, night entry and ballot) from every seat."""
    rules, layout = record.rules, record.layout
    votes = record.votes or {}
    played = outcome(record, play_night(rules, layout, record.dealt, record.choices()).cards, votes)
    dawn = played.dawn
    replayed = replay(
        _Replay(engine),
        record,
        layout.seats,
        1,
        None if on_step is None else counter(on_step, record.players),
    )
    views: dict[Seat, SeatReview] = {}
    for seat in layout.seats:
        (step,) = replayed[seat]
        posterior, ballots = step.detail or (None, ())
        views[seat] = SeatReview(
            seat,
            record.cards[seat],
            dawn[seat - 1],
            record.night[seat],
            seat in record.bots,
            votes.get(seat),
            ballots,
            posterior,
            step,
        )
    return DealReview(
        record,
        dawn,
        played.dead,
        played.winners,
        played.teams,
        played.scores,
        MappingProxyType(views),
    )


class _Replay:
    """The hooks of the generic replay (:func:`wooolf_solver.core.review.replay`):
    one moment, the vote, judged from each seat's view."""

    def __init__(self, engine: str | None) -> None:
        self.engine = engine

    def view(self, record: DealRecord, seat: Seat, moment: int) -> DealRecord:
        return view_of(record, seat)

    def weigh(self, view: DealRecord) -> Weighed:
        seat = view.viewpoint
        if seat is None:  # pragma: no cover - view_of always sets it
            raise ValueError("a view without a viewpoint")
        try:
            posterior = posterior_of(knowledge_of(view), self.engine)
            return posterior, scores_of(view, seat, posterior)
        except InconsistentRecordError:
            return None, ()

    def judge(self, record: DealRecord, seat: Seat, moment: int, weighed: Weighed) -> Step[Weighed]:
        _, ballots = weighed
        ballot = (record.votes or {}).get(seat)
        voted = next((score for score in ballots if score.ballot == ballot), None)
        made = (
            Option(ballot_words(ballot), None)
            if voted is None
            else Option(ballot_words(ballot), float(voted.win_if), voted.win_if == 1)
        )
        best = None
        if ballots:
            top = ballots[0]
            best = Option(ballot_words(top.ballot), float(top.win_if), top.win_if == 1)
        return Step(best, made, None, weighed)


def ballot_words(ballot: Ballot, say: Texts = ENGLISH) -> str:
    """``seat 3``, or ``nobody`` for a ballot on nobody (in the language of ``say``)."""
    return say("nobody") if ballot is None else say("seat {seat}", seat=ballot)
