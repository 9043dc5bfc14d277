"""Where a Table keeps its game: one protocol for the local save file, a server's journal and a replica's.

A table hands every change to its `Journal`. The local game keeps its whole record at each change (a save
file, `SaveFile`); a hosted table keeps each action as it comes and shows it only once it is durable (the
server hub's journal, `citadels_server.hub`); a replica of a table that several server processes share also
reads back what the others wrote (`citadels_server.replication`). A table nobody keeps (`Unkept`) is a
replay's, a test's or a game the player chose not to save.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from citadels_core import Action
from citadels_core.record import GameRecord

from .i18n import Lazy

Move = tuple[int, Action]  # (seat, action), as a record keeps it


class Journal(Protocol):
    """What a Table tells about its game as it goes (every call is made on the event loop's thread)."""

    def keep(self, start: int, moves: list[Move], after: Move | None) -> asyncio.Future[None] | None:
        """Keep `moves` as actions number `start`, `start + 1` … (`after`: the action they follow). A future
        is done once they are durable (the table shows them only then); None: nothing to wait for."""
        ...

    def forget(self, length: int, taken: Move | None) -> asyncio.Future[None] | None:
        """Forget the actions from number `length` on: `taken`, a decision taken back (the journal's last),
        or, with None, actions that were never kept. A future as for `keep`; None: nothing to wait for."""
        ...

    def read_from(self, length: int) -> bool:
        """Read what the journal holds from action `length` on into the table (`Table.receive`), when other
        processes write it too; False: nobody else writes it, there is nothing to read."""
        ...

    def save(self, record: GameRecord) -> bool:
        """The game changed to `record`: keep it whole now if this journal does (OSError: it could not);
        whether it did."""
        ...

    def say(self, text: Lazy) -> None:
        """Tell the table's players `text` (a stand-in plays, the table waits for someone)."""
        ...


class Unkept:
    """A table nobody keeps: nothing is written, waited for or said."""

    def keep(self, start: int, moves: list[Move], after: Move | None) -> asyncio.Future[None] | None:
        return None

    def forget(self, length: int, taken: Move | None) -> asyncio.Future[None] | None:
        return None

    def read_from(self, length: int) -> bool:
        return False

    def save(self, record: GameRecord) -> bool:
        return False

    def say(self, text: Lazy) -> None:
        return None


class SaveFile(Unkept):
    """The local game: its whole record is written at each change by `write` (the app's save file)."""

    def __init__(self, write: Callable[[GameRecord], None]) -> None:
        self.write = write

    def save(self, record: GameRecord) -> bool:
        self.write(record)
        return True
