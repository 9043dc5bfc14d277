"""Unique districts with an effect used during the owner's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, shared
from ..terms import USED_LAB, USED_SMITHY
from .base import DistrictRules, Handler

if TYPE_CHECKING:
    from ..game import Game

SMITHY = Action("smithy")


class Laboratory(DistrictRules):
    """Once per turn, discard 1 card from your hand to gain 2 gold."""

    key = "laboratory"
    has_actions = True
    gain = 2  # the classic card gives 1 (districts/classic.py)

    def handlers(self) -> dict[str, Handler]:
        return {"laboratory": laboratory}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_LAB:
            out.extend(shared("laboratory", k) for k in dict.fromkeys(g.card_keys(g.hands[p])))


def laboratory(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    g.turn.used |= USED_LAB
    g.hands[p].remove(cid)
    g.forget_hand(p)
    g.bottom([cid])
    gain = g.rules.district_rules["laboratory"].gain  # type: ignore[attr-defined]  # the Laboratory's rules carry its gain
    g.gold[p] += gain
    g.emit("laboratory", {"player": p, "amount": gain})
    g.emit("laboratory_private", {"player": p, "card": str(a.args[0])}, (p,))


class Smithy(DistrictRules):
    """Once per turn, pay 2 gold to gain 3 cards."""

    key = "smithy"
    has_actions = True

    def handlers(self) -> dict[str, Handler]:
        return {"smithy": smithy}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_SMITHY and g.gold[p] >= 2:
            out.append(SMITHY)


def smithy(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_SMITHY
    g.gold[p] -= 2
    g.emit("smithy", {"player": p})
    g.gain_cards(p, 3, "smithy")
