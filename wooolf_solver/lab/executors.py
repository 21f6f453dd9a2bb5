"""Where games run: one small interface, three implementations.

An :class:`Executor` has one method, ``map(fn, items)``: it applies a picklable
top-level function to every item and yields the results **in the order of the
items**, whatever order they finish in. So a simulation's results, and its report,
are the same on any executor and any number of workers.

- :class:`Serial`: in this process, one after the other (``--workers 1``).
- :class:`Processes`: a pool of local processes (``concurrent.futures``; the
  default, one per core). Workers start from a fork server (a clean process, never a
  fork of a process with threads), or by spawning where there is none.
- :class:`Dask`: a Dask distributed cluster, by its scheduler's address
  (``--scheduler tcp://host:8786``), needing the optional extra ``lab``
  (``pip install 'wooolf-solver[lab]'``). The workers must be able to import
  ``wooolf_solver``; the tasks carry the deck's text, not its path.

>>> list(Serial().map(abs, [-2, 1, -3]))
[2, 1, 3]
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..core.budget import max_memory, memory_budget

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs a function over items and yields the results in the items' order."""

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]: ...


@dataclass(frozen=True)
class WithBudget(Generic[T, R]):
    """``fn`` under the memory budget ``size`` (bytes): what a worker process runs, so
    that it counts under its parent's ``--max-memory``."""

    fn: Callable[[T], R]
    size: int

    def __call__(self, item: T) -> R:
        with memory_budget(self.size):
            return self.fn(item)


@dataclass(frozen=True)
class Serial:
    """Everything in this process."""

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


@dataclass(frozen=True)
class Processes:
    """A pool of ``workers`` local processes (default: one per core)."""

    workers: int | None = None

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        workers = self.workers or os.cpu_count() or 1
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        task = WithBudget(fn, max_memory())
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            futures = [pool.submit(task, item) for item in items]
            try:
                for future in futures:
                    yield future.result()
            finally:
                for future in futures:
                    future.cancel()


@dataclass(frozen=True)
class Dask:
    """A Dask distributed cluster: its scheduler's ``address``, or a ``client``
    already connected (then left open)."""

    address: str | None = None
    client: Any = None

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        try:
            from distributed import Client  # noqa: PLC0415 (an optional extra)
        except ImportError as error:  # pragma: no cover - the extra is in the dev install
            raise ImportError(
                "the Dask executor needs the optional extra: pip install 'wooolf-solver[lab]'",
                name=error.name,
            ) from error
        client = self.client
        if client is None:
            client = Client(self.address)  # type: ignore[no-untyped-call]
        try:
            futures = client.map(WithBudget(fn, max_memory()), list(items), pure=False)
            try:
                for future in futures:
                    yield future.result()
            finally:
                client.cancel(futures)
        finally:
            if self.client is None:
                client.close()


def make_executor(workers: int | None = None, scheduler: str | None = None) -> Executor:
    """The executor for ``--workers`` / ``--scheduler``: Dask when given a scheduler,
    else processes, or this process alone for one worker.

    >>> make_executor(1), make_executor(2)
    (Serial(), Processes(workers=2))
    """
    if scheduler:
        return Dask(scheduler)
    if workers == 1:
        return Serial()
    return Processes(workers)
