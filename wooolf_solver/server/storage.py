"""Tables in SQLite: every change is committed before the move is acknowledged.

One row per table (its game, its whole state as JSON, the digests of its seats'
tokens) and one row per accepted move (an audit log); a game's own page keeps its
sessions as rows of their own (a kind, a key, the state as JSON: :meth:`Storage.keep`).
Writes use a transaction each; the database is in WAL mode with ``synchronous=FULL``,
so a committed move survives a crash of the server. A database that cannot be opened
or written raises :class:`StorageError` at once, in one line (``wooolf serve`` exits 2
before serving); a row that cannot be read is reported by :meth:`Storage.all` and the others load.

>>> store = Storage(":memory:")
>>> store.create("T1", "onuw", {"phase": "night"}, {1: "d1"})
>>> store.save("T1", {"phase": "day"}, seat=1, move={"saw": 2})
>>> store.load("T1").state, store.load("T1").digests, store.moves("T1")
({'phase': 'day'}, {1: 'd1'}, [(1, {'saw': 2})])
>>> store.keep("notes", "k1", {"answers": ["3"]})
>>> store.kept("notes", "k1"), store.kept("notes", "k2")
({'answers': ['3']}, None)
>>> store.keep("notes", "k2", {}, most=1)
>>> store.kept("notes", "k1"), store.kept("notes", "k2")
(None, {})
"""

from __future__ import annotations

import contextlib
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
CREATE TABLE IF NOT EXISTS opened (
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    seat INTEGER,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS kept (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    state TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (kind, key)
);
"""


class StorageError(Exception):
    """A database the server cannot use (one line naming ``--db``)."""


@dataclass(frozen=True)
class Stored:
    """A table as the database has it."""

    id: str
    game: str
    state: dict[str, Any]
    digests: dict[int, str]
    """Human seat -> the digest of its token."""
    updated: float = 0.0
    """When it last changed (seconds since the epoch)."""


def _open(path: str) -> sqlite3.Connection:
    """A connection to ``path``, proved writable (:class:`StorageError` else)."""
    if path != ":memory:":
        where = Path(path)
        if where.is_dir():
            raise StorageError(f"--db: {path} is a folder, not a database file")
        if not where.parent.is_dir():
            raise StorageError(f"--db: the folder {where.parent} does not exist")
    try:
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        if path != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.executescript(SCHEMA)
        db.execute("DELETE FROM opened")
        db.execute("INSERT INTO opened (at) VALUES (?)", (time.time(),))
    except sqlite3.Error as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise StorageError(f"--db: {path} is not a writable SQLite database ({reason})") from None
    return db


class Storage:
    """The tables database (one connection, used under a lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.lock = threading.Lock()
        self.db = _open(self.path)

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, values in statements:
                    self.db.execute(sql, values)
                self.db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):  # a failed COMMIT may have ended it
                    self.db.execute("ROLLBACK")
                raise

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
                "SELECT id, game, state, seats, updated FROM tables WHERE id = ?", (table,)
            ).fetchone()
        return None if row is None else _stored(row)

    def delete(self, table: str) -> None:
        """Forget a table and its moves."""
        self._write(
            [
                ("DELETE FROM moves WHERE table_id = ?", (table,)),
                ("DELETE FROM tables WHERE id = ?", (table,)),
            ]
        )

    def all(self) -> Iterator[tuple[str, Stored | Exception]]:
        """Every table, oldest first: its id and the table, or why it cannot be read."""
        with self.lock:
            rows = self.db.execute(
                "SELECT id, game, state, seats, updated FROM tables ORDER BY created"
            ).fetchall()
        for row in rows:
            try:
                yield str(row[0]), _stored(row)
            except Exception as error:  # one bad row must not hide the others
                yield str(row[0]), error

    def keep(self, kind: str, key: str, state: Mapping[str, Any], most: int | None = None) -> None:
        """Write a page's session (``kind``: the page's name), replacing what it was;
        beyond ``most`` sessions of the kind, the least recently written go."""
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT OR REPLACE INTO kept (kind, key, state, updated) VALUES (?, ?, ?, ?)",
                (kind, key, json.dumps(state), time.time()),
            )
        ]
        if most is not None:
            statements.append(
                (
                    "DELETE FROM kept WHERE kind = ? AND key NOT IN (SELECT key FROM kept"
                    " WHERE kind = ? ORDER BY updated DESC, rowid DESC LIMIT ?)",
                    (kind, kind, most),
                )
            )
        self._write(statements)

    def kept(self, kind: str, key: str) -> dict[str, Any] | None:
        """A page's session as last written (``None``: none)."""
        with self.lock:
            row = self.db.execute(
                "SELECT state FROM kept WHERE kind = ? AND key = ?", (kind, key)
            ).fetchone()
        state = None if row is None else json.loads(row[0])
        return state if isinstance(state, dict) else None

    def moves(self, table: str) -> list[tuple[int | None, dict[str, Any]]]:
        with self.lock:
            rows = self.db.execute(
                "SELECT seat, move FROM moves WHERE table_id = ? ORDER BY number", (table,)
            ).fetchall()
        return [(seat, json.loads(move)) for seat, move in rows]


def _stored(row: tuple[str, str, str, str, float]) -> Stored:
    table, game, state, seats, updated = row
    digests = {int(seat): str(value) for seat, value in json.loads(seats).items()}
    data = json.loads(state)
    if not isinstance(data, dict):
        raise ValueError("its state is not a JSON object")
    return Stored(table, game, data, digests, float(updated))
