"""A bot that is another program: `cmd:python mybot.py` plays through the JSON-lines protocol over a pipe
(core/protocol.py, docs/bot-protocol.md), so that anyone can measure their bot against ours without a
server (`citadels simulate`, `citadels tournament`).

The program is started at its first decision and reads one message a line on its standard input; it
answers each `decide` with one line on its standard output. An answer that cannot be used is told back as
an `error` and asked again, up to `RETRIES` times; a program that says nothing within `timeout` seconds,
or keeps answering wrongly, loses the decision to `stand_in` (the `random` bot), as a bot that answers
late at a table does. A program that ends before the game does, or loses `GIVE_UP_AFTER` decisions in a
row, is given up: it is stopped, that decision raises a `BotFailed` that says why (a tournament reports
the game as an error with its seed and goes on, rather than waiting on a broken program game after game;
a table logs it and plays on), and the stand-in plays the seat from then on. Its standard error is passed
through."""

from __future__ import annotations

import os
import select
import shlex
import subprocess
import time
from typing import TYPE_CHECKING, Any

from .. import protocol
from ..actions import Action
from ..levels import OUTSIDE, PROGRAM_TIMEOUT
from ..view import View
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..events import Event

RETRIES = 3
GIVE_UP_AFTER = 3  # decisions in a row lost to the stand-in before the program is given up


class BotFailed(RuntimeError):
    """The program cannot play its seat any more: it ended, or lost `GIVE_UP_AFTER` decisions in a row."""


class OutsideBot:
    """The program `command` in a seat (see the module's docstring)."""

    wants_events = True  # `decide` hands it the events its seat may see since its last decision

    def __init__(self, command: str, seed: int = 0, timeout: float = PROGRAM_TIMEOUT) -> None:
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("cmd: names the program to run, e.g. cmd:python mybot.py")
        self.name = OUTSIDE + command
        self.timeout = timeout
        self.stand_in = RandomBot(seed)
        self.events_seen = 0  # how many of the game's events `decide` has handed over
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""  # what the program wrote beyond the line read last
        self.failures = 0  # decisions the stand-in made
        self.in_a_row = 0  # of them, the latest in a row
        self.failed: str | None = None  # why the program was given up
        self.ended = False  # its output reached its end

    def choose(self, v: View, events: list[Event] | None = None) -> Action:
        if self.failed is not None:
            return self._stand_in(v)  # given up: the stand-in plays the seat from now on, at once
        proc = self._started(v)
        self._send(protocol.decide(v, events or [], self.timeout))
        why = f"said nothing within {self.timeout:g} s"
        for _ in range(RETRIES):
            answer = self._read_line(proc)
            if answer is None:
                break
            try:
                chosen = v.legal[protocol.read_answer(answer, len(v.legal))]
            except protocol.ProtocolError as e:
                why = f"answered what could not be used ({e.code}: {e})"
                self._send(protocol.error(e))
            else:
                self.in_a_row = 0
                return chosen
        if self.ended:
            try:
                status: object = proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                status = "none yet"
            self._give_up(f"closed its output (exit status {status}) before the game ended")
        self.in_a_row += 1
        if self.in_a_row >= GIVE_UP_AFTER:
            self._give_up(f"lost {GIVE_UP_AFTER} decisions in a row to the stand-in: it {why}")
        return self._stand_in(v)

    def _give_up(self, why: str) -> None:
        self.failed = f"the bot {self.command!r} {why}"
        self.close()
        raise BotFailed(self.failed)

    def game_over(self, events: list[Event], result: dict[str, Any] | None) -> None:
        """The `over` message, then the program is let go."""
        self._send(protocol.over(events, result))
        self.close()

    def close(self) -> None:
        """Ends the program: its standard input closes, then it is stopped if it does not end."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()

    def _started(self, v: View) -> subprocess.Popen[bytes]:
        if self.proc is None:
            try:
                self.proc = subprocess.Popen(
                    self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
                )
            except OSError as e:
                raise ValueError(f"cannot start the bot {self.command!r}: {e.strerror}") from None
            self._send(protocol.hello(v))
        return self.proc

    def _send(self, message: dict[str, object]) -> None:
        proc = self.proc
        if proc is None or proc.stdin is None:
            return
        try:
            proc.stdin.write(protocol.line(message).encode("ascii"))
        except OSError:  # the program ended: its next answer is missing
            pass

    def _read_line(self, proc: subprocess.Popen[bytes]) -> str | None:
        """The program's next line within the timeout, or None (it said nothing, or ended)."""
        assert proc.stdout is not None
        deadline = time.monotonic() + self.timeout
        fd = proc.stdout.fileno()
        while b"\n" not in self.buffer and len(self.buffer) <= protocol.MAX_ANSWER:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            data = os.read(fd, 4096)
            if not data:
                self.ended = True
                return None
            self.buffer += data
        first, _, self.buffer = self.buffer.partition(b"\n")
        return first.decode("utf-8", "replace")

    def _stand_in(self, v: View) -> Action:
        self.failures += 1
        return self.stand_in.choose(v)
