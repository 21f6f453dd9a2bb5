"""A load test of the web table's JSON API on localhost: many tables played at once.

A server (``wooolf_solver.server.app.create_app`` on uvicorn) runs in a child process
on 127.0.0.1 and a free port, on a fresh database; ``--tables`` tables of five seats
(three people, bots at seats 4 and 5) are played concurrently to the end, each person a
client task that reads its view and moves whenever it has a move (the night's choice,
a truthful claim, "heard enough", a ballot). Every request's response time is measured;
the median, the 99th percentile and the maximum are printed.

With ``--restart`` (the default) the server is killed (SIGKILL) when half the moves
are in, and started again on the same database; the clients wait for it and go on,
and at the end every table's record must hold every move that was acknowledged. The
requests that wait for the restarted server are timed too, which lengthens the tail:
``--no-restart`` measures the load alone. The server's CPU time per request is printed
as well (from /proc, where there is one; it includes the restarted server's start): a
response time is mostly waiting, for the requests before it and for the machine's cores.
The clients are one process on a minimal HTTP client (:class:`Client`), so that their
own cost stays small.

With ``--hostile``, a hostile client runs beside the players all along: it polls a
seat of every table and every table's host view every 50 ms, sends bodies of 1 MB and
20 MB and announces one of 100 MB (to ``/api/tables`` and to the host's ``start``:
refused ``413``), a field of 20,000 characters and a repeated key (refused ``422``) and
asks for tables that do not exist (``401``); its requests are counted apart, and the
players' response times show what it costs them.

With ``--timing``, each table's night is watched from a seat's event stream (pushed
views: when the waking role changes), the people answer after a random delay (some too
late: their move is then taken by time), and every step's duration is grouped by who
held its role (a person, only bots, or nobody: the centre). The groups' means and
spreads are printed, and the largest distance between their distributions
(Kolmogorov-Smirnov) beside the distance that two samples of one distribution exceed 5%
of the time: a step must last as long whoever holds its role. The distances compare each
step's duration less its role's mean (a role wakes at the same place in every night, and
the load, hence the lateness of the pushes, changes over the run).

Every table starts in its lobby: its people join and its host starts it (requests
counted with the others). A night step lasts a time drawn in ``--steps`` (0.5 to 1.5 s
here, 12 to 18 s on a real table).

The bots' ballots come from a quick stand-in (the first other seat), not the solver:
the exact solver takes seconds per bot at five seats, which would measure the solver,
not the server (``--solver`` uses it anyway). Bounded: ``--deadline`` seconds at most,
then it stops by itself (exit status 1).

    python benchmarks/bench_server.py                  # 20 tables, a restart in the middle
    python benchmarks/bench_server.py --tables 50 --no-restart
    python benchmarks/bench_server.py --hostile        # a hostile client beside the players
    python benchmarks/bench_server.py --json           # the figures as JSON
    python benchmarks/bench_server.py --timing --tables 100 --no-restart
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.2
"""Seconds a person waits before looking again when it has no move (a page would be
pushed its view; a poll this slow is about what a table of phones asks of the server)."""
RETRIES = (OSError, asyncio.IncompleteReadError, ValueError)
"""What a request meets while the server is down (it is retried, untimed)."""


class Response:
    """A response's status and body."""

    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code = status_code
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """A minimal HTTP/1.1 client over asyncio streams, connections kept alive and reused.

    The clients' own cost must stay small beside the server's: a full-featured client
    spends a few milliseconds of CPU per request, which at this many requests at once
    would be most of what is measured.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def request(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        json_body: Any = None,
    ) -> Response:
        connection = self.idle.pop() if self.idle else None
        if connection is None:
            connection = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = connection
        try:
            body = b"" if json_body is None else json.dumps(json_body).encode()
            lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
            lines.append(f"Content-Length: {len(body)}")
            if json_body is not None:
                lines.append("Content-Type: application/json")
            lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            await writer.drain()
            status = await reader.readline()
            if not status:
                raise ConnectionResetError("the server closed the connection")
            length, close = 0, False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "connection" and "close" in value.lower():
                    close = True
            data = await reader.readexactly(length)
        except BaseException:
            writer.close()
            raise
        if close:
            writer.close()
        else:
            self.idle.append(connection)
        return Response(int(status.split()[1]), data)

    def close(self) -> None:
        for _, writer in self.idle:
            writer.close()
        self.idle.clear()


def quick_ballot(record: Any) -> Any:
    """The bots' stand-in for the solver: the first other seat."""
    return 1 if record["viewpoint"] != 1 else 2


def serve(port: int, db: str, solver: bool, steps: tuple[float, float]) -> None:
    """The child process: the server, until it is killed."""
    import uvicorn  # noqa: PLC0415

    sys.path.insert(0, str(ROOT))
    from wooolf_solver.server.app import create_app  # noqa: PLC0415

    app = create_app(db, pause=steps, solver=None if solver else quick_ballot, workers="thread")
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The server's child process (started again after a kill on the same database)."""

    def __init__(self, db: str, solver: bool, steps: tuple[float, float]) -> None:
        self.port = free_port()
        self.db = db
        self.solver = solver
        self.steps = steps
        self.process: subprocess.Popen[bytes] | None = None
        self.spent = 0.0
        """CPU seconds of the server processes killed so far."""

    def cpu(self) -> float | None:
        """CPU seconds (user and system) the server has used, where /proc tells."""
        if self.process is None:
            return self.spent
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return self.spent + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, __file__, "--serve", str(self.port), "--db", self.db]
        command += ["--steps", ",".join(map(str, self.steps))]
        if self.solver:
            command.append("--solver")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(command, env=env)

    async def ready(self, client: Client, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if (await client.request("GET", "/openapi.json")).status_code == 200:
                    return
            except RETRIES:
                pass
            await asyncio.sleep(0.05)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.spent = self.cpu() or 0.0
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
            self.process = None


@dataclass
class Load:
    """What the clients measured."""

    times: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    acked: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    moves: int = 0
    restarted: bool = False
    hostile: dict[int, int] = field(default_factory=dict)
    """The hostile client's answers: status -> count (``--hostile``)."""
    late: float = 0.0
    """The longest a person waits before a night move (``--timing``: some too long)."""
    nights: dict[str, list[tuple[float, str | None]]] = field(default_factory=dict)
    """Table -> (when, the waking role) at each change a seat was pushed (``--timing``)."""
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Table -> its reveal (``--timing``)."""


async def call(
    client: Client,
    load: Load,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    json_body: Any = None,
) -> Response:
    """One request, timed; retried (untimed) while the server is down."""
    while True:
        start = time.perf_counter()
        try:
            response = await client.request(method, path, headers, json_body)
        except RETRIES:
            await asyncio.sleep(0.05)
            continue
        load.times.append(time.perf_counter() - start)
        load.statuses[response.status_code] = load.statuses.get(response.status_code, 0) + 1
        return response


def choose(view: dict[str, Any]) -> dict[str, Any] | None:
    """A person's next move, if any."""
    if view["phase"] == "night" and view["turn"]:
        return view["options"][-1]  # type: ignore[no-any-return]
    if view["phase"] == "day":
        if not view["claimed"]:
            return {"claim": {"role": view["card"], **(view["night"] or {})}}
        if not view["said_heard_enough"]:
            return {"heard_enough": True}
    if view["phase"] == "vote" and view["turn"]:
        return view["options"][0]  # type: ignore[no-any-return]
    return None


async def person(client: Client, load: Load, *, table: str, seat: int, token: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    path = f"/api/tables/{table}/seats/{seat}"
    while True:
        view = (await call(client, load, "GET", path, headers=headers)).json()
        if view.get("phase") == "over":
            return
        move = choose(view) if "phase" in view else None
        if move is None:
            await asyncio.sleep(POLL)
            continue
        if view["phase"] == "night" and load.late:
            await asyncio.sleep(random.uniform(0, load.late))
        response = await call(client, load, "POST", f"{path}/act", headers=headers, json_body=move)
        if response.status_code == 200:
            load.acked[table].append((seat, move))
            load.moves += 1


HOSTILE_POLL = 0.05
"""Seconds between two rounds of the hostile client's polls."""


async def hostile(port: int, tables: list[dict[str, Any]], statuses: dict[int, int]) -> None:
    """Beside the players, until cancelled: polls every 50 ms, oversized bodies, long
    fields, repeated keys, unknown tables (each answer's status counted)."""
    big = b'{"game": "' + b"w" * (1 << 20) + b'"}'
    huge = b"[" * (20 << 20)
    long_field = json.dumps({"game": "onuw", "players": 5, "edition": "e" * 20_000}).encode()
    twice = b'{"game": "onuw", "players": 5, "players": 3}'
    client = Client(port)
    round_ = 0
    try:
        while True:
            requests: list[tuple[str, str, dict[str, str], Any, int | None]] = []
            for body in tables:
                seat, entry = next(iter(body["seats"].items()))
                path = f"/api/tables/{body['table']}/seats/{seat}"
                bearer = {"Authorization": f"Bearer {entry['token']}"}
                requests.append(("GET", path, bearer, None, None))
                bearer = {"Authorization": f"Bearer {body['host']['token']}"}
                requests.append(("GET", f"/api/tables/{body['table']}/host", bearer, None, None))
            if round_ % 10 == 0:
                start = f"/api/tables/{tables[round_ % len(tables)]['table']}/start"
                requests += [
                    ("GET", "/api/tables/000000000000/seats/1", {}, None, None),
                    ("POST", "/api/tables", {}, big, None),
                    ("POST", "/api/tables", {}, long_field, None),
                    ("POST", "/api/tables", {}, twice, None),
                    ("POST", start, bearer, b"[" * 1000, 100 << 20),  # 100 MB announced
                ]
            if round_ % 50 == 0:
                requests.append(("POST", start, bearer, huge, None))

            async def send(
                method: str, path: str, headers: dict[str, str], raw: Any, declared: int | None
            ) -> None:
                try:
                    response = await raw_request(
                        client, method, path, headers, raw, declared=declared
                    )
                except RETRIES:
                    return  # the server restarts
                statuses[response.status_code] = statuses.get(response.status_code, 0) + 1

            await asyncio.gather(*(send(*request) for request in requests))  # all at once
            round_ += 1
            await asyncio.sleep(HOSTILE_POLL)
    finally:
        client.close()


async def raw_request(
    client: Client,
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes | None,
    *,
    declared: int | None = None,
) -> Response:
    """A request whose body is sent as given (``None``: none), on a fresh connection
    when it has one (the server closes it after refusing a body it did not read);
    ``declared``: the length announced, when it is not the body's."""
    if body is None:
        return await client.request(method, path, headers)
    reader, writer = await asyncio.open_connection("127.0.0.1", client.port)
    try:
        head = [f"{method} {path} HTTP/1.1", "Host: x", "Content-Type: application/json"]
        head += [f"Content-Length: {declared or len(body)}", "Connection: close"]
        head += [f"{name}: {value}" for name, value in headers.items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        with contextlib.suppress(OSError):
            writer.write(body)
            await writer.drain()
        status = await reader.readline()
        if not status:
            raise ConnectionResetError("the server closed the connection")
        return Response(int(status.split()[1]), b"")
    finally:
        writer.close()


async def lobby(client: Client, load: Load, body: dict[str, Any]) -> None:
    """Every person of a new table joins, then its host starts the night."""
    for seat, entry in body["seats"].items():
        path = f"/api/tables/{body['table']}/seats/{seat}/act"
        headers = {"Authorization": f"Bearer {entry['token']}"}
        await call(client, load, "POST", path, headers=headers, json_body={"join": {"name": seat}})
    headers = {"Authorization": f"Bearer {body['host']['token']}"}
    started = await call(
        client, load, "POST", f"/api/tables/{body['table']}/start", headers=headers
    )
    if started.status_code != 200:
        raise RuntimeError(f"table {body['table']}: not started ({started.body[:200]!r})")


async def watch(port: int, load: Load, body: dict[str, Any]) -> None:
    """Follow a table's first seat's event stream: when the waking role changes, until
    the night is over (``--timing``)."""
    seat, entry = next(iter(body["seats"].items()))
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    changes = load.nights.setdefault(body["table"], [])
    try:
        head = [f"GET /api/tables/{body['table']}/seats/{seat}/events HTTP/1.1", "Host: x"]
        head.append(f"Authorization: Bearer {entry['token']}")
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        await writer.drain()
        while line := await reader.readline():
            if not line.startswith(b"data: "):
                continue  # headers, chunk sizes, keep-alives
            view = json.loads(line[6:])
            waking = view["waking"] if view["phase"] == "night" else None
            if not changes or changes[-1][1] != waking:
                changes.append((time.perf_counter(), waking))
            if view["phase"] not in ("lobby", "night"):
                return
    finally:
        writer.close()


HOLDERS = ("person", "bot", "centre")


def step_lengths(
    load: Load, results: dict[str, dict[str, Any]]
) -> dict[str, dict[str, list[float]]]:
    """Every watched night step's duration, by role, then by who held the role:
    ``person`` (a person's seat), ``bot`` (bots' seats only) or ``centre``."""
    lengths: dict[str, dict[str, list[float]]] = {}
    for table, changes in load.nights.items():
        result = results[table]
        bots = {str(seat) for seat in result["bots"]}
        for (when, role), (ended, _) in itertools.pairwise(changes):
            if role is None:
                continue
            holders = [slot for slot, card in result["dealt"].items() if card == role]
            if any(slot.isdigit() and slot not in bots for slot in holders):
                holder = "person"
            elif any(slot.isdigit() for slot in holders):
                holder = "bot"
            else:
                holder = "centre"
            lengths.setdefault(role, {name: [] for name in HOLDERS})[holder].append(ended - when)
    return lengths


def within_roles(lengths: dict[str, dict[str, list[float]]]) -> dict[str, list[float]]:
    """Each step's duration less the mean of its role's steps, grouped by holder: a role
    wakes at the same place in every night, and the machine's load changes over the run,
    so durations are compared within a role."""
    groups: dict[str, list[float]] = {name: [] for name in HOLDERS}
    for by_holder in lengths.values():
        values = [value for name in HOLDERS for value in by_holder[name]]
        mean = statistics.mean(values)
        for name in HOLDERS:
            groups[name] += [value - mean for value in by_holder[name]]
    return groups


def ks_distance(first: list[float], second: list[float]) -> float:
    """The largest distance between two samples' distribution functions.

    >>> ks_distance([1, 2, 3], [1, 2, 3]), ks_distance([1, 2], [3, 4])
    (0.0, 1.0)
    """
    points = sorted({*first, *second})
    return max(
        abs(
            sum(value <= point for value in first) / len(first)
            - sum(value <= point for value in second) / len(second)
        )
        for point in points
    )


def timing_figures(lengths: dict[str, dict[str, list[float]]]) -> dict[str, Any]:
    """The step durations' figures per holder, and the distances between holders (of
    the durations less their role's mean)."""
    figures: dict[str, Any] = {}
    for name in HOLDERS:
        values = [value for by_holder in lengths.values() for value in by_holder[name]]
        if len(values) >= 2:
            figures[name] = {
                "steps": len(values),
                "mean_s": statistics.mean(values),
                "stdev_s": statistics.stdev(values),
                "min_s": min(values),
                "max_s": max(values),
            }
    groups = within_roles(lengths)
    others = groups["bot"] + groups["centre"]
    for key, first, second in (
        ("person_vs_others", groups["person"], others),
        ("bot_vs_centre", groups["bot"], groups["centre"]),
    ):
        if first and second:
            figures[f"ks_{key}"] = ks_distance(first, second)
            figures[f"ks_{key}_critical_5pct"] = ks_critical(len(first), len(second))
    return figures


def ks_critical(first: int, second: int) -> float:
    """The distance two samples of these sizes from one distribution exceed only 5% of the
    time (the asymptotic two-sample bound).

    >>> round(ks_critical(100, 100), 3)
    0.192
    """
    return 1.358 * ((first + second) / (first * second)) ** 0.5


async def restarter(server: Server, client: Client, load: Load, half: int) -> None:
    while load.moves < half:
        await asyncio.sleep(0.01)
    server.kill()
    server.start()
    await server.ready(client)
    load.restarted = True


async def run(
    args: argparse.Namespace, server: Server
) -> tuple[Load, float, float | None, list[str]]:
    load = Load()
    client = Client(server.port)
    attacker: asyncio.Task[None] | None = None
    try:
        await server.ready(client)
        tables = []
        for number in range(args.tables):
            created = await call(
                client, load, "POST", "/api/tables",
                json_body={"game": "onuw", "players": 5, "bots": [4, 5], "seed": number,
                      "day_seconds": 600},
            )  # fmt: skip
            body = created.json()
            tables.append(body)
            load.acked[body["table"]] = []
        watchers = []
        if args.timing:
            load.late = 1.5 * max(args.steps)  # a third of the answers or so come too late
            watchers = [asyncio.create_task(watch(server.port, load, body)) for body in tables]
            await asyncio.sleep(0.5)  # every stream open before the nights start
        for body in tables:
            await lobby(client, load, body)
        start = time.perf_counter()
        cpu_before = server.cpu()
        tasks = [
            person(client, load, table=body["table"], seat=int(seat), token=entry["token"])
            for body in tables
            for seat, entry in body["seats"].items()
        ]
        # each person's moves: a night move or none, a claim, heard enough (maybe), a ballot
        if args.restart:
            tasks.append(restarter(server, client, load, half=len(tables) * 3 * 3 // 2))
        if args.hostile:
            attacker = asyncio.create_task(hostile(server.port, tables, load.hostile))
        await asyncio.gather(*tasks, *watchers)
        wall = time.perf_counter() - start
        if attacker is not None:
            attacker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await attacker
        cpu_after = server.cpu()
        cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
        problems = []
        for body in tables:
            if args.timing:
                path = f"/api/tables/{body['table']}/seats/{next(iter(body['seats']))}"
                seat = next(iter(body["seats"].values()))
                headers = {"Authorization": f"Bearer {seat['token']}"}
                view = (await call(client, load, "GET", path, headers=headers)).json()
                load.results[body["table"]] = {"bots": view["bots"], **view["result"]}
            record = (await call(client, load, "GET", f"/api/tables/{body['table']}/record")).json()
            claims = {claim["seat"] for claim in record.get("claims", [])}
            votes = record.get("votes", {})
            for seat, move in load.acked[body["table"]]:
                if "claim" in move and seat not in claims:
                    problems.append(f"table {body['table']}: seat {seat}'s claim was lost")
                if "ballot" in move and votes.get(str(seat)) != move["ballot"]:
                    problems.append(f"table {body['table']}: seat {seat}'s ballot was lost")
    finally:
        client.close()
    return load, wall, cpu, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (20)")
    parser.add_argument(
        "--deadline", type=float, default=300, help="stop after this many seconds (300)"
    )
    parser.add_argument(
        "--restart",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="kill and restart the server in the middle (default: yes)",
    )
    parser.add_argument(
        "--solver", action="store_true", help="the bots vote with the exact solver (slow)"
    )
    parser.add_argument(
        "--hostile",
        action="store_true",
        help="a hostile client beside the players: polls every 50 ms, oversized bodies, "
        "long fields, repeated keys, unknown tables",
    )
    parser.add_argument(
        "--timing",
        action="store_true",
        help="watch every night: each step's duration by who held its role",
    )
    parser.add_argument(
        "--steps",
        type=lambda text: tuple(float(part) for part in text.split(",")),
        default=(0.5, 1.5),
        help="the range of a night step's duration, in seconds (0.5,1.5)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.db, args.solver, args.steps)
        return 0
    if len(args.steps) != 2 or not 0 < args.steps[0] <= args.steps[1]:
        parser.error("--steps: two numbers of seconds, LOW,HIGH")
    if args.timing and args.restart:
        parser.error("--timing: with --no-restart (a restart ends the event streams)")
    if not 1 <= args.tables <= 500:
        parser.error("--tables: 1..500")
    with tempfile.TemporaryDirectory() as folder:
        server = Server(str(Path(folder) / "tables.sqlite"), args.solver, args.steps)
        server.start()
        try:
            load, wall, cpu, problems = asyncio.run(
                asyncio.wait_for(run(args, server), args.deadline)
            )
        except TimeoutError:
            print(
                f"bench_server: stopped after the --deadline of {args.deadline:g} s",
                file=sys.stderr,
            )
            return 1
        finally:
            server.stop()
    times = sorted(load.times)
    figures = {
        "tables": args.tables,
        "requests": len(times),
        "moves": load.moves,
        "statuses": {str(k): v for k, v in sorted(load.statuses.items())},
        "median_ms": 1000 * statistics.median(times),
        "p99_ms": 1000 * statistics.quantiles(times, n=100)[98],
        "max_ms": 1000 * times[-1],
        "wall_s": wall,
        "server_cpu_ms_per_request": None if cpu is None else 1000 * cpu / len(times),
        "restarted": load.restarted,
        "lost_moves": problems,
        "hostile_statuses": {str(k): v for k, v in sorted(load.hostile.items())},
    }
    if args.timing:
        figures["timing"] = timing_figures(step_lengths(load, load.results))
        figures["timing"]["roles"] = {
            role: {name: len(values) for name, values in by_holder.items()}
            for role, by_holder in step_lengths(load, load.results).items()
        }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.tables} tables of five seats (three people, two bots), played at once")
        print(f"requests: {len(times)} ({load.moves} moves); statuses {figures['statuses']}")
        print(
            f"response time: median {figures['median_ms']:.1f} ms, "
            f"99th percentile {figures['p99_ms']:.1f} ms, max {figures['max_ms']:.1f} ms"
        )
        print(
            f"wall time: {wall:.1f} s"
            + (", with a kill and restart of the server in the middle" if load.restarted else "")
        )
        if cpu is not None:
            print(
                f"server CPU: {1000 * cpu / len(times):.2f} ms per request (the rest of a response "
                "time is waiting: for the requests before it, and for the machine's cores)"
            )
        if args.hostile:
            print(
                f"hostile client beside them: {sum(load.hostile.values())} requests, "
                f"statuses {figures['hostile_statuses']}"
            )
        if args.timing:
            print_timing(figures["timing"], args.steps)
        print("acknowledged moves lost: " + ("; ".join(problems) if problems else "none"))
    return 1 if problems else 0


def print_timing(figures: dict[str, Any], steps: tuple[float, float]) -> None:
    print(f"night steps (drawn in {steps[0]:g}..{steps[1]:g} s), by who held the role:")
    for name in ("person", "bot", "centre"):
        if name in figures:
            group = figures[name]
            print(
                f"  {name:7} {group['steps']:4} steps: mean {group['mean_s']:.3f} s, "
                f"stdev {group['stdev_s']:.3f} s, {group['min_s']:.3f}..{group['max_s']:.3f} s"
            )
    for key in ("ks_person_vs_others", "ks_bot_vs_centre"):
        if key in figures:
            print(
                f"  Kolmogorov-Smirnov distance within roles, {key[3:].replace('_', ' ')}: "
                f"{figures[key]:.3f} (5% critical value {figures[key + '_critical_5pct']:.3f})"
            )


if __name__ == "__main__":
    sys.exit(main())
