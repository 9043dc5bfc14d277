"""Bot speed: the `hard` bot's decision time and playouts per second, and the cheaper bots' decision time.

Run: python bench/bench_bots.py [--games N] [--bot hard] [--players 4]
The `hard` bot plays one seat against `normal` bots; every decision it searches is timed (forced moves
with a single legal action are not searched and not counted). Targets: <= 1 s per decision with the default
budget (issue 9); >= 2,000 playouts per CPU second at 4 players (issue 19). Playouts per second are counted
in CPU time of this process (`time.process_time`), which other work on the shared machine disturbs far less
than wall time; decision times are wall time, as a player waits them. Prints figures and the machine's load
average, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from citadels_core import Game, GameConfig
from citadels_core.bots import SearchBot, decide, make_bot

PLAYOUT_TARGET = 2000  # playouts per CPU second at 4 players (issue 19)


def bench(kind: str, players: int, games: int) -> None:
    cfg = GameConfig.create(players)
    times: list[float] = []
    cpu = 0.0  # CPU time of the searched decisions
    iters = 0
    for seed in range(games):
        g = Game(cfg, 1000 + seed, record_events=False)
        bots = [make_bot(kind if i == seed % players else "normal", seed * 10 + i) for i in range(players)]
        while not g.over:
            p = g.pending()[0]  # type: ignore[index]
            bot = bots[p]
            t0, c0 = time.perf_counter(), time.process_time()
            a = decide(bot, g, p)
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if seed % players == p and (not isinstance(bot, SearchBot) or bot.last_iterations):
                times.append(dt)
                cpu += dc
                iters += bot.last_iterations if isinstance(bot, SearchBot) else 0
            g.apply(p, a)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{kind}, {players} players, {games} games, {len(times)} timed decisions: "
        f"mean {statistics.mean(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms"
    )
    if iters:
        print(
            f"  {iters / cpu:.0f} playouts per CPU second (target >= {PLAYOUT_TARGET} at 4 players), "
            f"{iters / sum(times):.0f} per wall second, {iters / len(times):.0f} playouts per decision"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot", default="hard", help="any bot name: hard, hard:800, normal, easy ...")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    bench(args.bot, args.players, args.games)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
