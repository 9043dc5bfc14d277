"""What one process tells the others sharing a PostgreSQL database (docs/scaling.md): a `Notice` sent with
the transaction that wrote what it is about (`notify`), and the `Listener` that hands every process's
notices to a callback on the event loop (PostgreSQL's LISTEN/NOTIFY)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from .engines import DatabaseError, PostgresEngine, Tx, one_line

log = logging.getLogger(__package__)

# What a notice is about (`Notice.kind`); see `Database.listen`.
NOTICE_KINDS = frozenset(
    {
        "actions",  # table's journal got `count` actions from number `n` on
        "truncated",  # table's journal was cut back to `n` actions (a decision taken back)
        "table",  # table started, its seats or bots changed, or it ended (finished or closed)
        "chat",  # a chat line, number `n` of the chat table (table None: the lobby's)
        "bans",  # a ban was added or lifted
        "players",  # a name was claimed or got another key
        "presence",  # a process's sessions sat down, stood up, began or stopped watching (`processes`)
        "kick",  # an admin kicked a name: row `n` of `kicks`, for the process that player is on
        "drain",  # an admin's `drain --all`: every process finishes its games in play, then stops
        "lost",  # the listener lost its connection and has it again: notices may have been missed
    }
)
CHANNEL = "citadels"  # PostgreSQL's LISTEN/NOTIFY channel; notifications stay within one database


@dataclass(frozen=True)
class Notice:
    """Something another process (or this one, `origin` says) wrote to the shared database."""

    kind: str
    table: int | None = None
    n: int = 0
    count: int = 0
    origin: str = ""


def notify(tx: Tx, notice: Notice) -> None:
    """Tell every process listening to this database (`Listener`), once this transaction commits. SQLite
    has one process: nobody to tell."""
    if tx.dialect.notify is not None:
        tx.run(tx.dialect.notify, (CHANNEL, notice_json(notice)))


def notice_json(notice: Notice) -> str:
    # Ids and numbers only: a notification carries at most 8000 bytes; what it is about is read from the
    # database (`actions_from`, `chat_after`, `table_in_play`).
    return json.dumps(
        {"k": notice.kind, "t": notice.table, "n": notice.n, "c": notice.count, "o": notice.origin},
        separators=(",", ":"),
    )


def notice_of(payload: str) -> Notice:
    d = json.loads(payload)
    if not isinstance(d, dict) or d.get("k") not in NOTICE_KINDS:
        raise ValueError(f"a notice {payload!r:.60}")
    table = d.get("t")
    return Notice(
        str(d["k"]),
        None if table is None else int(table),
        int(d.get("n", 0)),
        int(d.get("c", 0)),
        str(d.get("o", "")),
    )


class Listener:
    """PostgreSQL's notifications on the channel `citadels`, on a connection and thread of their own, handed
    to a callback on the event loop (`Database.listen`). A lost connection is made again, and a `lost`
    notice says that notices may have been missed meanwhile: a replica then reads its journal again."""

    RETRY = 1.0  # seconds between tries to reconnect

    def __init__(
        self, engine: PostgresEngine, loop: asyncio.AbstractEventLoop, callback: Callable[[Notice], object]
    ) -> None:
        self._engine = engine
        self._loop = loop
        self._callback = callback
        self._stop = threading.Event()
        self.ready: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._work, name="citadels-notices", daemon=True)
        self._thread.start()

    def _deliver(self, notice: Notice) -> None:
        try:
            self._loop.call_soon_threadsafe(self._callback, notice)
        except RuntimeError:  # the loop is closed: nobody listens any more
            self._stop.set()

    def _work(self) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with self._engine.connect("citadels notices") as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if first:
                        first = False
                        self.ready.set_result(None)
                    else:
                        log.warning(
                            "database %s: listening again after a lost connection", self._engine.where
                        )
                        self._deliver(Notice("lost"))
                    while not self._stop.is_set():
                        # A timeout, so that `close` is seen within half a second.
                        for note in conn.notifies(timeout=0.5):
                            try:
                                notice = notice_of(note.payload)
                            except (ValueError, TypeError, KeyError):
                                log.warning(
                                    "database %s: a notice that cannot be read: %.80s",
                                    self._engine.where,
                                    note.payload,
                                )
                                continue
                            self._deliver(notice)
            except Exception as e:  # noqa: BLE001 - whatever broke the connection, the listener tries again
                if first:
                    self.ready.set_exception(
                        DatabaseError(f"Cannot listen to the database {self._engine.where}: {one_line(e)}")
                    )
                    return
                log.warning("database %s: notices: %s", self._engine.where, one_line(e))
                self._stop.wait(self.RETRY)

    @property
    def listening(self) -> bool:
        return self._thread.is_alive()

    def close(self) -> None:
        """Stop listening (within half a second); closing twice is harmless."""
        self._stop.set()
        self._thread.join()
