"""Cluster benchmark (docs/scaling.md): the figures that say how far one process goes and what the shared
PostgreSQL costs.

- keystrokes: max(`--players`) players (e.g. 100,160,200) logged in to one `citadels serve` process, in
  pairs at tables of four with two bots, their games started (`--where lobby`: all in the lobby instead);
  each types a key into the command line and waits for it on screen (tests/support/served.py's Typist). p50/p95
  with one player typing at a time; then for each count k of `--players`, the first k players (the others
  stay at their tables, idle) press all at once `--rounds` times, then each presses one key every
  `--pace` seconds (from a random moment, for `--duration` seconds); and the largest k whose p95 is at
  most 150 ms, for each of the two. The clients run in `--client-processes` processes of their own
  (each owns whole pairs, and sends back its latencies); every phase prints the CPU share of each server,
  of each client process and of the whole machine, and which side saturated (a server or a client
  process above 90% of a core; or, with neither, the machine with no core left): a phase whose client
  was the limit measured the client, not the server. `--processes 1,2`: also with the players spread
  evenly over two independent `citadels serve` processes (each its own data dir: the upper bound of what
  spreading gives). `--shared`: the two processes share one PostgreSQL database (and host key), and
  each pair's two players are on different processes, at one table both replicate.
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

PostgreSQL is a server of its own started by tests/support/postgres.py with fsync on; `citadels serve` uses
SQLite in a temporary data dir (a keystroke touches no database). No assertions: figures only.

    .venv/bin/python bench/bench_cluster.py [--players 32,100] [--processes 1] [--rounds 10]
                        [--pace 1] [--duration 20] [--client-processes 1] [--descending] [--where tables|lobby]
                        [--appends 2000] [--latency 500] [--skip-keys] [--skip-db] [--shared] [--across 40] [--takeover 3]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import re
import signal
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

from helpers import TABLE_SETTINGS as SETTINGS  # noqa: E402
from helpers import new_game, play_random  # noqa: E402
from postgres import running_postgres  # noqa: E402
from served import Served, Typist, percentile, process_cpu, served  # noqa: E402

from citadels_core.record import GameRecord  # noqa: E402
from citadels_server.database import Database, Notice, open_database  # noqa: E402
from citadels_server.hostkey import HOST_KEY_FILE  # noqa: E402
from citadels_server.settings import Settings  # noqa: E402
from citadels_tui.records import KeptSeat, KeptTable  # noqa: E402

# ------------------------------------------------------------------------------------------ keystrokes
#
# The players are driven by `--client-processes` processes of their own (this one only directs them and
# reads everyone's CPU), so the clients' decryption and screen parsing can be spread over several cores
# and measured beside the servers': a phase where a client process used ~a whole core measured the
# client, not the server.

SATURATED = 0.9  # share of one core above which a single-threaded side is taken as the limit


async def logged_in(port: int, names: list[str], gate: asyncio.Semaphore) -> list[Typist]:
    """Players in the lobby, a few logging in at a time (as many at once would be refused as a flood)."""

    async def one(name: str) -> Typist:
        async with gate:
            for attempt in range(3):
                try:
                    t = await Typist.login(port, name)
                    break
                except (asyncssh.Error, OSError):
                    if attempt == 2:  # a busy server gives up on a login that began late: try again
                        raise
            await t.shows("lobby", timeout=120)
            return t

    return list(await asyncio.gather(*(one(name) for name in names)))


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
    key = asyncssh.generate_private_key("ssh-ed25519").export_private_key("openssh")
    homes = []
    for _ in range(count):
        home = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        (home / HOST_KEY_FILE).write_bytes(key)
        (home / HOST_KEY_FILE).chmod(0o600)
        homes.append(home)
    return homes


def descendants_cpu(pid: int) -> float:
    """CPU seconds of the processes `pid` started and their own (a server's bot workers), alive now."""
    total = 0.0
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return 0.0
    for task in tasks:
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                with contextlib.suppress(OSError):
                    total += process_cpu(int(child)) + descendants_cpu(int(child))
    return total


def machine_busy() -> tuple[float, float]:
    """Seconds of CPU the whole machine spent busy, and in all, summed over its cores (/proc/stat)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    total = sum(ticks[:8])
    idle = ticks[3] + ticks[4]
    hz = os.sysconf("SC_CLK_TCK")
    return (total - idle) / hz, total / hz


# One seat of the bench: (global number, port, name). A pair's two players are kept in one client
# process, which seats them; the global number orders the players for `--players` subsets.
Seat = tuple[int, int, str]


def client_process(conn: Connection, seats: list[Seat], where: str, gate: int) -> None:
    """The body of one client process: its players log in and sit down, then press as told."""
    asyncio.run(drive(conn, seats, where, gate))


async def drive(conn: Connection, seats: list[Seat], where: str, gate: int) -> None:
    door = asyncio.Semaphore(gate)
    by_port: dict[int, list[int]] = {}
    for k, (_, port, _) in enumerate(seats):
        by_port.setdefault(port, []).append(k)
    players: list[Typist | None] = [None] * len(seats)
    try:
        for port, ks in by_port.items():
            for k, t in zip(ks, await logged_in(port, [seats[k][2] for k in ks], door), strict=True):
                players[k] = t
        ready = [t for t in players if t is not None]
        if where == "tables":
            await seated(ready)
    except Exception as e:  # the director waits for every client process: tell it why this one stopped
        conn.send(("failed", f"{type(e).__name__}: {str(e)[-2000:]}"))
        return
    numbered = list(zip((s[0] for s in seats), ready, strict=True))
    conn.send(("ready", None))
    while True:
        order = await asyncio.to_thread(conn.recv)
        kind = order[0]
        if kind == "close":
            for t in ready:
                t.close()
            conn.send(("closed", None))
            return
        active = [t for g, t in numbered if g < order[1]]
        if kind == "warm":
            for t in active:
                await t.press(60)
            conn.send(("done", []))
        elif kind == "solo":
            conn.send(("done", [await active[i % len(active)].press(60) for i in range(order[2])]))
        elif kind == "round":
            conn.send(("done", list(await asyncio.gather(*(t.press(120) for t in active)))))
        elif kind == "paced":
            _, _, pace, seconds, start_at, seed = order
            conn.send(("done", await paced(active, pace, seconds, start_at, seed)))


async def paced(players: list[Typist], pace: float, seconds: float, start_at: float, seed: int) -> list:
    """Each player presses a key every `pace` seconds from a random moment of the first `pace`, for
    `seconds` (from the wall-clock `start_at`, common to every client process). Each press's latency is
    measured from its key being sent; a press due while the previous one is still unanswered is sent the
    moment that one is answered and counted late (its wait for the previous one is not in the figure)."""
    start = time.perf_counter() + max(0.0, start_at - time.time())
    end = start + seconds
    late = 0

    async def one(t: Typist, rng: random.Random) -> list[float]:
        nonlocal late
        out = []
        due = start + rng.uniform(0, pace)
        while due < end:
            now = time.perf_counter()
            if due > now:
                await asyncio.sleep(due - now)
            elif now - due > 0.05:
                late += 1
            out.append(await t.press(120))
            due += pace
        return out

    rng = random.Random(seed)
    lats = await asyncio.gather(*(one(t, random.Random(rng.random())) for t in players))
    return [[x for xs in lats for x in xs], late]


class Clients:
    """The client processes, told what to do all at once and waited for."""

    def __init__(self, seats: list[Seat], count: int, where: str) -> None:
        ctx = multiprocessing.get_context("spawn")
        pairs = [seats[i : i + 2] for i in range(0, len(seats), 2)]
        slices: list[list[Seat]] = [[] for _ in range(count)]
        for j, pair in enumerate(pairs):  # pair by pair in turn: any first k players spread evenly
            slices[j % count] += pair
        gate = max(2, 10 // count)
        self.pipes: list[Connection] = []
        self.procs = []
        for mine in slices:
            if not mine:
                continue
            here, there = ctx.Pipe()
            proc = ctx.Process(target=client_process, args=(there, mine, where, gate), daemon=True)
            proc.start()
            there.close()  # so that a client process that dies is an EOFError here, not a wait forever
            self.pipes.append(here)
            self.procs.append(proc)

    async def ready(self) -> None:
        for pipe in self.pipes:
            try:
                kind, detail = await asyncio.to_thread(pipe.recv)
            except EOFError:
                kind, detail = "failed", "a client process ended"
            if kind != "ready":
                raise AssertionError(detail)

    async def ask(self, *order: object) -> list:
        for pipe in self.pipes:
            pipe.send(order)
        return [(await asyncio.to_thread(pipe.recv))[1] for pipe in self.pipes]

    def cpu(self) -> list[float]:
        return [process_cpu(p.pid) for p in self.procs]

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ask("close", 0)
        for proc in self.procs:
            await asyncio.to_thread(proc.join, 30)
            if proc.is_alive():
                proc.kill()


class Phase:
    """CPU of the servers, the client processes and the whole machine over one phase of pressing."""

    def __init__(self, servers: list[Served], clients: Clients) -> None:
        self.servers, self.clients = servers, clients
        self.wall0 = time.perf_counter()
        self.s0 = [s.cpu_seconds() for s in servers]
        self.c0 = clients.cpu()
        self.w0 = sum(descendants_cpu(x.pid) for x in servers)
        self.b0 = time.process_time()
        self.m0 = machine_busy()

    def end(self) -> str:
        wall = time.perf_counter() - self.wall0
        s = [(b - a) / wall for a, b in zip(self.s0, (x.cpu_seconds() for x in self.servers), strict=True)]
        c = [(b - a) / wall for a, b in zip(self.c0, self.clients.cpu(), strict=True)]
        workers = (sum(descendants_cpu(x.pid) for x in self.servers) - self.w0) / wall
        bench = (time.process_time() - self.b0) / wall
        busy, total = machine_busy()
        cores = os.cpu_count() or 1
        machine = (busy - self.m0[0]) / (total - self.m0[1]) * cores
        others = max(0.0, machine - sum(s) - sum(c) - workers - bench)
        self.server_cpu = sum(s) * wall
        limits = []
        if max(c) >= SATURATED:
            limits.append("the load client")
        if max(s) >= SATURATED:
            limits.append("the server")
        if not limits and machine >= SATURATED * cores:
            limits.append(f"the machine (no core free: {others:.1f} cores of PostgreSQL and other work)")
        return (
            f"CPU: servers {' + '.join(f'{x:.0%}' for x in s)} (their workers {workers:.0%}), clients "
            f"{' + '.join(f'{x:.0%}' for x in c)} (their director {bench:.0%}) of a core, machine "
            f"{machine:.1f}/{cores} cores; limit: {', '.join(limits) or 'none saturated'}"
        )


async def quiet_servers(servers: list[Served], below: float = 0.05, most: float = 90.0) -> float:
    """Seconds until every server used less than `below` of a core over one second (at most `most`):
    after a seating, bots' first moves and lobby redraws are still running, and the first phase would
    measure them."""
    start = time.perf_counter()
    while time.perf_counter() - start < most:
        before = [s.cpu_seconds() for s in servers]
        await asyncio.sleep(1.0)
        if all(s.cpu_seconds() - b < below for s, b in zip(servers, before, strict=True)):
            break
    return time.perf_counter() - start


def latency(samples: list[float]) -> str:
    return (
        f"p50 {percentile(samples, 50):7.1f} ms p95 {percentile(samples, 95):7.1f} ms ({len(samples)} keys)"
    )


async def keystrokes(
    counts: list[int], args: argparse.Namespace, processes: int = 1, url: str | None = None
) -> None:
    """max(counts) players spread evenly over `processes` `citadels serve` processes: independent (each
    its own data dir), or sharing the PostgreSQL database `url`, each pair's players then on two
    processes. Then for each count k, the first k players press (the others stay at their tables): all
    at once `rounds` times, and each once every `pace` seconds for `duration` seconds."""
    n = max(counts)
    across = bool(url) and processes > 1
    rounds, where = args.rounds, args.where
    async with contextlib.AsyncExitStack() as stack:
        servers: list[Served] = []
        homes = shared_homes(stack, processes)
        room = str(-(-n // processes) + 8)
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
        seats: list[Seat] = []
        for i in range(n):  # pair j: players 2j and 2j+1, on two processes when they share tables
            j = i // 2
            server = servers[i % 2] if across else servers[j % processes]
            seats.append((i, server.port, f"p{i}"))
        t0 = time.perf_counter()
        clients = Clients(seats, args.client_processes, where)
        stack.push_async_callback(clients.close)
        try:
            await clients.ready()
        except AssertionError:
            for server in servers:  # what the servers said, to tell why
                print(server.output.decode(errors="replace")[-4000:])
            raise
        ready = time.perf_counter() - t0
        seating_cpu = sum(s.cpu_seconds() for s in servers)
        setting = (
            f"{where}, 100x30, on {processes} process(es){' sharing tables' if across else ''}, "
            f"{len(clients.procs)} client process(es)"
        )
        print(
            f"{n} players ({setting}) logged in{' and seated' if where == 'tables' else ''} in {ready:.0f} s "
            f"({seating_cpu:.0f} s of the servers' CPU); RSS {sum(s.rss_mib() for s in servers):.0f} MiB",
            flush=True,
        )
        settled = await quiet_servers(servers)
        print(f"  the servers settled {settled:.0f} s after the seating", flush=True)
        await clients.ask("warm", n)  # every screen drew its command line once
        solo = [x for xs in await clients.ask("solo", n, max(40, n) // len(clients.procs)) for x in xs]
        print(f"  one typing at a time: {latency(solo)}; load {os.getloadavg()[0]:.1f}", flush=True)
        passed: dict[str, list[tuple[int, bool]]] = {}
        for k in sorted(counts, reverse=args.descending):
            phase = Phase(servers, clients)
            together: list[float] = []
            for _ in range(rounds):
                together += [x for xs in await clients.ask("round", k) for x in xs]
            cpu = phase.end()
            print(
                f"  {k:4d} all at once ({rounds} rounds): {latency(together)}; servers' CPU "
                f"{phase.server_cpu / len(together) * 1e6:.0f} µs per key; {cpu}; load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
            passed.setdefault("all at once", []).append((k, percentile(together, 95) <= 150))
            phase = Phase(servers, clients)
            answers = await clients.ask("paced", k, args.pace, args.duration, time.time() + 0.5, k)
            cpu = phase.end()
            keys = [x for lats, _ in answers for x in lats]
            late = sum(late for _, late in answers)
            print(
                f"  {k:4d} one key every {args.pace:g} s ({args.duration:g} s): {latency(keys)}, {late} sent late; "
                f"servers' CPU {phase.server_cpu / len(keys) * 1e6:.0f} µs per key; {cpu}; "
                f"load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
            passed.setdefault(f"one key every {args.pace:g} s", []).append((k, percentile(keys, 95) <= 150))
        for mode, results in passed.items():
            best = max((k for k, ok in results if ok), default=None)
            below = [k for k, ok in results if not ok and best and k < best]
            print(
                f"  largest count of {sorted(counts)} with p95 <= 150 ms, {mode}: {best or 'none'}"
                f"{f' (though not at {below}: noise)' if below else ''} ({setting})",
                flush=True,
            )


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
                await keystrokes(args.players, args, 2, pg.new_database())
    if not args.skip_keys and not args.shared:
        for processes in args.processes:
            await keystrokes(args.players, args, processes)


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
    ap.add_argument("--pace", type=float, default=1.0, help="seconds between one player's keys, paced")
    ap.add_argument("--duration", type=float, default=20.0, help="seconds of paced typing per count")
    ap.add_argument(
        "--client-processes",
        type=int,
        default=1,
        help="processes the players' clients are spread over (each owns whole pairs)",
    )
    ap.add_argument("--descending", action="store_true", help="the largest count first")
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
