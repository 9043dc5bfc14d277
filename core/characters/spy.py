"""2 Spy: name another player and a district type, look at his hand; for each card of that type take 1 of
his gold (all he has, if he has fewer) and gain 1 card from the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import ALL_TYPES
from ..terms import USED_ABILITY
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Spy(CharacterRules):
    key = "spy"
    rank = 2

    def handlers(self) -> dict[str, Handler]:
        return {"spy": spy}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        for q in range(g.players):
            if q != p:
                out.extend(Action("spy", (q, t.key)) for t in ALL_TYPES)


def spy(g: Game, p: int, a: Action) -> None:
    q, tkey = int(a.args[0]), str(a.args[1])
    g.turn.used |= USED_ABILITY
    hand = g.hands[q]
    matches = sum(1 for c in hand if g.rules.edition.districts[c].type.key == tkey)
    g.known[p][q] = hand[:]  # RULINGS R2: the Spy saw the whole hand
    gold = min(matches, g.gold[q])
    g.gold[q] -= gold
    g.gold[p] += gold
    g.emit("spy", {"player": p, "target": q, "type": tkey, "matches": matches, "gold": gold})
    g.emit("spy_private", {"player": p, "target": q, "cards": g.card_keys(hand)}, (p,))
    if matches:
        g.gain_cards(p, matches, "spy")
