"""What a game's own web page (mounted by the server, :attr:`Game.pages
<wooolf_solver.games.base.Game.pages>`) asks of its host, without importing the server.

A page's heavy work runs through :func:`offload`: in the host's workers when the app
that serves the request has them (``app.state.workers``, anything with an ``offload``
coroutine method: the server's are bounded and answer ``503`` when busy), otherwise in
a thread, so that the event loop never runs a solver.

>>> import asyncio
>>> from types import SimpleNamespace
>>> request = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace()))
>>> asyncio.run(offload(request, pow, 2, 10))
1024
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
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
