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

from dataclasses import fields, replace
from fractions import Fraction

from ...core.i18n import ENGLISH, N_, Texts, spoken
from ...core.review import Entry, Grid, Note, Part, ReviewFrame, SeatLine, Words
from ...core.review_page import review_page
from ...core.words import exact_percent, join_words, seats_in_words
from .review import DealReview, SeatReview, ballot_words
from .words import card, claim_words, night_words, slot_words

WORDS = Words(
    kind=N_("Deal review"),
    who=N_("Cards"),
    move=N_("Ballot"),
    chance=N_("Chance to win"),
    best=N_("best ballot"),
    moments=N_("moments"),
    curve=N_("best ballot's chance to win"),
    nothing=N_("Nothing notable: every ballot was the best open to its voter."),
    footer=N_(
        "Every chance is exact: weighed over every deal and night consistent with what "
        "the seat knew, never sampled."
    ),
    part_noun=N_("deal"),
)
"""The page's words (in English; :func:`frame` says them in its language)."""

GRID_TITLE = N_("What each seat could tell at the vote: a werewolf at dawn")


def html_report(result: DealReview) -> str:
    """The whole review as one HTML page, in the language being spoken
    (:func:`wooolf_solver.core.i18n.speaking`; English unless a page asked)."""
    say = spoken()
    return review_page(frame(result, say), say)


def team_words(team: str, say: Texts = ENGLISH) -> str:
    """A team's name in the language of ``say`` (``village``, ``werewolf``, ``tanner``)."""
    return {
        "village": say("village"),
        "werewolf": say("werewolf"),
        "tanner": say("tanner"),
    }.get(team, team)


def frame(result: DealReview, say: Texts = ENGLISH) -> ReviewFrame:
    """The review in the generic frame, with ONUW's words (in the language of ``say``)."""
    record = result.record
    layout = record.layout
    won = [team_words(team, say) for team in sorted({result.teams[s] for s in result.winners})]
    dead = seats_in_words(result.dead, say) if result.dead else say("nobody")
    if len(won) > 1:
        outcome = say("(the {teams} teams; died: {dead})", teams=join_words(won, say), dead=dead)
    elif won:
        outcome = say("(the {team} team; died: {dead})", team=won[0], dead=dead)
    else:
        outcome = say("(died: {dead})", dead=dead)
    summary = [
        say(
            "{slot}: dealt {card}, {dawn} at dawn.",
            slot=slot_words(layout, slot, say).capitalize(),
            card=record.cards[slot],
            dawn=result.dawn[slot - 1],
        )
        for slot in layout.slots
    ]
    return ReviewFrame(
        title=say("{game} — {edition} edition", game=record.rules.title, edition=record.edition),
        facts=(
            say("{count} players", count=record.players),
            say("speech model {model}", model=record.model.speech),
        ),
        winners=result.winners,
        outcome=outcome,
        parts=(deal_part(result, say),),
        words=replace(WORDS, **{f.name: say(getattr(WORDS, f.name)) for f in fields(WORDS)}),
        summary=tuple(summary),
    )


def deal_part(result: DealReview, say: Texts = ENGLISH) -> Part:
    """The deal: every seat at the vote, the timeline, what each seat could tell."""
    record = result.record
    layout = record.layout
    votes = record.votes or {}
    timeline = []
    for seat, view in result.seats.items():
        night = night_words(layout, view.dealt, view.entry, say)
        dealt = card(view.dealt, say)
        line = say("Seat {seat}, dealt {card}, {night}.", seat=seat, card=dealt, night=night)
        timeline.append(Entry(seat, say("night"), line))
    timeline += [
        Entry(
            claim.seat,
            say("claim"),
            say("{claim}.", claim=claim_words(layout, claim, say).capitalize()),
        )
        for claim in record.claims
    ]
    timeline += [
        Entry(
            seat,
            say("ballot"),
            say("Seat {seat} voted {ballot}.", seat=seat, ballot=ballot_words(votes[seat], say)),
        )
        for seat in result.seats
        if seat in votes
    ]
    notes = [note for view in result.seats.values() if (note := seat_note(view, say)) is not None]
    wolves = frozenset(seat for seat in layout.seats if result.dawn[seat - 1] == "werewolf")
    rows = tuple(
        (seat, tuple(chance(view, column) for column in layout.seats))
        for seat, view in result.seats.items()
    )
    claims = len(record.claims)
    return Part(
        anchor="deal",
        title=say("The deal"),
        facts=(say("1 claim") if claims == 1 else say("{count} claims", count=f"{claims:,}"),),
        moments=(say("at the vote"),),
        seats=tuple(seat_line(result, view, say) for view in result.seats.values()),
        notes=tuple(notes),
        timeline=tuple(timeline),
        grid=Grid(say(GRID_TITLE), layout.seats, rows, wolves),
    )


def seat_line(result: DealReview, view: SeatReview, say: Texts = ENGLISH) -> SeatLine:
    """A seat at the vote: its cards and team, its night, its ballot judged, its points."""
    knew = night_words(result.record.layout, view.dealt, view.entry, say)
    team = team_words(result.teams[view.seat], say)
    step = view.step
    if step is not None and step.made is not None:  # the ballots' words in the language
        made = replace(step.made, words=ballot_words(view.ballot, say))
        best = step.best and replace(step.best, words=ballot_words(view.ballots[0].ballot, say))
        step = replace(step, made=made, best=best)
    return SeatLine(
        view.seat,
        say("{dealt} → {dawn} ({team} team)", dealt=view.dealt, dawn=view.dawn, team=team),
        say("at night it {night}", night=knew) + (say(" · a bot") if view.bot else ""),
        () if step is None else (step,),
        result.scores[view.seat],
        won=view.seat in result.winners,
    )


def chance(view: SeatReview, seat: int) -> float | None:
    """The seat's chance of a werewolf at dawn, from ``view`` (``None``: no world)."""
    if view.posterior is None:
        return None
    return float(view.posterior.dawn[seat].get("werewolf", Fraction(0)))


def seat_note(view: SeatReview, say: Texts = ENGLISH) -> Note | None:
    """A better ballot missed, or a view from which the deal cannot happen."""
    if not view.consistent:
        return Note(
            "info", say("no world"),
            say("From seat {seat}'s view the deal cannot happen: someone on the village "
                "team lied.", seat=view.seat), view.seat, 0,
        )  # fmt: skip
    if view.win_if_voted is None or view.win_if_voted == view.best_win_if:
        return None
    best = view.ballots[0]
    return Note(
        "missed", say("better ballot"),
        say("Seat {seat} voted {ballot}, a {chance} chance to win; {best} had {best_chance}.",
            seat=view.seat, ballot=ballot_words(view.ballot, say),
            chance=exact_percent(float(view.win_if_voted)),
            best=ballot_words(best.ballot, say), best_chance=exact_percent(float(best.win_if))),
        view.seat, 0,
    )  # fmt: skip


__all__ = ["frame", "html_report"]
