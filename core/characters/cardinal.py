"""5 Cardinal: short of gold to build a district, take the missing gold from one player, giving him 1 card
from your hand per gold taken, then pay to build it (he cannot refuse; never more than is needed). Gains 1
card for each religious district."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import DistrictType
from ..terms import USED_ABILITY, Decision, Income
from ._targets import build_refused
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Cardinal(CharacterRules):
    key = "cardinal"
    rank = 5
    income = DistrictType.RELIGIOUS
    income_resource = Income.CARDS
    follow_ups = frozenset({Decision.CARDINAL_GIVE})

    def handlers(self) -> dict[str, Handler]:
        return {"cardinal_build": cardinal_build, "cardinal_give": cardinal_give}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY or not g.turn.gathered:
            return
        gold = g.gold[p]
        hand = g.hands[p]
        if not g.rules.character_rules[g.current_character].may_build:
            return
        left = g.builds_left()
        for cid in dict.fromkeys(hand):
            d = g.rules.edition.districts[cid]
            if not d.buildable or not g.can_build_kind(p, cid) or (not left and g.counts_toward_limit(cid)):
                continue
            cost = g.build_cost(p, cid)
            dr = g.rules.district_rules.get(d.key)
            if dr is not None and dr.custom_build:
                continue  # the Thieves' Den has its own way to pay with cards
            if build_refused(g, p, cid):
                continue
            missing = cost - gold
            if missing <= 0 or len(hand) - 1 < missing:
                continue
            for q in range(g.players):
                if q != p and g.gold[q] >= missing:
                    out.append(Action("cardinal_build", (d.key, q)))

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [Action("cardinal_give", (k,)) for k in dict.fromkeys(g.card_keys(g.hands[g.decision.player]))]


def cardinal_build(g: Game, p: int, a: Action) -> None:
    key, q = str(a.args[0]), int(a.args[1])
    cid = g.card_id(key)
    g.turn.used |= USED_ABILITY
    g.hand_remove(p, cid)
    missing = g.build_cost(p, cid) - g.gold[p]
    # follow_up_data: [target, district, cards still to give]
    g.open_follow_up(Decision.CARDINAL_GIVE, p, [q, cid, missing])


def cardinal_give(g: Game, p: int, a: Action) -> None:
    q, cid = g.decision.data[0], g.decision.data[1]
    card = g.card_id(str(a.args[0]))
    g.hand_remove(p, card)
    g.hands[q].append(card)
    g.known[p][q].append(card)  # RULINGS R2: the Cardinal knows what he gave
    g.emit("cardinal_give_private", {"player": p, "target": q, "card": str(a.args[0])}, (p, q))
    g.decision.data[2] -= 1
    if g.decision.data[2] > 0:
        return
    g.decision.kind = Decision.NONE
    g.decision.data = []
    cost = g.build_cost(p, cid)
    missing = cost - g.gold[p]
    g.gold[q] -= missing
    g.gold[p] += missing
    g.emit(
        "cardinal", {"player": p, "target": q, "gold": missing, "card": g.rules.edition.districts[cid].key}
    )
    g.pay_and_place(p, cid, cost)
