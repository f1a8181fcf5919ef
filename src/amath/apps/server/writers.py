"""Moves' writes, committed in batches by a few writers on the event loop, each with its own connection.

One mechanism for every database: a writer that is free takes every write waiting and
commits them together, so a slow commit makes the next batch bigger instead of queueing
one commit per move behind it, and holds only the writes of its own batch (the other
writers go on with the rest).  A batch that fails is written again one write at a time,
so only the failing write fails.  How a batch reaches the database is the *driver's*:
a synchronous driver (SQLite's) commits on a thread of the writer's own, psycopg's
``AsyncConnection`` (PostgreSQL) on the event loop itself, with no thread to wake.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import psycopg
    from sqlalchemy.engine import Engine


class Store(Protocol):
    """What the writers use of :class:`amath.apps.server.storage.Store`: its engine and its two batch writes."""

    engine: Engine

    def save_states(self, conn: Any, writes: Writes) -> None: ...

    async def save_states_async(self, conn: Any, writes: Writes) -> None: ...


Writes = list[tuple[Any, int]]
"""A batch: each game (a :class:`amath.apps.server.storage.StoredGame`, passed on as it is) with its first unstored turn."""
MAX_BATCH = 256
"""Most writes one commit takes (a writer behind a slow commit catches up in a few)."""


class Driver(Protocol):
    """How a writer reaches the database: its connection, and a batch committed on it (all or nothing)."""

    async def open(self) -> Any:
        """A connection for one writer, held until it fails or the server stops."""

    async def commit(self, conn: Any, writes: Writes) -> None:
        """Store ``writes`` in one transaction on ``conn``; on failure nothing of them is stored."""

    async def close(self, conn: Any, failed: bool) -> None:
        """Let go of ``conn`` (``failed``: it is not trusted again, not even by a pool)."""


@dataclass(slots=True)
class _Lane:
    """A synchronous driver connection and the one thread that uses it."""

    thread: ThreadPoolExecutor
    conn: Any


class ThreadDriver:
    """A synchronous DB-API driver (SQLite's ``sqlite3``, or any other): each writer commits on a thread of its own."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def open(self) -> _Lane:
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="amath-db-writer")
        try:
            conn = await asyncio.get_running_loop().run_in_executor(thread, self.store.engine.raw_connection)
        except BaseException:
            thread.shutdown(wait=False)
            raise
        return _Lane(thread, conn)

    async def commit(self, conn: _Lane, writes: Writes) -> None:
        await asyncio.get_running_loop().run_in_executor(conn.thread, self.store.save_states, conn.conn, writes)

    async def close(self, conn: _Lane, failed: bool) -> None:
        release = conn.conn.invalidate if failed else conn.conn.close
        with contextlib.suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(conn.thread, release)
        conn.thread.shutdown(wait=False)


class PsycopgDriver:
    """PostgreSQL through psycopg 3's ``AsyncConnection``: the statements and the commit are awaited on the event loop."""

    def __init__(self, store: Store) -> None:
        self.store = store
        # the very arguments SQLAlchemy's psycopg dialect connects with (host, port, dbname, user, options, ...)
        self._args, self._kwargs = store.engine.dialect.create_connect_args(store.engine.url)

    async def open(self) -> psycopg.AsyncConnection[Any]:
        import psycopg

        return await psycopg.AsyncConnection.connect(*self._args, **self._kwargs)

    async def commit(self, conn: psycopg.AsyncConnection[Any], writes: Writes) -> None:
        await self.store.save_states_async(conn, writes)

    async def close(self, conn: psycopg.AsyncConnection[Any], failed: bool) -> None:
        with contextlib.suppress(Exception):
            await conn.close()


ASYNC_DRIVERS: dict[str, type[PsycopgDriver]] = {"psycopg": PsycopgDriver}
"""SQLAlchemy driver name -> the writers' driver that awaits it on the event loop; any other runs on threads."""


WRITERS_ENV = "AMATH_DB_WRITERS"
"""``threads`` here puts every database's writers on threads (PostgreSQL's too): to compare the two drivers on one machine."""


def driver_for(store: Store) -> Driver:
    """The writers' driver for ``store``'s database: on the event loop where its driver can, else on threads."""
    if os.environ.get(WRITERS_ENV) == "threads":
        return ThreadDriver(store)
    return ASYNC_DRIVERS.get(store.engine.dialect.driver, ThreadDriver)(store)


_Write = tuple[Any, int, "asyncio.Future[None]"]


class _Writer:
    """One writer: its connection (opened on first use, replaced after a failure) and its task."""

    __slots__ = ("conn", "task")

    def __init__(self) -> None:
        self.conn: Any = None
        self.task: asyncio.Task[None] | None = None


class Writers:
    """``count`` writers on the running event loop (started by the first write), committing through ``driver``.

    A game has one write in flight at most (its room's lock), so its writes keep their order.
    """

    def __init__(self, driver: Driver, count: int) -> None:
        self.driver = driver
        self.count = max(1, count)
        self._waiting: deque[_Write] = deque()
        self._idle: deque[asyncio.Future[None]] = deque()  # one per writer waiting for work: a write wakes one, not all
        self._writers: list[_Writer] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = False

    async def write(self, game: Any, first_new_turn: int) -> None:
        """Store ``game``'s header and its turns from ``first_new_turn`` on; returns once committed, raises if it failed."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._start(loop)
        future: asyncio.Future[None] = loop.create_future()
        self._waiting.append((game, first_new_turn, future))
        self._wake_one()
        await future

    async def stop(self) -> None:
        """Write what is queued, then end the writers and let go of their connections."""
        self._stopping = True
        while self._idle:
            self._wake_one()
        here = self._loop is asyncio.get_running_loop()
        await asyncio.gather(*(w.task for w in self._writers if w.task is not None and here), return_exceptions=True)
        self._writers, self._loop = [], None  # a write after this starts new writers

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop, self._stopping, self._idle = loop, False, deque()
        self._writers = [_Writer() for _ in range(self.count)]
        for k, writer in enumerate(self._writers):
            writer.task = loop.create_task(self._run(writer), name=f"amath-db-writer-{k}")

    def _wake_one(self) -> None:
        while self._idle:
            idle = self._idle.popleft()
            if not idle.done():
                idle.set_result(None)
                return

    async def _run(self, writer: _Writer) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                if not self._waiting:
                    if self._stopping:
                        return
                    idle: asyncio.Future[None] = loop.create_future()
                    self._idle.append(idle)
                    await idle
                    continue
                batch = [self._waiting.popleft() for _ in range(min(MAX_BATCH, len(self._waiting)))]
                if self._waiting:
                    self._wake_one()  # more than one batch waits: another free writer takes the rest
                for (_, _, future), error in zip(batch, await self._write(writer, batch)):
                    if future.done():
                        continue  # its request went away; the write itself was made
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            if writer.conn is not None:
                conn, writer.conn = writer.conn, None
                await self.driver.close(conn, failed=False)

    async def _write(self, writer: _Writer, batch: list[_Write]) -> list[BaseException | None]:
        """Commit ``batch``; after a failure each write alone, so one bad write fails alone."""
        try:
            await self._commit(writer, [(game, first) for game, first, _ in batch])
            return [None] * len(batch)
        except Exception as exc:
            if len(batch) == 1:
                return [exc]
        results: list[BaseException | None] = []
        for game, first, _ in batch:
            try:
                await self._commit(writer, [(game, first)])
                results.append(None)
            except Exception as exc:
                results.append(exc)
        return results

    async def _commit(self, writer: _Writer, writes: Writes) -> None:
        if writer.conn is None:
            writer.conn = await self.driver.open()
        try:
            await self.driver.commit(writer.conn, writes)
        except Exception:
            conn, writer.conn = writer.conn, None  # a connection that failed is not trusted again
            await self.driver.close(conn, failed=True)
            raise
