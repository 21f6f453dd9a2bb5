"""The review of a moderator's full record: every ballot judged from its voter's knowledge.

For each day, each voter's ballot is shown beside the exact P(werewolf) of the seat it
named, from what the voter knew at that moment (the public events before the vote and
its own private events), with the best ballot it could have cast for its own team's
goal (:mod:`.ballots`: for the village, the living seat other than itself most likely a
werewolf; for a werewolf, the seat worth most to the village, never a known packmate;
ties by seat number); then the dead in order, the winner and the winning seats. A
record the rules cannot produce is refused first (:func:`~.validate.check_game`). Judged
exactly by the counter (:mod:`.engines.counter`), under the record's speech model.

>>> import random
>>> from wooolf_solver.games.werewolf.bots import RandomBot
>>> from wooolf_solver.games.werewolf.play import play_game
>>> deck = (("seer", 1), ("villager", 2), ("werewolf", 1))
>>> record = play_game(deck, RandomBot(random.Random(2)), random.Random(2)).record
>>> report = review(record)
>>> report.to_dict()["days"][0]["ballots"][0]
{'voter': 2, 'target': 4, 'werewolf': 0.5, 'best': 3, 'best_werewolf': 0.5}
>>> report.winner, report.winners, [seat for seat, _, _ in report.dead]
('werewolves', (3,), [1, 4, 2])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...core.errors import InvalidRecordError
from ...core.review import Option, Step, replay
from ...core.speech import DEFAULT_SPEECH, Speech
from .events import Charms, Day, Lovers
from .play import winner_of, winners_of
from .posterior import WerewolfPosterior, known
from .record import GameRecord
from .rules import WEREWOLF, Seat, Team
from .validate import check_game


@dataclass(frozen=True)
class Ballot:
    """One ballot judged from its voter's knowledge."""

    voter: Seat
    target: Seat
    werewolf: Fraction
    """P(the named seat is a werewolf), from the voter's knowledge."""
    best: Seat | None
    """The seat the voter should have named for its team's goal (``None``: no living
    seat but itself)."""
    best_werewolf: Fraction
    goal: Team = "village"
    """The voter's team, whose goal its ballot is judged by (:mod:`.ballots`)."""
    score: Fraction = Fraction(0)
    """The ballot's score for that goal (the village's: ``werewolf``)."""
    best_score: Fraction = Fraction(0)

    @property
    def good(self) -> bool:
        """Whether the ballot scores as well as the best one."""
        return self.score >= self.best_score

    def to_dict(self) -> dict[str, Any]:
        """The ballot's JSON; a voter not of the village also gets its ``goal`` and the
        scores (the seats' worth) its ballots are judged by."""
        out: dict[str, Any] = {
            "voter": self.voter,
            "target": self.target,
            "werewolf": float(self.werewolf),
            "best": self.best,
            "best_werewolf": float(self.best_werewolf),
        }
        if self.goal != "village":
            out |= {"goal": self.goal, "score": float(self.score)}
            out["best_score"] = float(self.best_score)
        return out


@dataclass(frozen=True)
class DayReview:
    """A day's vote: its event number, the lynched seat and the ballots."""

    day: int
    event: int
    lynched: Seat | None
    ballots: tuple[Ballot, ...]
    steps: tuple[Step[Ballot], ...] = ()
    """The generic replay's steps (:class:`wooolf_solver.core.review.Step`), one per
    ballot: the ballot and the best one, in words too."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "event": self.event,
            "lynched": self.lynched,
            "ballots": [ballot.to_dict() for ballot in self.ballots],
        }


@dataclass(frozen=True)
class Review:
    """A played game reviewed: the days, the dead in order, the winner."""

    days: tuple[DayReview, ...]
    dead: tuple[tuple[Seat, int, str], ...]
    """Each death: the seat, the event number, the seat's role."""
    winner: str | None
    """``village``, ``werewolves``, ``piper``, ``lovers``, ``nobody``; ``None``: unfinished."""
    winners: tuple[Seat, ...]
    speech: Speech = DEFAULT_SPEECH
    """The speech model the voters' knowledge was read by."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``review --json``."""
        return {
            "days": [day.to_dict() for day in self.days],
            "dead": [{"seat": s, "event": n, "role": role} for s, n, role in self.dead],
            "winner": self.winner,
            "winners": list(self.winners),
            "speech": self.speech,
        }


def review(record: GameRecord, on_step: Callable[[int, int], None] | None = None) -> Review:
    """Review a moderator's full record (every card, every private event);
    ``on_step(done, total)`` after each day's ballots, for a progress bar."""
    check_game(record)
    total = sum(isinstance(event, Day) for event in record.events)
    roles = dict(record.cards)
    days: list[DayReview] = []
    dead: list[tuple[Seat, int, str]] = []
    lovers: tuple[Seat, Seat] | None = None
    charmed: set[Seat] = set()
    for number, event in enumerate(record.events, 1):
        if isinstance(event, Day):
            steps = _steps(record, number)
            ballots = tuple(step.detail for step in steps if step.detail is not None)
            days.append(DayReview(event.day, number, event.lynched, ballots, steps))
            if on_step is not None:
                on_step(len(days), total)
        if isinstance(event, Lovers):
            lovers = event.lovers
        if isinstance(event, Charms):
            charmed.update(event.charms)
        dead += [(seat, number, roles[seat]) for seat in event.deaths]
    winner = winner_of(
        record.rules, roles, record.alive_after(), lovers=lovers, charmed=frozenset(charmed),
        parity=record.variants.parity,
    )  # fmt: skip
    won = winners_of(record.rules, roles, winner, lovers)
    return Review(tuple(days), tuple(dead), winner, won, record.model.speech)


Vote = tuple[GameRecord, int]
"""A day's vote: the record and the number of its ``day`` event."""


class _Replay:
    """The hooks of the generic replay (:func:`wooolf_solver.core.review.replay`): one
    moment a day, the vote, judged from each voter's knowledge before it."""

    def view(self, day: Vote, seat: Seat, moment: int) -> GameRecord:
        record, number = day
        return replace(record, events=record.events[: number - 1]).view(seat)

    def weigh(self, view: GameRecord) -> WerewolfPosterior | None:
        return known(view)

    def judge(
        self, day: Vote, seat: Seat, moment: int, posterior: WerewolfPosterior | None
    ) -> Step[Ballot]:
        record, number = day
        if posterior is None:
            raise InvalidRecordError(
                f"events.{number}.votes.{seat}: seat {seat}'s knowledge contradicts itself"
            )
        target, goal, werewolf = _votes(record, number)[seat], posterior.goal, posterior.werewolf
        best, best_score = posterior.lynch[0] if posterior.lynch else (None, Fraction(0))
        best_p = Fraction(0) if best is None else werewolf[best]
        mine = posterior.score(target)
        ballot = Ballot(seat, target, werewolf[target], best, best_p, goal, mine, best_score)
        cards = dict(record.cards)
        right = cards.get(target) == WEREWOLF if goal == "village" else None

        def option(seat: Seat | None, value: Fraction) -> Option:
            words = "nobody" if seat is None else f"seat {seat}"
            if seat in cards:
                words += f" ({cards[seat]})"
            if goal == "village":
                return Option(words, float(value), value == 1)
            return Option(words, float(value), shown=f"worth {float(value):.2f}")

        return Step(option(best, best_score), option(target, mine), right, ballot)


def _votes(record: GameRecord, number: int) -> dict[Seat, Seat]:
    event = record.events[number - 1]
    if not isinstance(event, Day):
        raise TypeError("not a day")
    return dict(event.votes)


def _steps(record: GameRecord, number: int) -> tuple[Step[Ballot], ...]:
    voters = list(_votes(record, number))
    replayed = replay(_Replay(), (record, number), voters, 1)
    return tuple(step for (step,) in replayed.values())
