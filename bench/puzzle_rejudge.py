"""Judge a set of puzzles again, at a budget (the shipped set, core/puzzles.jsonl, unless a file is named):
each is kept with the new verdict's chances and margin when `puzzle.judge` still finds its answer clear,
and told dropped otherwise (docs/puzzles.md, "Shipped puzzles and their proof").

    .venv/bin/python bench/puzzle_rejudge.py [FILE] [--budget N] [--out FILE]

The search's seed is the position's own (its CRC-32), not the one the slow test checks it with, so the set
is proved at seeds it was not kept by."""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

from citadels_core.puzzle import HARVEST_BUDGET, judge, load, puzzle_of, shipped


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?")
    ap.add_argument("--budget", type=int, default=HARVEST_BUDGET)
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    found = list(shipped()) if args.file is None else load(Path(args.file).read_text(encoding="utf-8"))
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        for n, p in enumerate(found, 1):
            start = time.perf_counter()
            g = p.game()
            verdict = judge(g, p.seat, args.budget, seed=zlib.crc32(p.position.encode()))
            kept = verdict.clear and verdict.best == p.answer
            margin = "unstable" if verdict.margin is None else f"{verdict.margin:.3f}"
            print(
                f"puzzle {n} ({p.origin}): best {verdict.best}, margin {margin} (was {p.margin:.3f}), "
                f"{'kept' if kept else 'dropped'}, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            if kept:
                out.write(puzzle_of(g, p.seat, verdict, p.origin, args.budget).dumps() + "\n")
                out.flush()
    finally:
        if out is not sys.stdout:
            out.close()


if __name__ == "__main__":
    main()
