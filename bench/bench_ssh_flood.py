"""SSH benchmark: one hostile guest floods while two honest players type at a game (`citadels serve`).

For each flood of tests/support/served.py (unbracketed pastes of 4 KB, 64 KB and 1 MB, 10,000 keys/s, random
bytes, escape-sequence fuzz), a fresh guest in the lobby floods for `--seconds` while anna and bruno, at a
table of four with two bots, press keys in the game's command line. Prints, next to the same players with
no flood measured in the same run: their keystroke-to-screen p50/p95, the server's CPU per second of flood
(beyond the quiet rate), its memory after each flood, and what became of the flooder (slowed, told,
disconnected). The server runs in its own process; the clients share this one. No assertions: figures.

    .venv/bin/python bench/bench_ssh_flood.py [--seconds 10] [--lobby]   # needs the test extras (pyte)

`--lobby`: anna and bruno stay in the lobby instead, where the flooder is too; "max ms" is the slowest of
their keys (a first key that waits behind a flood shows there).

With `--resize-storm` it measures a storm of window changes instead (about 3,000 a second, each a
different size, from a guest in the lobby, until it is disconnected or 40 s pass): the players'
keystroke p50/p95 and the server's memory before, during and after it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from served import FLOODS, Typist, keep_typing, percentile, resize_storm, served, table_of_two  # noqa: E402


async def lobby_players(port: int) -> tuple[Typist, Typist]:
    """anna and bruno logged in, staying in the lobby."""
    anna, bruno = await Typist.login(port, "anna"), await Typist.login(port, "bruno")
    await anna.shows("lobby")
    await bruno.shows("lobby")
    return anna, bruno


async def main(seconds: float, lobby: bool = False) -> None:
    with tempfile.TemporaryDirectory() as home:
        async with served(Path(home), "--bot-pace", "0", log_level="WARNING") as server:
            anna, bruno = await (lobby_players if lobby else table_of_two)(server.port)
            await keep_typing([anna, bruno], 2.0)  # warm up: first renders, caches
            cpu0, t0 = server.cpu_seconds(), time.perf_counter()
            quiet = await keep_typing([anna, bruno], seconds)
            quiet_cpu = (server.cpu_seconds() - cpu0) / (time.perf_counter() - t0)
            where = "in the lobby" if lobby else "at a 4-player game"
            print(f"two honest players {where}; load average {os.getloadavg()[0]:.2f}")
            print(
                f"{'flood':32} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'keys':>5} {'flood CPU':>10} "
                f"{'RSS MiB':>8}  flooder"
            )
            print(
                f"{'none (same players, same run)':32} {percentile(quiet, 50):7.1f} {percentile(quiet, 95):7.1f} "
                f"{max(quiet) * 1000:7.1f} {len(quiet):5d} {quiet_cpu:9.0%}  {server.rss_mib():8.0f}  -"
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
                    f"{max(latencies) * 1000:7.1f} {len(latencies):5d} {extra:9.0%}  {server.rss_mib():8.0f}  "
                    f"{told}, {fate}"
                )
                guest.close()
            print(
                "flood CPU: the server's CPU beyond the no-flood rate while the flood ran, as a share of one core"
            )


async def storm(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as home:
        async with served(Path(home), "--bot-pace", "0", log_level="WARNING") as server:
            anna, bruno = await table_of_two(server.port)
            await keep_typing([anna, bruno], 2.0)
            quiet = await keep_typing([anna, bruno], seconds)
            print(f"two honest players at a 4-player game; load average {os.getloadavg()[0]:.2f}")
            print(f"{'':34} {'p50 ms':>7} {'p95 ms':>7} {'keys':>5} {'RSS MiB':>8}")

            def row(label: str, xs: list[float]) -> None:
                print(
                    f"{label:34} {percentile(xs, 50):7.1f} {percentile(xs, 95):7.1f} {len(xs):5d} "
                    f"{server.rss_mib():8.0f}"
                )

            row("no storm (same players, same run)", quiet)
            guest = await Typist.login(server.port, "stormer")
            await guest.shows("lobby")
            t0 = time.perf_counter()
            storming = asyncio.get_running_loop().create_task(resize_storm(guest, 40.0))
            during: list[float] = []
            while not storming.done():
                during += await keep_typing([anna, bruno], 2.0)
            sent, took = storming.result(), time.perf_counter() - t0
            row("during the storm", during)
            after = await keep_typing([anna, bruno], seconds)
            row(f"{seconds:g} s after it", after)
            told = "told" if b"slowed down" in guest.raw else "not told"
            fate = "disconnected" if guest.gone else "still connected"
            print(f"the storm: {sent} window changes in {took:.1f} s ({sent / took:,.0f}/s); {told}, {fate}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--seconds", type=float, default=10.0, help="how long each flood (and each measurement) lasts"
    )
    ap.add_argument("--resize-storm", action="store_true", help="a storm of window changes instead of floods")
    ap.add_argument(
        "--lobby", action="store_true", help="the honest players wait in the lobby, not at a game"
    )
    args = ap.parse_args()
    asyncio.run(storm(args.seconds) if args.resize_storm else main(args.seconds, args.lobby))
