"""The search bot: determinized Monte Carlo with UCB at the root and fast greedy rollouts.

It never reads the real state: it asks for *worlds*, full states dealt at random consistently with its own
information (`redeal`), plays each candidate action in many worlds to the end of the game with a cheap
greedy policy, and picks the action that won most often.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ..actions import Action
from ..game import Game
from ..rng import Rng
from ..view import View

World = Callable[[Rng], Game]

# Preference of the greedy rollout policy among action kinds; anything unlisted is taken rarely.
_KIND_ORDER = {"bonus": 0, "income": 1, "build": 2, "keep": 3, "pay_gold": 4, "end": 9}


def rollout_policy(g: Game, rng: Rng) -> Action:
    """A cheap greedy player for rollouts: takes bonuses and income, builds the dearest district it can,
    gathers gold when poor, otherwise ends; one time in eight it plays any legal action (exploration)."""
    acts = g.legal_actions()
    if len(acts) == 1 or rng.below(8) == 0:
        return acts[rng.below(len(acts))]
    kinds = {a.kind for a in acts}
    if "gather" in kinds:
        p = g.tp
        want_gold = g.gold[p] < 4 and bool(g.hands[p])
        return next(a for a in acts if a.kind == "gather" and (a.args[0] == "gold") == want_gold)
    if "build" in kinds:
        E = g.E
        builds = [a for a in acts if a.kind == "build"]
        return max(builds, key=lambda a: E.districts[g.card_ids[str(a.args[0])]].cost)
    best = min(acts, key=lambda a: _KIND_ORDER.get(a.kind, 5))
    if _KIND_ORDER.get(best.kind, 5) == 5:
        return acts[rng.below(len(acts))]
    return best


def playout(g: Game, me: int, rng: Rng, max_decisions: int = 3000) -> float:
    """Play `g` (a private copy) to its end; 1 for a win (shared if tied), else a small score share."""
    n = 0
    while not g.over and n < max_decisions:
        pd = g.pending()
        assert pd is not None
        g.apply_unchecked(pd[0], rollout_policy(g, rng))
        n += 1
    if not g.over or g.result is None:
        return 0.0
    winners = g.result["winners"]
    if me in winners:
        return 1.0 / len(winners)
    scores = [s["total"] for s in g.result["scores"]]
    return 0.1 * scores[me] / max(max(scores), 1)


class SearchBot:
    """`hard`: flat UCB over its legal actions, each evaluated in sampled worlds by greedy playouts."""

    name = "search"
    wants_worlds = True

    def __init__(self, seed: int = 0, iterations: int = 300, seconds: float | None = None) -> None:
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.last_stats: list[tuple[Action, int, float]] = []
        self.last_iterations = 0

    def choose(self, v: View, worlds: World | None = None) -> Action:
        legal = list(v.legal)
        if len(legal) == 1 or worlds is None or v.me is None:
            self.last_stats = [(legal[0], 0, 0.0)] if legal else []
            return legal[0]
        me = v.me
        visits = [0] * len(legal)
        wins = [0.0] * len(legal)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        it = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and it >= len(legal):
                    break
            elif it >= max(self.iterations, len(legal)):
                break
            it += 1
            if it <= len(legal):
                k = it - 1
            else:
                logn = math.log(it)
                k = max(range(len(legal)),
                        key=lambda i: wins[i] / visits[i] + 0.7 * math.sqrt(logn / visits[i]))
            world = worlds(self.rng)
            world.apply_unchecked(me, legal[k])
            wins[k] += playout(world, me, self.rng)
            visits[k] += 1
        self.last_iterations = it
        self.last_stats = sorted(
            ((legal[i], visits[i], wins[i] / visits[i] if visits[i] else 0.0) for i in range(len(legal))),
            key=lambda t: -t[1],
        )
        return self.last_stats[0][0]
