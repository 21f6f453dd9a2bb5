"""What the ONUW tests compare: a record's answers by one engine, exact.

:func:`solved` is an engine's whole answer to a record (or a knowledge): its worlds,
roles and named queries as exact chances (:func:`~wooolf_solver.games.onuw.engines.answers`),
or, when no world fits, the shared conflict rule's minimal set of events. Two engines
agree on a record when their answers are equal; ``brute`` is the generic brute force.
:func:`dead` is who dies, read from the rules afresh (the hunter's shot included).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any

from wooolf_solver.core.conflict import minimal_conflict
from wooolf_solver.games.onuw.engines import answers, find_engine
from wooolf_solver.games.onuw.model import OnuwKnowledge, knowledge_of
from wooolf_solver.games.onuw.night import NightEntry, believed_card, play_night
from wooolf_solver.games.onuw.posterior import OnuwPosterior
from wooolf_solver.games.onuw.record import Claim, DealRecord


def solved(
    source: DealRecord | OnuwKnowledge, engine: str = "brute", json: bool = False
) -> dict[str, Any]:
    """``engine``'s exact answers to ``source`` (``consistent`` false: its conflict);
    with ``json``, also the contract's JSON of its posterior (``"json"``)."""
    knowledge = source if isinstance(source, OnuwKnowledge) else knowledge_of(source)
    finder = find_engine(engine)
    tally = finder.tally(knowledge)
    if not tally.deals:
        return {"consistent": False, "conflict": minimal_conflict(knowledge, finder)}
    found = {"consistent": True, **answers(tally)}
    if json:
        found["json"] = OnuwPosterior(knowledge, tally).to_dict()
    return found


def consistent(source: DealRecord | OnuwKnowledge, engine: str = "brute") -> bool:
    """Whether some world of ``source`` has a non-zero weight, by ``engine``."""
    knowledge = source if isinstance(source, OnuwKnowledge) else knowledge_of(source)
    return find_engine(engine).consistent(knowledge)


def dead(
    dawn: Sequence[str], votes: Mapping[int, int | None], nobody: bool, least: int
) -> set[int]:
    """Who dies, from the rules text and nothing of the package: the most-voted seats
    when they have at least ``least`` ballots and more than the ballots for nobody
    (``nobody``: such ballots exist); then, while a dead seat holds the hunter at
    dawn and names a living seat, that seat dies too."""
    counts = {seat: list(votes.values()).count(seat) for seat in votes.values() if seat}
    blanks = list(votes.values()).count(None) if nobody else 0
    top = max(counts.values(), default=0)
    out = (
        {seat for seat, n in counts.items() if n == top} if top >= least and top > blanks else set()
    )
    grew = True
    while grew:
        shots = {votes.get(seat) for seat in out if dawn[seat - 1] == "hunter"}
        grew = bool(shots - out - {None})
        out |= {seat for seat in shots if seat is not None}
    return out


def by_hand(record: DealRecord) -> dict[str, Any]:
    """The posterior of every slot's dealt and dawn card, counted without the model:
    every arrangement of the free cards, every night by the prior written out here
    (a doppelganger: another player uniformly, then the copied role's choice; a
    werewolf looks at the centre only when no other player wakes as one), played by
    the rules' :func:`~wooolf_solver.games.onuw.night.play_night`. For the ``free``
    speech model with honest village: ``{"consistent", "dealt", "dawn"}`` as
    :func:`solved` gives them."""
    assert record.model.speech == "free" and not record.model.village_lies
    rules, layout = record.rules, record.layout
    free = list(record.deck)
    for card in record.cards.values():
        free.remove(card)
    open_slots = [slot for slot in layout.slots if slot not in record.cards]
    dealt_w: dict[tuple[int, str], Fraction] = defaultdict(Fraction)
    dawn_w: dict[tuple[int, str], Fraction] = defaultdict(Fraction)
    for arrangement in set(permutations(free)):
        cards = dict(record.cards) | dict(zip(open_slots, arrangement, strict=True))
        dealt = tuple(cards[slot] for slot in layout.slots)
        for choices, chance in _nights(record, dealt):
            dawn = play_night(rules, layout, dealt, choices)
            seat = record.viewpoint
            if (
                seat is not None
                and seat in record.night
                and dawn.entries[seat] != record.night[seat]
            ):
                continue
            if not all(_heard(record, claim, dealt, dawn.entries) for claim in record.claims):
                continue
            for slot in layout.slots:
                dealt_w[slot, dealt[slot - 1]] += chance
                dawn_w[slot, dawn.cards[slot - 1]] += chance
    total = sum(dealt_w.values()) / len(layout.slots)
    if not total:
        return {"consistent": False}
    return {
        "consistent": True,
        "dealt": {key: w / total for key, w in dealt_w.items()},
        "dawn": {key: w / total for key, w in dawn_w.items()},
    }


def _heard(
    record: DealRecord, claim: Claim, dealt: tuple[str, ...], entries: Mapping[int, NightEntry]
) -> bool:
    """Whether a claim can be heard: a speaker believing it holds a village card tells
    the truth (its dealt card and keys that its night has)."""
    entry = entries[claim.seat]
    believes = believed_card(record.rules, dealt[claim.seat - 1], claim.seat, entry)
    if record.rules.team(believes) != "village":
        return True
    return dealt[claim.seat - 1] == claim.role and claim.entry.agrees_with(entry)


Night = dict[int, tuple[int, ...]]


def _nights(record: DealRecord, dealt: tuple[str, ...]) -> list[tuple[Night, Fraction]]:
    """Every night of a deal with its prior chance (the viewpoint's recorded night:
    every choice, chance 1, kept when it gives the recorded entry)."""
    layout = record.layout
    nights: list[tuple[Night, Fraction]] = [({}, Fraction(1))]
    copier = next((s for s in layout.seats if dealt[s - 1] == "doppelganger"), None)
    order = ([copier] if copier else []) + [s for s in layout.seats if s != copier]
    for seat in order:
        grown = []
        for night, chance in nights:
            wolf_copy = copier in night and dealt[night[copier][0] - 1] == "werewolf"
            fact = seat == record.viewpoint and seat in record.night
            for choice, p in _choices(record, dealt, seat, dealt[seat - 1], wolf_copy):
                grown.append(({**night, seat: choice}, chance * (1 if fact else p)))
        nights = grown
    return nights


def _choices(
    record: DealRecord, dealt: tuple[str, ...], seat: int, role: str, wolf_copy: bool
) -> list[tuple[tuple[int, ...], Fraction]]:
    layout = record.layout
    fact = seat == record.viewpoint and seat in record.night
    may_pass = fact or (record.model.night == "uniform" and seat not in record.bots)
    others = [(other,) for other in layout.seats if other != seat]
    centre = [(slot,) for slot in layout.centre]
    wolves = sum(dealt[s - 1] == "werewolf" for s in layout.seats) + wolf_copy
    real: list[tuple[int, ...]] = {
        "werewolf": centre if wolves == 1 else [],
        "seer": others + list(combinations(layout.centre, 2)),
        "robber": others,
        "troublemaker": list(combinations([s for s in layout.seats if s != seat], 2)),
        "drunk": centre,
    }.get(role, [])
    if role == "doppelganger":
        return [
            ((target, *sub), p / len(others))
            for (target,) in others
            for sub, p in _choices(record, dealt, seat, dealt[target - 1], True)
        ]
    options = [*real, ()] if (may_pass and role != "drunk") or not real else real
    return [(option, Fraction(1, len(options))) for option in options]
