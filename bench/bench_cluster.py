"""Cluster benchmark (docs/scaling.md): the figures that say how far one process goes and what the shared
PostgreSQL costs.

- keystrokes: `--players` players (e.g. 32,100) logged in to one `citadels serve` process, in pairs at
  tables of four with two bots, their games started (`--where lobby`: all in the lobby instead); each
  types a key into the command line and waits for it on screen (tests/served.py's Typist). p50/p95 with
  one player typing at a time, then with all of them pressing at once `--rounds` times, and the server's
  CPU per keystroke. The server runs in its own process; the clients share this one, so under load part
  of the latency is the clients' own decryption and screen parsing. `--processes 1,2`: also with the
  players spread evenly over two independent `citadels serve` processes (each its own data dir: the
  upper bound of what spreading gives). `--shared`: the two processes share one PostgreSQL database (and
  host key), and each pair's two players are on different processes, at one table both replicate.
- journal: actions claimed (`Database.claim_actions`, one action per transaction, as played) per second
  on PostgreSQL with one writer, then with two Database objects writing at once (two processes would
  each have one), each on 50 tables of its own;
- notices: one action at a time claimed by one Database; the time until the claim is committed (its
  future done) and until another Database's listener is told of it (p50, p95).
- across processes (`--across N`): two `citadels serve` processes on one PostgreSQL, anna on one and bruno
  on the other at one table; N times, from anna's decision (her Enter sent) to the first change of
  bruno's screen on the other process (p50, p95), and the same with both on one process for comparison.
- takeover (`--takeover N`): N times, the process running a table's bots is killed with SIGKILL; the
  time until another process holds the table's lease, and until the journal's next action (a bot's, on
  the survivor), with the default `lease` of 6 s.

PostgreSQL is a server of its own started by tests/postgres.py with fsync on; `citadels serve` uses
SQLite in a temporary data dir (a keystroke touches no database). No assertions: figures only.

    .venv/bin/python bench/bench_cluster.py [--players 32,100] [--processes 1] [--rounds 10]
                        [--where tables|lobby] [--appends 2000] [--latency 500] [--skip-keys] [--skip-db]
                        [--shared] [--across 40] [--takeover 3]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
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
from citadels_server.hostkey import HOST_KEY_FILE  # noqa: E402
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


async def seated(players: list[Typist], batch: int = 50) -> None:
    """Players in pairs at tables of four (two bots), each game started; an odd one out stays in the lobby.

    `batch` pairs at a time, each step for all of them at once: every creator makes a table, then every
    partner joins, then every creator starts. Every change of the tables redraws every lobby (at most five
    times a second each), so seating pairs one after another costs the server a lobby redraw per player
    per step: 100 players took five minutes that way. Steps taken together share those redraws."""
    pairs = [(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]

    async def made(a: Typist) -> str:
        await a.until(lambda: re.search(r"Table (\d+) is yours", a.text) is not None, 300)
        return re.search(r"Table (\d+) is yours", a.text).group(1)  # type: ignore[union-attr]

    async def joined(b: Typist, tid: str) -> None:
        end = time.perf_counter() + 300
        while True:  # on another process the table is heard of a moment later: ask again
            b.type(f"join {tid}\r")
            with contextlib.suppress(AssertionError):
                await b.shows("You sit at table", 5)
                return
            assert time.perf_counter() < end, b.text

    for i in range(0, len(pairs), batch):
        chunk = pairs[i : i + batch]
        for a, _ in chunk:
            a.type("new 4 seed=3\r")
        tids = await asyncio.gather(*(made(a) for a, _ in chunk))
        await asyncio.gather(*(joined(b, tid) for (_, b), tid in zip(chunk, tids, strict=True)))
        for a, _ in chunk:
            a.type("start\r")
        await asyncio.gather(*(p.shows("Your hand", 300) for pair in chunk for p in pair))


def shared_homes(stack: contextlib.ExitStack | contextlib.AsyncExitStack, count: int) -> list[Path]:
    """`count` data dirs holding one host key, as a host sets up processes sharing a database."""
    import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519").export_private_key("openssh")
    homes = []
    for _ in range(count):
        home = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        (home / HOST_KEY_FILE).write_bytes(key)
        (home / HOST_KEY_FILE).chmod(0o600)
        homes.append(home)
    return homes


async def keystrokes(n: int, rounds: int, where: str, processes: int = 1, url: str | None = None) -> None:
    """n players spread evenly over `processes` `citadels serve` processes: independent (each its own data
    dir), or sharing the PostgreSQL database `url`, each pair's players then on two processes."""
    share = -(-n // processes)
    room = str(share + 8)
    async with contextlib.AsyncExitStack() as stack:
        servers: list[Served] = []
        homes = shared_homes(stack, processes)
        for home in homes:
            servers.append(
                await stack.enter_async_context(
                    served(
                        home,
                        *(("--database", url) if url else ()),
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
        if url and processes > 1:
            groups = [await logged_in(s.port, share, first=i * share) for i, s in enumerate(servers)]
            # Pairs across processes: player k of process 0 with player k of process 1, and so on.
            players = [p for pair in zip(*groups, strict=True) for p in pair][:n]
            if where == "tables":
                try:
                    await seated(players)
                except AssertionError:
                    for server in servers:  # what the servers said, to tell why
                        print(server.output.decode(errors="replace")[-4000:])
                    raise
        else:
            for i, server in enumerate(servers):
                mine = await logged_in(server.port, min(share, n - i * share), first=i * share)
                if where == "tables":
                    await seated(mine)
                players += mine
        ready = time.perf_counter() - t0
        seating_cpu = sum(s.cpu_seconds() for s in servers)
        await asyncio.sleep(1.0)
        for p in players:  # warm up: every screen drew its command line once
            await p.press(60)
        solo = [await players[i % n].press(60) for i in range(max(40, n))]
        together, cpu, wall = await all_at_once(servers, players, rounds)
        print(
            f"{n:4d} players ({where}, 100x30) on {processes} process(es)"
            f"{' sharing tables' if url and processes > 1 else ''}: one typing p50 "
            f"{percentile(solo, 50):6.1f} ms p95 {percentile(solo, 95):6.1f} ms; all at once p50 "
            f"{percentile(together, 50):7.1f} ms p95 {percentile(together, 95):7.1f} ms ({len(together)} keys); "
            f"servers' CPU {cpu / len(together) * 1e3:.1f} ms per key, {cpu / wall:.0%} of a core; RSS "
            f"{sum(s.rss_mib() for s in servers):.0f} MiB; all logged in and seated in {ready:.0f} s "
            f"({seating_cpu:.0f} s of the servers' CPU); "
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


# ------------------------------------------------------------------------------------ across processes


async def quiet(t: Typist, seconds: float = 0.3) -> None:
    """Until `t`'s screen has not changed for `seconds`."""
    while True:
        before = len(t.raw)
        await asyncio.sleep(seconds)
        if len(t.raw) == before:
            return


async def pair_at_table(one: Served, two: Served) -> tuple[Typist, Typist]:
    anna = await Typist.login(one.port, "anna")
    bruno = await Typist.login(two.port, "bruno")
    await anna.shows("lobby")
    await bruno.shows("lobby")
    await seated([anna, bruno])
    return anna, bruno


async def action_to_screen(anna: Typist, bruno: Typist, n: int) -> list[float]:
    """n times: from anna's Enter at her decision to the first change of bruno's screen."""
    out: list[float] = []
    end = time.perf_counter() + 60 + n * 5
    while len(out) < n and "wins" not in anna.text:
        assert time.perf_counter() < end, anna.text
        if "your" not in anna.row(0):
            if "your" in bruno.row(0):
                bruno.type("1\r")
            await asyncio.sleep(0.2)
            continue
        await quiet(bruno)
        await quiet(anna, 0.1)
        if "your" not in anna.row(0):
            continue
        mark = len(bruno.raw)
        t0 = time.perf_counter()
        anna.type("1\r")
        await bruno.until(lambda: len(bruno.raw) > mark, 30)  # noqa: B023
        out.append(time.perf_counter() - t0)
    return out


async def across(url: str, n: int) -> None:
    async with contextlib.AsyncExitStack() as stack:
        homes = shared_homes(stack, 3)
        servers = [
            await stack.enter_async_context(
                served(home, "--database", url, "--bot-pace", "0", log_level="WARNING")
            )
            for home in homes
        ]
        for label, (one, two) in (
            ("two processes", (servers[0], servers[1])),
            ("one process", (servers[2], servers[2])),
        ):
            anna, bruno = await pair_at_table(one, two)
            samples = await action_to_screen(anna, bruno, n)
            print(
                f"from a decision to the other player's screen, {label}: p50 {percentile(samples, 50):.1f} ms "
                f"p95 {percentile(samples, 95):.1f} ms ({len(samples)} decisions; load {os.getloadavg()[0]:.1f})"
            )
            anna.close()
            bruno.close()
            await asyncio.sleep(1.0)


async def takeover(url: str, tries: int) -> None:
    """The process running a table's bots killed while a bot is to move: seconds until another process
    holds its lease, and until the journal's next action (that bot's move, on the survivor)."""
    import psycopg

    def journal(conn: psycopg.Connection, tid: int) -> int:
        return int(conn.execute("SELECT count(*) FROM journal WHERE table_id = %s", (tid,)).fetchone()[0])

    for _ in range(tries):
        async with contextlib.AsyncExitStack() as stack:
            homes = shared_homes(stack, 2)
            one, two = [
                await stack.enter_async_context(
                    served(home, "--database", url, "--bot-pace", "1", log_level="WARNING")
                )
                for home in homes
            ]
            anna, bruno = await pair_at_table(one, two)  # anna made the table: `one` runs its bots
            with psycopg.connect(url, autocommit=True) as conn:
                tid = conn.execute("SELECT max(id) FROM tables_in_play").fetchone()[0]
                end = time.perf_counter() + 90
                while True:  # both play; the kill comes when neither is asked (a bot thinks, 1 s)
                    asked = [p for p in (anna, bruno) if "your" in p.row(0)]
                    for p in asked:
                        p.type("1\r")
                    if not asked and journal(conn, tid) >= 3:
                        count = journal(conn, tid)
                        await asyncio.sleep(0.1)
                        if journal(conn, tid) == count and not any("your" in p.row(0) for p in (anna, bruno)):
                            break
                    assert time.perf_counter() < end
                    await asyncio.sleep(0.1)
                os.kill(one.pid, signal.SIGKILL)
                killed = time.perf_counter()
                count = journal(conn, tid)
                leased = moved = None
                while moved is None and time.perf_counter() < killed + 40:
                    holder = conn.execute(
                        "SELECT holder FROM table_leases WHERE table_id = %s", (tid,)
                    ).fetchone()
                    if leased is None and holder and f"/{two.pid}/" in holder[0]:
                        leased = time.perf_counter() - killed
                    if leased is not None and journal(conn, tid) > count:
                        moved = time.perf_counter() - killed
                    await asyncio.sleep(0.02)
            print(
                f"kill -9 of the process running the bots (lease 6 s, bot pace 1 s): another holds the lease "
                f"after {leased or float('nan'):.2f} s, the bot's move is kept after {moved or float('nan'):.2f} s "
                f"(load {os.getloadavg()[0]:.1f})"
            )
            bruno.close()


async def main(args: argparse.Namespace) -> None:
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    if not args.skip_db:
        with tempfile.TemporaryDirectory() as tmp, running_postgres(fsync=True) as pg:
            await database_figures(pg.new_database(), Path(tmp), args.appends, args.latency)
    if args.across or args.takeover or args.shared:
        with running_postgres(fsync=True) as pg:
            if args.across:
                await across(pg.new_database(), args.across)
            if args.takeover:
                await takeover(pg.new_database(), args.takeover)
            if args.shared and not args.skip_keys:
                for n in args.players:
                    await keystrokes(n, args.rounds, args.where, 2, pg.new_database())
    if not args.skip_keys and not args.shared:
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
    ap.add_argument(
        "--shared", action="store_true", help="keystrokes over two processes sharing one PostgreSQL"
    )
    ap.add_argument("--across", type=int, default=0, help="decisions timed to another process's screen")
    ap.add_argument("--takeover", type=int, default=0, help="kill -9 takeovers timed")
    asyncio.run(main(ap.parse_args()))
