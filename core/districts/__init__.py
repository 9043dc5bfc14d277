"""Unique district rules, one class each; `district_rules_for` builds those of a game."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError
from .base import DistrictRules, ScoreContext

if TYPE_CHECKING:
    from ..edition import Edition

# Each unique district's rules: its module (in this package) and class, by card key, in the order of
# `RULES`. A game imports the modules of its deal's districts when it is made (`district_rules_for`):
# importing them all cost every start the districts a first game never deals (the destroying ones with
# the Warlord's rules, the Museum, the passive ones, the Theater).
CLASSES: dict[str, tuple[str, str]] = {
    "armory": ("destroying", "Armory"),
    "basilica": ("scoring_districts", "Basilica"),
    "capitol": ("scoring_districts", "Capitol"),
    "dragon_gate": ("scoring_districts", "DragonGate"),
    "factory": ("scoring_districts", "Factory"),
    "framework": ("destroying", "Framework"),
    "gold_mine": ("passive", "GoldMine"),
    "great_wall": ("passive", "GreatWall"),
    "haunted_quarter": ("scoring_districts", "HauntedQuarter"),
    "imperial_treasury": ("scoring_districts", "ImperialTreasury"),
    "ivory_tower": ("scoring_districts", "IvoryTower"),
    "keep": ("scoring_districts", "Keep"),
    "laboratory": ("active", "Laboratory"),
    "library": ("scoring_districts", "Library"),
    "map_room": ("scoring_districts", "MapRoom"),
    "monument": ("passive", "Monument"),
    "museum": ("museum", "Museum"),
    "necropolis": ("destroying", "Necropolis"),
    "observatory": ("passive", "Observatory"),
    "park": ("passive", "Park"),
    "poor_house": ("passive", "PoorHouse"),
    "quarry": ("scoring_districts", "Quarry"),
    "school_of_magic": ("scoring_districts", "SchoolOfMagic"),
    "secret_vault": ("passive", "SecretVault"),
    "smithy": ("active", "Smithy"),
    "stables": ("passive", "Stables"),
    "statue": ("scoring_districts", "Statue"),
    "theater": ("theater", "Theater"),
    "thieves_den": ("thieves_den", "ThievesDen"),
    "wishing_well": ("scoring_districts", "WishingWell"),
}
_BY_CLASS_NAME = {name: module for module, name in CLASSES.values()}


def rules_class(key: str) -> type[DistrictRules] | None:
    """The shared rules' class of district `key` (None for a district without rules of its own), its
    module imported now if it was not yet (see `CLASSES`)."""
    where = CLASSES.get(key)
    if where is None:
        return None
    cls: type[DistrictRules] = getattr(importlib.import_module(f".{where[0]}", __name__), where[1])
    return cls


def edition_rules(edition: str) -> dict[str, type[DistrictRules]]:
    """An edition's own variants of districts whose rules differ, by card key."""
    if edition != "classic":
        return {}
    from .classic import CLASSIC_RULES  # imported where used: only a classic game needs its variants

    return CLASSIC_RULES


def __getattr__(name: str) -> Any:
    """`RULES` (every district's shared rules, by key), `EDITION_RULES` (an edition's variants, by edition
    key then card key) and each rules class by its name (`districts.Museum`): made or imported when first
    asked for."""
    if name == "RULES":
        table: Any = {key: rules_class(key) for key in CLASSES}
    elif name == "EDITION_RULES":
        table = {"classic": edition_rules("classic")}
    elif name in _BY_CLASS_NAME:
        table = getattr(importlib.import_module(f".{_BY_CLASS_NAME[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = table
    return table


def district_rules_for(ed: Edition, ids: tuple[int, ...]) -> dict[str, DistrictRules]:
    own = edition_rules(ed.key)
    out = {}
    for i in ids:
        key = ed.districts[i].key
        cls = own.get(key) or rules_class(key)
        if cls is None:
            raise ConfigError("not_yet_playable", thing=ed.districts[i].name)
        out[key] = cls(i)
    return out


__all__ = ["DistrictRules", "EDITION_RULES", "RULES", "ScoreContext", "district_rules_for"]
