"""Helpers for the SSH tests: a server on a free loopback port, clients, and a pyte screen per client."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from citadels_server.auth import KeylessSeats
from citadels_server.demo import demo_app_factory
from citadels_server.settings import Settings
from citadels_server.ssh import AppFactory, CitadelsServer, serve_app

_HOST_KEY = asyncssh.generate_private_key("ssh-ed25519")  # one per test run: key generation is not free


def settings(tmp_path: Path, **changes: Any) -> Settings:
    base = Settings(
        host="127.0.0.1",
        port=0,
        data_dir=str(tmp_path),
        login_timeout=5,
        idle_timeout=30,
        keepalive_interval=30,
    )
    return base.replace(**changes)


@contextlib.asynccontextmanager
async def running_server(
    tmp_path: Path,
    factory: AppFactory = demo_app_factory,
    seats: KeylessSeats | None = None,
    hub: Any = None,  # the game's hub, for the commands run over exec (`bot`)
    **changes: Any,
) -> AsyncIterator[CitadelsServer]:
    server = await serve_app(factory, settings(tmp_path, **changes), host_key=_HOST_KEY, seats=seats, hub=hub)
    try:
        yield server
    finally:
        server.close()
        await server.wait_closed()


class KeylessClient(asyncssh.SSHClient):
    """Answers keyboard-interactive like a person at OpenSSH would: `answer` (or Enter) to each prompt."""

    def __init__(self, answer: str | None = None, max_attempts: int = 1) -> None:
        self.answer = answer
        self.attempts = 0
        self.max_attempts = max_attempts

    def kbdint_auth_requested(self) -> str | None:
        return "" if self.attempts < self.max_attempts else None

    def kbdint_challenge_received(
        self, name: str, instructions: str, lang: str, prompts: Any
    ) -> list[str] | None:
        self.attempts += 1
        return [self.answer or "" for _ in prompts]


def connect(
    server: CitadelsServer, username: str, *, answer: str | None = None, attempts: int = 1, **kwargs: Any
) -> Any:
    kwargs.setdefault("client_keys", None)
    kwargs.setdefault("client_factory", lambda: KeylessClient(answer, attempts))
    kwargs.setdefault("agent_path", None)
    kwargs.setdefault("preferred_auth", "publickey,keyboard-interactive")
    return asyncssh.connect("127.0.0.1", server.port, username=username, known_hosts=None, **kwargs)


class Screen:
    """What a player sees: the client's bytes replayed into a pyte terminal of the same size."""

    def __init__(self, process: asyncssh.SSHClientProcess[bytes], width: int = 100, height: int = 30) -> None:
        self.process = process
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.task = asyncio.get_running_loop().create_task(self._pump())

    async def _pump(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.raw += data
            try:
                self.stream.feed(data)
            except (IndexError, AssertionError, ValueError):
                # pyte (the test's terminal, not the server) trips on some zero-width characters that a
                # session echoing garbage draws; the screen stays as pyte left it, and the next frames
                # repaint it.
                pass

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    @property
    def text(self) -> str:
        # Row by row from the buffer rather than pyte's `display`, which fails on an empty cell a
        # zero-width character left behind.
        return "\n".join(
            "".join(self.screen.buffer[y][x].data for x in range(self.screen.columns))
            for y in range(self.screen.lines)
        )

    async def wait_for(self, predicate: str | Callable[[str], bool], timeout: float = 10) -> str:
        check = (lambda t: predicate in t) if isinstance(predicate, str) else predicate
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check(self.text):
                return self.text
            if self.task.done():
                break
            await asyncio.sleep(0.02)
        if check(self.text):
            return self.text
        raise AssertionError(f"screen never matched {predicate!r}; it shows:\n{self.text}")

    async def closed(self, timeout: float = 10) -> None:
        await asyncio.wait_for(asyncio.shield(self.task), timeout)


async def open_game(
    conn: asyncssh.SSHClientConnection, width: int = 100, height: int = 30, term: str = "xterm-256color"
) -> Screen:
    process = await conn.create_process(term_type=term, term_size=(width, height), encoding=None)
    return Screen(process, width, height)


async def lobby(conn: asyncssh.SSHClientConnection, width: int = 120, height: int = 40) -> Screen:
    """A session of the game opened and showing the lobby (120x40: tall enough for one card a line)."""
    s = await open_game(conn, width, height)
    await s.wait_for("Citadels lobby")
    return s


async def type_line(s: Screen, text: str) -> None:
    """`text` typed and Enter pressed, at once (no wait for the echo)."""
    s.process.stdin.write(text.encode() + b"\r")
