"""The HTML page of a Werewolf review (``wooolf review GAME --html FILE``), in the one
design of every game.

:func:`frame` puts a :class:`~.review.Review` in the generic review frame
(:mod:`wooolf_solver.core.review`) with Werewolf's words: the outcome, the cards and
the dead in order, then one part a day with one moment, its vote: every voter's role,
its ballot beside the chance (P(werewolf), or for a voter not of the village, the
ballot's worth to its team) from what it knew then, against the best ballot open to it.
:func:`html_report` renders it.

>>> from wooolf_solver.games.werewolf.record import load_record
>>> from wooolf_solver.games.werewolf.review import review
>>> record = load_record("examples/werewolf/game-10p.yaml")
>>> days = frame(record, review(record)).parts
>>> [day.title for day in days], days[0].seats[0].moves[0][1].made.words
(['Day 1', 'Day 2', 'Day 3', 'Day 4'], 'seat 2 (werewolf)')
"""

from __future__ import annotations

from ...core.pages import capitalize_first
from ...core.review import Entry, Note, Part, ReviewFrame, SeatLine, Step, Words
from ...core.review_page import review_page
from ...core.words import plural
from .events import Event
from .record import GameRecord
from .review import Ballot, DayReview, Review
from .words import WINNER_WORDS, event_words

WORDS = Words(
    kind="Game review",
    who="Role",
    move="Ballot",
    chance="P(werewolf)",
    best="best ballot",
    moments="days",
    curve="best ballot's chance",
    nothing="Nothing notable: every ballot was the best open to its voter.",
    footer=(
        "Each ballot's chance is exact, from its voter's own knowledge at the vote; a "
        "voter not of the village is judged by the seat's worth to the village."
    ),
    part_noun="day",
)


def html_report(record: GameRecord, result: Review) -> str:
    """The whole review as one HTML page."""
    return review_page(frame(record, result))


def frame(record: GameRecord, result: Review) -> ReviewFrame:
    """The review in the generic frame, with Werewolf's words."""
    dead = ", ".join(f"seat {seat} ({role}, event {n})" for seat, n, role in result.dead)
    cards = ", ".join(f"seat {seat} {role}" for seat, role in record.cards)
    outcome = "the game is unfinished" if result.winner is None else WINNER_WORDS[result.winner]
    return ReviewFrame(
        title=f"Werewolf — {record.players} players",
        facts=(
            f"{record.players} players",
            plural(len(result.days), "day"),
            f"speech model {result.speech}",
        ),
        winners=result.winners,
        outcome=f"({outcome})",
        parts=tuple(
            day_part(record, day, 0 if n == 0 else result.days[n - 1].event)
            for n, day in enumerate(result.days)
        ),
        words=WORDS,
        summary=(f"The cards: {cards}.", f"The dead, in order: {dead or 'nobody'}."),
    )


def day_part(record: GameRecord, day: DayReview, since: int) -> Part:
    """A day's vote: every voter's ballot judged from its knowledge then; the events
    after event ``since`` (the day before's vote) up to it as the timeline."""
    cards = dict(record.cards)
    lynched = "nobody lynched"
    if day.lynched is not None:
        lynched = f"seat {day.lynched} ({cards.get(day.lynched, '?')}) lynched"
    notes = tuple(
        missed_note(step, ballot)
        for step, ballot in zip(day.steps, day.ballots, strict=True)
        if step.missed
    )
    return Part(
        anchor=f"day-{day.day}",
        title=f"Day {day.day}",
        facts=(lynched, f"event {day.event}"),
        moments=("at the vote",),
        seats=tuple(
            SeatLine(ballot.voter, cards.get(ballot.voter, "?"), steps=(step,))
            for step, ballot in zip(day.steps, day.ballots, strict=True)
        ),
        notes=notes,
        timeline=tuple(entry(event) for event in record.events[since : day.event]),
    )


def entry(event: Event) -> Entry:
    """An event of the record on the timeline: its seat when it has one, its kind (the
    record's word for it; a day is its vote)."""
    seat = getattr(event, "seat", None)
    kind = "vote" if event.kind == "day" else event.kind  # the record's own name of it
    return Entry(
        seat if isinstance(seat, int) else None, kind, capitalize_first(event_words(event)) + "."
    )


def missed_note(step: Step[Ballot], ballot: Ballot) -> Note:
    """A ballot that scored less than the best one open to its voter."""
    made, best = step.made, step.best
    if made is None or best is None:
        raise ValueError("a missed ballot is a ballot weighed against the best one")
    return Note(
        "missed",
        "better ballot",
        f"Seat {ballot.voter} voted {made.words} ({made.text}); {best.words} had {best.text}.",
        ballot.voter,
        0,
    )


__all__ = ["frame", "html_report"]
