"""The library's errors: one root class, narrow subclasses named by cause.

>>> issubclass(InvalidRecordError, SolverError) and issubclass(InvalidRecordError, ValueError)
True
>>> issubclass(ArgumentTypeError, SolverError) and issubclass(ArgumentTypeError, TypeError)
True
>>> print(UnsupportedVerbError("Chess", "vote", ["solve", "hint"]))
game: Chess has no `vote` (its verbs: solve, hint)
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

EventId = int | str
"""An event's number in its record (from 1), or a game's name for a pseudo-event
(such as ``"night"``)."""


class SolverError(Exception):
    """Root of every error the library raises on purpose."""


class InvalidDeckError(SolverError, ValueError):
    """A rules or deck file is malformed; the message names the file and field."""


class InvalidRecordError(SolverError, ValueError):
    """A record is malformed; the message names the event or field."""


class UnknownNameError(SolverError, ValueError):
    """An argument names no known game, engine or bot; the message lists the known ones."""


class InvalidArgumentError(SolverError, ValueError):
    """An argument is out of range (a player count the deck has no setup for, a bot's
    option value, a plot format); the message says what would do."""


class ArgumentTypeError(SolverError, TypeError):
    """A library call's argument has the wrong type (``True`` or ``"5"`` as a seat, a
    number as a path); the message names the argument. Data read from a record is
    :class:`InvalidRecordError` instead."""


class IllegalMoveError(SolverError, ValueError):
    """A move the rules do not allow, by a bot or a person at a table; the message names
    the move (and, for a bot, the seat and the bot)."""


class OutOfTurnError(IllegalMoveError):
    """A move that is not this seat's to make now (a web table answers it with 409, any
    other illegal move with 422)."""


class UnsupportedVerbError(SolverError):
    """A game (or this kind of its records) does not answer a verb; the message names
    the game and the verbs it has (:attr:`game`, :attr:`verb`, :attr:`verbs`)."""

    def __init__(self, game: str, verb: str, verbs: Iterable[str]) -> None:
        self.game = game
        self.verb = verb
        self.verbs = tuple(verbs)
        super().__init__(f"game: {game} has no `{verb}` (its verbs: {', '.join(self.verbs)})")


class InconsistentRecordError(SolverError):
    """No deal is consistent with the record.

    ``conflict`` holds the numbers (from 1) of a minimal set of events that cannot
    all hold together with the deck and the known hands.
    """

    def __init__(self, conflict: tuple[EventId, ...]) -> None:
        self.conflict = conflict
        listed = ", ".join(str(event) for event in conflict)
        super().__init__(f"the record contradicts itself: events {listed} cannot all hold")


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A hint for a near-miss name, to append to an error message (or ``""``).

    >>> did_you_mean("colur", ["colour", "flavour"])
    " (did you mean 'colour'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
