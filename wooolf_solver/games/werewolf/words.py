"""Werewolf in sentences: a record's events, a conflict, the outcome and the goals, in
plain words, for every readable output (``solve``, ``why``, ``review``, the review page).

>>> from wooolf_solver.games.werewolf.events import Claim, Dawn
>>> event_words(Dawn(1, (7,), ((7, "villager"),)))
'dawn 1: seat 7 (villager) died'
>>> event_words(Claim(4, "seer", ((2, "werewolf"),)))
'seat 4 claims the seer (saw 2: werewolf)'
>>> outcome_words("werewolves", (3,)), outcome_words(None, ())
('The werewolves win (seat 3).', 'The game is unfinished.')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import EventId
from ...core.fields import digits
from ...core.words import join_words, seats_in_words
from .events import Event
from .record import GameRecord
from .rules import Seat

WINNER_WORDS = {
    "village": "the village wins",
    "werewolves": "the werewolves win",
    "piper": "the piper wins",
    "lovers": "the lovers win",
    "nobody": "nobody is left: nobody wins",
}
"""Who won, as a clause."""

TEAM_WORDS = {"werewolves": "the werewolves", "alone": "a player alone"}
"""Whose goal a ballot not of the village follows."""


def event_words(event: Event) -> str:
    """One line for an event of a record."""
    data = event.to_dict()
    cards = data.pop("cards", {})
    shown = {seat: f" ({role})" for seat, role in cards.items()}
    if "dawn" in data:
        dead = ", ".join(f"{s}{shown.get(s, '')}" for s in data["dead"]) or "nobody"
        return (
            f"dawn {data['dawn']}: seat {dead} died"
            if data["dead"]
            else f"dawn {data['dawn']}: nobody died"
        )
    if "claims" in data:
        saw = ", ".join(f"{s}: {x}" for s, x in data.get("checked", {}).items())
        return f"seat {data['seat']} claims the {data['claims']}" + (f" (saw {saw})" if saw else "")
    if "day" in data:
        who = data["lynched"]
        return f"day {data['day']}: " + (
            "nobody lynched" if who is None else f"seat {who} lynched{shown.get(who, '')}"
        )
    if "shoots" in data:
        return f"seat {data['seat']} shoots seat {data['shoots']}{shown.get(data['shoots'], '')}"
    return ", ".join(f"{key} {value}" for key, value in data.items())


def conflict_words(record: GameRecord | None, conflict: Sequence[EventId]) -> str:
    """One line naming the events that cannot all hold."""
    if not conflict:
        return "the record contradicts itself: no deal fits the deck and the known cards."
    named = []
    for event in conflict:
        number = event if isinstance(event, int) else digits(event) or 0
        if record is not None and 1 <= number <= len(record.events):
            named.append(f"event {number} ({event_words(record.events[number - 1])})")
        else:
            named.append(f"event {event}")
    if len(named) == 1:
        return f"the record contradicts itself: {named[0]} cannot hold."
    both = "both" if len(named) == 2 else "all"
    return f"the record contradicts itself: {join_words(named)} cannot {both} hold."


def outcome_words(winner: str | None, winners: Sequence[Seat]) -> str:
    """The game's outcome as a sentence, with the winning seats."""
    if winner is None:
        return "The game is unfinished."
    won = f" ({seats_in_words(winners)})" if winners else ""
    return WINNER_WORDS[winner].capitalize() + won + "."


__all__ = ["TEAM_WORDS", "WINNER_WORDS", "conflict_words", "event_words", "outcome_words"]
