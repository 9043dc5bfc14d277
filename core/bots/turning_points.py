"""Turning points: how each of one player's decisions moved their chance to win, in the `hard` bot's eyes.

A finished (or saved) game is replayed from its record to each decision of the seat that had more than one
option. There the `hard` search runs from that seat exactly as a hint would (`hint.hint`: the same search,
the same budget, from its `View` and worlds re-dealt from what the seat knew then, `redeal`), never the
state: nothing a rule kept hidden at the time, nor anything that came later, enters the estimate. It names
the bot's choice, and the review shows the same chances the hint shows, through the same table
(`calibration.calibrated`, fitted and checked on real games):

- *before*: the chance the position offered, played as the bot would: the hint's chance for the bot's
  choice (its search figure for it, read through the table);
- *after*: the chance after what the player chose (the same number when the player chose as the bot did).
  When the choices differ, both are played out in the same sampled worlds (the same world and the same
  playout seed for both, so their difference is not drowned in the noise of the deals) and scored as the
  search scores them; the player's choice's figure is the bot's choice's search figure moved by that
  difference, read through the same table. It is never shown above *before*: the bot's choice is the one
  with the best shown chance, and a choice that played out no worse than it costs nothing.

The cost of a decision is before - after (never negative). Everything is a function of the record, the
seat, the budget (playouts per decision) and the game's seed: no time cap, so the same game always gives the
same answer. A game played from a position (`start`, a position's text: the guided first game's) is replayed
from that position instead of its seed's deal.
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
from .calibration import FITTED_BUDGET, calibrated
from .search import SearchBot, playout, rank_score

# Playouts of the search per decision: the hint's, the budget its table was fitted for.
DEFAULT_BUDGET = FITTED_BUDGET
MIN_COST = 0.01  # the least cost that names a decision among the costliest: a point of chance
PAIR_SHARE = 5  # paired playouts of the two choices, when they differ: budget // PAIR_SHARE of each

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
    # The search's figures before the table (what `calibrated` reads): the bot's choice's, and the
    # player's choice's (the bot's moved by the paired playouts' difference; the same when alike).
    raw_before: float = 0.0
    raw_after: float = 0.0

    @property
    def cost(self) -> float:
        """How much the decision lost against the bot's choice (0 when it lost nothing)."""
        return self.before - self.after


def opening(config: GameConfig, seed: int, start: str | None = None) -> Game:
    """The game before the record's first action: the seed's deal, or the position `start` it was played
    from."""
    if start is None:
        return Game(config, seed, record_events=False)
    return Game.from_position(start, record_events=False)


def decision_indices(
    config: GameConfig, seed: int, actions: Sequence[tuple[int, Action]], seat: int, start: str | None = None
) -> list[int]:
    """The record's action numbers at which `seat` decided among more than one option."""
    g = opening(config, seed, start)
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
    differs from `game` only in what `seat` cannot see. The search has `budget` playouts, as the hint's
    (`hint.hint(view, worlds, budget, seed=search_seed(seed, index))` shows the same chance for the bot's
    choice); when the player chose otherwise, `budget // PAIR_SHARE` pairs of playouts more score the two."""
    v = view(game, seat)
    legal = list(v.legal)
    bot = SearchBot(search_seed(seed, index), iterations=budget)
    guess = bot.normal.choose(v)

    def worlds(rng: Rng) -> Game:
        return redeal(game, seat, rng)

    bot.search(v, worlds, legal, guess)  # as `hint` searches: the same bot, seed and budget
    best = bot.last_stats[0][0]
    raw_before = bot.last_values[0]
    before = round(calibrated(raw_before), 3)  # rounded as the hint rounds it
    if chosen == best:
        return TurningPoint(index, v.round, v.phase, chosen, best, before, before, raw_before, raw_before)
    # The worlds the bot would sample (fitted to its draft inferences, as in its search).
    beliefs, segments = bot.world_beliefs(v)
    pairs = max(1, budget // PAIR_SHARE)
    difference = 0.0
    for _ in range(pairs):
        world = bot.sample(worlds, beliefs, segments)
        playout_seed = bot.rng.next64()
        first = world.clone()
        first.apply_unchecked(seat, best)
        difference -= score(bot, first, seat, Rng(playout_seed))
        world.apply_unchecked(seat, chosen)
        difference += score(bot, world, seat, Rng(playout_seed))
    raw_after = min(max(raw_before + difference / pairs, 0.0), 1.0)
    after = min(round(calibrated(raw_after), 3), before)
    return TurningPoint(index, v.round, v.phase, chosen, best, before, after, raw_before, raw_after)


def score(bot: SearchBot, world: Game, seat: int, rng: Rng) -> float:
    """`world` (a copy, the decision played) played to its end and scored as `bot`'s search scores a
    playout (`SearchBot.judge`): a win 1, a tie shared, a loss by points at 2 players, by rank at 3+."""
    if world.players == 2 or not bot.rank_weight:
        return playout(world, seat, rng, loss_weight=bot.loss_weight)
    won = playout(world, seat, rng, loss_weight=0.0)
    return won if won else rank_score(world, seat, bot.rank_weight)


def assess_at(
    config: GameConfig,
    seed: int,
    actions: Sequence[tuple[int, Action]],
    index: int,
    seat: int,
    budget: int,
    start: str | None = None,
) -> TurningPoint:
    """`assess` at the record's action `index` (replayed to it); a module-level function for a worker."""
    g = opening(config, seed, start)
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
    start: str | None = None,
) -> list[TurningPoint]:
    """Every decision of `seat` in the record, in order, assessed with `budget` playouts each.
    `progress(done, total)` is called after each decision."""
    wanted = set(decision_indices(config, seed, actions, seat, start))
    total = len(wanted)
    g = opening(config, seed, start)
    out: list[TurningPoint] = []
    for i, (p, a) in enumerate(actions):
        if i in wanted:
            out.append(assess(g, seat, a, budget, seed, i))
            if progress is not None:
                progress(len(out), total)
        g.apply(p, a)
    return out


def costliest(points: Sequence[TurningPoint], k: int = 3) -> list[TurningPoint]:
    """The `k` decisions that lost most against the bot's choice (only those that lost a point or more: less
    is within the playouts' noise, and shows as the same percentage), costliest first; on equal cost the
    earlier decision first."""
    lost = [tp for tp in points if tp.chosen != tp.best and tp.cost >= MIN_COST]
    return sorted(lost, key=lambda tp: (-tp.cost, tp.index))[:k]
