"""The HTML page of an ONUW review (``wooolf review GAME --html FILE``).

One self-contained page in the library's frame (:mod:`wooolf_solver.core.pages`):
the outcome (who died, who won, the scores, the dawn reveal of every slot), the
claims, then one card per seat: what it knew (its dealt card and night), its
posterior at the vote (each player's chance of a werewolf at dawn, from its view),
its ballot against the best one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.pages import render_page
from ...core.version import __version__
from ...core.words import exact_percent, seats_in_words
from .review import DealReview, SeatReview
from .words import card, claim_words, night_words


def _percent(value: Fraction | None) -> str:
    return exact_percent(None if value is None else float(value))


def _seat(result: DealReview, view: SeatReview) -> dict[str, Any]:
    layout = result.record.layout
    ballot = "nobody" if view.ballot is None else f"seat {view.ballot}"
    wolves = []
    if view.solution is not None:
        for seat in layout.seats:
            chance = view.solution.dawn[seat].get("werewolf", Fraction(0))
            truth = result.dawn[seat - 1] == "werewolf"
            wolves.append({"seat": seat, "chance": _percent(chance), "truth": truth})
    best = view.ballots[0] if view.ballots else None
    return {
        "seat": view.seat,
        "bot": view.bot,
        "dealt": card(view.dealt),
        "dawn": card(view.dawn),
        "night": night_words(layout, view.dealt, view.entry),
        "ballot": ballot,
        "voted": _percent(view.win_if_voted),
        "best": _percent(view.best_win_if),
        "best_ballot": (
            None if best is None else "nobody" if best.ballot is None else f"seat {best.ballot}"
        ),
        "missed": view.win_if_voted is not None and view.win_if_voted != view.best_win_if,
        "won": view.seat in result.winners,
        "points": result.scores[view.seat],
        "team": result.teams[view.seat],
        "wolves": wolves,
        "consistent": view.consistent,
    }


def html_report(result: DealReview) -> str:
    """The whole review as one HTML page."""
    record = result.record
    layout = record.layout
    title = (
        f"{record.rules.title} — {record.edition} edition, {record.players} players, "
        f"speech model {record.model.speech}"
    )
    return render_page(
        __package__ or "wooolf_solver.games.onuw",
        "review.html",
        page_title=f"Deal review — {title}",
        title=title,
        dead=seats_in_words(result.dead) if result.dead else "nobody",
        winners=seats_in_words(result.winners) if result.winners else "nobody",
        reveal=[
            {"slot": layout.name(slot), "dealt": record.cards[slot], "dawn": result.dawn[slot - 1]}
            for slot in layout.slots
        ],
        claims=[claim_words(layout, claim) for claim in record.claims],
        seats=[_seat(result, view) for view in result.seats.values()],
        version=__version__,
    )
