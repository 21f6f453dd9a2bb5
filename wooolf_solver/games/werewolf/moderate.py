"""The moderator's assistant at a real table: the night script as questions, the game as
it goes.

An :class:`Assistant` holds the deck, the variants, the players' names (if any) and
every answer given so far. It asks the cards first (each seat's card, as the moderator
sees it), then whatever the game needs next, in the script's order ("Seer (seat 3),
wake up: whose card do you look at?"; the witch is shown the victim and told her
potions before she chooses), and tells what to show and announce, as lines built from
the game's events, with the cues (everyone closes their eyes at nightfall, each role
after its turn; a lover's death of grief named as such). Every word comes from one
catalogue (:mod:`.moderator_words`). Nothing is kept but the answers: the game is
replayed from them at every step, so an answer can be undone and a saved session
resumed exactly (:meth:`Assistant.to_dict`, :func:`resume`). Claims are table talk
and are not asked. ``wooolf moderate`` (the terminal) and the ``/moderate`` page
(:mod:`.moderate_page`) both drive this class.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...core import fields
from ...core.errors import InvalidRecordError
from ...core.play import play
from .asks import View
from .bots import Decisions
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
from .moderator_words import Words
from .play import Outcome, outcome_of
from .record import GameRecord
from .rules import Deck, Rules, Seat, Variants, load_rules, variants_of
from .state import WerewolfState

NONE = "none"
YES, NO = "yes", "no"


@dataclass(frozen=True)
class Question:
    """What the assistant asks next: ``options`` are the answers it accepts; ``prompt``
    is the question alone, ``text`` the prompt with its options."""

    key: str
    text: str
    options: tuple[str, ...]
    prompt: str = ""


def _question(key: str, prompt: str, options: Sequence[str]) -> Question:
    """A question whose text lists its options after the prompt."""
    return Question(key, f"{prompt} ({', '.join(options)})", tuple(options), prompt)


class _Pending(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a replay when the answers run out."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.text)
        self.question = question


class Replay(NamedTuple):
    """The answers played: the pending question (``None`` when the game is over), the
    game's state (``None`` before the deal), its outcome (once over) and the cues said
    after answers (the position in the state's events each goes before, and its line)."""

    question: Question | None
    state: WerewolfState | None
    outcome: Outcome | None
    cues: list[tuple[int, str]]
    used: int
    """How many answers were read."""


@dataclass
class Assistant:
    """A moderated game in progress (see the module's docstring)."""

    deck: Deck
    variants: Variants = field(default_factory=Variants)
    answers: list[str] = field(default_factory=list)
    seed: int = 0
    """Seeds the moderator's own draws (a tied sheriff's election)."""
    rules: Rules = field(default_factory=load_rules, repr=False)
    names: tuple[str, ...] = ()
    """The players' names, seat 1's first (none: seats by number)."""
    messages: Mapping[str, str] = field(default_factory=dict, repr=False)
    """The translations the questions and lines are said in (see
    :class:`.moderator_words.Words`; none: English)."""

    @property
    def words(self) -> Words:
        return Words(self.names, self.messages)

    # -- the game so far ---------------------------------------------------------------

    def replay(self) -> Replay:
        """The answers played on the state, as its seats' moves."""
        asker = _Asker(self.answers, self.words)
        state = None
        try:
            deal = self.deal(asker)
            state = asker.state = WerewolfState(
                self.deck, self.variants, rules=self.rules, deal=deal
            )
            play(state, dict.fromkeys(state.seats, asker), random.Random(self.seed))
        except _Pending as pending:
            return Replay(pending.question, state, None, asker.cues, asker.position)
        return Replay(None, state, outcome_of(state), asker.cues, asker.position)

    def deal(self, asker: _Asker) -> list[str]:
        left = Counter(dict(self.rules.cards(self.deck)))
        cards = []
        for seat in range(1, sum(n for _, n in self.deck) + 1):
            options = tuple(sorted(kind for kind, n in left.items() if n))
            card = asker.ask(_question("card", self.words("card", seat=self.words.seat(seat)),
                                      options))  # fmt: skip
            left[card] -= 1
            cards.append(card)
        rest = sorted(kind for kind, n in left.items() for _ in range(n))
        return cards + rest

    def question(self) -> Question | None:
        """What to ask now (``None``: the game is over)."""
        return self.replay().question

    def answer(self, text: str) -> Assistant:
        """Give the pending question's answer (refused, naming it, if it is not one of the
        options)."""
        question = self.question()
        if question is None:
            raise InvalidRecordError("answer: the game is over")
        answer = completed(question, " ".join(text.split()).lower())
        why = refusal(question, answer)
        if why is not None:
            raise InvalidRecordError(f"answer: {why}")
        self.answers.append(answer)
        return self

    def undo(self) -> Assistant:
        """Take the last answer back."""
        if self.answers:
            self.answers.pop()
        return self

    def record(self, replay: Replay | None = None) -> GameRecord:
        """The moderator's game record so far (every card, every event)."""
        _, table, outcome, _, _ = replay or self.replay()
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

    def lines(self, replay: Replay | None = None) -> list[str]:
        """What the moderator tells and shows, event by event (each answer's cue in its
        place), and the end."""
        replay = replay or self.replay()
        record = self.record(replay)
        mourned = replay.state.mourned if replay.state is not None else {}
        script = _Script(self.words, dict(record.cards), replay.cues, mourned)
        out = [
            line for index, event in enumerate(record.events) for line in script.at(index, event)
        ]
        out.extend(script.rest())
        if replay.outcome is not None:
            out.append(ending(replay.outcome, self.words))
        return [line for line in out if line]

    # -- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The session, to save (and :func:`resume`)."""
        out = {
            "game": "werewolf",
            "roles": dict(self.deck),
            "rules": self.variants.to_dict(),
            "seed": self.seed,
            "answers": list(self.answers),
        }
        if self.names:
            out["names"] = list(self.names)
        return out


def resume(data: Any, rules: Rules | None = None) -> Assistant:
    """A saved session (:meth:`Assistant.to_dict`), replayed to where it stopped.

    >>> saved = Assistant((("villager", 2), ("werewolf", 1))).answer("villager").to_dict()
    >>> resume(saved).question().text
    "Seat 2's card? (villager, werewolf)"
    """
    rules = rules or load_rules()
    known = ("game", "roles", "rules", "seed", "answers", "names")
    raw = fields.only(data, known, "session")
    deck = rules.check_deck(fields.required(raw, "roles", "session"), None, "session.roles")
    answers = [
        fields.string(item, f"session.answers.{n}")
        for n, item in enumerate(fields.sequence(raw.get("answers", []), "session.answers"), 1)
    ]
    assistant = Assistant(deck, variants_of(raw.get("rules")), answers,
                          fields.integer(raw.get("seed", 0), "session.seed"), rules,
                          names_of(raw.get("names", []), sum(n for _, n in deck)))  # fmt: skip
    replay = assistant.replay()  # each answer checked as it is read
    if replay.question is None and replay.used < len(answers):
        raise InvalidRecordError(f"session.answers.{replay.used + 1}: the game was over")
    return assistant


def completed(question: Question, answer: str) -> str:
    """``answer``, or the one word option it begins (a moderator types ``vil`` for
    ``villager``); a seat's number is never completed.

    >>> card = Question("card", "", ("seer", "village-idiot", "villager", "werewolf"))
    >>> completed(card, "w"), completed(card, "vill"), completed(card, "villager")
    ('werewolf', 'vill', 'villager')
    """
    if answer in question.options or question.key == "voters":
        return answer
    begun = _begun(question, answer)
    return begun[0] if len(begun) == 1 else answer


def _begun(question: Question, answer: str) -> list[str]:
    """The word options (not seat numbers) that ``answer`` begins, if it is not empty."""
    return [o for o in question.options if answer and not o.isdigit() and o.startswith(answer)]


def refusal(question: Question, answer: str) -> str | None:
    """Why ``answer`` does not answer ``question`` (``None``: it does).

    >>> refusal(Question("vote", "", ("1", "3")), "2")
    "'2' is not one of 1, 3"
    >>> refusal(Question("card", "", ("village-idiot", "villager", "werewolf")), "vill")
    "'vill' begins more than one answer: village-idiot, villager"
    """
    if question.key == "voters":
        seats = answer.replace(",", " ").split()
        if not seats or any(seat not in question.options for seat in seats):
            return f"seats among {', '.join(question.options)}"
    elif answer not in question.options:
        begun = _begun(question, answer)
        if len(begun) > 1:
            return f"{answer!r} begins more than one answer: {', '.join(begun)}"
        return f"{answer!r} is not one of {', '.join(question.options)}"
    return None


def names_of(raw: object, players: int, where: str = "session.names") -> tuple[str, ...]:
    """The players' names: none, or one per seat (short, distinct).

    >>> names_of(["Ann", " Bo "], 2)
    ('Ann', 'Bo')
    >>> names_of(["Ann"], 2)
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: session.names: 1 names for 2 players
    """
    names = tuple(
        " ".join(fields.string(item, f"{where}.{n}").split())
        for n, item in enumerate(fields.sequence(raw, where), 1)
    )
    if names and len(names) != players:
        raise InvalidRecordError(f"{where}: {len(names)} names for {players} players")
    if any(not name or len(name) > 40 for name in names):
        raise InvalidRecordError(f"{where}: each name from 1 to 40 characters")
    if len(set(names)) != len(names):
        raise InvalidRecordError(f"{where}: two players have the same name")
    return names


class _Asker(Decisions):
    """A player for every seat that takes its decisions from the answers, in order."""

    def __init__(self, answers: Sequence[str], words: Words) -> None:
        self.answers = list(answers)
        self.position = 0
        self.words = words
        self.state: WerewolfState | None = None
        self.cues: list[tuple[int, str]] = []
        self.ballots: list[tuple[Seat, Seat]] = []
        """The sheriff's election's ballots so far."""

    def ask(self, question: Question) -> str:
        if self.position >= len(self.answers):
            raise _Pending(question)
        answer = self.answers[self.position]
        self.position += 1
        if refusal(question, answer) is not None:
            where = f"session.answers.{self.position}"
            raise InvalidRecordError(f"{where}: not an answer to the question")
        return answer

    def cue(self, line: str) -> None:
        """A line said now, before the events still to come."""
        self.cues.append((len(self.state.events) if self.state else 0, line))

    def seat(self, key: str, text: str, allowed: Sequence[Seat], none: bool = False) -> Seat | None:
        options = tuple(str(s) for s in allowed) + ((NONE,) if none else ())
        answer = self.ask(_question(key, text, options))
        return None if answer == NONE else int(answer)

    def yes(self, key: str, text: str) -> bool:
        return self.ask(_question(key, text, (YES, NO))) == YES

    def say(self, key: str, seat: Seat | None = None, **values: object) -> str:
        """The message ``key`` with ``seat`` as ``{inner}`` (and ``{seat}``)."""
        if seat is not None:
            values.setdefault("inner", self.words.inner(seat))
            values.setdefault("seat", self.words.seat(seat))
        return self.words(key, **values)

    # the Player interface

    def thief_take(self, view: View, seat: Seat) -> int:
        leftover = view.ask.leftover if view.ask is not None else ()
        options = tuple(dict.fromkeys(leftover))
        return leftover.index(self.ask(_question("thief", self.say("thief", seat), options)))

    def cupid(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> tuple[Seat, Seat]:
        first = self.seat("cupid", self.say("cupid", seat), allowed)
        rest = [s for s in allowed if s != first]
        second = self.seat("cupid", self.say("cupid.second"), rest)
        return int(first or 0), int(second or 0)

    def protect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return int(self.seat("protect", self.say("protect", seat), allowed) or 0)

    def check(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return int(self.seat("check", self.say("check", seat), allowed) or 0)

    def victim(self, view: View, pack: tuple[Seat, ...], allowed: Sequence[Seat]) -> Seat:
        victim = int(self.seat("victim", self.say("victim"), allowed) or 0)
        roles = self.state.roles if self.state is not None else {}
        girl = any(roles.get(s) == "little-girl" for s in allowed)
        self.cue(self.say("eat.girl" if girl else "eat", victim))
        return victim

    def catch(self, view: View, pack: tuple[Seat, ...], girl: Seat) -> bool:
        caught = self.yes("catch", self.say("catch", girl))
        self.cue(self.say("caught", girl) if caught else self.say("not.caught"))
        return caught

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
        potions = self.say(
            "potions.both" if can_heal and can_poison else
            "potions.heal" if can_heal else "potions.poison"
        )  # fmt: skip
        shown = {"victim": self.words.seat(victim), "potions": potions}
        heals = can_heal and self.yes("heal", self.say("witch.heal", seat, **shown))
        poisons = None
        if can_poison:
            text = (
                self.say("witch.then", seat)
                if can_heal
                else self.say("witch.poison", seat, **shown)
            )
            poisons = self.seat("poison", text, allowed, none=True)
        return heals, poisons

    def charm(self, view: View, seat: Seat, allowed: Sequence[Seat], count: int) -> list[Seat]:
        chosen: list[Seat] = []
        for number in range(1, count + 1):
            rest = [s for s in allowed if s not in chosen]
            text = self.say("charm", seat, number=number, count=count)
            chosen.append(int(self.seat("charm", text, rest) or 0))
        return chosen

    def shoot(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return int(self.seat("shoot", self.say("shoot", seat), allowed) or 0)

    def successor(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return int(self.seat("successor", self.say("successor", seat), allowed) or 0)

    def elect(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        ballot = int(self.seat("elect", self.say("elect", seat), allowed) or 0)
        self.ballots.append((seat, ballot))
        if len(self.ballots) == len(view.living):  # every living player has voted
            votes = ", ".join(f"{voter}→{target}" for voter, target in self.ballots)
            tally = Counter(target for _, target in self.ballots)
            top = sorted(s for s, n in tally.items() if n == max(tally.values()))
            if len(top) > 1:
                self.cue(self.say("election.tie", votes=votes, seats=self.words.seats(top)))
            else:
                self.cue(self.say("election", votes=votes))
            self.ballots = []
        return ballot

    def claim(self, view: View, seat: Seat) -> Claim | None:
        return None

    def vote(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> Seat:
        return int(self.seat("vote", self.say("vote", seat, day=view.night), allowed) or 0)

    def voters(self, view: View, seat: Seat, allowed: Sequence[Seat]) -> list[Seat]:
        options = tuple(str(s) for s in allowed)
        answer = self.ask(_question("voters", self.say("voters", seat), options))
        return sorted({int(s) for s in answer.replace(",", " ").split()})


# -- what the moderator says ---------------------------------------------------------------


class _Script:
    """The lines of a game's events, in order, with what each depends on so far (the
    lovers, the potions each witch has used, the answers' cues, the deaths of grief at
    each dawn)."""

    def __init__(
        self,
        words: Words,
        cards: dict[Seat, str],
        cues: list[tuple[int, str]],
        mourned: Mapping[int, tuple[Seat, ...]],
    ) -> None:
        self.words = words
        self.cards = cards
        self.cues = sorted(cues, key=lambda cue: cue[0])
        self.mourned = mourned
        self.lovers: tuple[Seat, Seat] | None = None
        self.used: dict[Seat, set[str]] = {}

    def at(self, index: int, event: Event) -> list[str]:
        """The cues due before event ``index``, then its line."""
        out = [line for position, line in self.cues if position == index]
        self.cues = [(position, line) for position, line in self.cues if position != index]
        if isinstance(event, Lovers):
            self.lovers = event.lovers
        if isinstance(event, WitchNight):
            out.append(self.witch(event))
        elif isinstance(event, Dawn | Shot | Day):
            out.append(self.deaths(event, self.mourned.get(index, ())))
        else:
            out.append(say(event, self.cards, self.words))
        return out

    def rest(self) -> list[str]:
        return [line for _, line in self.cues]

    def witch(self, event: WitchNight) -> str:
        """The witch's line; shown the victim here when she had no potion to choose with."""
        used = self.used.setdefault(event.seat, set())
        line = say(event, self.cards, self.words)
        if used >= {"heal", "poison"}:
            words = self.words
            spent = words(
                "witch.spent", inner=words.inner(event.seat), seat=words.seat(event.victim)
            )
            line = f"{spent} {words('witch.sleeps')}"
        used.update(["heal"] * event.heals + ["poison"] * (event.poisons is not None))
        return line

    def deaths(self, event: Dawn | Shot | Day, mourned: tuple[Seat, ...]) -> str:
        """A dawn, a shot or a lynch, each death of grief named after the line (a
        dawn's ``mourned``, the others' in their events)."""
        words, shown = self.words, dict(event.revealed)
        if isinstance(event, Dawn):
            grief = list(mourned)
            kept = tuple(s for s in event.dead if s not in grief)
            line = say(Dawn(event.dawn, kept, event.revealed), self.cards, words)
        elif isinstance(event, Shot):
            grief = list(event.dead)
            line = say(Shot(event.seat, event.shoots, event.revealed), self.cards, words)
        else:
            grief = list(event.dead)
            line = say(
                Day(event.day, event.votes, event.lynched, event.revealed), self.cards, words
            )
        lovers = self.lovers or (0, 0)
        for seat in grief:
            lover = lovers[0] if seat == lovers[1] else lovers[1]
            line += " " + words("grief", seat=words.shown(seat, shown), lover=words.seat(lover))
        return line


def say(event: Event, cards: Mapping[Seat, str], words: Words | None = None) -> str:
    """The moderator's line for an event.

    >>> say(Check(3, 5, "villager"), {})
    "Show the seer (seat 3) seat 5's card: villager. Seer, close your eyes."
    >>> say(Dawn(1, ()), {})
    'Everyone, wake up. Dawn 1: nobody died.'
    """
    words = words or Words()
    shown = dict(event.revealed)
    inner = words.inner(getattr(event, "seat", 0))
    if isinstance(event, Night):
        return words("night", night=event.night)
    if isinstance(event, Takes):
        return words("takes", inner=inner, card=words.card(event.takes))
    if isinstance(event, Lovers):
        return (
            words("lovers", seats=words.seats(event.lovers))
            if cards.get(event.seat) == "cupid"
            else ""
        )
    if isinstance(event, Protects):
        return words("protects", seat=words.seat(event.protects))
    if isinstance(event, Check):
        return words(
            "seen", inner=inner, seat=words.seat(event.checks), card=words.card(event.sees)
        )
    if isinstance(event, Wolves):
        return (
            ""
            if event.seat != event.wolves[0]
            else words("wolves", seats=words.seats(event.wolves))
        )
    if isinstance(event, WitchNight):
        acts = [words("witch.heals", seat=words.seat(event.victim))] if event.heals else []
        if event.poisons is not None:
            acts.append(words("witch.poisons", seat=words.seat(event.poisons)))
        return " ".join([*(acts or [words("witch.nothing")]), words("witch.sleeps")])
    if isinstance(event, Charms):
        return words("charms", seats=words.seats(event.charms))
    if isinstance(event, Charmed):
        return (
            ""
            if event.seat != event.charmed[0]
            else words("charmed", seats=words.seats(event.charmed))
        )
    if isinstance(event, Dawn):
        if not event.dead:
            return words("dawn.none", dawn=event.dawn)
        return words("dawn", dawn=event.dawn, dead=words.dead(event.dead, shown))
    if isinstance(event, Shot):
        return words("shot", inner=inner, dead=words.dead(event.deaths, shown))
    if isinstance(event, SheriffNamed):
        return words("sheriff", seat=words.seat(event.sheriff))
    if isinstance(event, Day):
        votes = ", ".join(f"{voter}→{target}" for voter, target in event.votes)
        if event.lynched is None:
            return words("day.none", day=event.day, votes=votes)
        if not event.lynched_dies:
            return words("day.idiot", day=event.day, votes=votes, seat=words.seat(event.lynched))
        return words("day", day=event.day, votes=votes, dead=words.dead(event.deaths, shown))
    return ""


def ending(outcome: Outcome, words: Words | None = None) -> str:
    """The last line: who won."""
    words = words or Words()
    if outcome.winner is None:
        return words("unfinished")
    return words(f"won.{outcome.winner}")


__all__ = ["Assistant", "Question", "Replay", "ending", "names_of", "refusal", "resume", "say"]
