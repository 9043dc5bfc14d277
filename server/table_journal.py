"""`TableJournal`: where a hosted table keeps its game, the hub's records (citadels_tui/journal.py has the
others)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from citadels_tui.i18n import Lazy
from citadels_tui.journal import Move, Unkept
from citadels_tui.lobby import HostedTable
from citadels_tui.records import Records


class TableJournal(Unkept):
    """A hosted table's journal: each action kept in the hub's records, what the table says said there.

    It takes the records and the hub's `announce` rather than the hub, so that it needs no import of the hub
    (which makes it)."""

    def __init__(
        self, records: Records, announce: Callable[[HostedTable, Lazy], None], ht: HostedTable
    ) -> None:
        self.records, self.announce, self.ht = records, announce, ht

    def keep(self, start: int, moves: list[Move], after: Move | None) -> asyncio.Future[None]:
        return self.records.append_actions(self.ht.id, start, moves)

    def forget(self, length: int, taken: Move | None) -> asyncio.Future[None]:
        return self.records.truncate_actions(self.ht.id, length)

    def say(self, text: Lazy) -> None:
        self.announce(self.ht, text)
