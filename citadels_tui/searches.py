"""What a table sends to a worker process to think (thinking.py): a bot's decision and a hint's search.

Module-level functions, so that they pickle by name; a worker imports this module (and with it the engine)
when it starts, before the first search arrives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from citadels_core import Action, Game
from citadels_core.redeal import redeal
from citadels_core.view import View

if TYPE_CHECKING:
    from citadels_core.bots import Bot

# A hint searches like the `hard` bot, with the budget its chances were calibrated at (200 playouts,
# `calibration.FITTED_BUDGET`; kept here as a number so that a start need not import the bots), cut short so
# that it answers within about a second and a hosted table's other players are not kept waiting by it.
HINT_PLAYOUTS = 200
HINT_SECONDS = 0.8
HINT_TOP = 3


def bot_decides(bot: Bot, game: Game, player: int) -> tuple[Action, Bot]:
    """`bot`'s move for `player` in `game` (a copy), and the bot afterwards: in a worker process it is a
    copy too, and what it remembered of the game must come back with it."""
    from citadels_core.bots import decide

    return decide(bot, game, player), bot


def hint_search(
    v: View, game: Game, player: int, playouts: int, top: int, seed: int, seconds: float | None
) -> list[tuple[Action, float]]:
    """The hint's search (in a worker process): worlds re-dealt from `player`'s seat of `game` (a copy)."""
    from citadels_core.bots.hint import hint  # imported where used: not needed to start the app

    return hint(
        v, lambda rng: redeal(game, player, rng), budget=playouts, top=top, seed=seed, max_seconds=seconds
    )


def tell_the_end(bots: dict[int, Bot], game: Game) -> None:
    """The game is over: each bot that listens for its end (another program, bots/outside.py) is told,
    and let go (a table does this off its loop: a program may take a moment to end)."""
    from citadels_core.bots import game_over

    for seat, bot in bots.items():
        game_over(bot, game, seat)
