"""6 Merchant: gain 1 extra gold; trade gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DistrictType
from .base import CharacterRules

if TYPE_CHECKING:
    from ..game import Game


class Merchant(CharacterRules):
    key = "merchant"
    rank = 6
    income = DistrictType.TRADE
    has_bonus = True

    def bonus(self, g: Game, p: int) -> None:
        g.gain_gold(p, 1, self.key)
