"""What a hub needs of its records beyond `Records`: `WaitingRecords` keep the tables not yet started (the
server's database, alone or shared), `SharedRecords` are shared with other server processes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeGuard

from citadels_core.actions import Action
from citadels_tui.records import ChatLine, KeptSeat, KeptTable, Records


class WaitingRecords(Records, Protocol):
    """Records that keep tables not yet started (the server's database, server/database/waiting.py)."""

    def table_waiting(self, tid: int, settings: dict[str, Any], seats: Sequence[KeptSeat]) -> None: ...

    def seats_taken(
        self, tid: int, before: Sequence[KeptSeat], seats: Sequence[KeptSeat], settings: dict[str, Any]
    ) -> bool: ...

    def waiting_started(self, table: KeptTable, before: Sequence[KeptSeat]) -> bool: ...

    def waiting_tables(self) -> list[tuple[int, dict[str, Any], list[KeptSeat]]]: ...

    def waiting_chats(self) -> dict[int, list[ChatLine]]: ...


def keeps_waiting(records: Records) -> TypeGuard[WaitingRecords]:
    """Whether `records` keep tables not yet started (the database does; memory does not)."""
    names = ("table_waiting", "seats_taken", "waiting_started", "waiting_tables", "waiting_chats")
    return all(hasattr(records, name) for name in names)


class SharedRecords(WaitingRecords, Protocol):
    """Records that several server processes share (the server's PostgreSQL database, docs/scaling.md):
    what the hub needs beyond `Records` to keep replicas of the tables, run the bots of those whose lease
    it holds, and let players on any process sit at any table. `shared` is True for these only."""

    holder: str  # this process among those sharing the records: the origin of its notices

    @property
    def shared(self) -> bool: ...

    async def listen(self, callback: Any) -> Any:
        """Call `callback(notice)` on the event loop for each write of any process; a listener to close."""
        ...

    async def table_state(self, tid: int) -> KeptTable | tuple[dict[str, Any], list[KeptSeat]] | None: ...

    async def table_ids(self) -> list[int]: ...

    async def actions_from(self, tid: int, start: int) -> list[tuple[int, Action]]: ...

    async def chat_after(self, tid: int | None, after: int) -> list[tuple[int, ChatLine]]: ...

    async def refresh_logins(self) -> None: ...

    def waiting_table(self, tid: int) -> tuple[dict[str, Any], list[KeptSeat]] | None: ...

    async def take_lease(self, tid: int, seconds: float) -> Any:
        """The lease as it is now; its `mine` says whether this process holds it."""
        ...

    async def renew_leases(self, seconds: float) -> list[int]:
        """Renew every lease this process holds; the tables still its own."""
        ...

    async def tables_without_runner(self) -> list[int]: ...

    def release_leases(self) -> None: ...

    async def written(self) -> None:
        """Once every write made so far is committed."""
        ...

    async def presence(
        self, seconds: float, here: dict[str, Any] | None, changed: bool = False
    ) -> list[tuple[str, bool, dict[str, Any]]]:
        """This process is alive for `seconds` more and its sessions show `here` (None: only read); every
        other process's holder, whether it is alive, and its `here`."""
        ...

    def kick(self, name: str, farewell: ChatLine) -> None:
        """An admin kicked `name`: the process its sessions are on ends them."""
        ...

    async def kick_of(self, kid: int) -> tuple[str, ChatLine] | None: ...

    def drain_everywhere(self) -> None:
        """An admin's `drain --all`: every process listening drains (a `drain` notice), and the drain is
        kept for those that do not hear it (`drain_under_way`)."""
        ...

    async def drain_under_way(self) -> bool:
        """Whether an admin's `drain --all` is under way: a process running when it was asked still runs."""
        ...


def is_shared(records: Records) -> TypeGuard[SharedRecords]:
    """Whether `records` are shared by several server processes: they say so (`shared`), and only
    `SharedRecords` do."""
    return bool(getattr(records, "shared", False))
