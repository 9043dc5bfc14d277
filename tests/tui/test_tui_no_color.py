"""NO_COLOR: the bytes the app writes to a real terminal carry no colour code at all (no-color.org), while
bold, reverse and the other attributes still mark what colour marked (the cursor, the focused field)."""

from __future__ import annotations

import os
import re
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
SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
F2 = b"\x1bOQ"


def colour_codes(raw: bytes) -> list[bytes]:
    """Every SGR sequence in `raw` that sets a colour (foreground, background, underline; any depth,
    the default colours included)."""
    found = []
    for m in SGR.finditer(raw):
        params = [p for p in re.split(rb"[;:]", m.group(1)) if p]
        if any(
            p in (b"38", b"48", b"58", b"39", b"49", b"59") or 30 <= int(p) <= 47 or 90 <= int(p) <= 107
            for p in params
        ):
            found.append(m.group(0))
    return found


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


def play_a_little(home: Path, no_color: bool) -> bytes:
    with Terminal(home, no_color) as term:
        term.read_until(b"Assassin")  # the game screen, with its options
        term.type(b"ch")  # the command line, its cursor showing
        term.read_until(b"ch")
        term.type(b"\x7f\x7f" + F2)  # the new-game form: fields, selects and buttons
        term.read_until(b"Start")
        term.type(b"\x1b")
        # The game screen drawn again: the form is closed (and the Escape was read alone, not as the start
        # of the next key's sequence).
        term.read_until(b"Assassin")
        term.type(b"help\r")
        term.read_until(b"How to play")
        term.type(b"q")  # closes the help
        term.read_until(b"Assassin")
        term.type(b"quit\r")
        assert term.finish() == 0
    return term.out


@pytest.mark.slow
def test_no_color_output_has_no_colour_codes(tmp_path: Path):
    raw = play_a_little(tmp_path / "plain", no_color=True)
    assert not colour_codes(raw), sorted(set(colour_codes(raw)))[:10]
    attributes = {m.group(1) for m in SGR.finditer(raw)}
    assert any(b"7" in a.split(b";") for a in attributes)  # the cursor and the focus, in reverse video
    assert any(b"1" in a.split(b";") for a in attributes)  # bold is kept
    # The check can fail: the same steps with colour allowed write colour codes.
    assert colour_codes(play_a_little(tmp_path / "coloured", no_color=False))


def test_colour_codes_are_recognised():
    assert colour_codes(b"\x1b[1;38;5;238;48;5;233mx\x1b[31my\x1b[49m")
    assert not colour_codes(b"\x1b[0m\x1b[1mx\x1b[7;1my\x1b[3m\x1b[m")
