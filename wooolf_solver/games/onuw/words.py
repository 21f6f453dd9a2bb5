"""ONUW in sentences: night entries, claims, options and conflicts, in plain words.

Every readable output of the game (``solve``, ``hint``, ``vote``, ``why``,
``review``) and the explanations of ``why`` take their phrases from here.

>>> from wooolf_solver.games.onuw.rules import Layout
>>> layout = Layout(5, 2)
>>> night_words(layout, "robber", NightEntry.of(robbed=3, got="seer"))
'robbed seat 3 and got the seer'
>>> night_words(layout, "seer", NightEntry.of(centre=((6, "werewolf"), (7, "villager"))))
'looked at c1 and c2 and saw a werewolf and a villager'
>>> claim_words(layout, Claim(1, "seer", NightEntry.of(saw=((3, "werewolf"),))))
'seat 1 claimed the seer, who looked at seat 3 and saw a werewolf'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ...core.errors import EventId
from ...core.i18n import ENGLISH, Texts
from ...core.words import join_words, seats_in_words
from .night import Choice, NightEntry
from .record import Claim, DealRecord
from .rules import Layout, Seat, Slot


def card(role: str, say: Texts = ENGLISH) -> str:
    """A card with its article: ``the seer``, ``a werewolf`` (cards that repeat); in the
    language of ``say`` (:mod:`wooolf_solver.core.i18n`), the name as on the card."""
    if role in ("werewolf", "villager", "mason"):
        return say("a {role}", role=role)
    return say("the {role}", role=role)


def slot_words(layout: Layout, slot: Slot, say: Texts = ENGLISH) -> str:
    """``seat 3`` or ``c1``."""
    return say("seat {seat}", seat=slot) if layout.is_seat(slot) else layout.name(slot)


def _seen(layout: Layout, pairs: Any, say: Texts) -> str:
    seen = cast(tuple[tuple[Slot, str], ...], pairs)
    where = join_words([slot_words(layout, slot, say) for slot, _ in seen], say)
    cards = join_words([card(role, say) for _, role in seen], say)
    return say("looked at {where} and saw {cards}", where=where, cards=cards)


def night_words(layout: Layout, role: str, entry: NightEntry, say: Texts = ENGLISH) -> str:
    """What a seat dealt ``role`` did and saw, as a verb phrase (no subject)."""
    parts: list[str] = []
    for slot, seen in entry.get("copied") or ():  # a doppelganger, first
        parts.append(say("copied {card} at seat {seat}", card=card(seen, say), seat=slot))
    wolves = entry.get("wolves")
    if wolves is not None:
        seats = cast(tuple[Seat, ...], wolves)
        if role == "werewolf" and len(seats) == 1:
            parts.append(say("was the lone werewolf"))
        elif not seats:
            parts.append(say("saw no werewolf among the players"))
        else:
            parts.append(say("saw the werewolves at {seats}", seats=seats_in_words(seats, say)))
    masons = entry.get("masons")
    if masons is not None:
        seats = cast(tuple[Seat, ...], masons)
        parts.append(
            say("was the only mason among the players")
            if len(seats) == 1
            else say("saw the masons at {seats}", seats=seats_in_words(seats, say))
        )
    for key in ("saw", "centre"):
        if entry.get(key) is not None:
            parts.append(_seen(layout, entry.get(key), say))
    robbed, got = entry.get("robbed"), entry.get("got")
    if robbed is not None and got:
        parts.append(say("robbed seat {seat} and got {card}", seat=robbed, card=card(got, say)))
    elif robbed is not None:
        parts.append(say("robbed seat {seat}", seat=robbed))
    swapped = entry.get("swapped")
    if swapped is not None:
        parts.append(say("swapped the cards of {seats}", seats=seats_in_words(swapped, say)))
    took = entry.get("took")
    if took is not None:
        parts.append(say("took {slot}", slot=slot_words(layout, took, say)))
    now = entry.get("now")
    if now is not None:
        parts.append(say("woke to find {card}", card=card(now, say)))
    if not parts:
        return {
            "seer": say("did not look"),
            "robber": say("did not rob"),
            "troublemaker": say("did not swap"),
            "werewolf": say("saw the other werewolf"),
        }.get(role, say("did nothing at night"))
    return join_words(parts, say)


def claim_words(layout: Layout, claim: Claim, say: Texts = ENGLISH) -> str:
    """``seat 1 claimed the seer, who looked at seat 3 and saw a werewolf``."""
    said = say("seat {seat} claimed {card}", seat=claim.seat, card=card(claim.role, say))
    if claim.entry.items:
        night = night_words(layout, claim.role, claim.entry, say)
        said = say("{claimed}, who {night}", claimed=said, night=night)
    return said


def option_words(layout: Layout, option: Choice, role: str) -> str:
    """A night option in words: ``look at seat 3``, ``rob seat 2``, ``do nothing``."""
    if not option:
        return "do nothing"
    places = join_words([slot_words(layout, slot) for slot in option])
    if role == "robber":
        return f"rob {places}"
    if role == "troublemaker":
        return f"swap {places}"
    if role == "drunk":
        return f"take {places}"
    if role == "doppelganger":
        return f"copy {places}"
    return f"look at {places}"


def event_words(record: DealRecord, event: EventId) -> str:
    """An event of a conflict or a reason: the viewpoint's night, or a claim."""
    layout = record.layout
    if event == "night" and record.viewpoint is not None:
        seat = record.viewpoint
        role = record.cards[seat]
        return f"your night (the {role}: you {night_words(layout, role, record.night[seat])})"
    if isinstance(event, int) and 1 <= event <= len(record.claims):
        return f"claim {event} ({claim_words(layout, record.claims[event - 1])})"
    return f"event {event}"


def conflict_words(record: DealRecord | None, conflict: Sequence[EventId]) -> str:
    """One line naming the events that cannot all hold."""
    if not conflict:
        return "the record contradicts itself: no deal fits the deck and the known cards."
    named = [
        event_words(record, event) if record is not None else f"event {event}" for event in conflict
    ]
    if len(named) == 1:
        return f"the record contradicts itself: {named[0]} cannot hold."
    both = "both" if len(named) == 2 else "all"
    return f"the record contradicts itself: {join_words(named)} cannot {both} hold."
