"""Who plays which seat in the ONUW lab: the ``--bots`` list, by seat and by card.

Each item of ``--bots`` is ``[WHO=]KIND[:OPTION=VALUE...]``. Items without ``WHO`` sit
round-robin from seat 1; an item with ``WHO`` takes every seat dealt that card
(``WHO`` a role, e.g. ``werewolf=random``) or a card of that team (``WHO`` is
``TEAM-team``: ``village-team``, ``werewolf-team``, ``tanner-team``); a role's item
comes before its team's, which comes before the seat's. The kinds:

- ``stand-in``: a person who talks (:mod:`.stories`) and votes by the solver;
- ``bot``: a bot of the table: silent, votes by the solver;
- ``random``: silent, votes uniformly at random.

The options: ``story=mimic|consistent|cautious`` (a stand-in's story when it lies;
default: ``--speech``) and ``centre=P`` (the chance that a seer looks at two centre
cards rather than at a player; default: the night prior's, every option alike).

>>> from wooolf_solver.games.onuw.rules import load_rules
>>> seating = Seating.parse(["stand-in", "werewolf-team=bot", "seer=stand-in:centre=0.5"])
>>> [seating.bot(load_rules(), 2, card).kind for card in ("minion", "seer", "robber")]
['bot', 'stand-in', 'stand-in']
>>> seating.bot(load_rules(), 2, "seer").centre, seating.labels
(0.5, ('stand-in', 'werewolf-team=bot', 'seer=stand-in:centre=0.5'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.errors import InvalidArgumentError, UnknownNameError
from .rules import TEAMS, Rules, Seat, load_rules
from .stories import POLICIES

KINDS = ("stand-in", "bot", "random")
"""The kinds of seat the lab seats."""


@dataclass(frozen=True)
class SeatBot:
    """One kind of seat with its options (``None``: the default)."""

    kind: str
    story: str | None = None
    centre: float | None = None

    @property
    def talks(self) -> bool:
        return self.kind == "stand-in"

    @classmethod
    def parse(cls, text: str) -> SeatBot:
        """``KIND[:OPTION=VALUE...]``, checked."""
        kind, *options = (part.strip() for part in text.split(":"))
        if kind not in KINDS:
            raise UnknownNameError(f"--bots: unknown bot {kind!r} (known: {', '.join(KINDS)})")
        story: str | None = None
        centre: float | None = None
        for option in options:
            name, _, value = option.partition("=")
            if name == "story" and value in POLICIES and kind == "stand-in":
                story = value
            elif name == "centre" and _is_chance(value):
                centre = float(value)
            else:
                raise InvalidArgumentError(
                    f"--bots: {text}: unknown option {option!r} (story="
                    + "|".join(POLICIES)
                    + " for a stand-in, centre=P from 0 to 1)"
                )
        return cls(kind, story, centre)


def _is_chance(value: str) -> bool:
    try:
        return 0.0 <= float(value) <= 1.0
    except ValueError:
        return False


@dataclass(frozen=True)
class Seating:
    """The seats' kinds: round-robin by seat, and by dealt card (see the module)."""

    by_seat: tuple[SeatBot, ...]
    by_card: tuple[tuple[str, SeatBot], ...] = ()
    labels: tuple[str, ...] = ()
    """The ``--bots`` items as given."""

    @classmethod
    def parse(cls, items: Sequence[str], rules: Rules | None = None) -> Seating:
        """The seating of ``--bots`` items (an unknown kind, option or role is refused)."""
        rules = rules or load_rules()
        by_seat: list[SeatBot] = []
        by_card: list[tuple[str, SeatBot]] = []
        for item in items:
            who, equals, rest = item.partition("=")
            if equals and ":" not in who:
                team = who.removesuffix("-team")
                known = who in rules.roles or (who.endswith("-team") and team in TEAMS)
                if not known:
                    raise UnknownNameError(
                        f"--bots: {item}: {who!r} is neither a role nor TEAM-team "
                        f"(teams: {', '.join(TEAMS)})"
                    )
                by_card.append((who, SeatBot.parse(rest)))
            else:
                by_seat.append(SeatBot.parse(item))
        if not items:
            raise InvalidArgumentError("--bots: name at least one")
        return cls(tuple(by_seat) or (SeatBot("stand-in"),), tuple(by_card), tuple(items))

    @property
    def by_role(self) -> bool:
        """Whether a seat's kind may depend on its card."""
        return bool(self.by_card)

    def at(self, seat: Seat) -> SeatBot:
        """The kind of ``seat`` by its place alone (round-robin)."""
        return self.by_seat[(seat - 1) % len(self.by_seat)]

    def bot(self, rules: Rules, seat: Seat, dealt: str) -> SeatBot:
        """The kind of ``seat``, dealt ``dealt``."""
        placed = dict(self.by_card)
        team = f"{rules.team(dealt)}-team"
        return placed.get(dealt) or placed.get(team) or self.at(seat)


__all__ = ["KINDS", "SeatBot", "Seating"]
