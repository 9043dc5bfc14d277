"""Cluster benchmark (docs/scaling.md): the figures that say how far one process goes and what the shared
PostgreSQL costs.

- keystrokes: `--players` players (e.g. 32,100) logged in to one `citadels serve` process, in pairs at
  tables of four with two bots, their games started (`--where lobby`: all in the lobby instead); each
  types a key into the command line and waits for it on screen (tests/served.py's Typist). p50/p95 with
  one player typing at a time, then with all of them pressing at once `--rounds` times, and the server's
  CPU per keystroke. The server runs in its own process; the clients share this one, so under load part
  of the latency is the clients' own decryption and screen parsing. `--processes 1,2`: also with the
  players spread evenly over two independent `citadels serve` processes (each its own data dir: the
  upper bound of what spreading gives, before the processes share tables).
- journal: actions claimed (`Database.claim_actions`, one action per transaction, as played) per second
  on PostgreSQL with one writer, then with two Database objects writing at once (two processes would
  each have one), each on 50 tables of its own;
- notices: one action at a time claimed by one Database; the time until the claim is committed (its
  future done) and until another Database's listener is told of it (p50, p95).

PostgreSQL is a server of its own started by tests/postgres.py with fsync on; `citadels serve` uses
SQLite in a temporary data dir (a keystroke touches no database). No assertions: figures only.

    .venv/bin/python bench/bench_cluster.py [--players 32,100] [--processes 1] [--rounds 10]
                        [--where tables|lobby] [--appends 2000] [--latency 500] [--skip-keys] [--skip-db]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from helpers import TABLE_SETTINGS as SETTINGS  # noqa: E402
from helpers import new_game, play_random  # noqa: E402
from postgres import running_postgres  # noqa: E402
from served import Served, Typist, percentile, served  # noqa: E402

from citadels_core.record import GameRecord  # noqa: E402
from citadels_server.database import Database, Notice, open_database  # noqa: E402
from citadels_server.settings import Settings  # noqa: E402
from citadels_tui.records import KeptSeat, KeptTable  # noqa: E402

# ------------------------------------------------------------------------------------------ keystrokes


async def logged_in(port: int, n: int, first: int = 0) -> list[Typist]:
    """n players in the lobby, ten logging in at a time (as many at once would be refused as a flood)."""
    gate = asyncio.Semaphore(10)

    async def one(i: int) -> Typist:
        async with gate:
            t = await Typist.login(port, f"p{first + i}")
            await t.shows("lobby", timeout=120)
            return t

    return list(await asyncio.gather(*(one(i) for i in range(n))))


async def seated(players: list[Typist]) -> None:
    """Players in pairs at tables of four (two bots), each game started; an odd one out stays in the lobby."""
    gate = asyncio.Semaphore(8)

    async def pair(a: Typist, b: Typist) -> None:
        async with gate:
            a.type("new 4 seed=3\r")
            await a.until(lambda: re.search(r"Table (\d+) is yours", a.text) is not None, 120)
            tid = re.search(r"Table (\d+) is yours", a.text).group(1)  # type: ignore[union-attr]
            b.type(f"join {tid}\r")
            await b.shows("You sit at table", 120)
            a.type("start\r")
            await a.shows("Your hand", 120)
            await b.shows("Your hand", 120)

    await asyncio.gather(*(pair(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)))


async def keystrokes(n: int, rounds: int, where: str, processes: int = 1) -> None:
    """n players spread evenly over `processes` independent `citadels serve` processes (each its own data
    dir: what they do not share yet costs nothing here, and the tables' claims are measured apart)."""
    share = -(-n // processes)
    room = str(share + 8)
    async with contextlib.AsyncExitStack() as stack:
        servers: list[Served] = []
        for _ in range(processes):
            home = stack.enter_context(tempfile.TemporaryDirectory())
            servers.append(
                await stack.enter_async_context(
                    served(
                        Path(home),
                        "--bot-pace",
                        "0",
                        "--max-connections",
                        room,
                        "--max-per-address",
                        room,
                        "--max-authenticating",
                        "16",
                        "--max-authenticating-per-address",
                        "16",
                        "--idle-timeout",
                        "3600",
                        log_level="WARNING",
                    )
                )
            )
        t0 = time.perf_counter()
        players: list[Typist] = []
        for i, server in enumerate(servers):
            mine = await logged_in(server.port, min(share, n - i * share), first=i * share)
            if where == "tables":
                await seated(mine)
            players += mine
        ready = time.perf_counter() - t0
        await asyncio.sleep(1.0)
        for p in players:  # warm up: every screen drew its command line once
            await p.press(60)
        solo = [await players[i % n].press(60) for i in range(max(40, n))]
        together, cpu, wall = await all_at_once(servers, players, rounds)
        print(
            f"{n:4d} players ({where}, 100x30) on {processes} process(es): one typing p50 "
            f"{percentile(solo, 50):6.1f} ms p95 {percentile(solo, 95):6.1f} ms; all at once p50 "
            f"{percentile(together, 50):7.1f} ms p95 {percentile(together, 95):7.1f} ms ({len(together)} keys); "
            f"servers' CPU {cpu / len(together) * 1e3:.1f} ms per key, {cpu / wall:.0%} of a core; RSS "
            f"{sum(s.rss_mib() for s in servers):.0f} MiB; all ready in {ready:.0f} s; "
            f"load {os.getloadavg()[0]:.1f}"
        )
        for p in players:
            p.close()


async def all_at_once(
    servers: list[Served], players: list[Typist], rounds: int
) -> tuple[list[float], float, float]:
    out: list[float] = []
    cpu0, wall0 = sum(s.cpu_seconds() for s in servers), time.perf_counter()
    for _ in range(rounds):
        out += await asyncio.gather(*(p.press(120) for p in players))
    return out, sum(s.cpu_seconds() for s in servers) - cpu0, time.perf_counter() - wall0


# -------------------------------------------------------------------------------------------- database


def moves(n: int, seed: int) -> GameRecord:
    g = new_game(4, seed)
    return GameRecord(g.config, seed, play_random(g, n, seed=seed))


def start_tables(db: Database, first: int, count: int, rec: GameRecord) -> None:
    for tid in range(first, first + count):
        db.table_started(
            KeptTable(
                tid,
                dict(SETTINGS),
                [KeptSeat("anna", "SHA256:anna")],
                GameRecord(rec.config, rec.seed, []),
                {1: "normal", 2: "normal", 3: "normal"},
            )
        )
    db.flush()


async def claims_per_second(dbs: list[Database], n: int, first: int) -> float:
    """n actions, one per transaction, over 50 tables per Database, all made at once: actions per second."""
    tables = 50
    rec = moves(n // (tables * len(dbs)) + 1, 5)
    for w, db in enumerate(dbs):
        start_tables(db, first + w * tables, tables, rec)
    t0 = time.perf_counter()
    futures = []
    for i in range(n):
        w, k = i % len(dbs), i // len(dbs)
        place = k // tables
        futures.append(dbs[w].claim_actions(first + w * tables + k % tables, place, [rec.actions[place]]))
    await asyncio.gather(*futures)
    return n / (time.perf_counter() - t0)


async def notice_latency(a: Database, b: Database, n: int, tid: int) -> tuple[list[float], list[float]]:
    """Seconds from a's claim to its commit, and to b's listener hearing of it, one action at a time."""
    rec = moves(n, 6)
    start_tables(a, tid, 1, rec)
    loop = asyncio.get_running_loop()
    heard: dict[int, asyncio.Future[float]] = {}

    def told(notice: Notice) -> None:
        if notice.kind == "actions" and notice.table == tid and notice.n in heard:
            heard[notice.n].set_result(time.perf_counter())

    listener = await b.listen(told)
    committed, notified = [], []
    try:
        for i, move in enumerate(rec.actions[:n]):
            heard[i] = loop.create_future()
            t0 = time.perf_counter()
            await a.claim_actions(tid, i, [move])
            committed.append(time.perf_counter() - t0)
            notified.append(await asyncio.wait_for(heard[i], 30) - t0)
    finally:
        listener.close()
    return committed, notified


async def database_figures(url: str, home: Path, appends: int, latency: int) -> None:
    def db(name: str) -> Database:
        return open_database(Settings(data_dir=str(home / name), database=url), import_files=False)

    a, b = db("a"), db("b")
    try:
        one = await claims_per_second([a], appends, 1000)
        two = await claims_per_second([a, b], appends, 2000)
        print(
            f"journal on PostgreSQL (fsync on): {one:6.0f} actions/s with one writer, {two:6.0f} with two "
            f"writing at once (one action per transaction, claim_actions)"
        )
        committed, notified = await notice_latency(a, b, latency, 9000)
        print(
            f"an action claimed by one Database: committed p50 {percentile(committed, 50):.2f} ms p95 "
            f"{percentile(committed, 95):.2f} ms; heard by another's listener p50 {percentile(notified, 50):.2f} "
            f"ms p95 {percentile(notified, 95):.2f} ms ({len(notified)} actions)"
        )
    finally:
        a.close()
        b.close()


async def main(args: argparse.Namespace) -> None:
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    if not args.skip_db:
        with tempfile.TemporaryDirectory() as tmp, running_postgres(fsync=True) as pg:
            await database_figures(pg.new_database(), Path(tmp), args.appends, args.latency)
    if not args.skip_keys:
        for n in args.players:
            for processes in args.processes:
                await keystrokes(n, args.rounds, args.where, processes)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=lambda s: [int(x) for x in s.split(",")], default=[32, 100])
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--where", choices=["tables", "lobby"], default="tables")
    ap.add_argument(
        "--processes",
        type=lambda s: [int(x) for x in s.split(",")],
        default=[1],
        help="e.g. 1,2: also with the players spread over two independent processes",
    )
    ap.add_argument("--appends", type=int, default=2000)
    ap.add_argument("--latency", type=int, default=500)
    ap.add_argument("--skip-keys", action="store_true", help="only the database's figures")
    ap.add_argument("--skip-db", action="store_true", help="only the keystrokes")
    asyncio.run(main(ap.parse_args()))
