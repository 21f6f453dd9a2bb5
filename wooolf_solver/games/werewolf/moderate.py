"""The moderator's assistant at a real table: the night script as questions, the game as
it goes.

An :class:`Assistant` holds the deck, the variants and every answer given so far. It asks
the cards first (each seat's card, as the moderator sees it), then whatever the game
needs next, in the script's order ("Seer (seat 3), wake up: whose card do you look
at?"), and tells what to show and announce, as lines built from the game's events.
Nothing is kept but the answers: the game is replayed from them at every step, so an
answer can be undone and a saved session resumed exactly (:meth:`Assistant.to_dict`,
:func:`resume`). Claims are table talk and are not asked.

>>> assistant = Assistant((("villager", 2), ("werewolf", 1)))
>>> assistant.question().text
"Seat 1's card? (villager, werewolf)"
>>> for answer in ["werewolf", "villager", "villager", "2", "3", "3", "3", "3"]:
...     _ = assistant.answer(answer)
>>> for line in assistant.lines()[-3:]:
...     print(line)
Seat 3 is the sheriff.
Day 1: votes 1→3, 3→3; seat 3 (villager) is lynched.
The werewolves win.
>>> assistant.undo().question().text
'Day 1: seat 3 votes for? (1, 3)'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core import fields
from ...core.errors import InvalidRecordError
from ...core.play import play
from .asks import View
from .bots import Decisions
from .engine import Outcome, outcome_of
from .events import (
    Charmed,
    Charms,
    Check,
    Claim,
    Dawn,
    Day,
    Event,
    Lovers,
    Night,
    Protects,
    SheriffNamed,
    Shot,
    Takes,
    WitchNight,
    Wolves,
)
from .record import GameRecord
from .rules import Deck, Rules, Seat, Variants, load_rules, variants_of
from .state import WerewolfState

NONE = "none"
YES, NO = "yes", "no"


@dataclass(frozen=True)
class Question:
    """What the assistant asks next: ``options`` are the answers it accepts."""

    key: str
    text: str
    options: tuple[str, ...]


class _Pending(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a replay when the answers run out."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.text)
        self.question = question


@dataclass
class Assistant:
    """A moderated game in progress (see the module's docstring)."""

    deck: Deck
    variants: Variants = field(default_factory=Variants)
    answers: list[str] = field(default_factory=list)
    seed: int = 0
    """Seeds the moderator's own draws (a tied sheriff's election)."""
    rules: Rules = field(default_factory=load_rules, repr=False)

    # -- the game so far ---------------------------------------------------------------

    def replay(self) -> tuple[Question | None, WerewolfState | None, Outcome | None]:
        """The pending question (``None`` when the game is over), the game's state, the
        outcome: the answers played on the state, as its seats' moves."""
        asker = _Asker(self.answers)
        state = None
        try:
            deal = self.deal(asker)
            state = WerewolfState(self.deck, self.variants, rules=self.rules, deal=deal)
            play(state, dict.fromkeys(state.seats, asker), random.Random(self.seed))
        except _Pending as pending:
            return pending.question, state, None
        return None, state, outcome_of(state)

    def deal(self, asker: _Asker) -> list[str]:
        left = Counter(dict(self.rules.cards(self.deck)))
        cards = []
        for seat in range(1, sum(n for _, n in self.deck) + 1):
            options = tuple(sorted(kind for kind, n in left.items() if n))
            card = asker.ask(Question("card", f"Seat {seat}'s card? ({', '.join(options)})",
                                      options))  # fmt: skip
            left[card] -= 1
            cards.append(card)
        rest = sorted(kind for kind, n in left.items() for _ in range(n))
        return cards + rest

    def question(self) -> Question | None:
        """What to ask now (``None``: the game is over)."""
        return self.replay()[0]

    def answer(self, text: str) -> Assistant:
        """Give the pending question's answer (refused, naming it, if it is not one of the
        options)."""
        question = self.question()
        if question is None:
            raise InvalidRecordError("answer: the game is over")
        answer = " ".join(text.split()).lower()
        if question.key == "voters":
            seats = answer.replace(",", " ").split()
            if not seats or any(seat not in question.options for seat in seats):
                raise InvalidRecordError(f"answer: seats among {', '.join(question.options)}")
        elif answer not in question.options:
            raise InvalidRecordError(
                f"answer: {answer!r} is not one of {', '.join(question.options)}"
            )
        self.answers.append(answer)
        return self

    def undo(self) -> Assistant:
        """Take the last answer back."""
        if self.answers:
            self.answers.pop()
        return self

    def record(self) -> GameRecord:
        """The moderator's game record so far (every card, every event)."""
        _, table, outcome = self.replay()
        if outcome is not None:
            return outcome.record
        if table is None:
            return GameRecord(sum(n for _, n in self.deck), self.deck, self.variants,
                              rules=self.rules)  # fmt: skip
        return table.game_record()

    def record_dict(self) -> dict[str, Any]:
        """The game record so far, as a document (``wooolf review`` reads it once the
        game is over)."""
        return self.record().to_dict()

    def lines(self) -> list[str]:
        """What the moderator tells and shows, event by event, and the end."""
        outcome = self.replay()[2]
        record = outcome.record if outcome is not None else self.record()
        out = [say(event, dict(record.cards)) for event in record.events]
        if outcome is not None:
            out.append(ending(outcome))
        return [line for line in out if line]

    # -- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The session, to save (and :func:`resume`)."""
        return {
            "game": "werewolf",
            "roles": dict(self.deck),
            "rules": self.variants.to_dict(),
            "seed": self.seed,
            "answers": list(self.answers),
        }


def resume(data: Any, rules: Rules | None = None) -> Assistant:
    """A saved session (:meth:`Assistant.to_dict`), replayed to where it stopped.

    >>> saved = Assistant((("villager", 2), ("werewolf", 1))).answer("villager").to_dict()
    >>> resume(saved).question().text
    "Seat 2's card? (villager, werewolf)"
    """
    rules = rules or load_rules()
    raw = fields.only(data, ("game", "roles", "rules", "seed", "answers"), "session")
    deck = rules.check_deck(fields.required(raw, "roles", "session"), None, "session.roles")
    answers = [
        fields.string(item, f"session.answers.{n}")
        for n, item in enumerate(fields.sequence(raw.get("answers", []), "session.answers"), 1)
    ]
    assistant = Assistant(deck, variants_of(raw.get("rules")), answers,
                          fields.integer(raw.get("seed", 0), "session.seed"), rules)  # fmt: skip
    for number in range(len(answers)):
        trial = Assistant(deck, assistant.variants, answers[:number], assistant.seed, rules)
        question = trial.question()
        if question is None or (
            question.key != "voters" and answers[number] not in question.options
        ):
            raise InvalidRecordError(f"session.answers.{number + 1}: not an answer to the question")
    return assistant


class _Asker(Decisions):
    """A player for every seat that takes its decisions from the answers, in order."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers = list(answers)
        self.position = 0

    def ask(self, question: Question) -> str:
        if self.position >= len(self.answers):
            raise _Pending(question)
        answer = self.answers[self.position]
        self.position += 1
        return answer

    def seat(self, key: str, text: str, allowed: Sequence[Seat], none: bool = False) -> Seat | None:
        options = tuple(str(s) for s in allowed) + ((NONE,) if none else ())
        answer = self.ask(Question(key, f"{text} ({', '.join(options)})", options))
        return None if answer == NONE else int(answer)

    def yes(self, key: str, text: str) -> bool:
        return self.ask(Question(key, f"{text} (yes, no)", (YES, NO))) == YES

    # the Player interface

    def thief_take(self, view: View, seat: Seat) -> int:
        leftover = view.ask.leftover if view.ask is not None else ()
        options = tuple(dict.fromkeys(leftover))
        text = f"Thief (seat {seat}), wake up: which card do you take? ({', '.join(options)})"
        return leftover.index(self.ask(Question("thief", text, options)))

    def cupid(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> tuple[Seat, Seat]:
        first = self.seat("cupid", f"Cupid (seat {seat}), wake up: the first lover?", allowed)
        rest = [s for s in allowed if s != first]
        second = self.seat("cupid", "The second lover?", rest)
        return int(first or 0), int(second or 0)

    def protect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        text = f"Defender (seat {seat}), wake up: whom do you protect?"
        return int(self.seat("protect", text, allowed) or 0)

    def check(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        text = f"Seer (seat {seat}), wake up: whose card do you look at?"
        return int(self.seat("check", text, allowed) or 0)

    def victim(self, view: View, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        text = "Werewolves, wake up: whom do you eat?"
        return int(self.seat("victim", text, allowed) or 0)

    def catch(self, view: View, pack: tuple[Seat, ...], girl: Seat) -> bool:
        return self.yes("catch", f"Did the werewolves catch the little girl (seat {girl})?")

    def witch(
        self,
        view: View,
        seat: Seat,
        victim: Seat,
        *,
        can_heal: bool,
        can_poison: bool,
        allowed: Sequence[Seat],
    ) -> tuple[bool, Seat | None]:
        heals = can_heal and self.yes(
            "heal", f"Witch (seat {seat}), wake up: the victim is seat {victim}. Heal?"
        )
        poisons = None
        if can_poison:
            poisons = self.seat("poison", "Poison whom?", allowed, none=True)
        return heals, poisons

    def charm(self, view: View, seat: Seat, allowed: Sequence[Seat], count: int) -> list[Seat]:
        chosen: list[Seat] = []
        for number in range(1, count + 1):
            rest = [s for s in allowed if s not in chosen]
            text = f"Piper (seat {seat}), wake up: whom do you charm ({number} of {count})?"
            chosen.append(int(self.seat("charm", text, rest) or 0))
        return chosen

    def shoot(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return int(self.seat("shoot", f"The hunter (seat {seat}) shoots whom?", allowed) or 0)

    def successor(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        text = f"The sheriff (seat {seat}) names a successor:"
        return int(self.seat("successor", text, allowed) or 0)

    def elect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        text = f"Sheriff's election: seat {seat} votes for?"
        return int(self.seat("elect", text, allowed) or 0)

    def claim(self, view: View, seat: Seat) -> Claim | None:
        return None

    def vote(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        text = f"Day {view.night}: seat {seat} votes for?"
        return int(self.seat("vote", text, allowed) or 0)

    def voters(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> list[Seat]:
        options = tuple(str(s) for s in allowed)
        text = f"The scapegoat (seat {seat}) names tomorrow's voters: ({', '.join(options)})"
        answer = self.ask(Question("voters", text, options))
        return sorted({int(s) for s in answer.replace(",", " ").split()})


# -- what the moderator says ---------------------------------------------------------------


def _seats(seats: Sequence[Seat], shown: dict[Seat, str]) -> str:
    return ", ".join(f"{s} ({shown[s]})" if s in shown else str(s) for s in seats)


def say(event: Event, cards: dict[Seat, str]) -> str:
    """The moderator's line for an event.

    >>> say(Check(3, 5, "villager"), {}), say(Dawn(1, ()), {})
    ("Show the seer (seat 3) seat 5's card: villager.", 'Dawn 1: nobody died.')
    """
    shown = dict(event.revealed)
    if isinstance(event, Night):
        return f"Night {event.night} falls."
    if isinstance(event, Takes):
        return f"The thief (seat {event.seat}) now plays the {event.takes}."
    if isinstance(event, Lovers):
        if cards.get(event.seat) != "cupid":
            return ""
        return f"The lovers are seats {event.lovers[0]} and {event.lovers[1]}: wake them."
    if isinstance(event, Protects):
        return f"The defender protects seat {event.protects}."
    if isinstance(event, Check):
        return f"Show the seer (seat {event.seat}) seat {event.checks}'s card: {event.sees}."
    if isinstance(event, Wolves):
        return (
            ""
            if event.seat != event.wolves[0]
            else f"The werewolves are seats {_list(event.wolves)}."
        )
    if isinstance(event, WitchNight):
        acts = (" She heals." if event.heals else "") + (
            f" She poisons seat {event.poisons}." if event.poisons is not None else ""
        )
        return f"Show the witch (seat {event.seat}) the victim: seat {event.victim}.{acts}"
    if isinstance(event, Charms):
        return f"The piper charms seats {_list(event.charms)}."
    if isinstance(event, Charmed):
        return (
            ""
            if event.seat != event.charmed[0]
            else f"Wake the charmed: seats {_list(event.charmed)}."
        )
    if isinstance(event, Dawn):
        if not event.dead:
            return f"Dawn {event.dawn}: nobody died."
        return f"Dawn {event.dawn}: dead: seat {_seats(event.dead, shown)}."
    if isinstance(event, Shot):
        return f"The hunter (seat {event.seat}) shoots seat {_seats(event.deaths, shown)}."
    if isinstance(event, SheriffNamed):
        return f"Seat {event.sheriff} is the sheriff."
    if isinstance(event, Day):
        votes = ", ".join(f"{voter}→{target}" for voter, target in event.votes)
        if event.lynched is None:
            return f"Day {event.day}: votes {votes}; nobody is lynched."
        if not event.lynched_dies:
            idiot = f"seat {event.lynched}, the village idiot, is spared"
            return f"Day {event.day}: votes {votes}; {idiot}."
        return f"Day {event.day}: votes {votes}; seat {_seats(event.deaths, shown)} is lynched."
    return ""


def _list(seats: Sequence[Seat]) -> str:
    return ", ".join(str(s) for s in seats)


def ending(outcome: Outcome) -> str:
    """The last line: who won."""
    if outcome.winner is None:
        return "The game stops unfinished."
    if outcome.winner == "nobody":
        return "Nobody is left: nobody wins."
    return {
        "village": "The village wins.",
        "werewolves": "The werewolves win.",
        "piper": "The piper wins.",
        "lovers": "The lovers win.",
    }[outcome.winner]


__all__ = ["Assistant", "Question", "ending", "resume", "say"]
