"""`citadels backup` and `citadels leaderboard`: a server's database, read from the command line,
found as `citadels serve` finds it."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from citadels_server.database import DatabaseError, backup, open_database, sqlite_file
from citadels_server.settings import SettingsError, load_settings

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a bare `citadels` needs none (see cli.BARE_START)


def _database_settings(args: argparse.Namespace) -> Any:
    try:
        return load_settings(args.settings, data_dir=args.data_dir, database=args.database)
    except SettingsError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return None


def cmd_backup(args: argparse.Namespace) -> int:
    settings = _database_settings(args)
    if settings is None:
        return 2
    try:
        source = backup(settings, Path(args.file))
    except DatabaseError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    print(f"Backed up {source} to {args.file}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    settings = _database_settings(args)
    if settings is None:
        return 2
    path = sqlite_file(settings)
    if path is not None and not path.exists():
        # Opening it would make an empty one: a leaderboard is read from a server's database, made by none.
        print(
            f"citadels: there is no server database at {path}: `citadels serve` makes it when it first "
            "starts (--data-dir or --database names another server's)",
            file=sys.stderr,
        )
        return 1
    try:
        db = open_database(settings)
    except DatabaseError as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    try:
        board = asyncio.run(db.leaderboard(max(args.limit, 1)))
    finally:
        db.close()
    print(f"{'rank':>4}  {'name':<20} {'rating':>6}  {'games':>5}")
    for rank, s in enumerate(board, 1):
        print(f"{rank:>4}  {s.name:<20} {s.rating.shown:>6.1f}  {s.rating.games:>5}")
    return 0
