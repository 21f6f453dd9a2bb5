"""Rules as data: characters, cards, questions and editions, loaded from TOML.

A :class:`Game` holds everything a game's rules say about cards, and the few hooks
(identity of a hand, a peek's announcement, a question's answer) that the engines
call. Wooolf!! is the first game; its data lives in ``games/wooolf.toml``.

>>> from wooolf_solver.games.wooolf.rules import base_rules
>>> game = base_rules()
>>> game.card("Hound?")
Card(character='hound', icon='?')
>>> game.identity((game.card("sheep"), game.card("wolf"))).name
'wolf'
>>> game.announcement(game.characters["shepherd"], game.card("hunter"))
'wolf'
>>> game.setup("basic", 4).seats
5
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...core.errors import InvalidDeckError, did_you_mean

Seat = int
"""A seat number, from 1; neutral hands come after the players."""

UNKNOWN_ICON = "?"


@dataclass(frozen=True)
class Character:
    """A character: its value (the higher card gives the identity) and targets."""

    name: str
    value: int
    targets: tuple[str, ...]
    announces: str | None = None
    """What a holder of this identity says on a peek at a card without a ``?`` icon."""
    icon: bool = True
    """Whether a card may show this character as its public icon."""


@dataclass(frozen=True, order=True)
class Card:
    """A card design: the real character and the public icon (a character or ``?``).

    >>> Card("hunter", "sheep").name, Card("hound", "?").name, Card("wolf", "wolf").name
    ('hunter/sheep', 'hound?', 'wolf')
    """

    character: str
    icon: str

    @property
    def name(self) -> str:
        if self.icon == self.character:
            return self.character
        if self.icon == UNKNOWN_ICON:
            return f"{self.character}?"
        return f"{self.character}/{self.icon}"

    def __str__(self) -> str:
        return self.name


Hand = tuple[Card, ...]
"""A hand: its cards, sorted."""


@dataclass(frozen=True)
class Question:
    """A yes/no question card, answered truthfully from the real characters."""

    id: str
    text: str
    identity: frozenset[str] = frozenset()
    """Yes when the hand's identity is one of these."""
    card: frozenset[str] = frozenset()
    """Yes when at least one card's character is one of these."""
    copies: int = 1


@dataclass(frozen=True)
class Setup:
    """The cards of one edition at one player count: all of them are dealt."""

    edition: str
    players: int
    neutral: int
    cards: tuple[tuple[Card, int], ...]

    @property
    def seats(self) -> int:
        """Players and neutral hands together."""
        return self.players + self.neutral

    def copies(self, card: Card) -> int:
        return dict(self.cards).get(card, 0)

    def is_neutral(self, seat: Seat) -> bool:
        return seat > self.players


@dataclass(frozen=True)
class Edition:
    """A deck: for each player count, the cards used and the neutral hands."""

    name: str
    title: str
    rows: tuple[Setup, ...]


@dataclass(frozen=True)
class Game:
    """A game's rules as data, with the hooks the engines call."""

    name: str
    title: str
    hand_size: int
    characters: Mapping[str, Character]
    questions: Mapping[str, Question]
    editions: Mapping[str, Edition]
    _by_value: tuple[Character, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_by_value", tuple(sorted(self.characters.values(), key=lambda c: c.value))
        )

    # -- names -------------------------------------------------------------------------

    @property
    def icons(self) -> tuple[str, ...]:
        """Every icon a card may show or a peeker may announce."""
        shown = [c.name for c in self._by_value if c.icon]
        lies = [c.announces for c in self._by_value if c.announces and c.announces not in shown]
        return (*shown, *lies, UNKNOWN_ICON)

    def card(self, name: str) -> Card:
        """The card a name such as ``hound?``, ``hunter/sheep`` or ``wolf`` stands for."""
        text = name.strip().lower()
        if "/" in text:
            character, icon = (part.strip() for part in text.split("/", 1))
        elif text.endswith(UNKNOWN_ICON):
            character, icon = text[:-1].strip(), UNKNOWN_ICON
        else:
            character, icon = text, text
        if character not in self.characters:
            raise ValueError(f"unknown card {name!r}{did_you_mean(character, self.characters)}")
        if icon != UNKNOWN_ICON and not (icon in self.characters and self.characters[icon].icon):
            raise ValueError(f"unknown card {name!r}: no card shows the icon {icon!r}")
        return Card(character, icon)

    def setup(self, edition: str, players: int) -> Setup:
        """The cards dealt in ``edition`` to ``players`` players."""
        if edition not in self.editions:
            raise ValueError(f"unknown edition {edition!r}{did_you_mean(edition, self.editions)}")
        for row in self.editions[edition].rows:
            if row.players == players:
                return row
        counts = sorted(row.players for row in self.editions[edition].rows)
        raise ValueError(f"the {edition} edition is for {_ranges(counts)} players, not {players}")

    # -- hooks -------------------------------------------------------------------------

    def identity(self, hand: Iterable[Card]) -> Character:
        """A hand's identity: the character of its highest-valued card."""
        return max((self.characters[card.character] for card in hand), key=lambda c: c.value)

    def announcement(self, peeker: Character, card: Card) -> str:
        """What a peeker of identity ``peeker`` must announce on seeing ``card``."""
        if card.icon != UNKNOWN_ICON and peeker.announces is not None:
            return peeker.announces
        return card.icon

    def answer(self, question: Question, hand: Iterable[Card]) -> bool:
        """The truthful answer of ``hand`` to ``question``."""
        cards = tuple(hand)
        return self.identity(cards).name in question.identity or any(
            card.character in question.card for card in cards
        )


# -- loading ---------------------------------------------------------------------------


@cache
def base_rules() -> Game:
    """The rules of the base game (``wooolf.toml`` beside this module), read once."""
    return load_game(Path(__file__).with_name("wooolf.toml"))


def load_game(path: Path) -> Game:
    """Read a game's rules file (the format of ``games/wooolf.toml``)."""
    return _game_from_data(_read_toml(path), path, base=None)


def load_deck(path: Path, base: Game) -> tuple[Game, Edition]:
    """Read a designer's deck file: ``base`` extended by its characters and questions,
    and its one edition."""
    data = _read_toml(path)
    game_name = data.get("game", base.name)
    if game_name != base.name:
        raise InvalidDeckError(f"{path}: game: {game_name!r} is not {base.name!r}")
    game = _game_from_data(data, path, base=base)
    own = data.get("editions")
    if not isinstance(own, dict) or len(own) != 1:
        raise InvalidDeckError(f"{path}: editions: a deck file defines exactly one edition")
    (name,) = own
    return game, game.editions[name]


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except OSError as error:
        raise InvalidDeckError(f"{path}: cannot read: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise InvalidDeckError(f"{path}: not valid TOML: {error}") from None


def _game_from_data(data: Mapping[str, Any], path: Path, base: Game | None) -> Game:
    def fail(where: str, why: str) -> InvalidDeckError:
        return InvalidDeckError(f"{path}: {where}: {why}")

    characters = dict(base.characters) if base else {}
    for name, spec in _table(data, "characters", path).items():
        where = f"characters.{name}"
        _only(spec, {"value", "targets", "announces", "icon"}, where, path)
        value, targets = spec.get("value"), spec.get("targets")
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail(where, "value must be an integer")
        if not _strings(targets) or not targets:
            raise fail(where, "targets must be a list of character names")
        characters[name.lower()] = Character(
            name.lower(),
            value,
            tuple(t.lower() for t in targets),
            spec["announces"].lower() if isinstance(spec.get("announces"), str) else None,
            bool(spec.get("icon", True)),
        )
    values = [c.value for c in characters.values()]
    if len(set(values)) != len(values):
        raise fail("characters", "two characters share a value")
    for character in characters.values():
        for target in character.targets:
            if target not in characters:
                raise fail(f"characters.{character.name}", f"unknown target {target!r}")

    questions = dict(base.questions) if base else {}
    for qid, spec in _table(data, "questions", path).items():
        where = f"questions.{qid}"
        _only(spec, {"text", "identity", "card", "copies"}, where, path)
        sets = {key: spec.get(key, []) for key in ("identity", "card")}
        for key, names in sets.items():
            if not _strings(names) or any(n.lower() not in characters for n in names):
                raise fail(where, f"{key} must list known characters")
        if not sets["identity"] and not sets["card"]:
            raise fail(where, "a question needs `identity` or `card`")
        questions[qid.lower()] = Question(
            qid.lower(),
            str(spec.get("text", qid)),
            frozenset(n.lower() for n in sets["identity"]),
            frozenset(n.lower() for n in sets["card"]),
            int(spec.get("copies", 1)),
        )

    game = Game(
        name=str(data.get("game", base.name if base else "")),
        title=str(data.get("title", base.title if base else "")),
        hand_size=int(data.get("hand_size", base.hand_size if base else 2)),
        characters=MappingProxyType(characters),
        questions=MappingProxyType(questions),
        editions=MappingProxyType({}),
    )
    editions = dict(base.editions) if base else {}
    for name, spec in _table(data, "editions", path).items():
        editions[name] = _edition(game, name, spec, path)
    return replace(game, editions=MappingProxyType(editions))


def _edition(game: Game, name: str, spec: Any, path: Path) -> Edition:
    where = f"editions.{name}"
    _only(spec, {"title", "rows"}, where, path)
    rows = spec.get("rows")
    if not isinstance(rows, list) or not rows:
        raise InvalidDeckError(f"{path}: {where}.rows: an edition needs rows")
    setups: list[Setup] = []
    for number, row in enumerate(rows, 1):
        at = f"{where}.rows[{number}]"
        _only(row, {"players", "neutral", "cards"}, at, path)
        counts, neutral = row.get("players"), row.get("neutral", 0)
        if not isinstance(counts, list) or not all(isinstance(n, int) and n > 0 for n in counts):
            raise InvalidDeckError(f"{path}: {at}.players: a list of player counts")
        if not isinstance(neutral, int) or neutral < 0:
            raise InvalidDeckError(f"{path}: {at}.neutral: a number of neutral hands")
        cards: dict[Card, int] = {}
        for card_name, copies in _table(row, "cards", path).items():
            try:
                card = game.card(card_name)
            except ValueError as error:
                raise InvalidDeckError(f"{path}: {at}.cards: {error}") from None
            if not isinstance(copies, int) or copies < 0:
                raise InvalidDeckError(f"{path}: {at}.cards.{card_name}: a number of copies")
            cards[card] = cards.get(card, 0) + copies
        for players in counts:
            dealt = sum(cards.values())
            if dealt != game.hand_size * (players + neutral):
                raise InvalidDeckError(
                    f"{path}: {at}.cards: {dealt} cards cannot be dealt "
                    f"{game.hand_size} each to {players + neutral} hands"
                )
            kept = tuple(sorted((c, n) for c, n in cards.items() if n))
            setups.append(Setup(name, players, neutral, kept))
    return Edition(name, str(spec.get("title", name)), tuple(setups))


def _table(data: Mapping[str, Any], key: str, path: Path) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise InvalidDeckError(f"{path}: {key}: must be a table")
    return value


def _only(spec: Any, allowed: set[str], where: str, path: Path) -> None:
    if not isinstance(spec, dict):
        raise InvalidDeckError(f"{path}: {where}: must be a table")
    unknown = sorted(set(spec) - allowed)
    if unknown:
        raise InvalidDeckError(f"{path}: {where}: unknown field {unknown[0]!r}")


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _ranges(counts: list[int]) -> str:
    return ", ".join(str(n) for n in counts)
