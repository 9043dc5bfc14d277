"""How fast the app feels: launch to the first drawn frame, and Enter on a command to the updated screen.

Runs the real `citadels` command in a pseudo-terminal (as a player's terminal would), with a throw-away
CITADELS_HOME and bots at pace 0, and prints the figures. Targets: first frame ≤ 1 s, command ≤ 50 ms.
A second measure runs the app in-process (Textual's headless pilot) to separate app work from the
terminal's I/O. Never fails on time: it prints figures.

    .venv/bin/python bench/bench_tui.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pty
import select
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

CITADELS = Path(sys.executable).with_name("citadels")
MARK = b"Your hand"  # drawn in the first full frame


def _read_until(fd: int, pred, timeout: float) -> tuple[bytes, float | None]:
    buf = b""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], 0.01)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            buf += chunk
            if pred(buf):
                return buf, time.perf_counter()
    return buf, None


def _quiet(fd: int, window: float = 0.15, timeout: float = 5.0) -> float:
    """Read until nothing arrives for `window` seconds; the time of the last byte."""
    last = time.perf_counter()
    end = last + timeout
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], window)
        if not r:
            break
        try:
            os.read(fd, 65536)
        except OSError:
            break
        last = time.perf_counter()
    return last


def one_run(size: tuple[int, int]) -> tuple[float, float, float]:
    """(first frame, Enter to first update byte, Enter to settled screen) in seconds."""
    home = tempfile.mkdtemp(prefix="citadels-bench-")
    (Path(home) / "config").mkdir()
    (Path(home) / "config" / "settings.toml").write_text("bot_pace = 0.0\n", encoding="utf-8")
    env = dict(
        os.environ, CITADELS_HOME=home, TERM="xterm-256color", COLUMNS=str(size[0]), LINES=str(size[1])
    )
    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app in its own terminal
        os.execve(str(CITADELS), [str(CITADELS), "--seed", "5"], env)
    try:
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        _, t_frame = _read_until(fd, lambda b: MARK in b, 10)
        first = (t_frame or float("nan")) - t0
        _quiet(fd)
        os.write(fd, b"choose king")
        _quiet(fd)
        t1 = time.perf_counter()
        os.write(fd, b"\r")
        _, t_byte = _read_until(fd, lambda b: len(b) > 0, 5)
        t_settle = _quiet(fd, window=0.1)
        return first, (t_byte or float("nan")) - t1, t_settle - t1
    finally:
        os.write(fd, b"\x11")  # ctrl+q
        time.sleep(0.3)
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
        shutil.rmtree(home, ignore_errors=True)


async def in_process(n: int) -> list[float]:
    """The app's own work for a command (parse, apply, redraw every pane), without terminal I/O.

    Pilot's press/pause add ~20-50 ms of waiting of their own, so this times the handler directly."""
    from citadels_tui.app import CitadelsApp

    home = Path(tempfile.mkdtemp(prefix="citadels-bench-"))
    times = []
    app = CitadelsApp(home=home, seed=5, pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        gs = app.game_screen
        for i in range(n):
            t0 = time.perf_counter()
            gs.run_command("look at bruno" if i % 2 else "score")
            gs.refresh_view()
            times.append(time.perf_counter() - t0)
            await pilot.pause()
    shutil.rmtree(home, ignore_errors=True)
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    if not CITADELS.exists():
        sys.exit(f"no citadels command beside {sys.executable}; install the project first")
    runs = [one_run((100, 30)) for _ in range(args.runs)]
    first = [r[0] for r in runs]
    byte = [r[1] for r in runs]
    settle = [r[2] for r in runs]
    print(
        f"launch to first drawn frame: median {statistics.median(first) * 1000:.0f} ms "
        f"(min {min(first) * 1000:.0f}, max {max(first) * 1000:.0f}; target ≤ 1000 ms)"
    )
    print(
        f"Enter on 'choose king' to the first byte of the update: median {statistics.median(byte) * 1000:.1f} ms "
        f"(target ≤ 50 ms)"
    )
    print(
        f"  ... to the settled screen, bots' replies included (less the 100 ms quiet window): "
        f"median {(statistics.median(settle)) * 1000:.0f} ms"
    )
    inproc = asyncio.run(in_process(40))
    print(
        f"in-process command handling and redraw of every pane (score / look at): median {statistics.median(inproc) * 1000:.1f} ms, "
        f"max {max(inproc) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
