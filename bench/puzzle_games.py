"""Bot games to harvest puzzles from: writes one game file per game (a record, as `citadels review` reads
it) into a folder, for `citadels puzzle harvest DIR/*.json`.

    .venv/bin/python bench/puzzle_games.py DIR [--games N] [--seed S]

Game n (from 0) has seed S + n and 2 + n % 3 players; its seats are `easy` and `normal` bots by turns
(seat i plays (n + i) % 2), so that the games hold the mistakes a learner makes (tests/support/helpers.py's
puzzle_source, which the harvest's tests play too). The shipped puzzles
(core/puzzles.jsonl) came from games 4400-4434 of `--games 60 --seed 4400`, harvested niced with

    citadels puzzle harvest DIR/game-44{00..34}.json --budget 4000 --scan-budget 100 --out FILE

and then judged again at the large budget (20 000 playouts) by `bench/puzzle_rejudge.py FILE`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from helpers import puzzle_source  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=4400)
    args = ap.parse_args()
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    for n in range(args.games):
        record = puzzle_source(n, args.seed)
        path = out / f"game-{record.seed}.json"
        path.write_text(record.dumps(), encoding="utf-8")
        print(path, record.replay(record_events=False).round, "rounds")


if __name__ == "__main__":
    main()
