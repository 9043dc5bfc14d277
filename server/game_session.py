"""One SSH session channel of a logged-in connection: a terminal with one App in it (its link, its idle
timeout, what it says when an input flood ends it), or a polite refusal of anything else."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncssh
from textual.app import App

from citadels_tui import server_notices
from citadels_tui.session_facts import SaysFarewell

from . import log_format, metrics
from .auth import Identity, guest_name
from .driver import SSHDriver
from .exec_call import ExecCall, UsageError, parse_command
from .exec_commands import run_exec
from .hardening import LogFile, color_system_for, harden_app
from .memory import collector
from .plain_session import NAME as PLAIN
from .plain_session import Cooked
from .session import SessionInfo
from .terminal_link import TerminalLink

if TYPE_CHECKING:
    from .connection import Connection

# One logger for the whole SSH server, wherever its code lives: a host's log filters may name it.
log = logging.getLogger("citadels_server.ssh")


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return f"{seconds:g} seconds"


class GameSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session channel: a terminal with one App in it, or a polite refusal."""

    def __init__(self, connection: Connection) -> None:
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
        self.call: ExecCall | None = None  # an exec request's command, while it runs
        self.cut = False  # a command's client stopped reading its output: it is being disconnected
        self.cooked: Cooked | None = None  # a plain session's line discipline, when it has a terminal
        self.log_fields: dict[str, Any] | None = None  # what its log lines say of it (log_format.py)
        self._end_fields: dict[str, Any] | None = None  # those as its end began (`_ending`)

    # -- requests -------------------------------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
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
        # Accepted even when unknown, to answer with a sentence (a refused request just says "exec request
        # failed").
        self.kind, self.detail = "exec", command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self.kind, self.detail = "subsystem", subsystem
        return True

    def session_started(self) -> None:
        if self.kind == "exec":
            self._when_decided(self._start_exec)  # a command runs as the login decided, admin or not
        elif self.kind == "subsystem":
            what = "file transfer" if self.detail in ("sftp", "scp") else f"{self.detail[:40]!r} service"
            self._refuse(f"This server offers no {what}; it only hosts Citadels games.")
        elif self.server.closing:
            self._refuse("The server is shutting down; please try again later.")
        elif (self.term_type is None or self.term_type == "dumb") and self.server.hub is not None:
            # No terminal to draw on, or one that cannot: the game as lines (plain_session.py).
            self.kind, self.detail = "exec", PLAIN
            self._when_decided(self._start_exec)
        elif self.term_type is None:  # a server without tables (a demo) has no plain mode
            self._refuse(
                "Citadels needs a terminal, and this session has none.\r\n"
                f"Connect with: ssh -t -p {self.server.port} NAME@HOST"
            )
        else:
            self._when_decided(self._start_app)

    def _when_decided(self, start: Callable[[], None]) -> None:
        """`start` once the login's name is decided (the other processes may still be asked about it)."""
        if (deciding := self.connection.deciding) is not None and not deciding.done():
            deciding.add_done_callback(lambda _: None if self.gone or self.ending else start())
        else:
            start()

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
        metrics.refused(f"request_{self.kind}")
        self.chan.write_stderr((message + "\r\n").encode())
        self.chan.exit(1)

    # -- a command ------------------------------------------------------------------------------------

    def _start_exec(self) -> None:
        assert self.chan is not None
        chan = self.chan
        try:
            name, words, wants_json = parse_command(self.detail)
        except UsageError as e:
            self._refuse(str(e))
            return
        log.info("session %d from %s runs %.80r", self.id, self.connection.address, self.detail)
        env = chan.get_environment()
        self.call = ExecCall(
            name,
            words,
            self.connection.identity,
            self.server,
            self.id,
            write_out=self._write_out,
            write_err=chan.write_stderr,
            json=wants_json,
            terminal=self.term_type is not None,
            address=self.connection.address,
            locale=tuple(
                (k, str(env[k])) for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)
            ),
            pause_reading=chan.pause_reading,
            resume_reading=chan.resume_reading,
        )
        if name == PLAIN:
            self.server.sessions.add(self)  # told when the server shuts down, as a game in a terminal is
            if self.term_type is not None:
                self.cooked = Cooked(self.call, self._write_out)
                self.call.typed = self.cooked.typed
        self.task = asyncio.get_running_loop().create_task(
            self._run_exec(self.call), name=f"citadels-exec-{self.id}"
        )

    async def _run_exec(self, call: ExecCall) -> None:
        status = 1
        # In this task's own context: every line the command logs is the session's.
        self.log_fields = log_format.in_session(self.id, call.player, call.key, call.address)
        kind = metrics.SESSIONS.labels(metrics.session_kind(call.name))
        kind.inc()
        try:
            status = await run_exec(call)
        except Exception:
            log.exception("session %d: command %.80r failed", self.id, self.detail)
            call.complain("Sorry, that command stopped on an error; the server logged it.")
        finally:
            kind.dec()
            self.call = self.cooked = None
            self.server.sessions.discard(self)
            if not self.gone and self.chan is not None:
                try:
                    self.chan.exit(status)
                except (BrokenPipeError, OSError):
                    pass

    def _write_out(self, data: bytes) -> None:
        """A command's output; a client that stops reading it is disconnected, as a game's is."""
        if self.gone or self.cut or self.chan is None:
            return
        try:
            self.chan.write(data)
        except (BrokenPipeError, OSError):
            return
        if self.chan.get_write_buffer_size() > self.server.settings.output_buffer_limit:
            log.warning("session %d: client stopped reading a command's output; disconnecting", self.id)
            self.cut = True
            self._overflowed()

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
        self.log_fields = self.link.context.run(
            log_format.in_session, self.id, identity.name, identity.key_fingerprint, self.connection.address
        )
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
            errors = app.error_console.file  # type: ignore[assignment]  # the App's error console writes to our LogFile
            # The App builds its driver itself; hand it this session's link through the class it calls.
            app.driver_class = functools.partial(SSHDriver, link=self.link)  # type: ignore[assignment]  # Textual makes the driver; its link is bound here
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
            if not self.farewell and isinstance(self.app, SaysFarewell):
                self.farewell = self.app.session_farewell
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

    def _ending(self) -> dict[str, Any]:
        """The session's log fields as its end began, for the lines about its end: its player leaves their
        table as the session ends (a plain session's lobby at the end of its input, an app as it
        unmounts), and the table it was at is what a host looks for."""
        if self._end_fields is None:
            self._end_fields = log_format.about(self.log_fields)
        return self._end_fields

    def end(self, farewell: str) -> None:
        """Stop this session's app; `farewell` is written once the client's terminal is restored."""
        self._ending()
        self.farewell = self.farewell or farewell
        self.ending = True
        if self.call is not None and self.task is not None and not self.task.done():
            if farewell:
                self.call.say(farewell)
            self.task.cancel()
        elif self.task is not None and not self.task.done():
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
        log.warning(
            "session %d (%s) disconnected: input flood",
            self.id,
            self.connection.address,
            extra=self._ending(),
        )
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
        log.info("session %d idle for %.0f s; closing", self.id, timeout, extra=self._ending())
        self.end(f"Disconnected after {_duration(timeout)} without input. Come back any time!")

    # -- channel events -------------------------------------------------------------------------------

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.link is not None:
            self.link.feed(data)
        elif self.cooked is not None:
            self.cooked.feed(data)
        elif self.call is not None:
            self.call.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.link is not None:
            self.link.resize(width, height)
        else:
            self.term_size = (width or 80, height or 24)

    def eof_received(self) -> bool:
        self._ending()
        if self.call is not None:
            self.call.feed_eof()  # a command may still answer what it was sent
            return True
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
        elif self.call is not None and self.task is not None:
            self.task.cancel()
        # SSH's callback, outside the session's context: its fields (the table it was at) are given.
        log.info("session %d closed%s", self.id, f": {exc}" if exc else "", extra=self._ending())
