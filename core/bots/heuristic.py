"""The heuristic bot: takes income, builds the best district it can, drafts characters that pay, and aims
the Assassin, Thief and Warlord at whoever leads."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..cards import DistrictType
from ..edition import get_edition
from ..rng import Rng
from ..view import PlayerInfo, View
from .heuristic_characters import character_decision, character_turn, character_value
from .heuristic_classic import classic_build_bonus, classic_decision, classic_turn
from .heuristic_districts import (
    district_action,
    district_build_bonus,
    district_card_value,
    late_district_action,
    sensible_builds,
    theater_choice,
)

# Base appeal of each character when drafting, before the city and hand are looked at.
BASE_VALUE = {
    "assassin": 3.0,
    "thief": 2.5,
    "magician": 1.5,
    "king": 2.5,
    "bishop": 2.0,
    "merchant": 3.0,
    "architect": 3.0,
    "warlord": 2.5,
    "artist": 1.5,
}
ROB_ORDER = ("merchant", "king", "architect", "bishop", "warlord", "magician", "artist")
KILL_ORDER = ("architect", "merchant", "king", "warlord", "thief", "bishop", "magician", "artist")


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, v: View) -> Action:
        legal = v.legal
        if len(legal) == 1:
            return legal[0]
        kind = v.pending_kind
        if kind == "choose_character":
            return self._draft(v, "choose")
        if kind == "discard_character":
            return self._draft(v, "discard_character", worst=True)
        if kind == "keep":
            return max(legal, key=lambda a: self.card_value(v, str(a.args[0])))
        if kind == "redraw":
            return self._redraw(v)
        if kind == "theater":
            return theater_choice(self, v)
        if kind == "pay_den":
            cards = [a for a in legal if a.kind == "pay_card"]
            pay_gold = [a for a in legal if a.kind == "pay_gold"]
            cheap = [a for a in cards if self.card_value(v, str(a.args[0])) < 3]
            if cheap:
                return min(cheap, key=lambda a: self.card_value(v, str(a.args[0])))
            if pay_gold:
                return pay_gold[0]
            return min(cards, key=lambda a: self.card_value(v, str(a.args[0])))
        if kind != "turn" and v.edition == "classic":
            a = classic_decision(self, v)
            if a is not None:
                return a
        if kind != "turn":
            a = character_decision(self, v)
            if a is not None:
                return a
        return self._turn(v)

    # ---------------------------------------------------------------- selection

    def _draft(self, v: View, verb: str, worst: bool = False) -> Action:
        opts = [a for a in v.legal if a.kind == verb]
        scored = sorted(opts, key=lambda a: self.draft_value(v, str(a.args[0])) + self.rng.below(100) / 400)
        return scored[0] if worst else scored[-1]

    def draft_value(self, v: View, key: str) -> float:
        me = v.players[v.me or 0]
        ed = get_edition(v.edition)
        ch = ed.characters[ed.character_by_key[key]]
        val = BASE_VALUE.get(key) or character_value(key)
        if ch.income is not None:
            val += sum(1 for d in me.city if d.type == ch.income.key or d.key == "school_of_magic")
        affordable = [k for k in v.hand if self.district_cost(v, k) <= me.gold + 2]
        if key == "architect":
            val += min(len(affordable), 3) * 0.8 + (1 if me.gold >= 6 else 0)
        if key == "merchant":
            val += 0.5
        if key == "magician" and len(v.hand) <= 1:
            val += 2
        if key == "king" and not me.crown:
            val += 0.5
        if key == "bishop" and me.city_size >= v.complete_at - 2:
            val += 1.5
        if key == "warlord":
            leader = self.leader(v)
            if leader is not None and leader.city_size >= v.complete_at - 2:
                val += 1.5
        if key == "artist":
            val += 1 if me.gold >= 6 else -1
        return val

    # ---------------------------------------------------------------- the turn

    def _turn(self, v: View) -> Action:
        legal = v.legal
        me = v.players[v.me or 0]
        by_kind: dict[str, list[Action]] = {}
        for act in legal:
            by_kind.setdefault(act.kind, []).append(act)
        if v.edition == "classic":
            a = classic_turn(self, v, by_kind)
            if a is not None:
                return a
        if "kill" in by_kind:
            return self.pick_target(by_kind["kill"], KILL_ORDER, v)
        if "rob" in by_kind:
            return self.pick_target(by_kind["rob"], ROB_ORDER, v)
        a = character_turn(self, v, by_kind)
        if a is not None:
            return a
        if "bonus" in by_kind:
            return by_kind["bonus"][0]
        if "gather" in by_kind:
            return self._gather(v, by_kind["gather"])
        a = district_action(self, v, by_kind)
        if a is not None:
            return a
        if "swap_hands" in by_kind or "redraw" in by_kind:
            a = self._magic(v, by_kind)
            if a is not None:
                return a
        builds = sensible_builds(self, v, by_kind.get("build", []))
        if builds:
            income_first = "income" in by_kind and not any(
                self._type(v, str(b.args[0])) == self._income_type(v) for b in builds
            )
            if income_first:
                return by_kind["income"][0]
            return max(builds, key=lambda a: self.build_value(v, str(a.args[0])))
        if "income" in by_kind:
            return by_kind["income"][0]
        if "laboratory" in by_kind and me.gold < 4 and len(v.hand) > 1:
            return min(by_kind["laboratory"], key=lambda a: self.card_value(v, str(a.args[0])))
        if "smithy" in by_kind and me.gold >= 5 and len(v.hand) <= 2:
            return by_kind["smithy"][0]
        if "destroy" in by_kind:
            a = self._destroy(v, by_kind["destroy"])
            if a is not None:
                return a
        if "beautify" in by_kind and me.gold >= 3:
            return max(by_kind["beautify"], key=lambda a: self.district_cost(v, str(a.args[0])))
        a = late_district_action(self, v, by_kind)
        if a is not None:
            return a
        return by_kind["end"][0] if "end" in by_kind else legal[0]

    def _gather(self, v: View, opts: list[Action]) -> Action:
        me = v.players[v.me or 0]
        buildable = [k for k in v.hand if not self._dup(v, k)]
        gold_a = next(a for a in opts if a.args[0] == "gold")
        cards_a = next(a for a in opts if a.args[0] == "cards")
        if not buildable:
            return cards_a
        if v.deck_size == 0:
            return gold_a
        cheapest = min(self.district_cost(v, k) for k in buildable)
        if me.gold < cheapest or len(buildable) >= 3:
            return gold_a
        return cards_a if me.gold >= 6 else gold_a

    def _magic(self, v: View, by_kind: dict[str, list[Action]]) -> Action | None:
        me = v.players[v.me or 0]
        swaps = by_kind.get("swap_hands", [])
        if swaps:
            best = max(swaps, key=lambda a: v.players[int(a.args[0])].hand_size)
            if v.players[int(best.args[0])].hand_size >= len(v.hand) + 2:
                return best
        useless = [k for k in v.hand if self._dup(v, k) or self.district_cost(v, k) > me.gold + 6]
        if useless and "redraw" in by_kind:
            return by_kind["redraw"][0]
        return None

    def _redraw(self, v: View) -> Action:
        me = v.players[v.me or 0]
        for a in v.legal:
            if a.kind == "discard":
                k = str(a.args[0])
                if self._dup(v, k) or self.district_cost(v, k) > me.gold + 6:
                    return a
        return next(a for a in v.legal if a.kind == "done")

    def _destroy(self, v: View, opts: list[Action]) -> Action | None:
        leader = self.leader(v)
        if leader is None:
            return None
        mine = [a for a in opts if int(a.args[0]) == leader.seat]
        if not mine:
            return None
        me = v.players[v.me or 0]
        cheap = min(mine, key=lambda a: self.district_cost(v, str(a.args[1])))
        price = self.price_in(v, leader, str(cheap.args[1])) - 1
        if price <= 1 or (price <= me.gold - 3 and leader.city_size >= v.complete_at - 2):
            return cheap
        return None

    # ---------------------------------------------------------------- knowledge helpers

    def pick_target(self, opts: Sequence[Action], order: tuple[str, ...], v: View) -> Action:
        keys = {str(a.args[0]): a for a in opts}
        # Characters I passed on are likely held by the players after me; unseen ones by those before.
        for k in order:
            if k in keys:
                return keys[k]
        return opts[self.rng.below(len(opts))]

    def leader(self, v: View) -> PlayerInfo | None:
        others = [p for p in v.players if p.seat != v.me]
        if not others:
            return None
        return max(others, key=lambda p: (p.city_size, sum(d.cost for d in p.city)))

    def district_cost(self, v: View, key: str) -> int:
        ed = get_edition(v.edition)
        return ed.districts[ed.district_by_key[key]].cost

    def _type(self, v: View, key: str) -> DistrictType:
        ed = get_edition(v.edition)
        return ed.districts[ed.district_by_key[key]].type

    def _income_type(self, v: View) -> DistrictType | None:
        if v.calling is None:
            return None
        ed = get_edition(v.edition)
        return ed.characters[ed.character_by_key[v.calling]].income

    def _dup(self, v: View, key: str) -> bool:
        me = v.players[v.me or 0]
        return any(d.key == key for d in me.city) and not any(d.key == "quarry" for d in me.city)

    def price_in(self, v: View, p: PlayerInfo, key: str) -> int:
        return next(d.cost for d in p.city if d.key == key)

    def card_value(self, v: View, key: str) -> float:
        special = district_card_value(self, v, key)
        if special is not None:
            return special
        if self._dup(v, key):
            return -1
        me = v.players[v.me or 0]
        cost = self.district_cost(v, key)
        val = float(cost)
        if cost > me.gold + 4:
            val -= (cost - me.gold - 4) * 1.5
        if self._type(v, key).key not in {d.type for d in me.city}:
            val += 1
        if self._type(v, key) is DistrictType.UNIQUE:
            val += 1
        return val

    def build_value(self, v: View, key: str) -> float:
        me = v.players[v.me or 0]
        val = float(self.district_cost(v, key)) + district_build_bonus(self, v, key)
        if v.edition == "classic":
            val += classic_build_bonus(v, key)
        if self._type(v, key).key not in {d.type for d in me.city}:
            val += 1.5
        if self._type(v, key) == self._income_type(v):
            val += 1
        return val
