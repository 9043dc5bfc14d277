"""The asyncssh server: one Textual App per SSH session, all on one event loop.

`serve_app(app_factory, settings)` starts listening and returns a `CitadelsServer`; each player who logs
in with a terminal gets `app_factory(SessionInfo(...))` run through `SSHDriver`. The server refuses,
with a sentence the player can read, everything that is not a game in a terminal: exec, SFTP and other
subsystems, sessions without a PTY, port/agent/X11 forwarding, a second session on one connection.
A failure inside one session is logged and ends that session only. With `seats` (the game's hub), a
keyless login under a name whose player holds a seat is asked for that seat's reconnect code. With
`bans` (the hub's records), a banned name, key or address is refused at login with a sentence saying until
when and why (order.py); the message of the day (settings.motd) is every login's banner. An app may set
`session_farewell` before it ends (an admin's kick): the server writes it on the restored terminal.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import math
from collections.abc import Callable
from typing import Any

import asyncssh
from textual.app import App

from citadels_tui import server_notices

from .auth import AuthPolicy, Identity, KeylessSeats, Names, SharedLiveNames, guest_name, is_player_name
from .database import Database, open_database
from .driver import LogFile, SSHDriver, TerminalLink, color_system_for, harden_app, install_textual_patches
from .hostkey import fingerprint, load_or_create_host_key
from .limits import CodeGuesses, ConnectionLimiter, Refusal, meter_loop_callbacks
from .memory import collector
from .order import BanList, ban_sentence, login_banner, plain_address
from .session import NAME_IN_USE, SessionInfo
from .settings import Settings

log = logging.getLogger(__name__)

AppFactory = Callable[[SessionInfo], App[Any]]

MAX_PASSWORD_ATTEMPTS = 3
# Keepalives a client may leave unanswered; asyncssh drops it when the next one is due, so a frozen client
# goes (KEEPALIVE_UNANSWERED + 1) * keepalive_interval after it last sent anything: 90 s by default.
KEEPALIVE_UNANSWERED = 2
SESSION_WINDOW = 128 * 1024
_FORWARDING_REFUSED = "Forwarding is disabled on this server: it only hosts Citadels games."


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
            names if getattr(names, "shared", False) else None  # type: ignore[assignment]
        )
        self.policy = AuthPolicy(
            names,
            require_keys=settings.require_keys,
            password=settings.password,
            open_registration=settings.open_registration,
            seats=seats,
        )
        self.limiter: ConnectionLimiter[_Connection] = ConnectionLimiter(
            settings.max_connections,
            settings.max_per_address,
            settings.max_authenticating,
            settings.max_authenticating_per_address,
        )
        self.bans = bans
        self.code_guesses = CodeGuesses()  # wrong reconnect codes, per address and per name
        self.closing = False  # stopping: nobody new comes in
        self.sessions: set[GameSession] = set()
        self.connections: set[_Connection] = set()
        self._closing_tasks: list[asyncio.Task[None]] = []
        self._ids = itertools.count(1)
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._collecting = False  # this server counts in `collector` (server/memory.py)

    async def start(self) -> None:
        s = self.settings
        self._acceptor = await asyncssh.listen(
            s.host,
            s.port,
            server_factory=functools.partial(_Connection, self),
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
) -> CitadelsServer:
    """Start serving `app_factory` over SSH (settings.host/port; port 0 picks a free one).

    `seats` tells which names hold a seat taken without a key and checks their reconnect codes (the
    game's hub); without it no login is asked for a code. `names` are the claimed names (the server's
    database's `players`); without them the server opens the settings' database for them. `bans` (the
    hub's records) says who may not log in."""
    server = CitadelsServer(app_factory, settings or Settings(), host_key, seats, names, bans)
    await server.start()
    log.info("listening on %s port %d, host key %s", server.settings.host, server.port, server.fingerprint)
    return server


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} seconds"


class _Connection(asyncssh.SSHServer):
    """One client connection: caps, authentication and the refusals that are not sessions."""

    def __init__(self, server: CitadelsServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.port = 0
        self.identity: Identity | None = None
        self.sessions_open = 0
        self._method: str | None = None  # "key" or "keyless": the last auth method that succeeded
        self._fingerprint: str | None = None
        self._keys_logged: set[str] = set()  # asyncssh asks about a key twice: before and after its signature
        self._code_asked = False  # the keyboard-interactive challenge asked for a seat's reconnect code
        self._seat_code: str | None = None  # the answer to it
        self._failed_passwords = 0
        self._no_game_handle: asyncio.TimerHandle | None = None
        self._auth_start_handle: asyncio.TimerHandle | None = None
        self._arrived = 0.0
        self.games_started = 0
        self._holds_name: str | None = None  # the name this connection logged in with, taken until it closes
        self.deciding: asyncio.Task[None] | None = None  # the other processes asked about the name
        self._lost = False

    # -- caps -----------------------------------------------------------------------------------------

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.server.connections.add(self)
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address, self.port = plain_address(str(peer[0])), int(peer[1])
        loop = asyncio.get_running_loop()
        self._arrived = loop.time()
        # Still logging in: its own caps, where a new arrival evicts the oldest (limits.py says why).
        for victim, cap in self.server.limiter.arrive(self, self.address):
            victim.evict(cap)
        settings = self.server.settings
        if settings.auth_start_timeout < settings.login_timeout:
            self._auth_start_handle = loop.call_later(settings.auth_start_timeout, self._check_auth_started)

    def evict(self, cap: str) -> None:
        """Close this connection, still logging in, to make room for a newer one (`cap` was full)."""
        if self._auth_start_handle is not None:
            self._auth_start_handle.cancel()
            self._auth_start_handle = None
        age = asyncio.get_running_loop().time() - self._arrived
        log.info(
            "evicting a connection from %s port %d still logging in after %.1f s: %s",
            self.address,
            self.port,
            age,
            self._why(cap),
        )
        if self.conn is not None:
            where = "from your address" if cap == "max_authenticating_per_address" else "to this server"
            self.conn.disconnect(
                asyncssh.DISC_TOO_MANY_CONNECTIONS,
                f"Too many connections are logging in {where}; please try again.",
            )

    def _why(self, cap: str) -> str:
        """A full cap for the log, with its setting's value (`max_per_address = 8 is full`)."""
        value = getattr(self.server.settings, cap, None)
        return cap if value is None else f"{cap} = {value} is full"

    def _check_auth_started(self) -> None:
        self._auth_start_handle = None
        if self.conn is not None:
            timeout = self.server.settings.auth_start_timeout
            log.info(
                "%s port %d began no login within %g s (auth_start_timeout); disconnecting",
                self.address,
                self.port,
                timeout,
            )
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "No login began in time.")

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self)
        self._lost = True
        if self._holds_name is not None:
            if (
                self.server.policy.live_names.discard(self._holds_name)
                and self.server.live_shared is not None
            ):
                self.server.live_shared.give_back_live(self._holds_name)
            log.info("%s's connection from %s closed", self._holds_name, self.address)
            self._holds_name = None
        for handle in (self._no_game_handle, self._auth_start_handle):
            if handle is not None:
                handle.cancel()
        self.server.limiter.leave(self)
        if exc is not None:
            log.info("connection from %s lost: %s", self.address, exc)

    def begin_auth(self, username: str) -> bool:
        if self._auth_start_handle is not None:
            self._auth_start_handle.cancel()
            self._auth_start_handle = None
        if self.server.closing:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_BY_APPLICATION, "The server is shutting down; please try again later."
            )
        # The logged-in caps are checked here because only now can the client show our sentence
        # ("Received disconnect ...: The server is full ..."); auth_completed takes the slot.
        self._refuse_if_full(self.server.limiter.refusal(self.address))
        # Banned names and addresses are refused before anything is asked; a banned key when it is offered.
        self._refuse_if_banned(username, None)
        banner = login_banner(self.server.settings.motd)
        if banner and self.conn is not None:
            self.conn.send_auth_banner(banner)
        return True

    def _refuse_if_banned(self, username: str | None, fingerprint: str | None) -> None:
        bans = self.server.bans
        ban = (
            bans.banned(username, fingerprint, self.address if fingerprint is None else None)
            if bans
            else None
        )
        if ban is None:
            return
        log.info(
            "refusing %s port %d (%r%s): %s %s is banned",
            self.address,
            self.port,
            (username or "")[:40],
            f", key {fingerprint}" if fingerprint else "",
            ban.kind,
            ban.value,
        )
        sentence = ban_sentence(ban)
        if self.conn is not None and fingerprint is None:
            self.conn.send_auth_banner(
                sentence + "\r\n"
            )  # printed by OpenSSH, even where it hides the reason
        raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, sentence)

    def _refuse_if_full(self, refusal: Refusal | None) -> None:
        if refusal is not None:
            log.info("refusing %s port %d: %s", self.address, self.port, self._why(refusal.cap))
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal.sentence)

    # -- authentication (rules in auth.py) -------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fp = key.get_fingerprint("sha256")
        self._refuse_if_banned(None, fp)
        ok, why = self.server.policy.key_verdict(username, fp)
        if fp not in self._keys_logged:
            # A host can tell which key tried which name, e.g. to find who keeps trying someone else's.
            self._keys_logged.add(fp)
            log.info(
                "key %s offered for %r from %s: %s (%s)",
                fp,
                username[:40],
                self.address,
                "accepted" if ok else "refused",
                why,
            )
        if ok:
            self._method, self._fingerprint = "key", fp
            return True
        return False

    def kbdint_auth_supported(self) -> bool:
        return self.server.policy.keyless_allowed

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        policy = self.server.policy
        prompts: list[tuple[str, bool]] = []
        instructions: list[str] = []
        if policy.password is not None:
            instructions.append("This Citadels server asks for its password.")
            prompts.append(("Server password: ", False))
        self._code_asked = policy.asks_seat_code(username)
        if self._code_asked:
            instructions.append(
                f"A seat at a table is kept for {username}; its code was shown to its player."
            )
            prompts.append((f"Reconnect code for {username}'s seat (Enter to play as a guest): ", True))
        if not prompts:
            self._method = "keyless"
            return True  # keyless guests come in without being asked anything
        return ("", " ".join(instructions), "", prompts)

    def validate_kbdint_response(self, username: str, responses: Any) -> bool:
        answers = [str(r) for r in responses]
        if self.server.policy.password is not None:
            ok = bool(answers) and self.server.policy.check_password(answers.pop(0))
            if not self._password_attempt(ok):
                return False
        if self._code_asked:
            # Any answer lets the player in: the right code as the seat's player, anything else as a guest
            # (told why in the lobby). One guess per login.
            self._seat_code = answers[0].strip() if answers and answers[0].strip() else None
            if self._seat_code is not None:
                self._check_guess(username, self._seat_code)
        self._method = "keyless"
        return True

    def _check_guess(self, username: str, code: str) -> None:
        """Refuse a code given too soon after too many wrong ones (CodeGuesses), else count it."""
        guesses, seats = self.server.code_guesses, self.server.policy.seats
        wait = guesses.wait(self.address, username)
        if wait > 0:
            log.info("refusing a reconnect code for %r from %s: too many wrong ones", username, self.address)
            raise asyncssh.DisconnectError(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                f"Too many wrong reconnect codes for {username}'s seat. "
                f"Please wait {math.ceil(wait)} seconds before trying again.",
            )
        if seats is not None and seats.seat_code_matches(username, code):
            guesses.right(self.address, username)
        else:
            guesses.wrong(self.address, username)

    def password_auth_supported(self) -> bool:
        return self.server.policy.keyless_allowed and self.server.policy.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        return self._password_attempt(self.server.policy.check_password(password))

    def _password_attempt(self, ok: bool) -> bool:
        if ok:
            self._method = "keyless"
            return True
        # asyncssh lets a client guess until the login timeout; three tries is what OpenSSH gives people.
        self._failed_passwords += 1
        log.info("wrong server password from %s (%d)", self.address, self._failed_passwords)
        if self._failed_passwords >= MAX_PASSWORD_ATTEMPTS:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many wrong passwords."
            )
        return False

    def auth_completed(self) -> None:
        assert self.conn is not None
        if not self._take_logged_in_slot():
            return
        username = self.conn.get_extra_info("username") or ""
        loop = asyncio.get_running_loop()
        # A logged-in connection that never opens a game (ssh -N) would hold a slot forever.
        self._no_game_handle = loop.call_later(self.server.settings.login_timeout, self._check_game_started)
        if self._asks_other_processes(username):
            # The game waits for the answer (session_started); nobody sees the name meanwhile.
            self.deciding = loop.create_task(self._identify_shared(username))
        else:
            self._identify(username)

    def _asks_other_processes(self, username: str) -> bool:
        """Must the processes sharing the database agree before this login has `username`? Not when the
        rules here decide alone: no sharing, a guest name anyway, the name in use here, or the name its
        own key's (only its player has the key, and keyless logins cannot have it on any process)."""
        policy, fp = self.server.policy, self._fingerprint
        if self.server.live_shared is None or not is_player_name(username) or username in policy.live_names:
            return False
        if self._method == "key" and fp is not None:
            return not policy.registry.owns(username, fp)
        return not policy.registry.claimed(username)

    async def _identify_shared(self, username: str) -> None:
        live, policy = self.server.live_shared, self.server.policy
        assert live is not None
        policy.live_names.add(username)  # in use here while the other processes are asked
        try:
            taken = await live.take_live(username, self.server.settings.lease * 2)
        except Exception:  # noqa: BLE001 - the database away: nobody can say the name is free, a guest is safe
            log.warning("could not ask the other processes about the name %r", username, exc_info=True)
            taken = False
        finally:
            policy.live_names.discard(username)
        if self._lost:
            if taken and username not in policy.live_names:
                live.give_back_live(username)
            return
        self._identify(username, elsewhere=not taken)
        if taken and username not in policy.live_names:  # the rules gave another name: not needed
            live.give_back_live(username)

    def _identify(self, username: str, elsewhere: bool = False) -> None:
        """Decide who this login is and take the name (`elsewhere`: another process has `username`)."""
        policy = self.server.policy
        fp = self._fingerprint if self._method == "key" else None
        if elsewhere:
            self.identity = Identity(
                policy.guest_name(), fp, guest=True, notice=NAME_IN_USE, asked_name=username
            )
        elif fp is not None:
            self.identity = policy.identify_key(username, fp)
        else:
            self.identity = policy.identify_keyless(username, self._seat_code)
        # The name is taken now, in the same step as the login that decided it (nothing else runs on the
        # loop in between): a second login under it finds it in use, whether or not this one has opened
        # a game yet. It is given back when the connection closes (connection_lost).
        self._holds_name = self.identity.name
        policy.live_names.add(self._holds_name)
        if not self.identity.guest:
            policy.registry.seen(self.identity.name)  # a claimed name's last login, kept in the database
        how = "key " + fp if fp else "keyless"
        if self._code_asked:
            how += ", reconnect code " + (
                "right" if self.identity.seat_code else "wrong" if self._seat_code else "not given"
            )
        if elsewhere:
            how += ", in use on another process"
        elif self.identity.notice:
            how += f", {self.identity.notice}"
        log.info("%s logged in from %s as %s (%s)", username, self.address, self.identity.name, how)

    def _take_logged_in_slot(self) -> bool:
        # Another connection from the address may have logged in since begin_auth checked the caps.
        try:
            self._refuse_if_full(self.server.limiter.log_in(self))
        except asyncssh.DisconnectError as refused:
            conn = self.conn
            if conn is not None:
                asyncio.get_running_loop().call_soon(conn.disconnect, refused.code, refused.reason)
            return False
        return True

    def _check_game_started(self) -> None:
        self._no_game_handle = None
        if self.games_started == 0 and self.conn is not None:
            log.info("%s opened no game within the login timeout; disconnecting", self.address)
            self.conn.disconnect(
                asyncssh.DISC_BY_APPLICATION, "No game was started: this server only hosts Citadels games."
            )

    # -- channels -------------------------------------------------------------------------------------

    def session_requested(self) -> GameSession:
        if self.sessions_open >= 1:
            # One game at a time per connection: multiplexed clients (ControlMaster) must not multiply apps past
            # the connection caps.
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "Only one game at a time per connection; open another ssh connection.",
            )
        self.sessions_open += 1
        self.games_started += 1
        return GameSession(self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> Any:
        log.info("refused port forwarding to %s:%s from %s", dest_host, dest_port, self.address)
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _FORWARDING_REFUSED)

    def server_requested(self, listen_host: str, listen_port: int) -> Any:
        log.info("refused remote forwarding of %s:%s from %s", listen_host, listen_port, self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> Any:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _FORWARDING_REFUSED)

    def unix_server_requested(self, listen_path: str) -> Any:
        return False

    def tun_requested(self, unit: int | None) -> Any:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _FORWARDING_REFUSED)


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel: a terminal with one App in it, or a polite refusal."""

    def __init__(self, connection: _Connection) -> None:
        self.connection = connection
        self.server = connection.server
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.kind = "none"
        self.detail = ""
        self.term_type: str | None = None
        self.term_size = (80, 24)
        self.link: TerminalLink | None = None
        self.app: App[Any] | None = None
        self.task: asyncio.Task[None] | None = None
        self.gone = False
        self.farewell: str | None = None
        self.ending = False
        self.id = self.server.new_session_id()
        self._idle_handle: asyncio.TimerHandle | None = None
        self._last_input = 0.0

    # -- requests -------------------------------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:  # type: ignore[override]
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.term_type = term_type or "xterm"
        width, height = term_size[0], term_size[1]
        self.term_size = (width or 80, height or 24)
        return True

    def shell_requested(self) -> bool:
        self.kind = "shell"
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted only to answer with a sentence (a refused request just says "exec request failed").
        self.kind, self.detail = "exec", command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.kind, self.detail = "subsystem", subsystem
        return True

    def session_started(self) -> None:
        port = self.server.port
        if self.kind == "exec":
            self._refuse(
                "This server only hosts Citadels games; it runs no commands.\r\n"
                f"Play with: ssh -p {port} NAME@HOST"
            )
        elif self.kind == "subsystem":
            what = "file transfer" if self.detail in ("sftp", "scp") else f"{self.detail[:40]!r} service"
            self._refuse(f"This server offers no {what}; it only hosts Citadels games.")
        elif self.server.closing:
            self._refuse("The server is shutting down; please try again later.")
        elif self.term_type is None:
            self._refuse(
                "Citadels needs a terminal, and this session has none.\r\n"
                f"Connect with: ssh -t -p {port} NAME@HOST"
            )
        elif (deciding := self.connection.deciding) is not None and not deciding.done():
            deciding.add_done_callback(lambda _: None if self.gone or self.ending else self._start_app())
        else:
            self._start_app()

    def _refuse(self, message: str) -> None:
        assert self.chan is not None
        log.info(
            "session %d from %s refused (%s %.80r): %s",
            self.id,
            self.connection.address,
            self.kind,
            self.detail,
            message.splitlines()[0],
        )
        self.chan.write_stderr((message + "\r\n").encode())
        self.chan.exit(1)

    # -- the app --------------------------------------------------------------------------------------

    def _start_app(self) -> None:
        assert self.chan is not None
        settings = self.server.settings
        identity = self.connection.identity or Identity(guest_name(), None, True)
        env = self.chan.get_environment()
        info = SessionInfo(
            name=identity.name,
            key_fingerprint=identity.key_fingerprint,
            guest=identity.guest,
            peer=(self.connection.address, self.connection.port),
            term_type=self.term_type or "xterm",
            term_size=self.term_size,
            colorterm=env.get("COLORTERM"),
            session_id=self.id,
            locale=tuple(
                (k, str(env[k])) for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)
            ),
            seat_code=identity.seat_code,
            notice=identity.notice,
            asked_name=identity.asked_name,
        )
        self.link = TerminalLink(
            self.chan,
            *self.term_size,
            settings,
            budget=settings,
            output_buffer_limit=settings.output_buffer_limit,
            on_overflow=self._overflowed,
            on_input=self._touched,
            on_slowed=self._input_slowed,
            on_flood=self._input_flood,
        )
        self.server.sessions.add(self)
        self._touched()
        self._arm_idle()
        collector.session_started()
        # The app runs in the link's context: everything it does on the loop is charged to this session.
        self.task = asyncio.get_running_loop().create_task(
            self._run(info), name=f"citadels-session-{self.id}", context=self.link.context
        )

    async def _run(self, info: SessionInfo) -> None:
        assert self.link is not None and self.chan is not None
        status = 0
        errors = LogFile(log, "")
        try:
            app = self.server.app_factory(info)
            harden_app(
                app,
                color_system=color_system_for(info.term_type, info.colorterm),
                label=f"{self.id} ({info.name})",
            )
            errors = app.error_console.file  # type: ignore[assignment]
            # The App builds its driver itself; hand it this session's link through the class it calls.
            app.driver_class = functools.partial(SSHDriver, link=self.link)  # type: ignore[assignment]
            self.app = app
            if self.gone or self.ending:
                return
            await app.run_async(size=self.link.app_size)
            status = app.return_code or 0
        except Exception:
            log.exception("session %d (%s) failed", self.id, info.name)
            status = 1
        finally:
            # An admin's kick or ban says who and why (the app set it in its player's language).
            self.farewell = self.farewell or getattr(self.app, "session_farewell", None)
            if getattr(errors, "wrote", False) or (status and not self.farewell):
                self.farewell = self.farewell or "Sorry, the game stopped on an error; the server logged it."
            self._finish(status)

    def _finish(self, status: int) -> None:
        self.server.sessions.discard(self)
        collector.session_ended()
        if self._idle_handle is not None:
            self._idle_handle.cancel()
            self._idle_handle = None
        link, self.link = self.link, None
        if link is not None:
            link.close()
        if self.gone or self.chan is None:
            return
        try:
            if self.farewell and not (link is not None and link.overflowed):
                self.chan.write(f"\r\n{self.farewell}\r\n".encode())
            self.chan.exit(status)
        except (BrokenPipeError, OSError):
            pass

    def end(self, farewell: str) -> None:
        """Stop this session's app; `farewell` is written once the client's terminal is restored."""
        self.farewell = self.farewell or farewell
        self.ending = True
        if self.task is not None and not self.task.done():
            if self.app is not None:
                self.app.exit()
            # else: _run sees the farewell before starting the app
        elif self.task is None and self.chan is not None:
            self._finish(0)

    def _overflowed(self) -> None:
        # Called from inside a frame write: let the frame finish, then drop the whole connection (the
        # client reads nothing, so a polite goodbye on the channel would never arrive).
        def drop() -> None:
            self.end("")
            conn = self.connection.conn
            if conn is not None:
                conn.disconnect(
                    asyncssh.DISC_BY_APPLICATION,
                    "Disconnected: your client stopped reading the game's output.",
                )

        asyncio.get_running_loop().call_soon(drop)

    # -- input floods (the link slows them; these tell the player, then end the session) ---------------

    def _in_app(self, fn: Callable[[], None]) -> None:
        # In the app's own queue, so that its sentences come out in the player's language.
        if self.app is None or not self.app.call_later(fn):
            fn()

    def _input_slowed(self) -> None:
        app = self.app
        if app is not None:
            self._in_app(lambda: app.notify(server_notices.input_slowed(), severity="warning", timeout=8))

    def _input_flood(self) -> None:
        log.warning("session %d (%s) disconnected: input flood", self.id, self.connection.address)
        self._in_app(lambda: self.end(server_notices.input_flood_farewell()))

    # -- idle timeout ---------------------------------------------------------------------------------

    def _touched(self) -> None:
        self._last_input = asyncio.get_running_loop().time()
        collector.input_seen()

    def _arm_idle(self, delay: float | None = None) -> None:
        loop = asyncio.get_running_loop()
        self._idle_handle = loop.call_later(delay or self.server.settings.idle_timeout, self._check_idle)

    def _check_idle(self) -> None:
        self._idle_handle = None
        timeout = self.server.settings.idle_timeout
        left = self._last_input + timeout - asyncio.get_running_loop().time()
        if left > 0.01:
            self._arm_idle(left)
            return
        log.info("session %d idle for %.0f s; closing", self.id, timeout)
        self.end(f"Disconnected after {_duration(timeout)} without input. Come back any time!")

    # -- channel events -------------------------------------------------------------------------------

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.link is not None:
            self.link.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.link is not None:
            self.link.resize(width, height)
        else:
            self.term_size = (width or 80, height or 24)

    def eof_received(self) -> bool:
        # The client will send nothing more: its player cannot act, so the game session ends.
        self.end("")
        return True

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        self.connection.sessions_open -= 1
        if self.link is not None:
            self.link.closed = True
        if self.app is not None and self.task is not None and not self.task.done():
            self.app.exit()
        log.info("session %d closed%s", self.id, f": {exc}" if exc else "")
