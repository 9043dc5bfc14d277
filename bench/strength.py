"""Strength of a bot at any table, game by game: the same games as `citadels tournament` (its seed schedule,
seats rotated), in either edition, each finished game appended to a JSON-lines file at once, so a long
run on a shared machine can be read (or stopped) at any point and summed up later.

    nice -n 10 python bench/strength.py play --players 4 --games 48 --seed 3300 \\
        --bots expert:200,normal,normal,normal --out /tmp/s.jsonl
    nice -n 10 python bench/strength.py play --players 4 --edition classic --setup classic_dark_city ...
    python bench/strength.py report /tmp/s.jsonl [--rotations]

`report` prints per bot its wins (a tie shared), the rate with its Wilson 95% interval, the rate as a
multiple of the fair share (with the interval's bounds), the mean rank and margin; `--rotations` counts
only the seeds whose every seat rotation has finished, so a stopped run stays balanced.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from citadels_core import GameConfig
from citadels_core.bots import parse_kind
from citadels_core.simulate import GameOutcome, play_game
from citadels_core.tournament import TournamentResult, schedule, wilson


def write_game(
    f: TextIO, seed: int, seats: tuple[str, ...], o: GameOutcome, edition: str, setup: str, cpu: float
) -> None:
    """One finished game as one JSON line (what `report` reads), written at once: a run stopped midway
    keeps every game it finished."""
    row = {
        "seed": seed,
        "bots": list(seats),
        "winners": o.winners,
        "scores": o.scores,
        "ranking": o.ranking,
        "players": len(seats),
        "edition": edition,
        "setup": setup,
        "cpu": round(cpu, 2),
    }
    f.write(json.dumps(row) + "\n")
    f.flush()


def cmd_play(args: argparse.Namespace) -> None:
    bots = [b.strip() for b in args.bots.split(",")]
    for b in bots:
        parse_kind(b)
    setup = args.setup or ("classic_dark_city" if args.edition == "classic" else "first_game")
    cfg = GameConfig.create(args.players, cast=setup, districts=setup, edition=args.edition)
    out = Path(args.out)
    done = set()
    if out.exists():  # resume: a game already written is not played again
        done = {(r["seed"], tuple(r["bots"])) for r in map(json.loads, out.read_text().splitlines())}
    with out.open("a") as f:
        for seed, seats in schedule(args.players, args.games, args.seed, bots):
            if (seed, seats) in done:
                continue
            t0 = time.process_time()
            o = play_game(cfg, seed, seats)
            write_game(f, seed, seats, o, args.edition, setup, time.process_time() - t0)
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    print(f"done: {out} ({cpu:.0f} s of CPU)", file=sys.stderr)


def cmd_report(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for p in args.paths for line in Path(p).read_text().splitlines() if line]
    if not rows:
        print("no games")
        return
    n = rows[0]["players"]
    if args.rotations:
        by_seed: dict[int, int] = {}
        for r in rows:
            by_seed[r["seed"]] = by_seed.get(r["seed"], 0) + 1
        rows = [r for r in rows if by_seed[r["seed"]] == n]
    bots = tuple(dict.fromkeys(b for r in rows for b in r["bots"]))
    res = TournamentResult(n, bots, games=len(rows))
    for r in rows:
        res.add(GameOutcome(r["seed"], tuple(r["bots"]), r["winners"], r["scores"], 0, 0, r["ranking"]))
    seeds = sorted({r["seed"] for r in rows})
    print(
        f"{len(rows)} games, {n} players, {rows[0]['edition']} {rows[0]['setup']}, seeds {seeds[0]}..{seeds[-1]}"
    )
    fair = 1 / n
    for b, st in res.stats.items():
        lo, hi = wilson(st.wins, st.seats)
        rate = st.wins / max(st.seats, 1)
        print(
            f"  {b:<14} {st.wins:g}/{st.seats} = {rate:.1%} [{lo:.1%}, {hi:.1%}]  "
            f"x fair share {rate / fair:.2f} [{lo / fair:.2f}, {hi / fair:.2f}]  "
            f"rank {st.rank_sum / max(st.seats, 1):.2f}  margin {st.margin_sum / max(st.seats, 1):+.1f}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    play = sub.add_parser("play")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--games", type=int, default=48)
    play.add_argument("--seed", type=int, default=3300)
    play.add_argument("--bots", required=True)
    play.add_argument("--edition", default="2016", choices=("2016", "classic"))
    play.add_argument("--setup", default=None, help="cast and districts preset (default: the edition's)")
    play.add_argument("--out", required=True)
    rep = sub.add_parser("report")
    rep.add_argument("paths", nargs="+")
    rep.add_argument("--rotations", action="store_true")
    args = ap.parse_args(argv)
    cmd_play(args) if args.cmd == "play" else cmd_report(args)


if __name__ == "__main__":
    main()
