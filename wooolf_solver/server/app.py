"""The web table: the JSON API of ``docs/server.md``, the pages, the pushes.

:func:`create_app` builds the ASGI app (FastAPI). Every table lives in memory and
in SQLite (:mod:`.storage`). A change (a move, the clock's tick, a bot's ballot) is
made on a copy of the table and committed to the database before it replaces the
table anyone sees: a failed commit changes nothing and is answered ``503``. An app
built on the same database continues every table where it was (a row that cannot be
read is skipped, in one log line). A background task lets the clock run the tables
that can move by time alone, and the solver runs off the event loop (:mod:`.workers`).
Bodies, fields and the number of tables are bounded (:mod:`.limits`); a seat's token
is checked before anything about its table is revealed.

Each table has a host: a token of its own (kept, like the seats', only as a digest), from
which every seat's token is derived (:func:`.tokens.derived`), so that the host can be
shown a lost link again. With it the host starts the night, pauses and resumes the
clock, hands a seat to a bot, ends a deal and deals again with the same seats.
The OpenAPI description is at ``/openapi.json``; no ``/docs`` page is offered (it would
need scripts from the internet).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import segno
from fastapi import Body, Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core.errors import IllegalMoveError, OutOfTurnError
from ..core.i18n import language_of, negotiate, page_context
from ..core.pages import render_page
from .games import LiveTable, bot_solver, live_table, move_examples, page_routers, seated
from .limits import BodyGuard, Limits, one_line, shown
from .pushing import KEEPALIVE, Hub, Subscriber, event
from .refusals import setup_message
from .reviewing import review_page, seat_view
from .storage import Storage, Stored
from .tokens import bearer, derived, digest, matches, new_token
from .workers import BusyError, Kind, Workers
from .workshop import router as workshop_router

log = logging.getLogger("wooolf.server")

PACKAGE = "wooolf_solver.server"
STATIC = Path(__file__).with_name("static")
TICK = 0.2
"""Seconds between two looks at the clock."""
SWEEP = 60.0
"""Seconds between two looks for expired tables."""

Solver = Callable[[Mapping[str, Any]], Any]


class RefusedError(Exception):
    """An HTTP error with the contract's body, ``{"error": "one line"}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class TableOptions(BaseModel):
    """A new table (every field but ``game`` and ``players`` optional)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "game": "onuw",
                    "edition": "table",
                    "players": 5,
                    "bots": [4, 5],
                    "day_seconds": 300,
                    "step_seconds": 15,
                    "vote_seconds": 120,
                }
            ]
        },
    )

    game: str
    players: int
    edition: str | None = None
    bots: list[int] | None = None
    deck: list[str] | None = None
    day_seconds: int | None = None
    seed: int | None = None
    step_seconds: int | None = None
    vote_seconds: int | None = None


class SeatLink(BaseModel):
    token: str = Field(description="the seat's secret (the host may see it again)")
    link: str = Field(description="the seat's page, the token in the fragment")


class HostLink(BaseModel):
    token: str = Field(description="the host's secret (every seat's token derives from it)")
    link: str = Field(description="the host's page (it keeps the token in a cookie)")


class Created(BaseModel):
    table: str
    seats: dict[str, SeatLink]
    host: HostLink


HOST = 0
"""The host's key among a table's token digests (no seat is 0)."""


@dataclass
class Entry:
    """A table in memory (its ``table`` replaced only once a change is committed)."""

    game: str
    table: LiveTable
    digests: dict[int, str]
    touched: float
    """When it last changed (for expiry)."""


UNSTORED = "database: the change could not be stored, so nothing changed; try again"


class Tables:
    """Every table: in memory, in the database, and their subscribers."""

    def __init__(
        self,
        store: Storage,
        *,
        pause: tuple[float, float] | None,
        solver: Solver | None,
        workers: Workers,
        clock: Callable[[], float],
        limits: Limits,
    ) -> None:
        self.store = store
        self.pause = pause
        self.solver = solver
        self.workers = workers
        self.clock = clock
        self.limits = limits
        self.hub = Hub()
        self.entries: dict[str, Entry] = {}
        self.clocked: set[str] = set()
        """The tables the clock looks at: those that time alone may move."""
        self.voting: set[tuple[str, int]] = set()
        self.tasks: set[asyncio.Future[Any]] = set()
        for table_id, stored in store.all():
            self._load(table_id, stored)

    def _load(self, table_id: str, stored: Stored | Exception) -> None:
        """Hold a stored table, or skip it in one log line when it cannot be read."""
        try:
            if isinstance(stored, Exception):
                raise stored
            table = live_table(stored.game).from_json(stored.state)
            _looks_sound(table)
        except Exception as error:
            reason = one_line(f"{type(error).__name__}: {error}", 200)
            log.error("table %s: skipped, its stored row cannot be read (%s)", table_id, reason)
            return
        self.entries[table_id] = Entry(stored.game, table, stored.digests, stored.updated)
        self.clocked.add(table_id)

    # -- creating and finding --------------------------------------------------------

    def create(self, options: Mapping[str, Any]) -> tuple[str, dict[int, str]]:
        """A new table; its id and every person's token."""
        table_id, _, tokens = self.create_hosted(options)
        return table_id, tokens

    def create_hosted(self, options: Mapping[str, Any]) -> tuple[str, str, dict[int, str]]:
        """A new table; its id, its host's token and every person's token."""
        raw = options.get("game", "")
        game = raw.strip().lower() if isinstance(raw, str) else ""
        if game not in seated():
            shown_game = shown(raw) if isinstance(raw, str) else "that"
            known = ", ".join(seated())
            raise RefusedError(422, f"game: unknown game {shown_game} (known: {known})")
        cls = live_table(game)
        rest = {key: value for key, value in options.items() if value is not None}
        try:
            if self.pause is None:
                table = cls.new(rest, self.clock())
            else:
                table = cls.new(rest, self.clock(), self.pause)
        except Exception as error:
            raise _refusal(error) from None
        self.make_room()
        table_id = secrets.token_hex(6)
        while table_id in self.entries:
            table_id = secrets.token_hex(6)
        host = new_token()
        tokens = {seat: derived(host, f"{table_id}:{seat}") for seat in table.people}
        digests = {seat: digest(token) for seat, token in {HOST: host, **tokens}.items()}
        try:
            self.store.create(table_id, game, table.to_json(), digests)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: not stored: %s", table_id, one_line(str(error), 200))
            raise RefusedError(503, UNSTORED) from None
        self.entries[table_id] = Entry(game, table, digests, self.clock())
        self.clocked.add(table_id)
        return table_id, host, tokens

    def seat(self, table_id: str, seat: int, authorization: str | None) -> Entry:
        """The table, once ``authorization`` proves to be the seat's token.

        The token is checked before the table is even looked up, and against every
        seat of the table, so that only a token of this table learns anything: no
        token, or one of no seat here (an unknown table's too): ``401``; then a seat out
        of range (``-1``: not a number): ``404``; another seat's token: ``403``.
        """
        owner, entry = self._owner(table_id, authorization)
        players = getattr(entry.table, "players", None)
        if isinstance(players, int) and not 1 <= seat <= players:
            raise RefusedError(404, f"seat: no seat {max(seat, 0)} at this table")
        if owner != seat:
            raise RefusedError(403, f"authorization: not the token of seat {max(seat, 0)}")
        return entry

    def host(self, table_id: str, authorization: str | None) -> Entry:
        """The table, once ``authorization`` proves to be its host's token (as for a
        seat: no token, or one of nobody at this table, ``401``; a seat's ``403``)."""
        owner, entry = self._owner(table_id, authorization)
        if owner != HOST:
            raise RefusedError(403, "authorization: not the host's token")
        return entry

    def _owner(self, table_id: str, authorization: str | None) -> tuple[int, Entry]:
        """Whose token ``authorization`` holds at the table (``HOST`` or a seat), and the
        table; ``401`` for no token or one of nobody there (an unknown table's too)."""
        token = bearer(authorization)
        if token is None or len(token) > 100:
            raise RefusedError(401, "authorization: a seat's token is required (Bearer)")
        entry = self.entries.get(table_id)
        digests = entry.digests if entry is not None else {-1: digest(new_token())}
        owner = None
        for other, stored in digests.items():  # every seat compared: the time says nothing
            if matches(token, stored):
                owner = other
        if entry is None or owner is None:
            raise RefusedError(401, "authorization: not a seat's token at this table")
        return owner, entry

    def make_room(self) -> None:
        """Room for one more table: expired tables go, then finished ones (oldest
        first); ``503`` when every table held is still being played."""
        if len(self.entries) < self.limits.tables:
            return
        self.expire()
        finished = sorted(
            (entry.touched, table_id)
            for table_id, entry in self.entries.items()
            if entry.table.phase == "over"
        )
        for _, table_id in finished[: len(self.entries) - self.limits.tables + 1]:
            self.drop(table_id)
        if len(self.entries) >= self.limits.tables:
            raise RefusedError(
                503,
                f"tables: this server holds its most tables ({self.limits.tables}); "
                "try again later",
            )

    def expire(self) -> None:
        """Drop every table nobody moved for :attr:`Limits.idle` seconds."""
        oldest = self.clock() - self.limits.idle
        for table_id, entry in list(self.entries.items()):
            if entry.touched < oldest:
                self.drop(table_id)

    def drop(self, table_id: str) -> None:
        try:
            self.store.delete(table_id)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: not dropped: %s", table_id, one_line(str(error), 200))
            return
        self.entries.pop(table_id, None)
        self.clocked.discard(table_id)
        self.hub.forget(table_id)

    # -- changes: on a copy, committed, then shown --------------------------------------

    def _copy(self, entry: Entry) -> LiveTable:
        return live_table(entry.game).from_json(entry.table.to_json())

    def commit(
        self,
        table_id: str,
        table: LiveTable,
        seat: int | None = None,
        move: Mapping[str, Any] | None = None,
    ) -> None:
        """Store ``table`` as the table's new state, and only then let it be seen
        (``503``, the table unchanged, when the database refuses)."""
        try:
            self.store.save(table_id, table.to_json(), seat, None if move is None else dict(move))
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a change not stored: %s", table_id, one_line(str(error), 200))
            raise RefusedError(503, UNSTORED) from None
        entry = self.entries[table_id]
        entry.table = table
        entry.touched = self.clock()
        self.clocked.add(table_id)
        self.publish(table_id)
        self.schedule_bots(table_id)

    def view(self, table_id: str, seat: int) -> dict[str, Any]:
        with contextlib.suppress(RefusedError):  # a failed tick: the view as it is
            self.tick(table_id)
        return self.entries[table_id].table.view(seat, self.clock())

    def act(self, table_id: str, seat: int, move: Mapping[str, Any]) -> dict[str, Any]:
        """Apply a move; it is stored before this returns, or nothing changes."""
        self.tick(table_id)
        now = self.clock()
        table = self._copy(self.entries[table_id])
        try:
            table.act(seat, move, now)
        except Exception as error:
            raise _refusal(error) from None
        self.commit(table_id, table, seat, move)
        return table.view(seat, now)

    def manage(
        self, table_id: str, action: str, change: Callable[[LiveTable, float], LiveTable]
    ) -> LiveTable:
        """A host's action (``change`` of a copy of the table, at the clock's time),
        stored before this returns (in the moves' log as ``{"host": action}``), or
        refused and nothing changes."""
        self.tick(table_id)
        table = self._copy(self.entries[table_id])
        try:
            changed = change(table, self.clock())
        except Exception as error:
            raise _refusal(error) from None
        self.commit(table_id, changed, HOST, {"host": action})
        return changed

    def host_view(self, table_id: str, host: str, base: str) -> dict[str, Any]:
        """What the host sees: the table's public view, every link (``base``: the start
        of the full addresses) and a warning when they point to this machine alone."""
        entry = self.entries[table_id]
        seats = {}
        for seat in sorted(seat for seat in entry.digests if seat != HOST):
            token = derived(host, f"{table_id}:{seat}")
            link = seat_link(table_id, seat, token)
            seats[str(seat)] = {"token": token, "link": link, "url": base + link}
        link = host_link(table_id, host)
        return {
            "table": table_id,
            **entry.table.public(self.clock()),
            "host": {"token": host, "link": link, "url": base + link},
            "seats": seats,
            "warning": local_only(base),
        }

    def tick(self, table_id: str) -> None:
        """Let the clock move a table, when it is due (committed, then pushed)."""
        entry = self.entries[table_id]
        deadline = entry.table.deadline()
        now = self.clock()
        if deadline is None or now < deadline:
            return
        table = self._copy(entry)
        if table.advance(now):
            self.commit(table_id, table)

    def tick_all(self) -> None:
        """Look at the tables that time may move; forget those that wait for a person
        (a move puts them back), are over, or have every bot's ballot."""
        for table_id in list(self.clocked):
            entry = self.entries.get(table_id)
            if entry is None:
                self.clocked.discard(table_id)
                continue
            try:
                self.tick(table_id)
                self.schedule_bots(table_id)
                table = entry.table
                deadline = table.deadline()
                waits = deadline is None or self.clock() >= deadline
                if table.phase == "over" or (waits and not table.bots_to_vote()):
                    self.clocked.discard(table_id)
            except RefusedError:
                continue  # not stored: the next tick tries again
            except Exception:  # a broken table leaves the clock; the others go on
                log.exception("table %s: the clock's tick failed; the clock leaves it", table_id)
                self.clocked.discard(table_id)

    def publish(self, table_id: str) -> None:
        table = self.entries[table_id].table
        now = self.clock()
        self.hub.publish(table_id, lambda seat: table.view(seat, now))

    # -- the bots' ballots -----------------------------------------------------------

    def schedule_bots(self, table_id: str) -> None:
        """Ask the solver for every due bot ballot not yet asked for."""
        entry = self.entries[table_id]
        for seat, knowledge in entry.table.bots_to_vote():
            if (table_id, seat) in self.voting:
                continue
            self.voting.add((table_id, seat))
            solver = self.solver or bot_solver(entry.game)
            if self.workers.kind == "inline":
                self.bot_voted(table_id, seat, _ask(solver, knowledge))
                continue
            future = asyncio.ensure_future(self.workers.run(_ask, solver, knowledge))
            self.tasks.add(future)
            future.add_done_callback(partial(self._done, table_id=table_id, seat=seat))

    def _done(self, future: asyncio.Future[Any], table_id: str, seat: int) -> None:
        self.tasks.discard(future)
        if future.cancelled() or future.exception() is not None:  # the clock asks again
            if not future.cancelled():
                log.error(
                    "table %s: bot %s's worker failed: %r", table_id, seat, future.exception()
                )
            self.voting.discard((table_id, seat))
            return
        self.bot_voted(table_id, seat, future.result())

    def bot_voted(self, table_id: str, seat: int, answer: tuple[bool, Any]) -> None:
        self.voting.discard((table_id, seat))
        entry = self.entries.get(table_id)
        if entry is None:  # dropped meanwhile
            return
        ok, ballot = answer
        if not ok:
            log.error("table %s: the solver failed for bot %s: %s", table_id, seat, ballot)
            players = int(getattr(entry.table, "players", seat))
            ballot = seat % players + 1
        table = self._copy(entry)
        before = table.version
        table.bot_vote(seat, ballot)
        if table.version != before:
            self.clocked.add(table_id)  # not stored: the clock asks again
            move = {"ballot": "nobody" if ballot is None else ballot}
            with contextlib.suppress(RefusedError):
                self.commit(table_id, table, seat, move)

    def close(self) -> None:
        for future in list(self.tasks):
            future.cancel()
        self.workers.close(final=True)
        self.store.close()


def _looks_sound(table: LiveTable) -> None:
    """Raise if a table read back from the database cannot be shown or clocked."""
    table.deadline()
    table.bots_to_vote()
    for seat in table.people:
        table.view(seat, 0.0)
    if table.phase == "over":
        table.record()


def _ask(solver: Solver, knowledge: Mapping[str, Any]) -> tuple[bool, Any]:
    """The solver's ballot (``True, ballot``), or its failure (``False, message``)."""
    try:
        return True, solver(knowledge)
    except Exception as error:  # a bot must vote even if the solver fails
        return False, f"{type(error).__name__}: {error}"


def _refusal(error: Exception) -> RefusedError:
    """A live table's refusal of a move as an HTTP answer: 409 for a move out of turn,
    422 for any other illegal move; any other error is raised again."""
    if not isinstance(error, IllegalMoveError):
        raise error
    status = 409 if isinstance(error, OutOfTurnError) else 422
    return RefusedError(status, one_line(str(error)) or type(error).__name__)


def seat_link(table_id: str, seat: int, token: str) -> str:
    """A seat's private link (its token in the fragment: never sent to a server)."""
    return f"/t/{table_id}/{seat}#{token}"


def host_link(table_id: str, token: str) -> str:
    """The host's link: its page takes the token from it into a cookie, then forgets it."""
    return f"/host/{table_id}?key={token}"


def local_only(base: str) -> str | None:
    """A warning when links starting with ``base`` reach this machine alone.

    >>> local_only("http://127.0.0.1:8765")[:40]
    'the links point to 127.0.0.1, which only'
    >>> local_only("http://192.168.1.20:8765") is None
    True
    """
    host = urlsplit(base).hostname or ""
    if host == "localhost" or host.startswith("127.") or host in ("::1", "0.0.0.0"):
        return (
            f"the links point to {host}, which only this computer reaches: a phone cannot "
            "open them (serve with --host 0.0.0.0, or give --public-url)"
        )
    return None


def _int_seat(raw: str) -> int:
    """A seat number of a path (``-1`` when it is not one: the token decides first)."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else -1


BEARER = HTTPBearer(
    auto_error=False, description="the seat's token (from its private link, after the `#`)"
)
"""The seats' routes name their token for the OpenAPI description (the check itself
is :meth:`Tables.seat`, with 401 and 403 as the contract says)."""
SEAT = [Depends(BEARER)]

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def create_app(
    db: str | Path = "wooolf-tables.sqlite",
    *,
    pause: tuple[float, float] | None = None,
    solver: Solver | None = None,
    workers: Kind = "process",
    clock: Callable[[], float] = time.time,
    limits: Limits | None = None,
    public_url: str | None = None,
) -> FastAPI:
    """The web table on the database ``db`` (:class:`~.storage.StorageError` at once
    when it cannot be used).

    ``pause``: the range of a night step's random least length (the game's default
    when ``None``); ``solver``: the bots' ballots (the game's ``bot_ballot`` when
    ``None``); ``workers``: where the solver runs (:mod:`.workers`); ``clock``: the
    time, in seconds; ``limits``: the bounds (:class:`~.limits.Limits`);
    ``public_url``: the start of the private links (when ``None``, the address the
    request reached this server at, never its ``Host`` header).
    """
    limits = limits or Limits()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async def ticker() -> None:
            swept = time.monotonic()
            while True:
                try:
                    tables.tick_all()
                    if time.monotonic() - swept >= SWEEP:
                        swept = time.monotonic()
                        tables.expire()
                except Exception:  # one table's failure must not stop the others
                    log.exception("the clock's tick failed")
                await asyncio.sleep(TICK)

        task = asyncio.create_task(ticker())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            tables.close()

    tables = Tables(
        Storage(db),
        pause=pause,
        solver=solver,
        workers=Workers(workers, limits),
        clock=clock,
        limits=limits,
    )
    app = FastAPI(
        title="wooolf table",
        description="Play a hidden-role game at a table of people and bots "
        "(the API and its guarantees: docs/server.md).",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.tables = tables
    app.state.workers = tables.workers
    app.state.page_store = tables.store
    app.state.public_url = public_url.rstrip("/") if public_url else None
    app.add_middleware(BodyGuard, limits=limits)

    @app.exception_handler(RefusedError)
    async def refused(request: Request, error: RefusedError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
        return JSONResponse({"error": one_line(error.message)}, error.status, headers=headers)

    @app.exception_handler(BusyError)
    async def busy(request: Request, error: BusyError) -> JSONResponse:
        return JSONResponse({"error": one_line(str(error))}, 503, headers={"Retry-After": "5"})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        return JSONResponse({"error": one_line(f"{where or 'body'}: {first.get('msg')}")}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": one_line(str(error.detail))}, error.status_code)

    _add_api(app, tables)
    _add_host_api(app, tables)
    _add_pages(app, tables)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for router in page_routers():
        app.include_router(router)
    app.include_router(workshop_router)
    return app


def _add_api(app: FastAPI, tables: Tables) -> None:
    """The contract's JSON API."""

    @app.post("/api/tables", status_code=201, response_model=Created, tags=["tables"])
    async def create_table(options: TableOptions) -> dict[str, Any]:
        """Set up a table and deal, in its lobby; one private link per person's seat,
        and the host's."""
        table_id, host, tokens = tables.create_hosted(options.model_dump())
        return {
            "table": table_id,
            "seats": {
                str(seat): {"token": token, "link": seat_link(table_id, seat, token)}
                for seat, token in tokens.items()
            },
            "host": {"token": host, "link": host_link(table_id, host)},
        }

    @app.get("/api/tables/{table_id}/seats/{seat}", tags=["seats"], dependencies=SEAT)
    async def seat_view(table_id: str, seat: str, request: Request) -> JSONResponse:
        """The seat's own view (its token as ``Authorization: Bearer``)."""
        number = _int_seat(seat)
        tables.seat(table_id, number, request.headers.get("authorization"))
        return JSONResponse(tables.view(table_id, number), headers=NO_STORE)

    @app.post("/api/tables/{table_id}/seats/{seat}/act", tags=["seats"], dependencies=SEAT)
    async def act(
        table_id: str,
        seat: str,
        request: Request,
        move: dict[str, Any] = Body(openapi_examples=move_examples()),  # noqa: B008
    ) -> JSONResponse:
        """One move: a night option, a claim, heard enough, or a ballot; the new view."""
        number = _int_seat(seat)
        tables.seat(table_id, number, request.headers.get("authorization"))
        return JSONResponse(tables.act(table_id, number, move), headers=NO_STORE)

    @app.get("/api/tables/{table_id}/seats/{seat}/events", tags=["seats"], dependencies=SEAT)
    async def seat_events(table_id: str, seat: str, request: Request) -> StreamingResponse:
        """The seat's view, pushed as server-sent events whenever it changes."""
        number = _int_seat(seat)
        tables.seat(table_id, number, request.headers.get("authorization"))
        subscriber = Subscriber()
        subscriber.offer(tables.view(table_id, number))
        tables.hub.add(table_id, number, subscriber)

        async def stream() -> AsyncIterator[str]:
            try:
                while True:
                    try:
                        message = await asyncio.wait_for(subscriber.queue.get(), KEEPALIVE)
                    except TimeoutError:
                        if await request.is_disconnected():
                            return
                        yield ": keep-alive\n\n"
                        continue
                    if message is None:  # ended: a newer stream of the seat, or no table
                        return
                    yield event(message)
            finally:
                tables.hub.remove(table_id, number, subscriber)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={**NO_STORE, "X-Accel-Buffering": "no"},
        )

    @app.get("/api/tables/{table_id}/record", tags=["tables"])
    async def record(table_id: str, download: bool = False) -> JSONResponse:
        """The deal's game record, once the deal is over (404 before, and for a table
        that does not exist: the same answer)."""
        entry = tables.entries.get(table_id)
        if entry is None or entry.table.phase != "over":
            raise RefusedError(404, "record: no finished deal here")
        headers = (
            {"Content-Disposition": f'attachment; filename="deal-{table_id}.json"'}
            if download
            else None
        )
        return JSONResponse(entry.table.record(), headers=headers)


HOSTING: dict[str, Callable[[LiveTable, float], LiveTable]] = {
    "start": lambda table, now: table.start(now),
    "pause": lambda table, now: table.pause(now),
    "resume": lambda table, now: table.resume(now),
    "end": lambda table, now: table.end(now),
}
"""The host's actions on a table that need nothing else (dealing again needs the
server's night lengths; handing a seat to a bot, the seat)."""


def _add_host_api(app: FastAPI, tables: Tables) -> None:
    """The host's routes (its token as ``Authorization: Bearer``); each answers the
    host's view (:meth:`Tables.host_view`), ``409`` when the table is not in a state
    where the action makes sense."""

    def base(request: Request) -> str:
        return str(app.state.public_url or _reached_at(request))

    def answer(request: Request, table_id: str) -> JSONResponse:
        token = bearer(request.headers.get("authorization")) or ""
        return JSONResponse(tables.host_view(table_id, token, base(request)), headers=NO_STORE)

    @app.get("/api/tables/{table_id}/host", tags=["host"], dependencies=SEAT)
    async def host_view(table_id: str, request: Request) -> JSONResponse:
        """The host's view: the table's public state and every link (again)."""
        tables.host(table_id, request.headers.get("authorization"))
        with contextlib.suppress(RefusedError):
            tables.tick(table_id)
        return answer(request, table_id)

    def hosting(action: str) -> None:
        change = HOSTING[action]

        async def route(table_id: str, request: Request) -> JSONResponse:
            tables.host(table_id, request.headers.get("authorization"))
            tables.manage(table_id, action, change)
            return answer(request, table_id)

        route.__doc__ = f"The host: {action} (the host's view)."
        app.post(
            f"/api/tables/{{table_id}}/{action}", tags=["host"], dependencies=SEAT, name=action
        )(route)

    for action in HOSTING:
        hosting(action)

    @app.post("/api/tables/{table_id}/deal", tags=["host"], dependencies=SEAT)
    async def deal_again(table_id: str, request: Request) -> JSONResponse:
        """The host deals again: the same seats, tokens and names, the scores carried
        over (the new deal in its lobby; the last one must be over)."""
        tables.host(table_id, request.headers.get("authorization"))
        pause = tables.pause

        def again(table: LiveTable, now: float) -> LiveTable:
            return table.again(now) if pause is None else table.again(now, pause)

        tables.manage(table_id, "deal", again)
        return answer(request, table_id)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["host"], dependencies=SEAT)
    async def hand_to_bot(table_id: str, seat: str, request: Request) -> JSONResponse:
        """The host hands a person's seat to a bot (for this deal and the next)."""
        tables.host(table_id, request.headers.get("authorization"))
        number = _int_seat(seat)
        tables.manage(table_id, f"bot {number}", lambda t, now: t.hand_to_bot(number, now))
        return answer(request, table_id)


def _add_pages(app: FastAPI, tables: Tables) -> None:
    """The setup page, the links page and the seats' pages."""

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def setup_page(request: Request) -> HTMLResponse:
        return HTMLResponse(_page(request, "setup.html", "A table", error=None))

    @app.post("/setup", response_class=HTMLResponse, include_in_schema=False)
    async def setup(request: Request) -> Response:
        try:
            options = _form_options(_read_form(await request.body()), tables.limits.string)
            table_id, host, _ = tables.create_hosted(options)
        except RefusedError as error:
            detail = one_line(error.message)
            page = _page(request, "setup.html", "A table", refused=error.status, error=detail)
            return HTMLResponse(page, status_code=error.status)
        answer = _to_host_page(table_id, host, tables.limits.idle)
        lang = language_of(request.query_params.get("lang") or "")
        if lang is not None:  # the host's page in the language the setup page was in
            answer.headers["location"] = f"/host/{table_id}?lang={lang}"
        return answer

    @app.get("/host/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def host_page(request: Request, table_id: str, key: str | None = None) -> Response:
        """The host's page: every link (as often as asked: a reload deals nothing) and
        the host's tools. The host link's key goes into a cookie, then leaves the
        address bar; without the key or the cookie, ``401``."""
        if key is not None:
            tables.host(table_id, f"Bearer {key}")
            return _to_host_page(table_id, key, tables.limits.idle)
        token = request.cookies.get(_cookie(table_id))
        tables.host(table_id, f"Bearer {token}" if token else None)
        view = tables.host_view(table_id, token or "", app.state.public_url or _reached_at(request))
        links = []
        for seat, link in view["seats"].items():
            qr = segno.make(link["url"], error="m").svg_inline(scale=4, border=2)
            links.append({"seat": int(seat), "url": link["url"], "qr": qr})
        page = _page(
            request,
            "links.html",
            "Table {table}",
            table=table_id,
            links=links,
            bots=view["bots"],
            host=view["host"],
            warning=view["warning"],
        )
        return HTMLResponse(page, headers=NO_STORE)

    @app.get("/t/{table_id}/{seat}", response_class=HTMLResponse, include_in_schema=False)
    async def player_page(request: Request, table_id: str, seat: str) -> HTMLResponse:
        """A seat's page, for any table id: its token (in the fragment) proves the seat,
        so the page itself tells nothing of which tables exist."""
        number = _int_seat(seat)
        if number < 1 or not (table_id.isascii() and table_id.isalnum() and len(table_id) <= 32):
            raise RefusedError(404, "table: not a table id")
        page = _page(request, "player.html", "Seat {seat}", table=table_id, seat=number)
        return HTMLResponse(page, headers=NO_STORE)

    @app.get("/tables/{table_id}/review", response_class=HTMLResponse, include_in_schema=False)
    async def review(request: Request, table_id: str) -> HTMLResponse:
        """A finished deal's review page (404 before, as for its record), in the
        request's language; computed in the workers, ``503`` when they are busy."""
        entry = tables.entries.get(table_id)
        if entry is None or entry.table.phase != "over":
            raise RefusedError(404, "review: no finished deal here")
        lang = negotiate(request.headers.get("accept-language"), request.query_params.get("lang"))
        page = await tables.workers.offload(review_page, entry.table.record(), lang)
        return HTMLResponse(page)

    @app.get("/api/tables/{table_id}/seats/{seat}/solve", tags=["seats"], dependencies=SEAT)
    async def seat_solve(table_id: str, seat: str, request: Request) -> JSONResponse:
        """The solver's view of the seat from what it knows (its card, its night, the
        claims), once the night is over: the library's ``solve`` JSON. The seat's page
        asks for it only when its person turns it on."""
        number = _int_seat(seat)
        entry = tables.seat(table_id, number, request.headers.get("authorization"))
        if entry.table.phase not in ("day", "vote", "over"):
            raise RefusedError(409, "solve: only once the night is over")
        knowledge = entry.table.knowledge(number)
        answer = await tables.workers.offload(seat_view, knowledge)
        return JSONResponse(answer, headers=NO_STORE)


def _cookie(table_id: str) -> str:
    return f"wooolf-host-{table_id}"


def _to_host_page(table_id: str, token: str, seconds: float) -> RedirectResponse:
    """To the host's page (``303``: a reload of it posts nothing), its key in a cookie
    of that page alone."""
    answer = RedirectResponse(f"/host/{table_id}", status_code=303, headers=NO_STORE)
    answer.set_cookie(
        _cookie(table_id),
        token,
        max_age=int(seconds),
        path=f"/host/{table_id}",
        httponly=True,
        samesite="lax",
    )
    return answer


def _page(request: Request, template: str, title: str, **context: Any) -> str:
    """A page of the table in the request's language (``?lang=``, else the browser's):
    ``title`` a message of the catalogue, filled from ``context``."""
    asked = request.query_params.get("lang")
    words = page_context(PACKAGE, request.headers.get("accept-language"), asked)
    page_title = words["_"](title, **context)
    if context.get("error"):  # a refusal: the catalogue's message for its code
        status = context.get("refused", 422)
        context["refusal"] = setup_message(words["_"], status, context["error"])
    return render_page(PACKAGE, template, page_title=page_title, **words, **context)


def _reached_at(request: Request) -> str:
    """The address the request reached this server at (the socket's, not the ``Host``
    header a client may forge).

    >>> from starlette.requests import Request
    >>> _reached_at(Request({"type": "http", "scheme": "http", "server": ("::1", 80),
    ...                      "headers": [(b"host", b"evil.example")]}))
    'http://[::1]:80'
    """
    host, port = request.scope.get("server") or ("127.0.0.1", 80)
    host = f"[{host}]" if ":" in str(host) else str(host)
    return f"{request.scope.get('scheme', 'http')}://{host}:{port}"


def _read_form(body: bytes) -> dict[str, list[str]]:
    """The fields of a form body (``422`` when it is not UTF-8 or has over 100 fields).

    >>> _read_form(b"players=5&bots=4&bots=5")
    {'players': ['5'], 'bots': ['4', '5']}
    >>> _read_form(b"players=\\xff")
    Traceback (most recent call last):
    ...
    wooolf_solver.server.app.RefusedError: form: not UTF-8 text
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RefusedError(422, "form: not UTF-8 text") from None
    try:
        return parse_qs(text, max_num_fields=100)
    except ValueError:
        raise RefusedError(422, "form: more than 100 fields") from None


def _form_options(fields: Mapping[str, list[str]], longest: int) -> dict[str, Any]:
    """A table's options from the setup form (``bots``: checked seats, or a list), each
    field at most ``longest`` characters."""
    for key, values in fields.items():
        if len(key) > longest or any(len(value) > longest for value in values):
            raise RefusedError(422, f"{key[:40]}: longer than {longest} characters")
    form = {key: values[-1] for key, values in fields.items()}
    options: dict[str, Any] = {"game": form.get("game", "onuw")}
    for name in ("players", "day_seconds", "step_seconds", "vote_seconds"):
        raw = form.get(name, "").strip()
        if raw:
            if not (raw.isascii() and raw.isdigit() and len(raw) <= 6):
                raise RefusedError(422, f"{name}: a whole number, not {shown(raw)}")
            options[name] = int(raw)
    if "players" not in options:
        raise RefusedError(422, "players: required")
    if form.get("edition"):
        options["edition"] = form["edition"]
    deck = form.get("deck", "").replace(",", " ").split()
    if deck:
        options["deck"] = deck
    bots = " ".join(fields.get("bots", [])).replace(",", " ").split()
    if not all(bot.isascii() and bot.isdigit() and len(bot) <= 3 for bot in bots):
        raise RefusedError(422, f"bots: seat numbers, not {shown(' '.join(bots))}")
    players = options["players"]
    options["bots"] = sorted({int(bot) for bot in bots if int(bot) <= players})
    return options
