"""The `citadels` command. It sits in the top layer because it reaches every layer: play (the app),
serve (the SSH server), simulate and replay (the engine). Heavy imports happen inside each command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def _cast_arg(value: str) -> str | list[str]:
    return [x.strip() for x in value.split(",")] if "," in value else value


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="citadels", description="Citadels, the card game, in your terminal.")
    sub = ap.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play against bots in this terminal (the default)")
    _play_options(play)
    _play_options(ap)

    sim = sub.add_parser("simulate", help="play headless games between bots and print a summary")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="", help="comma-separated bots per seat (random, easy, normal, hard, hard:800); "
                     "rotated around the seats from game to game")
    sim.add_argument("--cast", type=_cast_arg, default=None,
                     help="a preset name or a comma-separated list of characters")
    sim.add_argument("--preset", default=None, help="a preset name for both characters and districts")
    sim.add_argument("--districts", type=_cast_arg, default=None,
                     help="a preset name, a comma-separated list of 14 unique districts, or 'random' "
                     "(14 drawn with --seed; 'random:N' draws with seed N)")
    sim.add_argument("--rank9", action=argparse.BooleanOptionalAction, default=None,
                     help="use the rank 9 character with 4-7 players")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    tour = sub.add_parser("tournament", help="rate bots against each other: win rates with 95% intervals")
    tour.add_argument("--players", type=int, default=4)
    tour.add_argument("--games", type=int, default=100, help="games in all (best a multiple of --players)")
    tour.add_argument("--seed", type=int, default=1, help="first seed of the fixed seed set")
    tour.add_argument("--bots", default="hard,normal,normal,normal",
                      help="comma-separated bots per seat, rotated: random, easy, normal, hard, "
                      "hard:800 (playouts per decision) or hard:0.5s (seconds per decision)")
    tour.add_argument("--budget", default=None,
                      help="search budget of every plain 'hard': playouts (800) or seconds (0.5s)")
    tour.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    tour.add_argument("--cast", type=_cast_arg, default=None,
                      help="a preset name or a comma-separated list of characters")
    tour.add_argument("--districts", type=_cast_arg, default=None, help="a preset name or 14 unique districts")
    tour.add_argument("--json", action="store_true", help="print one JSON object")

    rep = sub.add_parser("replay", help="replay a saved game and check it reaches its recorded end")
    rep.add_argument("file")
    rep.add_argument("--log", action="store_true", help="print the narrated events")
    return ap


def _play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--resume", action="store_true", help="continue the last saved game")
    p.add_argument("--seed", type=int, default=None, dest="play_seed")
    p.add_argument("--theme", default=None)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    cmd = args.command or "play"
    if cmd == "simulate":
        return cmd_simulate(args)
    if cmd == "replay":
        return cmd_replay(args)
    if cmd == "tournament":
        return cmd_tournament(args)
    return cmd_play(args)


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from citadels_tui.app import run
    except ImportError as e:  # pragma: no cover - the app is part of the distribution
        print(f"citadels: the terminal app is not available ({e})", file=sys.stderr)
        return 2
    return run(resume=args.resume, seed=args.play_seed, theme=args.theme)


def cmd_simulate(args: argparse.Namespace) -> int:
    from citadels_core import ConfigError, GameConfig
    from citadels_core.simulate import simulate

    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or ["heuristic"] + ["random"] * (args.players - 1)
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        print(f"citadels: --bots names {len(bots)} bots for {args.players} players", file=sys.stderr)
        return 2
    from citadels_core.bots import parse_kind

    for b in bots:
        try:
            parse_kind(b)
        except ValueError as e:
            print(f"citadels: {e}", file=sys.stderr)
            return 2
    districts = args.districts or args.preset or "first_game"
    if districts == "random":
        districts = f"random:{args.seed}"
    try:
        cfg = GameConfig.create(
            args.players,
            cast=args.cast or args.preset or "first_game",
            districts=districts,
            rank9=args.rank9,
        )
    except (ConfigError, KeyError) as e:
        print(f"citadels: {e}", file=sys.stderr)
        return 2
    s = simulate(cfg, args.games, args.seed, bots)
    out = s.to_json()
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} games, {out['finished']} finished, {out['errors']} errors, "
              f"{out['games_per_second']} games/s, {out['mean_rounds']} rounds on average")
        for i, w in enumerate(out["wins_by_seat"]):
            print(f"  seat {i + 1}: {w:g} wins, mean score {out['mean_score'][i]}")
        for b, r in out["win_rate_by_bot"].items():
            print(f"  {b}: wins {r:.1%} of its seats")
    for seed, msg in zip(s.error_seeds, s.error_messages, strict=True):
        print(f"error in game with seed {seed}: {msg}", file=sys.stderr)
    return 0 if s.errors == 0 else 1


def cmd_tournament(args: argparse.Namespace) -> int:
    from citadels_core import ConfigError, GameConfig
    from citadels_core.bots import parse_kind
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
        cfg = GameConfig.create(args.players, cast=args.cast or "first_game",
                                districts=args.districts or "first_game")
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

    res = tournament(cfg, args.games, args.seed, bots, workers=args.workers, progress=bar)
    out = res.to_json()
    out["seed"] = args.seed
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{res.finished} of {res.games} games finished, {args.players} players, seeds "
              f"{args.seed}..{args.seed + (args.games - 1) // args.players}, seats rotated; "
              f"fair share {1 / args.players:.1%}")
        for b, st in out["by_bot"].items():
            lo, hi = st["wilson95"]
            print(f"  {b:>12}: wins {st['win_rate']:.1%} [{lo:.1%}, {hi:.1%}] of {st['seats']} seats, "
                  f"mean rank {st['mean_rank']:.2f}, mean margin {st['mean_margin']:+.2f}")
    for e in out["errors"]:
        print(f"error in game with seed {e['seed']} ({','.join(e['seats'])}): {e['error']}", file=sys.stderr)
    return 0 if not res.errors else 1


def cmd_replay(args: argparse.Namespace) -> int:
    from citadels_core import SaveFileError
    from citadels_core.record import GameRecord, state_digest

    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"citadels: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"citadels: {args.file} is not a text file", file=sys.stderr)
        return 2
    try:
        rec = GameRecord.loads(text)
        g = rec.replay()
    except SaveFileError as e:
        print(f"citadels: {args.file}: {e}", file=sys.stderr)
        return 2
    if args.log and g.events is not None:
        from citadels_core.narrate import narrate

        for e in g.events:
            if e.audience is None:
                print(narrate(g.config, e))
    digest = state_digest(g)
    state = "finished" if g.over else f"in progress (round {g.round})"
    print(f"replayed {len(rec.actions)} actions: the game is {state}")
    if rec.final is None:
        print("the file records no final state to compare with")
        return 0
    if digest == rec.final:
        print("the replay reaches the recorded final state")
        return 0
    print(f"the replay does NOT reach the recorded final state ({digest} != {rec.final})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
