"""Helpers for the SSH tests: a server on a free loopback port, clients, and a pyte screen per client; the
game's own server with its hub (a table of two started, turn-based tables run by exec commands), an admin's
key, and a keyless player who gives a reconnect code at login."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Protocol

import asyncssh
import pyte
from helpers import pending_seat
from served import Ran

from citadels_server.auth import KeylessSeats
from citadels_server.demo import demo_app_factory
from citadels_server.hub import Hub
from citadels_server.settings import Settings
from citadels_server.ssh import AppFactory, CitadelsServer, serve_app
from citadels_tui.lobby import HostedTable
from citadels_tui.lobby_app import ssh_app_factory
from citadels_tui.table import Table

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
    server: Listening, username: str, *, answer: str | None = None, attempts: int = 1, **kwargs: Any
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

    async def enter(self, line: str, shown: str | Callable[[str], bool], timeout: float = 10) -> str:
        """`line` typed and Enter pressed (as type_line does), then until the screen shows `shown`."""
        self.process.stdin.write(line.encode() + b"\r")
        return await self.wait_for(shown, timeout)

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


BOSS_KEY = asyncssh.generate_private_key("ssh-ed25519")


BOSS = BOSS_KEY.get_fingerprint("sha256")


class Listening(Protocol):
    """A server on the loopback interface: a CitadelsServer, or a `citadels serve` process (served.Served)."""

    @property
    def port(self) -> int: ...


async def run(server: Listening, name: str, command: str, key: asyncssh.SSHKey | None = None) -> Ran:
    async with asyncssh.connect(
        "127.0.0.1",
        server.port,
        username=name,
        known_hosts=None,
        agent_path=None,
        client_keys=[key] if key else None,
        client_factory=KeylessClient,
        preferred_auth="publickey,keyboard-interactive",
    ) as conn:
        return Ran.of(await conn.run(command, check=False))


def game_server(
    tmp_path: Path, hub: Hub, **changes: Any
) -> contextlib.AbstractAsyncContextManager[CitadelsServer]:
    # As `citadels serve` does: the hub tells the server which names hold seats taken without a key.
    return running_server(tmp_path, functools.partial(ssh_app_factory, hub=hub), seats=hub, **changes)


async def two_at_a_table(server: CitadelsServer, hub: Hub, seed: int = 3) -> tuple[Any, Any, Screen, Screen]:
    """anna makes a 2-player table, bruno joins, anna starts; both screens show the game."""
    a = await connect(server, "anna")
    b = await connect(server, "bruno")
    sa, sb = await lobby(a), await lobby(b)
    await type_line(sa, f"new 2 seed={seed}")
    await sa.wait_for("Table 1 is yours")
    await sb.wait_for("anna")  # the new table shows in bruno's lobby
    await type_line(sb, "join 1")
    await sb.wait_for("You sit at table 1")
    await sa.wait_for("anna, bruno")
    await type_line(sa, "start")
    await sa.wait_for("Your hand")
    await sb.wait_for("Your hand")
    return a, b, sa, sb


KEYS = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("anna", "bruno", "mallory")}


NOT_RATED = "A game in which a bot made a late move for you does not count for your rating.\n"


class HubServer:
    """A server of the game with its hub, and its players' SSH clients (a player's own key by default)."""

    def __init__(self, server: CitadelsServer, hub: Hub) -> None:
        self.server, self.hub = server, hub

    def connect(self, name: str, key: str | None = None) -> Any:
        if key is None:
            return connect(self.server, name)
        return connect(self.server, name, client_keys=[KEYS[key]])

    async def run(self, name: str, command: str, key: str | None = "") -> Ran:
        async with self.connect(name, name if key == "" else key) as conn:
            return Ran.of(await conn.run(command, check=False))


async def serving(tmp_path: Path, hub: Hub) -> HubServer:
    server = await serve_app(
        functools.partial(ssh_app_factory, hub=hub),
        settings(tmp_path),
        host_key=_HOST_KEY,
        seats=hub,
        hub=hub,
    )
    return HubServer(server, hub)


async def a_day_table(s: HubServer) -> None:
    r = await s.run("anna", "table new 2 timer=1d")
    assert r.exit_status == 0, r.stderr
    assert "1d per move" in str(r.stdout) and "does not count for your rating" in str(r.stdout)
    r = await s.run("bruno", "table join 1")
    assert (r.exit_status, r.stdout) == (
        0,
        "You sit at table 1 (seat 2); anna starts the game.\n" + NOT_RATED,
    )
    r = await s.run("anna", "table start 1")
    assert r.exit_status == 0 and str(r.stdout).startswith("Table 1 started: anna, bruno"), r.stderr


def to_move(hub: Hub) -> str:
    table = hub.tables[1].table
    assert table is not None
    pending = table.game.pending()
    assert pending is not None
    return table.config.names[pending[0]]


W, H = 200, 40  # wide: the lobby's sentences fit on one line each
CODE = re.compile(r"give the code ([0-9A-Z]{6}) when asked")


class CodeClient(asyncssh.SSHClient):
    """A person at OpenSSH: Enter (or `code`) at the reconnect-code prompt, `password` at the server
    password's; remembers the prompts seen."""

    def __init__(self, code: str = "", password: str = "") -> None:
        self.code = code
        self.password = password
        self.prompts: list[str] = []

    def kbdint_auth_requested(self) -> str | None:
        return "" if len(self.prompts) < 3 else None

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        self.prompts += [p for p, _ in prompts]
        return [
            self.code if "Reconnect code" in p else self.password if "password" in p else ""
            for p, _ in prompts
        ]


def flat(text: str) -> str:
    return " ".join(text.split())


async def login(
    port: int, name: str, code: str = "", keys: list[Any] | None = None
) -> tuple[asyncssh.SSHClientConnection, Screen, CodeClient]:
    client = CodeClient(code)
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        client_keys=keys,
        agent_path=None,
        client_factory=lambda: client,
        preferred_auth="publickey,keyboard-interactive",
    )
    process = await conn.create_process(term_type="xterm-256color", term_size=(W, H), encoding=None)
    screen = Screen(process, W, H)
    await screen.wait_for(lambda s: "Citadels lobby" in s or "Your hand" in s, timeout=20)
    return conn, screen, client


async def login_after_drop(
    port: int, name: str, **kw: Any
) -> tuple[asyncssh.SSHClientConnection, Screen, CodeClient]:
    """Log in as `name` once the server has let go of the dropped player's session (until then the name
    is in use by a player connected now)."""
    deadline = time.monotonic() + 20
    while True:
        conn, screen, client = await login(port, name, **kw)
        if "connected now" not in flat(screen.text) or time.monotonic() > deadline:
            return conn, screen, client
        conn.close()
        await asyncio.sleep(0.1)


def started(ht: HostedTable) -> Table:
    """A hosted table's game, which a test has seen start (the table once its creator starts it)."""
    assert ht.table is not None, f"table {ht.id} has not started"
    return ht.table


def deciding(table: Table) -> int:
    """The seat whose decision a table's game awaits (one that is not over)."""
    return pending_seat(table.game)
