"""One SSH client's connection to the server, before and beside its game: the caps on connections, the
login (the rules are auth.py's: keys, keyless guests, the server's password, a seat's reconnect code),
the refusals of bans and of everything that is not a game session (port, agent and X11 forwarding)."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import TYPE_CHECKING, Any

import asyncssh

from . import metrics
from .auth import Identity, is_player_name
from .game_session import GameSession
from .limits import Refusal
from .order import ban_sentence, login_banner, plain_address
from .session import NAME_IN_USE

if TYPE_CHECKING:
    from .ssh import CitadelsServer

# One logger for the whole SSH server, wherever its code lives: a host's log filters may name it.
log = logging.getLogger("citadels_server.ssh")

MAX_PASSWORD_ATTEMPTS = 3
_FORWARDING_REFUSED = "Forwarding is disabled on this server: it only hosts Citadels games."


class Connection(asyncssh.SSHServer):
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
        metrics.refused(cap)
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
            metrics.refused("no_login")
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
            metrics.refused("closing")
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
        metrics.refused(f"banned_{ban.kind}")
        sentence = ban_sentence(ban)
        if self.conn is not None and fingerprint is None:
            self.conn.send_auth_banner(
                sentence + "\r\n"
            )  # printed by OpenSSH, even where it hides the reason
        raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, sentence)

    def _refuse_if_full(self, refusal: Refusal | None) -> None:
        if refusal is not None:
            metrics.refused(refusal.cap)
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
            metrics.refused("wrong_codes")
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
            metrics.refused("wrong_passwords")
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
        log.info(
            "%s logged in from %s as %s (%s)",
            username,
            self.address,
            self.identity.name,
            how,
            extra={"player": self.identity.name, "key": fp, "address": self.address},
        )

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
            metrics.refused("no_game")
            log.info("%s opened no game within the login timeout; disconnecting", self.address)
            self.conn.disconnect(
                asyncssh.DISC_BY_APPLICATION, "No game was started: this server only hosts Citadels games."
            )

    # -- channels -------------------------------------------------------------------------------------

    def session_requested(self) -> GameSession:
        if self.sessions_open >= 1:
            # One game at a time per connection: multiplexed clients (ControlMaster) must not multiply apps past
            # the connection caps.
            metrics.refused("second_game")
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "Only one game at a time per connection; open another ssh connection.",
            )
        self.sessions_open += 1
        self.games_started += 1
        return GameSession(self)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> Any:
        metrics.refused("forwarding")
        log.info("refused port forwarding to %s:%s from %s", dest_host, dest_port, self.address)
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _FORWARDING_REFUSED)

    def server_requested(self, listen_host: str, listen_port: int) -> Any:
        metrics.refused("forwarding")
        log.info("refused remote forwarding of %s:%s from %s", listen_host, listen_port, self.address)
        return False

    def unix_connection_requested(self, dest_path: str) -> Any:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _FORWARDING_REFUSED)

    def unix_server_requested(self, listen_path: str) -> Any:
        return False

    def tun_requested(self, unit: int | None) -> Any:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _FORWARDING_REFUSED)
