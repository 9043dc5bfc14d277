"""Unique district rules, one class each; `district_rules_for` builds those of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ConfigError
from .active import Laboratory, Smithy
from .base import DistrictRules, ScoreContext
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


def edition_rules(edition: str) -> dict[str, type[DistrictRules]]:
    """An edition's own variants of districts whose rules differ, by card key."""
    if edition != "classic":
        return {}
    from .classic import CLASSIC_RULES  # imported where used: only a classic game needs its variants

    return CLASSIC_RULES


def __getattr__(name: str) -> dict[str, dict[str, type[DistrictRules]]]:
    """`EDITION_RULES` (an edition's variants, by edition key then card key), made when first asked for."""
    if name != "EDITION_RULES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    table = globals()[name] = {"classic": edition_rules("classic")}
    return table


def district_rules_for(ed: Edition, ids: tuple[int, ...]) -> dict[str, DistrictRules]:
    own = edition_rules(ed.key)
    out = {}
    for i in ids:
        key = ed.districts[i].key
        cls = own.get(key) or RULES.get(key)
        if cls is None:
            raise ConfigError(f"The {ed.districts[i].name} cannot be played yet in this version.")
        out[key] = cls(i)
    return out


__all__ = ["DistrictRules", "EDITION_RULES", "RULES", "ScoreContext", "district_rules_for"]
