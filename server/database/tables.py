"""The tables in play: their ids, their rows, their action journal (appended as played, or claimed place
by place when processes share the database) and their chat, and the lobby's chat (`Tables`, a part of
`Database`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from citadels_core.actions import Action
from citadels_core.config import GameConfig
from citadels_core.record import GameRecord
from citadels_tui.records import ChatLine, KeptSeat, KeptTable, PlaceTaken, TableGone

from .engines import Tx, one_line
from .rows import (
    CHAT_KEPT,
    TableRow,
    action_json,
    action_of,
    bots_json,
    bots_of,
    line_json,
    line_of,
    seats_json,
    seats_of,
)
from .worker import OnWorker, Worker

log = logging.getLogger(__package__)


class Tables(OnWorker):
    """Tables in play and the chats, on the database's worker."""

    def __init__(self, worker: Worker) -> None:
        super().__init__(worker)
        self._problems: list[str] = []  # a table that cannot be resumed, or a file that cannot be imported
        self._last_id = 0
        self._preloaded_tables: list[KeptTable] | None = None
        self._preloaded_chat: list[ChatLine] | None = None

    @property
    def problems(self) -> list[str]:
        return list(self._problems)

    def load_tables(self, tx: Tx) -> None:
        """At open: the last id given out, the tables in play and the lobby's chat."""
        ids = [
            r[0] for r in tx.rows("SELECT max(id) FROM tables_in_play UNION ALL SELECT max(id) FROM games")
        ]
        last = tx.one("SELECT value FROM meta WHERE key = 'last_table_id'")
        self._last_id = max([int(i) for i in ids if i is not None] + [int(last[0]) if last else 0])
        if tx.dialect.shared and (last is None or int(last[0]) < self._last_id):
            # Shared ids come from this row (`take_table_id`): never below an id already used.
            tx.run(
                "INSERT INTO meta (key, value) VALUES ('last_table_id', ?) ON CONFLICT (key) DO UPDATE SET "
                "value = excluded.value WHERE CAST(meta.value AS BIGINT) < CAST(excluded.value AS BIGINT)",
                (str(self._last_id),),
            )
        self._preloaded_tables, self._preloaded_chat = self._read_tables(tx), self._read_chat(tx, None)

    def next_table_id(self) -> int:
        if self._worker.dialect.shared:
            # Given out by the database, in one statement (its row lock orders two processes asking at once):
            # a counter in one process's memory would give two processes the same id. The caller (a player
            # making a table) waits for the round trip.
            tid = int(self._worker.wait(take_table_id, write=True))
            self._last_id = max(self._last_id, tid)
            return tid
        self._last_id += 1
        tid = self._last_id
        self._worker.submit(lambda tx: set_last_id(tx, tid))
        return tid

    def tables_in_play(self) -> list[KeptTable]:
        # Read at open (so that `problems` says from the start which tables cannot be resumed); a later
        # call reads again.
        tables, self._preloaded_tables = self._preloaded_tables, None
        return tables if tables is not None else self._worker.wait(self._read_tables, write=True)

    def lobby_chat(self) -> list[ChatLine]:
        chat, self._preloaded_chat = self._preloaded_chat, None
        return (
            chat if chat is not None else self._worker.wait(lambda tx: self._read_chat(tx, None), write=True)
        )

    def _read_tables(self, tx: Tx) -> list[KeptTable]:
        moves: dict[int, list[tuple[int, int, str]]] = {}
        for tid, n, seat, action in tx.rows(
            "SELECT table_id, n, seat, action FROM journal ORDER BY table_id, n"
        ):
            moves.setdefault(tid, []).append((n, seat, action))
        chats = self._read_chats(tx)
        kept: list[KeptTable] = []
        for tid, settings, seats, bots, config, seed in tx.rows(
            "SELECT id, settings, seats, bots, config, seed FROM tables_in_play ORDER BY id"
        ):
            try:
                journal = moves.get(tid, [])
                if [n for n, _, _ in journal] != list(range(len(journal))):
                    raise ValueError("its journal has a gap")
                actions = [(int(seat), action_of(a)) for _, seat, a in journal]
                record = GameRecord(GameConfig.from_json(json.loads(config)), int(seed), actions)
                kept.append(
                    KeptTable(
                        int(tid),
                        json.loads(settings),
                        seats_of(seats),
                        record,
                        bots_of(bots),
                        chats.get(tid, []),
                    )
                )
            except Exception as e:  # noqa: BLE001 - one table that cannot be read must not stop the others
                self._problems.append(
                    f"Table {tid} in the database cannot be resumed ({one_line(e)}); it was left as it is."
                )
                log.warning("%s", self._problems[-1], extra={"table": tid})
        return kept

    def _read_chats(self, tx: Tx) -> dict[int, list[ChatLine]]:
        out: dict[int, list[ChatLine]] = {}
        lines: dict[int, list[tuple[int, str]]] = {}
        for cid, tid, line in tx.rows(
            "SELECT id, table_id, line FROM chat WHERE table_id IS NOT NULL ORDER BY id"
        ):
            lines.setdefault(tid, []).append((cid, line))
        for tid, rows in lines.items():
            out[tid] = kept_lines(tx, tid, rows)
        return out

    def _read_chat(self, tx: Tx, tid: int | None) -> list[ChatLine]:
        rows = tx.rows("SELECT id, line FROM chat WHERE table_id IS NULL ORDER BY id")
        return kept_lines(tx, tid, rows)

    def table_started(self, table: KeptTable) -> None:
        # Made into text here, on the loop: the hub goes on changing its objects while the write waits.
        row, now = TableRow(table), time.time()
        self._last_id = max(self._last_id, table.id)

        def start(tx: Tx) -> None:
            insert_table(tx, row, now)
            self._worker.notify(tx, "table", row.id)

        self._worker.submit(start)

    def seats_changed(self, tid: int, seats: Sequence[KeptSeat], bots: dict[int, str]) -> None:
        s, b = seats_json(seats), bots_json(bots)

        def change(tx: Tx) -> None:
            tx.run("UPDATE tables_in_play SET seats = ?, bots = ? WHERE id = ?", (s, b, tid))
            self._worker.notify(tx, "table", tid)

        self._worker.submit(change)

    def append_actions(
        self, tid: int, start: int, moves: Sequence[tuple[int, Action]]
    ) -> asyncio.Future[None]:
        rows = [(tid, start + i, seat, action_json(a)) for i, (seat, a) in enumerate(moves)]

        def append(tx: Tx) -> None:
            if tx.one("SELECT 1 FROM tables_in_play WHERE id = ?", (tid,)) is None:
                return  # a table no longer kept (closed meanwhile): as MemoryRecords, nothing to journal
            tx.run("DELETE FROM journal WHERE table_id = ? AND n >= ?", (tid, start))
            tx.many("INSERT INTO journal (table_id, n, seat, action) VALUES (?, ?, ?, ?)", rows)
            self._worker.notify(tx, "actions", tid, start, len(rows))

        return self._worker.later(append, write=True)

    def truncate_actions(self, tid: int, length: int) -> asyncio.Future[None]:
        def truncate(tx: Tx) -> None:
            tx.run("DELETE FROM journal WHERE table_id = ? AND n >= ?", (tid, length))
            self._worker.notify(tx, "truncated", tid, length)

        return self._worker.later(truncate, write=True)

    def chat_line(self, tid: int | None, line: ChatLine) -> None:
        text = line_json(line)
        params: tuple[Any, ...]
        if tid is None:
            sql, params = "INSERT INTO chat (table_id, line) VALUES (NULL, ?)", (text,)
        else:  # a table's line only while the table is kept (in play, or waiting for its start when shared)
            sql, params = (
                "INSERT INTO chat (table_id, line) SELECT id, ? FROM tables_in_play WHERE id = ? "
                "UNION SELECT id, ? FROM tables_waiting WHERE id = ?",
                (text, tid, text, tid),
            )

        def say(tx: Tx) -> None:
            if not tx.dialect.shared:  # one process alone: nobody to tell the line's number
                tx.run(sql, params)
                return
            for (cid,) in tx.rows(sql + " RETURNING id", params):  # none: the table was no longer kept
                self._worker.notify(tx, "chat", tid, int(cid))

        self._worker.submit(say)

    def table_closed(self, tid: int) -> None:
        def close(tx: Tx) -> None:
            forget_table(tx, tid)
            self._worker.notify(tx, "table", tid)

        self._worker.submit(close)

    def claim_actions(
        self,
        tid: int,
        start: int,
        moves: Sequence[tuple[int, Action]],
        after: tuple[int, Action] | None = None,
    ) -> asyncio.Future[None]:
        """Keep `moves` as actions `start`, `start + 1` … of table `tid`'s journal, only if no other process
        took one of those places (and, given `after`, only if action `start - 1` is that one): in one
        transaction, all or nothing. The future fails with `PlaceTaken` (carrying what is there now) when
        another action holds one of them, `TableGone` when the table is no longer in play; it is done once
        the moves are committed and every listener will be told."""
        rows = [(tid, start + i, seat, action_json(a)) for i, (seat, a) in enumerate(moves)]
        before = None if after is None else (after[0], action_json(after[1]))

        def claim(tx: Tx) -> None:
            if tx.one("SELECT 1 FROM tables_in_play WHERE id = ?", (tid,)) is None:
                raise TableGone(tid)
            if start > 0:
                # FOR SHARE on PostgreSQL: the action these moves follow cannot be taken back meanwhile
                # (`unclaim_action` locks it FOR UPDATE), which would leave a gap before them.
                found = tx.one(
                    "SELECT seat, action FROM journal WHERE table_id = ? AND n = ?" + tx.dialect.for_share,
                    (tid, start - 1),
                )
                if found is None:
                    # The journal ends before: the replica holds an action it no longer has (taken back).
                    end = tx.one("SELECT count(*) FROM journal WHERE table_id = ?", (tid,))
                    raise PlaceTaken(tid, int(end[0]) if end else 0, [])
                if before is not None and (int(found[0]), found[1]) != before:
                    # These moves followed one of this process's that another's replaced meanwhile (two
                    # claims in flight): they were decided on a game that never was.
                    raise PlaceTaken(tid, start - 1, journal_from(tx, tid, start - 1))
            for row in rows:
                # ON CONFLICT waits for a rival transaction writing the same place, then sees its row if it
                # committed: of two processes claiming one place, exactly one inserts it.
                if not tx.rows(
                    "INSERT INTO journal (table_id, n, seat, action) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (table_id, n) DO NOTHING RETURNING n",
                    row,
                ):
                    raise PlaceTaken(tid, start, journal_from(tx, tid, start))  # rolls the claim back
            self._worker.notify(tx, "actions", tid, start, len(rows))

        return self._worker.later(claim, write=True)

    def unclaim_action(self, tid: int, length: int, action: tuple[int, Action]) -> asyncio.Future[None]:
        """Forget action number `length` of table `tid` (a decision taken back) only if it is the journal's
        last and is `action`: another process's action may have followed it. Fails with `PlaceTaken` (what
        the journal holds from `length` on) or `TableGone`, having changed nothing."""
        mine = (action[0], action_json(action[1]))

        def unclaim(tx: Tx) -> None:
            if tx.one("SELECT 1 FROM tables_in_play WHERE id = ?", (tid,)) is None:
                raise TableGone(tid)
            # FOR UPDATE on PostgreSQL: a claim of the next place (which locks this row FOR SHARE) is either
            # committed before, and then seen by the next statement, or waits and then finds no row here.
            found = tx.one(
                "SELECT seat, action FROM journal WHERE table_id = ? AND n = ?" + tx.dialect.for_update,
                (tid, length),
            )
            later = tx.one("SELECT 1 FROM journal WHERE table_id = ? AND n > ?", (tid, length))
            if found is None or (int(found[0]), found[1]) != mine or later is not None:
                raise PlaceTaken(tid, length, journal_from(tx, tid, length))
            tx.run("DELETE FROM journal WHERE table_id = ? AND n = ?", (tid, length))
            self._worker.notify(tx, "truncated", tid, length)

        return self._worker.later(unclaim, write=True)

    async def actions_from(self, tid: int, start: int) -> list[tuple[int, Action]]:
        """Table `tid`'s journal from action number `start` on: how a replica catches up on a gap."""
        return await self._worker.later(lambda tx: journal_from(tx, tid, start))

    async def table_in_play(self, tid: int) -> KeptTable | None:
        """One table in play as the database has it now (None: not in play): what a replica starts from."""

        def read(tx: Tx) -> KeptTable | None:
            found = tx.one(
                "SELECT settings, seats, bots, config, seed FROM tables_in_play WHERE id = ?", (tid,)
            )
            if found is None:
                return None
            settings, seats, bots, config, seed = found
            chat = kept_lines(
                tx, tid, tx.rows("SELECT id, line FROM chat WHERE table_id = ? ORDER BY id", (tid,))
            )
            record = GameRecord(GameConfig.from_json(json.loads(config)), int(seed), journal_from(tx, tid, 0))
            return KeptTable(
                tid,
                json.loads(settings),
                seats_of(seats),
                record,
                bots_of(bots),
                chat,
            )

        return await self._worker.later(read, write=True)  # write: it may drop a chat's oldest lines

    async def chat_after(self, tid: int | None, after: int) -> list[tuple[int, ChatLine]]:
        """The chat lines of a table (None: the lobby's) numbered above `after`, with their numbers."""

        def read(tx: Tx) -> list[tuple[int, ChatLine]]:
            if tid is None:
                rows = tx.rows(
                    "SELECT id, line FROM chat WHERE table_id IS NULL AND id > ? ORDER BY id", (after,)
                )
            else:
                rows = tx.rows(
                    "SELECT id, line FROM chat WHERE table_id = ? AND id > ? ORDER BY id", (tid, after)
                )
            out: list[tuple[int, ChatLine]] = []
            for cid, text in rows:
                with contextlib.suppress(ValueError, TypeError):
                    out.append((int(cid), line_of(text)))
            return out

        return await self._worker.later(read)


def insert_table(tx: Tx, row: TableRow, now: float, chat: bool = True) -> None:
    """`chat` False: the table's chat is already in the database (said while it waited, shared), and
    stays as it is: `row.chat` may miss a line another process wrote just before the start."""
    tid = row.id
    forget_table(tx, tid, chat)
    tx.run(
        "INSERT INTO tables_in_play (id, settings, seats, bots, config, seed, started) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (tid, row.settings, row.seats, row.bots, row.config, row.seed, now),
    )
    tx.many(
        "INSERT INTO journal (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
        [(tid, n, seat, a) for n, (seat, a) in enumerate(row.actions)],
    )
    if chat:
        tx.many("INSERT INTO chat (table_id, line) VALUES (?, ?)", [(tid, line) for line in row.chat])
    found = tx.one("SELECT value FROM meta WHERE key = 'last_table_id'")
    if found is None or int(found[0]) < tid:
        set_last_id(tx, tid)


def forget_table(tx: Tx, tid: int, chat: bool = True) -> None:
    tx.run("DELETE FROM table_leases WHERE table_id = ?", (tid,))
    tx.run("DELETE FROM journal WHERE table_id = ?", (tid,))
    if chat:
        tx.run("DELETE FROM chat WHERE table_id = ?", (tid,))
    tx.run("DELETE FROM tables_in_play WHERE id = ?", (tid,))


def set_last_id(tx: Tx, tid: int) -> None:
    tx.run(
        "INSERT INTO meta (key, value) VALUES ('last_table_id', ?) ON CONFLICT (key) DO UPDATE SET "
        "value = excluded.value",
        (str(tid),),
    )


def take_table_id(tx: Tx) -> int:
    found = tx.one(
        "UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) WHERE key = 'last_table_id' "
        "RETURNING value"
    )
    if found is not None:
        return int(found[0])
    # No id given out yet: the first, unless another process gives it first (then the update above wins
    # the next time round).
    tx.run("INSERT INTO meta (key, value) VALUES ('last_table_id', '0') ON CONFLICT (key) DO NOTHING")
    return take_table_id(tx)


def kept_lines(tx: Tx, tid: int | None, rows: list[tuple[int, str]]) -> list[ChatLine]:
    if len(rows) > CHAT_KEPT:
        # Only the last lines of a chat are ever shown: the older ones go (read at start, so rarely).
        first = rows[-CHAT_KEPT][0]
        if tid is None:
            tx.run("DELETE FROM chat WHERE table_id IS NULL AND id < ?", (first,))
        else:
            tx.run("DELETE FROM chat WHERE table_id = ? AND id < ?", (tid, first))
        rows = rows[-CHAT_KEPT:]
    out: list[ChatLine] = []
    for _, text in rows:
        with contextlib.suppress(ValueError, TypeError):  # a line that cannot be read is only a line
            out.append(line_of(text))
    return out


def journal_from(tx: Tx, tid: int, start: int) -> list[tuple[int, Action]]:
    return [
        (int(seat), action_of(a))
        for seat, a in tx.rows(
            "SELECT seat, action FROM journal WHERE table_id = ? AND n >= ? ORDER BY n", (tid, start)
        )
    ]
