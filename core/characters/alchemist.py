"""6 Alchemist: at the end of the turn, get back all gold paid to build districts this turn (not gold
paid for anything else: the Smithy, the tax). The Poor House resolves first (Game.end_turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import CharacterRules

if TYPE_CHECKING:
    from ..game import Game


class Alchemist(CharacterRules):
    key = "alchemist"
    rank = 6

    def on_end_turn(self, g: Game, p: int) -> None:
        # g.turn.spent counts only gold paid for builds, less gold the Magistrate gave back.
        if g.turn.spent > 0:
            g.gain_gold(p, g.turn.spent, "alchemist")
