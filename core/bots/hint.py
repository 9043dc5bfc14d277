"""Hints for a human player: the `hard` bot's search statistics, read as calibrated win chances.

`hint(view, worlds, budget)` searches from the human's seat exactly as the `hard` bot would (from the view
and worlds re-dealt from it, never the state) and returns its top choices, the best chance first. The app's `hint`
command calls it; `worlds` is `lambda rng: redeal(game, seat, rng)`. The chances shown are the search's
figures mapped through `calibration.calibrated`, so that "60%" wins about 60% of the time."""

from __future__ import annotations

from ..actions import Action
from ..view import View
from .calibration import FITTED_BUDGET, calibrated
from .search import SearchBot, World


def hint(
    view: View,
    worlds: World,
    budget: int = FITTED_BUDGET,
    top: int = 3,
    seed: int = 0,
    max_seconds: float | None = None,
) -> list[tuple[Action, float]]:
    """Up to `top` of the legal actions with their calibrated win chance (0-1), the highest chance first:
    the actions the bot searched most, each with the value its ranking is based on (the playouts' wins,
    and for the `normal` bot's choice the prior's virtual ones too) turned into a chance to win by
    `calibrated`. So the first line is the best chance shown, never a 6% choice above a 23% one.
    `budget` is the number of playouts, cut short after `max_seconds` (every action is still tried once);
    a fixed `seed` and no time cap make the same position give the same hint."""
    legal = list(view.legal)
    if not legal:
        return []
    bot = SearchBot(seed, iterations=budget, max_seconds=max_seconds)
    guess = bot.normal.choose(view)
    # Searched even when there is one option: the estimate of the position is worth showing.
    bot.search(view, worlds, legal, guess)
    found = [
        (a, value, round(calibrated(value), 3))
        for (a, _, _), value in zip(bot.last_stats[:top], bot.last_values, strict=False)
    ]
    # The table is monotone, so this is the raw order; on equal shown chances (it is flat in places) the
    # better raw figure, then the bot's own choice (searched most: sorting is stable), stays first.
    found.sort(key=lambda x: (-x[2], -x[1]))
    return [(a, chance) for a, _, chance in found]
