"""`citadels` in a real terminal draws its whole first screen (issue 19: the start skips a frame Textual
would render and throw away while the app mounts, and keeps its parsed CSS between starts)."""

from __future__ import annotations

import os
import select
import signal
import struct
import sys
import time
from pathlib import Path

import pyte
import pytest

pty = pytest.importorskip("pty")  # POSIX only
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

ROOT = Path(__file__).resolve().parents[2]
W, H = 100, 30


def first_screen(home: Path, timeout: float = 30) -> list[str]:
    """The screen of `citadels --seed 5` once its first frame is whole (no byte for 0.3 s after the hand
    shows)."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", CITADELS_HOME=str(home), LANG="C.UTF-8")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game itself, as a player starts it
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "citadels_server.cli", "--seed", "5"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", H, W, 0, 0))
    screen = pyte.Screen(W, H)
    stream = pyte.ByteStream(screen)
    try:
        end = time.monotonic() + timeout
        shown = False
        while time.monotonic() < end:
            if select.select([fd], [], [], 0.3)[0]:
                try:
                    stream.feed(os.read(fd, 65536))
                except OSError:
                    break  # the program ended
                shown = shown or any("Your hand" in line for line in screen.display)
            elif shown:
                return list(screen.display)
        raise AssertionError("no whole first screen:\n" + "\n".join(screen.display))
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


@pytest.mark.slow
def test_the_first_screen_is_drawn_whole(tmp_path: Path):
    for start in ("first start", "a start with the cache the first one left"):
        text = "\n".join(first_screen(tmp_path))
        for part in (
            "Round 1",  # the status line
            "Cities",
            "Anna (you)",
            "David",  # every player's city
            "Your hand · 2 gold",
            "1. Choose the Assassin (1)",  # the options
            "Characters",
            "A game for 4 begins",  # the story
            "help for help",  # the command line
        ):
            assert part in text, (start, part, text)
    assert (tmp_path / "cache" / "css-rules.pickle").exists()
