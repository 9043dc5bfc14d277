"""Database benchmark (server/database/) on SQLite and on PostgreSQL, beside MemoryRecords (no database).

- journal appends per second, one action per transaction as played: `--appends` actions spread over 100
  tables, all made at once (many tables playing), each committed on its own;
- the latency an action gets from the database: time from `append_actions` to its future done, one action
  at a time (p50, p95), and the same with MemoryRecords;
- start: open a database holding `--games` finished games and `--tables` tables in play (each
  `--moves` actions and 50 chat lines) and read `tables_in_play()` + `lobby_chat()`; with `--serve`, also
  the time from starting `citadels serve` on that SQLite database to its "Players connect with" line
  (the hub rebuilds every table by replaying its journal).

SQLite is a file in a temporary directory (WAL, synchronous=FULL); PostgreSQL a server of its own started
by tests/support/postgres.py with fsync on. No assertions: figures only.

    .venv/bin/python bench/bench_database.py [--appends 2000] [--latency 500] [--games 1000] [--tables 100] [--serve]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

from helpers import TABLE_SETTINGS as SETTINGS  # noqa: E402
from helpers import new_game, play_random  # noqa: E402
from postgres import running_postgres  # noqa: E402

from citadels_core.record import GameRecord  # noqa: E402
from citadels_server.database import Database, open_database  # noqa: E402
from citadels_server.settings import Settings  # noqa: E402
from citadels_tui.ratings import Place  # noqa: E402
from citadels_tui.records import (  # noqa: E402
    FinishedGame,
    Finisher,
    GameSummary,
    KeptSeat,
    KeptTable,
    MemoryRecords,
    Records,
)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def game_moves(n: int, seed: int) -> GameRecord:
    g = new_game(4, seed)
    return GameRecord(g.config, seed, play_random(g, n, seed=seed))


def empty_table(tid: int, rec: GameRecord) -> KeptTable:
    return KeptTable(
        tid,
        dict(SETTINGS),
        [KeptSeat("anna", "SHA256:anna"), KeptSeat("bob", "SHA256:bob")],
        GameRecord(rec.config, rec.seed, []),
        {2: "normal", 3: "normal"},
    )


async def appends_per_second(r: Records, n: int, first_id: int) -> float:
    """n actions over 100 tables, all made at once, each its own transaction: actions per second."""
    rec = game_moves(n // 100 + 1, 5)
    for t in range(100):
        r.table_started(empty_table(first_id + t, rec))
    t0 = time.perf_counter()
    futures = [r.append_actions(first_id + i % 100, i // 100, [rec.actions[i // 100]]) for i in range(n)]
    await asyncio.gather(*futures)
    return n / (time.perf_counter() - t0)


async def latencies(r: Records, n: int, tid: int) -> list[float]:
    rec = game_moves(n, 6)
    r.table_started(empty_table(tid, rec))
    out = []
    for i, move in enumerate(rec.actions):
        t0 = time.perf_counter()
        await r.append_actions(tid, i, [move])
        out.append(time.perf_counter() - t0)
    return out


def fill(db: Database, games: int, tables: int, moves: int) -> None:
    """`games` finished games (every one rated) and `tables` tables in play, as a server would have left them."""
    finished = game_moves(10_000, 7)  # a whole game, played to its end
    playing = [game_moves(moves, 100 + t) for t in range(tables)]
    names = [f"player{i}" for i in range(50)]
    for g in range(1, games + 1):
        seats = tuple(Finisher(names[(g + i) % 50], "SHA256:x", None, 30 - i, i + 1) for i in range(4))
        db.table_finished(
            g,
            FinishedGame(GameSummary(g, 1.0e9 + g, "2016", seats, len(finished.actions)), finished),
            [Place(i + 1, rated=s.name) for i, s in enumerate(seats)],
        )
    for t, rec in enumerate(playing):
        tid = games + 1 + t
        db.table_started(
            KeptTable(
                tid,
                dict(SETTINGS),
                [KeptSeat("anna", "SHA256:anna")],
                rec,
                {1: "normal", 2: "normal", 3: "normal"},
                [f"anna: line {i}" for i in range(50)],
            )
        )
    for i in range(200):
        db.chat_line(None, f"bob: lobby line {i}")
    db.flush()


def open_and_read(settings: Settings) -> tuple[float, int]:
    t0 = time.perf_counter()
    db = open_database(settings)
    tables, chat = db.tables_in_play(), db.lobby_chat()
    took = time.perf_counter() - t0
    db.close()
    assert chat
    return took, len(tables)


def serve_start(home: Path) -> float:
    """Seconds from starting `citadels serve` on `home` to its "Players connect with" line."""
    env = dict(os.environ, CITADELS_HOME=str(home))
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "citadels_server.cli", "serve", "--port", "0", "--log-level", "WARNING"],
        stdout=subprocess.PIPE,
        env=env,
        cwd=ROOT,
        text=True,
    )
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if "Players connect with" in line:
                return time.perf_counter() - t0
        raise RuntimeError("citadels serve ended before it listened")
    finally:
        proc.terminate()
        proc.wait(30)


async def measure(name: str, settings: Settings | None, args: argparse.Namespace) -> None:
    r: Records = MemoryRecords() if settings is None else open_database(settings)
    try:
        rate = await appends_per_second(r, args.appends, 10_000)
        lat = await latencies(r, args.latency, 20_000)
    finally:
        r.close()
    print(
        f"{name:>11}: {rate:8.0f} appends/s (one action per transaction); "
        f"action latency p50 {statistics.median(lat) * 1e3:.3f} ms, p95 {pct(lat, 0.95) * 1e3:.3f} ms"
    )


def start_figures(name: str, settings: Settings, args: argparse.Namespace) -> None:
    db = open_database(settings)
    t0 = time.perf_counter()
    fill(db, args.games, args.tables, args.moves)
    filled = time.perf_counter() - t0
    db.close()
    took, n = open_and_read(settings)
    print(
        f"{name:>11}: open + tables_in_play() + lobby_chat() with {args.games} finished games and {n} tables "
        f"in play: {took * 1e3:.0f} ms (filling it took {filled:.1f} s)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--appends", type=int, default=2000)
    ap.add_argument("--latency", type=int, default=500)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--moves", type=int, default=150, help="actions of each table in play")
    ap.add_argument(
        "--serve", action="store_true", help="also time `citadels serve` starting on the SQLite one"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, running_postgres(fsync=True) as pg:
        home = Path(tmp)
        sqlite = Settings(data_dir=str(home))
        postgres = Settings(data_dir=str(home / "pg"), database=pg.new_database())
        asyncio.run(measure("memory", None, args))
        asyncio.run(measure("SQLite", Settings(data_dir=str(home / "a")), args))
        asyncio.run(
            measure("PostgreSQL", Settings(data_dir=str(home / "pg-a"), database=pg.new_database()), args)
        )
        start_figures("SQLite", sqlite, args)
        start_figures("PostgreSQL", postgres, args)
        if args.serve:
            print(
                f"{'SQLite':>11}: `citadels serve` to its banner, resuming {args.tables} tables: "
                f"{serve_start(home):.2f} s"
            )


if __name__ == "__main__":
    main()
