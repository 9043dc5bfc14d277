"""SSH benchmark: how long a session starting or ending holds the server's one event loop.

While `--players` sessions sit in the lobby, one more session logs in (until its lobby shows), then leaves;
`--trials` times. The server (`citadels serve`, its own process) runs with a probe that times every
callback of its loop (CPU seconds of the loop's thread, so that other load on the machine does not count)
and every collection of Python's cyclic garbage collector; the probe is this benchmark's, loaded before
the server's own code, and changes nothing else. Printed: the longest single callback while a session
starts and while one ends (median and worst over the trials, against the 20 ms target), and how much of
the loop the longest garbage collections took meanwhile. Every other player waits for such a callback:
it is the slow key they feel. No assertions: figures only.

    .venv/bin/python bench/bench_ssh_session.py [--players 16] [--trials 8]   # needs pyte

With `--profile FILE` the server runs under cProfile meanwhile (its figures are then slower) and writes
its statistics to FILE: where the starts and ends spend their time. With `--before REF` a second server
runs the project as at git commit REF (exported to a temporary folder), with as many players in its lobby,
and the trials alternate between the two.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_ssh_game import connect_player
from bench_start import export_commit

ROOT = Path(__file__).resolve().parent.parent

# Run in the server's process before anything else: times each loop callback and each GC collection and
# writes those over 1 ms (end time on the shared monotonic clock, CPU seconds) to $PROBE_OUT on SIGUSR1.
PROBE = """
import asyncio, gc, json, os, signal, sys, time
slow, gcs, started = [], [], [0.0]
run = asyncio.events.Handle._run
def timed_run(self):
    t = time.thread_time()
    try:
        run(self)
    finally:
        d = time.thread_time() - t
        if d > 0.001:
            task = getattr(self._callback, "__self__", None)
            coro = task.get_coro() if isinstance(task, asyncio.Task) else None
            what = coro.__qualname__ if coro is not None else repr(self._callback)
            frame = getattr(coro, "cr_frame", None)
            if frame is not None and "self" in frame.f_locals:
                what += " of " + type(frame.f_locals["self"]).__name__
            slow.append((time.monotonic(), d, what[:160]))
asyncio.events.Handle._run = timed_run
def on_gc(phase, info):
    if phase == "start":
        started[0] = time.thread_time()
    else:
        d = time.thread_time() - started[0]
        if d > 0.001:
            gcs.append((time.monotonic(), d, info["generation"]))
gc.callbacks.append(on_gc)
profile = None
if os.environ.get("PROBE_PROFILE"):
    import cProfile
    profile = cProfile.Profile()
    profile.enable()
def dump(*_):
    if profile is not None:
        profile.disable()
        profile.dump_stats(os.environ["PROBE_PROFILE"])
    with open(os.environ["PROBE_OUT"], "w") as f:
        json.dump({"slow": slow, "gc": gcs}, f)
signal.signal(signal.SIGUSR1, dump)
from citadels_server.cli import main
sys.exit(main(sys.argv[1:]))
"""


async def probe(server: asyncio.subprocess.Process, out: Path) -> dict[str, list[list[float]]]:
    out.unlink(missing_ok=True)
    server.send_signal(signal.SIGUSR1)
    for _ in range(100):
        await asyncio.sleep(0.1)
        if out.exists():
            try:
                return json.loads(out.read_text())
            except ValueError:  # being written
                continue
    raise TimeoutError("the probe did not answer")


def longest(rows: list[list[float]], start: float, end: float) -> float:
    return max((r[1] for r in rows if start <= r[0] <= end), default=0.0)


async def start_server(home: Path, n: int, profile: str | None, path: Path | None) -> tuple:
    """A `citadels serve` under the probe, its output file and its port. `path`: a folder put first on
    PYTHONPATH and used as the working folder (an older commit's packages, `--before`)."""
    out = home / "probe.json"
    env = dict(os.environ, CITADELS_HOME=str(home), PROBE_OUT=str(out))
    if profile:
        env["PROBE_PROFILE"] = str(Path(profile).resolve())
    if path is not None:
        env["PYTHONPATH"] = str(path)
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        PROBE,
        "serve",
        "--port",
        "0",
        "--log-level",
        "WARNING",
        "--max-connections",
        str(n),
        "--max-per-address",
        str(n),
        "--max-authenticating",
        str(n),
        "--max-authenticating-per-address",
        str(n),
        "--bot-pace",
        "0",
        stdout=asyncio.subprocess.PIPE,
        env=env,
        cwd=path or ROOT,  # `python -c` looks in its working folder first
    )
    assert server.stdout is not None
    port = int((await asyncio.wait_for(server.stdout.readline(), 30)).decode().split("port")[1])
    return server, out, port


async def main(
    players: int, trials: int, profile: str | None = None, show_slow: bool = False, before: str | None = None
) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        runs = [("citadels", None)]
        if before:
            runs.append((f"citadels at {before}", export_commit(before, Path(scratch))))
        servers = []
        others = []
        try:
            for i, (_, path) in enumerate(runs):
                home = Path(scratch) / f"home-{i}"
                home.mkdir()
                server, out, port = await start_server(home, players + 8, profile if i == 0 else None, path)
                servers.append((server, out, port))
                others += [await connect_player(port, j) for j in range(players)]
            await asyncio.sleep(1.0)
            # Trials alternate between the servers, so that the machine's load falls on both alike.
            windows: list[list[tuple[float, float, float]]] = [[] for _ in runs]
            for k in range(trials):
                for i, (_, _, port) in enumerate(servers):
                    t0 = time.monotonic()
                    p = await connect_player(port, 1000 + k)
                    await asyncio.sleep(0.5)  # what the lobby does just after it shows counts as its start
                    t1 = time.monotonic()
                    p.conn.close()
                    await p.conn.wait_closed()
                    await asyncio.sleep(1.0)
                    windows[i].append((t0, t1, time.monotonic()))
            data = [await probe(server, out) for server, out, _ in servers]
        finally:
            for server, _, _ in servers:
                server.terminate()
                await asyncio.wait_for(server.wait(), 30)
            for p in others:
                p.conn.close()

    print(
        f"{players} sessions in the lobby; one more starts and ends, {trials} times; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    for (label, _), got, wins in zip(runs, data, windows, strict=True):
        report(label, got, wins, show_slow)


def report(label: str, data: dict, windows: list[tuple[float, float, float]], show_slow: bool) -> None:
    slow, gcs = data["slow"], data["gc"]
    if show_slow:
        for a, b, _ in windows:
            rows = sorted((r for r in slow if a <= r[0] <= b), key=lambda r: -r[1])[:3]
            print("start:", "; ".join(f"{r[1] * 1000:.1f} ms {r[2]}" for r in rows))
    starts = [longest(slow, a, b) * 1000 for a, b, _ in windows]
    ends = [longest(slow, b, c) * 1000 for _, b, c in windows]
    gc_starts = [longest(gcs, a, b) * 1000 for a, b, _ in windows]
    gc_ends = [longest(gcs, b, c) * 1000 for _, b, c in windows]
    print(f"{label}:")
    for name, xs, gs in (("starting", starts, gc_starts), ("ending", ends, gc_ends)):
        print(
            f"  a session {name:>8}: longest loop callback median {statistics.median(xs):.1f} ms, "
            f"worst {max(xs):.1f} ms (server CPU; target <= 20 ms); longest GC in it: "
            f"median {statistics.median(gs):.1f} ms, worst {max(gs):.1f} ms"
        )


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=16)
    ap.add_argument("--trials", type=int, default=8)
    ap.add_argument("--profile", metavar="FILE", help="profile the server meanwhile (cProfile statistics)")
    ap.add_argument("--show-slow", action="store_true", help="print each start's three longest callbacks")
    ap.add_argument(
        "--before", metavar="REF", help="also run a server as at this git commit, trials alternating"
    )
    args = ap.parse_args()
    asyncio.run(main(args.players, args.trials, args.profile, args.show_slow, args.before))
