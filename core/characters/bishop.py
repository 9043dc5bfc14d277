"""5 Bishop: rank 8 abilities cannot target his districts this round (RULINGS R13); religious gold."""

from __future__ import annotations

from ..cards import DistrictType
from .base import CharacterRules


class Bishop(CharacterRules):
    key = "bishop"
    rank = 5
    income = DistrictType.RELIGIOUS
    protects = True
