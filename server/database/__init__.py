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

The modules, from the bottom up: engines.py (the two engines, and every piece of SQL in which they differ),
schema.py (the tables and their migrations), rows.py (records as the database's JSON), notices.py
(LISTEN/NOTIFY), worker.py (the one thread), then the repositories on it: accounts.py (names, keys, bans),
tables.py (tables in play, their journal and chat), waiting.py (tables not yet started, shared),
history.py (finished games, ratings), cluster.py (leases, presence, live names, kicks, drains); store.py (the
`Database` made of them, `open_database`) and upkeep.py (checks and backups).
"""

from .accounts import PlayerNames
from .cluster import DEAD_AFTER, FORGET_AFTER, Lease
from .engines import DB_FILE, POSTGRES_INSTALL, DatabaseError, Tx, backup_note, last_backup
from .notices import CHANNEL, NOTICE_KINDS, Listener, Notice
from .rows import CHAT_KEPT
from .store import Database, open_database
from .upkeep import backup, check_database, sqlite_file

__all__ = [
    "CHANNEL",
    "CHAT_KEPT",
    "DB_FILE",
    "DEAD_AFTER",
    "FORGET_AFTER",
    "NOTICE_KINDS",
    "POSTGRES_INSTALL",
    "Database",
    "DatabaseError",
    "Lease",
    "Listener",
    "Notice",
    "PlayerNames",
    "Tx",
    "backup",
    "backup_note",
    "check_database",
    "last_backup",
    "open_database",
    "sqlite_file",
]
