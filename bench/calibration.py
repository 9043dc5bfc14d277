"""Calibration of the `hard` bot's chances: does "60% to win" win 60% of the time?

Run (under `nice`, the machine is shared; about 10-15 minutes per 100 games on 2 shared cores):
    nice -n 10 python bench/calibration.py play --set fit-2 --games 300 --workers 2 --out /tmp/calib-fit.jsonl
    nice -n 10 python bench/calibration.py play --set held-out-3 --games 250 --workers 2 --out /tmp/calib-held.jsonl
    python bench/calibration.py compare /tmp/calib-fit.jsonl --held /tmp/calib-held.jsonl   # which table
    python bench/calibration.py fit /tmp/calib-fit.jsonl          # prints the table for core/bots/calibration.py
    python bench/calibration.py report /tmp/calib-held.jsonl      # raw and calibrated, with diagrams

`play` plays games with `hard` in one seat (rotated) against `normal` bots, mixing player counts 2-6 and
both editions (2016 first game, classic Dark City) game by game; every decision `hard` searches is one
record: the chance it reports for its chosen action (what the hint shows for it: `last_values[0]`), the
player count, edition and round, and in the end the share of the win that seat got (1, 1/k for a k-way tie,
or 0). The budget is in playouts (no time cap), so the figures do not depend on the machine's load; the
default, 200, is the hint's own (`hard`'s too). The seed sets are fixed: `fit` starts at 1000, `held-out`
at 5000, `held-out-2` at 9000 (played before the rank scoring of lost playouts at 3+ players, at 100
playouts), `fit-2` at 13000, `held-out-3` at 17000 and `held-out-4` at 21000 (the current `hard`, 200 playouts; the
second held-out set widens the first, neither is ever fitted on); game k uses seed
start + k. `--first k --append` plays a set in parts (game k on), adding to the file. `--review 200`
also records at each decision what the game review shows for it (`turning_points.assess`, with the hint's
budget): the chance before (the hint's chance for the review's own choice), the chance after the action
`hard` took (the same when the review's choice is that action; else moved by paired playouts, never above
before), both raw figures, and whether the choices agree: a search of as many playouts again per decision,
and paired playouts where the choices differ. `fit`, `compare` and `report` take several data files.

`fit` fits one isotonic regression (pool adjacent violators on the raw chance, small blocks merged) and
prints it as breakpoints for core/bots/calibration.py. `compare` fits candidate tables (pooled, or one per
part: 2 players apart, per edition, per player count, rounds 1-3 apart; isotonic with several block sizes,
or logistic) and scores each cross-validated on the fit games (five folds of whole games) and on the
held-out games: choose on the first, check on the second. `report` groups decisions by tenths of the
predicted chance and prints predicted vs observed per group, the counts of decisions and of games, a 95%
interval of the observed rate that counts games (decisions of one game share its outcome), the expected
calibration error (ECE) and a text reliability diagram, for the raw chances and for the calibrated ones
(`citadels_core.bots.calibration`): the hint's figure (`shown`), and with `--review` the review's chance
after the action taken (its outcome is the one observed), raw and as shown, and its chance before where
its choice is the action taken.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from multiprocessing import Pool

from citadels_core import Game, GameConfig
from citadels_core.bots import SearchBot, decide, make_bot
from citadels_core.bots.calibration import calibrated, read_table
from citadels_core.bots.turning_points import assess

SEED_SETS = {
    "fit": 1000,
    "held-out": 5000,
    "held-out-2": 9000,
    "fit-2": 13000,
    "held-out-3": 17000,
    "held-out-4": 21000,
}
EDITIONS = (("2016", "first_game"), ("classic", "classic_dark_city"))
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def game_plan(k: int) -> tuple[int, str, str]:
    """Game k's player count, edition and setup: every count with both editions within ten games."""
    players = PLAYER_COUNTS[k % len(PLAYER_COUNTS)]
    edition, setup = EDITIONS[(k // len(PLAYER_COUNTS)) % len(EDITIONS)]
    return players, edition, setup


def play_one(job: tuple[int, ...]) -> list[dict[str, object]]:
    """One game (`start` + k); the records of the `hard` seat's searched decisions, with its win share.
    With a review budget (a fourth number, not 0) each record also has `review`: the chance the review's
    turning points show for that decision's position (`assess`'s *before*, through its own table)."""
    start, k, budget, *more = job
    review_budget = more[0] if more else 0
    players, edition, setup = game_plan(k)
    seed = start + k
    cfg = GameConfig.create(players, cast=setup, districts=setup, edition=edition)
    g = Game(cfg, seed, record_events=False)
    seat = k % players
    bots = [make_bot(f"hard:{budget}" if i == seat else "normal", seed * 31 + i) for i in range(players)]
    out: list[dict[str, object]] = []
    index = 0  # the record's action number, as the review counts them
    while not g.over:
        p = g.pending()[0]  # type: ignore[index]
        bot = bots[p]
        a = decide(bot, g, p)
        if p == seat and isinstance(bot, SearchBot) and bot.last_iterations:
            extra: dict[str, object] = {}
            if review_budget:
                # What the review shows for this decision (`assess`: the position's chance, *before*, and
                # the chance after the action taken, *after*), its raw figures, and whether its choice is
                # the one `hard` took.
                tp = assess(g, seat, a, review_budget, seed, index)
                extra = {
                    "review": tp.before,
                    "review_after": tp.after,
                    "review_raw": round(tp.raw_before, 4),
                    "review_raw_after": round(tp.raw_after, 4),
                    "review_same": tp.best == a,
                }
            out.append(
                {
                    **extra,
                    "seed": seed,
                    "players": players,
                    "edition": edition,
                    "round": g.round,
                    "shown": round(bot.last_values[0], 4),
                    "playout": round(bot.last_stats[0][2], 4),
                    "budget": budget,
                }
            )
        g.apply(p, a)
        index += 1
    assert g.result is not None
    winners = g.result["winners"]
    won = 1 / len(winners) if seat in winners else 0.0
    for r in out:
        r["won"] = round(won, 4)
    return out


def cmd_play(args: argparse.Namespace) -> None:
    start = SEED_SETS[args.set]
    jobs = [(start, k, args.budget, args.review) for k in range(args.first, args.first + args.games)]
    n = 0
    with open(args.out, "a" if args.append else "w") as f, Pool(args.workers) as pool:
        for recs in pool.imap_unordered(play_one, jobs):
            for r in recs:
                f.write(json.dumps(r) + "\n")
            n += 1
            print(f"\r{n}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def load(paths: str | Sequence[str]) -> list[dict[str, object]]:
    out = []
    for path in [paths] if isinstance(paths, str) else paths:
        with open(path) as f:
            out += [json.loads(line) for line in f if line.strip()]
    return out


# ------------------------------------------------------------------ fitting


def isotonic(points: Iterable[tuple[float, float]]) -> list[tuple[float, float, int]]:
    """Pool adjacent violators: (mean x, mean y, count) blocks, x ascending, y non-decreasing."""
    blocks: list[list[float]] = []  # [sum x, sum y, count]
    for x, y in sorted(points):
        blocks.append([x, y, 1])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            sx, sy, c = blocks.pop()
            blocks[-1][0] += sx
            blocks[-1][1] += sy
            blocks[-1][2] += c
    return [(sx / c, sy / c, int(c)) for sx, sy, c in blocks]


def merge_small(blocks: list[tuple[float, float, int]], least: int) -> list[tuple[float, float, int]]:
    """Blocks of fewer than `least` decisions merged into a neighbour, so no breakpoint rests on a handful
    of games (the mean stays non-decreasing: merging neighbours of a monotone sequence keeps it monotone)."""
    out = list(blocks)
    while len(out) > 1:
        i = min(range(len(out)), key=lambda j: out[j][2])
        if out[i][2] >= least:
            break
        j = i + 1 if i == 0 or (i + 1 < len(out) and out[i + 1][2] < out[i - 1][2]) else i - 1
        a, b = out[min(i, j)], out[max(i, j)]
        c = a[2] + b[2]
        out[min(i, j)] = ((a[0] * a[2] + b[0] * b[2]) / c, (a[1] * a[2] + b[1] * b[2]) / c, c)
        del out[max(i, j)]
    return out


def logistic(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """(a, b) of the chance sigmoid(a + b logit(raw)) that fits the outcomes best (Platt scaling, by Newton's
    method on the log loss): two numbers, so far less noise than a table's blocks, but a fixed shape."""
    xs = [math.log(x / (1 - x)) for x in (min(max(p, 0.01), 0.99) for p, _ in points)]
    ys = [y for _, y in points]
    a, b = 0.0, 1.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-(a + b * x)))
            w = p * (1 - p)
            ga, gb = ga + (p - y), gb + (p - y) * x
            haa, hab, hbb = haa + w, hab + w * x, hbb + w * x * x
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def fit(
    records: Sequence[dict[str, object]], least: int = 150, figure: str = "shown", method: str = "isotonic"
) -> list[tuple[float, float]]:
    """A table from raw figure to chance, fitted on `records`: isotonic (blocks of fewer than `least`
    decisions, a few games' worth, merged: no breakpoint rests on the luck of a handful of games) or
    logistic (Platt scaling, read at every twentieth of the raw figure). `figure`: the record's field read
    as the raw figure ("shown": the hint's, what the review reads too)."""
    pts = [(float(r[figure]), float(r["won"])) for r in records]  # type: ignore[arg-type]
    if method == "logistic":
        a, b = logistic(pts)
        if b <= 0:  # never a table that ranks a better figure lower: no fit, the raw figure
            return []
        grid = [i / 20 for i in range(1, 20)]
        return [(x, round(1 / (1 + math.exp(-(a + b * math.log(x / (1 - x))))), 3)) for x in grid]
    return [(round(x, 3), round(y, 3)) for x, y, _ in merge_small(isotonic(pts), least)]


def cmd_fit(args: argparse.Namespace) -> None:
    recs = load(args.data)
    print(
        f"# fitted on {len(recs)} decisions of {len({r['seed'] for r in recs})} games ({', '.join(args.data)}), "
        f"blocks of >= {args.least} decisions"
    )
    print("HINT_TABLE: tuple[tuple[float, float], ...] = (")
    for x, y in fit(recs, args.least):
        print(f"    ({x}, {y}),")
    print(")")


# ------------------------------------------------------------------ candidate tables

Record = dict[str, object]
Key = Callable[[Record], str]

# Ways to split the decisions, each part with its own table. Decisions of one game share its outcome, so a
# part has as many independent results as games, not decisions: a split is only worth its noise if it beats
# the pooled table on games it was not fitted on.
SPLITS: dict[str, Key] = {
    "pooled": lambda r: "all",
    "2 players apart": lambda r: "2" if r["players"] == 2 else "3+",
    "per edition": lambda r: str(r["edition"]),
    "2, 3-4, 5-6 players": lambda r: {2: "2", 3: "3-4", 4: "3-4"}.get(int(r["players"]), "5+"),  # type: ignore[call-overload]
    "per player count": lambda r: str(r["players"]),
    "rounds 1-3 apart": lambda r: "early" if int(r["round"]) <= 3 else "late",  # type: ignore[call-overload]
}


def fit_split(
    recs: Sequence[Record], key: Key, least: int, figure: str = "shown", method: str = "isotonic"
) -> dict[str, list[tuple[float, float]]]:
    parts: dict[str, list[Record]] = {}
    for r in recs:
        parts.setdefault(key(r), []).append(r)
    return {k: fit(v, least, figure, method) for k, v in parts.items()}


def predict(
    tables: dict[str, list[tuple[float, float]]], key: Key, r: Record, figure: str = "shown"
) -> float:
    raw = float(r[figure])  # type: ignore[arg-type]
    table = tables.get(key(r))
    return raw if table is None else read_table(table, raw)


def fold(r: Record) -> int:
    """The cross-validation fold of a record's game: its block of ten games (every player count with both
    editions, see `game_plan`) taken in turn, so each fold holds every kind of table."""
    return (int(r["seed"]) // 10) % 5  # type: ignore[call-overload]


def cross_validated(recs: Sequence[Record], key: Key, least: int, method: str = "isotonic") -> list[float]:
    """Each record's calibrated figure from a table fitted on the other four folds' games only."""
    out = [0.0] * len(recs)
    for f in range(5):
        tables = fit_split([r for r in recs if fold(r) != f], key, least, method=method)
        for i, r in enumerate(recs):
            if fold(r) == f:
                out[i] = predict(tables, key, r)
    return out


# ------------------------------------------------------------------ reporting

Triple = tuple[float, float, object]  # (predicted, won, the game it came from)


def groups(pairs: Sequence[tuple[float, float]] | Sequence[Triple]) -> list[tuple[int, float, float, int]]:
    """(tenth, mean predicted, observed win rate, count) per tenth of the predicted chance that has any."""
    out = []
    for b in range(10):
        inside = [(t[0], t[1]) for t in pairs if min(int(t[0] * 10), 9) == b]
        if inside:
            out.append(
                (
                    b,
                    sum(p for p, _ in inside) / len(inside),
                    sum(w for _, w in inside) / len(inside),
                    len(inside),
                )
            )
    return out


def game_interval(inside: Sequence[Triple]) -> tuple[float, float, int]:
    """A 95% interval of a group's observed win rate that counts games, not decisions (decisions of one
    game share its outcome): the cluster-robust standard error, clusters being games. And the game count."""
    n = len(inside)
    obs = sum(w for _, w, _ in inside) / n
    residual: dict[object, float] = {}
    for _, w, game in inside:
        residual[game] = residual.get(game, 0.0) + (w - obs)
    g = len(residual)
    var = sum(e * e for e in residual.values()) / (n * n) * (g / (g - 1) if g > 1 else 1.0)
    half = 1.96 * var**0.5
    return max(obs - half, 0.0), min(obs + half, 1.0), g


def ece(pairs: Sequence[tuple[float, float]] | Sequence[Triple]) -> float:
    """Expected calibration error: the count-weighted mean gap between predicted and observed per tenth."""
    return sum(c * abs(p - o) for _, p, o, c in groups(pairs)) / max(len(pairs), 1)


def brier(pairs: Sequence[Triple]) -> float:
    """The mean squared error of the chances (a proper score: lower is better, noise and all)."""
    return sum((p - w) ** 2 for p, w, _ in pairs) / max(len(pairs), 1)


def off_groups(pairs: Sequence[Triple], least: int = 50) -> list[tuple[int, float]]:
    """(tenth, observed - predicted) of the groups of >= `least` decisions off by more than 5 points."""
    return [(b, o - p) for b, p, o, c in groups(pairs) if c >= least and abs(o - p) > 0.05]


def report(title: str, pairs: Sequence[Triple], least: int = 50, width: int = 40) -> bool:
    """Print the table and the diagram; whether the issue's target is met (every group of >= `least`
    decisions within 5 points, ECE <= 0.05)."""
    print(f"\n{title}: {len(pairs)} decisions of {len({g for _, _, g in pairs})} games")
    print(
        "  chance     predicted  observed   gap    count  games  observed 95% (by games)"
        "   (# observed, | predicted)"
    )
    ok = True
    for b, p, o, c in groups(pairs):
        lo, hi, games = game_interval([t for t in pairs if min(int(t[0] * 10), 9) == b])
        gap = o - p
        mark = ""
        if c >= least and abs(gap) > 0.05:
            ok, mark = False, "  <- off by more than 5 points"
        bar = ["#" if i < round(o * width) else " " for i in range(width)]
        bar[min(round(p * width), width - 1)] = "|"
        print(
            f"  {b / 10:.1f}-{(b + 1) / 10:.1f}   {p:7.1%}   {o:7.1%}  {gap:+6.1%}  {c:6d}  {games:5d}"
            f"  {lo:6.1%}-{hi:6.1%}        {''.join(bar)}{mark}"
        )
    e = ece(pairs)
    ok = ok and e <= 0.05
    print(
        f"  ECE {e:.4f}, Brier {brier(pairs):.4f}; target (groups of >= {least} within 5 points, "
        f"ECE <= 0.05): {'met' if ok else 'NOT met'}"
    )
    return ok


def pairs_of(recs: Sequence[Record], f: Callable[[Record], float]) -> list[Triple]:
    return [(f(r), float(r["won"]), r["seed"]) for r in recs]  # type: ignore[arg-type]


def cmd_report(args: argparse.Namespace) -> None:
    recs = load(args.data)
    print(f"{', '.join(args.data)}: {len(recs)} decisions of {len({r['seed'] for r in recs})} games")
    report("raw (what the hint showed)", pairs_of(recs, lambda r: float(r["shown"])))  # type: ignore[arg-type]
    ok = report("calibrated (the hint)", pairs_of(recs, lambda r: calibrated(float(r["shown"]))))  # type: ignore[arg-type]
    reviewed = [r for r in recs if "review_after" in r]
    if reviewed:  # recorded with --review: what the review shows, at every table size
        ok = review_report(reviewed) and ok
    if args.by_players:
        for n in sorted({int(r["players"]) for r in recs}):  # type: ignore[call-overload]
            sub = [r for r in recs if r["players"] == n]
            report(f"calibrated, {n} players", pairs_of(sub, lambda r: calibrated(float(r["shown"]))))  # type: ignore[arg-type]
        for ed, _ in EDITIONS:
            sub = [r for r in recs if r["edition"] == ed]
            if sub:
                report(f"calibrated, {ed} edition", pairs_of(sub, lambda r: calibrated(float(r["shown"]))))  # type: ignore[arg-type]
    sys.exit(0 if ok or not args.strict else 1)


def review_report(recs: Sequence[Record]) -> bool:
    """What the review shows, on decisions `hard` took (recorded with `play --review`): its chance after the
    action taken (the outcome observed is that action's), raw and through the table; and its *before* (the
    hint's chance for the review's own choice) where that choice is the action taken. Whether the review's
    chance after the action meets the target."""
    same = [r for r in recs if r["review_same"]]
    print(
        f"\nthe review: {len(recs)} decisions, its choice the one hard took in {len(same)} "
        f"({len(same) / len(recs):.0%}); after the player's choice is never shown above before"
    )
    report(
        "the review's raw figure for the action taken", pairs_of(recs, lambda r: float(r["review_raw_after"]))
    )  # type: ignore[arg-type]
    ok = report(
        "the review's chance after the action taken (what it shows)",
        pairs_of(recs, lambda r: float(r["review_after"])),  # type: ignore[arg-type]
    )
    report(
        "the review's chance after, not capped at before (the table alone)",
        pairs_of(recs, lambda r: calibrated(float(r["review_raw_after"]))),  # type: ignore[arg-type]
    )
    if same:
        report(
            "the review's before, where its choice is the one taken",
            pairs_of(same, lambda r: float(r["review"])),  # type: ignore[arg-type]
        )
    return ok


def describe(pairs: Sequence[Triple]) -> str:
    off = ", ".join(f"{b / 10:.1f}-{(b + 1) / 10:.1f} {gap:+.1%}" for b, gap in off_groups(pairs))
    return f"ECE {ece(pairs):.4f}  Brier {brier(pairs):.4f}  off: {off or 'none'}"


def cmd_compare(args: argparse.Namespace) -> None:
    """Candidate tables fitted on `data` and judged twice: cross-validated within it (five folds of games)
    and on the held-out games. Choose on the first; the second checks the choice."""
    recs = load(args.data)
    held = load(args.held) if args.held else []
    print(
        f"fit: {len(recs)} decisions of {len({r['seed'] for r in recs})} games; held out: {len(held)} decisions"
    )
    rows: list[tuple[str, list[Triple], list[Triple]]] = [
        ("raw", pairs_of(recs, lambda r: float(r["shown"])), pairs_of(held, lambda r: float(r["shown"]))),  # type: ignore[arg-type]
        (
            "the shipped table",
            pairs_of(recs, lambda r: calibrated(float(r["shown"]))),  # type: ignore[arg-type]
            pairs_of(held, lambda r: calibrated(float(r["shown"]))),  # type: ignore[arg-type]
        ),
    ]
    for name in args.splits or list(SPLITS):
        key = SPLITS[name]
        for method, least in [("isotonic", n) for n in args.least] + [("logistic", 0)]:
            cv = cross_validated(recs, key, least, method)
            tables = fit_split(recs, key, least, method=method)
            rows.append(
                (
                    f"{name}, " + (f"isotonic, blocks >= {least}" if least else "logistic"),
                    [(p, float(r["won"]), r["seed"]) for p, r in zip(cv, recs, strict=True)],  # type: ignore[arg-type]
                    pairs_of(held, lambda r, t=tables, k=key: predict(t, k, r)),
                )
            )
    for name, cv_pairs, held_pairs in rows:
        print(f"\n{name}\n  cross-validated on the fit games: {describe(cv_pairs)}")
        if held:
            print(f"  held out:                         {describe(held_pairs)}")
    print("\nsummary (groups off: of >= 50 decisions, more than 5 points)")
    print(f"  {'table':44} {'CV ECE':>7} {'Brier':>7} {'off':>4}   {'held ECE':>8} {'Brier':>7} {'off':>4}")
    for name, cv_pairs, held_pairs in rows:
        line = f"  {name:44} {ece(cv_pairs):7.4f} {brier(cv_pairs):7.4f} {len(off_groups(cv_pairs)):4d}"
        if held:
            line += f"   {ece(held_pairs):8.4f} {brier(held_pairs):7.4f} {len(off_groups(held_pairs)):4d}"
        print(line)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("play", help="play games and record the hard seat's decisions (JSON lines)")
    pl.add_argument("--set", choices=sorted(SEED_SETS), default="fit")
    pl.add_argument("--games", type=int, default=200)
    pl.add_argument("--budget", type=int, default=200, help="playouts per decision (the hint's default: 200)")
    pl.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    pl.add_argument("--out", required=True)
    pl.add_argument("--first", type=int, default=0, help="the set's first game k (to play a set in parts)")
    pl.add_argument("--append", action="store_true", help="add to --out instead of replacing it")
    pl.add_argument(
        "--review",
        type=int,
        default=0,
        help="also what the review shows at each decision, with this budget (the review's: 200)",
    )
    ft = sub.add_parser("fit", help="fit the isotonic table on recorded decisions")
    ft.add_argument("data", nargs="+")
    ft.add_argument("--least", type=int, default=150, help="fewest decisions behind a breakpoint")
    rp = sub.add_parser("report", help="predicted vs observed, ECE and the reliability diagram")
    rp.add_argument("data", nargs="+")
    rp.add_argument("--by-players", action="store_true", help="also per player count and per edition")
    rp.add_argument("--strict", action="store_true", help="exit 1 when the target is not met")
    cp = sub.add_parser("compare", help="candidate tables: cross-validated on the fit data, then held out")
    cp.add_argument("data", nargs="+")
    cp.add_argument("--held", nargs="*", default=[], help="held-out data files")
    cp.add_argument("--least", type=int, nargs="+", default=[150, 300, 600])
    cp.add_argument("--splits", nargs="*", choices=sorted(SPLITS))
    args = ap.parse_args(argv)
    {"play": cmd_play, "fit": cmd_fit, "report": cmd_report, "compare": cmd_compare}[args.cmd](args)


if __name__ == "__main__":
    main()
