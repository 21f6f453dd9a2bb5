"""Who plays which seat in a lab: the ``--bots`` list, by seat and by card.

Each item of ``--bots`` is ``[WHO=]KIND[:OPTION=VALUE...]``. Items without ``WHO`` sit
round-robin from seat 1; an item with ``WHO`` takes every seat dealt that card
(``WHO`` a role, e.g. ``rogue=random``) or a card of that team (``WHO`` is
``TEAM-team``, e.g. ``town-team=solver``). A role's item comes before its team's,
which comes before the seat's. Which kinds and options there are is the game's.

>>> seating = Seating.parse(["bot", "gang-team=random:talk=0.5", "oracle=bot"],
...     Bots(kinds=("bot", "random"), options={"talk": is_chance},
...          roles=("oracle", "rogue"), teams=("town", "gang")))
>>> seating.bot(3, "rogue", "gang").text, seating.bot(3, "oracle", "town").text
('random:talk=0.5', 'bot')
>>> seating.bot(3, "rogue", "gang").option("talk"), seating.by_card != ()
('0.5', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.errors import InvalidArgumentError, UnknownNameError


def is_chance(value: str) -> bool:
    """Whether ``value`` is a number from 0 to 1.

    >>> is_chance("0.25"), is_chance("2"), is_chance("often")
    (True, False, False)
    """
    try:
        return 0.0 <= float(value) <= 1.0
    except ValueError:
        return False


@dataclass(frozen=True)
class Bots:
    """What a game's ``--bots`` may name: its kinds, each option's check (``None``
    when any kind may take it, or the kinds that may), its roles and its teams."""

    kinds: tuple[str, ...]
    options: Mapping[str, Callable[[str], bool]]
    roles: tuple[str, ...]
    teams: tuple[str, ...]
    only: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """An option that only some kinds take: option -> those kinds."""
    hint: str = ""
    """The options in words, for an error."""


@dataclass(frozen=True)
class BotSpec:
    """One kind of seat with its options, as written."""

    kind: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        return ":".join((self.kind, *(f"{name}={value}" for name, value in self.options)))

    def option(self, name: str) -> str | None:
        """The option's value, or ``None`` when not given."""
        return dict(self.options).get(name)

    @classmethod
    def parse(cls, text: str, bots: Bots) -> BotSpec:
        """``KIND[:OPTION=VALUE...]``, checked."""
        kind, *options = (part.strip() for part in text.split(":"))
        if kind not in bots.kinds:
            known = ", ".join(bots.kinds)
            raise UnknownNameError(f"--bots: unknown bot {kind!r} (known: {known})")
        pairs = []
        for option in options:
            name, _, value = option.partition("=")
            check = bots.options.get(name)
            if check is None or not check(value) or kind not in bots.only.get(name, (kind,)):
                raise InvalidArgumentError(
                    f"--bots: {text}: unknown option {option!r} ({bots.hint or 'none'})"
                )
            pairs.append((name, value))
        return cls(kind, tuple(pairs))


@dataclass(frozen=True)
class Seating:
    """The seats' kinds: round-robin by seat, and by dealt card (see the module)."""

    by_seat: tuple[BotSpec, ...]
    by_card: tuple[tuple[str, BotSpec], ...] = ()
    labels: tuple[str, ...] = ()
    """The ``--bots`` items as given."""

    @classmethod
    def parse(cls, items: Sequence[str], bots: Bots) -> Seating:
        """The seating of ``--bots`` items (an unknown kind, option or role is refused;
        with items by card only, the other seats take the first kind)."""
        if not items:
            raise InvalidArgumentError("--bots: name at least one")
        by_seat: list[BotSpec] = []
        by_card: list[tuple[str, BotSpec]] = []
        for item in items:
            who, equals, rest = item.partition("=")
            if not equals or ":" in who:
                by_seat.append(BotSpec.parse(item, bots))
                continue
            team = who.removesuffix("-team")
            if who not in bots.roles and not (who.endswith("-team") and team in bots.teams):
                raise UnknownNameError(
                    f"--bots: {item}: {who!r} is neither a role nor TEAM-team "
                    f"(teams: {', '.join(bots.teams)})"
                )
            by_card.append((who, BotSpec.parse(rest, bots)))
        return cls(tuple(by_seat) or (BotSpec(bots.kinds[0]),), tuple(by_card), tuple(items))

    def at(self, seat: int) -> BotSpec:
        """The kind of ``seat`` by its place alone (round-robin)."""
        return self.by_seat[(seat - 1) % len(self.by_seat)]

    def bot(self, seat: int, card: str, team: str) -> BotSpec:
        """The kind of ``seat``, dealt ``card`` of ``team``."""
        placed = dict(self.by_card)
        return placed.get(card) or placed.get(f"{team}-team") or self.at(seat)


__all__ = ["BotSpec", "Bots", "Seating", "is_chance"]
