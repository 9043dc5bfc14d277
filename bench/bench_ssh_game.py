"""SSH benchmark of the real game: 32 players on 8 tables of 4 (`citadels serve`, loopback).

Each player logs in, the first of every four makes a table, three join, the game starts; then every
player types into the game's command line. Prints keystroke-to-updated-screen latency (p50, p95) with one
player typing, with all typing at the same instant, and with all typing at their own pace, and the server's memory per connection (RSS growth
from 1 to N sessions / (N-1)). The server runs in its own process; the clients share this one, so under
load part of the latency is the clients' own. No assertions: figures only.

`--busy-tables K` adds K tables of four `hard` bots (`--busy-bots`) that play on their own meanwhile, to
measure typing while bots search (their searches run in the server's worker processes).

    .venv/bin/python bench/bench_ssh_game.py [--players 32] [--rounds 10] [--busy-tables 2]   # needs pyte
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

import asyncssh
import pyte
from bench_ssh import connect_all, pct, rss_kib, running_server, typing_rounds
from served import Guest

W, H = 100, 30


class Player:
    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(W, H)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.typed = False
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.stream.feed(data)
            self.changed.set()

    def row(self, y: int) -> str:
        line = self.screen.buffer[y]  # one row: much cheaper than pyte's whole display
        return "".join(line[x].data for x in range(self.screen.columns))

    async def until(self, check, timeout: float = 30.0) -> None:
        deadline = time.perf_counter() + timeout
        while not check():
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("the screen never showed it:\n" + "\n".join(self.screen.display))
            await asyncio.wait_for(self.changed.wait(), left)

    async def shows(self, text: str, timeout: float = 30.0) -> None:
        await self.until(lambda: any(text in line for line in self.screen.display), timeout)

    def type(self, text: str) -> None:
        self.process.stdin.write(text.encode())

    async def press(self) -> float:
        """Type `z` into the empty command line (or erase it): seconds until the screen shows it."""
        start = time.perf_counter()
        if self.typed:
            self.type("\x7f")
            await self.until(lambda: "type a command" in self.row(H - 1))
        else:
            self.type("z")
            await self.until(lambda: self.row(H - 1).startswith("z"))
        self.typed = not self.typed
        return time.perf_counter() - start


async def connect_player(port: int, i: int) -> Player:
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=f"p{i}",
        known_hosts=None,
        client_keys=None,
        agent_path=None,
        client_factory=Guest,
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(W, H), encoding=None)
    player = Player(conn, process)
    await player.shows("Citadels lobby", timeout=60)
    return player


async def busy_table(port: int, i: int, bots: str) -> None:
    """A table of 4 `bots` that plays on by itself: its maker starts it and leaves, so stand-ins (of the
    same level) play the maker's seat too. Its bots think in threads of the server's process."""
    p = await connect_player(port, 1000 + i)
    p.type(f"new 4 bots={bots} seed={100 + i}\r")
    await p.shows("Table 1 is yours")
    p.type("start\r")
    await p.shows("Your hand")
    p.conn.close()


async def main(n: int, rounds: int, rate: float, busy: int, busy_bots: str) -> None:
    tables = n // 4
    async with running_server(n, "--bot-pace", "0") as (server, port):
        players, base, one, connect_time = await connect_all(server, port, n, connect_player)
        for k in range(tables):  # one at a time, so that table k+1 is the k-th creator's
            creator = players[4 * k]
            creator.type(f"new 4 seed={k + 1}\r")
            await creator.shows(f"Table {k + 1} is yours")
        for k in range(tables):
            for p in players[4 * k + 1 : 4 * k + 4]:
                p.type(f"join {k + 1}\r")
        await asyncio.gather(
            *(p.shows("You sit at table") for k in range(tables) for p in players[4 * k + 1 : 4 * k + 4])
        )
        for k in range(tables):
            players[4 * k].type("start\r")
        await asyncio.gather(*(p.shows("Your hand") for p in players))
        await asyncio.sleep(1.0)
        full = rss_kib(server.pid)
        for i in range(busy):  # after the memory figure: these sessions are gone, their games go on
            await busy_table(port, i, busy_bots)
        if busy:
            # Their makers came and went: a session starting or ending costs the loop a few hundred ms, which
            # the first keys would feel. Measured here: typing while the bots think.
            await asyncio.sleep(5.0)

        solo, together, cpu, wall = await typing_rounds(server, players, rounds)

        # Closer to a real evening: everyone types, each at `rate` keys a second, at their own moments.
        async def typist(p: Player, rng: random.Random) -> list[float]:
            out = []
            for _ in range(rounds):
                await asyncio.sleep(rng.expovariate(rate))
                out.append(await p.press())
            return out

        paced = [
            x
            for xs in await asyncio.gather(*(typist(p, random.Random(i)) for i, p in enumerate(players)))
            for x in xs
        ]

        print(f"players: {n} on {tables} tables of 4 (the game, {W}x{H}, xterm-256color, loopback)")
        if busy:
            print(f"meanwhile {busy} more table(s) of 4 {busy_bots} bots playing on their own")
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(
            f"server RSS: {base / 1024:.1f} MiB idle, {one / 1024:.1f} MiB with 1 session (lobby), "
            f"{full / 1024:.1f} MiB with {n} playing"
        )
        print(
            f"memory per connection: {(full - one) / (n - 1) / 1024:.2f} MiB "
            f"(RSS growth from 1 to {n} sessions / {n - 1}, games included)"
        )
        print(f"{n - 1} more sessions connected in {connect_time:.2f} s")
        print(
            f"keystroke -> updated screen, one player typing: p50 {pct(solo, 50):.1f} ms, "
            f"p95 {pct(solo, 95):.1f} ms ({len(solo)} keys)"
        )
        print(
            f"keystroke -> updated screen, all {n} typing at once: p50 {pct(together, 50):.1f} ms, "
            f"p95 {pct(together, 95):.1f} ms ({len(together)} keys)"
        )
        print(
            f"keystroke -> updated screen, all {n} typing {rate:g} keys/s each at random moments: "
            f"p50 {pct(paced, 50):.1f} ms, p95 {pct(paced, 95):.1f} ms ({len(paced)} keys)"
        )
        print(
            f"server CPU while all typed: {cpu / len(together) * 1000:.2f} ms per keystroke, "
            f"{cpu / wall:.0%} of one core"
        )
        for p in players:
            p.conn.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--rate", type=float, default=1.0, help="keys a second per player in the paced run")
    ap.add_argument(
        "--busy-tables",
        type=int,
        default=0,
        help="extra tables of bots only, thinking in the server while the players type",
    )
    ap.add_argument("--busy-bots", default="hard", help="the level of those bots")
    args = ap.parse_args()
    asyncio.run(main(args.players, args.rounds, args.rate, args.busy_tables, args.busy_bots))
