"""`Database`, the server's records in SQLite or PostgreSQL, as the hub and the login rules see it: one
object over the repositories (accounts.py, tables.py, waiting.py, history.py, cluster.py), which share
one worker (worker.py); `open_database`, which picks the engine from the settings (engines.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from citadels_core import SaveFileError
from citadels_core.actions import Action
from citadels_tui import hosted_store
from citadels_tui.ratings import Place, Rating
from citadels_tui.records import (
    Ban,
    BanKind,
    ChatLine,
    FinishedGame,
    GameSummary,
    KeptSeat,
    KeptTable,
    PuzzleDay,
    Standing,
)

from ..auth import PLAYERS_FILE, read_players_file
from ..settings import Settings
from .accounts import Accounts, PlayerNames, add_key
from .cluster import Cluster, Lease
from .engines import DatabaseError, Engine, SqliteEngine, Tx, engine_for, one_line
from .history import History
from .notices import Listener, Notice
from .puzzles import PuzzleAnswers
from .rows import CHAT_KEPT, TableRow
from .tables import Tables, insert_table, set_last_id
from .waiting import WaitingTables
from .worker import Worker

log = logging.getLogger(__package__)


class Database:
    """Records (records.py) and names (auth.py) kept in SQLite or PostgreSQL; see the package's docstring.
    Each call goes to the repository that holds what it is about."""

    def __init__(self, engine: Engine, data_dir: Path | None = None) -> None:
        self._worker = Worker(engine)
        self.where = engine.where
        # This process among those sharing the database: the origin of its notices, the holder of its leases.
        self.holder = self._worker.holder
        self._problems: list[str] = []
        self._cluster = Cluster(self._worker)
        self._accounts = Accounts(self._worker, self._cluster)
        self._tables = Tables(self._worker, self._problems)
        self._waiting = WaitingTables(self._worker, self._tables)
        self._history = History(self._worker)
        self._puzzles = PuzzleAnswers(self._worker)
        self._worker.start(lambda tx: self._open(tx, data_dir))  # DatabaseError when it cannot be used

    def probe(self) -> asyncio.Future[Any]:
        """A question the database answers when it can be reached (`/healthz`, server/metrics.py)."""
        return self._worker.later(lambda tx: tx.one("SELECT 1"))

    # ---------------------------------------------------------------- opening

    def _open(self, tx: Tx, data_dir: Path | None) -> None:
        if data_dir is not None and tx.one("SELECT value FROM meta WHERE key = 'imported'") is None:
            self._import(tx, data_dir)
        self._accounts.load(tx)
        self._tables.load(tx)

    def _import(self, tx: Tx, home: Path) -> None:
        """The files of the servers before the database: players.toml and tables/table-*.json (left on disk)."""
        now = time.time()
        try:
            owners = read_players_file(home / PLAYERS_FILE)
        except Exception as e:  # noqa: BLE001 - a file we cannot read is reported and left, not fatal
            self._problems.append(
                f"{home / PLAYERS_FILE} cannot be imported ({one_line(e)}); it was left as it is."
            )
            owners = {}
        for name, fp in owners.items():
            add_key(tx, name, fp, now)
        store = home / "tables"
        ids = hosted_store.ids_in(store)
        for tid in ids:
            path = hosted_store.path_for(store, tid)
            try:
                stored = hosted_store.load_table(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, SaveFileError) as e:
                self._problems.append(
                    f"The table file {path} cannot be imported ({e}); it was left as it is."
                )
                continue
            settings = {k: v for k, v in stored.settings.items() if k != "id"}
            seats = [KeptSeat(n, k, r, c) for n, k, r, c in stored.holders]
            kept = KeptTable(tid, settings, seats, stored.record, stored.bots, stored.chat[-CHAT_KEPT:])
            insert_table(tx, TableRow(kept), now)
        for problem in self._problems:
            log.warning("%s", problem)
        # Table ids are never reused, even those of the files that could not be imported.
        set_last_id(tx, max(ids, default=0))
        tx.run(
            "INSERT INTO meta (key, value) VALUES ('imported', ?)",
            (json.dumps({"when": now, "players": len(owners), "tables": len(ids)}),),
        )
        if owners or ids:
            log.info("imported %d name(s) and %d table file(s) from %s", len(owners), len(ids), home)

    # ---------------------------------------------------------------- names (auth.Names, via PlayerNames)

    @property
    def players(self) -> PlayerNames:
        return self._accounts.players

    def key_added(self, name: str, fingerprint: str) -> None:
        self._accounts.key_added(name, fingerprint)

    def player_seen(self, name: str) -> None:
        self._accounts.player_seen(name)

    async def last_seen(self, name: str) -> float | None:
        return await self._accounts.last_seen(name)

    async def refresh_logins(self) -> None:
        await self._accounts.refresh_logins()

    # ---------------------------------------------------------------- Records: tables in play

    @property
    def problems(self) -> list[str]:
        return list(self._problems)

    @property
    def shared(self) -> bool:
        return self._cluster.shared

    def next_table_id(self) -> int:
        return self._tables.next_table_id()

    def tables_in_play(self) -> list[KeptTable]:
        return self._tables.tables_in_play()

    def lobby_chat(self) -> list[ChatLine]:
        return self._tables.lobby_chat()

    def table_started(self, table: KeptTable) -> None:
        self._tables.table_started(table)

    def seats_changed(self, tid: int, seats: Sequence[KeptSeat], bots: dict[int, str]) -> None:
        self._tables.seats_changed(tid, seats, bots)

    def append_actions(
        self, tid: int, start: int, moves: Sequence[tuple[int, Action]]
    ) -> asyncio.Future[None]:
        return self._tables.append_actions(tid, start, moves)

    def truncate_actions(self, tid: int, length: int) -> asyncio.Future[None]:
        return self._tables.truncate_actions(tid, length)

    def chat_line(self, tid: int | None, line: ChatLine) -> None:
        self._tables.chat_line(tid, line)

    def table_closed(self, tid: int) -> None:
        self._tables.table_closed(tid)

    def claim_actions(
        self,
        tid: int,
        start: int,
        moves: Sequence[tuple[int, Action]],
        after: tuple[int, Action] | None = None,
    ) -> asyncio.Future[None]:
        return self._tables.claim_actions(tid, start, moves, after)

    def unclaim_action(self, tid: int, length: int, action: tuple[int, Action]) -> asyncio.Future[None]:
        return self._tables.unclaim_action(tid, length, action)

    async def actions_from(self, tid: int, start: int) -> list[tuple[int, Action]]:
        return await self._tables.actions_from(tid, start)

    async def table_in_play(self, tid: int) -> KeptTable | None:
        return await self._tables.table_in_play(tid)

    async def chat_after(self, tid: int | None, after: int) -> list[tuple[int, ChatLine]]:
        return await self._tables.chat_after(tid, after)

    # ---------------------------------------------------------------- tables not yet started, when shared

    def table_waiting(self, tid: int, settings: dict[str, Any], seats: Sequence[KeptSeat]) -> None:
        self._waiting.table_waiting(tid, settings, seats)

    def seats_taken(
        self, tid: int, before: Sequence[KeptSeat], seats: Sequence[KeptSeat], settings: dict[str, Any]
    ) -> bool:
        return self._waiting.seats_taken(tid, before, seats, settings)

    def waiting_started(self, table: KeptTable, before: Sequence[KeptSeat]) -> bool:
        return self._waiting.waiting_started(table, before)

    def waiting_tables(self) -> list[tuple[int, dict[str, Any], list[KeptSeat]]]:
        return self._waiting.waiting_tables()

    def waiting_table(self, tid: int) -> tuple[dict[str, Any], list[KeptSeat]] | None:
        return self._waiting.waiting_table(tid)

    async def table_state(self, tid: int) -> KeptTable | tuple[dict[str, Any], list[KeptSeat]] | None:
        return await self._waiting.table_state(tid)

    async def table_ids(self) -> list[int]:
        return await self._waiting.table_ids()

    # ---------------------------------------------------------------- Records: history and ratings

    def table_finished(self, tid: int, game: FinishedGame, rated: Sequence[Place]) -> None:
        self._history.table_finished(tid, game, rated)

    async def games(self, name: str | None = None, limit: int = 20) -> list[GameSummary]:
        return await self._history.games(name, limit)

    async def game(self, gid: int) -> FinishedGame | None:
        return await self._history.game(gid)

    async def leaderboard(self, limit: int = 20, bots: bool = True) -> list[Standing]:
        return await self._history.leaderboard(limit, bots)

    async def puzzle_answered(self, day: str, name: str, solved: bool, when: float) -> PuzzleDay:
        return await self._puzzles.puzzle_answered(day, name, solved, when)

    async def puzzle_day(self, day: str, name: str) -> PuzzleDay:
        return await self._puzzles.puzzle_day(day, name)

    def mark_bot(self, name: str) -> None:
        self._accounts.mark_bot(name)

    def is_bot(self, name: str) -> bool:
        return self._accounts.is_bot(name)

    async def rating(self, name: str) -> Rating | None:
        return await self._history.rating(name)

    # ---------------------------------------------------------------- Records: bans

    def ban(self, ban: Ban) -> None:
        self._accounts.ban(ban)

    def unban(self, kind: BanKind, value: str) -> bool:
        return self._accounts.unban(kind, value)

    def bans(self) -> list[Ban]:
        return self._accounts.bans()

    def banned(self, name: str | None, key: str | None, address: str | None) -> Ban | None:
        return self._accounts.banned(name, key, address)

    # ---------------------------------------------------------------- several processes (docs/scaling.md)

    def release_leases(self) -> None:
        self._cluster.release_leases()

    async def take_live_name(self, folded: str, seconds: float) -> bool:
        return await self._cluster.take_live_name(folded, seconds)

    def give_back_live_name(self, folded: str) -> None:
        self._cluster.give_back_live_name(folded)

    async def take_lease(self, tid: int, seconds: float) -> Lease:
        return await self._cluster.take_lease(tid, seconds)

    async def renew_leases(self, seconds: float) -> list[int]:
        return await self._cluster.renew_leases(seconds)

    async def release_lease(self, tid: int) -> None:
        await self._cluster.release_lease(tid)

    async def lease_of(self, tid: int) -> Lease | None:
        return await self._cluster.lease_of(tid)

    async def tables_without_runner(self) -> list[int]:
        return await self._cluster.tables_without_runner()

    async def presence(
        self, seconds: float, here: dict[str, Any] | None, changed: bool = False
    ) -> list[tuple[str, bool, dict[str, Any]]]:
        return await self._cluster.presence(seconds, here, changed)

    def kick(self, name: str, farewell: ChatLine) -> None:
        self._cluster.kick(name, farewell)

    async def kick_of(self, kid: int) -> tuple[str, ChatLine] | None:
        return await self._cluster.kick_of(kid)

    async def listen(self, callback: Callable[[Notice], object]) -> Listener:
        return await self._cluster.listen(callback)

    # ---------------------------------------------------------------- closing

    def flush(self) -> None:
        """Wait until every write made so far is committed."""
        self._worker.flush()

    def close(self) -> None:
        self._worker.close()


def open_database(settings: Settings, *, import_files: bool = True) -> Database:
    """The database `settings.database` names (see the package's docstring), its schema up to date and the
    old files imported (`import_files`); DatabaseError with one sentence when it cannot be used."""
    engine = engine_for(settings)
    if isinstance(engine, SqliteEngine) and engine.path.exists() and not engine.path.is_file():
        raise DatabaseError(f"Cannot use the database {engine.path}: it is not a file.")
    if isinstance(engine, SqliteEngine):
        # Before the first write: a damaged file stops the server here, untouched (`check_database` too).
        engine.check(full=False)
    return Database(engine, settings.home() if import_files else None)
