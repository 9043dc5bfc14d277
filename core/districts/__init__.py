"""Unique district rules, one class each; `district_rules_for` builds those of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ConfigError
from .active import Laboratory, Smithy
from .base import DistrictRules, ScoreContext
from .scoring_districts import (
    DragonGate,
    Factory,
    HauntedQuarter,
    ImperialTreasury,
    Keep,
    Library,
    MapRoom,
    Quarry,
    SchoolOfMagic,
    Statue,
    WishingWell,
)
from .thieves_den import ThievesDen

if TYPE_CHECKING:
    from ..edition import Edition

RULES: dict[str, type[DistrictRules]] = {
    r.key: r
    for r in (DragonGate, Factory, HauntedQuarter, ImperialTreasury, Keep, Laboratory, Library, MapRoom,
              Quarry, SchoolOfMagic, Smithy, Statue, ThievesDen, WishingWell)
}


def district_rules_for(ed: Edition, ids: tuple[int, ...]) -> dict[str, DistrictRules]:
    out = {}
    for i in ids:
        key = ed.districts[i].key
        cls = RULES.get(key)
        if cls is None:
            raise ConfigError(f"The {ed.districts[i].name} cannot be played yet in this version.")
        out[key] = cls(i)
    return out


__all__ = ["DistrictRules", "RULES", "ScoreContext", "district_rules_for"]
