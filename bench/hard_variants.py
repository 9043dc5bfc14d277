"""Variants of `hard` on the tournament's games (seed schedule and seat rotation of `citadels tournament`),
one seat against `normal` bots, for choosing a change to the search with small quick runs:

    nice -n 19 python bench/hard_variants.py VARIANT PLAYERS GAMES SEED BUDGET OUT.jsonl

VARIANT: `base` (today's `hard:BUDGET`), `points` (a lost playout scores 0.1 x its points share at every
table, as before the rank scoring), `lw0` (a loss scores 0: win/loss only); `expert` (ISMCTS,
`expert:BUDGET`, instead of the flat search), and with it `fresh` (its tree not carried over between
decisions). Joined by `+`: `expert+points+fresh` is `expert` as it was before the tree was carried over
and scored playouts by rank. OUT takes one JSON line per game in `bench/strength.py`'s format
(`python bench/strength.py report OUT`; the variant's seat is `X`).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import citadels_core.simulate as sim
from citadels_core import GameConfig
from citadels_core.bots import make_bot as plain_make_bot
from citadels_core.tournament import schedule

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import write_game  # noqa: E402 - bench/ is not a package: the same lines as strength.py writes


def main() -> None:
    variant, n, games, seed0, budget, out = sys.argv[1], *map(int, sys.argv[2:6]), sys.argv[6]
    opts = set(variant.split("+"))
    unknown = opts - {"base", "points", "lw0", "expert", "fresh"}
    if unknown or ("fresh" in opts and "expert" not in opts):
        sys.exit(f"unknown variant {variant!r}: base, points, lw0, expert, fresh (with expert), joined by +")

    def make_bot(kind: str, s: int = 0):  # type: ignore[no-untyped-def]
        if kind != "X":
            return plain_make_bot(kind, s)
        b = plain_make_bot(f"{'expert' if 'expert' in opts else 'hard'}:{budget}", s)
        if "fresh" in opts:
            b.reuse = False  # type: ignore[attr-defined]
        if "points" in opts or "lw0" in opts:
            b.rank_weight = 0.0
            b.loss_weight = 0.0 if "lw0" in opts else 0.1
        return b

    sim.make_bot = make_bot
    cfg = GameConfig.create(n, cast="first_game", districts="first_game")
    with open(out, "a") as f:
        for seed, seats in schedule(n, games, seed0, ["X"] + ["normal"] * (n - 1)):
            t0 = time.process_time()
            o = sim.play_game(cfg, seed, seats)
            write_game(f, seed, seats, o, "2016", "first_game", time.process_time() - t0)


if __name__ == "__main__":
    main()
