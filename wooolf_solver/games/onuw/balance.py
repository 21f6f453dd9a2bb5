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
   ballots that vote for no one's own seat); a hunter's shot, and a second hunter's
   (a doppelganger that copied it) down the chain, are counts of the same kind with
   the shooters' ballots pinned on their targets (:func:`pinned_law`);
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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import comb, lcm, prod
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
            # a power's options read the deal and the copies made, never the cards now
            options: dict[tuple[tuple[int, str], ...], list[tuple[Choice, Fraction]]] = {}
            for night in weights:
                if night[1] not in options:
                    options[night[1]] = _chances(power, seat, _state(layout, dealt, night))
            scale = lcm(*(chance.denominator for found in options.values() for _, chance in found))
            shares = {
                copies: [(c, p.numerator * (scale // p.denominator)) for c, p in found]
                for copies, found in options.items()
            }
            after: dict[Night, int] = {}
            for night, weight in weights.items():
                for choice, share in shares[night[1]]:
                    moved = _state(layout, dealt, night)
                    power.perform(seat, choice, moved)
                    made = tuple(sorted(moved.copies.items())) if power.copies else night[1]
                    key = (tuple(moved.now), made)
                    after[key] = after.get(key, 0) + weight * share
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


Series = dict[int, int]
"""An exponential generating function cut at the voters' count, by its non-zero
terms: item ``c`` is ``c!`` times the coefficient of ``x**c`` (whole numbers for the
ballots' counts)."""


def _times(first: Series, second: Series, most: int) -> Series:
    """The product of two exponential generating functions (a binomial convolution),
    cut at degree ``most``."""
    out: Series = {}
    for i, a in first.items():
        for j, b in second.items():
            if i + j <= most:
                out[i + j] = out.get(i + j, 0) + comb(i + j, i) * a * b
    return out


def _power(series: Series, k: int, most: int) -> Series:
    """``series ** k``, cut at degree ``most``."""
    out: Series = {0: 1}
    for _ in range(k):
        out = _times(out, series, most)
    return out


def _series(low: int, high: int, most: int) -> Series:
    """``sum(x**c / c!)`` for ``low <= c < high``, cut at degree ``most``."""
    return dict.fromkeys(range(max(low, 0), min(high, most + 1)), 1)


@dataclass(frozen=True)
class Seats:
    """Seats alike in a count of ballot profiles (:func:`pinned_law`)."""

    count: int
    dies: bool
    """Whether the vote kills them (each has the top count) or not (each has fewer)."""
    given: int = 0
    """The pinned ballots each receives."""
    free: bool = True
    """Whether each one's own ballot is free (any other player, or nobody where the
    edition allows it) rather than pinned."""


@cache
def pinned_law(players: int, rule: VoteRule, seats: tuple[Seats, ...]) -> Fraction:
    """Under uniform ballots, the chance that the vote kills exactly the seats that
    ``dies`` (at least one) and that the pinned ballots are cast as given: a pinned
    ballot names a seat (its ``given``); the other ballots are free.

    For each top count ``m >= rule.least``, the free ballots are counted by their
    exponential generating function, a factor per target (a dying seat ends with
    ``m`` ballots, every other seat and nobody with fewer); inclusion–exclusion over
    the free voters forced to vote for themselves (``f`` of them, the key of each
    partial product) removes the ballots for one's own seat.

    >>> rule = VoteRule(nobody=False, least=2)
    >>> pinned_law(3, rule, (Seats(1, True), Seats(2, False)))  # seat 1 alone dies
    Fraction(1, 4)
    """
    if sum(group.count for group in seats) != players:
        raise ValueError(f"{players} players, seats {seats}")
    voters = sum(group.count for group in seats if group.free)
    counted = 0
    for top in range(max(1, rule.least), players + 1):
        if sum(g.count * (top - g.given) for g in seats if g.dies) > voters:
            break  # the dying seats need more ballots than there are
        partial = {0: _series(0, top if rule.nobody else 1, voters)}
        for group in seats:
            low, high = (top, top + 1) if group.dies else (0, top)
            own = _series(low - group.given, high - group.given, voters)
            forced = _series(low - group.given - 1, high - group.given - 1, voters)
            grown: dict[int, Series] = {}
            for k in range(group.count + 1) if group.free else (0,):
                factor = _power(own, group.count - k, voters)
                factor = _times(factor, _power(forced, k, voters), voters)
                scale = (-1) ** k * comb(group.count, k)
                for f, series in partial.items():
                    into = grown.setdefault(f + k, {})
                    for c, v in _times(series, factor, voters - f - k).items():
                        into[c] = into.get(c, 0) + scale * v
            partial = grown
        counted += sum(series.get(voters - f, 0) for f, series in partial.items())
    return Fraction(counted, (players - 1 + rule.nobody) ** players)


@cache
def death_law(players: int, rule: VoteRule) -> tuple[Fraction, ...]:
    """Under uniform ballots, the chance that the dead are exactly a given set of ``k``
    seats, for ``k = 0..players`` (``k = 0``: nobody dies).

    >>> from wooolf_solver.games.onuw.rules import VoteRule
    >>> death_law(3, VoteRule(nobody=False, least=2))
    (Fraction(1, 4), Fraction(1, 4), Fraction(0, 1), Fraction(0, 1))
    """
    law = [Fraction(0)] + [
        pinned_law(players, rule, (Seats(k, True), Seats(players - k, False)))
        for k in range(1, players + 1)
    ]
    law[0] = 1 - sum((comb(players, k) * law[k] for k in range(1, players + 1)), Fraction(0))
    return tuple(law)


@cache
def shot_law(players: int, rule: VoteRule) -> tuple[Fraction, ...]:
    """With a shooter (a card that ``shoots``: the hunter) at a seat ``h``: for ``k =
    0..players``, the chance that the ballots kill exactly a given set ``D`` of ``k``
    seats holding ``h`` and that ``h``'s ballot names a given seat ``t`` outside ``D``
    (which the shot then kills too).

    >>> from wooolf_solver.games.onuw.rules import VoteRule
    >>> shot_law(3, VoteRule(nobody=False, least=2))
    (Fraction(0, 1), Fraction(1, 8), Fraction(0, 1), Fraction(0, 1))
    """
    return tuple(
        _law(players, rule, Seats(1, True, free=False), Seats(k - 1, True), *_apart(players - k, 1))
        if 0 < k < players
        else Fraction(0)
        for k in range(players + 1)
    )


def _law(players: int, rule: VoteRule, *seats: Seats) -> Fraction:
    """:func:`pinned_law` of the groups that hold seats."""
    return pinned_law(players, rule, tuple(group for group in seats if group.count))


def _apart(living: int, hit: int, given: int = 1) -> tuple[Seats, Seats]:
    """The ``living`` seats outside the vote's dead: ``hit`` of them named by ``given``
    pinned ballots each, the rest by none."""
    return Seats(hit, False, given), Seats(living - hit, False)


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
    """How many seats of each kind die, with its chance: the vote's dead, and the shots
    of the cards that shoot (two at most: the hunter and a doppelganger that copied it)."""
    shoots = tuple(rules.roles[card].shoots for card, _ in table)
    if sum(n for (_, n), shooter in zip(table, shoots, strict=True) if shooter) > 2:
        raise InvalidDeckError("balance: the random baseline models two seats that shoot at most")
    for dead in product(*(range(n + 1) for _, n in table)):
        ways = prod(comb(n, d) for (_, n), d in zip(table, dead, strict=True))
        for more, chance in _shots(rule, table, shoots, dead):
            yield more, chance * ways


def _shots(
    rule: VoteRule, table: Table, shoots: tuple[bool, ...], dead: tuple[int, ...]
) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """For one set of seats the vote kills (``dead`` of each kind), the dead after the
    shots, by kind, each with its chance: a dead shooter's ballot on a living seat kills
    it, and a shooter killed so shoots in turn."""
    players, killed = sum(n for _, n in table), sum(dead)
    living = players - killed
    law = death_law(players, rule)[killed]
    fired = sum(d for d, shooter in zip(dead, shoots, strict=True) if shooter)
    aside = next(  # a shooter the vote spares while another dies
        (i for i, ((_, n), d) in enumerate(zip(table, dead, strict=True)) if shoots[i] and d < n),
        None,
    )
    left = [n - d - (i == aside) for i, ((_, n), d) in enumerate(zip(table, dead, strict=True))]

    def plus(*kinds: int) -> tuple[int, ...]:
        return tuple(d + kinds.count(i) for i, d in enumerate(dead))

    if not fired:
        yield dead, law
        return
    shot = shot_law(players, rule)[killed]
    if fired == 1:
        yield dead, law - living * shot
        yield from ((plus(i), shot * n) for i, n in enumerate(left) if n)
        if aside is not None:  # the shot kills the other shooter, which shoots too
            chain = _law(
                players,
                rule,
                Seats(1, True, free=False),
                Seats(killed - 1, True),
                Seats(1, False, 1, free=False),
                *_apart(living - 1, 1),
            )
            yield plus(aside), shot - (living - 1) * chain
            yield from ((plus(aside, i), chain * n) for i, n in enumerate(left) if n)
        return
    both = (Seats(2, True, free=False), Seats(killed - 2, True))
    same = _law(players, rule, *both, *_apart(living, 1, 2))
    apart = _law(players, rule, *both, *_apart(living, 2))
    alone = shot - same - (living - 1) * apart  # one shot hits a given seat, the other none
    yield dead, law - 2 * living * shot + living * same + living * (living - 1) * apart
    yield from ((plus(i), (2 * alone + same) * n) for i, n in enumerate(left) if n)
    for i, j in combinations_with_replacement(range(len(table)), 2):
        pairs = left[i] * (left[j] - (i == j)) // (1 + (i == j))
        if pairs:
            yield plus(i, j), 2 * apart * pairs


def _table(rules: Rules, seats: Cards) -> Table:
    """The seats' dawn cards by kind: one card of each kind, with its count."""
    kinds = Counter(standing(rules, card) for card in seats)
    first = {standing(rules, card): card for card in sorted(seats, reverse=True)}
    return tuple(sorted((first[kind], n) for kind, n in kinds.items()))


# -- the whole deck --------------------------------------------------------------------


def balance_of(
    cards: Sequence[str],
    edition: str = "table",
    rules: Rules | None = None,
    on_step: Callable[[int, int], None] | None = None,
) -> Balance:
    """The exact figures of a deck of ``cards`` (checked) played by ``edition``'s rules;
    ``on_step(done, total)`` after each deal (one per multiset of centre cards).

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
    no_werewolf, minion_alone = deal_figures(deck, chosen.centre)
    kinds = {card: standing(rules, card) for card in deck}
    tables: dict[Table, Fraction] = {}
    held: dict[tuple[str, Table, str], Fraction] = {}
    deals = list(_deals(layout, deck))
    for done, (dealt, chance) in enumerate(deals, 1):
        weights, total = night_weights(rules, layout, dealt)
        seated: Counter[Cards] = Counter()  # the dawns by the players' cards
        for now, weight in weights.items():
            seated[now[:players]] += weight
        by_table: Counter[Table] = Counter()
        by_seat: Counter[tuple[str, Table, str]] = Counter()
        for now, weight in seated.items():
            table = _table(rules, now)
            by_table[table] += weight
            for card, held_now in zip(dealt, now, strict=False):
                by_seat[card, table, kinds[held_now]] += weight
        for table, weight in by_table.items():
            tables[table] = tables.get(table, Fraction(0)) + chance * Fraction(weight, total)
        for key, weight in by_seat.items():
            held[key] = held.get(key, Fraction(0)) + chance * Fraction(weight, total)
        if on_step is not None:
            on_step(done, len(deals))
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


def balance(
    roles: str | None = None,
    deck: Path | None = None,
    parity: bool = False,
    on_step: Callable[[int, int], None] | None = None,
    players: int | None = None,
) -> Balance:
    """The figures of the table edition's mix ``roles`` (``NAME=COPIES,...``), of a
    built-in edition's deck for ``players`` (``roles``: its name) or of a deck file (its
    ``edition``'s centre and vote); cards that deal for another count than ``players``
    are refused; ``parity`` is Werewolf's and refused; ``on_step`` as for
    :func:`balance_of`.

    >>> balance("official", players=3).cards
    ('robber', 'seer', 'troublemaker', 'villager', 'werewolf', 'werewolf')
    """
    if parity:
        raise InvalidArgumentError("balance: --parity is a variant of classic Werewolf only")
    if (roles is None) == (deck is None):
        raise InvalidArgumentError(
            "balance: give the mix as --roles NAME=COPIES,... or as a deck file"
        )
    rules = load_rules()
    try:
        mix = Mix.of(roles, rules) if roles is not None else Mix.load(Path(str(deck)), rules)
        if mix.cards is None and players is None:
            raise InvalidDeckError(
                f"balance: the {mix.edition} edition's deck needs --players N "
                "(or give the cards as NAME=COPIES,...)"
            )
        implied = mix.players(rules)
        if None not in (implied, players) and implied != players:
            raise InvalidDeckError(
                f"--players: {players}, but the mix {mix.label} is for {implied} players "
                "(leave --players out)"
            )
        cards = mix.deck(rules, players) if players is not None else mix.cards or ()
    except InvalidRecordError as error:
        raise InvalidDeckError(str(error)) from None
    return balance_of(cards, mix.edition, rules, on_step)


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
