"""One `ssh HOST COMMAND [ARGS]` request as its command sees it: who asked, the words, and the channel's two
streams as text. A command is an `ExecCommand` (its name, usage, one line of help, whether it is an
admin's, and an async `run` that returns the exit code); `exec_commands.py` lists every one the server
answers.

A command that talks with its client (a bot, plain mode) reads lines with `read_line()`; one-shot commands
only write. Lines longer than `MAX_LINE` are refused whole (the client is told, the line is dropped), so a
client that never ends a line holds at most that much of the server's memory."""

from __future__ import annotations

import asyncio
import json
import shlex
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .auth import Identity

if TYPE_CHECKING:
    from .ssh import CitadelsServer

MAX_LINE = 64 * 1024
# Lines waiting to be read beyond LINES_HIGH stop the channel reading (the client's ssh stops sending) until
# they are down to LINES_LOW: a client that sends faster than its command reads holds bounded memory.
LINES_HIGH = 64
LINES_LOW = 16


class UsageError(Exception):
    """The command's words do not say what to do: its sentence goes to the client with exit code 2."""


@dataclass
class ExecCall:
    """One exec request: `words` after the command's name (`--json` taken out into `json`)."""

    name: str
    words: list[str]
    identity: Identity | None
    server: CitadelsServer
    session_id: int
    write_out: Callable[[bytes], None]
    write_err: Callable[[bytes], None]
    json: bool = False
    terminal: bool = False  # the client asked for a PTY: its terminal wants CR LF
    address: str = ""  # the client's address (an admin's ban must not shut out their own)
    locale: tuple[tuple[str, str], ...] = ()  # the client's locale variables (LANG, LC_ALL, …) it sent
    pause_reading: Callable[[], None] | None = None  # the channel's, for the lines waiting (LINES_HIGH)
    resume_reading: Callable[[], None] | None = None
    typed: Callable[[], str] | None = (
        None  # what the client's line editor holds unsent (plain_session.Cooked)
    )
    _lines: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    _partial: bytes = b""
    _overlong: bool = False
    _paused: bool = False

    @property
    def key(self) -> str | None:
        """The fingerprint of the key the client logged in with (None: no key)."""
        return self.identity.key_fingerprint if self.identity is not None else None

    @property
    def player(self) -> str | None:
        return self.identity.name if self.identity is not None else None

    def _encoded(self, text: str) -> bytes:
        if self.terminal:
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        return text.encode()

    def say(self, text: str = "") -> None:
        """One or more lines on standard output."""
        self.write_out(self._encoded(text + "\n"))

    def say_json(self, value: Any) -> None:
        """One JSON value as one line on standard output (for `--json`)."""
        self.write_out(self._encoded(json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"))

    def complain(self, text: str) -> None:
        """One sentence on standard error."""
        self.write_err(self._encoded(text + "\n"))

    # -- what the client sends ----------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes from the client, cut into lines for `read_line`."""
        data = self._partial + data
        *lines, self._partial = data.split(b"\n")
        for line in lines:
            if self._overlong:
                self._overlong = False  # the rest of a line already refused
                continue
            self._lines.put_nowait(line.rstrip(b"\r").decode("utf-8", "replace"))
        if len(self._partial) > MAX_LINE:
            self._partial = b""
            self._overlong = True
            self.complain(f"A line may be at most {MAX_LINE} bytes; that one was dropped.")
        if self.pause_reading is not None and not self._paused and self._lines.qsize() >= LINES_HIGH:
            self._paused = True
            self.pause_reading()

    def feed_eof(self) -> None:
        if self._partial and not self._overlong:
            self._lines.put_nowait(self._partial.decode("utf-8", "replace"))
        self._partial = b""
        self._lines.put_nowait(None)

    async def read_line(self) -> str | None:
        """The client's next line, without its newline; None once it has sent its last."""
        line = await self._lines.get()
        if self._paused and self._lines.qsize() <= LINES_LOW and self.resume_reading is not None:
            self._paused = False
            self.resume_reading()
        return line

    @property
    def waiting(self) -> int:
        """Lines received and not yet read."""
        return self._lines.qsize()


@dataclass(frozen=True)
class ExecCommand:
    """A command the server answers over exec. `run` returns the exit code; it may raise `UsageError`."""

    name: str
    usage: str  # e.g. "leaderboard [N] [--json]"
    summary: str  # one line, for `help` and the refusal of an unknown command
    run: Callable[[ExecCall], Awaitable[int]]
    admin: bool = False  # only an admin's key may run it


def parse_command(command: str) -> tuple[str, list[str], bool]:
    """`command` as (name, words, json): shell-like quoting (`play 3 "build castle"`), `--json` anywhere."""
    try:
        words = shlex.split(command)
    except ValueError as e:
        raise UsageError(f"Cannot read that command: {e}.") from e
    if not words:
        return "", [], False
    wants_json = "--json" in words[1:]
    return words[0], [w for w in words[1:] if w != "--json"], wants_json
