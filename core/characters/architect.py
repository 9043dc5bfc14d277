"""7 Architect: gain 2 extra cards; building limit 3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import CharacterRules

if TYPE_CHECKING:
    from ..game import Game


class Architect(CharacterRules):
    key = "architect"
    rank = 7
    build_limit = 3
    has_bonus = True

    def bonus(self, g: Game, p: int) -> None:
        g.gain_cards(p, 2, self.key)
