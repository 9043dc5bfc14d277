"""Connections against a real `citadels serve`: a flood of half-open connections cannot lock a player
out, and a host's Ctrl-C or SIGTERM stops the server at once with a clean console (no worker tracebacks)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest
from attacks import silent_connections
from served import guest, start_serve
from ssh_helpers import KeylessClient, Screen


class Served:
    """A `citadels serve` process: its port, and everything it printed (stdout and the log on stderr)."""

    def __init__(self, proc: asyncio.subprocess.Process, port: int) -> None:
        self.proc = proc
        self.port = port
        self.out = bytearray()
        self.err = bytearray()
        assert proc.stdout is not None and proc.stderr is not None
        loop = asyncio.get_running_loop()
        self.readers = [
            loop.create_task(self._pump(proc.stdout, self.out)),
            loop.create_task(self._pump(proc.stderr, self.err)),
        ]

    @staticmethod
    async def _pump(stream: asyncio.StreamReader, into: bytearray) -> None:
        while data := await stream.read(65536):
            into += data

    @property
    def console(self) -> str:
        return (self.out + self.err).decode(errors="replace")

    async def log_shows(self, text: str, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.console:
            assert time.monotonic() < deadline, f"the log never showed {text!r}:\n{self.console}"
            await asyncio.sleep(0.05)

    async def exited(self, timeout: float) -> int:
        rc = await asyncio.wait_for(self.proc.wait(), timeout)
        await asyncio.wait_for(asyncio.gather(*self.readers), 5)
        return rc


@contextlib.asynccontextmanager
async def citadels_serve(tmp_path: Path, *options: str) -> AsyncIterator[Served]:
    """`citadels serve` in its own process group (as a terminal's foreground job is), logging at INFO."""
    proc = await start_serve(
        tmp_path,
        *("--bot-pace", "0", *options),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 60)).decode()
        served = Served(proc, int(first.split("port")[1]))
        served.out += first.encode()
        yield served
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # the server and its workers, whatever the test did
            await proc.wait()


async def closed_by_server(reader: asyncio.StreamReader, timeout: float) -> bool:
    """Whether the server hangs up within `timeout` (whatever it sent first: banner, key exchange)."""
    try:
        while await asyncio.wait_for(reader.read(65536), timeout):
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


@pytest.mark.slow
async def test_a_flood_of_half_open_connections_cannot_lock_out_the_player(tmp_path):
    async with citadels_serve(tmp_path, "--auth-start-timeout", "2") as served:
        flood = await silent_connections(served.port, 20)
        flood += await silent_connections(served.port, 5, b"SSH-2.0-Flood\r\n")
        # The address's real player comes in and plays, while the flood is still open.
        async with guest(served.port, "anna", KeylessClient) as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None
            )
            await Screen(process).wait_for("Citadels lobby · you are anna", timeout=30)
            await served.log_shows("max_authenticating_per_address = 4 is full")
            flood += await silent_connections(served.port, 1)  # room for it now: only its timeout ends it
            # Every flood connection is gone: evicted by newer ones, or, for the last few, after the
            # auth_start_timeout (2 s), long before the login timeout (30 s).
            start = time.monotonic()
            assert all(await asyncio.gather(*(closed_by_server(r, 15) for r, _ in flood)))
            assert time.monotonic() - start < 15
            await served.log_shows("began no login within 2 s (auth_start_timeout)")
            for _, writer in flood:
                writer.close()

            # The logged-in cap is unchanged: anna and 7 more, then the 9th is refused with its sentence.
            others = [await guest(served.port, f"p{i}", KeylessClient) for i in range(7)]
            with pytest.raises(asyncssh.DisconnectError) as refused:
                await guest(served.port, "p8", KeylessClient)
            assert "Too many connections from your address (8 connections at most)" in str(refused.value)
            await served.log_shows("refusing 127.0.0.1 port")
            assert "max_per_address = 8 is full" in served.console
            for c in others:
                c.close()
        served.proc.send_signal(signal.SIGTERM)
        assert await served.exited(30) == 0


async def busy_table(port: int) -> None:
    """A table of 4 `hard` bots that plays on by itself (their searches run in the worker processes): its
    maker starts it and leaves, so a bot of the same level plays the maker's seat too."""
    async with guest(port, "maker", KeylessClient) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
        screen = Screen(process)
        await screen.wait_for("Citadels lobby", timeout=30)
        process.stdin.write(b"new 4 bots=hard\r")
        await screen.wait_for("Table 1 is yours", timeout=30)
        process.stdin.write(b"start\r")
        await screen.wait_for("Your hand", timeout=30)


def worker_pids(pid: int) -> list[int]:
    """The server's child processes (its thinking workers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        found += [int(c) for c in children]
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.slow
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm", "ctrl-c twice"])
async def test_the_server_stops_at_once_with_a_clean_console_while_bots_think(tmp_path, how):
    async with citadels_serve(tmp_path) as served:
        await busy_table(served.port)
        # A player in the lobby: the goodbyes then take a second (the server waits for the client to hang up).
        async with guest(served.port, "anna", KeylessClient) as conn:
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None
            )
            await Screen(process).wait_for("Citadels lobby", timeout=30)
            await asyncio.sleep(1.5)  # the bots search meanwhile
            workers = worker_pids(served.proc.pid)
            assert workers
            if how == "sigterm":
                served.proc.send_signal(signal.SIGTERM)
            else:
                os.killpg(served.proc.pid, signal.SIGINT)  # as a terminal does: to the whole foreground group
            if how == "ctrl-c twice":
                await served.log_shows("Stopping: saying goodbye")
                os.killpg(served.proc.pid, signal.SIGINT)
            assert await served.exited(15) == 0
        console = served.console
        assert "Traceback" not in console and "KeyboardInterrupt" not in console, console
        assert "Warning" not in console, console
        assert ("Stopped at once." in console) == (how == "ctrl-c twice"), console
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers):
            assert time.monotonic() < deadline, "a worker process outlived the server"
            await asyncio.sleep(0.1)
