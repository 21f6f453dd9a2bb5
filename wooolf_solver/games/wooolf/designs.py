"""Made-up designer decks of every shape, and rounds played on them: a seeded family.

The scale benchmark (``benchmarks/bench_decks.py``) and the tests draw decks from
this family instead of a few chosen ones, so that the slowest shape a designer may
write is the one measured. A :class:`Design` is drawn from a seed
(:func:`design`); its deck has

- 9 to 12 players and sometimes a neutral hand, two cards a hand;
- the five characters of the game and up to two made-up ones (each with one or two
  targets; sometimes a second liar, who always announces some icon);
- every character but the shepherd with one to three copies (three-copy characters
  often), each card with its own icon, a ``?`` or another character's icon, so a
  character may show several icons (``piglet``, ``piglet?``, ``piglet/sheep``);
- sometimes a question card about the made-up characters;
- sheep for the rest.

A round on it (:func:`rounds`) is played from a seeded deal as a table would
(truthful announcements and answers), 0 to :data:`MAX_EVENTS` events, from the
view of one seat of **every identity** dealt (only the viewpoint's hand known).
Only ``Random.random`` draws are used: its sequence for a seed is the one part of
:mod:`random` Python promises never to change.

>>> shape = design(3)
>>> 9 <= shape.players <= 12 and shape.neutral in (0, 1)
True
>>> design(3) == shape
True
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as directory:
...     plays = list(family(Path(directory), range(2)))
>>> len({play.design.seed for play in plays}), all(p.record["viewpoint"] for p in plays)
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any, TypeVar

from .rules import Character, Hand, Rules, Seat, Setup, base_rules, load_deck
from .table import deal

T = TypeVar("T")

MAX_EVENTS = 12
"""The longest event list of a round."""
MADE_UP = ("piglet", "fox", "owl")
"""The made-up characters' names, in the order drawn."""
BASE = ("sheep", "hound", "hunter", "shepherd", "wolf")
"""The game's characters, lowest value first."""


def pick(rng: Random, items: Sequence[T]) -> T:
    """One of ``items``, from a ``random()`` draw.

    >>> pick(Random(1), "abc")
    'a'
    """
    return items[min(int(rng.random() * len(items)), len(items) - 1)]


def draw(rng: Random, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, from a ``random()`` draw.

    >>> {draw(Random(seed), 1, 3) for seed in range(20)} == {1, 2, 3}
    True
    """
    return low + min(int(rng.random() * (high - low + 1)), high - low)


def shuffled(rng: Random, items: Sequence[T]) -> list[T]:
    """``items`` in a random order (Fisher–Yates on ``random()`` draws)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draw(rng, 0, i)
        out[i], out[j] = out[j], out[i]
    return out


@dataclass(frozen=True)
class Design:
    """A made-up deck: its characters, its cards (name, copies) and its row."""

    seed: int
    players: int
    neutral: int
    characters: tuple[Character, ...]
    cards: tuple[tuple[str, int], ...]
    question: tuple[str, ...] = ()
    """The identities a made-up question card asks about (none: no such card)."""

    @property
    def name(self) -> str:
        """A short name: seed, players and neutral hands.

        >>> design(3).name.startswith("deck-3-")
        True
        """
        return f"deck-{self.seed}-{self.players}p" + ("-n" if self.neutral else "")

    def deck_text(self) -> str:
        """The deck file (the format of ``wooolf.toml``)."""
        lines = ['game = "wooolf"', "hand_size = 2", ""]
        for character in self.characters:
            targets = ", ".join(f'"{t}"' for t in character.targets)
            lines += [f"[characters.{character.name}]", f"value = {character.value}"]
            lines.append(f"targets = [{targets}]")
            if character.announces:
                lines.append(f'announces = "{character.announces}"')
            lines.append("")
        if self.question:
            who = ", ".join(f'"{name}"' for name in self.question)
            lines += ["[questions.is-made-up]", f"identity = [{who}]", "copies = 2", ""]
        listed = ", ".join(f'"{card}" = {copies}' for card, copies in self.cards)
        lines += [
            "[editions.made-up]",
            f'title = "Made up {self.seed}, {self.players} players"',
            "",
            "[[editions.made-up.rows]]",
            f"players = [{self.players}]",
            f"neutral = {self.neutral}",
            f"cards = {{ {listed} }}",
        ]
        return "\n".join(lines) + "\n"


def design(seed: int) -> Design:
    """The made-up deck of ``seed`` (see the module's docstring)."""
    rng = Random(f"design-{seed}")
    players = draw(rng, 9, 12)
    neutral = int(rng.random() < 0.3)
    extra = list(MADE_UP[: draw(rng, 0, 2)])
    order = list(BASE)
    for name in extra:  # somewhere below the wolf
        order.insert(draw(rng, 0, len(order) - 1), name)
    characters = []
    liar = extra and rng.random() < 0.3
    for value, name in enumerate(order):
        if name in BASE and name != "sheep":
            targets = _base_targets(name)
        else:
            others = [o for o in order if o not in {name, "shepherd"}]
            targets = tuple(shuffled(rng, others)[: draw(rng, 1, 2)])
        announces = "sheep" if liar and name == extra[-1] else None
        characters.append(Character(name, value, targets, announces))
    cards: dict[str, int] = {}
    icons = [name for name in order if name != "shepherd"]
    for name in order:
        if name == "sheep":
            continue
        copies = 1 if name == "shepherd" else draw(rng, 1, 3)
        for _ in range(copies):
            roll = rng.random()
            if name == "shepherd" or roll < 0.25:
                card = f"{name}?"
            elif roll < 0.45:
                other = pick(rng, [icon for icon in icons if icon != name])
                card = f"{name}/{other}"
            else:
                card = name
            cards[card] = cards.get(card, 0) + 1
    sheep = 2 * (players + neutral) - sum(cards.values())
    cards["sheep"] = sheep - (sheep > 3 and rng.random() < 0.5)
    if cards["sheep"] < sheep:
        cards["sheep/wolf" if rng.random() < 0.5 else "sheep?"] = 1
    question = (*extra, "sheep") if extra and rng.random() < 0.5 else ()
    return Design(seed, players, neutral, tuple(characters), tuple(cards.items()), question)


def family(directory: Path, seeds: Iterable[int]) -> Iterator[Play]:
    """Every round of the designs of ``seeds`` (:func:`rounds`), their deck files
    written in ``directory``."""
    for seed in seeds:
        shape = design(seed)
        path = directory / f"{shape.name}.toml"
        path.write_text(shape.deck_text(), encoding="utf-8")
        game, edition = load_deck(path, base_rules())
        (setup,) = edition.rows
        yield from rounds(shape, game, setup, str(path))


def _base_targets(name: str) -> tuple[str, ...]:
    """The targets of a character of the game (``wooolf.toml``'s)."""
    return {
        "hound": ("wolf", "hunter"),
        "hunter": ("wolf", "hound"),
        "shepherd": ("wolf", "sheep"),
        "wolf": ("sheep",),
    }[name]


@dataclass(frozen=True)
class Play:
    """A round played on a design: its record (the edition left to the caller) and
    what names it."""

    design: Design
    events: int
    identity: str
    """The viewpoint's identity."""
    record: dict[str, Any]
    deal: dict[Seat, Hand]
    """Every seat's hand (the record knows the viewpoint's alone)."""

    @property
    def name(self) -> str:
        return f"{self.design.name}-{self.events}ev-{self.identity}"


def rounds(shape: Design, game: Rules, setup: Setup, edition: str) -> Iterator[Play]:
    """One round on ``shape``'s deck (``game``, ``setup``: the deck file read, named
    ``edition`` in the records): a seeded deal and event count, from the view of one
    seat of every identity dealt."""
    rng = Random(f"round-{shape.seed}")
    hands = deal(rng, game, setup)
    count = draw(rng, 0, MAX_EVENTS)
    acting = [seat for seat in sorted(hands) if not setup.is_neutral(seat)]
    by_identity: dict[str, Seat] = {}
    for seat in shuffled(rng, acting):
        by_identity.setdefault(game.identity(hands[seat]).name, seat)
    for identity, viewpoint in sorted(by_identity.items()):
        same = Random(f"events-{shape.seed}")  # the same events from every view
        events = play(same, game, hands, acting, viewpoint=viewpoint, count=count)
        record = {
            "game": "wooolf",
            "edition": edition,
            "players": setup.players,
            "viewpoint": viewpoint,
            "hands": {viewpoint: [card.name for card in hands[viewpoint]]},
            "events": events,
        }
        yield Play(shape, count, identity, record, hands)


def play(
    rng: Random,
    game: Rules,
    hands: dict[Seat, Hand],
    acting: list[Seat],
    *,
    viewpoint: Seat,
    count: int,
    asked: list[Seat] | None = None,
) -> list[dict[str, Any]]:
    """``count`` truthful events round the table from the first acting seat: a peek
    (six times in ten; the viewpoint's own peek records the card it sees) or a
    question to one of ``asked`` (default: the acting seats). The same ``rng`` gives
    the same events from every viewpoint but the viewpoint's own peeks."""
    events: list[dict[str, Any]] = []
    for turn in range(count):
        seat = acting[turn % len(acting)]
        if rng.random() < 0.6:
            events.append(peek_event(rng, game, hands, seat, viewpoint))
        else:
            events.append(question_event(rng, game, hands, seat, asked or acting))
    return events


def peek_event(
    rng: Random, game: Rules, hands: dict[Seat, Hand], seat: Seat, viewpoint: Seat
) -> dict[str, Any]:
    """A truthful peek of ``seat`` at a card of another seat, both drawn: what the
    viewpoint sees, or the icon another seat announces."""
    target = pick(rng, [other for other in sorted(hands) if other != seat])
    card = pick(rng, hands[target])
    if seat == viewpoint:
        return {"seat": seat, "peek": target, "sees": card.name}
    says = game.announcement(game.identity(hands[seat]), card)
    return {"seat": seat, "peek": target, "says": says}


def question_event(
    rng: Random, game: Rules, hands: dict[Seat, Hand], seat: Seat, asked: Sequence[Seat]
) -> dict[str, Any]:
    """A question card of ``seat`` to one of ``asked``, both drawn, truthfully answered."""
    target = pick(rng, [other for other in asked if other != seat])
    question = game.questions[pick(rng, sorted(game.questions))]
    answer = "yes" if game.answer(question, hands[target]) else "no"
    return {"seat": seat, "ask": target, "question": question.id, "answer": answer}
