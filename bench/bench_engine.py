"""Engine speed: random 4-player games per second on one core, and clone() in microseconds.

Run: python bench/bench_engine.py [--games N]
Targets (issue 2): >= 300 games/s and <= 20 us per clone. Prints figures, asserts nothing.
Times are CPU seconds of this process (time.process_time), so other load on the machine
disturbs them less than wall-clock time would.
"""

from __future__ import annotations

import argparse
import statistics
import time

from citadels_core import Game, GameConfig
from citadels_core.rng import Rng


def random_games(cfg: GameConfig, games: int, events: bool) -> tuple[float, float]:
    decisions = 0
    t0 = time.process_time()
    for seed in range(games):
        g = Game(cfg, seed, record_events=events)
        rng = Rng(seed)
        while not g.over:
            acts = g.legal_actions()
            g.apply_unchecked(g.pending()[0], acts[rng.below(len(acts))])  # type: ignore[index]
            decisions += 1
    dt = time.process_time() - t0
    return games / dt, decisions / games


def clone_us(cfg: GameConfig, reps: int = 20000) -> float:
    g = Game(cfg, 3)
    rng = Rng(1)
    for _ in range(120):  # a mid-game state: cities, hands and round state filled in
        acts = g.legal_actions()
        g.apply(g.pending()[0], acts[rng.below(len(acts))])  # type: ignore[index]
    samples = []
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(reps):
            g.clone()
        samples.append((time.process_time() - t0) / reps * 1e6)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=600)
    args = ap.parse_args()
    cfg = GameConfig.create(4)
    gps, dpg = random_games(cfg, args.games, events=False)
    print(f"random 4-player games, no event log: {gps:.0f} games/s ({dpg:.0f} decisions per game)")
    gps_e, _ = random_games(cfg, args.games // 2, events=True)
    print(f"random 4-player games, with the event log: {gps_e:.0f} games/s")
    print(f"clone() of a mid-game 4-player state: {clone_us(cfg):.1f} us")


if __name__ == "__main__":
    main()
