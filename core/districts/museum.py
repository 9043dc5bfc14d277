"""Museum: once per turn, assign 1 card from your hand face down under it; +1 point per card at the end.

The cards are in `Game.museum`: they belong to the Museum, not to a player, so they stay with it when it
changes owner and go to the bottom of the deck when it is destroyed (RULINGS R24, `remove_district`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_MUSEUM
from .base import DistrictRules, Handler, ScoreContext

if TYPE_CHECKING:
    from ..game import Game


class Museum(DistrictRules):
    key = "museum"
    has_actions = True

    def handlers(self) -> dict[str, Handler]:
        return {"museum": museum}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_MUSEUM:
            out.extend(Action("museum", (k,)) for k in dict.fromkeys(g.card_keys(g.hands[p])))

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        return len(g.museum)


def museum(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    g.turn.used |= USED_MUSEUM
    g.hands[p].remove(cid)
    g.forget_hand(p)  # face down: others cannot tell which card left the hand
    g.museum.append(cid)
    g.emit("museum", {"player": p, "count": len(g.museum)})
    g.emit("museum_private", {"player": p, "card": str(a.args[0])}, (p,))
