"""The web table: the JSON API of ``shared/spec/table.md``, the pages, the pushes.

:func:`create_app` builds the ASGI app (FastAPI; its OpenAPI description at
``/docs``). Every table lives in memory and in SQLite (:mod:`.storage`); a move is
committed before it is answered, and an app built on the same database continues
every table where it was. A background task lets the clock run the tables (night
steps, the day's end) and asks the solver for the bots' ballots, off the request path
(in a worker process by default, so the solver never stalls the server).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qs

import segno
from fastapi import Body, Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.models import Example
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core.pages import render_page
from .games import LIVE, LiveTable, bot_solver, live_table, page_routers
from .pushing import KEEPALIVE, Hub, Subscriber, event
from .storage import Storage
from .tokens import bearer, digest, matches, new_token

log = logging.getLogger("wooolf.server")

PACKAGE = "wooolf_solver.server"
STATIC = Path(__file__).with_name("static")
TICK = 0.2
"""Seconds between two looks at the clock."""

Solver = Callable[[Mapping[str, Any]], Any]
Workers = Literal["process", "thread", "inline"]


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


class SeatLink(BaseModel):
    token: str = Field(description="the seat's secret (shown once)")
    link: str = Field(description="the seat's page, the token in the fragment")


class Created(BaseModel):
    table: str
    seats: dict[str, SeatLink]


MOVE_EXAMPLES: dict[str, Example] = {
    "night": Example(value={"robbed": 3}),
    "nothing": Example(value={}),
    "claim": Example(value={"claim": {"role": "seer", "saw": {"3": "werewolf"}}}),
    "heard enough": Example(value={"heard_enough": True}),
    "ballot": Example(value={"ballot": "nobody"}),
}


@dataclass
class Entry:
    """A table in memory."""

    game: str
    table: LiveTable
    digests: dict[int, str]


class Tables:
    """Every table: in memory, in the database, and their subscribers."""

    def __init__(
        self,
        store: Storage,
        pause: tuple[float, float] | None,
        solver: Solver | None,
        workers: Workers,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.pause = pause
        self.solver = solver
        self.workers = workers
        self.clock = clock
        self.hub = Hub()
        self.entries: dict[str, Entry] = {}
        self.voting: set[tuple[str, int]] = set()
        self.executor: Executor | None = None
        self.tasks: set[asyncio.Future[Any]] = set()
        for stored in store.all():
            cls = live_table(stored.game)
            self.entries[stored.id] = Entry(
                stored.game, cls.from_json(stored.state), stored.digests
            )

    # -- creating and finding --------------------------------------------------------

    def create(self, options: Mapping[str, Any]) -> tuple[str, dict[int, str]]:
        """A new table; its id and every person's token."""
        game = str(options.get("game", "")).strip().lower()
        if game not in LIVE:
            raise RefusedError(
                422, f"game: unknown game {options.get('game')!r} (known: {', '.join(LIVE)})"
            )
        cls = live_table(game)
        rest = {key: value for key, value in options.items() if value is not None}
        try:
            if self.pause is None:
                table = cls.new(rest, self.clock())
            else:
                table = cls.new(rest, self.clock(), self.pause)
        except Exception as error:
            raise _refusal(error) from None
        table_id = secrets.token_hex(6)
        while table_id in self.entries:
            table_id = secrets.token_hex(6)
        tokens = {seat: new_token() for seat in table.people}
        digests = {seat: digest(token) for seat, token in tokens.items()}
        self.store.create(table_id, game, table.to_json(), digests)
        self.entries[table_id] = Entry(game, table, digests)
        return table_id, tokens

    def entry(self, table_id: str) -> Entry:
        entry = self.entries.get(table_id)
        if entry is None:
            raise RefusedError(404, f"table: no table {table_id!r}")
        return entry

    def seat(self, table_id: str, seat: int, authorization: str | None) -> Entry:
        """The table, once ``authorization`` proves to be the seat's token."""
        entry = self.entry(table_id)
        players = getattr(entry.table, "players", None)
        if isinstance(players, int) and not 1 <= seat <= players:
            raise RefusedError(404, f"seat: no seat {seat} at this table")
        token = bearer(authorization)
        if token is None:
            raise RefusedError(401, "authorization: a seat's token is required (Bearer)")
        stored = entry.digests.get(seat)
        # compare against a digest even for a bot's seat, so the time tells nothing
        if not matches(token, stored or digest(new_token())) or stored is None:
            raise RefusedError(403, f"authorization: not the token of seat {seat}")
        return entry

    # -- moves -----------------------------------------------------------------------

    def view(self, table_id: str, seat: int) -> dict[str, Any]:
        entry = self.entry(table_id)
        self.tick(table_id)
        return entry.table.view(seat, self.clock())

    def act(self, table_id: str, seat: int, move: Mapping[str, Any]) -> dict[str, Any]:
        """Apply a move; it is stored before this returns."""
        entry = self.entry(table_id)
        table = entry.table
        before = table.version
        try:
            table.act(seat, move, self.clock())
        except Exception as error:
            if table.version != before:  # the clock moved the table first
                self.store.save(table_id, table.to_json())
                self.publish(table_id)
            raise _refusal(error) from None
        self.store.save(table_id, table.to_json(), seat, dict(move))
        self.publish(table_id)
        self.schedule_bots(table_id)
        return table.view(seat, self.clock())

    def tick(self, table_id: str) -> None:
        """Let the clock move a table (stored and pushed when it changes)."""
        entry = self.entries[table_id]
        if entry.table.advance(self.clock()):
            self.store.save(table_id, entry.table.to_json())
            self.publish(table_id)
            self.schedule_bots(table_id)

    def tick_all(self) -> None:
        now = self.clock()
        for table_id, entry in list(self.entries.items()):
            if entry.table.phase == "over":
                continue
            deadline = entry.table.deadline()
            if deadline is not None and now >= deadline:
                self.tick(table_id)
            self.schedule_bots(table_id)

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
            if self.workers == "inline":
                self.bot_voted(table_id, seat, _ask(solver, knowledge))
                continue
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self.pool(), _ask, solver, knowledge)
            self.tasks.add(future)
            future.add_done_callback(partial(self._done, table_id=table_id, seat=seat))

    def _done(self, future: asyncio.Future[Any], table_id: str, seat: int) -> None:
        self.tasks.discard(future)
        if future.cancelled():
            self.voting.discard((table_id, seat))
            return
        self.bot_voted(table_id, seat, future.result())

    def bot_voted(self, table_id: str, seat: int, answer: tuple[bool, Any]) -> None:
        ok, ballot = answer
        entry = self.entries[table_id]
        table = entry.table
        if not ok:
            log.error("table %s: the solver failed for bot %s: %s", table_id, seat, ballot)
            players = int(getattr(table, "players", seat))
            ballot = seat % players + 1
        before = table.version
        table.bot_vote(seat, ballot)
        self.voting.discard((table_id, seat))
        if table.version != before:
            move = {"ballot": "nobody" if ballot is None else ballot}
            self.store.save(table_id, table.to_json(), seat, move)
            self.publish(table_id)

    def pool(self) -> Executor | None:
        if self.workers == "thread":
            return None
        if self.executor is None:
            workers = min(2, os.cpu_count() or 1)  # two bots think at once where they can
            self.executor = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
        return self.executor

    def close(self) -> None:
        for future in list(self.tasks):
            future.cancel()
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()


def _ask(solver: Solver, knowledge: Mapping[str, Any]) -> tuple[bool, Any]:
    """The solver's ballot (``True, ballot``), or its failure (``False, message``)."""
    try:
        return True, solver(knowledge)
    except Exception as error:  # a bot must vote even if the solver fails
        return False, f"{type(error).__name__}: {error}"


def _refusal(error: Exception) -> RefusedError:
    status = getattr(error, "http_status", None)
    if not isinstance(status, int):
        raise error
    return RefusedError(status, str(error).splitlines()[0] if str(error) else type(error).__name__)


def _int_seat(raw: str) -> int:
    if not raw.isdigit():
        raise RefusedError(404, f"seat: no seat {raw!r}")
    return int(raw)


BEARER = HTTPBearer(
    auto_error=False, description="the seat's token (from its private link, after the `#`)"
)
"""The seats' routes declare their token for the OpenAPI description (the check itself
is :meth:`Tables.seat`, with 401 and 403 as the contract says)."""
SEAT = [Depends(BEARER)]

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


def create_app(
    db: str | Path = "wooolf-tables.sqlite",
    *,
    pause: tuple[float, float] | None = None,
    solver: Solver | None = None,
    workers: Workers = "process",
    clock: Callable[[], float] = time.time,
) -> FastAPI:
    """The web table on the database ``db``.

    ``pause``: the range of a night step's random least length (the game's default
    when ``None``); ``solver``: the bots' ballots (the game's ``bot_ballot`` when
    ``None``); ``workers``: where the solver runs; ``clock``: the time, in seconds.
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async def ticker() -> None:
            while True:
                try:
                    tables.tick_all()
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

    tables = Tables(Storage(db), pause, solver, workers, clock)
    app = FastAPI(
        title="wooolf table",
        description="Play a hidden-role game at a table of people and bots "
        "(the contract: shared/spec/table.md).",
        lifespan=lifespan,
    )
    app.state.tables = tables

    @app.exception_handler(RefusedError)
    async def refused(request: Request, error: RefusedError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
        return JSONResponse({"error": error.message}, error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
        return JSONResponse({"error": f"{where or 'body'}: {first.get('msg')}"}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(error.detail)}, error.status_code)

    _add_api(app, tables)
    _add_pages(app, tables)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for router in page_routers():
        app.include_router(router)
    return app


def _add_api(app: FastAPI, tables: Tables) -> None:
    """The contract's JSON API."""

    @app.post("/api/tables", status_code=201, response_model=Created, tags=["tables"])
    async def create_table(options: TableOptions) -> dict[str, Any]:
        """Set up a table and deal; one private link per person's seat."""
        table_id, tokens = tables.create(options.model_dump())
        return {
            "table": table_id,
            "seats": {
                str(seat): {"token": token, "link": f"/t/{table_id}/{seat}#{token}"}
                for seat, token in tokens.items()
            },
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
        move: dict[str, Any] = Body(openapi_examples=MOVE_EXAMPLES),  # noqa: B008
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
        """The deal's game record, once the deal is over (404 before)."""
        entry = tables.entry(table_id)
        if entry.table.phase != "over":
            raise RefusedError(404, "record: the deal is not over")
        headers = (
            {"Content-Disposition": f'attachment; filename="deal-{table_id}.json"'}
            if download
            else None
        )
        return JSONResponse(entry.table.record(), headers=headers)


def _add_pages(app: FastAPI, tables: Tables) -> None:
    """The setup page, the links page and the seats' pages."""

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def setup_page() -> HTMLResponse:
        return HTMLResponse(render_page(PACKAGE, "setup.html", page_title="A table", error=None))

    @app.post("/setup", response_class=HTMLResponse, include_in_schema=False)
    async def setup(request: Request) -> HTMLResponse:
        form = parse_qs((await request.body()).decode())
        try:
            options = _form_options(form)
            table_id, tokens = tables.create(options)
        except RefusedError as error:
            page = render_page(PACKAGE, "setup.html", page_title="A table", error=error.message)
            return HTMLResponse(page, status_code=422)
        base = str(request.base_url).rstrip("/")
        links = []
        for seat, token in tokens.items():
            url = f"{base}/t/{table_id}/{seat}#{token}"
            qr = segno.make(url, error="m").svg_inline(scale=4, border=2)
            links.append({"seat": seat, "url": url, "qr": qr})
        page = render_page(
            PACKAGE,
            "links.html",
            page_title=f"Table {table_id}",
            table=table_id,
            links=links,
            bots=sorted(getattr(tables.entries[table_id].table, "bots", [])),
        )
        return HTMLResponse(page, headers=NO_STORE)

    @app.get("/t/{table_id}/{seat}", response_class=HTMLResponse, include_in_schema=False)
    async def player_page(table_id: str, seat: str) -> HTMLResponse:
        number = _int_seat(seat)
        tables.entry(table_id)
        page = render_page(
            PACKAGE,
            "player.html",
            page_title=f"Seat {number}",
            table=table_id,
            seat=number,
        )
        return HTMLResponse(page, headers=NO_STORE)


def _form_options(fields: Mapping[str, list[str]]) -> dict[str, Any]:
    """A table's options from the setup form (``bots``: checked seats, or a list)."""
    form = {key: values[-1] for key, values in fields.items()}
    options: dict[str, Any] = {"game": form.get("game", "onuw")}
    for name in ("players", "day_seconds"):
        raw = form.get(name, "").strip()
        if raw:
            if not raw.isdigit():
                raise RefusedError(422, f"{name}: a whole number, not {raw!r}")
            options[name] = int(raw)
    if "players" not in options:
        raise RefusedError(422, "players: required")
    if form.get("edition"):
        options["edition"] = form["edition"]
    deck = form.get("deck", "").replace(",", " ").split()
    if deck:
        options["deck"] = deck
    bots = " ".join(fields.get("bots", [])).replace(",", " ").split()
    if not all(bot.isdigit() for bot in bots):
        raise RefusedError(422, f"bots: seat numbers, not {' '.join(bots)!r}")
    players = options["players"]
    options["bots"] = sorted({int(bot) for bot in bots if int(bot) <= players})
    return options
