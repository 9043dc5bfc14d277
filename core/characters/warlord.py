"""8 Warlord: destroy 1 district by paying 1 fewer gold than its cost (RULINGS R14); military gold."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..actions import Action, shared
from ..cards import DistrictType
from ..events import shape
from ..terms import CARD, USED_ABILITY
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..edition import Edition
    from ..game import Game


def rank8_surcharge(g: Game, owner: int, entry: int) -> int:
    """Great Wall: +1 on every *other* district of its owner's city (RULINGS R14)."""
    dr = g.rules.district_rules.get("great_wall")
    if dr is not None and entry & CARD != dr.id and g.has(owner, "great_wall"):
        return 1
    return 0


def rank8_targetable(g: Game, q: int) -> bool:
    """A city a rank 8 ability may reach: not completed, not protected by the Bishop."""
    return not g.is_complete(q) and not g.is_protected(q)


def destroy_price(g: Game, q: int, entry: int) -> int:
    return g.entry_cost(entry) - 1 + rank8_surcharge(g, q, entry)


def cheapest_entry(g: Game, q: int, key: str) -> int:
    """The copy of district `key` in q's city that a rank 8 ability takes: the cheaper one (of two, with the
    Quarry, the plain one before a beautified one)."""
    cid = g.card_id(key)
    return min((e for e in g.cities[q] if e & CARD == cid), key=g.entry_cost)


class Warlord(CharacterRules):
    key = "warlord"
    rank = 8
    income = DistrictType.MILITARY

    def handlers(self) -> dict[str, Handler]:
        return {"destroy": destroy}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        gold = g.gold[p]
        rules = g.rules.district_rules
        keep = rules.get("keep")
        keep_id = keep.id if keep is not None else -1
        wall = rules.get("great_wall")
        costs = g.rules.entry_costs
        districts = g.rules.edition.districts
        # destroy_price() inlined: the `hard` bot's playouts list the Warlord's targets at every decision
        # of his turns, and this is most of their cost.
        protected = g.protected_seats()
        listed = _destroy_actions(g)
        complete_at = g.complete_at
        limit = gold + 1  # the dearest entry whose price (its cost - 1 at least) the gold may pay
        for q, city in enumerate(g.cities):
            if not city or q in protected or (len(city) + 1 >= complete_at and g.is_complete(q)):
                # (rank8_targetable, inlined; a city two districts short is not complete, whatever it holds)
                continue
            # The districts whose price (cost - 1, or more) the gold may pay, cheapest first (a stable sort:
            # equal costs in the city's order). Filtered before sorting: the Warlord is often short of gold,
            # and sorting every city at each of his decisions was most of the listing.
            affordable = [e for e in city if costs[e] <= limit]
            if not affordable:
                continue
            if len(affordable) > 1:
                affordable.sort(key=costs.__getitem__)
            row = listed[q]
            wall_id = wall.id if wall is not None and g.has(q, "great_wall") else -1
            offered: list[int] = []  # card ids listed for this city (a copy, or a beautified one, once)
            for e in affordable:
                cid = e & CARD
                if cid == keep_id or cid in offered:
                    continue
                if costs[e] - 1 + (1 if wall_id >= 0 and cid != wall_id else 0) <= gold:
                    offered.append(cid)
                    a = row[cid]
                    if a is None:
                        a = row[cid] = shared("destroy", q, districts[cid].key)
                    out.append(a)


@functools.lru_cache(maxsize=16)
def _destroy_rows(edition: Edition) -> list[list[Action | None]]:
    """The shared destroy actions already listed, by seat and card id (None until first listed), per
    edition: the `hard` bot's playouts list the Warlord's targets at his decisions, and `shared` builds and
    hashes a key for each. The rows grow with the seats asked for (`_destroy_actions`)."""
    return []


def _destroy_actions(g: Game) -> list[list[Action | None]]:
    rows = _destroy_rows(g.rules.edition)
    while len(rows) < g.players:
        rows.append([None] * len(g.rules.edition.districts))
    return rows


_DESTROY = shape("destroy", "player", "target", "card", "paid")


def destroy(g: Game, p: int, a: Action) -> None:
    q, key = int(a.args[0]), str(a.args[1])
    entry = cheapest_entry(g, q, key)
    price = destroy_price(g, q, entry)
    g.gold[p] -= price
    g.turn.used |= USED_ABILITY
    log = g.log
    if log is not None:  # a compact record (see Game.events); a silent game, a search's, keeps none
        log.append((_DESTROY, None, p, q, key, price))
    remove_district(g, q, entry)


def remove_district(g: Game, q: int, entry: int) -> None:
    """Take a district out of q's city to the bottom of the deck (with the Museum's cards, R24)."""
    g.cities[q].remove(entry)
    g.bottom([entry])
    dr = g.rules.card_rules[entry & CARD]
    if dr is not None and dr.has_removed:
        dr.on_removed(g, q)  # the classic Bell Tower: the end condition returns to normal
    museum = g.rules.district_rules.get("museum")
    if museum is not None and entry & CARD == museum.id and g.museum:
        g.bottom(g.museum)
        g.emit("museum_lost", {"player": q, "count": len(g.museum)})
        g.museum = []
