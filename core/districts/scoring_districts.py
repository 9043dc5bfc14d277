"""Unique districts that only score at the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DistrictType
from ..terms import CARD
from .base import DistrictRules, ScoreContext

if TYPE_CHECKING:
    from ..game import Game


HAUNTED = ("haunted_quarter", "haunted_city")  # 2016 and classic names of the district of chosen type


def city_types(g: Game, p: int, ctx: ScoreContext) -> list[DistrictType]:
    """The type of each district of p's city at scoring, with the Haunted Quarter's choice."""
    out = []
    for e in g.cities[p]:
        d = g.rules.edition.districts[e & CARD]
        out.append(ctx.haunted_type if d.key in HAUNTED else d.type)
    return out


class DragonGate(DistrictRules):
    key = "dragon_gate"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return 2


class ImperialTreasury(DistrictRules):
    """+1 per gold in the stash (gold on beautified districts is not in the stash)."""

    key = "imperial_treasury"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return g.gold[p]


class MapRoom(DistrictRules):
    """+1 per card in hand (the Secret Vault counts, RULINGS R23)."""

    key = "map_room"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return len(g.hands[p])


class Statue(DistrictRules):
    key = "statue"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return 5 if g.crown == p else 0


class WishingWell(DistrictRules):
    """+1 per unique district, itself included; a Haunted Quarter counted as another type is not unique."""

    key = "wishing_well"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return sum(1 for t in city_types(g, p, ctx) if t is DistrictType.UNIQUE)


class HauntedQuarter(DistrictRules):
    """Its type is chosen at scoring; the engine picks the best type for its owner (RULINGS R3)."""

    key = "haunted_quarter"


class Keep(DistrictRules):
    """Rank 8 characters cannot use their ability on the Keep (see characters/warlord.py)."""

    key = "keep"


class Library(DistrictRules):
    """Keep all cards drawn when gathering (Game._gather)."""

    key = "library"


class Quarry(DistrictRules):
    """Build districts identical to ones in your city (Game.can_build_kind)."""

    key = "quarry"


class SchoolOfMagic(DistrictRules):
    """Counts as the income type of the character gaining resources (Game.income_count)."""

    key = "school_of_magic"


class Factory(DistrictRules):
    """Other unique districts cost 1 less (Game.build_cost)."""

    key = "factory"


class Basilica(DistrictRules):
    """+1 per district with an odd cost; a beautified district's cost includes its +1 (RULINGS R14, R33)."""

    key = "basilica"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return sum(1 for e in g.cities[p] if g.entry_cost(e) % 2 == 1)


CAPITOL_SAME = 3  # districts of one type the Capitol needs


class Capitol(DistrictRules):
    """+3, once, with at least 3 districts of one type; unique is a type, the Haunted Quarter counts as the
    type chosen for it."""

    key = "capitol"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        types = city_types(g, p, ctx)
        return 3 if any(types.count(t) >= CAPITOL_SAME for t in set(types)) else 0


class IvoryTower(DistrictRules):
    """+5 if it is the only unique district of the city; a Haunted Quarter counted as another type is
    not unique (2016 rulebook, District Clarifications)."""

    key = "ivory_tower"

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        uniques = sum(1 for t in city_types(g, p, ctx) if t is DistrictType.UNIQUE)
        return 5 if uniques == 1 else 0
