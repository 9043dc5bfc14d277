"""6 Trader: trade districts do not count toward the building limit; gains 1 gold per trade district."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DistrictType
from .base import CharacterRules

if TYPE_CHECKING:
    from ..game import Game


class Trader(CharacterRules):
    key = "trader"
    rank = 6
    income = DistrictType.TRADE

    def counts_toward_limit(self, g: Game, cid: int) -> bool:
        return g.rules.edition.districts[cid].type is not DistrictType.TRADE
