"""``wooolf serve``, and a real server whose bots vote from the solver in a worker process;
what ``wooolf serve`` refuses before serving, and that no process outlives it."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from wooolf_solver.cli import build_parser, main
from wooolf_solver.core.documents import read_document
from wooolf_solver.games.onuw.record import read_record
from wooolf_solver.server.app import create_app

from .helpers import Seats
from .live_server import free_port, serving
from .test_assistant import EXAMPLE


def test_the_serve_verb_is_registered() -> None:
    args = build_parser().parse_args(["serve", "--db", "x.sqlite"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8765, "x.sqlite")


def test_a_bad_port_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


def play_with_the_solver(tmp_path: Path, players: int, bots: list[int], seconds: float) -> None:
    """A deal on a real server with the default solver and workers, to the end."""
    app = create_app(tmp_path / "t.sqlite", pause=(0, 0))
    with serving(app) as base, httpx.Client(base_url=base, timeout=30) as client:
        created = client.post(
            "/api/tables", json={"game": "onuw", "players": players, "bots": bots, "seed": 3}
        ).json()
        table = created["table"]
        people = {int(seat): entry["token"] for seat, entry in created["seats"].items()}
        seats = Seats(client, created)
        seats.join()
        seats.host("start")
        deadline = time.monotonic() + seconds
        over: set[int] = set()
        while time.monotonic() < deadline and len(over) < len(people):
            for seat, token in people.items():
                url = f"/api/tables/{table}/seats/{seat}"
                headers = {"Authorization": f"Bearer {token}"}
                view = client.get(url, headers=headers).json()
                move = None
                if view["phase"] == "over":
                    over.add(seat)
                elif view["turn"]:
                    move = view["options"][-1]
                elif view["phase"] == "day" and not view["said_heard_enough"]:
                    move = {"heard_enough": True}
                if move is not None:
                    assert client.post(f"{url}/act", headers=headers, json=move).status_code == 200
            time.sleep(0.1)
        assert len(over) == len(people), "the deal did not end in time"
        record = read_record(client.get(f"/api/tables/{table}/record").json())
        assert record.is_game and record.votes is not None
        assert set(record.votes) == set(range(1, players + 1))


def test_bots_vote_from_the_solver_in_a_worker_process(tmp_path: Path) -> None:
    play_with_the_solver(tmp_path, 3, [2, 3], seconds=120)


@pytest.mark.slow
def test_two_bots_of_five_seats_vote_from_the_exact_solver(tmp_path: Path) -> None:
    play_with_the_solver(tmp_path, 5, [4, 5], seconds=300)  # about 20 s of solver per bot


# -- wooolf serve as a user runs it: refused before "serving on", no orphan after a kill


@dataclass(frozen=True)
class Done:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def serve(capfd: pytest.CaptureFixture[str]) -> Callable[..., Done]:
    """``wooolf serve ARGS`` in this process, expected to stop at once."""

    def run(*args: str) -> Done:
        status = main(["serve", *args])
        out, err = capfd.readouterr()
        return Done(status, out, err)

    return run


def one_line_error(done: Done, status: int, starts: str) -> None:
    assert done.returncode == status, (done.stdout, done.stderr)
    assert "serving on" not in done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"wooolf: error: {starts}"), lines


def test_a_database_that_cannot_be_used_is_refused_before_serving(
    tmp_path: Path, serve: Callable[..., Done]
) -> None:
    port = str(free_port())
    one_line_error(serve("--port", port, "--db", str(tmp_path)), 2, "--db:")
    one_line_error(serve("--port", port, "--db", str(tmp_path / "no" / "t.sqlite")), 2, "--db:")
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not a database, " * 100)
    one_line_error(serve("--port", port, "--db", str(garbage)), 2, "--db:")
    if os.geteuid() != 0:  # root writes a read-only file anyway
        read_only = tmp_path / "ro.sqlite"
        sqlite3.connect(read_only).execute("CREATE TABLE x (a)").connection.commit()
        read_only.chmod(0o444)
        one_line_error(serve("--port", port, "--db", str(read_only)), 2, "--db:")


def test_a_bad_host_or_a_busy_port_is_refused_before_serving(
    tmp_path: Path, serve: Callable[..., Done]
) -> None:
    db = str(tmp_path / "t.sqlite")
    one_line_error(serve("--host", "999.1.1.1", "--db", db), 2, "--host:")
    one_line_error(serve("--host", "192.0.2.1", "--db", db), 2, "--host:")  # not this computer's
    one_line_error(serve("--public-url", "javascript:x", "--db", db), 2, "--public-url:")
    one_line_error(serve("--max-tables", "0", "--db", db), 2, "--max-tables:")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        one_line_error(serve("--port", port, "--db", db), 74, "--port:")


def test_without_the_extra_the_message_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "wooolf_solver.server.running", raising=False)
    assert main(["serve", "--port", str(free_port())]) == 2
    error = capsys.readouterr().err
    assert "pip install 'wooolf-solver[server]'" in error and "uvicorn" in error


def session_processes(session: int) -> list[int]:
    """The live processes of a session (orphans included: their parent is gone)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def stopped_after_work(tmp_path: Path, stop: signal.Signals) -> str:
    """``wooolf serve`` in a session of its own, an analysis run in its workers, then
    ``stop`` sent; its stderr, once every process of the session is gone."""
    port = free_port()
    command = [sys.executable, "-m", "wooolf_solver", "serve", "--port", str(port)]
    command += ["--db", str(tmp_path / "t.sqlite")]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert server.stdout is not None
        assert "serving on" in server.stdout.readline()
        base = f"http://127.0.0.1:{port}"
        assert httpx.get(f"{base}/").status_code == 200  # listening once announced
        record = dict(read_document(EXAMPLE))
        answer = httpx.post(f"{base}/wooolf/api/analyse", json=record, timeout=60)
        assert answer.status_code == 200  # the analysis ran in a worker process
        assert len(session_processes(server.pid)) > 1
    finally:
        os.kill(server.pid, stop)
        _, err = server.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while session_processes(server.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert session_processes(server.pid) == []
    return err


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_no_process_outlives_a_killed_server(tmp_path: Path) -> None:
    stopped_after_work(tmp_path, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_stopped_server_stops_its_workers_and_says_nothing(tmp_path: Path) -> None:
    """Stopped as a terminal or a service manager stops it: its workers stopped with it,
    and no warning of multiprocessing's about what they left."""
    err = stopped_after_work(tmp_path, signal.SIGTERM)
    assert "leaked" not in err and "Traceback" not in err, err
