"""`TurnHub`: the hub of a server process alone on its database, which keeps a turn-based table from the
moment it is made. Its players sit down over days (`ssh HOST table join 3`), so a restart before its start
must not stand them up: its seats, its settings and what was said there are the database's
(`tables_waiting`, as when processes share a database, docs/scaling.md), each chat line as it is said, and
`restore` brings it back with its chat.
A fast table waiting for its players is this process's only, as before: its players are connected."""

from __future__ import annotations

import logging

from citadels_tui.chat import MAX_CHAT
from citadels_tui.lobby import Holder, HostedTable, hosted_table, kept_seat, kept_seats, kept_settings
from citadels_tui.records import ChatLine, KeptTable

from .hub import Hub
from .shared_records import WaitingRecords

log = logging.getLogger(__name__)


class TurnHub(Hub):
    """A `Hub` whose turn-based tables not yet started are kept in `records` as they change."""

    def __init__(
        self, seat_hold: float = 120.0, pace: float = 0.6, seed: int | None = None, *, records: WaitingRecords
    ) -> None:
        super().__init__(seat_hold, pace, seed, records)
        self._kept = records

    def _waiting(self, ht: HostedTable) -> None:
        if ht.turn_based:
            self._kept.table_waiting(ht.id, kept_settings(ht), kept_seats(ht))

    def _seats_taken(self, ht: HostedTable, holders: list[Holder], creator: str) -> bool:
        if not ht.turn_based:
            return True
        # Kept before the player is told they sit there (the caller waits): no seat said taken is lost.
        settings = {**kept_settings(ht), "creator": creator}
        return self._kept.seats_taken(ht.id, kept_seats(ht), [kept_seat(h) for h in holders], settings)

    def _started(self, ht: HostedTable, kept: KeptTable) -> bool:
        if not ht.turn_based:
            return super()._started(ht, kept)
        # What was said there while it waited is in the database already, and stays with the game.
        return self._kept.waiting_started(kept, kept_seats(ht))

    def _table_line(self, ht: HostedTable, line: ChatLine) -> None:
        super()._table_line(ht, line)
        if ht.table is None and ht.turn_based:  # kept as it is said: the table outlives a restart
            self.records.chat_line(ht.id, line)

    def restore(self) -> list[str]:
        """The tables in play (`Hub.restore`), then the turn-based tables not yet started, with their seats
        and their chat: each player still sits there, and the maker may start it."""
        problems = super().restore()
        chats = self._kept.waiting_chats()
        for tid, settings, seats in self._kept.waiting_tables():
            try:
                ht = hosted_table(tid, settings)
            except Exception as e:  # noqa: BLE001 - one table the code cannot rebuild must not stop the rest
                problems.append(f"Table {tid} cannot be brought back ({e}); it was left as it is.")
                log.warning("%s", problems[-1])
                continue
            ht.holders = [Holder(s.name, s.key, released=s.released, code=s.code) for s in seats]
            ht.chat = list(chats.get(tid, [])[-MAX_CHAT:])
            self.tables[tid] = ht
        self._notify()
        return problems
