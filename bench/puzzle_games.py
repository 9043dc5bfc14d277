"""Bot games to harvest puzzles from: writes one game file per game (a record, as `citadels review` reads
it) into a folder, for `citadels puzzle harvest DIR/*.json`.

    .venv/bin/python bench/puzzle_games.py DIR [--games N] [--seed S]

Game n (from 0) has seed S + n and 2 + n % 3 players; its seats are `easy` and `normal` bots by turns
(seat i plays (n + i) % 2), so that the games hold the mistakes a learner makes. The shipped puzzles
(core/puzzles.jsonl) came from games 4400-4434 of `--games 60 --seed 4400`, harvested niced with

    citadels puzzle harvest DIR/game-44{00..34}.json --budget 4000 --scan-budget 100 --out FILE

and then judged again at the large budget (20 000 playouts) by `bench/puzzle_rejudge.py FILE`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from citadels_core import Game, GameConfig
from citadels_core.bots import decide, make_bot
from citadels_core.record import GameRecord

LEVELS = ("easy", "normal")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=4400)
    args = ap.parse_args()
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    for n in range(args.games):
        seed = args.seed + n
        players = 2 + n % 3
        g = Game(GameConfig.create(players), seed, record_events=False)
        bots = [make_bot(LEVELS[(n + i) % 2], seed * 31 + i) for i in range(players)]
        record = GameRecord(g.config, seed)
        while not g.over:
            pd = g.pending()
            assert pd is not None
            a = decide(bots[pd[0]], g, pd[0])
            g.apply(pd[0], a)
            record.actions.append((pd[0], a))
        (out / f"game-{seed}.json").write_text(record.dumps(), encoding="utf-8")
        print(out / f"game-{seed}.json", g.round, "rounds")


if __name__ == "__main__":
    main()
