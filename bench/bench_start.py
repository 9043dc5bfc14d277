"""Start-up benchmark: `citadels` against a one-widget Textual app, each in a real terminal (a pty).

Both are spawned the same way, by the same interpreter, in a 100x30 pty with TERM=xterm-256color; the
terminal's output goes through pyte (a VT emulator) and the clock stops at the first frame that shows a
known text: the game's "Your hand" (a fresh home: a new game starts at once), the peer's "Hello". Runs
alternate between the two so that the machine's load falls on both alike. Prints the median and range of
wall seconds from spawn to that frame, and the CPU seconds the process had used by then (less sensitive
to other load on the machine), and our figure over the peer's. No assertions: figures only.

    .venv/bin/python bench/bench_start.py [--runs 9]   # needs the test extras (pyte)
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parent.parent
W, H = 100, 30

# The floor: the smallest useful Textual app, one widget, default CSS.
PEER = """
from textual.app import App
from textual.widgets import Static

class Peer(App):
    def compose(self):
        yield Static("Hello")

Peer().run()
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_frame(argv: list[str], marker: str, timeout: float = 30.0) -> tuple[float, float]:
    """Spawn `argv` in a fresh pty; (wall seconds, CPU seconds) until the screen shows `marker`."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", H, W, 0, 0))
    screen = pyte.Screen(W, H)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, TERM="xterm-256color", CITADELS_HOME=home, COLUMNS=str(W), LINES=str(H))
        env.pop("NO_COLOR", None)
        # As on a player's machine after the first start: compiled modules are cached (.pyc); the
        # uncounted first run writes them.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        try:
            deadline = start + timeout
            while True:
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise TimeoutError(f"{argv!r} never showed {marker!r}:\n" + "\n".join(screen.display))
                ready, _, _ = select.select([master], [], [], left)
                if not ready:
                    continue
                try:
                    data = os.read(master, 65536)
                except OSError:
                    raise RuntimeError(f"{argv!r} exited:\n" + "\n".join(screen.display)) from None
                stream.feed(data)
                if any(marker in line for line in screen.display):
                    return time.perf_counter() - start, cpu_seconds(proc.pid)
        finally:
            os.killpg(proc.pid, signal.SIGKILL)  # our own child's group: nothing else is in it
            proc.wait()
            os.close(master)


def summary(samples: list[float]) -> str:
    return f"median {statistics.median(samples):.3f} s (min {min(samples):.3f}, max {max(samples):.3f})"


def main(runs: int) -> None:
    ours_argv = [sys.executable, "-m", "citadels_server.cli"]
    peer_argv = [sys.executable, "-c", PEER]
    # One run of each first, not counted: the OS's file cache then holds both sets of modules.
    first_frame(ours_argv, "Your hand")
    first_frame(peer_argv, "Hello")
    ours: list[tuple[float, float]] = []
    peer: list[tuple[float, float]] = []
    for _ in range(runs):
        ours.append(first_frame(ours_argv, "Your hand"))
        peer.append(first_frame(peer_argv, "Hello"))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"first frame in a {W}x{H} pty, {runs} runs each, alternating; load average {load}")
    for name, xs in (("citadels", ours), ("one-widget Textual app", peer)):
        print(f"{name:>24}: wall {summary([w for w, _ in xs])}; CPU {summary([c for _, c in xs])}")
    wall = statistics.median(w for w, _ in ours) / statistics.median(w for w, _ in peer)
    cpu = statistics.median(c for _, c in ours) / statistics.median(c for _, c in peer)
    print(f"citadels / peer: {wall:.2f}x wall, {cpu:.2f}x CPU (target: <= 1.25x)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    main(args.runs)
