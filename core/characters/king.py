"""4 King: must take the crown; gains gold for noble districts; a killed King's heir takes it (R5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DistrictType
from .base import CharacterRules

if TYPE_CHECKING:
    from ..game import Game


class King(CharacterRules):
    key = "king"
    rank = 4
    income = DistrictType.NOBLE
    takes_crown = True

    def on_reveal(self, g: Game, p: int) -> None:
        g.take_crown(p, self.key)

    def on_round_end(self, g: Game, i: int) -> bool:
        p = g.owner[i]
        if p >= 0 and g.killed == i:
            g.emit("heir", {"player": p, "character": self.key})
            g.take_crown(p, "heir")
        return False
