"""`TableJournal`: where a hosted table keeps its game, the hub's records (citadels_tui/journal.py has the
others)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from citadels_tui.i18n import Lazy
from citadels_tui.journal import Move, Unkept
from citadels_tui.lobby import HostedTable

if TYPE_CHECKING:
    from .hub import Hub


class TableJournal(Unkept):
    """A hosted table's journal: each action kept in the hub's records, what the table says said there."""

    def __init__(self, hub: Hub, ht: HostedTable) -> None:
        self.hub, self.ht = hub, ht

    def keep(self, start: int, moves: list[Move], after: Move | None) -> asyncio.Future[None]:
        return self.hub.records.append_actions(self.ht.id, start, moves)

    def forget(self, length: int, taken: Move | None) -> asyncio.Future[None]:
        return self.hub.records.truncate_actions(self.ht.id, length)

    def say(self, text: Lazy) -> None:
        self.hub.announce(self.ht, text)
