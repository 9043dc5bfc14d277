"""The tables made and not yet started when processes share the database (docs/scaling.md): a player on
any process may sit at them, so their seats are the database's, changed by compare-and-set. One process
alone keeps its turn-based ones here too (server/turn_hub.py): their players sit down over days, across
restarts; its fast ones only in memory."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from citadels_tui.records import ChatLine, KeptSeat, KeptTable

from .engines import Tx
from .rows import TableRow, seats_json, seats_of
from .tables import Tables, insert_table, kept_lines


class WaitingTables(Tables):
    """Tables not yet started, shared, on the database's worker; `Tables` for the ones in play."""

    def table_waiting(self, tid: int, settings: dict[str, Any], seats: Sequence[KeptSeat]) -> None:
        """A table made and not yet started, which players on other processes may join."""
        text, s = json.dumps(settings, ensure_ascii=False), seats_json(seats)

        def add(tx: Tx) -> None:
            tx.run("INSERT INTO tables_waiting (id, settings, seats) VALUES (?, ?, ?)", (tid, text, s))
            self._worker.notify(tx, "table", tid)

        self._worker.submit(add)

    def seats_taken(
        self, tid: int, before: Sequence[KeptSeat], seats: Sequence[KeptSeat], settings: dict[str, Any]
    ) -> bool:
        """Table `tid` (not started) has `seats` now (and `settings`: its creator may change), only if it
        still has `before`: a compare-and-set, so that two processes cannot give one seat twice. No seats
        left: the table goes. Whether it was changed; the caller (a player sitting down) waits for it."""
        old, new, text = seats_json(before), seats_json(seats), json.dumps(settings, ensure_ascii=False)

        def change(tx: Tx) -> bool:
            if seats:
                done = tx.rows(
                    "UPDATE tables_waiting SET seats = ?, settings = ? WHERE id = ? AND seats = ? RETURNING id",
                    (new, text, tid, old),
                )
            else:
                done = tx.rows(
                    "DELETE FROM tables_waiting WHERE id = ? AND seats = ? RETURNING id", (tid, old)
                )
                if done:  # what was said there while it waited goes with it
                    tx.run("DELETE FROM chat WHERE table_id = ?", (tid,))
            if done:
                self._worker.notify(tx, "table", tid)
            return bool(done)

        return bool(self._worker.wait(change, write=True))

    def waiting_started(self, table: KeptTable, before: Sequence[KeptSeat]) -> bool:
        """The table not yet started goes into play as `table`, only if its seats are still `before` (nobody
        sat down or stood up on another process meanwhile); whether it did. The caller waits for it."""
        row, old, now = TableRow(table), seats_json(before), time.time()

        def start(tx: Tx) -> bool:
            if not tx.rows(
                "DELETE FROM tables_waiting WHERE id = ? AND seats = ? RETURNING id", (row.id, old)
            ):
                return False
            insert_table(tx, row, now, chat=False)  # what was said while it waited stays
            self._worker.notify(tx, "table", row.id)
            return True

        return bool(self._worker.wait(start, write=True))

    def waiting_tables(self) -> list[tuple[int, dict[str, Any], list[KeptSeat]]]:
        """Every table not yet started: id, settings, seats (read at start, before anyone connects)."""
        return list(self._worker.wait(waiting_rows))

    def waiting_chats(self) -> dict[int, list[ChatLine]]:
        """What was said at each table not yet started, by its id (read at start, before anyone connects)."""

        def read(tx: Tx) -> dict[int, list[ChatLine]]:
            lines: dict[int, list[tuple[int, str]]] = {}
            for cid, tid, line in tx.rows(
                "SELECT chat.id, chat.table_id, chat.line FROM chat "
                "JOIN tables_waiting ON tables_waiting.id = chat.table_id ORDER BY chat.id"
            ):
                lines.setdefault(int(tid), []).append((cid, line))
            return {tid: kept_lines(tx, tid, rows) for tid, rows in lines.items()}

        return dict(self._worker.wait(read, write=True))  # write: it may drop a chat's oldest lines

    def waiting_table(self, tid: int) -> tuple[dict[str, Any], list[KeptSeat]] | None:
        """One table not yet started as the database has it now (the caller waits: a player sitting down)."""
        found = self._worker.wait(lambda tx: waiting_rows(tx, "WHERE id = ?", (tid,)))
        return (found[0][1], found[0][2]) if found else None

    async def table_state(self, tid: int) -> KeptTable | tuple[dict[str, Any], list[KeptSeat]] | None:
        """Table `tid` now: in play (a KeptTable), not yet started (settings, seats), or gone (None)."""
        kept = await self.table_in_play(tid)
        if kept is not None:
            return kept
        found = await self._worker.later(lambda tx: waiting_rows(tx, "WHERE id = ?", (tid,)))
        return (found[0][1], found[0][2]) if found else None

    async def table_ids(self) -> list[int]:
        """The ids of every table in play or not yet started."""
        rows = await self._worker.later(
            lambda tx: tx.rows("SELECT id FROM tables_in_play UNION SELECT id FROM tables_waiting")
        )
        return sorted(int(r[0]) for r in rows)


def waiting_rows(
    tx: Tx, where: str = "", params: tuple[Any, ...] = ()
) -> list[tuple[int, dict[str, Any], list[KeptSeat]]]:
    return [
        (int(tid), json.loads(settings), seats_of(seats))
        for tid, settings, seats in tx.rows(
            "SELECT id, settings, seats FROM tables_waiting " + where + " ORDER BY id", params
        )
    ]
