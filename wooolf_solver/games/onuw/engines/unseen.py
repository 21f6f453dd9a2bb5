"""Cards that nothing tells apart, dealt as one kind of card.

The werewolf, minion and tanner cards often differ in nothing that the engine
weighs: each holder lies whatever it claims (it holds a card off the village team),
its night moves no card and nobody sees it (a werewolf's list, a lone werewolf's
look, the minion's list), a robber, insomniac or copy that ends up with one believes
a card off the village team, and a claim that names none of them is false whichever
it is. Such cards form one *class*: the engine deals them as one kind, :data:`UNSEEN`
(a card without a night, off the village team), and a world of that deal stands for
every *labelling* of its class cards with the real cards, each of the same weight.

A card joins the class when the knowledge is a record's own (the night prior, the
viewpoint's recorded night, the claims; or a night hint's option, :meth:`Unseen.wolf_seats`
then giving each labelling's werewolves; no fact's negation), no hunter's ballot is
known, and:

- it is off the village team, has no night or only a werewolf's or minion's, does
  not shoot and does not copy;
- no claim and not the viewpoint's night names it (its role, or a card a night
  tells), and it is not known;
- for the werewolf card: no claim tells a list of werewolves, and a lone werewolf
  has as many options at every seat (its look is lumped: it weighs as one, but
  counts as that many worlds).

The class must hold two cards or more of two names or more. Its outputs are read
back exactly (:meth:`Unseen.restore`): each class world weighs the same in each of
its ``N`` labellings, so the weights are ``N`` times the class world's and a class
card's dawn and dealt weights split by the real cards' counts. Three outputs depend
on the labelling and are summed per world (:meth:`Unseen.no_wolf`,
:meth:`Unseen.worlds`, :meth:`Unseen.wins`): whether some player holds a werewolf at
dawn, the number of worlds (a lone werewolf's look counts as its options), and, from
a seat, whether the viewpoint wins if each other seat dies (its own dawn card, the
dying seat's and the werewolves among the players may be class cards).

A copy of a class card (the doppelganger copying it) becomes :data:`COPIED`, and the
card it copied is :data:`COPIED` too for the night: the copy reads at dawn as that
card's label, wherever the card went. From a seat, which seat's class card the copy
copied is then kept apart (for the viewpoint's wins, the dying seat may hold it).

A night hint's option that shows the viewpoint class cards (a seer's look, a robber's
new card) makes each of them a card of its own for the rest of the night
(:data:`SHOWN`, :meth:`Unseen.shown`; a copied card shown is :data:`COPIED` already):
nothing in the night tells it from the other class cards, so the walk is the class's,
and at dawn each labelling of the cards shown gives what the viewpoint saw and where
those cards are, the other class cards labelled as before
(:meth:`Unseen.seen_labels`).

>>> from wooolf_solver.games.onuw.record import read_record
>>> from wooolf_solver.games.onuw.model import knowledge_of
>>> record = read_record({"game": "onuw", "players": 5,
...     "deck": ["werewolf", "werewolf", "minion", "tanner", "seer", "robber", "villager"],
...     "claims": [{"seat": 1, "role": "seer", "saw": {2: "villager"}},
...                {"seat": 3, "role": "robber", "robbed": 1, "got": "seer"}]})
>>> knowledge = knowledge_of(record)
>>> found = unseen_of(knowledge)
>>> dict(found.cards), found.labellings
({'minion': 1, 'tanner': 1, 'werewolf': 2}, 12)
>>> from wooolf_solver.engines import get_engine
>>> from wooolf_solver.games.onuw.engines import answers
>>> exact = lifted.tally_of(knowledge, sums(knowledge))
>>> answers(exact) == answers(get_engine("brute").tally(knowledge))
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, cached_property, partial
from itertools import chain, combinations, permutations
from math import comb, factorial, prod
from types import MappingProxyType
from typing import cast

from .. import night
from ..model import ClaimMade, NightPrior, OnuwKnowledge, OwnNight, PartialNight
from ..night import EntryValue, Minion, NightState, Power, Werewolf, power_of
from ..rules import Role, Rules, Team
from ..win import Judge
from . import lifted

UNSEEN = "(a card nobody tells apart)"
"""The one kind the class cards are dealt as."""

COPIED = "(that card, copied)"
"""A class card that a copy copied, and the copy: one label."""

SHOWN = ("(the first card shown)", "(the second card shown)")
"""The class cards a night hint's option shows the viewpoint, each followed through the
rest of the night as a card of its own and labelled at dawn (:meth:`Unseen.shown`). They
are met only in a hint's outcome run, which reads ``D`` through :meth:`Unseen.seen_labels`
(labelling them first) and no other output of the class."""

FOLLOWED = (COPIED, *SHOWN)
"""The class cards that carry their own label through the night."""


@dataclass(frozen=True)
class Unseen:
    """A class of cards that nothing tells apart (see the module's docstring)."""

    cards: Mapping[str, int]
    """The real cards of the class and their counts."""
    lone_options: int
    """How many options a lone werewolf has (1: no werewolf in the class)."""

    def copy_of(self, card: str) -> str:
        """The card a copy of ``card`` becomes: :data:`COPIED` for a class card."""
        return COPIED if card == UNSEEN else card

    @cached_property
    def size(self) -> int:
        return sum(self.cards.values())

    @cached_property
    def labellings(self) -> int:
        """``N``: the ways to label the class cards of a deal with the real cards."""
        return _arrangements(self.cards.values())

    @cached_property
    def _werewolves(self) -> int:
        return self.cards.get("werewolf", 0)

    @cached_property
    def _others(self) -> int:
        """The ways to label the class cards that are not werewolves, once placed."""
        return _arrangements(n for name, n in self.cards.items() if name != "werewolf")

    @cached_property
    def _unwolfed(self) -> tuple[int, ...]:
        """By how many class cards the players hold at dawn: the labellings that
        make none of them a werewolf."""
        return tuple(
            comb(self.size - held, self._werewolves) * self._others for held in range(self.size + 1)
        )

    @cached_property
    def _counted(self) -> dict[tuple[int, bool], int]:
        """By how many class cards the players were dealt and whether a copy copied
        one: the worlds that the labellings count (:meth:`worlds`)."""
        werewolves, counted = self._werewolves, {}
        for dealt in range(self.size + 1):
            for copied in (False, True):
                lone = 0
                if werewolves and dealt > copied:
                    alone = comb(self.size - dealt, werewolves - 1) * self._others
                    lone = (dealt - copied) * alone
                counted[dealt, copied] = self.labellings + (self.lone_options - 1) * lone
        return counted

    def no_wolf(self, players: Sequence[str]) -> int:
        """The labellings in which no player holds a werewolf at dawn, by the
        players' dawn cards (a copy and the card it copied carry one label)."""
        if "werewolf" in players:
            return 0
        return self._unwolfed[_held(players)]

    def worlds(self, players: Sequence[str], dawn: Sequence[str]) -> int:
        """The worlds that the labellings of one class world count, by the players'
        dealt cards and the dawn cards: a lone werewolf's look counts as its
        options. A lone werewolf is one player's class card labelled a werewolf, the
        others' not (a copied card is not it: its copy would be a werewolf too)."""
        return self._counted[players.count(UNSEEN), COPIED in dawn]

    @cached_property
    def _prefixes(self) -> tuple[dict[tuple[str, ...], int], ...]:
        """By ``k``: the real cards the first ``k`` class cards may be labelled with,
        each with the number of whole labellings that start so."""
        names = [name for name, count in self.cards.items() for _ in range(count)]
        whole = sorted(set(permutations(names)))
        out = []
        for k in range(self.size + 1):
            heads: dict[tuple[str, ...], int] = {}
            for layout in whole:
                heads[layout[:k]] = heads.get(layout[:k], 0) + 1
            out.append(heads)
        return tuple(out)

    @cached_property
    def _won(self) -> dict[Hashable, _Wins]:
        return {}

    def _count_wins(
        self, judge: Judge, held: int, werewolf: bool, mine: str, dies: str | None
    ) -> int:
        """:meth:`wins` counted over the labellings of ``held`` players' class cards."""
        won = 0
        for labels, count in self._prefixes[held].items():
            at = iter(labels)
            real_mine = next(at) if mine in (UNSEEN, COPIED) else mine
            real_dies = dies
            if dies in (UNSEEN, COPIED):
                real_dies = real_mine if dies == mine == COPIED else next(at)
            wolves = werewolf or "werewolf" in labels
            won += count * judge(real_mine, real_dies, wolves)
        return won

    def wins(self, judge: Judge, players: Sequence[str], mine: str, dies: str | None) -> int:
        """The labellings in which the viewpoint, holding ``mine`` at dawn, wins when the
        player holding ``dies`` dies (``None``: nobody), by the players' dawn cards:
        ``judge`` tells it by real cards and whether some player holds a werewolf. The
        players' class cards are exchangeable, so the viewpoint's label is taken first,
        the dying seat's next (the same one when both hold the copy's tied label)."""
        return self.win_table(judge, players)[mine, dies]

    def win_table(
        self, judge: Judge, players: Sequence[str]
    ) -> Mapping[tuple[str, str | None], int]:
        """:meth:`wins` by the viewpoint's card and the dying player's, for these
        players' dawn cards (the same for any order of them): one table per number of
        class cards held and whether a werewolf is held, each entry counted when first
        read."""
        held = _held(players)
        key = (judge, held, "werewolf" in players)
        table = self._won.get(key)
        if table is None:
            table = self._won[key] = _Wins(self, judge, held, "werewolf" in players)
        return table

    @cached_property
    def _wolf_seats(
        self,
    ) -> dict[tuple[tuple[int, ...], ...], tuple[tuple[frozenset[int], int], ...]]:
        return {}

    def wolf_seats(self, players: Sequence[str]) -> tuple[tuple[frozenset[int], int], ...]:
        """By the players' dawn cards: each set of player seats whose class cards are
        labelled werewolves, with the number of labellings that do so (a copy and the
        card it copied one label: both seats or neither). Made once per seats holding
        class cards."""
        labels = tuple((seat,) for seat, card in enumerate(players, 1) if card == UNSEEN)
        tied = tuple(seat for seat, card in enumerate(players, 1) if card == COPIED)
        key = (*labels, tied) if tied else labels
        found = self._wolf_seats.get(key)
        if found is None:
            left, wolves = self.size - len(key), self._werewolves
            found = tuple(
                (frozenset(chain.from_iterable(chosen)), comb(left, wolves - k) * self._others)
                for k in range(min(wolves, len(key)) + 1)
                if wolves - k <= left
                for chosen in combinations(key, k)
            )
            self._wolf_seats[key] = found
        return found

    @property
    def telling(self) -> tuple[str, ...]:
        """The class's kinds of card (:data:`UNSEEN`, :data:`COPIED`, :data:`SHOWN`)."""
        return (UNSEEN, *FOLLOWED)

    def shown(
        self, seat: int, after: list[str], entry: tuple[tuple[str, EntryValue], ...]
    ) -> tuple[list[str], tuple[tuple[str, EntryValue], ...]]:
        """A night hint's option at ``seat`` showed the viewpoint the class cards its
        ``entry`` names (a seer's look, a robber's new card): each becomes a card of its
        own (:data:`SHOWN`) in the cards ``after`` the option (a copy if any changes)
        and in the entry; nothing else in the night tells it from the other class
        cards. A copied class card shown stays :data:`COPIED`, already its own.

        >>> classed = Unseen(MappingProxyType({"minion": 1, "werewolf": 2}), 1)
        >>> cards = ["seer", UNSEEN, "robber", UNSEEN, UNSEEN]
        >>> after, entry = classed.shown(1, cards, (("centre", ((4, UNSEEN), (5, UNSEEN))),))
        >>> after[3:] == list(SHOWN), cards[3:] == [UNSEEN, UNSEEN]
        (True, True)
        """
        marks = iter(SHOWN)
        moved = list(after)

        def follow(slot: int, card: str) -> str:
            if card != UNSEEN:
                return card
            mark = moved[slot - 1] = next(marks)
            return mark

        items: list[tuple[str, EntryValue]] = []
        for key, value in entry:
            if key in ("saw", "centre"):
                pairs = cast(tuple[tuple[int, str], ...], value)
                items.append((key, tuple((slot, follow(slot, card)) for slot, card in pairs)))
            elif key == "got":
                items.append((key, follow(seat, str(value))))
            else:
                items.append((key, value))
        if moved == after:
            return after, entry
        return moved, tuple(items)

    @cached_property
    def _relabelled(self) -> dict[int, tuple[tuple[tuple[str, ...], Unseen], ...]]:
        return {}

    def _labels_of(self, followed: int) -> tuple[tuple[tuple[str, ...], Unseen], ...]:
        """Each way to label ``followed`` class cards, in order, with the real cards,
        and the class of the cards left (cached)."""
        found = self._relabelled.get(followed)
        if found is None:
            ways: list[tuple[tuple[str, ...], Unseen]] = []

            def label(names: tuple[str, ...], left: dict[str, int]) -> None:
                if len(names) == followed:
                    rest = {name: count for name, count in left.items() if count}
                    ways.append((names, Unseen(MappingProxyType(rest), self.lone_options)))
                    return
                for name, count in left.items():
                    if count:
                        label((*names, name), {**left, name: count - 1})

            label((), dict(self.cards))
            found = self._relabelled[followed] = tuple(ways)
        return found

    def seen_labels(
        self, seen: str, players: Sequence[str]
    ) -> Iterator[tuple[str, Sequence[str], Iterable[tuple[frozenset[int], int]]]]:
        """By what the viewpoint saw (the cards it saw joined by commas, as
        :func:`~..model.seen_of` writes them, class cards :meth:`shown` followed) and
        the players' dawn cards: each labelling of the followed cards it saw gives
        what it saw and the players' cards, so labelled, and each set of player
        seats whose other class cards are labelled werewolves with the labellings
        that do so (:meth:`wolf_seats` of the cards left).

        >>> classed = Unseen(MappingProxyType({"minion": 1, "werewolf": 2}), 1)
        >>> for seen, cards, labels in classed.seen_labels(SHOWN[0], [SHOWN[0], UNSEEN]):
        ...     print(seen, cards, sorted((sorted(wolves), count) for wolves, count in labels))
        minion ['minion', '(a card nobody tells apart)'] [([2], 1)]
        werewolf ['werewolf', '(a card nobody tells apart)'] [([], 1), ([2], 1)]
        """
        followed = tuple(card for card in FOLLOWED if card in seen)
        if not followed:
            yield seen, players, self.wolf_seats(players)
            return
        for names, rest in self._labels_of(len(followed)):
            label = dict(zip(followed, names, strict=True))
            shown = seen
            for card, name in label.items():
                shown = shown.replace(card, name)
            real = [label.get(card, card) for card in players]
            yield shown, real, rest.wolf_seats(real)

    def restore(self, sums: lifted.Sums) -> lifted.Sums:
        """The real outputs of a class run: every weight ``N`` times, a class card's
        split by the real cards' counts (``no_wolf``, ``win_if`` and the worlds are
        summed per labelling already)."""
        n = self.labellings
        shares = {name: Fraction(n * count, self.size) for name, count in self.cards.items()}

        def split(table: dict[int, dict[str, Fraction]]) -> dict[int, dict[str, Fraction]]:
            out: dict[int, dict[str, Fraction]] = {}
            for slot, dist in table.items():
                real: dict[str, Fraction] = {}
                for card, weight in dist.items():
                    if card in (UNSEEN, COPIED):
                        for name, share in shares.items():
                            real[name] = real.get(name, Fraction(0)) + weight * share
                    else:
                        real[card] = real.get(card, Fraction(0)) + weight * n
                out[slot] = dict(sorted(real.items()))
            return out

        return lifted.Sums(
            sums.total * n,
            sums.worlds,
            split(sums.dawn),
            split(sums.dealt),
            sums.no_wolf,
            {seat: weight * n for seat, weight in sums.lying.items()},
            {seat: weight * n for seat, weight in sums.kept.items()},
            dict(sums.win),
        )


def _held(players: Sequence[str]) -> int:
    """How many labels the players' class cards carry (a copy and the card it copied:
    one)."""
    return players.count(UNSEEN) + (COPIED in players)


def _arrangements(counts: Iterable[int]) -> int:
    """The multinomial: the ways to lay out cards of these counts in a row."""
    listed = list(counts)
    return factorial(sum(listed)) // prod(factorial(n) for n in listed)


def names_told(value: object) -> Iterator[str]:
    """The card names a night entry's value tells.

    >>> list(names_told(((5, "werewolf"), (6, "robber"))))
    ['werewolf', 'robber']
    """
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from names_told(item)


def unseen_of(knowledge: OnuwKnowledge) -> Unseen | None:
    """The class of cards nothing tells apart in ``knowledge`` (``None``: none)."""
    if not _recorded(knowledge) or knowledge.shots or knowledge.judge is None:
        return None
    rules, space = knowledge.rules, knowledge.space
    named = {str(cards[0]) for cards in space.known.values()}
    entries = [claim.entry for claim in knowledge.claims]
    entries += [obs.entry for obs in knowledge.observations if isinstance(obs, OwnNight)]
    named.update(claim.role for claim in knowledge.claims)
    for entry in entries:
        for key, value in entry.items:
            named.update(names_told(value))
            if key == "wolves":
                named.add("werewolf")
    cards = {
        str(name): count
        for name, count in space.cards
        if name not in named and _quiet(rules.roles[name])
    }
    lone = 1
    if "werewolf" in cards:
        counts = {_lone_options(knowledge, seat) for seat in knowledge.layout.seats}
        if len(counts) == 1:
            (lone,) = counts
        else:
            del cards["werewolf"]
    if len(cards) < 2:
        return None
    return Unseen(MappingProxyType(dict(sorted(cards.items()))), lone)


def _recorded(knowledge: OnuwKnowledge) -> bool:
    """Whether the knowledge holds only what a record gives: the night prior, the
    viewpoint's recorded night (the one night fact) and the claims, or a night hint's
    option that shows the viewpoint no card. Another option, or the negation of a
    fact, may show or name a class card."""
    observations = knowledge.observations
    own = {
        obs.seat
        for obs in observations
        if isinstance(obs, OwnNight) and (type(obs) is OwnNight or _blind(knowledge, obs))
    }
    return knowledge.prior.facts <= own and all(
        type(obs) in (NightPrior, OwnNight, ClaimMade) or _blind(knowledge, obs)
        for obs in observations
    )


CLASSED_CHOICES = (night.Troublemaker, night.Drunk, night.Seer, night.Robber)
"""The powers whose hint options run through the class: they show no card, or only
cards the run follows (:meth:`Unseen.shown`)."""


def _blind(knowledge: OnuwKnowledge, observation: object) -> bool:
    """Whether ``observation`` is a night hint's option, with nothing seen before, that
    shows the viewpoint no card (doing nothing, a troublemaker's swap, a drunk's take)
    or only cards the run follows (a seer's look, a robber's new card:
    :meth:`Unseen.shown`)."""
    if not isinstance(observation, PartialNight) or observation.entry.items:
        return False
    if not observation.choice:
        return True
    held = knowledge.space.known.get(observation.seat)
    role = knowledge.rules.roles.get(str(held[0])) if held else None
    return role is not None and type(power_of(role)) in CLASSED_CHOICES


def _quiet(role: Role) -> bool:
    """Whether a card is off the village team with a night nobody sees and no move."""
    power = power_of(role)
    if role.team == "village" or role.shoots or power.copies:
        return False
    return type(power) in (Power, Minion) or (type(power) is Werewolf and role.name == "werewolf")


def _lone_options(knowledge: OnuwKnowledge, seat: int) -> int:
    """How many options a lone werewolf at ``seat`` has under the night prior."""
    prior, layout = knowledge.prior, knowledge.layout
    dealt = tuple("werewolf" if slot == seat else "" for slot in layout.slots)
    state = NightState(layout, dealt, list(dealt))
    werewolf = power_of(knowledge.rules.roles["werewolf"])
    return len(werewolf.options(seat, state, prior.uniform and seat not in prior.bots))


@cache
def _with_unseen(rules: Rules, team: Team) -> Rules:
    """The rules with the class's two cards: no night, on ``team``."""
    extra = {name: Role(name, team) for name in (UNSEEN, *FOLLOWED)}
    return replace(rules, roles=MappingProxyType({**rules.roles, **extra}))


def classed(knowledge: OnuwKnowledge, unseen: Unseen) -> OnuwKnowledge:
    """The knowledge with the class's cards dealt as :data:`UNSEEN`."""
    rules = knowledge.rules
    team = rules.team(next(iter(unseen.cards)))
    cards = [(name, count) for name, count in knowledge.hidden.cards if name not in unseen.cards]
    cards.append((UNSEEN, unseen.size))
    hidden = replace(knowledge.hidden, cards=tuple(sorted(cards)))
    return replace(knowledge, rules=_with_unseen(rules, team), hidden=hidden)


def engine_of(knowledge: OnuwKnowledge) -> tuple[lifted._Engine, Unseen | None]:
    """The lifted engine of ``knowledge``, its class cards dealt as one kind."""
    unseen = unseen_of(knowledge)
    if unseen is None:
        return lifted._Engine(knowledge), None
    engine = lifted._Engine(classed(knowledge, unseen))
    engine.unseen = unseen
    return engine, unseen


def sums(knowledge: OnuwKnowledge, weigh: lifted.Weigher | None = None) -> lifted.Sums:
    """The lifted engine's :class:`~.lifted.Sums` of ``knowledge`` (each leaf weighed
    by ``weigh``), through the class when it has one."""
    engine, unseen = engine_of(knowledge)
    engine.weigh = weigh
    found = engine.sums()
    return found if unseen is None else unseen.restore(found)


def consistent(knowledge: OnuwKnowledge) -> bool:
    """Whether some world of ``knowledge`` has a non-zero weight."""
    return engine_of(knowledge)[0].consistent()


class _Wins(dict[tuple[str, str | None], int]):
    """:meth:`Unseen.wins` by the viewpoint's card and the dying player's, for one number
    of class cards held and whether a werewolf is held; each counted when first read."""

    def __init__(self, unseen: Unseen, judge: Judge, held: int, werewolf: bool) -> None:
        super().__init__()
        self.counted = partial(unseen._count_wins, judge, held, werewolf)

    def __missing__(self, key: tuple[str, str | None]) -> int:
        won = self[key] = self.counted(*key)
        return won


__all__ = [
    "COPIED",
    "UNSEEN",
    "Unseen",
    "classed",
    "consistent",
    "names_told",
    "sums",
    "unseen_of",
]
