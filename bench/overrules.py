"""Where `hard` overrules `normal`, and whether it gains: plays `hard:BUDGET` against `normal` bots (the
tournament's seed schedule, seats rotated); at each searched decision where `hard` plays something other
than what `normal` proposed, replays both from the true state, each followed by CONT paired continuations
of `normal` bots in every seat (continuation j seeds its bots alike for both), and writes one JSON line:
the decision's kind, both actions and `dv`, the search's choice's win rate minus normal's.

    nice -n 19 python bench/overrules.py PLAYERS GAMES SEED BUDGET CONT OUT.jsonl
    python bench/overrules.py --sum OUT.jsonl       # by kind of decision: count, mean and sum of dv
"""

from __future__ import annotations

import collections
import json
import sys

from citadels_core import Game, GameConfig
from citadels_core.actions import Action
from citadels_core.bots import SearchBot, decide, make_bot
from citadels_core.tournament import schedule
from citadels_core.view import View


def continuation(g: Game, me: int, j: int) -> float:
    """`normal` bots play `g` to its end; seat `me`'s win (shared on ties)."""
    bots = [make_bot("normal", 7919 * j + i) for i in range(g.players)]
    while not g.over:
        pd = g.pending()
        assert pd is not None
        g.apply(pd[0], decide(bots[pd[0]], g, pd[0]))
    assert g.result is not None
    w = g.result["winners"]
    return 1 / len(w) if me in w else 0.0


def play(n: int, games: int, seed0: int, budget: int, cont: int, out: str) -> None:
    cfg = GameConfig.create(n, cast="first_game", districts="first_game")
    hard = f"hard:{budget}"
    with open(out, "a") as f:
        for seed, seats in schedule(n, games, seed0, [hard] + ["normal"] * (n - 1)):
            g = Game(cfg, seed, record_events=False)
            players = [make_bot(b, seed * 31 + i) for i, b in enumerate(seats)]
            me = seats.index(hard)
            hb = players[me]
            assert isinstance(hb, SearchBot)
            proposed: list[Action] = []
            ask = hb.normal.choose

            def asked(v: View, ask=ask, proposed=proposed) -> Action:  # type: ignore[no-untyped-def]
                proposed[:] = [ask(v)]
                return proposed[0]

            hb.normal.choose = asked  # type: ignore[method-assign]
            while not g.over:
                pd = g.pending()
                assert pd is not None
                p, kind = pd
                proposed.clear()
                a = decide(players[p], g, p)
                if p == me and hb.last_iterations and proposed and proposed[0] != a:
                    guess = proposed[0]
                    da = db = 0.0
                    for j in range(cont):
                        ga, gb = g.clone(), g.clone()
                        ga.apply(p, a)
                        gb.apply(p, guess)
                        da += continuation(ga, me, j)
                        db += continuation(gb, me, j)
                    row = {
                        "seed": seed,
                        "round": g.round,
                        "kind": kind,
                        "search": a.kind,
                        "search_arg": str(a.args[0]) if a.args else "",
                        "normal": guess.kind,
                        "normal_arg": str(guess.args[0]) if guess.args else "",
                        "dv": (da - db) / cont,
                    }
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                g.apply(p, a)


def summarize(paths: list[str]) -> None:
    rows = [json.loads(line) for p in paths for line in open(p) if line.strip()]
    by: dict[str, list[float]] = collections.defaultdict(list)
    for r in rows:
        k = r["kind"]
        if k == "turn":
            same = r["search"] == r["normal"] == "gather"
            k = "turn: gold <-> cards" if same else f"turn: {r['search']} (normal: {r['normal']})"
        by[k].append(r["dv"])
    for k, v in sorted(by.items(), key=lambda kv: sum(kv[1])):
        print(f"{k:45} n={len(v):4} mean {sum(v) / len(v):+.3f} sum {sum(v):+.2f}")
    seeds = len({r["seed"] for r in rows})
    print(f"total {sum(r['dv'] for r in rows):+.2f} over {len(rows)} overrules, {seeds} seeds")


if __name__ == "__main__":
    if sys.argv[1] == "--sum":
        summarize(sys.argv[2:])
    else:
        n, games, seed0, budget, cont = map(int, sys.argv[1:6])
        play(n, games, seed0, budget, cont, sys.argv[6])
