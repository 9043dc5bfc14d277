"""Several server processes sharing one PostgreSQL database (docs/scaling.md), as `Cluster`, a part of
`Database`: the table leases that say which process runs a table's bots and timer, each process's
presence, the names logged in on any of them, an admin's kicks and `drain --all`, and the notices
(`listen`). Every time is the database's clock (`Dialect.now`), so that the hosts' clocks need not
agree. SQLite has one process: its tables for these stay empty."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from citadels_tui.records import ChatLine

from .engines import DatabaseError, PostgresEngine, Tx
from .notices import Listener, Notice
from .rows import line_json, line_of
from .worker import OnWorker, Worker

# The `meta` row of an admin's `drain --all` (`Cluster.drain_everywhere`): the processes told, as JSON.
DRAIN = "drain_all"
# Seconds a dead process's presence row (and an admin's kick) is kept after it expired: long past any seat
# hold, so that every survivor has seen it; then it is only a row.
FORGET_AFTER = 3600.0
# Seconds past its presence's expiry that a process whose connection is still open counts as alive (late
# under load); past that it is given up on (a host cut off keeps its connection open until TCP gives up).
DEAD_AFTER = 60.0


@dataclass(frozen=True)
class Lease:
    """Who runs a table's bots and turn timer (docs/scaling.md), as the database has it now."""

    table: int
    holder: str  # a `Database.holder`; "" once released
    term: int  # one more each time the lease changed hands
    expires: float  # seconds since the epoch, on the database's clock
    mine: bool  # held by the Database that asked


class Cluster(OnWorker):
    """This process among the others sharing the database, on the database's worker."""

    def __init__(self, worker: Worker) -> None:
        super().__init__(worker)
        # This process among those sharing the database: the origin of its notices, the holder of its leases.
        self.holder = worker.holder

    @property
    def shared(self) -> bool:
        """Whether other processes may use this database too (PostgreSQL): the hub then keeps replicas of
        its tables and leases for their bots (docs/scaling.md). SQLite is one process's."""
        return self._worker.dialect.shared

    def release_leases(self) -> None:
        """Give up every lease this process holds, at once (it stops cleanly: another takes its tables), and
        its presence: its spectators count no more, and seats it still showed are held at once."""

        def release(tx: Tx) -> None:
            tx.run("UPDATE table_leases SET holder = '', expires = 0 WHERE holder = ?", (self.holder,))
            tx.run("UPDATE processes SET expires = 0 WHERE holder = ?", (self.holder,))
            tx.run("DELETE FROM live_names WHERE holder = ?", (self.holder,))

        self._worker.submit(release)

    async def take_live_name(self, folded: str, seconds: float) -> bool:
        """Take the name `folded` (as names compare) for this process for `seconds`, renewed with its
        presence: True unless another process holds it and has not let it lapse. One statement: of two
        processes asking at once, the row lock lets one have it."""

        def take(tx: Tx) -> bool:
            now = tx.dialect.now
            return bool(
                tx.rows(
                    f"INSERT INTO live_names (folded, holder, expires) VALUES (?, ?, {now} + ?) "
                    "ON CONFLICT (folded) DO UPDATE SET holder = excluded.holder, expires = excluded.expires "
                    f"WHERE live_names.holder = excluded.holder OR live_names.expires < {now} "
                    "RETURNING holder",
                    (folded, self.holder, float(seconds)),
                )
            )

        return await self._worker.later(take, write=True)

    def give_back_live_name(self, folded: str) -> None:
        """The last connection of this process under the name `folded` closed."""
        self._worker.submit(
            lambda tx: tx.run("DELETE FROM live_names WHERE folded = ? AND holder = ?", (folded, self.holder))
        )

    async def take_lease(self, tid: int, seconds: float) -> Lease:
        """Take table `tid`'s lease for `seconds`, or renew it if this Database holds it; taken only when it
        is free or expired. The lease as it is now: `mine` says whether this Database holds it."""

        def take(tx: Tx) -> Lease:
            now = tx.dialect.now
            tx.run(
                f"INSERT INTO table_leases (table_id, holder, term, expires) VALUES (?, ?, 1, {now} + ?) "
                "ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires, "
                "term = CASE WHEN table_leases.holder = excluded.holder THEN table_leases.term "
                "ELSE table_leases.term + 1 END "
                f"WHERE table_leases.holder = excluded.holder OR table_leases.expires < {now}",
                (tid, self.holder, float(seconds)),
            )
            return self._lease(tx, tid)

        return await self._worker.later(take, write=True)

    async def renew_leases(self, seconds: float) -> list[int]:
        """Renew every lease this Database holds for `seconds`, in one statement; the ids of the tables
        still its own (a table missing from them was taken over meanwhile, or ended)."""

        def renew(tx: Tx) -> list[int]:
            return sorted(
                int(tid)
                for (tid,) in tx.rows(
                    f"UPDATE table_leases SET expires = {tx.dialect.now} + ? WHERE holder = ? RETURNING table_id",
                    (float(seconds), self.holder),
                )
            )

        return await self._worker.later(renew, write=True)

    async def release_lease(self, tid: int) -> None:
        """Give table `tid`'s lease up at once (a process that stops), if this Database holds it."""
        await self._worker.later(
            lambda tx: tx.run(
                "UPDATE table_leases SET holder = '', expires = 0 WHERE table_id = ? AND holder = ?",
                (tid, self.holder),
            ),
            write=True,
        )

    async def lease_of(self, tid: int) -> Lease | None:
        return await self._worker.later(
            lambda tx: (
                self._lease(tx, tid)
                if tx.one("SELECT 1 FROM table_leases WHERE table_id = ?", (tid,))
                else None
            )
        )

    def _lease(self, tx: Tx, tid: int) -> Lease:
        found = tx.one("SELECT holder, term, expires FROM table_leases WHERE table_id = ?", (tid,))
        assert found is not None
        holder, term, expires = str(found[0]), int(found[1]), float(found[2])
        return Lease(tid, holder, term, expires, holder == self.holder)

    async def tables_without_runner(self) -> list[int]:
        """Tables in play whose lease is free or expired (a process died, or none took them yet)."""
        return await self._worker.later(
            lambda tx: [
                int(tid)
                for (tid,) in tx.rows(
                    "SELECT t.id FROM tables_in_play t LEFT JOIN table_leases l ON l.table_id = t.id "
                    f"WHERE l.table_id IS NULL OR l.expires < {tx.dialect.now} ORDER BY t.id"
                )
            ]
        )

    async def presence(
        self, seconds: float, here: dict[str, Any] | None, changed: bool = False
    ) -> list[tuple[str, bool, dict[str, Any]]]:
        """This process is alive for `seconds` more, and `here` is what its sessions show (seats, spectators,
        names: see the hub); None only reads. `changed`: tell the other processes at once (a notice), not
        only at their next renewal. Every other process's row: its holder, whether it is alive (its row not
        expired, on the database's clock), its `here`. Rows long expired are forgotten."""
        text = None if here is None else json.dumps(here, ensure_ascii=False, separators=(",", ":"))

        def present(tx: Tx) -> list[tuple[str, bool, dict[str, Any]]]:
            now = tx.dialect.now
            if text is not None:
                tx.run(
                    f"INSERT INTO processes (holder, connection, expires, here) VALUES (?, ?, {now} + ?, ?) "
                    "ON CONFLICT (holder) DO UPDATE SET expires = excluded.expires, here = excluded.here",
                    (self.holder, self._worker.engine.name_of("citadels"), float(seconds), text),
                )
                tx.run(f"DELETE FROM processes WHERE expires < {now} - ?", (FORGET_AFTER,))
                # The names logged in here stay taken as long as this process is alive (take_live_name).
                tx.run(
                    f"UPDATE live_names SET expires = {now} + ? WHERE holder = ?",
                    (float(seconds), self.holder),
                )
                if changed:
                    self._worker.notify(tx, "presence")
            # Alive, or slow (`_alive`): a process whose loop renews late under load is not dead.
            out = []
            for holder, alive, found in tx.rows(
                f"SELECT holder, CASE WHEN {_alive(tx)} THEN 1 ELSE 0 END, here FROM processes p "
                "WHERE holder <> ? ORDER BY holder",
                (DEAD_AFTER, self.holder),
            ):
                with contextlib.suppress(ValueError, TypeError):
                    out.append((str(holder), bool(alive), dict(json.loads(found))))
            return out

        return await self._worker.later(present, write=text is not None)

    def kick(self, name: str, farewell: ChatLine) -> None:
        """An admin kicked `name`: the process that player's sessions are on ends them (a `kick` notice)."""
        text, now = line_json(farewell), time.time()

        def kick(tx: Tx) -> None:
            tx.run("DELETE FROM kicks WHERE said < ?", (now - FORGET_AFTER,))
            for (kid,) in tx.rows(
                "INSERT INTO kicks (name, farewell, said) VALUES (?, ?, ?) RETURNING id", (name, text, now)
            ):
                self._worker.notify(tx, "kick", None, int(kid))

        self._worker.submit(kick)

    def drain_everywhere(self) -> None:
        """An admin's `drain --all`: every process listening to this database drains (a `drain` notice),
        and the drain is kept (the `meta` row `DRAIN`, with the processes running now) for the processes
        that do not hear it: one that starts while it is under way, or one whose notices were lost
        (`drain_under_way`)."""

        def drain(tx: Tx) -> None:
            running = {
                str(h)
                for (h,) in tx.rows(f"SELECT holder FROM processes p WHERE {_alive(tx)}", (DEAD_AFTER,))
            }
            kept = json.dumps({"processes": sorted(running | {self.holder})}, separators=(",", ":"))
            tx.run(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (DRAIN, kept),
            )
            self._worker.notify(tx, "drain")

        self._worker.submit(drain)

    async def drain_under_way(self) -> bool:
        """Whether an admin's `drain --all` is under way: some process that was running when it was asked
        (this one too) still runs. Once none does, the drain is over and forgotten: a server started then
        begins as any other."""

        def read(tx: Tx) -> bool:
            found = tx.one("SELECT value FROM meta WHERE key = ?", (DRAIN,))
            if found is None:
                return False
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                told = [str(h) for h in json.loads(found[0]).get("processes", [])]
                if self.holder in told or any(
                    tx.one(f"SELECT 1 FROM processes p WHERE holder = ? AND {_alive(tx)}", (h, DEAD_AFTER))
                    for h in told
                ):
                    return True
            tx.run("DELETE FROM meta WHERE key = ? AND value = ?", (DRAIN, found[0]))
            return False

        return await self._worker.later(read, write=True)

    async def kick_of(self, kid: int) -> tuple[str, ChatLine] | None:
        """Kick number `kid`: the name kicked and the farewell its sessions read; None if forgotten."""

        def read(tx: Tx) -> tuple[str, ChatLine] | None:
            found = tx.one("SELECT name, farewell FROM kicks WHERE id = ?", (kid,))
            return None if found is None else (str(found[0]), line_of(found[1]))

        return await self._worker.later(read)

    async def listen(self, callback: Callable[[Notice], object]) -> Listener:
        """Call `callback(notice)` on this event loop for every notice any process sharing this PostgreSQL
        database writes (this one's too: `notice.origin == self.holder`), in commit order; returns once
        listening. A dedicated connection and thread: the notices never wait behind this Database's queue.
        DatabaseError on SQLite, which one process alone uses."""
        engine = self._worker.engine
        if not isinstance(engine, PostgresEngine):
            raise DatabaseError(
                f"The database {self._worker.where} is SQLite: only one process uses it, nothing to listen to."
            )
        listener = Listener(engine, asyncio.get_running_loop(), callback)
        await asyncio.wrap_future(listener.ready)
        self._worker.at_close(listener.close)  # closed with the Database
        return listener


def _alive(tx: Tx) -> str:
    """Whether the process of the `processes` row `p` is alive, as SQL taking DEAD_AFTER as its one
    parameter: its row renewed in time; or, for up to DEAD_AFTER seconds past that, its connection still
    open (a process whose loop renews late under load is slow, not dead: `kill -9` or a crash closes its
    connection at once, and a host cut off is given up on after DEAD_AFTER)."""
    now = tx.dialect.now
    return f"(p.expires >= {now} OR (p.expires >= {now} - ? AND {tx.dialect.connected}))"
