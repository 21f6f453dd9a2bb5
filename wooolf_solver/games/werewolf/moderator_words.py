"""Every word the moderator's assistant says, in one place: the terminal (``wooolf
moderate``) and the phone page (``/moderate``) read the same catalogue.

:data:`ENGLISH` maps a message's key to its English template (``str.format`` fields:
``{seat}`` a seat as a sentence names it, ``{inner}`` the same inside a role's
brackets, ``{seats}`` several). :class:`Words` fills them for one game: its players'
names (when given, ``seat 3`` reads ``Ann (seat 3)``) and its translations, keyed by
the English template as gettext catalogues are (a message not translated stays in
English, so a partial catalogue is safe).

>>> Words()("check", inner=Words().inner(3))
'Seer (seat 3), wake up: whose card do you look at?'
>>> named = Words(("Ann", "Bo", "Cy"))
>>> named.seat(2), named.inner(2), named.seats((1, 3))
('Bo (seat 2)', 'Bo, seat 2', 'Ann (seat 1) and Cy (seat 3)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...core.pages import capitalize_first
from .rules import Seat

ENGLISH: Mapping[str, str] = {
    # the questions (the options follow, in brackets, in the terminal)
    "card": "{Seat}'s card?",
    "thief": "Thief ({inner}), wake up: which card do you take?",
    "cupid": "Cupid ({inner}), wake up: the first lover?",
    "cupid.second": "The second lover?",
    "protect": "Defender ({inner}), wake up: whom do you protect?",
    "check": "Seer ({inner}), wake up: whose card do you look at?",
    "victim": "Werewolves, wake up: whom do you eat?",
    "catch": "Did the werewolves catch the little girl ({inner})?",
    "witch.heal": "Witch ({inner}), wake up: show her the victim, {victim}. "
    "Potions left: {potions}. Heal {victim}?",
    "witch.poison": "Witch ({inner}), wake up: show her the victim, {victim}. "
    "Potions left: {potions}. Poison whom?",
    "witch.then": "The witch ({inner}): poison whom?",
    "potions.both": "healing and poison",
    "potions.heal": "healing",
    "potions.poison": "poison",
    "charm": "Piper ({inner}), wake up: whom do you charm ({number} of {count})?",
    "shoot": "The hunter ({inner}) shoots whom?",
    "successor": "The sheriff ({inner}) names a successor:",
    "elect": "Sheriff's election: {seat} votes for?",
    "vote": "Day {day}: {seat} votes for?",
    "voters": "The scapegoat ({inner}) names tomorrow's voters:",
    # what the moderator says and shows
    "night": "Night {night} falls: everyone, close your eyes.",
    "takes": "The thief ({inner}) now plays the {card}. Thief, close your eyes.",
    "lovers": "Cupid, close your eyes. The lovers are {seats}: touch them; they wake, "
    "see each other and close their eyes.",
    "protects": "The defender protects {seat}. Defender, close your eyes.",
    "seen": "Show the seer ({inner}) {seat}'s card: {card}. Seer, close your eyes.",
    "wolves": "The werewolves are {seats}.",
    "eat": "The werewolves eat {seat}. Werewolves, close your eyes.",
    "eat.girl": "The werewolves choose {seat}.",
    "caught": "They catch the little girl ({inner}): she is their victim. "
    "Werewolves, close your eyes.",
    "not.caught": "Werewolves, close your eyes.",
    "witch.heals": "The witch heals {seat}.",
    "witch.poisons": "The witch poisons {seat}.",
    "witch.nothing": "The witch uses no potion.",
    "witch.spent": "Witch ({inner}), wake up: show her the victim, {seat}; she has no potion left.",
    "witch.sleeps": "Witch, close your eyes.",
    "charms": "The piper charms {seats}. Piper, close your eyes.",
    "charmed": "Touch the charmed, {seats}: they wake, see each other and close their eyes.",
    "dawn.none": "Everyone, wake up. Dawn {dawn}: nobody died.",
    "dawn": "Everyone, wake up. Dawn {dawn}: dead: {dead}.",
    "grief": "{Seat} dies of grief (the lover of {lover}).",
    "shot": "The hunter ({inner}) shoots {dead}.",
    "election": "Sheriff's election: votes {votes}.",
    "election.tie": "Sheriff's election: votes {votes}; a tie between {seats}, drawn by lot.",
    "sheriff": "{Seat} is the sheriff.",
    "day.none": "Day {day}: votes {votes}; nobody is lynched.",
    "day.idiot": "Day {day}: votes {votes}; {seat}, the village idiot, is spared.",
    "day": "Day {day}: votes {votes}; {dead} is lynched.",
    "not.werewolf": "not a werewolf",
    "answer.none": "nobody",
    "answer.yes": "yes",
    "answer.no": "no",
    "card.shown": "{seat} ({card})",
    "card.named": "{name} (seat {seat}, {card})",
    "and": " and ",
    # the end
    "won.village": "The village wins.",
    "won.werewolves": "The werewolves win.",
    "won.piper": "The piper wins.",
    "won.lovers": "The lovers win.",
    "won.nobody": "Nobody is left: nobody wins.",
    "unfinished": "The game stops unfinished.",
    # a seat, named or not
    "seat.plain": "seat {seat}",
    "seats.plain": "seats {seats}",
    "seat.named": "{name} (seat {seat})",
    "inner.named": "{name}, seat {seat}",
}
"""The English catalogue (every key)."""

CARDS = (
    "thief", "cupid", "defender", "seer", "werewolf", "little-girl", "witch", "piper",
    "hunter", "elder", "village-idiot", "scapegoat", "villager",
)  # fmt: skip
"""The cards' names, each a message of its own (translated where a line shows a card)."""


@dataclass(frozen=True)
class Words:
    """The words of one game: its players' names (seat 1's first) and the translations
    of :data:`ENGLISH`'s templates (English template -> translation; none: English)."""

    names: Sequence[str] = ()
    messages: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, key: str, **values: object) -> str:
        """The message ``key`` filled with ``values`` (``{Seat}``: ``{seat}`` with a
        capital, as a sentence starts)."""
        template = self.messages.get(ENGLISH[key], ENGLISH[key])
        if "Seat" not in values and "seat" in values:
            values["Seat"] = capitalize_first(str(values["seat"]))
        return template.format(**values)

    def card(self, card: str) -> str:
        """A card's name (``not``: what the seer sees of a player who is no werewolf)."""
        return self("not.werewolf") if card == "not" else self.messages.get(card, card)

    def name(self, seat: Seat) -> str:
        return self.names[seat - 1] if 0 < seat <= len(self.names) else ""

    def seat(self, seat: Seat) -> str:
        """A seat in a sentence: ``seat 3``, or ``Ann (seat 3)``."""
        name = self.name(seat)
        return self("seat.named" if name else "seat.plain", name=name, seat=seat)

    def inner(self, seat: Seat) -> str:
        """A seat inside a role's brackets: ``seat 3``, or ``Ann, seat 3``."""
        name = self.name(seat)
        return self("inner.named" if name else "seat.plain", name=name, seat=seat)

    def seats(self, seats: Sequence[Seat], shown: Mapping[Seat, str] | None = None) -> str:
        """Several seats (each with its card when ``shown``): ``seats 1, 4``, or
        ``Ann (seat 1) and Di (seat 4)``."""
        shown = shown or {}
        if not self.names and not shown and len(seats) > 1:
            return self("seats.plain", seats=", ".join(str(s) for s in seats))
        return self("and").join(self.shown(s, shown) for s in seats)

    def shown(self, seat: Seat, shown: Mapping[Seat, str]) -> str:
        """A seat, with its card when it is turned up."""
        if seat in shown and self.name(seat):
            return self("card.named", name=self.name(seat), seat=seat, card=self.card(shown[seat]))
        if seat in shown:
            return self("card.shown", seat=self.seat(seat), card=self.card(shown[seat]))
        return self.seat(seat)

    def dead(self, seats: Sequence[Seat], shown: Mapping[Seat, str]) -> str:
        """The dead of one moment (``seat 1 (villager), 4`` as before, when unnamed)."""
        if self.names:
            return self.seats(seats, shown)
        listed = ", ".join(f"{s} ({self.card(shown[s])})" if s in shown else str(s) for s in seats)
        return self("seat.plain", seat=listed)


__all__ = ["CARDS", "ENGLISH", "Words"]
