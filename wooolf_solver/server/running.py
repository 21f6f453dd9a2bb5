"""Running the app on uvicorn, on a socket already bound, announced once it listens.

``wooolf serve`` binds the socket itself (so that a bad ``--host`` or a busy port is
one line and an exit status before anything is announced) and hands it here; the
lines "serving on …" are printed only once uvicorn has started and listens.
Connections at once are bounded (:func:`connections`): past the bound, uvicorn answers
``503`` rather than running out of file descriptors.
"""

from __future__ import annotations

import resource
import socket
from collections.abc import Sequence
from typing import Any

import uvicorn


class Announcing(uvicorn.Server):
    """A uvicorn server that prints ``lines`` once it has started."""

    def __init__(self, config: uvicorn.Config, lines: Sequence[str]) -> None:
        super().__init__(config)
        self.lines = list(lines)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if not self.should_exit:
            for line in self.lines:
                print(line, flush=True)


CONNECTIONS = 4096
"""Connections (and open event streams) at once, at most."""


def connections() -> int:
    """The bound on connections at once: :data:`CONNECTIONS`, or fewer when this
    process may open fewer files (some left for the database and the workers).

    >>> 0 < connections() <= CONNECTIONS
    True
    """
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return CONNECTIONS
    return max(16, min(CONNECTIONS, soft - 64))


def serve_on(app: Any, sock: socket.socket, lines: Sequence[str]) -> None:
    """Serve ``app`` on the listening ``sock`` until interrupted."""
    config = uvicorn.Config(
        app,
        log_level="warning",
        timeout_graceful_shutdown=3,
        limit_concurrency=connections(),
    )
    Announcing(config, lines).run(sockets=[sock])
