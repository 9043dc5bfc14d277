"""SSH benchmark: one hostile guest floods while two honest players type at a game (`citadels serve`).

For each flood of tests/served.py (unbracketed pastes of 4 KB, 64 KB and 1 MB, 10,000 keys/s, random
bytes, escape-sequence fuzz), a fresh guest in the lobby floods for `--seconds` while anna and bruno, at a
table of four with two bots, press keys in the game's command line. Prints, next to the same players with
no flood measured in the same run: their keystroke-to-screen p50/p95, the server's CPU per second of flood
(beyond the quiet rate), its memory after each flood, and what became of the flooder (slowed, told,
disconnected). The server runs in its own process; the clients share this one. No assertions: figures.

    .venv/bin/python bench/bench_ssh_flood.py [--seconds 10]   # needs the test extras (pyte)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from served import FLOODS, Typist, keep_typing, percentile, served, table_of_two  # noqa: E402


async def main(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as home:
        async with served(Path(home), "--bot-pace", "0", log_level="WARNING") as server:
            anna, bruno = await table_of_two(server.port)
            await keep_typing([anna, bruno], 2.0)  # warm up: first renders, caches
            cpu0, t0 = server.cpu_seconds(), time.perf_counter()
            quiet = await keep_typing([anna, bruno], seconds)
            quiet_cpu = (server.cpu_seconds() - cpu0) / (time.perf_counter() - t0)
            print(f"two honest players at a 4-player game; load average {os.getloadavg()[0]:.2f}")
            print(
                f"{'flood':32} {'p50 ms':>7} {'p95 ms':>7} {'keys':>5} {'flood CPU':>10} {'RSS MiB':>8}  flooder"
            )
            print(
                f"{'none (same players, same run)':32} {percentile(quiet, 50):7.1f} {percentile(quiet, 95):7.1f} "
                f"{len(quiet):5d} {quiet_cpu:9.0%}  {server.rss_mib():8.0f}  -"
            )
            for i, (kind, flood) in enumerate(FLOODS.items()):
                guest = await Typist.login(server.port, f"guest{i}")
                await guest.shows("lobby")
                cpu0, t0 = server.cpu_seconds(), time.perf_counter()
                flooding = asyncio.get_running_loop().create_task(flood(guest, seconds))  # type: ignore[arg-type]
                latencies = await keep_typing([anna, bruno], seconds)
                await flooding
                extra = (server.cpu_seconds() - cpu0) / (time.perf_counter() - t0) - quiet_cpu
                told = "told" if b"slowed down" in guest.raw else "not told"
                fate = "disconnected" if guest.gone else "connected"
                print(
                    f"{kind:32} {percentile(latencies, 50):7.1f} {percentile(latencies, 95):7.1f} "
                    f"{len(latencies):5d} {extra:9.0%}  {server.rss_mib():8.0f}  {told}, {fate}"
                )
                guest.close()
            print(
                "flood CPU: the server's CPU beyond the no-flood rate while the flood ran, as a share of one core"
            )


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--seconds", type=float, default=10.0, help="how long each flood (and each measurement) lasts"
    )
    asyncio.run(main(ap.parse_args().seconds))
