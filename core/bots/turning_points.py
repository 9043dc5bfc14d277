"""Turning points: how each of one player's decisions moved their chance to win, in the `hard` bot's eyes.

A finished (or saved) game is replayed from its record to each decision of the seat that had more than one
option. There the `hard` search runs from that seat exactly as a hint would, from its `View` and worlds
re-dealt from what the seat knew then (`redeal`), never the state: nothing a rule kept hidden at the time,
nor anything that came later, enters the estimate. It names the bot's choice; then the bot's choice and the
player's are each played out in the same sampled worlds (the same world and the same playout seed for both,
so their difference is not drowned in the noise of the deals) and scored as the search scores them (a win,
a tie shared, a loss a small share of the points):

- *before*: the chance the position offered, played as the bot would (its choice's win rate);
- *after*: the chance after what the player chose (the same number when the player chose as the bot did).

Both are shown as chances to win through `calibration.calibrated_playouts` (the table fitted for this
figure on real games; monotone, so a choice that played out worse never shows a higher chance). The cost
of a decision is before - after. Everything is a function of the record, the seat, the budget
(playouts per decision) and the game's seed: no time cap, so the same game always gives the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..actions import Action
from ..config import GameConfig
from ..game import Game
from ..redeal import redeal
from ..rng import Rng
from ..view import view
from .calibration import calibrated_playouts
from .search import SearchBot, playout

DEFAULT_BUDGET = (
    240  # playouts per decision: a whole 4-player game in ~8 s of worker time (bench_turning_points)
)

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """One decision of the seat: where it was in the record, what was chosen, what the bot would have
    chosen, and the estimated chances to win (0-1) before and after it."""

    index: int  # the decision is the record's action number `index` (0-based)
    round: int
    phase: str
    chosen: Action
    best: Action  # the `hard` bot's choice
    before: float
    after: float

    @property
    def cost(self) -> float:
        """How much the decision lost against the bot's choice (negative: it did better)."""
        return self.before - self.after


def decision_indices(
    config: GameConfig, seed: int, actions: Sequence[tuple[int, Action]], seat: int
) -> list[int]:
    """The record's action numbers at which `seat` decided among more than one option."""
    g = Game(config, seed, record_events=False)
    out = []
    for i, (p, a) in enumerate(actions):
        if p == seat and len(g.legal_actions()) > 1:
            out.append(i)
        g.apply(p, a)
    return out


def search_seed(seed: int, index: int) -> int:
    """The search's own seed for decision `index`: fixed by the game's seed and the decision's place."""
    return (seed * 7919 + index * 104729 + 17) % 2**63


def assess(game: Game, seat: int, chosen: Action, budget: int, seed: int, index: int = 0) -> TurningPoint:
    """The turning point of `seat` choosing `chosen` in `game` (not changed: worlds are re-dealt copies).

    Reads only `seat`'s view and worlds re-dealt from it, so it gives the same answer in every game that
    differs from `game` only in what `seat` cannot see. `budget` playouts: half for the search that names
    the bot's choice, half for the paired playouts that score the two choices."""
    v = view(game, seat)
    legal = list(v.legal)
    bot = SearchBot(search_seed(seed, index), iterations=max(1, budget // 2))
    guess = bot.normal.choose(v)

    def worlds(rng: Rng) -> Game:
        return redeal(game, seat, rng)

    bot.search(v, worlds, legal, guess)
    best = bot.last_stats[0][0]
    # The worlds the bot would sample (fitted to its draft inferences, as in its search).
    beliefs, segments = bot.world_beliefs(v)
    pairs = max(1, budget // 4)
    kept = mine = 0.0
    for _ in range(pairs):
        world = bot.sample(worlds, beliefs, segments)
        playout_seed = bot.rng.next64()
        first = world.clone() if chosen != best else world
        first.apply_unchecked(seat, best)
        kept += playout(first, seat, Rng(playout_seed))
        if chosen != best:
            world.apply_unchecked(seat, chosen)
            mine += playout(world, seat, Rng(playout_seed))
    before = calibrated_playouts(kept / pairs)
    after = before if chosen == best else calibrated_playouts(mine / pairs)
    return TurningPoint(index, v.round, v.phase, chosen, best, round(before, 4), round(after, 4))


def assess_at(
    config: GameConfig, seed: int, actions: Sequence[tuple[int, Action]], index: int, seat: int, budget: int
) -> TurningPoint:
    """`assess` at the record's action `index` (replayed to it); a module-level function for a worker."""
    g = Game(config, seed, record_events=False)
    for p, a in actions[:index]:
        g.apply(p, a)
    return assess(g, seat, actions[index][1], budget, seed, index)


def turning_points(
    config: GameConfig,
    seed: int,
    actions: Sequence[tuple[int, Action]],
    seat: int,
    budget: int = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> list[TurningPoint]:
    """Every decision of `seat` in the record, in order, assessed with `budget` playouts each.
    `progress(done, total)` is called after each decision."""
    wanted = set(decision_indices(config, seed, actions, seat))
    total = len(wanted)
    g = Game(config, seed, record_events=False)
    out: list[TurningPoint] = []
    for i, (p, a) in enumerate(actions):
        if i in wanted:
            out.append(assess(g, seat, a, budget, seed, i))
            if progress is not None:
                progress(len(out), total)
        g.apply(p, a)
    return out


def costliest(points: Sequence[TurningPoint], k: int = 3) -> list[TurningPoint]:
    """The `k` decisions that lost most against the bot's choice (only those that lost), costliest first;
    on equal cost the earlier decision first."""
    lost = [tp for tp in points if tp.chosen != tp.best and tp.cost > 0]
    return sorted(lost, key=lambda tp: (-tp.cost, tp.index))[:k]
