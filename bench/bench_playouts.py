"""The `hard` bot's playout alone: greedy rollouts (`search.playout`) from the start of seeded 4-player games.

Run: python bench/bench_playouts.py [--playouts 200] [--rounds 3]

Prints the CPU time per playout (best of the rounds: the machine is shared) and a checksum of the results,
which must not change when the engine or the rollout policy is only made faster. On a loaded machine the
number of instructions is steadier than any time; valgrind counts them (the difference between the two
runs is the playouts' own):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/bench_playouts.py --playouts 0 --rounds 1
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/bench_playouts.py --playouts 40 --rounds 1
"""

from __future__ import annotations

import argparse
import os
import time

from citadels_core import Game, GameConfig
from citadels_core.bots.search import playout
from citadels_core.rng import Rng


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    cfg = GameConfig.create(4)
    starts = [Game(cfg, seed, record_events=False) for seed in range(args.playouts)]
    best = float("inf")
    total, state = 0.0, 0
    for _ in range(args.rounds):
        rng = Rng(1)
        t0 = time.process_time()
        total = sum(playout(g.clone(), 0, rng) for g in starts)
        best = min(best, time.process_time() - t0)
        state = rng.state
    if starts:
        print(
            f"{best / len(starts) * 1e6:.0f} us of CPU per playout from a game's start "
            f"(4 players, {len(starts)} playouts); checksum {total:.4f} {state}"
        )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
