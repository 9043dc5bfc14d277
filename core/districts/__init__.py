"""Unique district rules, one class each; `district_rules_for` builds those of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ConfigError
from .active import Laboratory, Smithy
from .base import DistrictRules, ScoreContext
from .classic import CLASSIC_RULES
from .destroying import Armory, Framework, Necropolis
from .museum import Museum
from .passive import GoldMine, GreatWall, Monument, Observatory, Park, PoorHouse, SecretVault, Stables
from .scoring_districts import (
    Basilica,
    Capitol,
    DragonGate,
    Factory,
    HauntedQuarter,
    ImperialTreasury,
    IvoryTower,
    Keep,
    Library,
    MapRoom,
    Quarry,
    SchoolOfMagic,
    Statue,
    WishingWell,
)
from .theater import Theater
from .thieves_den import ThievesDen

if TYPE_CHECKING:
    from ..edition import Edition

RULES: dict[str, type[DistrictRules]] = {
    r.key: r
    for r in (
        Armory,
        Basilica,
        Capitol,
        DragonGate,
        Factory,
        Framework,
        GoldMine,
        GreatWall,
        HauntedQuarter,
        ImperialTreasury,
        IvoryTower,
        Keep,
        Laboratory,
        Library,
        MapRoom,
        Monument,
        Museum,
        Necropolis,
        Observatory,
        Park,
        PoorHouse,
        Quarry,
        SchoolOfMagic,
        SecretVault,
        Smithy,
        Stables,
        Statue,
        Theater,
        ThievesDen,
        WishingWell,
    )
}

# An edition's own variants of districts whose rules differ, by edition key then card key.
EDITION_RULES: dict[str, dict[str, type[DistrictRules]]] = {"classic": CLASSIC_RULES}


def district_rules_for(ed: Edition, ids: tuple[int, ...]) -> dict[str, DistrictRules]:
    own = EDITION_RULES.get(ed.key, {})
    out = {}
    for i in ids:
        key = ed.districts[i].key
        cls = own.get(key) or RULES.get(key)
        if cls is None:
            raise ConfigError(f"The {ed.districts[i].name} cannot be played yet in this version.")
        out[key] = cls(i)
    return out


__all__ = ["DistrictRules", "EDITION_RULES", "RULES", "ScoreContext", "district_rules_for"]
