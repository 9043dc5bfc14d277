"""The database's schema, one for SQLite and PostgreSQL, and its migrations.

Each migration has a version; `schema_migrations` holds a row per version applied. A database whose
newest version is above `LATEST` was written by a newer citadels and is refused (its tables may mean
what this code does not know). The SQL is portable: types both engines read the same way (TEXT, BIGINT,
INTEGER, DOUBLE PRECISION), `?` placeholders (the PostgreSQL side turns them into `%s`), and `{serial}`
for an auto-numbered key (the engine's `Dialect.serial`, engines.py). JSON is kept as TEXT, so neither
engine's JSON functions are needed.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from .engines import DatabaseError, Dialect, Engine

log = logging.getLogger(__package__)  # one logger for the whole database, named as the host reads it


class Cursor(Protocol):
    """What a migration gets: one transaction of the database (engines.py's `Tx`)."""

    dialect: Dialect

    def run(self, sql: str, params: tuple[Any, ...] = ()) -> None: ...

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...

    def many(self, sql: str, rows: list[tuple[Any, ...]]) -> None: ...


BOOTSTRAP = "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)"

V1 = [
    # Small facts about the database itself: the last table id given out, when the old files were imported.
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # A claimed name (folded: compared without case) and the keys that own it.
    "CREATE TABLE players (folded TEXT PRIMARY KEY, name TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, "
    "last_seen DOUBLE PRECISION)",
    "CREATE TABLE player_keys (folded TEXT NOT NULL, fingerprint TEXT NOT NULL, added DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (folded, fingerprint))",
    # A table in play: its settings, human seats and bots as JSON; its game's config and seed; the actions
    # are in the journal, one row each.
    "CREATE TABLE tables_in_play (id BIGINT PRIMARY KEY, settings TEXT NOT NULL, seats TEXT NOT NULL, "
    "bots TEXT NOT NULL, config TEXT NOT NULL, seed TEXT NOT NULL, started DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE journal (table_id BIGINT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, "
    "action TEXT NOT NULL, PRIMARY KEY (table_id, n))",
    # A chat line (JSON: a string, or an announcement's message and values); table_id NULL: the lobby's.
    "CREATE TABLE chat (id {serial}, table_id BIGINT, line TEXT NOT NULL)",
    "CREATE INDEX chat_by_table ON chat (table_id, id)",
    "CREATE TABLE games (id BIGINT PRIMARY KEY, ended DOUBLE PRECISION NOT NULL, edition TEXT NOT NULL, "
    "abandoned INTEGER NOT NULL, summary TEXT NOT NULL, record TEXT NOT NULL)",
    "CREATE INDEX games_by_end ON games (ended)",
    "CREATE TABLE ratings (folded TEXT PRIMARY KEY, name TEXT NOT NULL, mu DOUBLE PRECISION NOT NULL, "
    "sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL)",
    # `folded` is the value as a ban matches it (a name without case; a key or address as it is).
    "CREATE TABLE bans (id {serial}, kind TEXT NOT NULL, value TEXT NOT NULL, folded TEXT NOT NULL, "
    "reason TEXT NOT NULL, by_admin TEXT NOT NULL, since DOUBLE PRECISION NOT NULL, until_time DOUBLE PRECISION)",
]


def _v2(cur: Cursor) -> None:
    """Who played each finished game, by folded name, so that `games NAME` need not read every summary."""
    cur.run(
        "CREATE TABLE game_seats (game_id BIGINT NOT NULL, folded TEXT NOT NULL, PRIMARY KEY (game_id, folded))"
    )
    cur.run("CREATE INDEX game_seats_by_name ON game_seats (folded, game_id)")
    rows = []
    for gid, summary in cur.rows("SELECT id, summary FROM games"):
        names = {str(s["name"]).casefold() for s in json.loads(summary).get("seats", [])}
        rows += [(gid, n) for n in sorted(names)]
    if rows:
        cur.many("INSERT INTO game_seats (game_id, folded) VALUES (?, ?)", rows)


# Several server processes sharing one PostgreSQL database (docs/scaling.md): exactly one of them runs a
# table's bots and turn timer, the holder of its lease until `expires` (seconds since the epoch on the
# database's clock, so that the hosts' clocks need not agree). `term` grows by one each time the lease
# changes hands, so a holder can tell that it lost the table meanwhile. SQLite (one process) keeps the
# table too, unused, so that both engines have one schema.
V3 = [
    "CREATE TABLE table_leases (table_id BIGINT PRIMARY KEY, holder TEXT NOT NULL, term BIGINT NOT NULL, "
    "expires DOUBLE PRECISION NOT NULL)",
]


# Tables not yet started, when several processes share the database: a player on any process may sit at
# them, so their seats are the database's (changed by compare-and-set, see `Database.seats_taken`). One
# process alone keeps them in memory and leaves this table empty.
V4 = [
    "CREATE TABLE tables_waiting (id BIGINT PRIMARY KEY, settings TEXT NOT NULL, seats TEXT NOT NULL)",
]


# Each process sharing the database, while it lives (docs/scaling.md): `holder` (its `Database.holder`)
# renews its row with its leases until `expires` (the database's clock), and `here` (JSON) says which seats
# its sessions show, how many watch each table and who is connected to it; `connection` names its
# connection in pg_stat_activity. A row that expired, its connection closed, is a process that died: the others hold its players' seats, stand its players up from tables not yet started, and
# count its spectators no more. `kicks`: an admin's kick of a name, for the process that player is on
# (told by a notice carrying the row's id). SQLite (one process) keeps both tables empty.
V5 = [
    "CREATE TABLE processes (holder TEXT PRIMARY KEY, connection TEXT NOT NULL, "
    "expires DOUBLE PRECISION NOT NULL, here TEXT NOT NULL)",
    "CREATE TABLE kicks (id {serial}, name TEXT NOT NULL, farewell TEXT NOT NULL, "
    "said DOUBLE PRECISION NOT NULL)",
]


# The names logged in right now on the processes sharing the database (docs/scaling.md): `folded` (the
# name as names compare, citadels_core.text.name_key) is taken by the process `holder` until `expires` (the
# database's clock), renewed with its presence and deleted when its last connection under the name closes.
# A login under a name another living process holds is a guest. SQLite (one process) keeps it empty.
V6 = [
    "CREATE TABLE live_names (folded TEXT PRIMARY KEY, holder TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
]


# A name that played over `ssh HOST bot` is a bot's account (docs/bot-protocol.md, "Over SSH"): marked in
# the lobby and on the leaderboard, which can leave the bots out.
V7 = [
    "ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0",
]


# The daily puzzle (docs/puzzles.md): each player's first answer to a day's puzzle (`day`: the UTC date,
# as 2026-12-02), whether it solved it; the day's solvers are counted from it.
V8 = [
    "CREATE TABLE puzzle_answers (day TEXT NOT NULL, folded TEXT NOT NULL, name TEXT NOT NULL, "
    "solved INTEGER NOT NULL, answered DOUBLE PRECISION NOT NULL, PRIMARY KEY (day, folded))",
]


Migration = list[str] | Callable[[Cursor], None]
MIGRATIONS: dict[int, Migration] = {1: V1, 2: _v2, 3: V3, 4: V4, 5: V5, 6: V6, 7: V7, 8: V8}
LATEST = max(MIGRATIONS)


def version_of(cur: Cursor) -> int:
    """The newest schema version applied (0: a new database); the migrations table is made if missing."""
    cur.run(BOOTSTRAP)
    found = cur.rows("SELECT max(version) FROM schema_migrations")
    return int(found[0][0]) if found and found[0][0] is not None else 0


def apply(cur: Cursor, version: int) -> None:
    """Migrate to `version` from the one before it (in the caller's transaction) and note it done."""
    step = MIGRATIONS[version]
    if callable(step):
        step(cur)
    else:
        for sql in step:
            cur.run(sql.replace("{serial}", cur.dialect.serial))
    cur.run("INSERT INTO schema_migrations (version, applied) VALUES (?, ?)", (version, time.time()))


def migrate(engine: Engine, conn: Any) -> None:
    """Bring the database on `conn` up to `LATEST`, one transaction per version; DatabaseError, and
    nothing changed, when a newer citadels wrote it."""
    with engine.transaction(conn, True) as tx:
        version = version_of(tx)
    if version > LATEST:
        raise DatabaseError(
            f"This database was written by a newer citadels (schema {version}; this one "
            f"knows up to {LATEST}): {engine.where} is left as it is; run the newer citadels."
        )
    for v in range(version + 1, LATEST + 1):
        with engine.transaction(conn, True) as tx:
            apply(tx, v)
        log.info("database %s: schema version %d", engine.where, v)
