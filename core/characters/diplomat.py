"""8 Diplomat: exchange one district of your city for one in another player's city, paying him the
difference if his costs more. Not from a completed city (yours may be complete), not for a district
identical to one in your city, not giving one identical to one in his; never the Keep; not the Bishop's
city (RULINGS R13, R14). Great Wall: +1 on the district taken, never on the one given. Beautified districts
count their +1 and keep it. Gains 1 gold for each military district."""

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


def _entry(g: Game, p: int, key: str) -> int:
    cid = g.card_id(key)
    return min((e for e in g.cities[p] if e & CARD == cid), key=g.entry_cost)


def exchange_price(g: Game, p: int, q: int, mine: int, theirs: int) -> int:
    return max(0, g.entry_cost(theirs) - g.entry_cost(mine)) + rank8_surcharge(g, q, theirs)


def exchange_price_of(g: Game, p: int, q: int, theirs_key: str, mine_key: str) -> int:
    """What the Diplomat pays q to give `mine_key` for `theirs_key` (the Great Wall's surcharge included)."""
    return exchange_price(g, p, q, _entry(g, p, mine_key), _entry(g, q, theirs_key))


class Diplomat(CharacterRules):
    key = "diplomat"
    rank = 8
    income = DistrictType.MILITARY

    def handlers(self) -> dict[str, Handler]:
        return {"exchange": exchange}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        keep = g.rules.district_rules.get("keep")
        keep_id = keep.id if keep is not None else -1
        mine_ids = {e & CARD for e in g.cities[p]}
        my_keys = [
            g.rules.edition.districts[c].key
            for c in dict.fromkeys(e & CARD for e in g.cities[p])
            if c != keep_id
        ]
        if not my_keys:
            return
        gold = g.gold[p]
        for q in range(g.players):
            if q == p or not rank8_targetable(g, q):
                continue
            their_ids = {e & CARD for e in g.cities[q]}
            for tid in dict.fromkeys(e & CARD for e in g.cities[q]):
                # No duplicates by exchange, even with the Quarry (2016 rulebook, Quarry).
                if tid == keep_id or tid in mine_ids:
                    continue
                tkey = g.rules.edition.districts[tid].key
                theirs = _entry(g, q, tkey)
                for mkey in my_keys:
                    mine = _entry(g, p, mkey)
                    if mine & CARD in their_ids:
                        continue
                    if exchange_price(g, p, q, mine, theirs) <= gold:
                        out.append(Action("exchange", (q, tkey, mkey)))


def exchange(g: Game, p: int, a: Action) -> None:
    q, tkey, mkey = int(a.args[0]), str(a.args[1]), str(a.args[2])
    theirs, mine = _entry(g, q, tkey), _entry(g, p, mkey)
    price = exchange_price(g, p, q, mine, theirs)
    g.turn.used |= USED_ABILITY
    g.gold[p] -= price
    g.gold[q] += price
    g.cities[q].remove(theirs)
    g.cities[p].remove(mine)
    g.cities[p].append(theirs)  # the Artist's gold moves with the district (RULINGS R33)
    g.cities[q].append(mine)
    g.emit("exchange", {"player": p, "target": q, "took": tkey, "gave": mkey, "paid": price})
    city_changed(g, p)  # the Monument counts as two
    city_changed(g, q)
