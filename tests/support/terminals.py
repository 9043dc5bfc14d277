"""`citadels` run in a real pseudo-terminal (POSIX only): the bytes it writes, keys typed into it, its exit;
and a start left until it has written a cache file, then quit."""

from __future__ import annotations

import os
import select
import signal
import struct
import sys
import time
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")  # POSIX only


fcntl = pytest.importorskip("fcntl")


termios = pytest.importorskip("termios")


ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """`citadels` run in a pseudo-terminal of 80×24; every byte it writes is kept."""

    def __init__(self, home: Path, no_color: bool) -> None:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env.update(TERM="xterm-256color", CITADELS_HOME=str(home), LANG="C.UTF-8")
        if no_color:
            env["NO_COLOR"] = "1"
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the game itself, as a player starts it
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "citadels_server.cli", "--seed", "5"], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.out = b""
        self.ended = False  # reaped: its pid may be another process's by now

    def read_until(self, text: bytes, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        start = len(self.out)
        while text not in self.out[start:]:
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never showed; last bytes: {self.out[-400:]!r}")
            if select.select([self.fd], [], [], 0.1)[0]:
                try:
                    self.out += os.read(self.fd, 65536)
                except OSError:  # the program ended
                    raise AssertionError(f"ended before {text!r} showed") from None

    def type(self, data: bytes) -> None:
        os.write(self.fd, data)

    def finish(self, timeout: float = 30) -> int:
        """Wait for the program to end (reading on, so that it never blocks on a full terminal)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                self.ended = True
                return os.waitstatus_to_exitcode(status)
            if select.select([self.fd], [], [], 0.1)[0]:
                try:
                    self.out += os.read(self.fd, 65536)
                except OSError:
                    pass
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError("the game did not end")

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        """A game still running when the test is done (it failed) is killed, not left behind."""
        if self.ended:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


def start_until_kept_and_quit(home: Path, kept: Path) -> None:
    """`citadels` started, left until it has written `kept` anew (a cache it writes just after its first
    frame), and quit. A file that is there already (a damaged one) counts only once its bytes change."""
    before = kept.read_bytes() if kept.exists() else None
    with Terminal(home, no_color=False) as term:
        term.read_until(b"Assassin")  # the game screen
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (not kept.exists() or kept.read_bytes() == before):
            time.sleep(0.05)
        term.type(b"quit\r")
        assert term.finish() == 0
