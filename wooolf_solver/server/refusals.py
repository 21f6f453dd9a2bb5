"""What a person reads when the table refuses something, in the page's language.

The API's refusals stay one English line for programs, ``{"error": "field: what is
wrong"}`` (the contract's shape). A page does not show that line: it reads the refusal's
**code**, its status and the field before the first colon (``"409 paused"``, ``"422
deck"``), which is stable, and shows the catalogue's message for it; the line itself is
kept as a detail a person may open. The seats' and the host's pages do so in their
script (``static/refusals.js``); the setup page, which the server renders, here.

>>> code(409, "paused: the host has paused the table")
'409 paused'
>>> code(422, "join.name: a name of 1 to 30 printable characters"), code(503, "busy")
('422 join.name', '503')
>>> setup_message(Texts("en"), 422, "players: the table edition seats 3 to 10 players")
'The number of players does not fit the edition (or the deck you gave).'
"""

from __future__ import annotations

from ..core.i18n import N_, Texts

SETUP: dict[str, str] = {
    "422 players": N_("The number of players does not fit the edition (or the deck you gave)."),
    "422 deck": N_(
        "The deck does not work: write role names as on the cards, separated by commas, "
        "as many as the players plus the centre cards."
    ),
    "422 bots": N_("Bots: at least one seat must be a person's, and only seats at the table."),
    "422 edition": N_("This edition does not exist: choose table or official."),
    "422 day_seconds": N_("The day's length is outside what the table allows."),
    "422 step_seconds": N_("A night step lasts 1 to 120 seconds (or leave it empty)."),
    "422 vote_seconds": N_("The time to vote is 10 to 3600 seconds."),
    "422 form": N_("The form could not be read: reload the page and try again."),
    "503 tables": N_("This server holds as many tables as it can: try again later."),
    "503 database": N_("The server could not store the table, so nothing was dealt: try again."),
}
"""The setup page's refusals, by code."""
OTHER = N_("The table could not be dealt with these settings: check them and try again.")


def code(status: int, message: str) -> str:
    """A refusal's stable code: its status and the field its line names (the status
    alone when the line names none)."""
    field, colon, _ = message.partition(":")
    field = field.strip()
    if not colon or not field or " " in field:
        return str(status)
    return f"{status} {field}"


def setup_message(texts: Texts, status: int, message: str) -> str:
    """The setup page's refusal in its language."""
    return texts(SETUP.get(code(status, message), OTHER))
