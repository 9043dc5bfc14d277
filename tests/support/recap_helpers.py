"""A fixed game in which things are done to Anna (seat 0): seed 19, the app's first game against three
`normal` bots, Anna played by a `normal` bot too (seeded 4242). In round 4 David's Magician swaps hands
with her and before her turn comes David's Warlord has destroyed her Market (tests/tui/test_recap.py)."""

from __future__ import annotations

from citadels_core import GameConfig
from citadels_core.bots import Bot, make_bot
from citadels_core.record import GameRecord
from citadels_core.view import view
from citadels_tui.game_setup import bot_names
from citadels_tui.table import Table

SEED = 19
ANNA_BOT = 4242


def anna() -> Bot:
    return make_bot("normal", ANNA_BOT)


def played(seed: int = SEED) -> Table:
    """The whole game, played without the app."""
    cfg = GameConfig.create(
        4, cast="first_game", districts="first_game", names=bot_names("Anna", 4), edition="2016"
    )
    table = Table(GameRecord(cfg, seed, []), {1: "normal", 2: "normal", 3: "normal"})
    me, g = anna(), table.game
    while True:
        table.play_bots_now()
        if g.pending() is None:
            return table
        table.submit(0, [me.choose(view(g, 0))])
