"""Turning points of a whole 4-player game: the CPU time of the computation a review's worker runs.

Run: python bench/bench_turning_points.py [--budget N] [--games N] [--players 4]
One game per seed is played by `normal` bots (seat 0 stands for the human); its record is then assessed
decision by decision for seat 0 (`turning_points`, the very function the review's worker process runs, one
decision per call). Target (issue 15): <= 20 s of worker time for a whole 4-player game. Prints the CPU time
of this process (what a worker spends), the wall time and the load average; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time

from citadels_core import Game, GameConfig
from citadels_core.bots import decide, make_bot
from citadels_core.bots.turning_points import DEFAULT_BUDGET, costliest, turning_points

TARGET_SECONDS = 20.0


def record(players: int, seed: int) -> tuple[GameConfig, list]:
    cfg = GameConfig.create(players)
    g = Game(cfg, seed, record_events=False)
    bots = [make_bot("normal", seed * 10 + i) for i in range(players)]
    actions = []
    while not g.over:
        p = g.pending()[0]  # type: ignore[index]
        a = decide(bots[p], g, p)
        g.apply(p, a)
        actions.append((p, a))
    return cfg, actions


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="playouts per decision")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    for k in range(args.games):
        seed = 1500 + k
        cfg, actions = record(args.players, seed)
        c0, w0 = time.process_time(), time.perf_counter()
        points = turning_points(cfg, seed, actions, 0, args.budget)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        met = "met" if cpu <= TARGET_SECONDS else "NOT met"
        print(
            f"seed {seed}: {len(actions)} actions, {len(points)} decisions of seat 0, budget {args.budget} "
            f"playouts each: worker CPU {cpu:.1f} s (target <= {TARGET_SECONDS:.0f} s: {met}), "
            f"wall {wall:.1f} s, {cpu / max(1, len(points)) * 1000:.0f} ms per decision"
        )
        for tp in costliest(points):
            print(
                f"  round {tp.round}: {tp.chosen} {tp.before:.0%} -> {tp.after:.0%}; {tp.best} kept {tp.before:.0%}"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
