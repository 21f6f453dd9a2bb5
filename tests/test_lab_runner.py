"""The lab runner (wooolf_solver/lab/runner.py): the same tasks, seeds, order, record
files and reports for every game; a game's lab gives only its hooks."""

from __future__ import annotations

import pickle
from pathlib import Path
from random import Random
from typing import ClassVar

import pytest

from wooolf_solver.core.play import CHANCE, TERMINAL, Legal, Turn, checked
from wooolf_solver.games import find_game
from wooolf_solver.lab.runner import Hooks, Played, Seed, Table, Task, numbered_seeds, run, tasks

HIGH = 6


class Dice:
    """A toy state: chance rolls a die for every seat, then each seat in turn guesses
    its own roll (it sees only its own)."""

    def __init__(self, seats: int) -> None:
        self.rolls: dict[int, int] = {}
        self.guesses: dict[int, int] = {}
        self.seats = seats

    @property
    def current(self) -> Turn:
        if not self.rolls:
            return CHANCE
        if self.is_terminal:
            return TERMINAL
        return (len(self.guesses) + 1,)

    def legal(self, seat: int) -> tuple[int, ...]:
        return tuple(range(1, HIGH + 1))

    def apply(self, seat: int, move: int) -> None:
        self.guesses[seat] = checked(self, seat, move)

    def chance(self, rng: Random) -> None:
        self.rolls = {seat: rng.randint(1, HIGH) for seat in range(1, self.seats + 1)}

    def view(self, seat: int) -> int:
        return self.rolls[seat]

    @property
    def is_terminal(self) -> bool:
        return len(self.guesses) == self.seats

    def result(self) -> int:
        return sum(self.rolls[seat] == self.guesses[seat] for seat in self.rolls)


class Reader:
    """A bot that reads its view (its own roll) and guesses it."""

    seen: ClassVar[list[object]] = []

    def act(self, view: int, legal: Legal[int], rng: Random) -> int:
        Reader.seen.append(view)
        return view


class DiceLab(Hooks[int, int, list[int]]):
    """A simulation is the number of seats; a summary the right guesses."""

    suffix = ".txt"

    def label(self, simulation: int) -> str:
        return f"{simulation}p"

    def seeds(self, simulation: int, games: int) -> list[Seed]:
        return numbered_seeds(f"dice{simulation}", games)

    def deal(self, task: Task[int, int, list[int]]) -> Table[int, int, int, int]:
        bots = {seat: Reader() for seat in range(1, task.simulation + 1)}
        rng = Random(task.seed)
        return Table(Dice(task.simulation), bots, rng, lambda right: Played(right, f"{right}\n"))

    def report(self, simulation: int, summaries: tuple[int, ...]) -> list[int]:
        return list(summaries)

    def beside(self, simulation: int) -> dict[str, str]:
        return {"seats.txt": f"{simulation}\n"}


def test_tasks_in_order_with_their_seeds() -> None:
    found = tasks(DiceLab(), [2, 3], 2, keep_records=True)
    assert [(t.simulation, t.index, t.seed) for t in found] == [
        (2, 0, "dice2:0"),
        (2, 1, "dice2:1"),
        (3, 0, "dice3:0"),
        (3, 1, "dice3:1"),
    ]
    assert all(t.keep_record for t in found)
    copy = pickle.loads(pickle.dumps(found[1]))  # what a worker receives
    assert (copy.simulation, copy.index, copy.seed) == (2, 1, "dice2:1")


def test_bots_see_only_their_views_and_the_reports_come_in_order(tmp_path: Path) -> None:
    Reader.seen = []
    heard: list[int] = []
    reports = run(DiceLab(), [2, 3], 3, records=tmp_path, on_game=heard.append)
    assert reports == ([2, 2, 2], [3, 3, 3])  # every bot read its own roll
    assert heard == [2, 2, 2, 3, 3, 3]
    assert all(isinstance(view, int) for view in Reader.seen) and len(Reader.seen) == 15
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.txt")) == [
        *(f"1-2p/{name}" for name in ("game-00001.txt", "game-00002.txt", "game-00003.txt")),
        "1-2p/seats.txt",
        *(f"2-3p/{name}" for name in ("game-00001.txt", "game-00002.txt", "game-00003.txt")),
        "2-3p/seats.txt",
    ]


def test_one_simulation_writes_its_records_in_the_folder_itself(tmp_path: Path) -> None:
    assert run(DiceLab(), [1], 2, records=tmp_path) == ([1, 1],)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-00001.txt",
        "game-00002.txt",
        "seats.txt",
    ]
    assert run(DiceLab(), [1], 2) == ([1, 1],)  # without records, the same


@pytest.mark.parametrize(
    ("game", "players", "suffix"),
    [("wooolf", 4, ".json"), ("onuw", 3, ".yaml"), ("werewolf", 8, ".yaml")],
)
def test_every_game_writes_its_records_alike(
    game: str, players: int, suffix: str, tmp_path: Path
) -> None:
    """The three games' labs on the one runner: records named alike, one per game, and
    the same report with records or without."""
    lab = find_game(game).lab()
    (simulation,) = lab.simulations([lab.default_mix], players, [lab.default_bots], "r", False)
    (report,) = lab.run([simulation], 2, None, str(tmp_path), lambda _: None)
    names = sorted(p.name for p in tmp_path.iterdir() if p.suffix == suffix)
    assert names == [f"game-00001{suffix}", f"game-00002{suffix}"]
    (again,) = lab.run([simulation], 2, None, None, lambda _: None)
    assert again.to_dict() == report.to_dict()
