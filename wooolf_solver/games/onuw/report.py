"""The HTML page of an ONUW review (``wooolf review GAME --html FILE``), in the one
design of every game.

:func:`frame` puts a :class:`~.review.DealReview` in the generic review frame
(:mod:`wooolf_solver.core.review`) with ONUW's words: the outcome and the dawn reveal,
then the deal as one part with one moment, the vote: every seat's cards and night, its
ballot's chance to win against the best ballot open to it, its points; the night, the
claims and the ballots as a timeline; and what each seat could tell at the vote (each
player's chance of a werewolf at dawn, from its view). :func:`html_report` renders it.

>>> from wooolf_solver.games.onuw.record import load_record
>>> from wooolf_solver.games.onuw.review import review
>>> deal = frame(review(load_record("examples/onuw/game-table-4p.yaml"))).parts[0]
>>> deal.moments, [line.seat for line in deal.seats], deal.seats[0].moves[0][1].made.words
(('at the vote',), [1, 2, 3, 4], 'seat 3')
"""

from __future__ import annotations

from fractions import Fraction

from ...core.review import Entry, Grid, Note, Part, ReviewFrame, SeatLine, Words
from ...core.review_page import review_page
from ...core.words import exact_percent, join_words, plural, seats_in_words
from .review import DealReview, SeatReview, ballot_words
from .words import card, claim_words, night_words, slot_words

WORDS = Words(
    kind="Deal review",
    who="Cards",
    move="Ballot",
    chance="Chance to win",
    best="best ballot",
    moments="moments",
    curve="best ballot's chance to win",
    nothing="Nothing notable: every ballot was the best open to its voter.",
    footer=(
        "Every chance is exact: weighed over every deal and night consistent with what "
        "the seat knew, never sampled."
    ),
    part_noun="deal",
)


GRID_TITLE = "What each seat could tell at the vote: a werewolf at dawn"


def html_report(result: DealReview) -> str:
    """The whole review as one HTML page."""
    return review_page(frame(result))


def frame(result: DealReview) -> ReviewFrame:
    """The review in the generic frame, with ONUW's words."""
    record = result.record
    layout = record.layout
    won_teams = sorted({result.teams[seat] for seat in result.winners})
    dead = seats_in_words(result.dead) if result.dead else "nobody"
    teams = f"the {join_words(won_teams)} team{'s' * (len(won_teams) > 1)}; " if won_teams else ""
    summary = [
        f"{slot_words(layout, slot).capitalize()}: dealt {record.cards[slot]}, "
        f"{result.dawn[slot - 1]} at dawn."
        for slot in layout.slots
    ]
    return ReviewFrame(
        title=f"{record.rules.title} — {record.edition} edition",
        facts=(f"{record.players} players", f"speech model {record.model.speech}"),
        winners=result.winners,
        outcome=f"({teams}died: {dead})",
        parts=(deal_part(result),),
        words=WORDS,
        summary=tuple(summary),
    )


def deal_part(result: DealReview) -> Part:
    """The deal: every seat at the vote, the timeline, what each seat could tell."""
    record = result.record
    layout = record.layout
    votes = record.votes or {}
    timeline = [
        Entry(seat, "night", f"Seat {seat}, dealt {card(view.dealt)}, {night}.")
        for seat, view in result.seats.items()
        if (night := night_words(layout, view.dealt, view.entry))
    ]
    timeline += [
        Entry(claim.seat, "claim", claim_words(layout, claim).capitalize() + ".")
        for claim in record.claims
    ]
    timeline += [
        Entry(seat, "ballot", f"Seat {seat} voted {ballot_words(votes[seat])}.")
        for seat in result.seats
        if seat in votes
    ]
    notes = [note for view in result.seats.values() if (note := seat_note(view)) is not None]
    wolves = frozenset(seat for seat in layout.seats if result.dawn[seat - 1] == "werewolf")
    rows = tuple(
        (seat, tuple(chance(view, column) for column in layout.seats))
        for seat, view in result.seats.items()
    )
    return Part(
        anchor="deal",
        title="The deal",
        facts=(plural(len(record.claims), "claim"),),
        moments=("at the vote",),
        seats=tuple(seat_line(result, view) for view in result.seats.values()),
        notes=tuple(notes),
        timeline=tuple(timeline),
        grid=Grid(GRID_TITLE, layout.seats, rows, wolves),
    )


def seat_line(result: DealReview, view: SeatReview) -> SeatLine:
    """A seat at the vote: its cards and team, its night, its ballot judged, its points."""
    knew = night_words(result.record.layout, view.dealt, view.entry)
    return SeatLine(
        view.seat,
        f"{view.dealt} → {view.dawn} ({result.teams[view.seat]} team)",
        f"at night it {knew}" + (" · a bot" if view.bot else ""),
        () if view.step is None else (view.step,),
        result.scores[view.seat],
        won=view.seat in result.winners,
    )


def chance(view: SeatReview, seat: int) -> float | None:
    """The seat's chance of a werewolf at dawn, from ``view`` (``None``: no world)."""
    if view.posterior is None:
        return None
    return float(view.posterior.dawn[seat].get("werewolf", Fraction(0)))


def seat_note(view: SeatReview) -> Note | None:
    """A better ballot missed, or a view from which the deal cannot happen."""
    if not view.consistent:
        return Note(
            "info", "no world",
            f"From seat {view.seat}'s view the deal cannot happen: someone on the village "
            "team lied.", view.seat, 0,
        )  # fmt: skip
    if view.win_if_voted is None or view.win_if_voted == view.best_win_if:
        return None
    best = view.ballots[0]
    return Note(
        "missed", "better ballot",
        f"Seat {view.seat} voted {ballot_words(view.ballot)}, a "
        f"{exact_percent(float(view.win_if_voted))} chance to win; "
        f"{ballot_words(best.ballot)} had {exact_percent(float(best.win_if))}.",
        view.seat, 0,
    )  # fmt: skip


__all__ = ["frame", "html_report"]
