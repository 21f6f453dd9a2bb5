"""Where the solver runs: off the event loop, bounded, in processes that die with the server.

The bots' ballots and the assistant's analyses are exact computations of up to seconds;
the event loop never runs them. :class:`Workers` sends them to a small pool of worker
processes (``"process"``, the default), to threads (``"thread"``), or runs them at
once (``"inline"``, for tests). A worker process watches its parent and exits within
:data:`WATCH` seconds of the server's death, even a ``SIGKILL``: no orphan is left
(and :mod:`multiprocessing`'s resource tracker exits with the last of them).

:meth:`Workers.offload` bounds the analyses requests ask for: ``Limits.analyses``
run at once and ``Limits.waiting`` more wait, in order, for one of them (more still
are answered ``503`` at once); each is answered ``503`` after
``Limits.analysis_seconds`` of waiting and running (one that runs on in its worker
still holds its place until it is done). A worker
that dies (killed, out of memory) breaks the pool: the next computation gets a new one,
and the one that was running is tried once more.

>>> import asyncio
>>> asyncio.run(Workers("inline", Limits()).offload(pow, 2, 10))
1024
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Literal, TypeVar

from .limits import Limits

Kind = Literal["process", "thread", "inline"]
T = TypeVar("T")

WATCH = 0.5
"""Seconds between a worker process's looks at its parent."""


class BusyError(Exception):
    """The analyses' bound is reached, or one took too long (HTTP 503; one line)."""


def _die_with(parent: int) -> None:
    """A worker's initializer: exit as soon as ``parent`` is gone."""
    if os.getppid() != parent:
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class Workers:
    """The solver's pool (created on first use) and the analyses' bound."""

    def __init__(self, kind: Kind, limits: Limits) -> None:
        self.kind = kind
        self.limits = limits
        self.executor: Executor | None = None
        self.admitted = 0
        """Analyses waiting or running for a request."""
        self.running = 0
        """Analyses in the workers (answered or not)."""
        self.slots = asyncio.Semaphore(limits.analyses)

    def pool(self) -> Executor | None:
        """The executor (``None``: the event loop's default threads)."""
        if self.kind != "process":
            return None
        if self.executor is None:
            workers = min(2, os.cpu_count() or 1)  # two computations at once where they can
            self.executor = ProcessPoolExecutor(
                workers,
                mp_context=get_context("spawn"),
                initializer=_die_with,
                initargs=(os.getpid(),),
            )
        return self.executor

    def submit(self, function: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``function(*args)`` off the event loop (done already when ``inline``)."""
        loop = asyncio.get_running_loop()
        if self.kind == "inline":
            future: asyncio.Future[T] = loop.create_future()
            try:
                future.set_result(function(*args))
            except Exception as error:
                future.set_exception(error)
            return future
        try:
            return loop.run_in_executor(self.pool(), function, *args)
        except BrokenProcessPool:  # a worker died: a new pool
            self.close()
            return loop.run_in_executor(self.pool(), function, *args)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` off the event loop, tried again once on a new pool if its
        worker dies."""
        try:
            return await self.submit(function, *args)
        except BrokenProcessPool:
            self.close()
            return await self.submit(function, *args)

    async def offload(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` within the analyses' bound (:class:`BusyError` past it)."""
        if self.admitted >= self.limits.analyses + self.limits.waiting:
            raise BusyError(
                f"analysis: {self.admitted} analyses are running or waiting, the most at "
                "once; try again in a moment"
            )
        self.admitted += 1
        try:
            return await asyncio.wait_for(
                self._in_a_slot(function, *args), self.limits.analysis_seconds
            )
        except TimeoutError:
            raise BusyError(
                f"analysis: longer than {self.limits.analysis_seconds:g} s; "
                "a smaller round, or try again later"
            ) from None
        except BrokenProcessPool:
            raise BusyError("analysis: its worker died twice; try again later") from None
        finally:
            self.admitted -= 1

    async def _in_a_slot(self, function: Callable[..., T], *args: Any) -> T:
        await self.slots.acquire()  # cancelled while waiting: it never runs
        self.running += 1
        future = asyncio.ensure_future(self.run(function, *args))
        future.add_done_callback(self._finished)
        return await asyncio.shield(future)

    def _finished(self, future: asyncio.Future[Any]) -> None:
        self.running -= 1
        self.slots.release()

    def close(self, final: bool = False) -> None:
        """Let the pool go (a broken one, or the server's at its end). ``final``: its
        processes are stopped and waited for as well, a computation in progress
        included, so that the server stops at once and leaves nothing behind (not even
        the pool's semaphores, which :mod:`multiprocessing` would warn about)."""
        if self.executor is None:
            return
        # the pool's processes (CPython keeps them by pid; none found elsewhere: the
        # watch on the parent still ends them within WATCH seconds)
        processes = list((getattr(self.executor, "_processes", None) or {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = None
        if final:
            for process in processes:
                process.terminate()
            for process in processes:
                process.join(WATCH * 4)
