"""Tables in SQLite: every change is committed before the move is acknowledged.

One row per table (its game, its whole state as JSON, the digests of its seats'
tokens) and one row per accepted move (an audit log). Writes use a transaction each;
the database is in WAL mode with ``synchronous=FULL``, so a committed move survives a
crash of the server.

>>> store = Storage(":memory:")
>>> store.create("T1", "onuw", {"phase": "night"}, {1: "d1"})
>>> store.save("T1", {"phase": "day"}, seat=1, move={"saw": 2})
>>> store.load("T1").state, store.load("T1").digests, store.moves("T1")
({'phase': 'day'}, {1: 'd1'}, [(1, {'saw': 2})])
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    state TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""


@dataclass(frozen=True)
class Stored:
    """A table as the database has it."""

    id: str
    game: str
    state: dict[str, Any]
    digests: dict[int, str]
    """Human seat -> the digest of its token."""


class Storage:
    """The tables database (one connection, used under a lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, values in statements:
                    self.db.execute(sql, values)
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def create(
        self, table: str, game: str, state: Mapping[str, Any], digests: Mapping[int, str]
    ) -> None:
        now = time.time()
        seats = json.dumps({str(seat): value for seat, value in digests.items()})
        self._write(
            [
                (
                    "INSERT INTO tables (id, game, state, seats, created, updated)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (table, game, json.dumps(state), seats, now, now),
                )
            ]
        )

    def save(
        self,
        table: str,
        state: Mapping[str, Any],
        seat: int | None = None,
        move: Mapping[str, Any] | None = None,
    ) -> None:
        """Write a table's new state, and the move that made it (if any), at once."""
        now = time.time()
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "UPDATE tables SET state = ?, updated = ? WHERE id = ?",
                (json.dumps(state), now, table),
            )
        ]
        if move is not None:
            statements.append(
                (
                    "INSERT INTO moves (table_id, number, seat, move, at) VALUES (?, "
                    "(SELECT COUNT(*) + 1 FROM moves WHERE table_id = ?), ?, ?, ?)",
                    (table, table, seat, json.dumps(move), now),
                )
            )
        self._write(statements)

    def load(self, table: str) -> Stored | None:
        with self.lock:
            row = self.db.execute(
                "SELECT id, game, state, seats FROM tables WHERE id = ?", (table,)
            ).fetchone()
        return None if row is None else _stored(row)

    def all(self) -> Iterator[Stored]:
        """Every table, oldest first."""
        with self.lock:
            rows = self.db.execute(
                "SELECT id, game, state, seats FROM tables ORDER BY created"
            ).fetchall()
        return (_stored(row) for row in rows)

    def moves(self, table: str) -> list[tuple[int | None, dict[str, Any]]]:
        with self.lock:
            rows = self.db.execute(
                "SELECT seat, move FROM moves WHERE table_id = ? ORDER BY number", (table,)
            ).fetchall()
        return [(seat, json.loads(move)) for seat, move in rows]


def _stored(row: tuple[str, str, str, str]) -> Stored:
    table, game, state, seats = row
    digests = {int(seat): value for seat, value in json.loads(seats).items()}
    return Stored(table, game, json.loads(state), digests)
