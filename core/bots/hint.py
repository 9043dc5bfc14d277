"""Hints for a human player: the `hard` bot's search statistics, read as estimated win chances.

`hint(view, worlds, budget)` searches from the human's seat exactly as the `hard` bot would (from the view
and worlds re-dealt from it, never the state) and returns its top choices, best first. The app's `hint`
command calls it; `worlds` is `lambda rng: redeal(game, seat, rng)`."""

from __future__ import annotations

from ..actions import Action
from ..view import View
from .search import DEFAULT_ITERATIONS, SearchBot, World


def hint(view: View, worlds: World, budget: int = DEFAULT_ITERATIONS, top: int = 3, seed: int = 0) -> list[
        tuple[Action, float]]:
    """Up to `top` of the legal actions with their estimated win chance (0-1), best first. `budget` is the
    number of playouts; a fixed `seed` makes the same position give the same hint."""
    legal = list(view.legal)
    if not legal:
        return []
    bot = SearchBot(seed, iterations=budget)
    guess = bot.normal.choose(view)
    # Searched even when there is one option: the estimate of the position is worth showing.
    bot.search(view, worlds, legal, guess)
    return [(a, round(p, 3)) for a, _, p in bot.last_stats[:top]]
