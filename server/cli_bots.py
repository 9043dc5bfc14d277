"""`citadels simulate` and `citadels tournament`: headless games between bots, and their summary."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from citadels_core import ConfigError, GameConfig
from citadels_core.bots import missing_program, parse_kind
from citadels_core.simulate import simulate

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a bare `citadels` needs none (see cli.BARE_START)


def cmd_simulate(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["heuristic"] + ["random"] * (
        args.players - 1
    )
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        print(f"citadels: --bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2

    for b in bots:
        try:
            parse_kind(b)
        except ValueError as e:
            print(f"citadels: {e}", file=sys.stderr)
            return 2
        if (missing := missing_program(b)) is not None:
            print(f"citadels: {missing}", file=sys.stderr)
            return 2
    default = "classic_basic" if args.edition == "classic" else "first_game"
    districts = args.districts or args.preset or default
    if districts == "random":
        districts = f"random:{args.seed}"
    try:
        cfg = GameConfig.create(
            args.players,
            cast=args.cast or args.preset or default,
            districts=districts,
            rank9=args.rank9,
            edition=args.edition,
            shorter=args.shorter,
        )
    except (ConfigError, KeyError) as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    s = simulate(cfg, args.games, args.seed, bots, program_timeout=args.bot_timeout)
    out = s.to_json()
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"{out['games']} games, {out['finished']} finished, {out['errors']} errors, "
            f"{out['games_per_second']} games/s, {out['mean_rounds']} rounds on average"
        )
        for i, w in enumerate(out["wins_by_seat"]):
            print(f"  seat {i + 1}: {w:g} wins, mean score {out['mean_score'][i]}")
        for b, r in out["win_rate_by_bot"].items():
            print(f"  {b}: wins {r:.1%} of its seats")
    for seed, msg in zip(s.error_seeds, s.error_messages, strict=True):
        print(f"error in game with seed {seed}: {msg}", file=sys.stderr)
    return 0 if s.errors == 0 else 1


def cmd_tournament(args: argparse.Namespace) -> int:
    from citadels_core.tournament import tournament

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.budget:
        bots = [f"hard:{args.budget}" if b == "hard" else b for b in bots]
    if len(bots) != args.players:
        print(f"citadels: --bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2
    try:
        for b in bots:
            parse_kind(b)
            if (missing := missing_program(b)) is not None:
                raise ValueError(missing)
        cfg = GameConfig.create(
            args.players, cast=args.cast or "first_game", districts=args.districts or "first_game"
        )
    except (ValueError, ConfigError, KeyError) as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("citadels: --games must be at least 1", file=sys.stderr)
        return 2

    def bar(done: int, total: int) -> None:
        width = 30
        full = done * width // total
        sys.stderr.write(f"\r[{'#' * full}{'.' * (width - full)}] {done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    res = tournament(
        cfg, args.games, args.seed, bots, workers=args.workers, progress=bar, program_timeout=args.bot_timeout
    )
    out = res.to_json()
    out["seed"] = args.seed
    if args.json:
        print(json.dumps(out))
    else:
        print(
            f"{res.finished} of {res.games} games finished, {args.players} players, seeds "
            f"{args.seed}..{args.seed + (args.games - 1) // args.players}, seats rotated; "
            f"fair share {1 / args.players:.1%}"
        )
        for b, st in out["by_bot"].items():
            lo, hi = st["wilson95"]
            print(
                f"  {b:>12}: wins {st['win_rate']:.1%} [{lo:.1%}, {hi:.1%}] of {st['seats']} seats, "
                f"mean rank {st['mean_rank']:.2f}, mean margin {st['mean_margin']:+.2f}"
            )
    for err in out["errors"]:
        print(
            f"error in game with seed {err['seed']} ({','.join(err['seats'])}): {err['error']}",
            file=sys.stderr,
        )
    return 0 if not res.errors else 1
