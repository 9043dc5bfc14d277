"""Unique districts whose effect the engine applies where the rule bites: gathering (Gold Mine,
Observatory), the building limit (Stables), what may be built (Monument, Secret Vault), rank 8 payments
(Great Wall), and the end of the owner's turn (Park, Poor House)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction
from .base import DistrictRules, ScoreContext

if TYPE_CHECKING:
    from ..game import Game

MONUMENT_LIMIT = 5  # "You cannot build the Monument if you have 5 or more districts in your city."


class GoldMine(DistrictRules):
    """Gathering gold gains 1 extra gold (Game._gather)."""

    key = "gold_mine"


class Observatory(DistrictRules):
    """Gathering cards draws 3 instead of 2 (Game._gather); with the Library all 3 are kept."""

    key = "observatory"


class GreatWall(DistrictRules):
    """Rank 8 payments cost 1 more on every *other* district of its owner's city (RULINGS R14;
    characters/warlord.py rank8_surcharge)."""

    key = "great_wall"


class Stables(DistrictRules):
    """Building the Stables does not count toward the building limit, so it may be built even when the
    limit is reached (Game.counts_toward_limit)."""

    key = "stables"
    counts_toward_limit = False


class Monument(DistrictRules):
    """Cannot be built with 5 or more districts in the city, counted before paying: a Framework or
    Necropolis sacrifice still counts (RULINGS R31). It counts as 2 districts (Game.city_size)."""

    key = "monument"

    def build_refusal(self, g: Game, p: int) -> IllegalAction | None:
        if len(g.cities[p]) >= MONUMENT_LIMIT:
            return IllegalAction("monument_too_late", n=MONUMENT_LIMIT)
        return None


class SecretVault(DistrictRules):
    """Can never be built (DistrictCard.buildable); scores +3 from the hand at the end (RULINGS R23)."""

    key = "secret_vault"

    def build_refusal(self, g: Game, p: int) -> IllegalAction | None:
        return IllegalAction("never_buildable", card="Secret Vault")

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return 3


class Park(DistrictRules):
    """At the end of the owner's turn, an empty hand gains 2 cards."""

    key = "park"
    has_end_turn = True

    def on_end_turn(self, g: Game, p: int) -> None:
        if not g.hands[p]:
            g.gain_cards(p, 2, "park")


class PoorHouse(DistrictRules):
    """At the end of the owner's turn, an empty stash gains 1 gold."""

    key = "poor_house"
    has_end_turn = True

    def on_end_turn(self, g: Game, p: int) -> None:
        if g.gold[p] == 0:
            g.gain_gold(p, 1, "poor_house")
