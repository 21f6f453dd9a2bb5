"""Balance for designers of ONUW: a deck's exact figures, and its random baseline.

The deal is a uniform shuffle of the deck over the seats and the centre. From it:

- **the deal figures**: the share of deals with no werewolf among the players, and
  with the minion among them but no werewolf (a hypergeometric count);
- **the random baseline**: every night choice uniform over the role's options (the
  lab's ``random`` seats: a seer, a robber or a troublemaker always acts) and every
  ballot uniform over the legal ones (every other player, and nobody where the
  edition allows it); then each team's chance to win (a team wins when a seat on it
  at dawn wins, as the lab counts), each dealt card's chance to win, the chance
  nobody dies and the chance a werewolf dies. It is what the lab measures with every
  seat ``random``, and nothing else: players who use what they learn play another game.

Every figure is an exact :class:`~fractions.Fraction`, computed without sampling:

1. the centre's cards are enumerated as multisets (the seats and the centre slots are
   interchangeable, so one arrangement stands for each);
2. the night runs as a chain over the table's cards (:func:`night_law`), each role's
   options equally likely, with the real powers of :mod:`.night` (a doppelganger's copy
   is part of the state; its card counts at dawn as the role it became); slots dealt
   the same card are interchangeable, so each state is kept sorted within them;
3. uniform ballots treat the seats alike, so a set of ``k`` dead seats has a chance
   that depends on ``k`` only (:func:`death_law`, an inclusion–exclusion count of the
   ballots that vote for no one's own seat);
4. who wins depends on the dead seats' dawn cards by kind (village, tanner, werewolf,
   minion: :func:`standing`), so the dead sets are counted by how many of each kind
   they hold (:func:`outcomes`), with the rules' own :func:`.win.wins`.

``tests/games/onuw/test_onuw_balance.py`` checks every step against a brute force
over every deal, night choice and ballot profile.

>>> figures = balance_of(("robber", "seer", "troublemaker", "werewolf", "werewolf"))
>>> figures.players, figures.centre, figures.no_werewolf
(3, 2, Fraction(1, 10))
>>> figures.teams["village"], figures.teams["werewolf"]
(Fraction(7, 27), Fraction(7, 10))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, factorial, lcm, prod
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidArgumentError, InvalidDeckError, InvalidRecordError
from .lab import Mix
from .night import Choice, NightState, Power, as_played, power_of, wakers
from .rules import TEAMS, Layout, Rules, VoteRule, load_rules
from .win import wins

if TYPE_CHECKING:
    from rich.console import RenderableType

NOTE = (
    "The baseline is every night choice and every ballot drawn at random: the lab's "
    "`random` seats agree with it; players who use what they learn do not."
)

MODELLED = frozenset(
    {"doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker"}
    | {"drunk", "insomniac", "villager", "tanner", "hunter"}
)
"""The roles the baseline models (a role added to the rules is refused until its
night and its effect on the vote are checked here)."""

Cards = tuple[str, ...]
Law = dict[Cards, Fraction]
"""A probability distribution over card arrangements (or multisets)."""


@dataclass(frozen=True)
class Balance:
    """A deck's exact figures (see the module's docstring for each)."""

    edition: str
    players: int
    centre: int
    cards: Cards
    team_cards: Mapping[str, int]
    """The deck's cards per team."""
    no_werewolf: Fraction
    """Deals with no werewolf among the players."""
    minion_alone: Fraction
    """Deals with the minion among the players and no werewolf."""
    teams: Mapping[str, Fraction]
    """Per team, its chance to win under the random baseline."""
    roles: Mapping[str, Fraction]
    """Per card of the deck, the chance a seat dealt it wins under the baseline."""
    nobody_dies: Fraction
    werewolf_dies: Fraction
    """The chance a player holding a werewolf at dawn dies."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``wooolf balance --game onuw --json``: chances as floats, and
        each also exactly as ``"p/q"`` under ``exact``."""
        chances: dict[str, Any] = {
            "no_werewolf": self.no_werewolf,
            "minion_alone": self.minion_alone,
            "nobody_dies": self.nobody_dies,
            "werewolf_dies": self.werewolf_dies,
            "teams": dict(self.teams),
            "roles": dict(self.roles),
        }
        return {
            "edition": self.edition,
            "players": self.players,
            "centre": self.centre,
            "cards": dict(Counter(self.cards)),
            "team_cards": dict(self.team_cards),
            **_floats(chances),
            "exact": _exact(chances),
            "note": NOTE,
        }


def _floats(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _floats(inner) for key, inner in value.items()}
    return float(value)


def _exact(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _exact(inner) for key, inner in value.items()}
    return f"{value.numerator}/{value.denominator}"


# -- the deal --------------------------------------------------------------------------


def centre_law(cards: Sequence[str], centre: int) -> Law:
    """Each multiset of centre cards (sorted) with its chance under a uniform shuffle.

    >>> centre_law(("seer", "werewolf", "werewolf"), 1)
    {('werewolf',): Fraction(2, 3), ('seer',): Fraction(1, 3)}
    """
    copies = sorted(Counter(cards).items())
    total = comb(len(cards), centre)
    law: Law = {}
    for counts in product(*(range(min(n, centre) + 1) for _, n in copies)):
        if sum(counts) == centre:
            held = tuple(
                name for (name, _), k in zip(copies, counts, strict=True) for _ in range(k)
            )
            ways = prod(comb(n, k) for (_, n), k in zip(copies, counts, strict=True))
            law[held] = Fraction(ways, total)
    return law


def deal_figures(cards: Sequence[str], centre: int) -> tuple[Fraction, Fraction]:
    """The chances of no werewolf among the players, and of the minion among them
    with no werewolf.

    >>> deal_figures(("minion", "seer", "villager", "werewolf", "werewolf"), 2)
    (Fraction(1, 10), Fraction(1, 10))
    """
    law = centre_law(cards, centre)
    wolves = cards.count("werewolf")
    alone = [held for held in law if held.count("werewolf") == wolves]
    with_minion = [held for held in alone if cards.count("minion") > held.count("minion")]
    return _total(law, alone), _total(law, with_minion)


def _total(law: Law, keys: Iterable[Cards]) -> Fraction:
    return sum((law[key] for key in keys), Fraction(0))


# -- the night -------------------------------------------------------------------------


def night_law(rules: Rules, layout: Layout, dealt: Cards) -> Law:
    """The dawn cards of every slot (a doppelganger's read as the role it became) after
    a night of random choices on the deal ``dealt``, each arrangement with its chance,
    slots dealt the same card sorted (they are interchangeable).

    >>> layout = Layout(3, 2)
    >>> dealt = ("robber", "seer", "villager", "werewolf", "werewolf")
    >>> sorted(night_law(load_rules(), layout, dealt).values())
    [Fraction(1, 2), Fraction(1, 2)]
    """
    weights, total = night_weights(rules, layout, dealt)
    return {now: Fraction(weight, total) for now, weight in weights.items()}


Night = tuple[Cards, tuple[tuple[int, str], ...]]
"""A night in progress: the cards now, and the roles the doppelgangers became."""


def night_weights(rules: Rules, layout: Layout, dealt: Cards) -> tuple[dict[Cards, int], int]:
    """:func:`night_law` as whole weights and their total (exact, and fast to add)."""
    groups = _groups(layout, dealt)
    weights: dict[Night, int] = {(_sorted(dealt, groups), ()): 1}
    total = 1
    awake: dict[str, list[int]] = {}
    for seat, role in wakers(rules, layout, dealt):
        awake.setdefault(role.name, []).append(seat)
    for role_name, seats in awake.items():
        power = power_of(rules.roles[role_name])
        for seat in seats:
            moves = {
                night: _chances(power, seat, _state(layout, dealt, night)) for night in weights
            }
            scale = lcm(*(chance.denominator for found in moves.values() for _, chance in found))
            after: dict[Night, int] = {}
            for night, found in moves.items():
                for choice, chance in found:
                    moved = _state(layout, dealt, night)
                    power.perform(seat, choice, moved)
                    key = (tuple(moved.now), tuple(sorted(moved.copies.items())))
                    share = weights[night] * chance.numerator * (scale // chance.denominator)
                    after[key] = after.get(key, 0) + share
            weights, total = after, total * scale
        merged: dict[Night, int] = {}
        for (now, copies), weight in weights.items():
            key = (_sorted(now, groups), copies)
            merged[key] = merged.get(key, 0) + weight
        weights = merged
    dawns: dict[Cards, int] = {}
    for night, weight in weights.items():
        dawn = _sorted(as_played(_state(layout, dealt, night)), groups)
        dawns[dawn] = dawns.get(dawn, 0) + weight
    return dawns, total


def _state(layout: Layout, dealt: Cards, night: Night) -> NightState:
    return NightState(layout, dealt, list(night[0]), dict(night[1]))


def _chances(power: Power, seat: int, state: NightState) -> list[tuple[Choice, Fraction]]:
    """Each choice of the seat with its chance: all alike (a doppelganger's too: each
    copy and the copied role's choice together, as the lab's seats draw them)."""
    options = power.options(seat, state)
    return [(choice, Fraction(1, len(options))) for choice in options]


def _groups(layout: Layout, dealt: Cards) -> tuple[tuple[int, ...], ...]:
    """The slot indexes (0-based) dealt the same card, seats and centre apart."""
    found: dict[tuple[bool, str], list[int]] = {}
    for slot in layout.slots:
        found.setdefault((layout.is_seat(slot), dealt[slot - 1]), []).append(slot - 1)
    return tuple(tuple(group) for group in found.values() if len(group) > 1)


def _sorted(now: Cards, groups: tuple[tuple[int, ...], ...]) -> Cards:
    out = list(now)
    for group in groups:
        for index, card in zip(group, sorted(now[i] for i in group), strict=True):
            out[index] = card
    return tuple(out)


# -- the vote --------------------------------------------------------------------------


Series = list[int]
"""An exponential generating function cut at the voters' count: item ``c`` is ``c!``
times the coefficient of ``x**c`` (whole numbers for the ballots' counts)."""


def _times(first: Series, second: Series) -> Series:
    """The product of two exponential generating functions (a binomial convolution)."""
    return [
        sum(comb(n, i) * first[i] * second[n - i] for i in range(n + 1)) for n in range(len(first))
    ]


def _series(size: int, low: int, high: int) -> Series:
    """``sum(x**c / c!)`` for ``low <= c < high``, cut at degree ``size - 1``."""
    return [int(low <= c < high) for c in range(size)]


@cache
def death_law(players: int, rule: VoteRule) -> tuple[Fraction, ...]:
    """Under uniform ballots, the chance that the dead are exactly a given set of ``k``
    seats, for ``k = 0..players`` (``k = 0``: nobody dies).

    A set ``D`` of ``k`` seats dies with top count ``m`` when each of ``D`` has ``m``
    ballots, every other seat (and nobody) fewer, and ``m >= rule.least``. The ballots
    are counted by their exponential generating function, a factor per target;
    inclusion–exclusion over the voters forced to vote for themselves (``a`` of ``D``,
    ``b`` of the others) removes the ballots for one's own seat.

    >>> from wooolf_solver.games.onuw.rules import VoteRule
    >>> death_law(3, VoteRule(nobody=False, least=2))
    (Fraction(1, 4), Fraction(1, 4), Fraction(0, 1), Fraction(0, 1))
    """
    size = players + 1
    counts = [0] * size
    for top in range(max(1, rule.least), size):
        fewer = _series(size, 0, top)
        others = [fewer if rule.nobody else _series(size, 0, 1)]  # then the seats outside D
        for _ in range(players):
            others.append(_times(others[-1], fewer))
        forced = [_series(size, 0, 1)]  # the others forced to vote for themselves
        for _ in range(players):
            forced.append(_times(forced[-1], _series(size, 0, top - 1)))
        for k in range(1, players // top + 1):
            for b in range(players - k + 1):
                degree = players - b - top * k
                if degree < 0:
                    continue
                rest, own = others[players - k - b], forced[b]
                outside = sum(
                    comb(degree, i) * rest[i] * own[degree - i] for i in range(degree + 1)
                )
                inside = sum(  # D's voters, a of them forced: a multinomial of their ballots
                    (-1) ** a
                    * comb(k, a)
                    * factorial(players - a - b)
                    // (factorial(degree) * factorial(top) ** (k - a) * factorial(top - 1) ** a)
                    for a in range(k + 1)
                )
                counts[k] += (-1) ** b * comb(players - k, b) * outside * inside
    total = (players - 1 + rule.nobody) ** players
    law = [Fraction(count, total) for count in counts]
    law[0] = 1 - sum((comb(players, k) * law[k] for k in range(1, size)), Fraction(0))
    return tuple(law)


@cache
def shot_law(players: int, rule: VoteRule) -> tuple[Fraction, ...]:
    """With a shooter (a card that ``shoots``: the hunter) at a seat ``h``: for ``k =
    0..players``, the chance that the ballots kill exactly a given set ``D`` of ``k``
    seats holding ``h`` and that ``h``'s ballot names a given seat ``t`` outside ``D``
    (which the shot then kills too).

    The count is :func:`death_law`'s with ``h``'s ballot on ``t``: ``t`` starts with
    one ballot, and ``h`` is never forced to vote for itself.

    >>> from wooolf_solver.games.onuw.rules import VoteRule
    >>> shot_law(3, VoteRule(nobody=False, least=2))
    (Fraction(0, 1), Fraction(1, 8), Fraction(0, 1), Fraction(0, 1))
    """
    size, voters = players + 1, players - 1
    counts = [0] * size
    unit = _series(size, 0, 1)
    for top in range(max(2, rule.least), size):
        fewer = _series(size, 0, top)
        others = [fewer if rule.nobody else unit]
        for _ in range(players):
            others.append(_times(others[-1], fewer))
        forced = [unit]
        for _ in range(players):
            forced.append(_times(forced[-1], _series(size, 0, top - 1)))
        for b, e in product(range(players), (0, 1)):  # b others forced, e: t forced
            aside = _times(forced[b], _series(size, 0, top - 1 - e))
            for k in range(1, min(voters // top, players - 1 - b) + 1):
                degree = voters - b - e - top * k
                if degree < 0:
                    continue
                rest = others[players - k - 1 - b]
                outside = sum(
                    comb(degree, i) * rest[i] * aside[degree - i] for i in range(degree + 1)
                )
                inside = sum(
                    (-1) ** a
                    * comb(k - 1, a)
                    * factorial(voters - a - b - e)
                    // (factorial(degree) * factorial(top) ** (k - a) * factorial(top - 1) ** a)
                    for a in range(k)
                )
                counts[k] += (-1) ** (b + e) * comb(players - k - 1, b) * outside * inside
    total = (players - 1 + rule.nobody) ** players
    return tuple(Fraction(count, total) for count in counts)


# -- who wins --------------------------------------------------------------------------


def standing(rules: Rules, card: str) -> str:
    """The kind of a dawn card as the vote and :func:`.win.wins` tell them apart:
    ``werewolf``, ``minion``, a card that shoots (by its name), else its team.

    >>> standing(load_rules(), "seer"), standing(load_rules(), "minion")
    ('village', 'minion')
    """
    return card if card in ("werewolf", "minion") or rules.roles[card].shoots else rules.team(card)


Table = tuple[tuple[str, int], ...]
"""The seats' dawn cards by kind: one card of each kind, with its count (sorted)."""


@dataclass(frozen=True)
class Outcome:
    """The chances, under uniform ballots, for a table's dawn cards by kind."""

    teams: Mapping[str, Fraction]
    """Per team, its chance to win."""
    seats: Mapping[str, Fraction]
    """Per kind of dawn card, the chance a seat holding one wins."""
    werewolf_dies: Fraction


@cache
def outcomes(rules: Rules, rule: VoteRule, table: Table) -> Outcome:
    """The :class:`Outcome` of a table whose seats hold, at dawn, ``table``'s cards
    (one card per kind, with its number of seats; sorted by card)."""
    players = sum(n for _, n in table)
    dawn = tuple(card for card, n in table for _ in range(n))
    starts = [sum(n for _, n in table[:i]) for i in range(len(table))]
    teams: dict[str, Fraction] = dict.fromkeys(TEAMS, Fraction(0))
    seats = {standing(rules, card): Fraction(0) for card, _ in table}
    wolf_dies = Fraction(0)
    for dead_counts, chance in _dead(rules, rule, table):
        dead = {starts[i] + j + 1 for i, count in enumerate(dead_counts) for j in range(count)}
        won = [wins(rules, players, dawn, dead, seat) for seat in range(1, players + 1)]
        for team in {rules.team(card) for card in dawn}:
            if any(w for w, card in zip(won, dawn, strict=True) if rules.team(card) == team):
                teams[team] += chance
        for i, ((card, n), d) in enumerate(zip(table, dead_counts, strict=True)):
            first, last = starts[i], starts[i] + n - 1  # a dead seat, then a living one
            seats[standing(rules, card)] += chance * (
                Fraction(d, n) * won[first] + Fraction(n - d, n) * won[last]
            )
            if card == "werewolf" and d:
                wolf_dies += chance
    return Outcome(MappingProxyType(teams), MappingProxyType(seats), wolf_dies)


def _dead(rules: Rules, rule: VoteRule, table: Table) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """How many seats of each kind die, with its chance: the vote's dead, and a
    shooter's shot (one shooter at most)."""
    players = sum(n for _, n in table)
    law, shot = death_law(players, rule), shot_law(players, rule)
    shooters = [i for i, (card, _) in enumerate(table) if rules.roles[card].shoots]
    if len(shooters) > 1 or any(table[i][1] > 1 for i in shooters):
        raise InvalidDeckError("balance: the random baseline models one card that shoots")
    for dead in product(*(range(n + 1) for _, n in table)):
        ways = prod(comb(n, d) for (_, n), d in zip(table, dead, strict=True))
        k = sum(dead)
        if not (shooters and dead[shooters[0]]):
            yield dead, law[k] * ways
            continue
        yield dead, (law[k] - (players - k) * shot[k]) * ways
        for i, (_, n) in enumerate(table):
            if dead[i] < n:  # the shot kills one more seat, of this kind
                more = tuple(d + (j == i) for j, d in enumerate(dead))
                yield more, shot[k] * ways * (n - dead[i])


def _table(rules: Rules, seats: Cards) -> Table:
    """The seats' dawn cards by kind: one card of each kind, with its count."""
    kinds = Counter(standing(rules, card) for card in seats)
    first = {standing(rules, card): card for card in sorted(seats, reverse=True)}
    return tuple(sorted((first[kind], n) for kind, n in kinds.items()))


# -- the whole deck --------------------------------------------------------------------


def balance_of(cards: Sequence[str], edition: str = "table", rules: Rules | None = None) -> Balance:
    """The exact figures of a deck of ``cards`` (checked) played by ``edition``'s rules.

    >>> balance_of(("werewolf", "villager", "villager", "seer"), "official")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wooolf_solver.core.errors.InvalidDeckError: balance: 4 cards with 3 in the centre make ...
    """
    rules = rules or load_rules()
    chosen = rules.edition(edition)
    players = len(cards) - chosen.centre
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidDeckError(
            f"balance: {len(cards)} cards with {chosen.centre} in the centre make "
            f"{players} player{'s' * (players != 1)}; the game is for "
            f"{rules.min_players}..{rules.max_players}"
        )
    layout = rules.layout(chosen.name, players)
    try:
        deck = rules.check_deck(cards, len(layout.slots), "balance: cards")
    except InvalidRecordError as error:
        raise InvalidDeckError(str(error)) from None
    for name in sorted(set(deck) - MODELLED):
        raise InvalidDeckError(f"balance: the random baseline does not model the {name} yet")
    if any(power_of(rules.roles[name]).copies for name in deck) and any(
        rules.roles[name].shoots for name in deck
    ):
        raise InvalidDeckError("balance: the random baseline does not model a copied shot yet")
    no_werewolf, minion_alone = deal_figures(deck, chosen.centre)
    kinds = {card: standing(rules, card) for card in deck}
    tables: dict[Table, Fraction] = {}
    held: dict[tuple[str, Table, str], Fraction] = {}
    for dealt, chance in _deals(layout, deck):
        weights, total = night_weights(rules, layout, dealt)
        by_table: Counter[Table] = Counter()
        by_seat: Counter[tuple[str, Table, str]] = Counter()
        for now, weight in weights.items():
            table = _table(rules, now[:players])
            by_table[table] += weight
            for card, held_now in zip(dealt[:players], now[:players], strict=True):
                by_seat[card, table, kinds[held_now]] += weight
        for table, weight in by_table.items():
            tables[table] = tables.get(table, Fraction(0)) + chance * Fraction(weight, total)
        for key, weight in by_seat.items():
            held[key] = held.get(key, Fraction(0)) + chance * Fraction(weight, total)
    known = {table: outcomes(rules, chosen.vote, table) for table in tables}
    teams: dict[str, Fraction] = {
        t: sum((w * known[x].teams[t] for x, w in tables.items()), Fraction(0)) for t in TEAMS
    }
    copies = Counter(deck)
    won = dict.fromkeys(sorted(copies), Fraction(0))
    for (role, table, kind), share in held.items():
        won[role] += share * known[table].seats[kind]
    roles = {r: won[r] / Fraction(copies[r] * players, len(deck)) for r in won}
    wolf_dies = sum((w * known[x].werewolf_dies for x, w in tables.items()), Fraction(0))
    return Balance(
        chosen.name,
        players,
        chosen.centre,
        deck,
        MappingProxyType({team: sum(rules.team(c) == team for c in deck) for team in TEAMS}),
        no_werewolf,
        minion_alone,
        MappingProxyType(teams),
        MappingProxyType(roles),
        death_law(players, chosen.vote)[0],
        wolf_dies,
    )


def _deals(layout: Layout, deck: Cards) -> Iterator[tuple[Cards, Fraction]]:
    """One arrangement for each multiset of centre cards, with its chance."""
    for centre, chance in centre_law(deck, layout.centre_size).items():
        rest = Counter(deck) - Counter(centre)
        yield (*sorted(rest.elements()), *centre), chance


def balance(roles: str | None = None, deck: Path | None = None, parity: bool = False) -> Balance:
    """The figures of the table edition's mix ``roles`` (``NAME=COPIES,...``) or of a
    deck file (its ``edition``'s centre and vote); ``parity`` is Werewolf's and refused."""
    if parity:
        raise InvalidArgumentError("balance: --parity is a variant of classic Werewolf only")
    if (roles is None) == (deck is None):
        raise InvalidArgumentError(
            "balance: give the mix as --roles NAME=COPIES,... or as a deck file"
        )
    rules = load_rules()
    if roles is not None:
        try:
            mix = Mix.of(roles, rules)
        except InvalidRecordError as error:
            raise InvalidDeckError(str(error)) from None
        if mix.cards is None:
            raise InvalidDeckError(f"balance: {roles!r}: give the cards as NAME=COPIES,...")
    else:
        mix = Mix.load(Path(str(deck)), rules)
    return balance_of(mix.cards or (), mix.edition, rules)


# -- on a terminal ---------------------------------------------------------------------


def render_balance(result: Balance) -> RenderableType:
    """The figures as a table, with the exact fractions and the baseline's note."""
    from rich.console import Group  # noqa: PLC0415 (rich: only for the command line)
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    teams = ", ".join(f"{result.team_cards[t]} {t}" for t in TEAMS if result.team_cards[t])
    head = Text(
        f"{result.players} players, {result.centre} centre cards ({result.edition} "
        f"edition); cards per team: {teams}."
    )
    table = Table(title="Exact figures", title_justify="left")
    for column in ("figure", "chance", "exact"):
        table.add_column(column, justify="right" if column != "figure" else "left")
    teams_in = [t for t in TEAMS if result.team_cards[t]]
    rows: list[tuple[str, Fraction]] = [
        ("deals with no werewolf among the players", result.no_werewolf),
        *(
            [("deals with the minion and no werewolf among them", result.minion_alone)]
            if "minion" in result.cards
            else []
        ),
        *((f"random baseline: the {t} team wins", result.teams[t]) for t in teams_in),
        *((f"random baseline: a seat dealt {r} wins", v) for r, v in result.roles.items()),
        ("random baseline: nobody dies", result.nobody_dies),
        ("random baseline: a werewolf dies", result.werewolf_dies),
    ]
    for label, value in rows:
        table.add_row(label, f"{float(value):.1%}", f"{value.numerator}/{value.denominator}")
    return Group(head, table, Text(NOTE, style="dim"))
