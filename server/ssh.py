"""The asyncssh server: one Textual App per SSH session, all on one event loop.

`serve_app(app_factory, settings)` starts listening and returns a `CitadelsServer`; each player who logs
in with a terminal gets `app_factory(SessionInfo(...))` run through `SSHDriver`. The server refuses,
with a sentence the player can read, everything that is not a game in a terminal or one of the commands
of exec_commands.py: SFTP and other subsystems, sessions without a PTY, port/agent/X11 forwarding, a second session on one connection.
A failure inside one session is logged and ends that session only. With `seats` (the game's hub), a
keyless login under a name whose player holds a seat is asked for that seat's reconnect code. With
`bans` (the hub's records), a banned name, key or address is refused at login with a sentence saying until
when and why (order.py); the message of the day (settings.motd) is every login's banner. An app that says
a farewell (`citadels_tui.session_facts.SaysFarewell`: an admin's kick) has it written on the restored terminal.

The listening server is here; each client's connection (its caps, its login, the refusals that are not
sessions) is a `Connection` (connection.py), and each game in a terminal a `GameSession` (game_session.py).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncssh
from textual.app import App

from .auth import AuthPolicy, KeylessSeats, Names, SharedLiveNames
from .connection import Connection
from .database import Database, open_database
from .hardening import install_textual_patches
from .hostkey import fingerprint, load_or_create_host_key
from .limits import CodeGuesses, ConnectionLimiter, meter_loop_callbacks
from .memory import collector
from .order import BanList
from .session import SessionInfo
from .settings import Settings

if TYPE_CHECKING:
    from .game_session import GameSession
    from .hub import Hub

log = logging.getLogger(__name__)

AppFactory = Callable[[SessionInfo], App[Any]]

# Keepalives a client may leave unanswered; asyncssh drops it when the next one is due, so a frozen client
# goes (KEEPALIVE_UNANSWERED + 1) * keepalive_interval after it last sent anything: 90 s by default.
KEEPALIVE_UNANSWERED = 2
SESSION_WINDOW = 128 * 1024


class CitadelsServer:
    """A listening Citadels SSH server; `close()` ends every session and stops listening."""

    def __init__(
        self,
        app_factory: AppFactory,
        settings: Settings,
        host_key: asyncssh.SSHKey | None = None,
        seats: KeylessSeats | None = None,
        names: Names | None = None,
        bans: BanList | None = None,
        hub: Hub | None = None,
    ) -> None:
        install_textual_patches()
        meter_loop_callbacks()
        self.app_factory = app_factory
        self.settings = settings
        home = settings.home()
        self.host_key = host_key or load_or_create_host_key(home)
        self.fingerprint = fingerprint(self.host_key)
        # The claimed names are the database's; a server given none (the demo, tests) opens the settings' own.
        self._own_database: Database | None = None
        if names is None:
            self._own_database = open_database(settings)
            names = self._own_database.players
        # Several processes on one database: a name logged in on any of them is in use on all.
        self.live_shared: SharedLiveNames | None = (
            names if getattr(names, "shared", False) else None  # type: ignore[assignment]  # names that say they are shared are SharedLiveNames
        )
        self.policy = AuthPolicy(
            names,
            require_keys=settings.require_keys,
            password=settings.password,
            open_registration=settings.open_registration,
            seats=seats,
        )
        self.limiter: ConnectionLimiter[Connection] = ConnectionLimiter(
            settings.max_connections,
            settings.max_per_address,
            settings.max_authenticating,
            settings.max_authenticating_per_address,
        )
        self.bans = bans
        self.hub = hub  # the game's tables, for the exec commands (exec_commands.py); None: a bare server
        self.on_drain: Callable[[], None] | None = None  # `drain` ends here: the process stops (cli_serve)
        self.code_guesses = CodeGuesses()  # wrong reconnect codes, per address and per name
        self.closing = False  # stopping: nobody new comes in
        self.sessions: set[GameSession] = set()
        self.connections: set[Connection] = set()
        self._closing_tasks: list[asyncio.Task[None]] = []
        self._ids = itertools.count(1)
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._collecting = False  # this server counts in `collector` (server/memory.py)

    async def start(self) -> None:
        s = self.settings
        self._acceptor = await asyncssh.listen(
            s.host,
            s.port,
            server_factory=functools.partial(Connection, self),
            server_host_keys=[self.host_key],
            server_version="Citadels",
            encoding=None,  # bytes both ways: the driver decodes input incrementally itself
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=s.login_timeout,
            keepalive_interval=s.keepalive_interval,
            keepalive_count_max=KEEPALIVE_UNANSWERED,
            # What a client may send ahead of what the server has read (asyncssh's default is 2 MiB): when a
            # flood pauses reading, this is all that waits in memory for that session.
            window=SESSION_WINDOW,
        )
        collector.server_started()
        self._collecting = True

    @property
    def port(self) -> int:
        assert self._acceptor is not None, "the server is not started"
        return self._acceptor.get_port()

    def new_session_id(self) -> int:
        return next(self._ids)

    def close(self) -> None:
        """Stop listening and end every session, each with a goodbye on its restored terminal."""
        self.closing = True
        if self._acceptor is not None:
            self._acceptor.close()
        self._closing_tasks = [s.task for s in self.sessions if s.task is not None]
        for session in list(self.sessions):
            session.end("The server is shutting down; your game is kept. Thanks for playing!")

    async def wait_closed(self, timeout: float = 5.0) -> None:
        """Wait up to `timeout` seconds for the sessions' goodbyes, then hang up on every connection."""
        # Let the apps restore their clients' terminals, then hang up on everyone (asyncssh leaves
        # accepted connections open when the listener closes, logged in or not).
        if self._closing_tasks:
            await asyncio.wait(self._closing_tasks, timeout=timeout)
        # Clients close their connection once their session ends; give them a moment to do so.
        for _ in range(20):
            if not any(c.games_started for c in self.connections):
                break
            await asyncio.sleep(0.05)
        for connection in list(self.connections):
            if connection.conn is not None:
                connection.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "The server is shutting down.")
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        if self._own_database is not None:
            self._own_database.close()
        if self._collecting:
            self._collecting = False
            collector.server_stopped()


async def serve_app(
    app_factory: AppFactory,
    settings: Settings | None = None,
    *,
    host_key: asyncssh.SSHKey | None = None,
    seats: KeylessSeats | None = None,
    names: Names | None = None,
    bans: BanList | None = None,
    hub: Hub | None = None,
) -> CitadelsServer:
    """Start serving `app_factory` over SSH (settings.host/port; port 0 picks a free one).

    `seats` tells which names hold a seat taken without a key and checks their reconnect codes (the
    game's hub); without it no login is asked for a code. `names` are the claimed names (the server's
    database's `players`); without them the server opens the settings' database for them. `bans` (the
    hub's records) says who may not log in. `hub` is the game's, for the commands run over exec."""
    server = CitadelsServer(app_factory, settings or Settings(), host_key, seats, names, bans, hub)
    await server.start()
    log.info("listening on %s port %d, host key %s", server.settings.host, server.port, server.fingerprint)
    return server
