"""Hostile requests: bounded bodies and fields, repeated keys, bodies that are not
UTF-8, the assistant's editions, private links that ignore the Host header."""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from wooolf_solver.server.app import create_app
from wooolf_solver.server.limits import Limits
from wooolf_solver.server.pushing import STREAMS, Hub, Subscriber

from .helpers import Clock, TestClient, create, play_night
from .live_server import serving

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
LIMIT = Limits().body


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "t.sqlite", clock=Clock(), solver=lambda r: None, workers="inline")
    with TestClient(app) as client:
        yield client


def refused(response: object, status: int, starts: str) -> str:
    """The one-line error of a refused request (checked: status, start, bounded)."""
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    error: str = response.json()["error"]  # type: ignore[attr-defined]
    assert error.startswith(starts), error
    assert "\n" not in error and len(error) <= 300
    return error


def test_a_body_over_the_limit_is_413_at_once(client: TestClient) -> None:
    big = json.dumps({"game": "onuw", "players": 5, "deck": ["w" * 1000] * 100})
    assert len(big) > LIMIT
    refused(
        client.post("/api/tables", content=big, headers={"Content-Type": "application/json"}),
        413,
        "body: longer than",
    )

    def chunks() -> Iterator[bytes]:  # no Content-Length: refused as the bytes pass the limit
        for _ in range(100):
            yield b" " * 4096

    refused(client.post("/api/tables", content=chunks()), 413, "body:")
    refused(
        client.post("/setup", content="players=" + "5" * (LIMIT + 1), headers=FORM), 413, "body:"
    )
    refused(
        client.post(
            "/wooolf/api/analyse", content=big, headers={"Content-Type": "application/json"}
        ),
        413,
        "body:",
    )


def test_a_long_field_is_named_and_never_echoed(client: TestClient) -> None:
    seats = create(client, players=3, seed=8)
    play_night(seats)
    role = "w" * 20_000
    response = client.post(
        f"/api/tables/{seats.table}/seats/1/act",
        json={"claim": {"role": role}},
        headers=seats.headers(1),
    )
    error = refused(response, 422, "claim.role: longer than 200 characters")
    assert "www" not in error
    refused(
        client.post("/api/tables", json={"game": "x" * 5000, "players": 3}), 422, "game: longer"
    )
    refused(
        client.post("/api/tables", json={"game": "onuw", "players": 3, "deck": ["v" * 201] * 3}),
        422,
        "deck.0: longer",
    )
    refused(
        client.post("/api/tables", json={"game": "onuw", "players": 3, "k" * 300: 1}),
        422,
        "body: a key longer",
    )
    nested = "[" * 5000 + "]" * 5000
    refused(
        client.post("/api/tables", content=nested, headers={"Content-Type": "application/json"}),
        422,
        "body:",
    )
    refused(
        client.post("/api/tables", content=b"{\xff}", headers={"Content-Type": "application/json"}),
        422,
        "body: not UTF-8",
    )
    # a long value of the setup form: named, not echoed
    page = client.post("/setup", content="players=3&deck=" + "x" * 5000, headers=FORM)
    assert page.status_code == 422 and "deck: longer than 200" in page.text
    assert "x" * 100 not in page.text


def test_a_repeated_key_is_refused(client: TestClient) -> None:
    body = '{"game": "onuw", "players": 5, "players": 3}'
    refused(
        client.post("/api/tables", content=body, headers={"Content-Type": "application/json"}),
        422,
        "players: given twice",
    )
    seats = create(client, players=3, seed=8)
    play_night(seats)
    move = '{"claim": {"role": "seer", "role": "robber"}}'
    response = client.post(
        f"/api/tables/{seats.table}/seats/1/act",
        content=move,
        headers={**seats.headers(1), "Content-Type": "application/json"},
    )
    refused(response, 422, "role: given twice")
    assert (
        client.get(f"/api/tables/{seats.table}/seats/1", headers=seats.headers(1)).json()["claims"]
        == []
    )


def test_a_form_that_is_not_utf8_is_422(client: TestClient) -> None:
    page = client.post("/setup", content=b"players=3&edition=\xff\xfe", headers=FORM)
    assert page.status_code == 422 and "form: not UTF-8 text" in page.text
    page = client.post("/setup", content="&".join(["players=3"] * 101), headers=FORM)
    assert page.status_code == 422 and "form: more than 100 fields" in page.text
    page = client.post("/setup", content="players=%FF%FE3", headers=FORM)  # percent-encoded bytes
    assert page.status_code == 422
    page = client.post("/setup", content="players=³", headers=FORM)  # a superscript digit
    assert page.status_code == 422 and "players: a whole number" in page.text


def test_the_assistant_opens_only_built_in_editions(client: TestClient, tmp_path: Path) -> None:
    deck = tmp_path / "secret.toml"
    deck.write_text("name = 'mine'\nsecret = 'do not show'\n", encoding="utf-8")
    for edition in (str(deck), "/etc/passwd.toml", "../../x.toml", str(tmp_path / "no.toml")):
        error = refused(
            client.get("/wooolf/api/setup", params={"edition": edition}),
            422,
            "edition: one of the built-in editions",
        )
        assert "secret" not in error and "exist" not in error
        record = {"game": "wooolf", "edition": edition, "players": 6, "events": []}
        refused(
            client.post("/wooolf/api/analyse", json=record), 422, "edition: one of the built-in"
        )
        refused(client.post("/wooolf/api/record", json=record), 422, "edition: one of the built-in")
    assert client.get("/wooolf/api/setup", params={"edition": "basic"}).status_code == 200


def test_private_links_ignore_the_host_header(tmp_path: Path) -> None:
    form = "players=3&bots=3"
    app = create_app(tmp_path / "t.sqlite", workers="inline")
    with TestClient(app) as client:
        page = client.post("/setup", content=form, headers={**FORM, "Host": "evil.example"})
        assert page.status_code == 200 and "evil.example" not in page.text
    app = create_app(
        tmp_path / "u.sqlite", workers="inline", public_url="https://wooolf.example.org/"
    )
    with TestClient(app) as client:
        page = client.post("/setup", content=form, headers={**FORM, "Host": "evil.example"})
        assert "evil.example" not in page.text
        assert page.text.count("https://wooolf.example.org/t/") == 4  # two seats: a link, its text
    with serving(create_app(tmp_path / "v.sqlite", workers="inline")) as base:
        port = base.rsplit(":", 1)[1]
        headers = {**FORM, "Host": "evil.example", "Connection": "close"}
        answer = raw(port, head("/setup", headers, len(form)) + form.encode())
        assert b"303 See Other" in answer.split(b"\r\n")[0]  # to the host's page
        fields = dict(
            line.split(b": ", 1) for line in answer.split(b"\r\n\r\n")[0].split(b"\r\n")[1:]
        )
        cookie = fields[b"set-cookie"].split(b";")[0].decode()
        path = fields[b"location"].decode()
        lines = [f"GET {path} HTTP/1.1", "Host: evil.example", f"Cookie: {cookie}"]
        answer = raw(port, "\r\n".join([*lines, "Connection: close", "", ""]).encode())
        assert b"200 OK" in answer.split(b"\r\n")[0]
        assert b"evil.example" not in answer and f"http://127.0.0.1:{port}/t/".encode() in answer


def head(path: str, headers: dict[str, str], length: int) -> bytes:
    """The head of a raw ``POST`` of ``length`` bytes."""
    lines = [f"POST {path} HTTP/1.1", *(f"{k}: {v}" for k, v in headers.items())]
    return "\r\n".join([*lines, f"Content-Length: {length}", "", ""]).encode()


JSON = {"Host": "x", "Content-Type": "application/json"}


def raw(port: str, request: bytes, timeout: float = 10.0) -> bytes:
    """Send ``request`` as is; what came back before the server closed or ``timeout``."""
    with socket.create_connection(("127.0.0.1", int(port)), timeout=timeout) as sock:
        sock.sendall(request)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except (TimeoutError, ConnectionResetError):
            pass
    return b"".join(chunks)


def test_a_huge_announced_body_is_refused_before_it_is_sent(tmp_path: Path) -> None:
    with serving(create_app(tmp_path / "t.sqlite", workers="inline")) as base:
        port = base.rsplit(":", 1)[1]
        start = time.monotonic()
        answer = raw(port, head("/api/tables", JSON, 100_000_000) + b"{", timeout=5)
        assert time.monotonic() - start < 3
        assert answer.startswith(b"HTTP/1.1 413"), answer[:100]


def test_memory_stays_bounded_after_large_bodies(tmp_path: Path) -> None:
    body = b'{"game": "' + b"w" * (10 << 20) + b'"}'
    with serving(create_app(tmp_path / "t.sqlite", workers="inline")) as base:
        port = base.rsplit(":", 1)[1]
        start = head("/api/tables", JSON, len(body))
        raw(port, start + body[:1000], timeout=2)  # warm up
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        for _ in range(5):
            with socket.create_connection(("127.0.0.1", int(port)), timeout=5) as sock:
                sock.sendall(start)
                with contextlib.suppress(OSError):  # the server closed: refused before the end
                    sock.sendall(body)
                assert sock.recv(100).startswith(b"HTTP/1.1 413")
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before  # KiB
        assert grown < 60 * 1024, f"{grown} KiB"


def test_odd_numbers_are_refused_in_one_line(client: TestClient) -> None:
    seats = create(client, players=5, bots=[4, 5], seed=3)
    for seat in seats.tokens:
        for key in ("saw", "centre", "robbed", "swapped", "took"):
            for value in ("²", "٣", "9" * 5000, ["²", "1"]):
                url = f"/api/tables/{seats.table}/seats/{seat}/act"
                response = client.post(url, json={key: value}, headers=seats.headers(seat))
                assert response.status_code in (409, 422), (key, value, response.text)
                assert len(response.json()["error"]) <= 300
    huge = '{"game": "onuw", "players": ' + "9" * 5000 + "}"
    json_body = {"Content-Type": "application/json"}
    refused(client.post("/api/tables", content=huge, headers=json_body), 422, "body: not JSON")
    for seat in ("²", "9" * 5000, "-1"):
        url = f"/api/tables/{seats.table}/seats/{seat}"
        assert client.get(url, headers=seats.headers(1)).status_code in (403, 404)
        assert client.get(f"/t/{seats.table}/{seat}").status_code == 404


def test_a_seat_holds_a_few_streams_at_most() -> None:
    hub = Hub()
    streams = [Subscriber() for _ in range(STREAMS + 2)]
    for stream in streams:
        hub.add("T", 1, stream)
    assert list(hub.subscribers["T"][1]) == streams[2:]
    for ended in streams[:2]:
        assert ended.queue.get_nowait() is None  # its stream stops
    hub.forget("T")
    assert all(stream.queue.get_nowait() is None for stream in streams[2:])
    assert "T" not in hub.subscribers


def test_a_body_trickled_in_is_cut_off(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite", workers="inline", limits=Limits(body_seconds=1.0))
    with serving(app) as base:
        port = base.rsplit(":", 1)[1]
        with socket.create_connection(("127.0.0.1", int(port)), timeout=10) as sock:
            sock.sendall(head("/api/tables", JSON, 100) + b'{"game": ')
            start = time.monotonic()
            answer = sock.recv(1000)
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert 0.5 < time.monotonic() - start < 5
