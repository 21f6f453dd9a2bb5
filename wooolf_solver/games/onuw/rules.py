"""The rules of One Night Ultimate Werewolf as data, loaded from ``onuw.toml``.

Roles, editions (centre size, vote rule, scoring, a deck per player count) and the
table's geometry (:class:`Layout`: which slot is a seat, which a centre card) are
frozen values. What a role *does* at night is code: a power class in
:mod:`wooolf_solver.games.onuw.night`, named by the role's ``power``.

>>> rules = load_rules()
>>> rules.roles["robber"].wakes, rules.roles["robber"].team
(5, 'village')
>>> rules.deck("table", 3)
('robber', 'seer', 'troublemaker', 'werewolf', 'werewolf')
>>> rules.layout("official", 5).centre
(6, 7, 8)
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, get_args

from ...core.documents import shown
from ...core.errors import InvalidDeckError, InvalidRecordError, did_you_mean
from ...core.fields import MAX_NAME, digits
from ...core.knowledge import Seat as Seat  # noqa: PLC0414 (the one seat type, re-exported)

Slot = int
"""A place that holds one card: seats ``1..players``, then the centre slots."""

Team = Literal["village", "werewolf", "tanner"]
TEAMS: tuple[Team, ...] = get_args(Team)

ChoiceKind = Literal["none", "player", "player-or-centre-pair", "two-players", "centre", "copy"]
CHOICE_KINDS: tuple[ChoiceKind, ...] = get_args(ChoiceKind)

RULES_FILE = Path(__file__).with_name("onuw.toml")


@dataclass(frozen=True)
class Role:
    """A card: its team, its place in the night and the kind of choice it makes."""

    name: str
    team: Team
    wakes: int | None = None
    """Its place in the night's order; ``None`` for a role that does not wake."""
    choice: ChoiceKind = "none"
    may_pass: bool = False
    """Whether "do nothing" is an option under the ``uniform`` night model."""
    repeat: bool = False
    """Whether a deck may hold several copies."""
    power: str = ""
    """The name of its power class (see :mod:`.night`); the role's name by default."""
    shoots: bool = False
    """Whether its holder at dawn, dying, takes the seat its ballot names along (the
    hunter; :func:`~.win.hunted`)."""


@dataclass(frozen=True)
class VoteRule:
    """Who dies: the most-voted players, if they have at least ``least`` ballots and
    more than the ballots for nobody (``nobody``: whether such a ballot exists)."""

    nobody: bool
    least: int


@dataclass(frozen=True)
class Scoring:
    """Points per deal: for a winning team, and for a ballot naming a werewolf at dawn."""

    win: int = 1
    werewolf_found: int = 0


@dataclass(frozen=True)
class Edition:
    """A way to play: the centre's size, the vote and scoring rules, the decks."""

    name: str
    title: str
    centre: int
    vote: VoteRule
    score: Scoring
    decks: Mapping[int, tuple[str, ...]]
    """Player count -> the deck's cards (sorted role names, with repeats)."""


@dataclass(frozen=True)
class Layout:
    """The table's slots: the seats ``1..players``, then ``centre`` centre slots.

    >>> layout = Layout(3, 2)
    >>> layout.slots, [layout.name(slot) for slot in layout.slots]
    ((1, 2, 3, 4, 5), ['1', '2', '3', 'c1', 'c2'])
    >>> layout.parse("c2", "cards"), layout.parse("3", "cards")
    (5, 3)
    """

    players: int
    centre_size: int

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.players + 1))

    @property
    def centre(self) -> tuple[Slot, ...]:
        return tuple(range(self.players + 1, self.players + self.centre_size + 1))

    @property
    def slots(self) -> tuple[Slot, ...]:
        return (*self.seats, *self.centre)

    def is_seat(self, slot: Slot) -> bool:
        return 1 <= slot <= self.players

    def name(self, slot: Slot) -> str:
        """``"3"`` for seat 3, ``"c1"`` for the first centre slot."""
        return str(slot) if self.is_seat(slot) else f"c{slot - self.players}"

    def parse(self, value: Any, where: str, seat: bool = False, centre: bool = False) -> Slot:
        """A slot from a seat number (int or digits) or a centre name (``c1``); with
        ``seat`` (or ``centre``) only a seat (or only a centre slot) is accepted."""
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise InvalidRecordError(f"{where}: {shown(value)} is not a seat or centre slot")
        text = value.strip().lower() if isinstance(value, str) else ""
        number = value if isinstance(value, int) else digits(text)
        if number is not None:
            if centre:
                raise InvalidRecordError(f"{where}: {shown(value)} is a seat, not a centre slot")
            if not 1 <= number <= self.players:
                raise InvalidRecordError(
                    f"{where}: seat {shown(number)} is out of range 1..{self.players}"
                )
            return number
        last = f"c{self.centre_size}"
        if text.startswith("c") and digits(text[1:]) is not None:
            number = int(text[1:])
            if seat:
                raise InvalidRecordError(f"{where}: {shown(value)} is a centre slot, not a seat")
            if not 1 <= number <= self.centre_size:
                raise InvalidRecordError(f"{where}: centre slot {text} is out of range c1..{last}")
            return self.players + number
        raise InvalidRecordError(
            f"{where}: {shown(value)} is not a seat (1..{self.players}) or c1..{last}"
        )


@dataclass(frozen=True, eq=False)
class Rules:
    """The game's rules: its roles and editions (compared, and hashed, by identity:
    one object per rules file, see :func:`load_rules`)."""

    title: str
    roles: Mapping[str, Role]
    editions: Mapping[str, Edition]
    min_players: int
    max_players: int

    @property
    def wake_order(self) -> tuple[Role, ...]:
        """The roles that wake, in the night's order."""
        awake = [role for role in self.roles.values() if role.wakes is not None]
        return tuple(sorted(awake, key=lambda role: role.wakes or 0))

    def team(self, role: str) -> Team:
        return self.roles[role].team

    def role(self, name: Any, where: str) -> str:
        """A role's canonical name (case-insensitive), or a one-line error at ``where``."""
        if not isinstance(name, str):
            raise InvalidRecordError(f"{where}: {shown(name)} is not a role name")
        key = name.strip().lower()
        if key not in self.roles:
            hint = did_you_mean(key, self.roles) if len(key) <= MAX_NAME else ""
            raise InvalidRecordError(f"{where}: unknown role {shown(name)}{hint}")
        return key

    def edition(self, name: Any, where: str = "edition") -> Edition:
        if not isinstance(name, str):
            raise InvalidRecordError(f"{where}: must be an edition's name, not {shown(name)}")
        key = name.strip().lower()
        if key not in self.editions:
            hint = did_you_mean(key, self.editions) if len(key) <= MAX_NAME else ""
            known = ", ".join(self.editions)
            raise InvalidRecordError(
                f"{where}: unknown edition {shown(name)}{hint} (known: {known})"
            )
        return self.editions[key]

    def deck(self, edition: str, players: int) -> tuple[str, ...]:
        """The edition's deck for ``players`` players."""
        decks = self.edition(edition).decks
        if players not in decks:
            raise InvalidRecordError(
                f"players: the {edition} edition is for {min(decks)}..{max(decks)} players, "
                f"not {players}"
            )
        return decks[players]

    def layout(self, edition: str, players: int) -> Layout:
        return Layout(players, self.edition(edition).centre)

    def check_deck(self, cards: Iterable[str], size: int, where: str) -> tuple[str, ...]:
        """A deck of ``size`` cards as sorted canonical names, or a one-line error."""
        deck = tuple(sorted(self.role(card, where) for card in cards))
        if len(deck) != size:
            raise InvalidRecordError(f"{where}: {len(deck)} cards, but this table needs {size}")
        for name, copies in sorted(Counter(deck).items()):
            if copies > 1 and not self.roles[name].repeat:
                raise InvalidRecordError(
                    f"{where}: {copies} × {name}, but a deck holds one at most"
                )
        return deck


# -- loading ---------------------------------------------------------------------------


@cache
def load_rules(path: Path = RULES_FILE) -> Rules:
    """Read a rules file (the format of ``onuw.toml``); the game's own by default."""
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise InvalidDeckError(f"{path}: cannot read: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise InvalidDeckError(f"{path}: not valid TOML: {error}") from None
    return _Loader(path, data).rules()


class _Loader:
    def __init__(self, path: Path, data: Mapping[str, Any]) -> None:
        self.path = path
        self.data = data

    def fail(self, where: str, problem: str) -> InvalidDeckError:
        return InvalidDeckError(f"{self.path.name}: {where}: {problem}")

    def table(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, "a table of fields")
        return value

    def rules(self) -> Rules:
        low, high = self.data.get("players", [3, 10])
        roles = {
            name: self.role(name, self.table(raw, f"roles.{name}"))
            for name, raw in self.table(self.data.get("roles"), "roles").items()
        }
        editions = {
            name: self.edition(name, self.table(raw, f"editions.{name}"), roles, low, high)
            for name, raw in self.table(self.data.get("editions"), "editions").items()
        }
        return Rules(
            str(self.data.get("title", "")),
            MappingProxyType(roles),
            MappingProxyType(editions),
            int(low),
            int(high),
        )

    def role(self, name: str, raw: Mapping[str, Any]) -> Role:
        where = f"roles.{name}"
        team, choice = raw.get("team"), raw.get("choice", "none")
        if team not in TEAMS:
            raise self.fail(f"{where}.team", f"{shown(team)} is not one of {', '.join(TEAMS)}")
        if choice not in CHOICE_KINDS:
            raise self.fail(
                f"{where}.choice", f"{shown(choice)} is not one of {', '.join(CHOICE_KINDS)}"
            )
        wakes = raw.get("wakes")
        if choice != "none" and wakes is None:
            raise self.fail(f"{where}.wakes", "a role with a night choice must wake")
        return Role(
            name,
            team,
            wakes,
            choice,
            bool(raw.get("may_pass", False)),
            bool(raw.get("repeat", False)),
            str(raw.get("power", name)),
            shoots=bool(raw.get("shoots", False)),
        )

    def edition(
        self, name: str, raw: Mapping[str, Any], roles: Mapping[str, Role], low: int, high: int
    ) -> Edition:
        where = f"editions.{name}"
        centre = raw.get("centre")
        if not isinstance(centre, int) or not 1 <= centre <= 9:
            raise self.fail(f"{where}.centre", "the number of centre slots (1..9)")
        vote = self.table(raw.get("vote"), f"{where}.vote")
        score = self.table(raw.get("score", {}), f"{where}.score")
        decks: dict[int, tuple[str, ...]] = {}
        for number, row in enumerate(raw.get("decks", []), 1):
            row_where = f"{where}.decks[{number}]"
            players = self.table(row, row_where).get("players")
            if not isinstance(players, int) or not low <= players <= high:
                raise self.fail(f"{row_where}.players", f"a player count in {low}..{high}")
            cards = self.table(row.get("cards"), f"{row_where}.cards")
            deck: list[str] = []
            for role, copies in cards.items():
                if role not in roles:
                    raise self.fail(f"{row_where}.cards", f"unknown role {shown(role)}")
                deck += [role] * int(copies)
            if len(deck) != players + centre:
                raise self.fail(f"{row_where}.cards", f"{len(deck)} cards, not {players + centre}")
            decks[players] = tuple(sorted(deck))
        return Edition(
            name,
            str(raw.get("title", name)),
            centre,
            VoteRule(bool(vote.get("nobody", False)), int(vote.get("least", 1))),
            Scoring(int(score.get("win", 1)), int(score.get("werewolf_found", 0))),
            MappingProxyType(decks),
        )
