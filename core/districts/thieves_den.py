"""Thieves' Den: pay some or all of its cost with cards from your hand, 1 card for 1 gold (RULINGS R30)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, shared
from ..terms import Decision
from .base import DistrictRules, Handler

if TYPE_CHECKING:
    from ..game import Game

PAY_GOLD = Action("pay_gold")


class ThievesDen(DistrictRules):
    key = "thieves_den"
    custom_build = True
    follow_ups = frozenset({Decision.PAY_DEN})

    def handlers(self) -> dict[str, Handler]:
        return {"pay_card": pay_card, "pay_gold": pay_gold}

    def can_build(self, g: Game, p: int, cost: int) -> bool:
        # The Den itself is still in hand: every other card may pay 1 gold of the cost.
        return cost <= g.gold[p] + len(g.hands[p]) - 1

    def start_build(self, g: Game, p: int, cost: int) -> None:
        if not g.hands[p]:
            g.pay_and_place(p, self.id, cost)
            return
        # follow_up_data: [gold still due, cards paid ...]
        g.open_follow_up(Decision.PAY_DEN, p, [cost])

    def follow_up_actions(self, g: Game) -> list[Action]:
        p = g.decision.player
        due = g.decision.data[0]
        out: list[Action] = []
        if due > 0:
            out.extend(shared("pay_card", k) for k in dict.fromkeys(g.card_keys(g.hands[p])))
        if due <= g.gold[p]:
            out.append(PAY_GOLD)
        return out


def pay_card(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    g.hands[p].remove(cid)
    g.forget_hand(p)  # paid face down: keep what others know a subset of the hand while this is open
    g.decision.data[0] -= 1
    g.decision.data.append(cid)


def pay_gold(g: Game, p: int, a: Action) -> None:
    due, cards = g.decision.data[0], g.decision.data[1:]
    g.decision.kind = Decision.NONE
    g.decision.data = []
    if cards:
        g.forget_hand(p)
        g.bottom(cards)
        g.emit("pay_with_cards", {"player": p, "count": len(cards)})
        g.emit("pay_with_cards_private", {"player": p, "cards": g.card_keys(cards)}, (p,))
    g.pay_and_place(p, g.rules.district_rules["thieves_den"].id, due)
