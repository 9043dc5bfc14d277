"""`ssh -t -p PORT NAME@HOST plain`: the server's lobby and tables as lines of text (citadels_tui/plain_lobby.py),
for a screen reader, a braille display, a phone's SSH client or a script. A shell session without a terminal
(`ssh -T`) or with TERM=dumb gets the same (game_session.py).

What is sent is only printable text and newlines (CR LF when the client asked for a terminal), and the
terminal bell only for a player who asked for it (`notify bell on`, citadels_tui/ringer.py). The client's
lines come through `ExecCall`, whose lines are capped in length and whose waiting lines stop the channel
reading; each line is then taken only while the session's share of the loop lasts (the same `LoopMeter`
and settings as the full app's input, terminal_link.py): past it the session is slowed, told, and after
`input_disconnect_after` seconds of it, disconnected. With a terminal there is no PTY on this side to echo
what is typed and end lines at Enter: `Cooked` is that line discipline."""

from __future__ import annotations

import asyncio
import logging
from codecs import getincrementaldecoder
from collections.abc import Callable

from citadels_tui import server_notices
from citadels_tui.i18n import from_environment, tn
from citadels_tui.plain_lobby import PlainLobby

from . import metrics
from .auth import Identity, guest_name
from .exec_call import MAX_LINE, ExecCall, ExecCommand
from .limits import LoopMeter

log = logging.getLogger("citadels_server.ssh")  # the SSH server's one logger (game_session.py)

NAME = "plain"
# The longest a slowed session waits before looking at its budget again.
PACE_STEP = 0.5

CTRL_C, CTRL_D, CTRL_U = "\x03", "\x04", "\x15"
BACKSPACE, DELETE, ESC = "\x08", "\x7f", "\x1b"


class Cooked:
    """What a terminal's line discipline does, for a plain session with a PTY: typed characters are echoed,
    Backspace and Ctrl+U edit the line, Enter sends it, Ctrl+D on an empty line or Ctrl+C ends the input.
    Escape sequences (arrow keys, function keys) and other control characters are dropped, never echoed."""

    def __init__(self, call: ExecCall, echo: Callable[[bytes], None]) -> None:
        self.call = call
        self.echo = echo
        self.line: list[str] = []
        self.size = 0  # bytes of `line` in UTF-8
        self.overlong = False  # the line went past MAX_LINE: it is refused whole at Enter
        self._decoder = getincrementaldecoder("utf-8")(errors="replace")
        self._escape = ""  # an escape sequence being skipped
        self._after_cr = False
        self.ended = False

    def feed(self, data: bytes) -> None:
        if self.ended:
            return
        shown: list[str] = []
        for c in self._decoder.decode(data):
            if self._escape:
                self._escape += c
                # ESC [ … final byte, ESC O x, or ESC and one character.
                if (len(self._escape) == 2 and c not in "[O") or (len(self._escape) > 2 and "@" <= c <= "~"):
                    self._escape = ""
                elif len(self._escape) > 32:
                    self._escape = ""
                continue
            after_cr, self._after_cr = self._after_cr, c == "\r"
            if c == "\n" and after_cr:
                continue
            if c in "\r\n":
                shown.append("\r\n")
                self._flush(shown)
                self._send(True)
            elif c == ESC:
                self._escape = c
            elif c in (BACKSPACE, DELETE):
                if self.line and not self.overlong:
                    gone = self.line.pop()
                    self.size -= len(gone.encode())
                    shown.append("\b \b")
            elif c == CTRL_U:
                shown.append("\b \b" * len(self.line))
                self.line, self.size = [], 0
            elif c == CTRL_C or (c == CTRL_D and not self.line):
                shown.append("\r\n")
                self._flush(shown)
                self.ended = True
                self.call.feed_eof()
                return
            elif c.isprintable():
                self.line.append(c)
                self.size += len(c.encode())
                if self.size > MAX_LINE and not self.overlong:
                    self._send(False)  # ExecCall refuses it and says so
                    self.overlong = True
                elif not self.overlong:
                    shown.append(c)
        self._flush(shown)

    def typed(self) -> str:
        """What is typed and echoed, not yet sent: written again after news that broke its line."""
        return "" if self.overlong else "".join(self.line)

    def _flush(self, shown: list[str]) -> None:
        if shown:
            self.echo("".join(shown).encode())
            shown.clear()

    def _send(self, whole: bool) -> None:
        self.call.feed("".join(self.line).encode() + (b"\n" if whole else b""))
        self.line, self.size = [], 0
        if whole:
            self.overlong = False


class Flooded(Exception):
    """The client kept sending lines past its budget for `input_disconnect_after` seconds."""


class Pacer:
    """Takes the client's lines only while its session's share of the loop lasts (see the module's
    docstring); the time the session's lines cost is charged to `meter` by the loop (limits.py)."""

    def __init__(self, call: ExecCall, meter: LoopMeter, tell: Callable[[str], None]) -> None:
        self.call = call
        self.meter = meter
        self.tell = tell
        self.budget = call.server.settings
        self._slowed_since: float | None = None
        self._told = False

    async def read(self) -> str | None:
        settings = self.call.server.settings
        try:
            line = await asyncio.wait_for(self.call.read_line(), settings.idle_timeout)
        except TimeoutError:
            self.tell(idle_farewell(settings.idle_timeout))
            return None
        if line is None:
            return None
        loop = asyncio.get_running_loop()
        while (wait := self.meter.wait()) > 0:
            now = loop.time()
            if self._slowed_since is None:
                self._slowed_since = now
                metrics.FLOODS.labels("slowed").inc()  # counted as the full screen's floods are
            held = now - self._slowed_since
            if held >= self.budget.input_disconnect_after:
                metrics.FLOODS.labels("disconnected").inc()
                log.warning("input flood: over its loop budget for %.0f s; disconnecting", held)
                raise Flooded
            if held >= self.budget.input_notice_after and not self._told:
                self._told = True
                metrics.FLOODS.labels("told").inc()
                self.tell(server_notices.input_slowed())
            await asyncio.sleep(min(wait, PACE_STEP))
        if not self.call.waiting:
            # Every line taken: the episode of being slowed (if any) ends, as the full app's does.
            self._slowed_since, self._told = None, False
        return line


def idle_farewell(seconds: float) -> str:
    if seconds >= 120:
        return tn(
            "Disconnected after {n} minute without input. Come back any time!",
            "Disconnected after {n} minutes without input. Come back any time!",
            round(seconds / 60),
        )
    return tn(
        "Disconnected after {n} second without input. Come back any time!",
        "Disconnected after {n} seconds without input. Come back any time!",
        round(seconds),
    )


async def _plain(call: ExecCall) -> int:
    hub = call.server.hub
    if hub is None:
        call.complain("This server hosts no tables, so there is no plain mode here.")
        return 1
    identity = call.identity or Identity(guest_name(), None, True)
    settings = call.server.settings
    meter = LoopMeter(settings.input_share, settings.input_share_burst)
    locale = dict(call.locale)
    notice = (identity.notice, identity.asked_name or "") if identity.notice else None

    def write(text: str) -> None:
        if call.terminal:
            text = text.replace("\n", "\r\n")
        call.write_out(text.encode())

    lobby = PlainLobby(
        hub,
        identity.name,
        identity.key_fingerprint,
        write,
        code=identity.seat_code,
        address=call.address,
        notice=notice,
        lang=from_environment(locale) if locale else from_environment(),
        typed=call.typed,
    )
    pacer = Pacer(call, meter, lobby.say)
    flooded = False

    async def read() -> str | None:
        nonlocal flooded
        try:
            return await pacer.read()
        except Flooded:
            flooded = True
            lobby.say(server_notices.input_flood_farewell())
            return None

    # Everything the session does on the loop, its lines and its answers, is charged to its meter.
    status = await asyncio.get_running_loop().create_task(
        lobby.run(read), name=f"citadels-plain-{call.session_id}", context=meter.context()
    )
    return 1 if flooded else status


PLAIN = ExecCommand(NAME, NAME, "the lobby and the game as lines of text (screen readers, scripts)", _plain)
