"""`Database`, the server's records in SQLite or PostgreSQL, as the hub and the login rules see it: one
object made of the repositories (accounts.py, tables.py, waiting.py, history.py, cluster.py), which share
one worker (worker.py); `open_database`, which picks the engine from the settings (engines.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from pathlib import Path
from typing import Any

from citadels_core import SaveFileError
from citadels_tui.records import KeptSeat, KeptTable

from .. import hosted_store
from ..auth import PLAYERS_FILE, read_players_file
from ..settings import Settings
from .accounts import Accounts, add_key
from .engines import DatabaseError, Engine, SqliteEngine, Tx, engine_for, one_line
from .history import History
from .puzzles import PuzzleAnswers
from .rows import CHAT_KEPT, TableRow
from .tables import insert_table, set_last_id
from .waiting import WaitingTables
from .worker import Worker

log = logging.getLogger(__package__)


class Database(Accounts, WaitingTables, History, PuzzleAnswers):
    """Records (records.py) and names (auth.py) kept in SQLite or PostgreSQL; see the package's docstring.
    Made of the repositories (`Accounts` with `Cluster`, `WaitingTables` with `Tables`, `History`,
    `PuzzleAnswers`): each call is the method of the one that holds what it is about, all on one worker."""

    def __init__(self, engine: Engine, data_dir: Path | None = None) -> None:
        super().__init__(Worker(engine))
        self.where = engine.where
        self._worker.start(lambda tx: self._open(tx, data_dir))  # DatabaseError when it cannot be used

    def probe(self) -> asyncio.Future[Any]:
        """A question the database answers when it can be reached (`/healthz`, server/metrics.py)."""
        return self._worker.later(lambda tx: tx.one("SELECT 1"))

    # ---------------------------------------------------------------- opening

    def _open(self, tx: Tx, data_dir: Path | None) -> None:
        if data_dir is not None and tx.one("SELECT value FROM meta WHERE key = 'imported'") is None:
            self._import(tx, data_dir)
        self.load_accounts(tx)
        self.load_tables(tx)

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

    # ---------------------------------------------------------------- closing

    def flush(self) -> None:
        """Wait until every write made so far is committed."""
        self._worker.flush()

    async def written(self) -> None:
        """Once every write made so far is committed (the worker runs its jobs in turn), without blocking the
        loop."""
        await self._worker.later(lambda tx: None)

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
