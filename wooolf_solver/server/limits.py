"""What the server accepts: bounded bodies, bounded fields, one value per key.

Every request body passes through :class:`BodyGuard` (a plain ASGI middleware)
before any route sees it: a body longer than :attr:`Limits.body` bytes is answered
``413`` at once (from its ``Content-Length``, or as soon as the streamed bytes pass
the limit, never read whole); a JSON body is read by :func:`read_json`, which refuses
text that is not UTF-8, repeated keys, strings longer than :attr:`Limits.string`
characters and nesting deeper than :attr:`Limits.depth`, each in one line naming the
field (``422 {"error": ...}``), the value never echoed whole (:func:`one_line`); a body
that takes longer than :attr:`Limits.body_seconds` to arrive is ``408``.

>>> read_json(b'{"claim": {"role": "baker"}}', Limits())
{'claim': {'role': 'baker'}}
>>> read_json(b'{"ballot": 1, "ballot": 2}', Limits())
Traceback (most recent call last):
...
wooolf_solver.server.limits.BodyError: ballot: given twice
>>> read_json(b'{"claim": {"role": "' + b"w" * 500 + b'"}}', Limits())
Traceback (most recent call last):
...
wooolf_solver.server.limits.BodyError: claim.role: longer than 200 characters
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SHOWN = 60
"""Characters of a refused value that a message may quote."""


@dataclass(frozen=True)
class Limits:
    """The server's bounds (``wooolf serve`` options name the ones a host may change)."""

    body: int = 64 * 1024
    """Bytes of a request body (a whole Wooolf!! round of a thousand events fits)."""
    body_seconds: float = 10.0
    """Seconds a request body may take to arrive (a client trickling it: ``408``)."""
    string: int = 200
    """Characters of any string (or key) in a JSON body."""
    depth: int = 16
    """Nesting of arrays and objects in a JSON body."""
    tables: int = 1000
    """Tables held at once; past it, finished tables go first, then new ones wait (503)."""
    idle: float = 24 * 3600.0
    """Seconds after which a table nobody moved (finished or abandoned) is dropped."""
    analyses: int = 2
    """Assistant analyses running at once."""
    waiting: int = 8
    """Assistant analyses waiting for one of those; past it, ``503`` at once."""
    analysis_seconds: float = 30.0
    """Seconds an assistant analysis may wait and take before it is answered ``503``."""


class BodyError(Exception):
    """A refused body: its HTTP status and one line naming the field."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line, at most ``limit`` characters (never an input echoed whole).

    >>> one_line("a  b\\nc"), len(one_line("x" * 10_000))
    ('a b c', 300)
    """
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def shown(value: str) -> str:
    """A refused value as a message quotes it: its beginning, and its length if cut.

    >>> shown("baker"), shown("w" * 100)[-20:]
    ("'baker'", "w'… (100 characters)")
    """
    if len(value) <= SHOWN:
        return repr(value)
    return f"{value[:SHOWN]!r}… ({len(value)} characters)"


def read_json(body: bytes, limits: Limits) -> Any:
    """The JSON value of ``body``, checked against ``limits`` (:class:`BodyError` else)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BodyError(422, "body: not UTF-8 text") from None
    try:
        value = json.loads(text, object_pairs_hook=_unique)
    except BodyError:
        raise
    except RecursionError:
        raise BodyError(422, "body: nested too deep") from None
    except ValueError as error:
        raise BodyError(422, one_line(f"body: not JSON ({error})")) from None
    _check(value, limits)
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BodyError(422, f"{key[:SHOWN]}: given twice")
        out[key] = value
    return out


def _check(value: Any, limits: Limits) -> None:
    """Every string, key and depth of ``value`` within ``limits`` (iteratively)."""
    stack: list[tuple[Any, str, int]] = [(value, "body", 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            if len(item) > limits.string:
                raise BodyError(422, f"{where}: longer than {limits.string} characters")
            continue
        if not isinstance(item, dict | list):
            continue
        if depth >= limits.depth:
            raise BodyError(422, f"{where}: nested deeper than {limits.depth}")
        pairs = list(item.items() if isinstance(item, dict) else enumerate(item))
        for key, child in reversed(pairs):  # the first offending field is named
            if isinstance(key, str) and len(key) > limits.string:
                raise BodyError(422, f"{where}: a key longer than {limits.string} characters")
            name = str(key) if where == "body" else f"{where}.{key}"
            stack.append((child, name, depth + 1))


class BodyGuard:
    """ASGI middleware: bounded request bodies, JSON bodies checked before any route."""

    def __init__(self, app: App, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        try:
            length = headers.get(b"content-length")
            if length is not None and not (
                length.isdigit() and len(length) <= 12 and int(length) <= self.limits.body
            ):
                raise BodyError(413, f"body: longer than {self.limits.body} bytes")
            try:
                body = await asyncio.wait_for(self._read(receive), self.limits.body_seconds)
            except TimeoutError:
                raise BodyError(
                    408, f"body: not sent within {self.limits.body_seconds:g} s"
                ) from None
            if b"json" in headers.get(b"content-type", b"") and body.strip():
                read_json(body, self.limits)
        except BodyError as error:
            await _refuse(send, error)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, receive: Receive) -> bytes:
        """The whole body, refused as soon as it passes the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise BodyError(400, "body: the client left")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limits.body:
                raise BodyError(413, f"body: longer than {self.limits.body} bytes")
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


async def _refuse(send: Send, error: BodyError) -> None:
    content = json.dumps({"error": str(error)}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(content))]
    if error.status in (408, 413):
        headers.append((b"connection", b"close"))  # the rest of the body is not read
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
