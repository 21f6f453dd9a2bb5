"""Pushing views to the seats' pages (server-sent events).

Each subscriber belongs to one seat of one table and only ever receives that seat's
own view (the same JSON as ``GET /api/tables/ID/seats/S``), and only when it differs
from the last one it was sent (the day's countdown aside): a change that a seat cannot
see (another seat's night move) sends it nothing, so not even the timing of a message
tells it something.
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Callable
from typing import Any

KEEPALIVE = 15.0
"""Seconds between keep-alive comments on an idle stream."""

STREAMS = 4
"""Open streams per seat at most; a new one ends the oldest (a page reloaded again and
again holds no more than this)."""

TICKING = ("seconds_left",)
"""Fields that change with the clock alone: not a reason to push."""


def _key(view: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in view.items() if k not in TICKING}, sort_keys=True)


class Subscriber:
    """One open page of one seat."""

    def __init__(self) -> None:
        self.last: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def offer(self, view: dict[str, Any]) -> None:
        """Send ``view`` unless it says nothing new."""
        key = _key(view)
        if key != self.last:
            self.last = key
            self.deliver(json.dumps(view))

    def deliver(self, message: str) -> None:
        self.queue.put_nowait(message)

    def end(self) -> None:
        """End the stream (``None`` in the queue: the stream stops)."""
        self.queue.put_nowait(None)


class Hub:
    """The subscribers of every seat of every table."""

    def __init__(self) -> None:
        self.subscribers: dict[str, dict[int, dict[Subscriber, None]]] = defaultdict(
            lambda: defaultdict(dict)
        )
        """Table -> seat -> its subscribers, oldest first."""

    def add(self, table: str, seat: int, subscriber: Subscriber) -> None:
        """Subscribe ``subscriber``; past :data:`STREAMS`, the seat's oldest one ends."""
        streams = self.subscribers[table][seat]
        while len(streams) >= STREAMS:
            oldest = next(iter(streams))
            del streams[oldest]
            oldest.end()
        streams[subscriber] = None

    def remove(self, table: str, seat: int, subscriber: Subscriber) -> None:
        seats = self.subscribers.get(table)
        if seats is not None and seat in seats:
            seats[seat].pop(subscriber, None)
            if not seats[seat]:
                del seats[seat]
            if not seats:
                del self.subscribers[table]

    def forget(self, table: str) -> None:
        """End every stream of ``table`` (a table dropped)."""
        for streams in self.subscribers.pop(table, {}).values():
            for subscriber in streams:
                subscriber.end()

    def publish(self, table: str, view: Callable[[int], dict[str, Any]]) -> None:
        """Offer every subscribed seat of ``table`` its own view."""
        for seat, subscribers in list(self.subscribers.get(table, {}).items()):
            if subscribers:
                current = view(seat)
                for subscriber in list(subscribers):
                    subscriber.offer(current)


def event(message: str) -> str:
    """One server-sent event carrying ``message`` (a JSON text: one line)."""
    return f"data: {message}\n\n"
