"""Plain mode's sessions against a real server (citadels_server/plain_session.py): a server as `citadels
serve` runs it, a plain session's raw bytes read as lines and typed into, and the check that those bytes
are only text and newlines; the real OpenSSH client's `ssh -T` as a player of plain mode."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncssh
from ssh_helpers import settings

from citadels_server.hub import Hub
from citadels_server.ssh import CitadelsServer, serve_app
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.plain import PROMPT

HOST_KEY = asyncssh.generate_private_key("ssh-ed25519")


@contextlib.asynccontextmanager
async def plain_server(tmp_path: Path, hub: Hub, **changes: Any) -> AsyncIterator[CitadelsServer]:
    """A server as `citadels serve` runs it: the hub serves the full app and the exec commands alike."""
    server = await serve_app(
        functools.partial(ssh_app_factory, hub=hub),
        settings(tmp_path, **changes),
        host_key=HOST_KEY,
        seats=hub,
        hub=hub,
    )
    try:
        yield server
    finally:
        server.close()
        await server.wait_closed()


class Lines:
    """What one plain session receives, as raw bytes, and a way to type lines into it."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes], newline: bytes = b"\n") -> None:
        self.process = process
        self.newline = newline
        self.raw = bytearray()
        self.err = bytearray()
        self.answered = 0  # the option lists answered so far
        self.task = asyncio.get_running_loop().create_task(self._pump())
        self.err_task = asyncio.get_running_loop().create_task(self._pump_err())

    async def _pump(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.raw += data

    async def _pump_err(self) -> None:
        while data := await self.process.stderr.read(65536):
            self.err += data

    @property
    def text(self) -> str:
        return self.raw.decode().replace("\r\n", "\n")

    def type(self, line: str) -> None:
        self.process.stdin.write(line.encode() + self.newline)

    async def wait_for(self, what: str, timeout: float = 20, after: int = 0) -> None:
        deadline = time.monotonic() + timeout
        while what not in self.text[after:]:
            if time.monotonic() > deadline or (self.task.done() and what not in self.text[after:]):
                raise AssertionError(f"never received {what!r}; received:\n{self.text[-3000:]!r}")
            await asyncio.sleep(0.01)

    async def enter(self, line: str, what: str, timeout: float = 20) -> None:
        """`line` typed, then until `what` is received."""
        self.type(line)
        await self.wait_for(what, timeout)

    async def quit(self) -> None:
        """`quit` typed; until the session has ended (its output closed)."""
        self.type("quit")
        await asyncio.wait_for(self.task, 10)

    def my_turn(self) -> bool:
        """Options listed that have not been answered, and the prompt after them."""
        return self.text.count("You can:") > self.answered and self.text.endswith(PROMPT)

    async def play(self, timeout: float = 240) -> None:
        """Answer "1" to every list of options until the game is over."""
        deadline = time.monotonic() + timeout
        while "The game is over." not in self.text:
            assert time.monotonic() < deadline, self.text[-3000:]
            assert not self.task.done(), self.text[-3000:]
            if self.my_turn():
                self.answered = self.text.count("You can:")
                self.type("1")
            await asyncio.sleep(0.005)


def only_lines(raw: bytes, crlf: bool, bell: bool = False) -> None:
    """Nothing but printable text and newlines: LF alone without a PTY, CR LF with one. `bell`: the player
    asked for the terminal bell (`notify bell on`), the one other byte then allowed."""
    text = raw.decode()
    if crlf:
        assert "\n" not in text.replace("\r\n", ""), "a newline without its CR"
        assert "\r" not in text.replace("\r\n", ""), "a CR without its newline"
        text = text.replace("\r\n", "\n")
    else:
        assert "\r" not in text
    bad = sorted({c for c in text if not (c.isprintable() or c == "\n" or (bell and c == "\x07"))})
    assert not bad, f"characters other than text and newlines: {bad!r}"


def only_text(out: str) -> None:
    """What a face of lines wrote (a str, not a session's bytes) is only printable text and newlines."""
    only_lines(out.encode(), crlf=False)


async def plain(conn: Any, command: str | None = None, **kwargs: Any) -> Lines:
    process = await conn.create_process(command, encoding=None, **kwargs)
    lines = Lines(process, b"\r" if "term_type" in kwargs else b"\n")
    await lines.wait_for("Welcome")
    return lines


def keyfile(path: Path) -> Path:
    """A new ed25519 key without a passphrase at `path` (its public half beside it), for the ssh binary."""
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


def unknown_host(key: Path) -> list[str]:
    """ssh's options for `key` and a server it has never seen: no host key checked, none kept."""
    return ["-i", str(key), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]


def ssh_command(key: Path, port: int, name: str, *command: str) -> list[str]:
    return [
        "ssh",
        "-T",
        *unknown_host(key),
        "-o",
        "LogLevel=ERROR",
        "-o",
        "SendEnv=LANG",
        "-p",
        str(port),
        f"{name}@127.0.0.1",
        *command,
    ]


class Player:
    """The ssh process: what it printed, and lines typed into its standard input."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.raw = bytearray()
        assert process.stdout is not None
        self.task = asyncio.get_running_loop().create_task(self._pump(process.stdout))

    async def _pump(self, stream: asyncio.StreamReader) -> None:
        while data := await stream.read(65536):
            self.raw += data

    @property
    def text(self) -> str:
        return self.raw.decode()

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")

    async def wait_for(self, what: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while what not in self.text:
            assert time.monotonic() < deadline and not self.task.done(), self.text[-3000:]
            await asyncio.sleep(0.01)

    async def enter(self, line: str, what: str, timeout: float = 30) -> None:
        """`line` typed, then until `what` is printed."""
        self.type(line)
        await self.wait_for(what, timeout)

    async def quit(self) -> int:
        """`quit` typed; ssh's exit status once it has ended."""
        self.type("quit")
        return await asyncio.wait_for(self.process.wait(), 30)


class Terminal(Player):
    """The ssh process with a terminal at the server's end: lines end in CR LF, typed lines end in CR."""

    @property
    def text(self) -> str:
        return self.raw.decode().replace("\r\n", "\n")

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\r")


async def start(
    key: Path,
    port: int,
    name: str,
    *command: str,
    env: dict[str, str] | None = None,
    terminal: bool = False,
) -> Player:
    """`ssh -T` as `name` with `key` (`terminal`: `ssh -tt`, a terminal at the server's end though none is
    here, a `Terminal`)."""
    args = ssh_command(key, port, name, *command)
    if terminal:
        args[args.index("-T")] = "-tt"
    process = await asyncio.create_subprocess_exec(
        *args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    return Terminal(process) if terminal else Player(process)


async def whole_game(p: Player, timeout: float = 300) -> None:
    """anna, just welcomed, makes a table for two with a bot (seed 11), starts it, answers "1" to every list
    of options until the game is over, and quits from the lobby: ssh's status 0."""
    await p.wait_for("Welcome, anna.")
    await p.enter("new 2 seed=11", "Table 1 is yours")
    p.type("start")
    answered = 0
    deadline = time.monotonic() + timeout
    while "The game is over." not in p.text:
        assert time.monotonic() < deadline and not p.task.done(), p.text[-3000:]
        if p.text.count("You can:") > answered and p.text.endswith(PROMPT):
            answered = p.text.count("You can:")
            p.type("1")
        await asyncio.sleep(0.005)
    await p.wait_for("You are in the lobby.")
    assert await p.quit() == 0
    await p.task
