"""Wooolf!! in words: hands, declarations, actions, events and contradictions.

Every readable output of the game (the tables of ``solve``, ``hint`` and ``review``,
the sentences of ``why`` and of the review page, the one-line contradiction) takes its
phrases from here.

>>> from wooolf_solver.games.wooolf.record import Round
>>> round_ = Round.load("examples/worked-example.yaml")
>>> hand_name(round_.game, round_.hands[2])
'hunter + sheep'
>>> describe_event(round_, round_.events[0])
'seat 1 peeked at seat 4 and said sheep'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.errors import EventId
from ...core.i18n import ENGLISH, Texts
from ...core.knowledge import Observation
from ...core.words import NOBODY, join_words, pointer_word
from .model import Announced, Answered, Seen
from .record import Ask, Declare, Event, Peek, Round
from .rules import Card, Rules, Seat

if TYPE_CHECKING:
    from .game import GameRound
    from .hints import Action


def hand_name(game: Rules, hand: Sequence[Card]) -> str:
    """A hand in words, the card that gives the identity first."""
    cards = sorted(hand, key=lambda card: -game.characters[card.character].value)
    return " + ".join(card.name for card in cards)


def describe_targets(pointers: Sequence[Seat], targets: Sequence[str]) -> str:
    """A declaration in words: each pointer's seat (or nobody) and its target.

    >>> describe_targets((6, 1), ("wolf", "hound"))
    'seat 6 (wolf), seat 1 (hound)'
    >>> describe_targets((0,), ("sheep",))
    'nobody (sheep)'
    """
    return ", ".join(
        f"{pointer_word(seat)} ({target})" for seat, target in zip(pointers, targets, strict=True)
    )


def short_targets(pointers: Sequence[Seat], targets: Sequence[str]) -> str:
    """A declaration in short: ``wolf 6, hound 1``, ``no sheep``.

    >>> short_targets((6, 0), ("wolf", "hound"))
    'wolf 6, no hound'
    """
    return ", ".join(
        f"{target} {seat}" if seat != NOBODY else f"no {target}"
        for seat, target in zip(pointers, targets, strict=True)
    )


def pointers_in_words(pointers: Sequence[Seat], targets: Sequence[str]) -> str:
    """A declaration in plain words.

    >>> pointers_in_words((6, 0), ("wolf", "hound"))
    'seat 6 as the wolf and nobody as the hound'
    """
    return join_words(
        [
            f"{pointer_word(seat)} as the {target}"
            for seat, target in zip(pointers, targets, strict=True)
        ]
    )


def describe_action(round_: Round, action: Action) -> str:
    """An action in words: ``peek at seat 4``, ``ask seat 1: Is your identity ...?``."""
    if action.question is None:
        return action.describe()
    question = round_.game.questions[action.question]
    return f"ask seat {action.target}: “{question.text}”"


def describe_event(round_: Round, event: Event) -> str:
    """An event in words, as the record's viewpoint knows it."""
    if isinstance(event, Peek):
        if event.sees is not None and event.seat == round_.viewpoint:
            return f"seat {event.seat} peeked at seat {event.target} and saw {event.sees.name}"
        return f"seat {event.seat} peeked at seat {event.target} and said {event.says}"
    if isinstance(event, Ask):
        answer = "yes" if event.answer else "no"
        return f"seat {event.seat} asked seat {event.target} {event.question}: {answer}"
    if isinstance(event, Declare):
        return f"seat {event.seat} declared early"
    raise TypeError(f"not an event: {event!r}")


def event_in_words(round_: GameRound, event: Event) -> str:
    """An event of a revealed round in plain words (plain text, to be escaped).

    >>> from wooolf_solver.games.wooolf.game import GameRecord
    >>> first = GameRecord.load("examples/game-6p-basic.yaml").round(1)
    >>> event_in_words(first, first.events[3])
    'Seat 3 peeked at seat 1, saw hound and said “wolf”.'
    """
    if isinstance(event, Peek):
        seen = f", saw {event.sees.name}" if event.sees is not None else ""
        return f"Seat {event.seat} peeked at seat {event.target}{seen} and said “{event.says}”."
    if isinstance(event, Ask):
        text = round_.game.questions[event.question].text
        return (
            f"Seat {event.seat} asked seat {event.target}: “{text}” "
            f"— {'yes' if event.answer else 'no'}."
        )
    if isinstance(event, Declare):
        declared = round_.declarations.get(event.seat)
        if declared is None:
            return f"Seat {event.seat} declared early."
        targets = round_.identity(event.seat).targets
        return f"Seat {event.seat} declared early: {pointers_in_words(declared.targets, targets)}."
    raise TypeError(f"not an event: {event!r}")


def describe_observation(
    observation: Observation, viewpoint: Seat | None, say: Texts = ENGLISH
) -> str:
    """What an observation of the viewpoint's knowledge says (``why``'s lines), in the
    language of ``say`` (:mod:`wooolf_solver.core.i18n`; cards and icons as printed)."""
    if isinstance(observation, Seen):
        seen = observation.card.name
        return say("you peeked at seat {seat} and saw {card}", seat=observation.target, card=seen)
    if isinstance(observation, Answered):
        answer = say("yes") if observation.yes else say("no")
        question = say(observation.question.text)
        return say(
            "seat {seat} answered {answer} to “{question}”",
            seat=observation.target,
            answer=answer,
            question=question,
        )
    if isinstance(observation, Announced):
        target, icon = observation.target, observation.icon
        if observation.peeker == viewpoint:
            return say("you peeked at seat {seat} and announced {icon}", seat=target, icon=icon)
        return say(
            "seat {peeker} peeked at seat {seat} and announced {icon}",
            peeker=observation.peeker,
            seat=target,
            icon=icon,
        )
    raise TypeError(f"not an observation of a round: {observation!r}")


def events_in_words(count: int | None) -> str:
    """When, in events seen: ``before any event``, ``after 3 events``."""
    if count == 0:
        return "before any event"
    return "after 1 event" if count == 1 else f"after {count} events"


def describe_conflict(round_: Round | None, conflict: Sequence[EventId]) -> str:
    """One line naming the events that cannot all hold."""
    if not conflict:
        return "the record contradicts itself: no deal fits the known hands."
    named = [
        f"event {number} ({describe_event(round_, round_.events[number - 1])})"
        if round_ is not None and isinstance(number, int)
        else f"event {number}"
        for number in conflict
    ]
    if len(named) == 1:
        return f"the record contradicts itself: {named[0]} cannot hold."
    listed = ", ".join(named[:-1]) + f" and {named[-1]}"
    both = "both" if len(named) == 2 else "all"
    return f"the record contradicts itself: {listed} cannot {both} hold."
