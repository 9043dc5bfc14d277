"""5 Abbot: gains 1 gold or 1 card for each religious district, in any mix declared before taking them;
if he is not the richest player, the richest gives him 1 gold (he chooses among tied players; nothing if he
is among them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import DistrictType
from ..terms import USED_ABILITY, Decision, Income
from ._targets import richest
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Abbot(CharacterRules):
    key = "abbot"
    rank = 5
    income = DistrictType.RELIGIOUS
    income_resource = Income.EITHER
    follow_ups = frozenset({Decision.ABBOT_INCOME})

    def handlers(self) -> dict[str, Handler]:
        return {"alms": alms, "abbot_income": abbot_income}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        rich = richest(g)
        if p not in rich:
            out.extend(Action("alms", (q,)) for q in rich)

    def mixed_income(self, g: Game, p: int, k: int) -> None:
        if k == 0:
            g.emit("gain_gold", {"player": p, "amount": 0, "why": "income"})
            return
        g.open_follow_up(Decision.ABBOT_INCOME, p, [k])

    def follow_up_actions(self, g: Game) -> list[Action]:
        # The number of gold taken; the rest of the income is cards.
        return [Action("abbot_income", (gold,)) for gold in range(g.decision.data[0] + 1)]


def abbot_income(g: Game, p: int, a: Action) -> None:
    k = g.decision.data[0]
    gold = int(a.args[0])
    g.decision.kind = Decision.NONE
    g.decision.data = []
    if gold:
        g.gain_gold(p, gold, "income")
    if k - gold:
        g.gain_cards(p, k - gold, "income")


def alms(g: Game, p: int, a: Action) -> None:
    q = int(a.args[0])
    g.turn.used |= USED_ABILITY
    g.gold[q] -= 1
    g.gold[p] += 1
    g.emit("alms", {"player": p, "target": q})
