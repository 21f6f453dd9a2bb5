"""The worked example of ``docs/adding-a-game.md``: a toy game, *Spy count*, written as a
new game would be, registered for these tests only, and answered end to end by the
generic layers (``read``, ``solve`` with every generic engine, ``why`` found by one
engine and checked by another, the command line's ``--json``).

The page's code blocks are taken from this file: :func:`test_the_page_shows_this_code`
checks that each one is here, word for word.

*Spy count*: ``players`` seats, ``spies`` of them spies, the others citizens. The
viewpoint knows its own card; each clue says how many spies sit among some seats.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import pytest
from helpers import BENCHMARKS, run

from wooolf_solver import api, games
from wooolf_solver.core.conflict import consistent_tally
from wooolf_solver.core.errors import EventId, InconsistentRecordError, InvalidRecordError
from wooolf_solver.core.knowledge import Knowledge, Observation, Seat
from wooolf_solver.core.posterior import Fact, Posterior
from wooolf_solver.core.reasons import (
    Explanation,
    FactBook,
    checker_name,
    explain_fact,
    refutes,
)
from wooolf_solver.core.space import Space, Var, World
from wooolf_solver.games.base import Game

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "adding-a-game.md"

# -- the record ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Clue:
    """Event ``event``: exactly ``spies`` of ``seats`` are spies."""

    event: EventId
    seats: tuple[Seat, ...]
    spies: int


@dataclass(frozen=True)
class SpyRecord:
    """A record of Spy count, seen from ``viewpoint``, who holds ``card``."""

    game_name: ClassVar[str] = "spies"
    players: int
    spies: int
    viewpoint: Seat
    card: str
    clues: tuple[Clue, ...]


def read_record(data: Mapping[str, Any]) -> SpyRecord:
    """A record from a parsed document; a bad field is refused in one line."""
    try:
        clues = tuple(
            Clue(number, tuple(clue["seats"]), clue["spies"])
            for number, clue in enumerate(data.get("clues", []), start=1)
        )
        return SpyRecord(data["players"], data["spies"], data["viewpoint"], data["card"], clues)
    except (KeyError, TypeError) as error:
        raise InvalidRecordError(f"spies: a record needs {error}") from None


# -- the knowledge -------------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    """The observation of a clue: 1 in a world where its count is right, else 0."""

    event: EventId
    seats: tuple[Seat, ...]
    spies: int

    def scope(self) -> tuple[Var, ...]:
        return self.seats

    def likelihood(self, world: World) -> int:
        return int(sum(world[seat] == ("spy",) for seat in self.seats) == self.spies)


@dataclass(frozen=True)
class SpyKnowledge(Knowledge):
    """What the viewpoint knows: its own card, and the clues."""

    record: SpyRecord
    observations: tuple[Observation, ...]
    viewpoint: Seat | None

    @property
    def space(self) -> Space:
        record = self.record
        left = {"citizen": record.players - record.spies, "spy": record.spies}
        left[record.card] -= 1
        others = tuple(s for s in range(1, record.players + 1) if s != record.viewpoint)
        cards = tuple((card, n) for card, n in sorted(left.items()) if n)
        return Space(cards, others, 1, {record.viewpoint: (record.card,)})

    @property
    def seats(self) -> tuple[Seat, ...]:
        return tuple(range(1, self.record.players + 1))

    def role(self, world: World, seat: Seat) -> str:
        card: str = world[seat][0]
        return card

    @property
    def role_names(self) -> tuple[str, ...]:
        return ("citizen", "spy")


def knowledge_of(record: SpyRecord) -> SpyKnowledge:
    clues = tuple(Count(clue.event, clue.seats, clue.spies) for clue in record.clues)
    return SpyKnowledge(record, clues, record.viewpoint)


# -- why: the facts' chances and words -----------------------------------------------------


@dataclass(frozen=True)
class SpyBook(FactBook):
    """The facts of a record (a seat is or is not a spy) and their words."""

    knowledge: SpyKnowledge

    def chance(self, knowledge: Knowledge, fact: Fact) -> Fraction:
        roles = Posterior(knowledge, consistent_tally(knowledge, GAME.engine("brute"))).roles
        chance = Fraction(roles[fact.seat].get(fact.identity, 0.0))
        return chance if fact.holds else 1 - chance

    def steps(self, fact: Fact, events: tuple[EventId, ...]) -> Sequence[str]:
        clues = {clue.event: clue for clue in self.knowledge.record.clues}
        told = [
            f"Event {event}: {clues[event].spies} spy among seats {list(clues[event].seats)}."
            for event in events
        ]
        return [*told, f"So {self.words(fact)}."]


# -- the game ------------------------------------------------------------------------------


class Spies(Game[SpyRecord]):
    """Spy count: records, knowledge and ``why``; ``solve`` is the protocol's own."""

    name: ClassVar[str] = "spies"
    title: ClassVar[str] = "Spy count"
    verbs: ClassVar[frozenset[str]] = frozenset({"solve", "why"})

    def read(self, data: Mapping[str, Any], base_dir: Path, verb: str | None = None) -> SpyRecord:
        return read_record(data)

    def knowledge(self, record: SpyRecord) -> Knowledge:
        return knowledge_of(record)

    def explain(
        self,
        record: SpyRecord,
        seat: Seat,
        role: str,
        holds: bool = True,
        engine: str | None = None,
    ) -> Explanation:
        book = SpyBook(knowledge_of(record))
        check = refutes(self.engine(checker_name(engine, "cpsat")))
        return explain_fact(book, Fact(seat, role, holds), self.engine(engine), check)

    def explanations(self, record: SpyRecord, engine: str | None = None) -> dict[Fact, Explanation]:
        return {
            fact: self.explain(record, fact.seat, fact.identity, fact.holds, engine)
            for fact in self.solve(record, engine).certain
        }


GAME = Spies()


# -- the tests -----------------------------------------------------------------------------

RECORD = {
    "game": "spies",
    "players": 4,
    "spies": 1,
    "viewpoint": 1,
    "card": "citizen",
    "clues": [{"seats": [2, 3], "spies": 1}, {"seats": [3, 4], "spies": 1}],
}
"""Seat 1, a citizen: the spy sits at seat 2 or 3 (event 1), at seat 3 or 4 (event 2)."""


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The game in the registry for one test (found as this module's ``GAME``)."""
    monkeypatch.setitem(games.GAMES, "spies", f"{__name__}:GAME")
    games.find_game.cache_clear()
    yield
    games.find_game.cache_clear()


@pytest.mark.parametrize("engine", ["brute", "csp", "cpsat"])
def test_solve_by_every_generic_engine(engine: str) -> None:
    posterior = api.solve(RECORD, engine)
    assert posterior.roles == {
        1: {"citizen": 1.0},
        2: {"citizen": 1.0},
        3: {"spy": 1.0},
        4: {"citizen": 1.0},
    }
    assert posterior.deals == 2  # the two citizen cards left, either way round


def test_solve_counts_deals_exactly() -> None:
    posterior = api.solve({**RECORD, "clues": RECORD["clues"][:1]})
    assert posterior.deals == 4
    assert posterior.roles[2] == {"citizen": 0.5, "spy": 0.5}
    assert posterior.roles[4] == {"citizen": 1.0}


def test_a_contradiction_names_its_events() -> None:
    record = {**RECORD, "clues": [*RECORD["clues"], {"seats": [3], "spies": 0}]}
    with pytest.raises(InconsistentRecordError) as raised:
        api.solve(record)
    assert raised.value.conflict == (1, 2, 3)


@pytest.mark.parametrize("engine", ["brute", "csp", "cpsat"])
def test_why(engine: str) -> None:
    reason = api.why(RECORD, 3, "spy", engine=engine)
    assert reason.verdict() == "Yes, it is certain: seat 3 is the spy (events 1 and 2 force it)."
    assert reason.sentences == (
        "Event 1: 1 spy among seats [2, 3].",
        "Event 2: 1 spy among seats [3, 4].",
        "So seat 3 is the spy.",
    )
    assert api.why(RECORD, 1, "spy", holds=False).events == ()  # the viewpoint's own card
    unsure = api.why({**RECORD, "clues": RECORD["clues"][:1]}, 2, "spy", engine=engine)
    assert unsure.verdict() == (
        "No, it is not certain that seat 2 is the spy: seat 2 is the spy with chance 50.0%."
    )


def test_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "spies.json"
    path.write_text(json.dumps(RECORD), encoding="utf-8")
    status, out, _ = run(capsys, "solve", str(path), "--json")
    assert status == 0
    assert json.loads(out) == api.solve(RECORD).to_dict()
    status, out, _ = run(capsys, "why", str(path), "2", "spy", "--not")
    assert status == 0
    assert out.splitlines() == [
        "Yes, it is certain: seat 2 is not the spy (event 2 forces it).",
        "",
        "Event 2: 1 spy among seats [3, 4].",
        "So seat 2 is not the spy.",
    ]
    status, out, _ = run(capsys, "solve", str(path), "--why")
    assert status == 0
    assert "• seat 3 is the spy — events 1 and 2" in out
    status, _, err = run(capsys, "hint", str(path))
    assert status == 2
    assert "Spy count" in err


def test_the_page_shows_this_code() -> None:
    """Every ``python`` block of the page is in this file, word for word."""
    source = Path(__file__).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    for block in blocks:
        assert block in source, block


def test_the_page_gives_the_measured_line_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's table is what ``benchmarks/line_counts.py`` measures at its commits."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    line_counts = importlib.import_module("line_counts")
    page = PAGE.read_text(encoding="utf-8")
    header = re.search(r"^\| part \| (.*) \|$", page, re.MULTILINE)
    assert header is not None
    revisions = [cell.strip("` ") for cell in header.group(1).split("|")]
    try:
        measured = line_counts.table(revisions)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout with these commits")
    assert measured in page
