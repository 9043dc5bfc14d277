"""Unique districts that destroy districts: the Armory (destroy it to destroy any 1 district, RULINGS R15)
and the two that build without paying by destroying a district of your own city instead: the Framework
(destroy it to build any district) and the Necropolis (destroy 1 district of your city to build it).

The unpaid builds are ordinary "build" actions with two more arguments, `("destroy", victim key)`:
`build castle destroy framework`, `build necropolis destroy temple`. They are not paid builds (RULINGS
R17: the Magistrate cannot confiscate them) and go through `Game.place`, never `Game.pay_and_place`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..characters.warlord import remove_district
from ..terms import CARD
from .base import DistrictRules, Handler

if TYPE_CHECKING:
    from ..game import Game


def build_by_destroying(g: Game, p: int, cid: int, victim: str, how: str) -> None:
    """Destroy `victim` from p's city, then place `cid` (already out of p's hand) without paying."""
    vid = g.card_id(victim)
    # With the Quarry there may be two: the plain one goes, a beautified one keeps its gold (R33).
    entry = min((e for e in g.cities[p] if e & CARD == vid), key=g.entry_cost)
    g.emit("sacrifice", {"player": p, "card": victim, "for": g.rules.edition.districts[cid].key})
    remove_district(g, p, entry)
    g.place(p, cid, how)


class Framework(DistrictRules):
    """You can build a district by destroying the Framework instead of paying that district's cost."""

    key = "framework"
    alt_pay = True

    def alt_build_actions(self, g: Game, p: int, cid: int, out: list[Action]) -> None:
        if g.has(p, self.key):
            out.append(Action("build", (g.rules.edition.districts[cid].key, "destroy", self.key)))

    def alt_build(self, g: Game, p: int, cid: int, how: tuple[Any, ...]) -> bool:
        if how != ("destroy", self.key) or not g.has(p, self.key):
            return False
        build_by_destroying(g, p, cid, self.key, self.key)
        return True


class Necropolis(DistrictRules):
    """You can build the Necropolis by destroying 1 district in your city instead of paying its cost."""

    key = "necropolis"
    alt_pay = True

    def alt_build_actions(self, g: Game, p: int, cid: int, out: list[Action]) -> None:
        if cid != self.id:
            return
        # The Framework offers "destroy framework" itself: do not list the same action twice.
        skip = "framework" if g.has(p, "framework") else ""
        for key in dict.fromkeys(g.rules.edition.districts[e & CARD].key for e in g.cities[p]):
            if key != skip:
                out.append(Action("build", (self.key, "destroy", key)))

    def alt_build(self, g: Game, p: int, cid: int, how: tuple[Any, ...]) -> bool:
        if cid != self.id or len(how) != 2 or how[0] != "destroy":
            return False
        build_by_destroying(g, p, cid, str(how[1]), self.key)
        return True


class Armory(DistrictRules):
    """During your turn, destroy the Armory to destroy 1 district of your choice: not in a completed city;
    your own city and the Keep are allowed; no gold is paid, so the Great Wall does not matter (R15)."""

    key = "armory"
    has_actions = True

    def handlers(self) -> dict[str, Handler]:
        return {"armory": armory}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        for q in range(g.players):
            if g.is_complete(q):
                continue
            for key in dict.fromkeys(g.rules.edition.districts[e & CARD].key for e in g.cities[q]):
                if not (q == p and key == self.key):
                    out.append(Action("armory", (q, key)))


def armory(g: Game, p: int, a: Action) -> None:
    q, key = int(a.args[0]), str(a.args[1])
    cid = g.card_id(key)
    copies = [e for e in g.cities[q] if e & CARD == cid]
    # Of two identical districts (Quarry), an opponent loses the beautified one, the owner keeps it.
    entry = min(copies, key=g.entry_cost) if q == p else max(copies, key=g.entry_cost)
    aid = g.rules.district_rules["armory"].id
    own = next(e for e in g.cities[p] if e & CARD == aid)
    g.emit("armory", {"player": p, "target": q, "card": key})
    remove_district(g, p, own)
    remove_district(g, q, entry)
