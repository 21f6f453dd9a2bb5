"""Whole games played from real deals, for the tests and the example game records.

A game is played the way a table plays it: each round the setup's cards are
shuffled and dealt (two per seat, the neutral hand included) and two question cards
go to each player; turns go clockwise from the start player, a seat that declared
early is skipped, and the round ends with the early declaration that brings the
early declarers to 2 (4-5 players) or 3 (6-8 players). Every announcement is the one
the rules force on the card actually picked, every answer is truthful; nobody
declares early in the first go-around or with a red X. The game ends after 3 rounds
or when a player holds 2 mistake markers.

Two kinds of players:

- ``random_player``: acts at random (fast; for property tests); its declarations
  have random pointers.
- ``sensible_player``: follows its own exact knowledge (the solver): it takes the
  hint's best action most of the time, declares early when its best declaration is
  likely enough (certain in the second go-around, then less and less demanding), and
  makes a final declaration only when it is at least an even chance.

Run ``python tests/gameplay.py`` to regenerate the example game records (the
comments in the files are then checked and finished by hand).

>>> import random
>>> record = play_game(random.Random(1), "basic", 5, random_player)
>>> record["players"], 1 <= len(record["rounds"]) <= 3
(5, True)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from wooolf_solver import Round, hint, solve
from wooolf_solver.games import find_game
from wooolf_solver.record import Ask, Declare, Event, Peek
from wooolf_solver.rules import Game, Hand, Seat, Setup
from wooolf_solver.scoring import (
    Declared,
    RoundScore,
    When,
    game_over,
    is_correct,
    score_round,
)

GAME = find_game("wooolf")
QUESTIONS_EACH = 2


@dataclass
class Table:
    """One round in progress, as the whole table knows it (for the players' use)."""

    game: Game
    setup: Setup
    hands: dict[Seat, Hand]
    questions: dict[Seat, list[str]]
    events: list[Event] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    blocked: frozenset[Seat] = frozenset()
    styles: dict[Seat, Style] = field(default_factory=dict)

    @property
    def players(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.setup.players + 1))

    def view(self, seat: Seat) -> Round:
        """What ``seat`` knows now: its hand, its question cards, the public events and
        the cards it saw itself."""
        events = tuple(
            Peek(e.seat, e.target, e.says) if isinstance(e, Peek) and e.seat != seat else e
            for e in self.events
        )
        return Round(
            self.game,
            self.setup,
            seat,
            MappingProxyType({seat: self.hands[seat]}),
            tuple(self.questions[seat]),
            events,
        )

    def others(self, seat: Seat, askable: bool = False) -> list[Seat]:
        return [
            s
            for s in range(1, self.setup.seats + 1)
            if s != seat and not (askable and self.setup.is_neutral(s))
        ]


@dataclass(frozen=True)
class Choice:
    """A turn: ``peek`` or ``ask`` (at ``target``, with ``question``) or ``declare``."""

    kind: str
    target: Seat = 0
    question: str | None = None
    note: str = ""


Player = Callable[[random.Random, Table, Seat, int, bool], Choice]
"""(rng, table, seat, go-around from 0, may declare early) -> the turn's choice."""
Finisher = Callable[[random.Random, Table, Seat, When], "tuple[Declared, str] | None"]


def random_action(rng: random.Random, table: Table, seat: Seat) -> Choice:
    if table.questions[seat] and rng.random() < 0.4:
        question = rng.choice(table.questions[seat])
        return Choice("ask", rng.choice(table.others(seat, askable=True)), question)
    return Choice("peek", rng.choice(table.others(seat)))


def random_player(rng: random.Random, table: Table, seat: Seat, lap: int, may: bool) -> Choice:
    if may and rng.random() < 0.3:
        return Choice("declare")
    return random_action(rng, table, seat)


def random_targets(rng: random.Random, table: Table, seat: Seat) -> tuple[Seat, ...]:
    identity = table.game.identity(table.hands[seat])
    return tuple(rng.choice([0, *table.others(seat)]) for _ in identity.targets)


def random_finish(
    rng: random.Random, table: Table, seat: Seat, when: When
) -> tuple[Declared, str] | None:
    if when == "final" and rng.random() < 0.3:
        return None
    return Declared(seat, when, random_targets(rng, table, seat)), ""


@dataclass(frozen=True)
class Style:
    """How a sensible player plays: how sure it wants to be before declaring early
    (by its own turn in the round, from 0), how often it takes the hint's best action,
    and whether it takes every ``wolf`` announcement at face value."""

    name: str
    early: tuple[float, ...]
    follows_hint: float = 0.75
    trusting: bool = False


CAREFUL = Style("careful", (2.0, 1.0, 1.0, 0.9, 0.75, 0.6))
BOLD = Style("bold", (2.0, 0.6, 0.5, 0.4), follows_hint=0.5)
TRUSTING = Style("trusting", (2.0, 0.9, 0.8, 0.6, 0.5), follows_hint=0.6, trusting=True)
STYLES = (CAREFUL, BOLD, TRUSTING)
"""The first go-around never declares (2.0); after its last entry a style declares anyway."""


def style_of(table: Table, seat: Seat) -> Style:
    return table.styles.get(seat, CAREFUL)


def sensible_player(rng: random.Random, table: Table, seat: Seat, lap: int, may: bool) -> Choice:
    style = style_of(table, seat)
    view = table.view(seat)
    best = solve(view).declarations()[0]
    threshold = style.early[lap] if lap < len(style.early) else 0.0
    if may and best.probability >= threshold:
        return Choice("declare")
    if rng.random() < style.follows_hint:
        action = hint(view).actions[0].action
        return Choice(action.kind, action.target, action.question)
    return random_action(rng, table, seat)


def sensible_finish(
    rng: random.Random, table: Table, seat: Seat, when: When
) -> tuple[Declared, str] | None:
    """The best declaration of the seat's knowledge; a trusting hunter or hound points
    its wolf pointer at the last seat announced ``wolf`` (by someone else) instead."""
    style = style_of(table, seat)
    ranked = solve(table.view(seat)).declarations()
    best = ranked[0]
    identity = table.game.identity(table.hands[seat])
    cried = [
        e.target
        for e in table.events
        if isinstance(e, Peek) and e.says == "wolf" and seat not in (e.seat, e.target)
    ]
    if style.trusting and cried and identity.name in ("hunter", "hound"):
        wolf = identity.targets.index("wolf")
        trusted = [d for d in ranked if d.targets[wolf] == cried[-1]] or [best]
        choice = trusted[0]
        if choice.targets != best.targets:
            note = (
                f"trusts the wolf cried at seat {cried[-1]}: {_chance(choice.probability)}"
                f" sure; {list(best.targets)} had {_chance(best.probability)}"
            )
            return Declared(seat, when, choice.targets), note
    if when == "final" and best.probability < 0.5:
        return None
    return Declared(seat, when, best.targets), f"{_chance(best.probability)} sure"


def _chance(probability: float) -> str:
    return f"{probability:.0%}"


def deal(rng: random.Random, setup: Setup) -> dict[Seat, Hand]:
    cards = [card for card, copies in setup.cards for _ in range(copies)]
    rng.shuffle(cards)
    size = GAME.hand_size
    return {
        seat: tuple(sorted(cards[size * (seat - 1) : size * seat]))
        for seat in range(1, setup.seats + 1)
    }


def deal_questions(rng: random.Random, game: Game, players: int) -> dict[Seat, list[str]]:
    deck = [qid for qid, question in game.questions.items() for _ in range(question.copies)]
    rng.shuffle(deck)
    return {
        seat: deck[QUESTIONS_EACH * (seat - 1) : QUESTIONS_EACH * seat]
        for seat in range(1, players + 1)
    }


def play_round(
    rng: random.Random,
    setup: Setup,
    *,
    start: Seat,
    blocked: frozenset[Seat],
    player: Player,
    finish: Finisher,
    styles: dict[Seat, Style],
) -> tuple[Table, dict[Seat, Declared], list[str]]:
    """One round; returns the table, the declarations and a note per declaration."""
    game = GAME
    table = Table(game, setup, deal(rng, setup), deal_questions(rng, game, setup.players))
    table.blocked = blocked
    table.styles = styles
    players = setup.players
    to_end = 2 if players <= 5 else 3
    declared: dict[Seat, Declared] = {}
    notes: dict[Seat, str] = {}
    seat, turn = start, 0
    laps = dict.fromkeys(table.players, 0)
    while len(declared) < to_end:
        while seat in declared:
            seat = seat % players + 1
        may = turn >= players and seat not in blocked
        choice = player(rng, table, seat, laps[seat], may)
        laps[seat] += 1
        if choice.kind == "declare":
            made = finish(rng, table, seat, "early")
            assert made is not None
            declared[seat], notes[seat] = made
            table.events.append(Declare(seat))
            choice = Choice("declare", note=notes[seat])
        elif choice.kind == "peek":
            card = rng.choice(table.hands[choice.target])
            says = game.announcement(game.identity(table.hands[seat]), card)
            table.events.append(Peek(seat, choice.target, says, card))
        else:
            assert choice.question is not None
            table.questions[seat].remove(choice.question)
            answer = game.answer(game.questions[choice.question], table.hands[choice.target])
            table.events.append(Ask(seat, choice.target, choice.question, answer))
        table.notes.append(choice.note)
        seat = seat % players + 1
        turn += 1
    for other in table.players:
        if other not in declared:
            made = finish(rng, table, other, "final")
            if made is not None:
                declared[other], notes[other] = made
    return table, dict(sorted(declared.items())), [notes.get(s, "") for s in sorted(declared)]


@dataclass
class PlayedGame:
    """A played game: the record (a plain mapping) and, per round, the table."""

    record: dict[str, Any]
    tables: list[Table]
    declaration_notes: list[list[str]]
    styles: dict[Seat, Style]


def play(
    rng: random.Random,
    edition: str,
    players: int,
    player: Player,
    *,
    finish: Finisher | None = None,
    max_rounds: int = 3,
) -> PlayedGame:
    """Play a game to its end (or ``max_rounds`` rounds)."""
    if finish is None:
        finish = sensible_finish if player is sensible_player else random_finish
    setup = GAME.setup(edition, players)
    rounds: list[dict[str, Any]] = []
    tables: list[Table] = []
    notes: list[list[str]] = []
    scores: list[RoundScore] = []
    start = rng.randint(1, players)
    blocked: frozenset[Seat] = frozenset()
    styles = {seat: rng.choice(STYLES) for seat in range(1, players + 1)}
    while len(rounds) < max_rounds and not game_over(scores):
        table, declared, round_notes = play_round(
            rng, setup, start=start, blocked=blocked, player=player, finish=finish, styles=styles
        )
        score = score_round(GAME, setup, table.hands, table.events, declared)
        scores.append(score)
        blocked = score.red
        last = [e.seat for e in table.events if isinstance(e, Declare)][-1]
        rounds.append(_round_dict(start, table, declared))
        tables.append(table)
        notes.append(round_notes)
        start = last % players + 1
    record = {"game": GAME.name, "edition": edition, "players": players, "rounds": rounds}
    return PlayedGame(record, tables, notes, styles)


def play_game(
    rng: random.Random, edition: str, players: int, player: Player, max_rounds: int = 3
) -> dict[str, Any]:
    """The record (a plain mapping, as read from a file) of a played game."""
    return play(rng, edition, players, player, max_rounds=max_rounds).record


def _round_dict(start: Seat, table: Table, declared: dict[Seat, Declared]) -> dict[str, Any]:
    return {
        "start": start,
        "hands": {seat: [card.name for card in hand] for seat, hand in table.hands.items()},
        "events": [_event_dict(event) for event in table.events],
        "declarations": {
            seat: {"when": d.when, "targets": list(d.targets)} for seat, d in declared.items()
        },
    }


def _event_dict(event: Event) -> dict[str, Any]:
    if isinstance(event, Declare):
        return {"seat": event.seat, "declare": "early"}
    if isinstance(event, Peek):
        assert event.sees is not None
        return {
            "seat": event.seat,
            "peek": event.target,
            "sees": event.sees.name,
            "says": event.says,
        }
    return {
        "seat": event.seat,
        "ask": event.target,
        "question": event.question,
        "answer": "yes" if event.answer else "no",
    }


# -- writing example files ----------------------------------------------------------------


def _flow(mapping: dict[str, Any]) -> str:
    parts = []
    for key, value in mapping.items():
        if isinstance(value, list):
            text = "[" + ", ".join(_scalar(v) for v in value) + "]"
        else:
            text = _scalar(value)
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def _scalar(value: Any) -> str:
    if isinstance(value, str) and "?" in value:
        return f'"{value}"'  # PyYAML reads a plain ? in a flow collection as an indicator
    return str(value)


def _event_comment(game: Game, setup: Setup, table: Table, index: int) -> str:
    event = table.events[index]
    if not isinstance(event, Peek) or event.sees is None:
        return ""
    notes = []
    if event.says != event.sees.icon:
        notes.append(f"the shepherd's lie: the card is {event.sees.name}")
    elif event.sees.icon not in (event.sees.character, "?"):
        notes.append(f"a disguise: a {event.sees.character} card showing {event.sees.icon}")
    if setup.is_neutral(event.target):
        notes.append("a peek at the neutral hand")
    return "; ".join(notes)


def _declaration_comment(
    game: Game, table: Table, declared: Declared, note: str, red_next: bool
) -> str:
    identity = game.identity(table.hands[declared.seat]).name
    right = is_correct(game, table.hands, declared)
    points = 2 if declared.when == "early" else 1
    if right:
        verdict = f"right, +{points}"
    else:
        verdict = "wrong: a mistake" + (" and a red X" if red_next else "")
    return f"{identity}, {verdict} ({note})"


def to_yaml(played: PlayedGame, title: str) -> str:
    """The record as commented YAML: identities, lies, declarations' chances, scores."""
    record = played.record
    game = GAME
    setup = game.setup(record["edition"], record["players"])
    lines = [
        *(f"# {line}" if line else "#" for line in title.splitlines()),
        f"game: {record['game']}",
        f"edition: {record['edition']}",
        f"players: {record['players']}",
        "rounds:",
    ]
    totals = dict.fromkeys(range(1, setup.players + 1), 0)
    for number, (raw, table, dnotes) in enumerate(
        zip(record["rounds"], played.tables, played.declaration_notes, strict=True), 1
    ):
        declared = {
            seat: Declared(seat, d["when"], tuple(d["targets"]))
            for seat, d in raw["declarations"].items()
        }
        score = score_round(game, setup, table.hands, table.events, declared)
        if number == 1:
            lines.append(f"  # Round {number}, started by seat {raw['start']}.")
        else:
            lines.append(
                f"  # Round {number}, started by seat {raw['start']}, to the left of "
                f"round {number - 1}'s last early declarer."
            )
            if table.blocked:
                lines.append(
                    "  # Red X from round {}: {} may not declare early.".format(
                        number - 1, ", ".join(f"seat {seat}" for seat in sorted(table.blocked))
                    )
                )
        lines.append(f"  - start: {raw['start']}")
        lines.append("    hands:")
        for seat, names in raw["hands"].items():
            neutral = " (the neutral hand)" if setup.is_neutral(seat) else ""
            cards = ", ".join(_scalar(name) for name in names)
            lines.append(
                f"      {seat}: [{cards}]".ljust(40)
                + f"# {game.identity(table.hands[seat]).name}{neutral}"
            )
        lines.append("    events:")
        for index, raw_event in enumerate(raw["events"]):
            comment = _event_comment(game, setup, table, index)
            text = f"      - {_flow(raw_event)}"
            lines.append(text.ljust(78) + f"# {index + 1}" + (f": {comment}" if comment else ""))
            if index + 1 == setup.players:
                lines.append("      # (end of the first go-around: early declarations allowed now)")
        lines.append("    declarations:                            # a seat not listed made none")
        for (seat, spec), dnote in zip(raw["declarations"].items(), dnotes, strict=True):
            comment = _declaration_comment(game, table, declared[seat], dnote, seat in score.red)
            lines.append(f"      {seat}: {_flow(spec)}".ljust(50) + f"# {comment}")
        for shepherd, fooled in score.bonus.items():
            if fooled:
                lines.append(
                    f"    # the shepherd's bonus: seat {shepherd} +{len(fooled)} (seats "
                    + ", ".join(str(seat) for seat in fooled)
                    + " pointed > where it cried wolf)"
                )
        for seat, points in score.points.items():
            totals[seat] += points
        lines.append(
            "    # scores: "
            + ", ".join(f"{s}: {p}" for s, p in score.points.items())
            + "; totals: "
            + ", ".join(f"{s}: {p}" for s, p in totals.items())
        )
    return "\n".join(lines) + "\n"


SIX_PLAYERS = """A basic game for 6 players, 3 rounds, as a table records it after the game:
every hand revealed, every peek with the card seen and what was said, every
declaration. `wooolf review` replays it from each seat's own knowledge.

Round 1: the shepherd (seat 3) cries wolf on the hound at seat 1, and three
players point their > there: three bonus points for the shepherd; seat 2's wrong
early declaration is a red X that keeps it from declaring early in round 2.
(Generated from real deals and sensible play by tests/gameplay.py, then checked by hand.)"""

FOUR_PLAYERS = """An advanced game for 4 players: the two cards left over form the neutral hand
(seat 5), which never acts but can be peeked at and counts for declarations.
The advanced cards are disguised: sheep/hound shows a hound icon, hound/wolf a wolf.

Round 1: the trusting hunter (seat 2) believes the shepherd's "wolf" about seat 4
and declares early on it: wrong (a mistake and a red X), and a bonus point for the
shepherd. Round 2: seat 3 takes its second mistake marker, which ends the game.
(Generated from real deals and sensible play by tests/gameplay.py, then checked by hand.)"""


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "examples"
    games = [
        ("game-6p-basic.yaml", "basic", 6, 38, SIX_PLAYERS),
        ("game-4p-advanced.yaml", "advanced", 4, 3, FOUR_PLAYERS),
    ]
    for name, edition, players, seed, title in games:
        played = play(random.Random(seed), edition, players, sensible_player)
        (out / name).write_text(to_yaml(played, title), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
