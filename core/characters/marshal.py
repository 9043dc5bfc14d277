"""8 Marshal: seize one district costing 3 or less (a beautified one counts its +1) from another player's
city, paying its owner its cost (+1 for the Great Wall, which never changes the limit). Not from a
completed city, not one identical to a district in your city, never the Keep, not from the Bishop's city
(RULINGS R13, R14). Gains 1 gold for each military district."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import DistrictType
from ..terms import CARD, USED_ABILITY
from ._targets import city_changed
from .base import CharacterRules, Handler
from .warlord import rank8_surcharge, rank8_targetable

if TYPE_CHECKING:
    from ..game import Game


def seize_price(g: Game, q: int, entry: int) -> int:
    return g.entry_cost(entry) + rank8_surcharge(g, q, entry)


class Marshal(CharacterRules):
    key = "marshal"
    rank = 8
    income = DistrictType.MILITARY

    def handlers(self) -> dict[str, Handler]:
        return {"seize": seize}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        keep = g.rules.district_rules.get("keep")
        keep_id = keep.id if keep is not None else -1
        mine = {e & CARD for e in g.cities[p]}
        gold = g.gold[p]
        for q in range(g.players):
            if q == p or not rank8_targetable(g, q):
                continue
            offered: set[int] = set()
            for e in sorted(g.cities[q], key=g.entry_cost):
                cid = e & CARD
                if cid == keep_id or cid in mine or cid in offered or g.entry_cost(e) > 3:
                    continue
                offered.add(cid)
                if seize_price(g, q, e) <= gold:
                    out.append(Action("seize", (q, g.rules.edition.districts[cid].key)))


def seize(g: Game, p: int, a: Action) -> None:
    q, key = int(a.args[0]), str(a.args[1])
    cid = g.card_id(key)
    entry = min((e for e in g.cities[q] if e & CARD == cid), key=g.entry_cost)
    price = seize_price(g, q, entry)
    g.turn.used |= USED_ABILITY
    g.gold[p] -= price
    g.gold[q] += price
    g.cities[q].remove(entry)
    g.cities[p].append(entry)  # with the Artist's gold (RULINGS R33)
    g.emit("seize", {"player": p, "target": q, "card": key, "paid": price})
    city_changed(g, p)
