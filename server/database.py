"""The server's database: players and their keys, tables in play with their action journal, chat,
finished games, ratings and bans, in SQLite (the default, a file in the data dir) or PostgreSQL.

`Database` is the hub's `Records` (citadels_tui/records.py says what each call promises) and the login
rules' `Names` (auth.py). All its work runs on one thread of its own, in the order the calls were made
(a queue): the event loop never waits for a disk or a network. Writes nothing waits for are queued and
return at once; `append_actions` and `truncate_actions` return a future the loop sees done
(`call_soon_threadsafe`) once their transaction committed, so a journalled action survives `kill -9`;
coroutine reads await the thread. What a login must know at once (claimed names, bans) is kept in memory,
loaded at open and written behind.

`open_database(settings)` opens the one the settings name (`database`: None for `<data dir>/citadels.db`,
a path or `sqlite:///path`, or `postgresql://…`), brings its schema up to date (schema.py) and, the first
time, imports the files of the servers before it (`players.toml`, `tables/table-*.json`), which stay on
disk. A database it cannot open or read raises `DatabaseError` with one sentence, and is left untouched.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import queue
import socket
import sqlite3
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citadels_core import SaveFileError
from citadels_core.actions import Action
from citadels_core.config import GameConfig
from citadels_core.record import GameRecord
from citadels_core.text import clean_text, name_key
from citadels_tui import hosted_store
from citadels_tui.i18n import Lazy
from citadels_tui.ratings import Place, Rating, rerated
from citadels_tui.records import (
    Ban,
    BanKind,
    ChatLine,
    FinishedGame,
    Finisher,
    GameSummary,
    JournalRefused,
    KeptSeat,
    KeptTable,
    PlaceTaken,
    Standing,
    TableGone,
    clean_line,
)

from . import schema
from .auth import PLAYERS_FILE, MemoryNames, read_players_file
from .settings import Settings

log = logging.getLogger(__name__)

DB_FILE = "citadels.db"
CHAT_KEPT = 200  # lines kept per chat (each table's, the lobby's)
# Seconds a dead process's presence row (and an admin's kick) is kept after it expired: long past any seat
# hold, so that every survivor has seen it; then it is only a row.
FORGET_AFTER = 3600.0
# Seconds past its presence's expiry that a process whose connection is still open counts as alive (late
# under load); past that it is given up on (a host cut off keeps its connection open until TCP gives up).
DEAD_AFTER = 60.0


# What adds the PostgreSQL driver, the extra `postgres` (pyproject.toml), to Citadels installed from its
# clone as the README says: into its .venv, or as a tool.
POSTGRES_INSTALL = (
    "pip install -e '.[postgres]' in the clone (installed as a tool: pipx install --force '.[postgres]' "
    "or uv tool install --reinstall '.[postgres]')"
)


class DatabaseError(Exception):
    """A database the server cannot use; the message is one sentence for the host."""


# What a notice is about (`Notice.kind`); see `Database.listen`.
NOTICE_KINDS = frozenset(
    {
        "actions",  # table's journal got `count` actions from number `n` on
        "truncated",  # table's journal was cut back to `n` actions (a decision taken back)
        "table",  # table started, its seats or bots changed, or it ended (finished or closed)
        "chat",  # a chat line, number `n` of the chat table (table None: the lobby's)
        "bans",  # a ban was added or lifted
        "players",  # a name was claimed or got another key
        "presence",  # a process's sessions sat down, stood up, began or stopped watching (`processes`)
        "kick",  # an admin kicked a name: row `n` of `kicks`, for the process that player is on
        "lost",  # the listener lost its connection and has it again: notices may have been missed
    }
)
CHANNEL = "citadels"  # PostgreSQL's LISTEN/NOTIFY channel; notifications stay within one database


@dataclass(frozen=True)
class Notice:
    """Something another process (or this one, `origin` says) wrote to the shared database."""

    kind: str
    table: int | None = None
    n: int = 0
    count: int = 0
    origin: str = ""


@dataclass(frozen=True)
class Lease:
    """Who runs a table's bots and turn timer (docs/scaling.md), as the database has it now."""

    table: int
    holder: str  # a `Database.holder`; "" once released
    term: int  # one more each time the lease changed hands
    expires: float  # seconds since the epoch, on the database's clock
    mine: bool  # held by the Database that asked


# ----------------------------------------------------------------------------------------- engines


class Tx:
    """One transaction on one connection; SQL is written with `?` placeholders for both engines."""

    def __init__(self, conn: Any, postgres: bool) -> None:
        self.conn = conn
        self.postgres = postgres

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        self.conn.execute(self._sql(sql), params)

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return list(self.conn.execute(self._sql(sql), params).fetchall())

    def one(self, sql: str, params: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
        found = self.rows(sql, params)
        return found[0] if found else None

    def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        if self.postgres:
            with self.conn.cursor() as cur:
                cur.executemany(self._sql(sql), rows)
        else:
            self.conn.executemany(sql, rows)


class _Engine:
    """How to connect to one database and run a transaction on it."""

    postgres = False
    name = "sqlite"
    where = ""
    tag = ""  # the end of the holder of the Database using it (`Database.holder`)

    def connect(self, role: str = "citadels") -> Any:
        raise NotImplementedError

    def check(self, full: bool = False) -> str:
        """Whether the database is whole, read without writing to it: what was checked, or DatabaseError."""
        raise NotImplementedError

    def name_of(self, role: str) -> str:
        """The name of this process's connection for `role` (PostgreSQL's application_name)."""
        return f"{role} {os.getpid()} {self.tag}"

    @contextlib.contextmanager
    def transaction(self, conn: Any, write: bool) -> Iterator[Tx]:
        raise NotImplementedError
        yield  # pragma: no cover

    def broken(self, conn: Any, error: Exception) -> bool:
        """Was the connection lost (worth one new connection and one more try)?"""
        return False


class _Sqlite(_Engine):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)

    def connect(self, role: str = "citadels") -> sqlite3.Connection:
        if not self.path.parent.is_dir():
            try:
                self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            except OSError as e:
                raise DatabaseError(
                    self.unwritable() or f"Cannot make {self.path.parent}: {e.strerror}."
                ) from e
        # isolation_level None: the transactions are ours (BEGIN … COMMIT), not the module's guesses.
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
        try:
            # A read first: a file that is not a database fails here, before anything could write to it.
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            # WAL: readers (a backup, `citadels leaderboard`) never block the server's writes.
            # synchronous FULL: a commit is on the disk before it returns, so an acknowledged action
            # survives a power cut too (NORMAL keeps it only across a crash of the process).
            conn.execute("PRAGMA journal_mode=WAL").fetchone()
            conn.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error:
            conn.close()
            raise
        return conn

    def check(self, full: bool = False) -> str:
        """SQLite's own check of every page (`quick_check`, or the slower `integrity_check`, which also
        compares each index with its table, when `full`), on a read-only connection: nothing is written to
        the file, whatever it holds. What was checked, or DatabaseError with the sentence for the host."""
        if not self.path.exists():
            return f"There is no database at {self.path} yet: the server makes one when it starts."
        pragma = "integrity_check" if full else "quick_check"
        try:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
            try:
                # A finding may span lines ("*** in database main ***\nPage 32: …"): one sentence.
                found = [_one_line(r[0]) for r in conn.execute(f"PRAGMA {pragma}(3)").fetchall()]
            finally:
                conn.close()
        except sqlite3.Error as e:
            if getattr(e, "sqlite_errorcode", None) not in SQLITE_DAMAGED:
                # Even reading a WAL database needs its -shm file: in a read-only directory, that is why.
                problem = self.unwritable() or f"Cannot read the database {self.path}: {_one_line(e)}."
                raise DatabaseError(problem) from None
            if getattr(e, "sqlite_errorcode", None) == SQLITE_NOTADB:
                raise DatabaseError(self.damaged(pragma, "")) from None
            found = [_one_line(e)]
        if found != ["ok"]:
            raise DatabaseError(self.damaged(pragma, "; ".join(found)))
        return f"The database {self.path} passes SQLite's {pragma}."

    def damaged(self, pragma: str, problem: str) -> str:
        """The sentence for a damaged file: what is wrong, the last backup known, how to put it back."""
        last = last_backup(self.path)
        if last is None:
            where = (
                "no backup of it is known (`citadels backup FILE` makes one, and remembers where, in "
                f"{backup_note(self.path)})"
            )
            restore = f"copy your latest backup to {self.path}"
        else:
            where = f"the last backup `citadels backup` made is {last}"
            restore = f"copy {last.split(' (')[0]} to {self.path}"
        what = (
            f"The database {self.path} is damaged (SQLite's {pragma} says: {problem[:200]})"
            if problem
            else f"The file {self.path} is not a SQLite database (or its first page is damaged)"
        )
        return (
            f"{what}, so the server did not start and wrote nothing to it; {where}; to restore, move {self.path} and any "
            f"{self.path.name}-wal and {self.path.name}-shm beside it aside, {restore} and start again."
        )

    def unwritable(self) -> str | None:
        """Why the server cannot write its database here, said plainly, if that is the reason it failed.
        Tried for real (a probe file made and removed, the database opened for writing and closed): a
        permission check would pass for root on a read-only mount's neighbour, or fail for a writable
        ACL."""
        folder = self.path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent  # the directory the server would have to make its own in
        choose = (
            "make it writable for the server's user, or choose another place with --data-dir or "
            "--database (`data_dir` or `database` in the settings file)"
        )
        try:
            fd, probe = tempfile.mkstemp(prefix=".citadels-probe-", dir=folder)
            os.close(fd)
            os.unlink(probe)
        except OSError as e:
            return (
                f"The directory {folder} is not writable ({e.strerror}): the server keeps its database "
                f"{self.path} there, with its -wal and -shm files beside it; {choose}."
            )
        if self.path.is_file():
            try:
                open(self.path, "r+b").close()  # opened for writing, nothing written
            except OSError as e:
                return f"The database {self.path} is not writable ({e.strerror}): {choose}."
        return None

    @contextlib.contextmanager
    def transaction(self, conn: sqlite3.Connection, write: bool) -> Iterator[Tx]:
        # IMMEDIATE: a writer takes the lock at the start, never half-way through (no deadlock to retry).
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield Tx(conn, False)
            conn.execute("COMMIT")
        except BaseException:
            # Also when the COMMIT failed (a full disk): the next transaction must find none open.
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


class _Postgres(_Engine):
    postgres = True
    name = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = _without_password(url)

    def check(self, full: bool = False) -> str:
        """PostgreSQL keeps its own pages whole (its WAL, and data checksums if the cluster has them on;
        `pg_amcheck` checks them): here only that the server can connect."""
        try:
            self.connect("citadels check").close()
        except Exception as e:  # noqa: BLE001 - any failure to connect is the host's to read
            raise DatabaseError(f"Cannot use the database {self.where}: {_one_line(e)}") from None
        return f"The database {self.where} answers (PostgreSQL checks its own pages: pg_amcheck)."

    def connect(self, role: str = "citadels") -> Any:
        try:
            import psycopg
        except ImportError:
            # The driver is an extra (pyproject.toml): most players never host on PostgreSQL.
            raise DatabaseError(
                f"The database {self.where} is PostgreSQL, and its driver (psycopg) is not installed: "
                f"{POSTGRES_INSTALL} adds it."
            ) from None

        # Named for PostgreSQL's pg_stat_activity: which process each connection is, and what for; the tag
        # (the end of `Database.holder`) tells processes of one pid on two hosts apart (presence, below).
        return psycopg.connect(
            self.url, autocommit=True, connect_timeout=10, application_name=self.name_of(role)
        )

    @contextlib.contextmanager
    def transaction(self, conn: Any, write: bool) -> Iterator[Tx]:
        with conn.transaction():
            yield Tx(conn, True)

    def broken(self, conn: Any, error: Exception) -> bool:
        import psycopg

        return isinstance(error, psycopg.OperationalError) and (conn.closed or conn.broken)


def _without_password(url: str) -> str:
    """The URL as the host may see it in a log (no password)."""
    head, sep, tail = url.partition("://")
    if "@" in tail:
        cred, _, rest = tail.rpartition("@")
        tail = cred.split(":", 1)[0] + "@" + rest
    return head + sep + tail


def _engine_for(settings: Settings) -> _Engine:
    url = settings.database
    if url is None:
        return _Sqlite(settings.home() / DB_FILE)
    if url.startswith(("postgresql://", "postgres://")):
        return _Postgres(url)
    if url.startswith("sqlite://"):
        url = url[len("sqlite://") :]  # sqlite:///var/lib/citadels.db: the path /var/lib/citadels.db
    return _Sqlite(Path(url).expanduser())


SQLITE_NOTADB = 26
SQLITE_DAMAGED = frozenset({11, SQLITE_NOTADB})  # and SQLITE_CORRUPT: the file, not the machine, is at fault


def _whole(conn: sqlite3.Connection) -> bool:
    """Does SQLite's quick_check find the database on `conn` whole?"""
    try:
        return [r[0] for r in conn.execute("PRAGMA quick_check(1)").fetchall()] == ["ok"]
    except sqlite3.DatabaseError as e:
        if getattr(e, "sqlite_errorcode", None) in SQLITE_DAMAGED:
            return False
        raise


def backup_note(db: Path) -> Path:
    """Where `citadels backup` notes the last copy it made of `db`: beside it, for the start check."""
    return db.with_name(db.name + ".last-backup")


def last_backup(db: Path) -> str | None:
    """The last copy `citadels backup` made of `db` that is still there, with when: "FILE (made …)"."""
    try:
        note = json.loads(backup_note(db).read_text(encoding="utf-8"))
        copy, made = str(note["file"]), str(note["made"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return f"{copy} (made {made})" if Path(copy).is_file() else None


def _one_line(e: object) -> str:
    text = " ".join(str(e).split()) or type(e).__name__
    return text[:300]


# --------------------------------------------------------------------------------- JSON of records


def _line_json(line: ChatLine) -> str:
    # What players said is kept as said; an announcement as its message and values, to be translated for
    # each reader after a restart as before it (as hosted_store.py kept it).
    if isinstance(line, Lazy):
        data: dict[str, Any] = {"message": line.text, "values": dict(line.kw)}
        if line.plural is not None:
            data["plural"], data["n"] = line.plural, line.n
        return json.dumps(data, ensure_ascii=False)
    return json.dumps(line, ensure_ascii=False)


def _line(text: str) -> ChatLine:
    raw = json.loads(text)
    if isinstance(raw, str):
        return clean_line(raw)
    if isinstance(raw, dict) and isinstance(raw.get("message"), str) and isinstance(raw.get("values"), dict):
        plural = raw.get("plural")
        return clean_line(
            Lazy(
                raw["message"],
                tuple(raw["values"].items()),
                plural if isinstance(plural, str) else None,
                int(raw.get("n", 0)),
            )
        )
    raise ValueError(f"a chat line {text!r:.60}")


def _seats_json(seats: Sequence[KeptSeat]) -> str:
    return json.dumps(
        [
            {"name": s.name, "key": s.key, "released": s.released, "code": s.code}
            | ({} if s.away is None else {"away": s.away})  # only while a shared table holds the seat
            for s in seats
        ],
        ensure_ascii=False,
    )


def _seats(text: str) -> list[KeptSeat]:
    return [
        KeptSeat(
            clean_text(str(s["name"])),
            s["key"],
            bool(s["released"]),
            s.get("code"),
            None if s.get("away") is None else float(s["away"]),
        )
        for s in json.loads(text)
    ]


def _bots_json(bots: dict[int, str]) -> str:
    return json.dumps({str(k): v for k, v in sorted(bots.items())})


def _summary_json(s: GameSummary) -> str:
    return json.dumps(
        {
            "id": s.id,
            "ended": s.ended,
            "edition": s.edition,
            "moves": s.moves,
            "abandoned": s.abandoned,
            "seats": [
                {"name": f.name, "key": f.key, "bot": f.bot, "score": f.score, "rank": f.rank}
                for f in s.seats
            ],
        },
        ensure_ascii=False,
    )


def _summary(text: str) -> GameSummary:
    d = json.loads(text)
    seats = tuple(
        Finisher(clean_text(str(f["name"])), f["key"], f["bot"], int(f["score"]), int(f["rank"]))
        for f in d["seats"]
    )
    return GameSummary(
        int(d["id"]), float(d["ended"]), str(d["edition"]), seats, int(d["moves"]), bool(d["abandoned"])
    )


def _action_json(action: Action) -> str:
    return json.dumps(action.to_json(), ensure_ascii=False)


# ------------------------------------------------------------------------------------------ names


class PlayerNames(MemoryNames):
    """The login rules' names (auth.Names), answered from memory and kept in the database behind; shared
    by several processes, also the names logged in on any of them (auth.SharedLiveNames)."""

    def __init__(self, db: Database, owners: dict[str, set[str]]) -> None:
        super().__init__(owners, claimed_hook=db.key_added, seen_hook=db.player_seen)
        self._db = db

    @property
    def shared(self) -> bool:
        return self._db.shared

    async def take_live(self, name: str, seconds: float) -> bool:
        return await self._db.take_live_name(name_key(name), seconds)

    def give_back_live(self, name: str) -> None:
        self._db.give_back_live_name(name_key(name))


# --------------------------------------------------------------------------------------- database


_Job = tuple[Callable[[Tx], Any], bool, Callable[[Any, BaseException | None], None] | None]


class Database:
    """Records (records.py) and names (auth.py) kept in SQLite or PostgreSQL; see the module's docstring."""

    def __init__(self, engine: _Engine, data_dir: Path | None = None) -> None:
        self._engine = engine
        self.where = engine.where
        # This process among those sharing the database: the origin of its notices, the holder of its leases.
        tag = uuid.uuid4().hex[:8]
        self.holder = f"{socket.gethostname()}/{os.getpid()}/{tag}"
        engine.tag = tag
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._problems: list[str] = []
        self._bans: list[tuple[Ban, str]] = []
        self._last_id = 0
        self._preloaded_tables: list[KeptTable] | None = None
        self._preloaded_chat: list[ChatLine] | None = None
        self._closed = False
        self._listeners: list[Listener] = []
        self._conn: Any = None
        self.players = PlayerNames(self, {})
        opened: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._thread = threading.Thread(
            target=self._work, args=(opened, data_dir), name="citadels-database", daemon=True
        )
        self._thread.start()
        opened.result()  # DatabaseError when the database cannot be used

    # ---------------------------------------------------------------- the database's thread

    def _work(self, opened: concurrent.futures.Future[None], data_dir: Path | None) -> None:
        try:
            self._conn = self._engine.connect()
            self._open(data_dir)
        except Exception as e:  # noqa: BLE001 - any failure to open is the host's to read, in one sentence
            if self._conn is not None:
                with contextlib.suppress(Exception):
                    self._conn.close()
            plainly = None
            if isinstance(self._engine, _Sqlite) and isinstance(e, sqlite3.OperationalError):
                # SQLite says "unable to open database file" or "attempt to write a readonly database".
                plainly = self._engine.unwritable()
            opened.set_exception(
                e
                if isinstance(e, DatabaseError)
                else DatabaseError(plainly or f"Cannot use the database {self.where}: {_one_line(e)}")
            )
            return
        opened.set_result(None)
        while (job := self._jobs.get()) is not None:
            fn, write, then = job
            try:
                result = self._transaction(fn, write)
            except Exception as e:  # noqa: BLE001 - one failed write must not stop the ones after it
                if not isinstance(e, JournalRefused):  # an answer the caller expects, not a failure
                    log.error("database %s: %s", self.where, _one_line(e), exc_info=True)
                if then is not None:
                    then(None, e)
                continue
            if then is not None:
                then(result, None)
        with contextlib.suppress(Exception):
            self._conn.close()

    def _transaction(self, fn: Callable[[Tx], Any], write: bool) -> Any:
        try:
            with self._engine.transaction(self._conn, write) as tx:
                return fn(tx)
        except Exception as e:
            if not self._engine.broken(self._conn, e):
                raise
        # The server's connection to PostgreSQL was lost (a restart of PostgreSQL): once more on a new one.
        log.warning("database %s: connection lost; connecting again", self.where)
        self._conn = self._engine.connect()
        with self._engine.transaction(self._conn, write) as tx:
            return fn(tx)

    def _submit(
        self,
        fn: Callable[[Tx], Any],
        write: bool = True,
        then: Callable[[Any, BaseException | None], None] | None = None,
    ) -> None:
        if self._closed:
            # The server is stopping and has closed its database: tasks being cancelled may still try a
            # write; it cannot be kept, and says so (a journal future fails: its action is not shown).
            error = DatabaseError(f"The database {self.where} is closed.")
            log.warning("%s A write came after it was closed and is not kept.", error)
            if then is not None:
                then(None, error)
            return
        self._jobs.put((fn, write, then))

    def _wait(self, fn: Callable[[Tx], Any], write: bool = False) -> Any:
        """Run `fn` on the database's thread and wait for it (only before the server serves anyone)."""
        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._submit(fn, write, lambda r, e: fut.set_exception(e) if e else fut.set_result(r))
        return fut.result()

    def _later(self, fn: Callable[[Tx], Any], write: bool = False) -> asyncio.Future[Any]:
        """A future of the event loop, done once `fn` ran (and committed) on the database's thread."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()

        def settle(result: Any, error: BaseException | None) -> None:
            if not fut.done():
                if isinstance(error, JournalRefused):
                    fut.set_exception(error)
                elif error is not None:
                    fut.set_exception(DatabaseError(f"The database {self.where} failed: {_one_line(error)}"))
                else:
                    fut.set_result(result)

        def then(result: Any, error: BaseException | None) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(settle, result, error)

        self._submit(fn, write, then)
        return fut

    # ---------------------------------------------------------------- opening

    def _open(self, data_dir: Path | None) -> None:
        with self._engine.transaction(self._conn, True) as tx:
            version = schema.version_of(tx)
        if version > schema.LATEST:
            raise DatabaseError(
                f"This database was written by a newer citadels (schema {version}; this one "
                f"knows up to {schema.LATEST}): {self.where} is left as it is; run the newer citadels."
            )
        for v in range(version + 1, schema.LATEST + 1):
            with self._engine.transaction(self._conn, True) as tx:
                schema.apply(tx, v, self._engine.name)
            log.info("database %s: schema version %d", self.where, v)
        with self._engine.transaction(self._conn, True) as tx:
            if data_dir is not None and tx.one("SELECT value FROM meta WHERE key = 'imported'") is None:
                self._import(tx, data_dir)
            self._load(tx)

    def _load(self, tx: Tx) -> None:
        owners: dict[str, set[str]] = {}
        for folded, fp in tx.rows("SELECT folded, fingerprint FROM player_keys"):
            owners.setdefault(folded, set()).add(fp)
        self.players = PlayerNames(self, owners)
        self._bans = [
            (Ban(kind, value, reason, by, since, until), folded)
            for kind, value, folded, reason, by, since, until in tx.rows(
                "SELECT kind, value, folded, reason, by_admin, since, until_time FROM bans ORDER BY id"
            )
        ]
        ids = [
            r[0] for r in tx.rows("SELECT max(id) FROM tables_in_play UNION ALL SELECT max(id) FROM games")
        ]
        last = tx.one("SELECT value FROM meta WHERE key = 'last_table_id'")
        self._last_id = max([int(i) for i in ids if i is not None] + [int(last[0]) if last else 0])
        if tx.postgres and (last is None or int(last[0]) < self._last_id):
            # Shared ids come from this row (`_take_table_id`): never below an id already used.
            tx.run(
                "INSERT INTO meta (key, value) VALUES ('last_table_id', ?) ON CONFLICT (key) DO UPDATE SET "
                "value = excluded.value WHERE CAST(meta.value AS BIGINT) < CAST(excluded.value AS BIGINT)",
                (str(self._last_id),),
            )
        self._preloaded_tables, self._preloaded_chat = self._read_tables(tx), self._read_chat(tx, None)

    def _import(self, tx: Tx, home: Path) -> None:
        """The files of the servers before the database: players.toml and tables/table-*.json (left on disk)."""
        now = time.time()
        try:
            owners = read_players_file(home / PLAYERS_FILE)
        except Exception as e:  # noqa: BLE001 - a file we cannot read is reported and left, not fatal
            self._problems.append(
                f"{home / PLAYERS_FILE} cannot be imported ({_one_line(e)}); it was left as it is."
            )
            owners = {}
        for name, fp in owners.items():
            self._add_key(tx, name, fp, now)
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
            self._insert_table(tx, _table_row(kept), now)
        for problem in self._problems:
            log.warning("%s", problem)
        # Table ids are never reused, even those of the files that could not be imported.
        self._set_last_id(tx, max(ids, default=0))
        tx.run(
            "INSERT INTO meta (key, value) VALUES ('imported', ?)",
            (json.dumps({"when": now, "players": len(owners), "tables": len(ids)}),),
        )
        if owners or ids:
            log.info("imported %d name(s) and %d table file(s) from %s", len(owners), len(ids), home)

    # ---------------------------------------------------------------- names (auth.Names, via PlayerNames)

    @staticmethod
    def _add_key(tx: Tx, name: str, fp: str, now: float) -> None:
        folded = name.casefold()
        tx.run(
            "INSERT INTO players (folded, name, created, last_seen) VALUES (?, ?, ?, NULL) "
            "ON CONFLICT (folded) DO NOTHING",
            (folded, name, now),
        )
        tx.run(
            "INSERT INTO player_keys (folded, fingerprint, added) VALUES (?, ?, ?) "
            "ON CONFLICT (folded, fingerprint) DO NOTHING",
            (folded, fp, now),
        )

    def key_added(self, name: str, fingerprint: str) -> None:
        now = time.time()

        def add(tx: Tx) -> None:
            self._add_key(tx, name, fingerprint, now)
            self._notify(tx, "players")

        self._submit(add)

    def player_seen(self, name: str) -> None:
        now = time.time()
        self._submit(
            lambda tx: tx.run("UPDATE players SET last_seen = ? WHERE folded = ?", (now, name.casefold()))
        )

    async def last_seen(self, name: str) -> float | None:
        found = await self._later(
            lambda tx: tx.one("SELECT last_seen FROM players WHERE folded = ?", (name.casefold(),))
        )
        return None if found is None or found[0] is None else float(found[0])

    # ---------------------------------------------------------------- Records: tables in play

    @property
    def problems(self) -> list[str]:
        return list(self._problems)

    @property
    def shared(self) -> bool:
        """Whether other processes may use this database too (PostgreSQL): the hub then keeps replicas of
        its tables and leases for their bots (docs/scaling.md). SQLite is one process's."""
        return isinstance(self._engine, _Postgres)

    def next_table_id(self) -> int:
        if self.shared:
            # Given out by the database, in one statement (its row lock orders two processes asking at once):
            # a counter in one process's memory would give two processes the same id. The caller (a player
            # making a table) waits for the round trip.
            tid = int(self._wait(self._take_table_id, write=True))
            self._last_id = max(self._last_id, tid)
            return tid
        self._last_id += 1
        tid = self._last_id
        self._submit(lambda tx: self._set_last_id(tx, tid))
        return tid

    @staticmethod
    def _set_last_id(tx: Tx, tid: int) -> None:
        tx.run(
            "INSERT INTO meta (key, value) VALUES ('last_table_id', ?) ON CONFLICT (key) DO UPDATE SET "
            "value = excluded.value",
            (str(tid),),
        )

    @staticmethod
    def _take_table_id(tx: Tx) -> int:
        found = tx.one(
            "UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) WHERE key = 'last_table_id' "
            "RETURNING value"
        )
        if found is not None:
            return int(found[0])
        # No id given out yet: the first, unless another process gives it first (then the update above wins
        # the next time round).
        tx.run("INSERT INTO meta (key, value) VALUES ('last_table_id', '0') ON CONFLICT (key) DO NOTHING")
        return Database._take_table_id(tx)

    def tables_in_play(self) -> list[KeptTable]:
        # Read at open (so that `problems` says from the start which tables cannot be resumed); a later
        # call reads again.
        tables, self._preloaded_tables = self._preloaded_tables, None
        return tables if tables is not None else self._wait(self._read_tables, write=True)

    def lobby_chat(self) -> list[ChatLine]:
        chat, self._preloaded_chat = self._preloaded_chat, None
        return chat if chat is not None else self._wait(lambda tx: self._read_chat(tx, None), write=True)

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
                actions = [(int(seat), Action.from_json(json.loads(a))) for _, seat, a in journal]
                record = GameRecord(GameConfig.from_json(json.loads(config)), int(seed), actions)
                kept.append(
                    KeptTable(
                        int(tid),
                        json.loads(settings),
                        _seats(seats),
                        record,
                        {int(k): str(v) for k, v in json.loads(bots).items()},
                        chats.get(tid, []),
                    )
                )
            except Exception as e:  # noqa: BLE001 - one table that cannot be read must not stop the others
                self._problems.append(
                    f"Table {tid} in the database cannot be resumed ({_one_line(e)}); it was left as it is."
                )
                log.warning("%s", self._problems[-1])
        return kept

    def _read_chats(self, tx: Tx) -> dict[int, list[ChatLine]]:
        out: dict[int, list[ChatLine]] = {}
        lines: dict[int, list[tuple[int, str]]] = {}
        for cid, tid, line in tx.rows(
            "SELECT id, table_id, line FROM chat WHERE table_id IS NOT NULL ORDER BY id"
        ):
            lines.setdefault(tid, []).append((cid, line))
        for tid, rows in lines.items():
            out[tid] = self._kept_lines(tx, tid, rows)
        return out

    def _read_chat(self, tx: Tx, tid: int | None) -> list[ChatLine]:
        rows = tx.rows("SELECT id, line FROM chat WHERE table_id IS NULL ORDER BY id")
        return self._kept_lines(tx, tid, rows)

    @staticmethod
    def _kept_lines(tx: Tx, tid: int | None, rows: list[tuple[int, str]]) -> list[ChatLine]:
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
                out.append(_line(text))
        return out

    def _insert_table(self, tx: Tx, row: _TableRow, now: float, chat: bool = True) -> None:
        """`chat` False: the table's chat is already in the database (said while it waited, shared), and
        stays as it is: `row.chat` may miss a line another process wrote just before the start."""
        tid = row.id
        self._forget_table(tx, tid, chat)
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
            self._set_last_id(tx, tid)

    @staticmethod
    def _forget_table(tx: Tx, tid: int, chat: bool = True) -> None:
        tx.run("DELETE FROM table_leases WHERE table_id = ?", (tid,))
        tx.run("DELETE FROM journal WHERE table_id = ?", (tid,))
        if chat:
            tx.run("DELETE FROM chat WHERE table_id = ?", (tid,))
        tx.run("DELETE FROM tables_in_play WHERE id = ?", (tid,))

    def table_started(self, table: KeptTable) -> None:
        # Made into text here, on the loop: the hub goes on changing its objects while the write waits.
        row, now = _table_row(table), time.time()
        self._last_id = max(self._last_id, table.id)

        def start(tx: Tx) -> None:
            self._insert_table(tx, row, now)
            self._notify(tx, "table", row.id)

        self._submit(start)

    def seats_changed(self, tid: int, seats: Sequence[KeptSeat], bots: dict[int, str]) -> None:
        s, b = _seats_json(seats), _bots_json(bots)

        def change(tx: Tx) -> None:
            tx.run("UPDATE tables_in_play SET seats = ?, bots = ? WHERE id = ?", (s, b, tid))
            self._notify(tx, "table", tid)

        self._submit(change)

    def append_actions(
        self, tid: int, start: int, moves: Sequence[tuple[int, Action]]
    ) -> asyncio.Future[None]:
        rows = [(tid, start + i, seat, _action_json(a)) for i, (seat, a) in enumerate(moves)]

        def append(tx: Tx) -> None:
            if tx.one("SELECT 1 FROM tables_in_play WHERE id = ?", (tid,)) is None:
                return  # a table no longer kept (closed meanwhile): as MemoryRecords, nothing to journal
            tx.run("DELETE FROM journal WHERE table_id = ? AND n >= ?", (tid, start))
            tx.many("INSERT INTO journal (table_id, n, seat, action) VALUES (?, ?, ?, ?)", rows)
            self._notify(tx, "actions", tid, start, len(rows))

        return self._later(append, write=True)

    def truncate_actions(self, tid: int, length: int) -> asyncio.Future[None]:
        def truncate(tx: Tx) -> None:
            tx.run("DELETE FROM journal WHERE table_id = ? AND n >= ?", (tid, length))
            self._notify(tx, "truncated", tid, length)

        return self._later(truncate, write=True)

    def chat_line(self, tid: int | None, line: ChatLine) -> None:
        text = _line_json(line)
        if tid is None:
            sql, params = "INSERT INTO chat (table_id, line) VALUES (NULL, ?)", (text,)
        else:  # a table's line only while the table is kept (in play, or waiting for its start when shared)
            sql, params = (
                "INSERT INTO chat (table_id, line) SELECT id, ? FROM tables_in_play WHERE id = ? "
                "UNION SELECT id, ? FROM tables_waiting WHERE id = ?",
                (text, tid, text, tid),
            )

        def say(tx: Tx) -> None:
            if not tx.postgres:
                tx.run(sql, params)
                return
            for (cid,) in tx.rows(sql + " RETURNING id", params):  # none: the table was no longer kept
                self._notify(tx, "chat", tid, int(cid))

        self._submit(say)

    def table_finished(self, tid: int, game: FinishedGame, rated: Sequence[Place]) -> None:
        s = game.summary
        summary, record = _summary_json(s), json.dumps(game.record.to_json(), ensure_ascii=False)
        folded = sorted({f.name.casefold() for f in s.seats})
        places = list(rated)

        def finish(tx: Tx) -> None:
            self._forget_table(tx, tid)
            self._notify(tx, "table", tid)
            tx.run("DELETE FROM game_seats WHERE game_id = ?", (s.id,))
            tx.run("DELETE FROM games WHERE id = ?", (s.id,))
            tx.run(
                "INSERT INTO games (id, ended, edition, abandoned, summary, record) VALUES (?, ?, ?, ?, ?, ?)",
                (s.id, s.ended, s.edition, int(s.abandoned), summary, record),
            )
            tx.many("INSERT INTO game_seats (game_id, folded) VALUES (?, ?)", [(s.id, f) for f in folded])
            if s.abandoned:
                return
            # The ratings change in the same transaction as the game enters the history: both or neither.
            names = {p.rated.casefold(): p.rated for p in places if p.rated is not None}
            current = {k: self._rating(tx, k) for k in names}
            after = rerated(places, {k: r for k, r in current.items() if r is not None})
            for key, r in after.items():
                tx.run(
                    "INSERT INTO ratings (folded, name, mu, sigma, games) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (folded) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                    "sigma = excluded.sigma, games = excluded.games",
                    (key, names[key], r.mu, r.sigma, r.games),
                )

        self._submit(finish)

    def table_closed(self, tid: int) -> None:
        def close(tx: Tx) -> None:
            self._forget_table(tx, tid)
            self._notify(tx, "table", tid)

        self._submit(close)

    # ---------------------------------------------------------------- Records: history and ratings

    async def games(self, name: str | None = None, limit: int = 20) -> list[GameSummary]:
        if name is None:
            rows = self._later(
                lambda tx: tx.rows("SELECT summary FROM games ORDER BY ended DESC, id DESC LIMIT ?", (limit,))
            )
        else:
            rows = self._later(
                lambda tx: tx.rows(
                    "SELECT g.summary FROM games g JOIN game_seats s ON s.game_id = g.id WHERE s.folded = ? "
                    "ORDER BY g.ended DESC, g.id DESC LIMIT ?",
                    (name.casefold(), limit),
                )
            )
        return [_summary(text) for (text,) in await rows]

    async def game(self, gid: int) -> FinishedGame | None:
        found = await self._later(lambda tx: tx.one("SELECT summary, record FROM games WHERE id = ?", (gid,)))
        if found is None:
            return None
        return FinishedGame(_summary(found[0]), GameRecord.loads(found[1]))

    async def leaderboard(self, limit: int = 20) -> list[Standing]:
        rows = await self._later(lambda tx: tx.rows("SELECT folded, name, mu, sigma, games FROM ratings"))
        # Sorted here rather than in SQL: the same order on both engines, whatever PostgreSQL's collation.
        ranked = sorted(
            ((k, n, Rating(mu, sigma, g)) for k, n, mu, sigma, g in rows), key=lambda x: (-x[2].shown, x[0])
        )
        return [Standing(clean_text(n), r) for _, n, r in ranked[:limit]]

    async def rating(self, name: str) -> Rating | None:
        return await self._later(lambda tx: self._rating(tx, name.casefold()))

    @staticmethod
    def _rating(tx: Tx, folded: str) -> Rating | None:
        found = tx.one("SELECT mu, sigma, games FROM ratings WHERE folded = ?", (folded,))
        return None if found is None else Rating(float(found[0]), float(found[1]), int(found[2]))

    # ---------------------------------------------------------------- Records: bans

    def ban(self, ban: Ban) -> None:
        folded = ban.value.casefold() if ban.kind == "name" else ban.value
        self._bans.append((ban, folded))

        def add(tx: Tx) -> None:
            tx.run(
                "INSERT INTO bans (kind, value, folded, reason, by_admin, since, until_time) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (ban.kind, ban.value, folded, ban.reason, ban.by, ban.since, ban.until),
            )
            self._notify(tx, "bans")

        self._submit(add)

    def unban(self, kind: BanKind, value: str) -> bool:
        before = len(self._bans)
        self._bans = [
            (b, f) for b, f in self._bans if not (b.kind == kind and b.matches(value, value, value))
        ]
        if len(self._bans) == before:
            return False
        folded = value.casefold() if kind == "name" else value

        def lift(tx: Tx) -> None:
            tx.run("DELETE FROM bans WHERE kind = ? AND folded = ?", (kind, folded))
            self._notify(tx, "bans")

        self._submit(lift)
        return True

    def bans(self) -> list[Ban]:
        now = time.time()
        return [b for b, _ in self._bans if b.active(now)]

    def banned(self, name: str | None, key: str | None, address: str | None) -> Ban | None:
        now = time.time()
        return next((b for b, _ in self._bans if b.active(now) and b.matches(name, key, address)), None)

    # ---------------------------------------------------------------- several processes (docs/scaling.md)

    def _notify(self, tx: Tx, kind: str, table: int | None = None, n: int = 0, count: int = 0) -> None:
        """Tell every process listening to this database (`listen`), once this transaction commits: PostgreSQL
        delivers a notification only on commit, and in commit order. SQLite has one process: nobody to tell."""
        if tx.postgres:
            tx.run(
                "SELECT pg_notify(?, ?)", (CHANNEL, _notice_json(Notice(kind, table, n, count, self.holder)))
            )

    def _now(self, tx: Tx) -> str:
        """SQL for now in seconds since the epoch on the database's clock (every host reads the same one)."""
        return (
            "CAST(extract(epoch FROM clock_timestamp()) AS DOUBLE PRECISION)"
            if tx.postgres
            else "((julianday('now') - 2440587.5) * 86400.0)"
        )

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
        rows = [(tid, start + i, seat, _action_json(a)) for i, (seat, a) in enumerate(moves)]
        before = None if after is None else (after[0], _action_json(after[1]))

        def claim(tx: Tx) -> None:
            if tx.one("SELECT 1 FROM tables_in_play WHERE id = ?", (tid,)) is None:
                raise TableGone(tid)
            if start > 0:
                # FOR SHARE on PostgreSQL: the action these moves follow cannot be taken back meanwhile
                # (`unclaim_action` locks it FOR UPDATE), which would leave a gap before them.
                found = tx.one(
                    "SELECT seat, action FROM journal WHERE table_id = ? AND n = ?"
                    + (" FOR SHARE" if tx.postgres else ""),
                    (tid, start - 1),
                )
                if found is None:
                    # The journal ends before: the replica holds an action it no longer has (taken back).
                    end = tx.one("SELECT count(*) FROM journal WHERE table_id = ?", (tid,))
                    raise PlaceTaken(tid, int(end[0]) if end else 0, [])
                if before is not None and (int(found[0]), found[1]) != before:
                    # These moves followed one of this process's that another's replaced meanwhile (two
                    # claims in flight): they were decided on a game that never was.
                    raise PlaceTaken(tid, start - 1, self._actions_from(tx, tid, start - 1))
            for row in rows:
                # ON CONFLICT waits for a rival transaction writing the same place, then sees its row if it
                # committed: of two processes claiming one place, exactly one inserts it.
                if not tx.rows(
                    "INSERT INTO journal (table_id, n, seat, action) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (table_id, n) DO NOTHING RETURNING n",
                    row,
                ):
                    raise PlaceTaken(tid, start, self._actions_from(tx, tid, start))  # rolls the claim back
            self._notify(tx, "actions", tid, start, len(rows))

        return self._later(claim, write=True)

    def unclaim_action(self, tid: int, length: int, action: tuple[int, Action]) -> asyncio.Future[None]:
        """Forget action number `length` of table `tid` (a decision taken back) only if it is the journal's
        last and is `action`: another process's action may have followed it. Fails with `PlaceTaken` (what
        the journal holds from `length` on) or `TableGone`, having changed nothing."""
        mine = (action[0], _action_json(action[1]))

        def unclaim(tx: Tx) -> None:
            if tx.one("SELECT 1 FROM tables_in_play WHERE id = ?", (tid,)) is None:
                raise TableGone(tid)
            # FOR UPDATE on PostgreSQL: a claim of the next place (which locks this row FOR SHARE) is either
            # committed before, and then seen by the next statement, or waits and then finds no row here.
            found = tx.one(
                "SELECT seat, action FROM journal WHERE table_id = ? AND n = ?"
                + (" FOR UPDATE" if tx.postgres else ""),
                (tid, length),
            )
            later = tx.one("SELECT 1 FROM journal WHERE table_id = ? AND n > ?", (tid, length))
            if found is None or (int(found[0]), found[1]) != mine or later is not None:
                raise PlaceTaken(tid, length, self._actions_from(tx, tid, length))
            tx.run("DELETE FROM journal WHERE table_id = ? AND n = ?", (tid, length))
            self._notify(tx, "truncated", tid, length)

        return self._later(unclaim, write=True)

    @staticmethod
    def _actions_from(tx: Tx, tid: int, start: int) -> list[tuple[int, Action]]:
        return [
            (int(seat), Action.from_json(json.loads(a)))
            for seat, a in tx.rows(
                "SELECT seat, action FROM journal WHERE table_id = ? AND n >= ? ORDER BY n", (tid, start)
            )
        ]

    async def actions_from(self, tid: int, start: int) -> list[tuple[int, Action]]:
        """Table `tid`'s journal from action number `start` on: how a replica catches up on a gap."""
        return await self._later(lambda tx: self._actions_from(tx, tid, start))

    async def table_in_play(self, tid: int) -> KeptTable | None:
        """One table in play as the database has it now (None: not in play): what a replica starts from."""

        def read(tx: Tx) -> KeptTable | None:
            found = tx.one(
                "SELECT settings, seats, bots, config, seed FROM tables_in_play WHERE id = ?", (tid,)
            )
            if found is None:
                return None
            settings, seats, bots, config, seed = found
            chat = self._kept_lines(
                tx, tid, tx.rows("SELECT id, line FROM chat WHERE table_id = ? ORDER BY id", (tid,))
            )
            record = GameRecord(
                GameConfig.from_json(json.loads(config)), int(seed), self._actions_from(tx, tid, 0)
            )
            return KeptTable(
                tid,
                json.loads(settings),
                _seats(seats),
                record,
                {int(k): str(v) for k, v in json.loads(bots).items()},
                chat,
            )

        return await self._later(read, write=True)  # write: it may drop a chat's oldest lines

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
                    out.append((int(cid), _line(text)))
            return out

        return await self._later(read)

    # ---------------------------------------------------------------- tables not yet started, when shared

    def table_waiting(self, tid: int, settings: dict[str, Any], seats: Sequence[KeptSeat]) -> None:
        """A table made and not yet started, which players on other processes may join."""
        text, s = json.dumps(settings, ensure_ascii=False), _seats_json(seats)

        def add(tx: Tx) -> None:
            tx.run("INSERT INTO tables_waiting (id, settings, seats) VALUES (?, ?, ?)", (tid, text, s))
            self._notify(tx, "table", tid)

        self._submit(add)

    def seats_taken(
        self, tid: int, before: Sequence[KeptSeat], seats: Sequence[KeptSeat], settings: dict[str, Any]
    ) -> bool:
        """Table `tid` (not started) has `seats` now (and `settings`: its creator may change), only if it
        still has `before`: a compare-and-set, so that two processes cannot give one seat twice. No seats
        left: the table goes. Whether it was changed; the caller (a player sitting down) waits for it."""
        old, new, text = _seats_json(before), _seats_json(seats), json.dumps(settings, ensure_ascii=False)

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
                self._notify(tx, "table", tid)
            return bool(done)

        return bool(self._wait(change, write=True))

    def waiting_started(self, table: KeptTable, before: Sequence[KeptSeat]) -> bool:
        """The table not yet started goes into play as `table`, only if its seats are still `before` (nobody
        sat down or stood up on another process meanwhile); whether it did. The caller waits for it."""
        row, old, now = _table_row(table), _seats_json(before), time.time()

        def start(tx: Tx) -> bool:
            if not tx.rows(
                "DELETE FROM tables_waiting WHERE id = ? AND seats = ? RETURNING id", (row.id, old)
            ):
                return False
            self._insert_table(tx, row, now, chat=False)  # what was said while it waited stays
            self._notify(tx, "table", row.id)
            return True

        return bool(self._wait(start, write=True))

    @staticmethod
    def _waiting(
        tx: Tx, where: str = "", params: tuple[Any, ...] = ()
    ) -> list[tuple[int, dict[str, Any], list[KeptSeat]]]:
        return [
            (int(tid), json.loads(settings), _seats(seats))
            for tid, settings, seats in tx.rows(
                "SELECT id, settings, seats FROM tables_waiting " + where + " ORDER BY id", params
            )
        ]

    def waiting_tables(self) -> list[tuple[int, dict[str, Any], list[KeptSeat]]]:
        """Every table not yet started: id, settings, seats (read at start, before anyone connects)."""
        return list(self._wait(self._waiting))

    def waiting_table(self, tid: int) -> tuple[dict[str, Any], list[KeptSeat]] | None:
        """One table not yet started as the database has it now (the caller waits: a player sitting down)."""
        found = self._wait(lambda tx: self._waiting(tx, "WHERE id = ?", (tid,)))
        return (found[0][1], found[0][2]) if found else None

    async def table_state(self, tid: int) -> KeptTable | tuple[dict[str, Any], list[KeptSeat]] | None:
        """Table `tid` now: in play (a KeptTable), not yet started (settings, seats), or gone (None)."""
        kept = await self.table_in_play(tid)
        if kept is not None:
            return kept
        found = await self._later(lambda tx: self._waiting(tx, "WHERE id = ?", (tid,)))
        return (found[0][1], found[0][2]) if found else None

    async def table_ids(self) -> list[int]:
        """The ids of every table in play or not yet started."""
        rows = await self._later(
            lambda tx: tx.rows("SELECT id FROM tables_in_play UNION SELECT id FROM tables_waiting")
        )
        return sorted(int(r[0]) for r in rows)

    async def refresh_logins(self) -> None:
        """Read the bans and the names' keys again (another process changed them): what a login is asked
        is answered from memory."""

        def read(tx: Tx) -> tuple[list[tuple[Ban, str]], dict[str, set[str]]]:
            owners: dict[str, set[str]] = {}
            for folded, fp in tx.rows("SELECT folded, fingerprint FROM player_keys"):
                owners.setdefault(folded, set()).add(fp)
            bans = [
                (Ban(kind, value, reason, by, since, until), folded)
                for kind, value, folded, reason, by, since, until in tx.rows(
                    "SELECT kind, value, folded, reason, by_admin, since, until_time FROM bans ORDER BY id"
                )
            ]
            return bans, owners

        self._bans, owners = await self._later(read)
        self.players.reload(owners)

    def release_leases(self) -> None:
        """Give up every lease this process holds, at once (it stops cleanly: another takes its tables), and
        its presence: its spectators count no more, and seats it still showed are held at once."""

        def release(tx: Tx) -> None:
            tx.run("UPDATE table_leases SET holder = '', expires = 0 WHERE holder = ?", (self.holder,))
            tx.run("UPDATE processes SET expires = 0 WHERE holder = ?", (self.holder,))
            tx.run("DELETE FROM live_names WHERE holder = ?", (self.holder,))

        self._submit(release)

    async def take_live_name(self, folded: str, seconds: float) -> bool:
        """Take the name `folded` (as names compare) for this process for `seconds`, renewed with its
        presence: True unless another process holds it and has not let it lapse. One statement: of two
        processes asking at once, the row lock lets one have it."""

        def take(tx: Tx) -> bool:
            now = self._now(tx)
            return bool(
                tx.rows(
                    f"INSERT INTO live_names (folded, holder, expires) VALUES (?, ?, {now} + ?) "
                    "ON CONFLICT (folded) DO UPDATE SET holder = excluded.holder, expires = excluded.expires "
                    f"WHERE live_names.holder = excluded.holder OR live_names.expires < {now} "
                    "RETURNING holder",
                    (folded, self.holder, float(seconds)),
                )
            )

        return await self._later(take, write=True)

    def give_back_live_name(self, folded: str) -> None:
        """The last connection of this process under the name `folded` closed."""
        self._submit(
            lambda tx: tx.run("DELETE FROM live_names WHERE folded = ? AND holder = ?", (folded, self.holder))
        )

    async def take_lease(self, tid: int, seconds: float) -> Lease:
        """Take table `tid`'s lease for `seconds`, or renew it if this Database holds it; taken only when it
        is free or expired. The lease as it is now: `mine` says whether this Database holds it."""

        def take(tx: Tx) -> Lease:
            now = self._now(tx)
            tx.run(
                f"INSERT INTO table_leases (table_id, holder, term, expires) VALUES (?, ?, 1, {now} + ?) "
                "ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires, "
                "term = CASE WHEN table_leases.holder = excluded.holder THEN table_leases.term "
                "ELSE table_leases.term + 1 END "
                f"WHERE table_leases.holder = excluded.holder OR table_leases.expires < {now}",
                (tid, self.holder, float(seconds)),
            )
            return self._lease(tx, tid)

        return await self._later(take, write=True)

    async def renew_leases(self, seconds: float) -> list[int]:
        """Renew every lease this Database holds for `seconds`, in one statement; the ids of the tables
        still its own (a table missing from them was taken over meanwhile, or ended)."""

        def renew(tx: Tx) -> list[int]:
            return sorted(
                int(tid)
                for (tid,) in tx.rows(
                    f"UPDATE table_leases SET expires = {self._now(tx)} + ? WHERE holder = ? RETURNING table_id",
                    (float(seconds), self.holder),
                )
            )

        return await self._later(renew, write=True)

    async def release_lease(self, tid: int) -> None:
        """Give table `tid`'s lease up at once (a process that stops), if this Database holds it."""
        await self._later(
            lambda tx: tx.run(
                "UPDATE table_leases SET holder = '', expires = 0 WHERE table_id = ? AND holder = ?",
                (tid, self.holder),
            ),
            write=True,
        )

    async def lease_of(self, tid: int) -> Lease | None:
        return await self._later(
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
        return await self._later(
            lambda tx: [
                int(tid)
                for (tid,) in tx.rows(
                    "SELECT t.id FROM tables_in_play t LEFT JOIN table_leases l ON l.table_id = t.id "
                    f"WHERE l.table_id IS NULL OR l.expires < {self._now(tx)} ORDER BY t.id"
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
            now = self._now(tx)
            if text is not None:
                tx.run(
                    f"INSERT INTO processes (holder, connection, expires, here) VALUES (?, ?, {now} + ?, ?) "
                    "ON CONFLICT (holder) DO UPDATE SET expires = excluded.expires, here = excluded.here",
                    (self.holder, self._engine.name_of("citadels"), float(seconds), text),
                )
                tx.run(f"DELETE FROM processes WHERE expires < {now} - ?", (FORGET_AFTER,))
                # The names logged in here stay taken as long as this process is alive (take_live_name).
                tx.run(
                    f"UPDATE live_names SET expires = {now} + ? WHERE holder = ?",
                    (float(seconds), self.holder),
                )
                if changed:
                    self._notify(tx, "presence")
            # Alive: its row renewed in time; or, for up to DEAD_AFTER seconds past that, its connection
            # still open (a process whose loop renews late under load is slow, not dead: `kill -9` or a
            # crash closes its connection at once, and a host cut off is given up on after DEAD_AFTER).
            connected = (
                "EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = p.connection)"
                if tx.postgres
                else "0 = 1"
            )
            out = []
            for holder, alive, found in tx.rows(
                f"SELECT holder, CASE WHEN expires >= {now} THEN 1 WHEN expires >= {now} - ? AND {connected} "
                "THEN 1 ELSE 0 END, here FROM processes p WHERE holder <> ? ORDER BY holder",
                (DEAD_AFTER, self.holder),
            ):
                with contextlib.suppress(ValueError, TypeError):
                    out.append((str(holder), bool(alive), dict(json.loads(found))))
            return out

        return await self._later(present, write=text is not None)

    def kick(self, name: str, farewell: ChatLine) -> None:
        """An admin kicked `name`: the process that player's sessions are on ends them (a `kick` notice)."""
        text, now = _line_json(farewell), time.time()

        def kick(tx: Tx) -> None:
            tx.run("DELETE FROM kicks WHERE said < ?", (now - FORGET_AFTER,))
            for (kid,) in tx.rows(
                "INSERT INTO kicks (name, farewell, said) VALUES (?, ?, ?) RETURNING id", (name, text, now)
            ):
                self._notify(tx, "kick", None, int(kid))

        self._submit(kick)

    async def kick_of(self, kid: int) -> tuple[str, ChatLine] | None:
        """Kick number `kid`: the name kicked and the farewell its sessions read; None if forgotten."""

        def read(tx: Tx) -> tuple[str, ChatLine] | None:
            found = tx.one("SELECT name, farewell FROM kicks WHERE id = ?", (kid,))
            return None if found is None else (str(found[0]), _line(found[1]))

        return await self._later(read)

    async def listen(self, callback: Callable[[Notice], object]) -> Listener:
        """Call `callback(notice)` on this event loop for every notice any process sharing this PostgreSQL
        database writes (this one's too: `notice.origin == self.holder`), in commit order; returns once
        listening. A dedicated connection and thread: the notices never wait behind this Database's queue.
        DatabaseError on SQLite, which one process alone uses."""
        if not isinstance(self._engine, _Postgres):
            raise DatabaseError(
                f"The database {self.where} is SQLite: only one process uses it, nothing to listen to."
            )
        listener = Listener(self._engine, asyncio.get_running_loop(), callback)
        await asyncio.wrap_future(listener.ready)
        self._listeners.append(listener)  # closed with the Database
        return listener

    # ---------------------------------------------------------------- closing

    def flush(self) -> None:
        """Wait until every write made so far is committed."""
        if not self._closed:
            self._wait(lambda tx: None)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for listener in self._listeners:
            listener.close()
        self._jobs.put(None)
        self._thread.join()


def _notice_json(notice: Notice) -> str:
    # Ids and numbers only: a notification carries at most 8000 bytes; what it is about is read from the
    # database (`actions_from`, `chat_after`, `table_in_play`).
    return json.dumps(
        {"k": notice.kind, "t": notice.table, "n": notice.n, "c": notice.count, "o": notice.origin},
        separators=(",", ":"),
    )


def _notice(payload: str) -> Notice:
    d = json.loads(payload)
    if not isinstance(d, dict) or d.get("k") not in NOTICE_KINDS:
        raise ValueError(f"a notice {payload!r:.60}")
    table = d.get("t")
    return Notice(
        str(d["k"]),
        None if table is None else int(table),
        int(d.get("n", 0)),
        int(d.get("c", 0)),
        str(d.get("o", "")),
    )


class Listener:
    """PostgreSQL's notifications on the channel `citadels`, on a connection and thread of their own, handed
    to a callback on the event loop (`Database.listen`). A lost connection is made again, and a `lost`
    notice says that notices may have been missed meanwhile: a replica then reads its journal again."""

    RETRY = 1.0  # seconds between tries to reconnect

    def __init__(
        self, engine: _Postgres, loop: asyncio.AbstractEventLoop, callback: Callable[[Notice], object]
    ) -> None:
        self._engine = engine
        self._loop = loop
        self._callback = callback
        self._stop = threading.Event()
        self.ready: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._work, name="citadels-notices", daemon=True)
        self._thread.start()

    def _deliver(self, notice: Notice) -> None:
        try:
            self._loop.call_soon_threadsafe(self._callback, notice)
        except RuntimeError:  # the loop is closed: nobody listens any more
            self._stop.set()

    def _work(self) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with self._engine.connect("citadels notices") as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if first:
                        first = False
                        self.ready.set_result(None)
                    else:
                        log.warning(
                            "database %s: listening again after a lost connection", self._engine.where
                        )
                        self._deliver(Notice("lost"))
                    while not self._stop.is_set():
                        # A timeout, so that `close` is seen within half a second.
                        for note in conn.notifies(timeout=0.5):
                            try:
                                notice = _notice(note.payload)
                            except (ValueError, TypeError, KeyError):
                                log.warning(
                                    "database %s: a notice that cannot be read: %.80s",
                                    self._engine.where,
                                    note.payload,
                                )
                                continue
                            self._deliver(notice)
            except Exception as e:  # noqa: BLE001 - whatever broke the connection, the listener tries again
                if first:
                    self.ready.set_exception(
                        DatabaseError(f"Cannot listen to the database {self._engine.where}: {_one_line(e)}")
                    )
                    return
                log.warning("database %s: notices: %s", self._engine.where, _one_line(e))
                self._stop.wait(self.RETRY)

    @property
    def listening(self) -> bool:
        return self._thread.is_alive()

    def close(self) -> None:
        """Stop listening (within half a second); closing twice is harmless."""
        self._stop.set()
        self._thread.join()


class _TableRow:
    """A table in play as the database's text, made on the loop (see `table_started`)."""

    __slots__ = ("id", "settings", "seats", "bots", "config", "seed", "actions", "chat")

    def __init__(self, t: KeptTable) -> None:
        self.id = t.id
        self.settings = json.dumps(t.settings, ensure_ascii=False)
        self.seats = _seats_json(t.seats)
        self.bots = _bots_json(t.bots)
        self.config = json.dumps(t.record.config.to_json(), ensure_ascii=False)
        self.seed = str(t.record.seed)
        self.actions = [(seat, _action_json(a)) for seat, a in t.record.actions]
        self.chat = [_line_json(x) for x in t.chat[-CHAT_KEPT:]]


def _table_row(t: KeptTable) -> _TableRow:
    return _TableRow(t)


def open_database(settings: Settings, *, import_files: bool = True) -> Database:
    """The database `settings.database` names (see the module's docstring), its schema up to date and the
    old files imported (`import_files`); DatabaseError with one sentence when it cannot be used."""
    engine = _engine_for(settings)
    if isinstance(engine, _Sqlite) and engine.path.exists() and not engine.path.is_file():
        raise DatabaseError(f"Cannot use the database {engine.path}: it is not a file.")
    if isinstance(engine, _Sqlite):
        # Before the first write: a damaged file stops the server here, untouched (`check_database` too).
        engine.check(full=False)
    return Database(engine, settings.home() if import_files else None)


def check_database(settings: Settings, *, full: bool = True) -> str:
    """`citadels serve --check`: the database the settings name, checked without writing to it (SQLite's
    integrity_check; for PostgreSQL, that it answers) and, for a SQLite file, that the server may write
    where it lives. What was checked, in a sentence; DatabaseError with the sentence for the host."""
    engine = _engine_for(settings)
    if isinstance(engine, _Sqlite):
        if engine.path.exists() and not engine.path.is_file():
            raise DatabaseError(f"Cannot use the database {engine.path}: it is not a file.")
        said = engine.check(full=full)
        if problem := engine.unwritable():
            raise DatabaseError(problem)
        return said
    return engine.check(full=full)


def backup(settings: Settings, target: Path) -> Path:
    """Copy the SQLite database the settings name to `target` (a new file) with SQLite's online backup,
    which a running server's writes do not disturb; the database's path. DatabaseError with a sentence."""
    engine = _engine_for(settings)
    if not isinstance(engine, _Sqlite):
        raise DatabaseError("The database is PostgreSQL: back it up with pg_dump (docs/hosting.md says how).")
    if target.exists():
        raise DatabaseError(f"{target} already exists; back up to a new file.")
    if not engine.path.is_file():
        raise DatabaseError(f"There is no database at {engine.path}.")
    part = target.with_name(target.name + ".part")
    try:
        source = sqlite3.connect(f"file:{engine.path}?mode=ro", uri=True, timeout=10)
        try:
            source.execute("SELECT count(*) FROM sqlite_master").fetchone()
            copy = sqlite3.connect(part)
            try:
                source.backup(copy)
                # A copy of a damaged database would be no backup: checked before it is kept.
                whole = _whole(copy)
            finally:
                copy.close()
        finally:
            source.close()
        if not whole:
            part.unlink()
            raise DatabaseError(
                f"The database {engine.path} is damaged, so no copy was kept: restore its last good backup "
                "(`citadels serve` refuses to start on it and says where that is and how)."
            )
        part.replace(target)  # a copy is whole or not there
    except (sqlite3.Error, OSError) as e:
        part.unlink(missing_ok=True)
        raise DatabaseError(f"Cannot back up {engine.path} to {target}: {_one_line(e)}") from None
    # Noted beside the database, for the sentence a damaged database stops the server with; a data dir
    # this user may not write to keeps the copy all the same.
    made = time.strftime("%Y-%m-%d %H:%M:%S %Z", time.localtime())
    note = json.dumps({"file": str(target.resolve()), "made": made})
    with contextlib.suppress(OSError):
        backup_note(engine.path).write_text(note + "\n", encoding="utf-8")
    return engine.path


def sqlite_file(settings: Settings) -> Path | None:
    """The SQLite file the settings name (whether or not it exists yet); None for PostgreSQL."""
    engine = _engine_for(settings)
    return engine.path if isinstance(engine, _Sqlite) else None
