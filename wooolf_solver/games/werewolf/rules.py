"""The rules of classic Werewolf as data, loaded from ``werewolf.toml``.

Roles (team, place in the night, first night only, card value), the role table per
player count and the variants' defaults are frozen values. What a role *does* is code:
a power class in :mod:`.powers`, named by the role's ``power``.

>>> rules = load_rules()
>>> rules.roles["seer"].wakes, rules.roles["piper"].team, rules.roles["thief"].first_night
(5, 'alone', True)
>>> rules.table_deck(8)
(('seer', 1), ('villager', 5), ('werewolf', 2))
>>> [role.name for role in rules.wake_order]
['thief', 'cupid', 'defender', 'seer', 'werewolf', 'witch', 'piper']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, get_args

from ...core import fields
from ...core.documents import read_toml
from ...core.errors import InvalidDeckError, InvalidRecordError, SolverError
from ...core.knowledge import Seat as Seat  # noqa: PLC0414 (the one seat type, re-exported)

Team = Literal["village", "werewolves", "alone"]
TEAMS: tuple[Team, ...] = get_args(Team)

SeerVariant = Literal["card", "alignment"]
SEER_VARIANTS: tuple[SeerVariant, ...] = get_args(SeerVariant)

Deck = tuple[tuple[str, int], ...]
"""A deck: each role with its copies (all non-zero), sorted by role name."""

RULES_FILE = Path(__file__).with_name("werewolf.toml")

WEREWOLF = "werewolf"
VILLAGER = "villager"
THIEF = "thief"
CUPID = "cupid"
WITCH = "witch"
PIPER = "piper"


@dataclass(frozen=True)
class Role:
    """A card: its team, its place in the night and its card value."""

    name: str
    team: Team
    wakes: int | None = None
    """Its place in the night's order; ``None`` for a role that does not wake."""
    first_night: bool = False
    repeat: bool = False
    points: int = 0
    power: str = ""
    """The name of its power class (see :mod:`.powers`); the role's name by default."""


@dataclass(frozen=True)
class Variants:
    """The record's ``rules``: revealed cards, what the seer sees, the parity win.

    >>> Variants().to_dict(), Variants(seer="alignment").to_dict()
    ({}, {'seer': 'alignment'})
    """

    reveal: bool = True
    seer: SeerVariant = "card"
    parity: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The fields that differ from the defaults."""
        default = Variants()
        out: dict[str, Any] = {}
        if self.reveal != default.reveal:
            out["reveal"] = self.reveal
        if self.seer != default.seer:
            out["seer"] = self.seer
        if self.parity != default.parity:
            out["parity"] = self.parity
        return out


@dataclass(frozen=True, eq=False)
class Rules:
    """The game's rules (compared, and hashed, by identity: one object per rules file)."""

    title: str
    roles: Mapping[str, Role]
    table: Mapping[int, Deck]
    """Player count -> the rules' deck."""
    min_players: int
    max_players: int
    small_players: int
    """The least players of a deck that names its own roles."""
    thief_extra: Deck
    """The cards added to the deck when a thief is in it."""

    @cached_property
    def wake_order(self) -> tuple[Role, ...]:
        """The roles that wake, in the night's order (worked out once: every night asks)."""
        awake = [role for role in self.roles.values() if role.wakes is not None]
        return tuple(sorted(awake, key=lambda role: role.wakes or 0))

    def team(self, role: str) -> Team:
        """The team of a role's player.

        >>> load_rules().team("werewolf")
        'werewolves'
        """
        return self.roles[role].team

    def table_deck(self, players: int, where: str = "players") -> Deck:
        """The rules' deck for ``players`` players, or a one-line error at ``where``."""
        if players not in self.table:
            low, high = min(self.table), max(self.table)
            raise _fail(
                InvalidRecordError,
                where,
                f"the role table is for {low} to {high} players, not {players} "
                "(a smaller table names its `roles`)",
            )
        return self.table[players]

    def check_deck(
        self,
        roles: Mapping[Any, Any],
        players: int | None,
        where: str,
        *,
        error: type[SolverError] = InvalidRecordError,
    ) -> Deck:
        """A deck from a mapping of role names to copies, checked against the rules
        (``players``: the number of cards it must hold, if known).

        >>> load_rules().check_deck({"werewolf": 1, "villager": 2}, 3, "roles")
        (('villager', 2), ('werewolf', 1))
        >>> load_rules().check_deck({"seer": 2, "werewolf": 1}, 3, "roles")
        Traceback (most recent call last):
        ...
        wooolf_solver.core.errors.InvalidRecordError: roles.seer: 2 copies (at most 1)
        """
        data = fields.mapping(roles, where, error=error)
        deck: dict[str, int] = {}
        for key, value in data.items():
            name = fields.choice(key, where, self.roles, what="role", error=error)
            copies = fields.count(value, fields.at(where, name), 1, 100, error=error)
            if copies > 1 and not self.roles[name].repeat:
                raise _fail(error, fields.at(where, name), f"{copies} copies (at most 1)")
            deck[name] = copies
        total = sum(deck.values())
        if players is not None and total != players:
            raise _fail(error, where, f"{total} cards for {players} players")
        if not deck.get(WEREWOLF):
            raise _fail(error, where, "a deck needs at least one werewolf")
        if total < self.small_players or total > self.max_players:
            raise _fail(
                error,
                where,
                f"{total} cards: a table has {self.small_players} to {self.max_players} players",
            )
        return tuple(sorted(deck.items()))

    def cards(self, deck: Deck) -> Deck:
        """Every card shuffled for a deck: the thief's extra cards join it.

        >>> load_rules().cards((("thief", 1), ("villager", 1), ("werewolf", 1)))
        (('thief', 1), ('villager', 3), ('werewolf', 1))
        """
        known = self._cards_of
        found = known.get(deck)
        if found is None:
            counts = Counter(dict(deck))
            if counts[THIEF]:
                counts.update(dict(self.thief_extra))
            if len(known) >= _KNOWN_DECKS:
                known.clear()
            found = known[deck] = tuple(sorted((name, n) for name, n in counts.items() if n))
        return found

    @cached_property
    def _cards_of(self) -> dict[Deck, Deck]:
        """The cards of each deck asked so far (a lab's every game asks, and its bots)."""
        return {}

    def points(self, deck: Iterable[tuple[str, int]]) -> int:
        """The deck's card-point sum.

        >>> load_rules().points({"werewolf": 1, "villager": 2}.items())
        -4
        """
        return sum(self.roles[name].points * copies for name, copies in deck)


_KNOWN_DECKS = 1024
"""How many decks' cards :meth:`Rules.cards` keeps."""


def _fail(error: type[SolverError], where: str, why: str) -> SolverError:
    return error(f"{where}: {why}" if where else why)


# -- loading ---------------------------------------------------------------------------


@cache
def load_rules(path: Path = RULES_FILE) -> Rules:
    """Read a rules file (the format of ``werewolf.toml``); the game's own by default.

    >>> load_rules().title
    'Werewolf (The Werewolves of Millers Hollow)'
    """
    data = read_toml(path)
    return _Loader(path.name, data).rules()


class _Loader:
    def __init__(self, source: str, data: Mapping[str, Any]) -> None:
        self.source = source
        self.data = data

    def at(self, where: str) -> str:
        return f"{self.source}: {where}"

    def rules(self) -> Rules:
        error = InvalidDeckError
        players = fields.sequence(
            self.data.get("players", [8, 18]), self.at("players"), error=error
        )
        if len(players) != 2:
            raise InvalidDeckError(f"{self.at('players')}: must be [least, most]")
        low = fields.count(players[0], self.at("players.1"), 1, 100, error=error)
        high = fields.count(players[1], self.at("players.2"), low, 100, error=error)
        small = fields.count(
            self.data.get("small_players", low), self.at("small_players"), 1, low, error=error
        )
        raw_roles = fields.mapping(self.data.get("roles"), self.at("roles"), error=error)
        roles = {
            fields.name(name, self.at("roles"), error=error): self.role(str(name), raw)
            for name, raw in raw_roles.items()
        }
        partial = Rules(
            fields.string(self.data.get("title", ""), self.at("title"), error=error),
            MappingProxyType(roles),
            MappingProxyType({}),
            low,
            high,
            small,
            (),
        )
        extra = fields.mapping(
            self.data.get("thief_extra", {}), self.at("thief_extra"), error=error
        )
        thief_extra = tuple(
            sorted(
                (
                    fields.choice(k, self.at("thief_extra"), roles, what="role", error=error),
                    fields.count(v, self.at(f"thief_extra.{k}"), 1, 10, error=error),
                )
                for k, v in extra.items()
            )
        )
        table: dict[int, Deck] = {}
        raw_table = fields.mapping(self.data.get("table", {}), self.at("table"), error=error)
        for key, row in raw_table.items():
            where = self.at(fields.at("table", key))
            number = fields.digits(key)
            if number is None:
                raise InvalidDeckError(f"{where}: must be a player count")
            count = fields.count(number, where, low, high, error=error)
            table[count] = partial.check_deck(row, count, where, error=error)
        return Rules(
            partial.title,
            partial.roles,
            MappingProxyType(dict(sorted(table.items()))),
            low,
            high,
            small,
            thief_extra,
        )

    def role(self, name: str, raw: Any) -> Role:
        error = InvalidDeckError
        where = self.at(f"roles.{name}")
        data = fields.only(
            raw,
            ("team", "wakes", "first_night", "repeat", "points", "points_source", "power"),
            where,
            error=error,
        )
        team = fields.choice(
            data.get("team"), fields.at(where, "team"), TEAMS, what="team", error=error
        )
        wakes = data.get("wakes")
        if wakes is not None:
            wakes = fields.count(wakes, fields.at(where, "wakes"), 1, 100, error=error)
        return Role(
            name,
            team,  # type: ignore[arg-type]
            wakes,
            fields.boolean(
                data.get("first_night", False), fields.at(where, "first_night"), error=error
            ),
            fields.boolean(data.get("repeat", False), fields.at(where, "repeat"), error=error),
            fields.integer(
                data.get("points", 0), fields.at(where, "points"), -100, 100, error=error
            ),
            fields.name(data.get("power", name), fields.at(where, "power"), error=error),
        )


def variants_of(data: Any, where: str = "rules") -> Variants:
    """The variants of a record's ``rules`` field (absent fields take the defaults).

    >>> variants_of({"seer": "alignment", "parity": True})
    Variants(reveal=True, seer='alignment', parity=True)
    >>> variants_of({"reveal": "no"})
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidRecordError: rules.reveal: must be true or false, not 'no'
    """
    if data is None:
        return Variants()
    raw = fields.only(data, ("reveal", "seer", "parity"), where)
    default = Variants()
    return Variants(
        fields.boolean(raw.get("reveal", default.reveal), fields.at(where, "reveal")),
        fields.choice(
            raw.get("seer", default.seer),
            fields.at(where, "seer"),
            SEER_VARIANTS,
            what="seer variant",
        ),  # type: ignore[arg-type]
        fields.boolean(raw.get("parity", default.parity), fields.at(where, "parity")),
    )
