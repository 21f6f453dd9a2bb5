"""What a game's own web page (mounted by the server, :attr:`Game.pages
<wooolf_solver.games.base.Game.pages>`) asks of its host, without importing the server.

A page's heavy work runs through :func:`offload`: in the host's workers when the app
that serves the request has them (``app.state.workers``, anything with an ``offload``
coroutine method: the server's are bounded and answer ``503`` when busy), otherwise in
a thread, so that the event loop never runs a solver. A page that keeps sessions
(a moderated game, say) keeps them in :func:`page_store`: the host's database when it
has one (``app.state.page_store``: the server's SQLite, so nothing is lost on a
restart), otherwise in memory for the app's life.

>>> import asyncio
>>> from types import SimpleNamespace
>>> request = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace()))
>>> asyncio.run(offload(request, pow, 2, 10))
1024
>>> page_store(request).keep("notes", "k1", {"n": 1})
>>> page_store(request).kept("notes", "k1")
{'n': 1}
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Workers(Protocol):
    """A host's workers: they run a function off the event loop, bounded."""

    def offload(self, function: Callable[..., T], *args: Any) -> Awaitable[T]: ...


async def offload(request: Any, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in the workers of the app serving ``request`` (a game page's
    heavy work), or in a thread when the app has none (a router mounted elsewhere)."""
    workers: Workers | None = getattr(request.app.state, "workers", None)
    if workers is None:
        return await asyncio.to_thread(function, *args)
    return await workers.offload(function, *args)


class PageStore(Protocol):
    """Where a page keeps its sessions: each a JSON object under a kind and a key."""

    def keep(self, kind: str, key: str, state: Mapping[str, Any], most: int | None = None) -> None:
        """Write a session; beyond ``most`` of its kind, the least recently written go."""

    def kept(self, kind: str, key: str) -> dict[str, Any] | None:
        """A session as last written (``None``: none)."""


class MemoryStore:
    """A :class:`PageStore` in memory (a host without a database).

    >>> store = MemoryStore()
    >>> for key in "abc":
    ...     store.keep("notes", key, {}, most=2)
    >>> sorted(store.sessions)
    [('notes', 'b'), ('notes', 'c')]
    """

    def __init__(self) -> None:
        self.sessions: dict[tuple[str, str], dict[str, Any]] = {}

    def keep(self, kind: str, key: str, state: Mapping[str, Any], most: int | None = None) -> None:
        self.sessions.pop((kind, key), None)  # the newest last
        self.sessions[kind, key] = copy.deepcopy(dict(state))
        if most is not None:
            mine = [k for k in self.sessions if k[0] == kind]
            for old in mine[: max(len(mine) - most, 0)]:
                del self.sessions[old]

    def kept(self, kind: str, key: str) -> dict[str, Any] | None:
        state = self.sessions.get((kind, key))
        return None if state is None else copy.deepcopy(state)


def page_store(request: Any) -> PageStore:
    """The store of the app serving ``request`` (``app.state.page_store``), or one in
    memory made for that app on first use."""
    state = request.app.state
    store: PageStore | None = getattr(state, "page_store", None)
    if store is None:
        store = state.page_store = MemoryStore()
    return store
