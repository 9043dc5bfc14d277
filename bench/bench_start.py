"""Start-up benchmark: `citadels` against a one-widget Textual app, each in a real terminal (a pty).

Both are spawned the same way, by the same interpreter, in a 100x30 pty with TERM=xterm-256color; the
terminal's output goes through pyte (a VT emulator) and the clock stops at the first frame that shows a
known text: the game's "Your hand" (a fresh home: a new game starts at once), the peer's "Hello". Runs
alternate between the two so that the machine's load falls on both alike. Prints the median and range of
wall seconds from spawn to that frame, and the CPU seconds the process had used by then (less sensitive
to other load on the machine), and our figure over the peer's. No assertions: figures only.

    .venv/bin/python bench/bench_start.py [--runs 9] [--before REF]   # needs the test extras (pyte)

`--before REF` also runs the app as it was at git commit REF (exported to a temporary folder, its
packages put first on the path), in the same alternation: before and after measured in one run.

Each run has a fresh home (so that a new game starts), but, as on a player's machine after the first
start, the app's cache folder (the parsed CSS and the shipped themes: `citadels_tui/css_cache.py`,
`theme_cache.py`) is the one the uncounted first run left. `--cold` leaves it empty: every run then starts as the first after an install.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import shutil
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
    """CPU time of `pid` so far: the scheduler's nanoseconds summed over its threads (/proc's utime and
    stime count in 10 ms ticks, too coarse for differences of a few ms)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass  # a thread that ended meanwhile
    return total / 1e9


# The import names of the project's folders (pyproject.toml's package-dir).
PACKAGES = {
    "citadels_core": "core",
    "citadels_tui": "citadels_tui",
    "citadels_server": "server",
    "citadels_themes": "themes",
}


def export_commit(ref: str, into: Path) -> Path:
    """The project at commit `ref`, laid out under its import names in `into`: a folder to put first on
    PYTHONPATH (ahead of this checkout's editable install)."""
    tree = into / "tree"
    tree.mkdir()
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    path = into / "path"
    path.mkdir()
    for name, folder in PACKAGES.items():
        (path / name).symlink_to(tree / folder)
    # Compiled once here (as after a first start), not in the first counted run.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree)], check=True)
    return path


def first_frame(
    argv: list[str],
    marker: str,
    timeout: float = 30.0,
    path: Path | None = None,
    cache: Path | None = None,
    keep_cache: bool = False,
) -> tuple[float, float]:
    """Spawn `argv` in a fresh pty; (wall seconds, CPU seconds) until the screen shows `marker`.
    `path`: a folder put first on PYTHONPATH (an older commit's packages). `cache`: a cache folder put in
    the fresh home first; with `keep_cache`, the one the app left there is kept in `cache` instead (the
    app writes it just after its first frame)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", H, W, 0, 0))
    screen = pyte.Screen(W, H)
    stream = pyte.ByteStream(screen)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, TERM="xterm-256color", CITADELS_HOME=home, COLUMNS=str(W), LINES=str(H))
        env.pop("NO_COLOR", None)
        if cache is not None and cache.is_dir() and not keep_cache:
            shutil.copytree(cache, Path(home) / "cache")
        if path is not None:
            env["PYTHONPATH"] = str(path)
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
            cwd=path or ROOT,  # `python -m` looks in its working folder first
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
                    figures = time.perf_counter() - start, cpu_seconds(proc.pid)
                    if cache is not None and keep_cache:
                        _keep_cache(Path(home) / "cache", cache)
                    return figures
        finally:
            os.killpg(proc.pid, signal.SIGKILL)  # our own child's group: nothing else is in it
            proc.wait()
            os.close(master)


def _keep_cache(made: Path, cache: Path, wait: float = 5.0) -> None:
    """Copy the cache folder the app writes into `made` once it has something in it (an app without
    one, an earlier commit's, leaves it empty: then after `wait` seconds nothing is kept)."""
    deadline = time.perf_counter() + wait
    while time.perf_counter() < deadline and not (made.is_dir() and any(made.iterdir())):
        time.sleep(0.05)
    time.sleep(0.2)  # written atomically, but perhaps more than one file
    shutil.rmtree(cache, ignore_errors=True)
    if made.is_dir():
        shutil.copytree(made, cache)


# Run under valgrind for `--instructions`: the program as the benchmark runs it, ended the moment the
# driver is handed the frame showing its marker (valgrind writes its counts at the process's exit).
STOP_AT_FRAME = """
import os, runpy, sys
from textual.drivers.linux_driver import LinuxDriver
marker = sys.argv.pop(1)
shown = LinuxDriver.write
def write(self, data):
    shown(self, data)
    if marker in data:
        os._exit(0)
LinuxDriver.write = write
if sys.argv[1] == "-c":
    code = sys.argv[2]
    del sys.argv[1:3]
    exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})
else:
    del sys.argv[1:3]
    runpy.run_module("citadels_server.cli", run_name="__main__", alter_sys=True)
"""


def instructions(argv: list[str], marker: str, path: Path | None = None, cache: Path | None = None) -> int:
    """Instructions executed from the interpreter's start to the first frame showing `marker`, counted by
    valgrind's cachegrind (the same to within a fraction of a percent whatever the machine's load)."""
    with tempfile.TemporaryDirectory() as out:
        counts = Path(out) / "cachegrind.out"
        wrapped = [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            f"--cachegrind-out-file={counts}",
            argv[0],
            "-c",
            STOP_AT_FRAME,
            marker,
            *argv[1:],
        ]
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", H, W, 0, 0))
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, TERM="xterm-256color", CITADELS_HOME=home, COLUMNS=str(W), LINES=str(H))
            env.pop("NO_COLOR", None)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            if cache is not None and cache.is_dir():
                shutil.copytree(cache, Path(home) / "cache")
            if path is not None:
                env["PYTHONPATH"] = str(path)
            proc = subprocess.Popen(
                wrapped,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                cwd=path or ROOT,
                start_new_session=True,
                close_fds=True,
            )
            os.close(slave)
            while True:  # the terminal read as it is written, so that the app never blocks on it
                ready, _, _ = select.select([master], [], [], 1.0)
                if ready:
                    try:
                        if not os.read(master, 65536):
                            break
                    except OSError:
                        break
                elif proc.poll() is not None:
                    break
            proc.wait()
            os.close(master)
        for line in counts.read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
        raise RuntimeError("cachegrind wrote no summary")


def count_instructions(before: str | None, cold: bool = False) -> None:
    ours_argv = [sys.executable, "-m", "citadels_server.cli"]
    peer_argv = [sys.executable, "-c", PEER]
    with tempfile.TemporaryDirectory() as scratch:
        old_path = export_commit(before, Path(scratch)) if before else None
        rows = []
        for name, argv, marker, path in [
            ("citadels", ours_argv, "Your hand", None),
            ("one-widget Textual app", peer_argv, "Hello", None),
            (f"citadels at {before}", ours_argv, "Your hand", old_path),
        ]:
            if name.startswith("citadels at") and old_path is None:
                continue
            cache = Path(scratch) / f"cache-{len(rows)}"
            # One start first, not counted: compiled modules and the app's cache folder as after a first start.
            first_frame(argv, marker, path=path, cache=cache, keep_cache=True)
            # --cold: the compiled modules kept, the cache folder not (the CSS parsed, the themes read).
            rows.append((name, instructions(argv, marker, path=path, cache=None if cold else cache)))
    peer = rows[1][1]
    for name, n in rows:
        print(f"{name:>24}: {n / 1e9:.3f} G instructions to the first frame ({n / peer:.2f}x the peer)")


def summary(samples: list[float]) -> str:
    return f"median {statistics.median(samples):.3f} s (min {min(samples):.3f}, max {max(samples):.3f})"


def main(runs: int, before: str | None = None, cold: bool = False) -> None:
    ours_argv = [sys.executable, "-m", "citadels_server.cli"]
    peer_argv = [sys.executable, "-c", PEER]
    with tempfile.TemporaryDirectory() as scratch:
        old_path = export_commit(before, Path(scratch)) if before else None
        ours_cache = None if cold else Path(scratch) / "ours-cache"
        old_cache = None if cold else Path(scratch) / "old-cache"
        # One run of each first, not counted: the OS's file cache then holds every set of modules, and
        # the app's cache folder is what a first start leaves.
        first_frame(ours_argv, "Your hand", cache=ours_cache, keep_cache=True)
        first_frame(peer_argv, "Hello")
        if old_path is not None:
            first_frame(ours_argv, "Your hand", path=old_path, cache=old_cache, keep_cache=True)
        ours: list[tuple[float, float]] = []
        peer: list[tuple[float, float]] = []
        old: list[tuple[float, float]] = []
        for _ in range(runs):
            ours.append(first_frame(ours_argv, "Your hand", cache=ours_cache))
            peer.append(first_frame(peer_argv, "Hello"))
            if old_path is not None:
                old.append(first_frame(ours_argv, "Your hand", path=old_path, cache=old_cache))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    how = "no cache (as a first start)" if cold else "the cache a first start left"
    print(f"first frame in a {W}x{H} pty, {runs} runs each, alternating, {how}; load average {load}")
    rows = [("citadels", ours), ("one-widget Textual app", peer)]
    if old:
        rows.append((f"citadels at {before}", old))
    for name, xs in rows:
        print(f"{name:>24}: wall {summary([w for w, _ in xs])}; CPU {summary([c for _, c in xs])}")
    for name, xs in rows[::2]:
        wall = statistics.median(w for w, _ in xs) / statistics.median(w for w, _ in peer)
        cpu = statistics.median(c for _, c in xs) / statistics.median(c for _, c in peer)
        print(f"{name} / peer: {wall:.2f}x wall, {cpu:.2f}x CPU (target: <= 1.35x)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--before", metavar="REF", help="also run the app as at this git commit")
    ap.add_argument("--cold", action="store_true", help="no cache folder: every start as the first one")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions to the first frame with valgrind (one run each) instead of timing",
    )
    args = ap.parse_args()
    if args.instructions:
        count_instructions(args.before, args.cold)
    else:
        main(args.runs, args.before, args.cold)
