"""Rules as data: characters, cards, questions and editions, loaded from TOML.

A :class:`Rules` holds everything a game's rules say about cards, and the few hooks
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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...core.documents import read_toml, shown
from ...core.errors import InvalidArgumentError, InvalidDeckError, UnknownNameError, did_you_mean
from ...core.fields import MAX_NAME, boolean, count, integer, name, sequence, string
from ...core.knowledge import Seat as Seat  # noqa: PLC0414 (the one seat type, re-exported)

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

    def __repr__(self) -> str:
        cards = sum(count for _, count in self.cards)
        return f"<{self.edition} deck for {self.players} players: {cards} cards>"

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
class Rules:
    """A game's rules as data, with the hooks the engines call."""

    def __repr__(self) -> str:
        return f"<rules of {self.name}: editions {', '.join(self.editions)}>"

    name: str
    title: str
    hand_size: int
    characters: Mapping[str, Character]
    questions: Mapping[str, Question]
    editions: Mapping[str, Edition]
    _by_value: tuple[Character, ...] = field(init=False, repr=False, compare=False)
    _identities: dict[tuple[Card, ...], Character] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    """The identities of the hands asked about (few: a deck's hand types)."""

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
            near = did_you_mean(character, self.characters)
            raise UnknownNameError(f"unknown card {shown(name)}{near}")
        if icon != UNKNOWN_ICON and not (icon in self.characters and self.characters[icon].icon):
            raise UnknownNameError(
                f"unknown card {shown(name)}: no card shows the icon {shown(icon)}"
            )
        return Card(character, icon)

    def setup(self, edition: str, players: int) -> Setup:
        """The cards dealt in ``edition`` to ``players`` players."""
        if edition not in self.editions:
            near = did_you_mean(edition, self.editions)
            raise UnknownNameError(f"unknown edition {shown(edition)}{near}")
        for row in self.editions[edition].rows:
            if row.players == players:
                return row
        counts = sorted(row.players for row in self.editions[edition].rows)
        raise InvalidArgumentError(
            f"the {edition} edition is for {_ranges(counts)} players, not {players}"
        )

    # -- hooks -------------------------------------------------------------------------

    def identity(self, hand: Iterable[Card]) -> Character:
        """A hand's identity: the character of its highest-valued card."""
        if isinstance(hand, tuple):
            found = self._identities.get(hand)
            if found is None:
                found = self._identities[hand] = self._identity(hand)
            return found
        return self._identity(hand)

    def _identity(self, hand: Iterable[Card]) -> Character:
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
def base_rules() -> Rules:
    """The rules of the base game (``wooolf.toml`` beside this module), read once."""
    return load_game(Path(__file__).with_name("wooolf.toml"))


def load_game(path: Path) -> Rules:
    """Read a game's rules file (the format of ``games/wooolf.toml``)."""
    return _game_from_data(_read_toml(path), path, base=None)


def load_deck(path: Path, base: Rules) -> tuple[Rules, Edition]:
    """Read a designer's deck file: ``base`` extended by its characters and questions,
    and its one edition."""
    data = _read_toml(path)
    game_name = data.get("game", base.name)
    if game_name != base.name:
        raise InvalidDeckError(f"{path}: game: {shown(game_name)} is not {base.name!r}")
    own = data.get("editions")
    if not isinstance(own, dict) or len(own) != 1:
        raise InvalidDeckError(f"{path}: editions: a deck file defines exactly one edition")
    game = _game_from_data(data, path, base=base)
    (name,) = own
    return game, game.editions[name]


MAX_COPIES = 100
"""The most copies of one card (or question card) a deck may hold."""

MIN_PLAYERS = 2
"""The fewest players of a table: one alone has no one to point at or ask."""

MAX_PLAYERS = 20
"""The most players (and the most neutral hands) of one row of an edition."""

MAX_HAND_SIZE = 10
"""The most cards in a hand."""

MAX_ENTRIES = 1_000
"""The most characters, questions, editions, rows or card kinds in one file."""

_TOP_LEVEL = ("game", "title", "hand_size", "characters", "questions", "editions")


def _read_toml(path: Path) -> dict[str, Any]:
    return read_toml(path, error=InvalidDeckError)


def _game_from_data(data: Mapping[str, Any], path: Path, base: Rules | None) -> Rules:
    def fail(where: str, why: str) -> InvalidDeckError:
        return InvalidDeckError(f"{path}: {where}: {why}")

    _known_tables(data, path)

    def check(reader: Any, value: Any, where: str, *args: Any) -> Any:
        return _check(path, reader, value, where, *args)

    characters = dict(base.characters) if base else {}
    announced: dict[str, Any] = {}
    defined, asked = set[str](), set[str]()  # this file's names, for _first_time
    for key, spec in _table(data, "characters", path).items():
        where = f"characters.{check(name, key, 'characters')}"
        _first_time(defined, key, where, path)
        _only(spec, {"value", "targets", "announces", "icon"}, where, path)
        if "value" not in spec:
            raise fail(where, "missing field 'value'")
        value = check(integer, spec["value"], f"{where}.value", -(10**6), 10**6)
        targets = check(sequence, spec.get("targets"), f"{where}.targets")
        if not targets or len(targets) > MAX_PLAYERS:
            raise fail(f"{where}.targets", "must list 1 to 20 character names")
        names = tuple(
            check(name, t, f"{where}.targets[{i}]").lower() for i, t in enumerate(targets, 1)
        )
        if key.lower() in names:
            raise fail(f"{where}.targets", f"{key.lower()!r} cannot target itself")
        announces = None
        if "announces" in spec:
            announces = check(name, spec["announces"], f"{where}.announces").lower()
            announced[key.lower()] = announces
        icon = check(boolean, spec.get("icon", True), f"{where}.icon")
        characters[key.lower()] = Character(key.lower(), value, names, announces, icon)
    if len(characters) > MAX_ENTRIES:
        raise fail("characters", f"too many characters (at most {MAX_ENTRIES})")
    values = [c.value for c in characters.values()]
    if len(set(values)) != len(values):
        raise fail("characters", "two characters share a value")
    for character in characters.values():
        for target in character.targets:
            if target not in characters:
                raise fail(f"characters.{character.name}", f"unknown target {target!r}")
    for who, what in announced.items():
        if what != UNKNOWN_ICON and what not in characters:
            raise fail(
                f"characters.{who}.announces",
                f"{what!r} is no character or icon{did_you_mean(what, characters)}",
            )

    questions = dict(base.questions) if base else {}
    for qid, spec in _table(data, "questions", path).items():
        where = f"questions.{check(name, qid, 'questions')}"
        _first_time(asked, qid, where, path)
        _only(spec, {"text", "identity", "card", "copies"}, where, path)
        sets = {
            key: check(sequence, spec.get(key, []), f"{where}.{key}")
            for key in ("identity", "card")
        }
        for key, names in sets.items():
            if not _strings(names) or any(n.lower() not in characters for n in names):
                raise fail(where, f"{key} must list known characters")
        if not sets["identity"] and not sets["card"]:
            raise fail(where, "a question needs `identity` or `card`")
        questions[qid.lower()] = Question(
            qid.lower(),
            check(string, spec.get("text", qid), f"{where}.text"),
            frozenset(n.lower() for n in sets["identity"]),
            frozenset(n.lower() for n in sets["card"]),
            check(count, spec.get("copies", 1), f"{where}.copies", 1, MAX_COPIES),
        )
    if len(questions) > MAX_ENTRIES:
        raise fail("questions", f"too many questions (at most {MAX_ENTRIES})")

    default_size = base.hand_size if base else 2
    game = Rules(
        name=check(string, data.get("game", base.name if base else ""), "game"),
        title=check(string, data.get("title", base.title if base else ""), "title"),
        hand_size=check(count, data.get("hand_size", default_size), "hand_size", 1, MAX_HAND_SIZE),
        characters=MappingProxyType(characters),
        questions=MappingProxyType(questions),
        editions=MappingProxyType({}),
    )
    editions = dict(base.editions) if base else {}
    for key, spec in _table(data, "editions", path).items():
        edition = check(name, key, "editions")
        editions[edition] = _edition(game, edition, spec, path)
    return replace(game, editions=MappingProxyType(editions))


def _first_time(seen: set[str], key: str, where: str, path: Path) -> None:
    """Refuse a name defined twice in one table: names ignore case (``Wolf`` is ``wolf``),
    so the second would silently replace the first."""
    if key.lower() in seen:
        raise InvalidDeckError(
            f"{path}: {where}: {key.lower()!r} is defined twice (names ignore case)"
        )
    seen.add(key.lower())


def _known_tables(data: Mapping[str, Any], path: Path) -> None:
    """Refuse a top-level table or field the format does not have (a misspelt one)."""
    for key, value in data.items():
        if key not in _TOP_LEVEL:
            kind = "table" if isinstance(value, dict) else "field"
            hint = did_you_mean(key[:MAX_NAME], _TOP_LEVEL)
            raise InvalidDeckError(f"{path}: unknown {kind} {shown(key)}{hint}")


def _check(path: Path, reader: Any, value: Any, where: str, *args: Any) -> Any:
    """``reader(value, where, *args)`` (a :mod:`~wooolf_solver.core.fields` reader), its
    refusal prefixed with the file's path."""
    try:
        return reader(value, where, *args, error=InvalidDeckError)
    except InvalidDeckError as error:
        raise InvalidDeckError(f"{path}: {error}") from None


def _edition(game: Rules, name: str, spec: Any, path: Path) -> Edition:
    where = f"editions.{name}"

    def check(reader: Any, value: Any, at: str, *args: Any) -> Any:
        return _check(path, reader, value, at, *args)

    _only(spec, {"title", "rows"}, where, path)
    rows = spec.get("rows")
    if not isinstance(rows, list) or not rows:
        raise InvalidDeckError(f"{path}: {where}.rows: an edition needs rows")
    if len(rows) > MAX_ENTRIES:
        raise InvalidDeckError(f"{path}: {where}.rows: too many rows (at most {MAX_ENTRIES})")
    setups: list[Setup] = []
    seen: dict[int, int] = {}
    for number, row in enumerate(rows, 1):
        at = f"{where}.rows[{number}]"
        _only(row, {"players", "neutral", "cards"}, at, path)
        counts = check(sequence, row.get("players"), f"{at}.players")
        if not counts:
            raise InvalidDeckError(f"{path}: {at}.players: a list of player counts")
        for players in counts:
            check(integer, players, f"{at}.players", MIN_PLAYERS, MAX_PLAYERS)
            if players in seen:
                raise InvalidDeckError(
                    f"{path}: {at}.players: {players} players is already in row {seen[players]}"
                )
            seen[players] = number
        neutral = check(count, row.get("neutral", 0), f"{at}.neutral", 0, MAX_PLAYERS)
        kinds = _table(row, "cards", path, at=f"{at}.cards")
        if len(kinds) > MAX_ENTRIES:
            raise InvalidDeckError(f"{path}: {at}.cards: too many cards (at most {MAX_ENTRIES})")
        cards: dict[Card, int] = {}
        for card_name, copies in kinds.items():
            if not card_name.strip() or len(card_name) > MAX_NAME:
                raise InvalidDeckError(f"{path}: {at}.cards: no card is named {shown(card_name)}")
            try:
                card = game.card(card_name)
            except ValueError as error:
                raise InvalidDeckError(f"{path}: {at}.cards: {error}") from None
            check(count, copies, f"{at}.cards.{card_name}", 0, MAX_COPIES)
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
    title = check(string, spec.get("title", name), f"{where}.title")
    return Edition(name, title, tuple(setups))


def _table(data: Mapping[str, Any], key: str, path: Path, at: str | None = None) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise InvalidDeckError(f"{path}: {at or key}: must be a table")
    return value


def _only(spec: Any, allowed: set[str], where: str, path: Path) -> None:
    if not isinstance(spec, dict):
        raise InvalidDeckError(f"{path}: {where}: must be a table")
    unknown = [key for key in spec if key not in allowed]
    if unknown:
        hint = did_you_mean(unknown[0][:MAX_NAME], sorted(allowed))
        raise InvalidDeckError(f"{path}: {where}: unknown field {shown(unknown[0])}{hint}")


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _ranges(counts: list[int]) -> str:
    return ", ".join(str(n) for n in counts)
