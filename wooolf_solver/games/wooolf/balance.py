"""Balance for designers of Wooolf!!: each identity's exact blind baseline.

A round deals every card, ``hand_size`` to a seat (the neutral hands included); a
hand's identity is its highest card's character. Before anything happens, a player
knows its own hand only. For each **identity**, over the deals in which a player holds
it:

- ``share``: the chance a seat holds it;
- ``random_right``: the chance that a declaration drawn at random (each pointer another
  seat or nobody, alike: the lab's ``random`` bot) is right;
- ``blind_right``: the chance that the best declaration from one's own hand alone is
  right (the solver's chance before the first event); its points by the scoring rules
  are ``2 * blind_right`` early and ``blind_right`` final, and a wrong one takes a
  mistake marker (the shepherd's bonus needs peeks: none here).

The other seats are interchangeable given one's hand, so a declaration counts only by
its **pattern**: which pointers say nobody and which name the same seat. Each
pattern's chance is a count over the hands still to deal (``none_held``: the
ways to deal the rest with no identity of a set, by hands dealt one after the
other); ``tests/games/wooolf/test_wooolf_balance.py`` checks every figure against a
brute force over every deal and every declaration, scored by :mod:`.scoring`.

>>> figures = row_of(base_rules(), base_rules().setup("basic", 5)).identities
>>> figures["wolf"].blind_right, figures["sheep"].share, figures["sheep"].blind_right
(Fraction(8, 21), Fraction(2, 15), Fraction(31, 210))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, perm, prod
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...core.documents import shown
from ...core.errors import InvalidArgumentError, InvalidDeckError, did_you_mean
from ...core.roles import copies_of, is_role_list
from ...core.words import NOBODY
from .rules import UNKNOWN_ICON, Card, Rules, Setup, base_rules, load_deck
from .scoring import EARLY_POINTS, FINAL_POINTS

if TYPE_CHECKING:
    from rich.console import RenderableType

NOTE = (
    "Blind: each figure knows only the declarer's hand (the chances before any peek, "
    "question or announcement); the lab's bots learn as the round goes."
)

MIN_SEATS = 3
"""The fewest hands a list of characters may make."""

AGAINST = ("basic", "advanced")
"""The built-in editions every deck is set against, at the same player count."""

Count = tuple[int, ...]
"""Cards still to deal: how many of each character (in the order of :class:`_Deal`)."""


@dataclass(frozen=True)
class Baseline:
    """One identity's blind figures (see the module's docstring)."""

    share: Fraction
    random_right: Fraction
    blind_right: Fraction

    @property
    def points(self) -> dict[str, Fraction]:
        """The expected points of the blind declaration, made early or at the end."""
        return {"early": EARLY_POINTS * self.blind_right, "final": FINAL_POINTS * self.blind_right}

    def to_dict(self) -> dict[str, Any]:
        chances = {
            "share": self.share,
            "random_right": self.random_right,
            "blind_right": self.blind_right,
        }
        return {
            **{name: float(value) for name, value in chances.items()},
            "points": {when: float(value) for when, value in self.points.items()},
            "exact": {name: f"{v.numerator}/{v.denominator}" for name, v in chances.items()},
        }


@dataclass(frozen=True)
class Row:
    """The figures of one deck at one player count."""

    edition: str
    players: int
    neutral: int
    identities: Mapping[str, Baseline]

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "players": self.players,
            "neutral": self.neutral,
            "identities": {name: b.to_dict() for name, b in self.identities.items()},
        }


@dataclass(frozen=True)
class Balance:
    """A deck's rows (one per player count), and the built-in editions' rows at the
    same player counts (``against``)."""

    deck: str
    rows: tuple[Row, ...]
    against: tuple[Row, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``wooolf balance --game wooolf --json``."""
        return {
            "deck": self.deck,
            "rows": [row.to_dict() for row in self.rows],
            "against": [row.to_dict() for row in self.against],
            "note": NOTE,
        }


# -- counting deals --------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Deal:
    """A setup's cards by character, and its hands' identities."""

    rules: Rules
    names: tuple[str, ...]
    """The characters dealt, lowest value first."""
    cards: Count
    shapes: tuple[tuple[tuple[tuple[int, int], ...], str], ...]
    """Every hand a deal of these characters may hold, as the (character, copies) it
    takes (a hand holds few characters: the others are left alone), with its identity."""
    memo: dict[tuple[Count, frozenset[str]], int] = field(default_factory=dict)
    dealt: dict[Count, list[tuple[Count, int, str]]] = field(default_factory=dict)

    @classmethod
    def of(cls, rules: Rules, setup: Setup) -> _Deal:
        held: Counter[str] = Counter()
        for card, copies in setup.cards:
            held[card.character] += copies
        names = tuple(sorted(held, key=lambda name: rules.characters[name].value))
        shapes = tuple(
            (tuple(sorted(Counter(picked).items())), names[max(picked)])
            for picked in combinations_with_replacement(range(len(names)), rules.hand_size)
        )
        return cls(rules, names, tuple(held[name] for name in names), shapes)

    def hands(self, left: Count) -> list[tuple[Count, int, str]]:
        """Every hand that can be dealt from ``left``: the cards left after it, its
        number of ways (cards told apart), its identity."""
        if left not in self.dealt:
            found = []
            for taken, identity in self.shapes:
                if all(left[i] >= k for i, k in taken):
                    rest = list(left)
                    for i, k in taken:
                        rest[i] -= k
                    ways = prod(comb(left[i], k) for i, k in taken)
                    found.append((tuple(rest), ways, identity))
            self.dealt[left] = found
        return self.dealt[left]

    def none_held(self, left: Count, banned: frozenset[str]) -> int:
        """The ways to deal ``left`` into hands with no identity in ``banned``."""
        if not any(left):
            return 1
        key = (left, banned)
        if key not in self.memo:
            self.memo[key] = sum(
                ways * self.none_held(rest, banned)
                for rest, ways, identity in self.hands(left)
                if identity not in banned
            )
        return self.memo[key]

    def right(self, left: Count, seats: Sequence[str], nobody: frozenset[str]) -> int:
        """The ways to deal ``left`` so that the next seats hold the identities
        ``seats``, in order, and no later seat (nor any of them) an identity of
        ``nobody``."""
        if not seats:
            return self.none_held(left, nobody)
        return sum(
            ways * self.right(rest, seats[1:], nobody)
            for rest, ways, identity in self.hands(left)
            if identity == seats[0] and identity not in nobody
        )


def patterns(pointers: int) -> Iterator[tuple[int, ...]]:
    """Every pattern of ``pointers`` pointers: ``0`` for nobody, else the seat's label,
    labels in order of first use.

    >>> list(patterns(2))
    [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)]
    """

    def grow(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(prefix) == pointers:
            yield prefix
            return
        for label in range(max(prefix, default=0) + 2):
            yield from grow((*prefix, label))

    yield from grow(())


def row_of(rules: Rules, setup: Setup) -> Row:
    """The blind figures of every identity of one setup (kept: a deck edited back to
    one seen before, or the built-in editions every deck is set against, cost nothing
    the second time)."""
    dealt = {card.character for card, _ in setup.cards}
    characters = tuple(
        (name, rules.characters[name].value, rules.characters[name].targets)
        for name in sorted(dealt)
    )
    key = (characters, rules.hand_size, setup)
    if key not in _ROWS:
        while len(_ROWS) >= KEPT_ROWS:
            del _ROWS[next(iter(_ROWS))]  # the oldest first
        _ROWS[key] = _row(rules, setup)
    return _ROWS[key]


KEPT_ROWS = 256
"""Rows kept (:func:`row_of`)."""
_ROWS: dict[tuple[Any, int, Setup], Row] = {}
"""Rows kept by what their figures read of the rules: the dealt characters' values and
targets, the hand size, and the setup."""


def _row(rules: Rules, setup: Setup) -> Row:
    """The figures of :func:`row_of`, computed."""
    deal = _Deal.of(rules, setup)
    others = setup.seats - 1
    everything = sum(deal.cards)
    shares: dict[str, Fraction] = {}
    randoms: dict[str, Fraction] = {}
    blinds: dict[str, Fraction] = {}
    for left, ways, identity in deal.hands(deal.cards):
        chance = Fraction(ways, comb(everything, rules.hand_size))
        total = deal.none_held(left, frozenset())
        targets = rules.characters[identity].targets
        right = {}
        for pattern in patterns(len(targets)):
            right[pattern] = Fraction(_right_ways(deal, left, identity, targets, pattern), total)
        declarations = {p: perm(others, max(p, default=0)) for p in right}
        everyone = (others + 1) ** len(targets)
        shares[identity] = shares.get(identity, Fraction(0)) + chance
        randoms[identity] = (
            randoms.get(identity, Fraction(0))
            + chance * sum((n * right[p] for p, n in declarations.items()), Fraction(0)) / everyone
        )
        best = max((right[p] for p, n in declarations.items() if n), default=Fraction(0))
        blinds[identity] = blinds.get(identity, Fraction(0)) + chance * best
    names = sorted(shares, key=lambda name: -rules.characters[name].value)
    return Row(
        setup.edition,
        setup.players,
        setup.neutral,
        MappingProxyType(
            {
                name: Baseline(
                    shares[name], randoms[name] / shares[name], blinds[name] / shares[name]
                )
                for name in names
            }
        ),
    )


def _right_ways(
    deal: _Deal, left: Count, identity: str, targets: Sequence[str], pattern: Sequence[int]
) -> int:
    """The ways to deal ``left`` (the declarer holding ``identity``) so that a
    declaration of ``pattern`` is right."""
    nobody = frozenset(t for t, label in zip(targets, pattern, strict=True) if label == NOBODY)
    if identity in nobody:
        return 0
    seats: list[str] = []
    for label in range(1, max(pattern, default=0) + 1):
        named = {t for t, at in zip(targets, pattern, strict=True) if at == label}
        if len(named) > 1:
            return 0
        seats += named
    if nobody & set(seats):
        return 0
    return deal.right(left, tuple(seats), nobody)


# -- the whole deck --------------------------------------------------------------------


def balance_of(rules: Rules, setup: Setup, label: str | None = None) -> Balance:
    """The figures of one setup, against the built-in editions at its player count."""
    return Balance(label or setup.edition, (row_of(rules, setup),), _against(rules, (setup,)))


def _against(rules: Rules, setups: Sequence[Setup]) -> tuple[Row, ...]:
    base = base_rules()
    out = []
    for setup in setups:
        for edition in AGAINST:
            if edition == setup.edition and rules is base:
                continue
            found = [row for row in base.editions[edition].rows if row.players == setup.players]
            out += [row_of(base, row) for row in found]
    return tuple(out)


def balance(
    roles: str | None = None,
    deck: Path | None = None,
    parity: bool = False,
    players: int | None = None,
) -> Balance:
    """The figures of a built-in edition (``roles``: its name, every player count or
    ``players`` only), a list of characters (``roles``: ``NAME=COPIES,...``, one hand a
    seat, no neutral hand; ``players``, if given, must be its count) or a designer's deck
    file (``deck``, or its path as ``roles``, as the lab's mixes are named; every count
    or ``players`` only); ``parity`` is Werewolf's and refused.

    >>> [row.players for row in balance("basic", players=6).rows]
    [6]
    """
    if parity:
        raise InvalidArgumentError("balance: --parity is a variant of classic Werewolf only")
    if (roles is None) == (deck is None):
        raise InvalidArgumentError(
            "balance: give an edition or NAME=COPIES,... as --roles, or a deck file"
        )
    if roles is not None and (roles.lower().endswith(".toml") or Path(roles).is_file()):
        deck = Path(roles)  # a deck file's path, as the lab's mixes name it
    if deck is not None:
        rules, edition = load_deck(Path(deck), base_rules())
        rows = counted(edition.rows, players, Path(deck).name)
        return Balance(Path(deck).name, tuple(row_of(rules, row) for row in rows),
                       _against(rules, rows))  # fmt: skip
    rules = base_rules()
    text = str(roles)
    if not is_role_list(text):
        name = text.strip().lower()
        if name not in rules.editions:
            rules.setup(name, 0)  # raises: unknown edition (did you mean ...?)
        rows = counted(rules.editions[name].rows, players, f"the {name} edition")
        return Balance(name, tuple(row_of(rules, row) for row in rows), ())
    setup = setup_of(rules, copies_of(text))
    counted((setup,), players, "--roles")
    return balance_of(rules, setup, "--roles")


def counted(rows: Sequence[Setup], players: int | None, what: str) -> tuple[Setup, ...]:
    """The rows for ``players`` (every row when ``None``), or a one-line error naming
    the counts there are.

    >>> counted(base_rules().editions["basic"].rows, 3, "the basic edition")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidDeckError: --players: 3, but the basic edition is for 4..8 ...
    """
    if players is None:
        return tuple(rows)
    found = tuple(row for row in rows if row.players == players)
    if not found:
        counts = sorted({row.players for row in rows})
        span = str(counts[0]) if len(counts) == 1 else f"{counts[0]}..{counts[-1]}"
        raise InvalidDeckError(f"--players: {players}, but {what} is for {span} players")
    return found


def setup_of(rules: Rules, copies: Mapping[str, int]) -> Setup:
    """A setup of the characters ``copies`` (every card's icon a ``?``: these figures
    do not read icons), one hand a seat and no neutral hand.

    >>> setup_of(base_rules(), {"wolf": 1, "sheep": 2})
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidDeckError: --roles: 3 cards do not make hands of 2
    """
    for name in copies:
        if name not in rules.characters:
            near = did_you_mean(name, rules.characters)
            raise InvalidDeckError(f"--roles: unknown character {shown(name)}{near}")
    cards = sum(copies.values())
    size = rules.hand_size
    if cards % size:
        raise InvalidDeckError(f"--roles: {cards} cards do not make hands of {size}")
    if cards // size < MIN_SEATS:
        raise InvalidDeckError(
            f"--roles: {cards} cards make {cards // size} hands, not {MIN_SEATS} at least"
        )
    dealt = tuple(sorted((Card(name, UNKNOWN_ICON), n) for name, n in copies.items()))
    return Setup("--roles", cards // size, 0, dealt)


# -- on a terminal ---------------------------------------------------------------------


def render_balance(result: Balance) -> RenderableType:
    """Each row as a table of identities, then the rows it is set against."""
    from rich.console import Group  # noqa: PLC0415 (rich: only for the command line)
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    parts: list[RenderableType] = []
    for row in (*result.rows, *result.against):
        neutral = f" and {row.neutral} neutral hand{'s' * (row.neutral > 1)}" if row.neutral else ""
        table = Table(title=f"{row.edition}, {row.players} players{neutral}", title_justify="left")
        for column in ("identity", "share", "random right", "blind right", "points early/final"):
            table.add_column(column, justify="left" if column == "identity" else "right")
        for name, figures in row.identities.items():
            table.add_row(
                name,
                f"{float(figures.share):.1%}",
                f"{float(figures.random_right):.1%}",
                f"{float(figures.blind_right):.1%}",
                "/".join(f"{float(value):.2f}" for value in figures.points.values()),
            )
        parts.append(table)
    parts.append(Text(NOTE, style="dim"))
    return Group(*parts)
