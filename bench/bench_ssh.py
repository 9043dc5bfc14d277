"""SSH benchmark: N concurrent sessions of the demo app on loopback.

Prints keystroke-to-updated-screen latency (p50, p95) with one player typing and with all N typing at
once, and the server's memory per session (RSS growth / N). The server runs in its own process
(`citadels serve`) so the figures are the server's alone; the clients share this process, so under
load part of the latency is the clients' own decryption. No assertions: figures only.

    .venv/bin/python bench/bench_ssh.py [--sessions 32] [--rounds 10]   # needs the test extras (pyte)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import asyncssh
import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from served import Guest  # noqa: E402

P = TypeVar("P")


class Player:
    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.presses = 0
        self.row: int | None = None
        self.changed = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.stream.feed(data)
            self.changed.set()

    def shows(self, text: str) -> bool:
        # Reading one row is much cheaper than pyte's whole `display`: the clients share one process.
        if self.row is not None:
            line = self.screen.buffer[self.row]
            return text in "".join(line[x].data for x in range(self.screen.columns))
        for y, line in enumerate(self.screen.display):
            if text in line:
                self.row = y
                return True
        return False

    async def wait_for(self, marker: str, timeout: float = 10.0) -> None:
        deadline = time.perf_counter() + timeout
        while not self.shows(marker):
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"never saw {marker!r}")
            await asyncio.wait_for(self.changed.wait(), left)

    async def press(self) -> float:
        """One keystroke; seconds until the client's screen (pyte) shows its effect (the press counter)."""
        self.presses += 1
        start = time.perf_counter()
        self.process.stdin.write(b"k")
        await self.wait_for(f"Presses: {self.presses} ")
        return time.perf_counter() - start


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))  # type: ignore[union-attr]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(samples: list[float], q: float) -> float:
    return statistics.quantiles(samples, n=100)[int(q) - 1] * 1000 if len(samples) > 1 else samples[0] * 1000


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
    process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
    player = Player(conn, process)
    await player.wait_for("Presses: 0", timeout=30)
    return player


@contextlib.asynccontextmanager
async def running_server(
    sessions: int, *options: str
) -> AsyncIterator[tuple[asyncio.subprocess.Process, int]]:
    """`citadels serve` in its own process with a fresh home, room for `sessions`: (process, port)."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CITADELS_HOME=home)
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "citadels_server.cli",
            "serve",
            "--port",
            "0",
            "--log-level",
            "WARNING",
            "--max-connections",
            str(sessions + 8),
            "--max-per-address",
            str(sessions + 8),
            # Every client logs in from 127.0.0.1 at the same moment: room for all of them at once.
            "--max-authenticating",
            str(sessions + 8),
            "--max-authenticating-per-address",
            str(sessions + 8),
            *options,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            cwd=Path(__file__).resolve().parent.parent,
        )
        try:
            assert server.stdout is not None
            first = (await asyncio.wait_for(server.stdout.readline(), 30)).decode()
            port = int(first.split("port")[1])
            await asyncio.sleep(0.5)
            yield server, port
        finally:
            server.terminate()
            await asyncio.wait_for(server.wait(), 30)


async def connect_all(
    server: asyncio.subprocess.Process, port: int, n: int, connect: Callable[[int, int], Awaitable[P]]
) -> tuple[list[P], int, int, float]:
    """n sessions: (players, server RSS in KiB before any and with the first, seconds for the others).
    One session first: the first App pays for imports and CSS parsing the others share."""
    base = rss_kib(server.pid)
    players = [await connect(port, 0)]
    one = rss_kib(server.pid)
    t0 = time.perf_counter()
    players += await asyncio.gather(*(connect(port, i) for i in range(1, n)))
    return players, base, one, time.perf_counter() - t0


async def typing_rounds(
    server: asyncio.subprocess.Process, players: list[Any], rounds: int
) -> tuple[list[float], list[float], float, float]:
    """Keystroke latencies with one player typing at a time, then with all pressing at once `rounds`
    times; and the server's CPU seconds and the wall seconds of the latter."""
    solo = [await players[i % len(players)].press() for i in range(max(40, len(players)))]
    together: list[float] = []
    cpu0, wall0 = cpu_seconds(server.pid), time.perf_counter()
    for _ in range(rounds):
        together += await asyncio.gather(*(p.press() for p in players))
    return solo, together, cpu_seconds(server.pid) - cpu0, time.perf_counter() - wall0


async def main(sessions: int, rounds: int) -> None:
    async with running_server(sessions, "--app", "citadels_server.demo:demo_app_factory") as (server, port):
        players, base, one, connect_time = await connect_all(server, port, sessions, connect_player)
        await asyncio.sleep(1.0)
        full = rss_kib(server.pid)

        solo, together, cpu, wall = await typing_rounds(server, players, rounds)

        print(f"sessions: {sessions} (demo app, 100x30, xterm-256color, loopback)")
        print(
            f"server RSS: {base / 1024:.1f} MiB idle, {one / 1024:.1f} MiB with 1 session, "
            f"{full / 1024:.1f} MiB with {sessions}"
        )
        if sessions > 1:
            print(
                f"memory per session: {(full - one) / (sessions - 1) / 1024:.2f} MiB "
                f"(RSS growth from 1 to {sessions} sessions / {sessions - 1})"
            )
        print(
            f"first session cost: {(one - base) / 1024:.1f} MiB; "
            f"{sessions - 1} more sessions connected in {connect_time:.2f} s"
        )
        print(
            f"keystroke -> updated screen, one player typing: p50 {pct(solo, 50):.1f} ms, "
            f"p95 {pct(solo, 95):.1f} ms ({len(solo)} keys)"
        )
        print(
            f"keystroke -> updated screen, all {sessions} typing at once: p50 {pct(together, 50):.1f} ms, "
            f"p95 {pct(together, 95):.1f} ms ({len(together)} keys)"
        )
        print(
            f"server CPU while all typed: {cpu / len(together) * 1000:.1f} ms per keystroke, "
            f"{cpu / wall:.0%} of one core"
        )
        for p in players:
            p.conn.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=10)
    args = ap.parse_args()
    asyncio.run(main(args.sessions, args.rounds))
