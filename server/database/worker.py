"""The database's one thread: every repository's work runs on it, one transaction at a time, in the order
the calls were made (a queue), so the event loop never waits for a disk or a network.

Writes nothing waits for are queued and return at once (`submit`); `later` gives a future of the event
loop, done (`call_soon_threadsafe`) once its transaction committed; `wait` blocks the caller, for what the
server needs before it serves anyone or a player must see answered at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import queue
import socket
import sqlite3
import threading
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from citadels_tui.records import JournalRefused

from .. import metrics
from . import schema
from .engines import DatabaseError, Engine, SqliteEngine, Tx, one_line
from .notices import Notice, notify

log = logging.getLogger(__package__)

T = TypeVar("T")
Job = tuple[Callable[[Tx], Any], bool, Callable[[Any, BaseException | None], None] | None]


class OnWorker:
    """A part of `Database` (store.py): `Database` is made of these parts (cluster.py, accounts.py,
    tables.py, waiting.py, history.py, puzzles.py), so that each call is written once, where its SQL is; every part
    runs its work on the one worker they share."""

    def __init__(self, worker: Worker) -> None:
        self._worker = worker


class Worker:
    """The thread and the connection of one database, and this process's name among those sharing it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        self.where = engine.where
        # This process among those sharing the database: the origin of its notices, the holder of its leases.
        tag = uuid.uuid4().hex[:8]
        self.holder = f"{socket.gethostname()}/{os.getpid()}/{tag}"
        engine.tag = tag
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._closed = False
        self._conn: Any = None
        self._thread: threading.Thread | None = None
        self._at_close: list[Callable[[], None]] = []

    def start(self, ready: Callable[[Tx], None]) -> None:
        """Connect, bring the schema up to date (schema.py), run `ready` in one write transaction, and
        then the jobs; returns once `ready` committed. DatabaseError when the database cannot be used."""
        opened: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._thread = threading.Thread(
            target=self._work, args=(opened, ready), name="citadels-database", daemon=True
        )
        self._thread.start()
        opened.result()

    def _work(self, opened: concurrent.futures.Future[None], ready: Callable[[Tx], None]) -> None:
        try:
            self._conn = self.engine.connect()
            schema.migrate(self.engine, self._conn)
            with self.engine.transaction(self._conn, True) as tx:
                ready(tx)
        except Exception as e:  # noqa: BLE001 - any failure to open is the host's to read, in one sentence
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()
            plainly = None
            if isinstance(self.engine, SqliteEngine) and isinstance(e, sqlite3.OperationalError):
                # SQLite says "unable to open database file" or "attempt to write a readonly database".
                plainly = self.engine.unwritable()
            opened.set_exception(
                e
                if isinstance(e, DatabaseError)
                else DatabaseError(plainly or f"Cannot use the database {self.where}: {one_line(e)}")
            )
            return
        opened.set_result(None)
        metrics.watch_database_queue(self._jobs.qsize)
        while (job := self._jobs.get()) is not None:
            fn, write, then = job
            try:
                result = self._transaction(fn, write)
            except Exception as e:  # noqa: BLE001 - one failed write must not stop the ones after it
                if not isinstance(e, JournalRefused):  # an answer the caller expects, not a failure
                    log.error("database %s: %s", self.where, one_line(e), exc_info=True)
                if then is not None:
                    then(None, e)
                continue
            if then is not None:
                then(result, None)
        metrics.unwatch_database_queue(self._jobs.qsize)
        with contextlib.suppress(Exception):
            self._conn.close()

    def _transaction(self, fn: Callable[[Tx], Any], write: bool) -> Any:
        if not write:
            return self._attempts(fn, write)
        with metrics.DB_WRITE.time():
            return self._attempts(fn, write)

    def _attempts(self, fn: Callable[[Tx], Any], write: bool) -> Any:
        try:
            with self.engine.transaction(self._conn, write) as tx:
                return fn(tx)
        except Exception as e:
            if not self.engine.broken(self._conn, e):
                raise
        # The server's connection to PostgreSQL was lost (a restart of PostgreSQL): once more on a new one.
        log.warning("database %s: connection lost; connecting again", self.where)
        self._conn = self.engine.connect()
        with self.engine.transaction(self._conn, write) as tx:
            return fn(tx)

    def submit(
        self,
        fn: Callable[[Tx], Any],
        write: bool = True,
        then: Callable[[Any, BaseException | None], None] | None = None,
    ) -> None:
        """Run `fn` in a transaction on the thread, after every job before it; `then(result, error)` there."""
        if self._closed:
            # The server is stopping and has closed its database: tasks being cancelled may still try a
            # write; it cannot be kept, and says so (a journal future fails: its action is not shown).
            error = DatabaseError(f"The database {self.where} is closed.")
            log.warning("%s A write came after it was closed and is not kept.", error)
            if then is not None:
                then(None, error)
            return
        self._jobs.put((fn, write, then))

    def wait(self, fn: Callable[[Tx], T], write: bool = False) -> T:
        """Run `fn` on the database's thread and wait for it (only before the server serves anyone)."""
        fut: concurrent.futures.Future[T] = concurrent.futures.Future()
        self.submit(fn, write, lambda r, e: fut.set_exception(e) if e else fut.set_result(r))
        return fut.result()

    def later(self, fn: Callable[[Tx], T], write: bool = False) -> asyncio.Future[T]:
        """A future of the event loop, done once `fn` ran (and committed) on the database's thread."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()

        def settle(result: Any, error: BaseException | None) -> None:
            if not fut.done():
                if isinstance(error, JournalRefused):
                    fut.set_exception(error)
                elif error is not None:
                    fut.set_exception(DatabaseError(f"The database {self.where} failed: {one_line(error)}"))
                else:
                    fut.set_result(result)

        def then(result: Any, error: BaseException | None) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(settle, result, error)

        self.submit(fn, write, then)
        return fut

    def notify(self, tx: Tx, kind: str, table: int | None = None, n: int = 0, count: int = 0) -> None:
        """Tell every process listening to this database, once `tx` commits, that this one wrote it."""
        notify(tx, Notice(kind, table, n, count, self.holder))

    @property
    def closed(self) -> bool:
        return self._closed

    def flush(self) -> None:
        """Wait until every write made so far is committed."""
        if not self._closed:
            self.wait(lambda tx: None)

    def at_close(self, fn: Callable[[], None]) -> None:
        """Call `fn` when the worker closes, once it takes no more jobs (a listener stops with it)."""
        self._at_close.append(fn)

    def close(self) -> None:
        """Take no more jobs, let the ones queued run, then stop the thread and close the connection."""
        if self._closed:
            return
        self._closed = True
        for fn in self._at_close:
            fn()
        self._jobs.put(None)
        if self._thread is not None:
            self._thread.join()
