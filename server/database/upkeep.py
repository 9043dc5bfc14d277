"""What the host does to a database besides serving it (`citadels serve --check`, `citadels backup`):
check it without writing to it, copy a SQLite file whole, say where that file is."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from pathlib import Path

from ..settings import Settings
from .engines import SQLITE_DAMAGED, DatabaseError, SqliteEngine, backup_note, engine_for, one_line


def check_database(settings: Settings, *, full: bool = True) -> str:
    """`citadels serve --check`: the database the settings name, checked without writing to it (SQLite's
    integrity_check; for PostgreSQL, that it answers) and, for a SQLite file, that the server may write
    where it lives. What was checked, in a sentence; DatabaseError with the sentence for the host."""
    engine = engine_for(settings)
    if isinstance(engine, SqliteEngine):
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
    engine = engine_for(settings)
    if not isinstance(engine, SqliteEngine):
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
        raise DatabaseError(f"Cannot back up {engine.path} to {target}: {one_line(e)}") from None
    # Noted beside the database, for the sentence a damaged database stops the server with; a data dir
    # this user may not write to keeps the copy all the same.
    made = time.strftime("%Y-%m-%d %H:%M:%S %Z", time.localtime())
    note = json.dumps({"file": str(target.resolve()), "made": made})
    with contextlib.suppress(OSError):
        backup_note(engine.path).write_text(note + "\n", encoding="utf-8")
    return engine.path


def sqlite_file(settings: Settings) -> Path | None:
    """The SQLite file the settings name (whether or not it exists yet); None for PostgreSQL."""
    engine = engine_for(settings)
    return engine.path if isinstance(engine, SqliteEngine) else None


def _whole(conn: sqlite3.Connection) -> bool:
    """Does SQLite's quick_check find the database on `conn` whole?"""
    try:
        return [r[0] for r in conn.execute("PRAGMA quick_check(1)").fetchall()] == ["ok"]
    except sqlite3.DatabaseError as e:
        if getattr(e, "sqlite_errorcode", None) in SQLITE_DAMAGED:
            return False
        raise
