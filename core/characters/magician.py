"""3 Magician: exchange hands with another player, or discard any number of cards to draw as many."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..game import DONE, USED_ABILITY
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Magician(CharacterRules):
    key = "magician"
    rank = 3
    subs = frozenset({"redraw"})

    def handlers(self) -> dict[str, Handler]:
        return {"swap_hands": swap_hands, "redraw": redraw, "discard": discard, "done": done}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.used & USED_ABILITY:
            return
        for q in range(g.n):
            if q != p:
                out.append(Action("swap_hands", (q,)))
        if g.hands[p]:
            out.append(Action("redraw"))

    def sub_actions(self, g: Game) -> list[Action]:
        out = [Action("discard", (k,)) for k in dict.fromkeys(g._keys(g.hands[g.sp]))]
        out.append(DONE)
        return out


def swap_hands(g: Game, p: int, a: Action) -> None:
    q = int(a.args[0])
    g.used |= USED_ABILITY
    hp, hq = g.hands[p], g.hands[q]
    g.hands[p], g.hands[q] = hq, hp
    # Both now know the other's whole hand (RULINGS R2); what others knew moves with the cards.
    for r in range(g.n):
        g.known[r][p], g.known[r][q] = g.known[r][q], g.known[r][p]
    g.known[p][q] = hp[:]
    g.known[q][p] = hq[:]
    g.known[p][p] = []
    g.known[q][q] = []
    g._emit("swap_hands", {"player": p, "target": q, "gave": len(hp), "took": len(hq)})
    g._emit("swap_hands_private", {"player": p, "target": q, "gave": g._keys(hp), "took": g._keys(hq)}, (p, q))


def redraw(g: Game, p: int, a: Action) -> None:
    g.open_sub("redraw", p, [])


def discard(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    g.hands[p].remove(cid)
    # Discarded face down: nobody can tell which known cards remain, already while the Magician
    # is still choosing (a re-deal then must find every known card in the hand).
    g.forget_hand(p)
    g.sub_data.append(cid)


def done(g: Game, p: int, a: Action) -> None:
    chosen = g.sub_data
    g.sub = ""
    g.sub_data = []
    if not chosen:
        return  # nothing discarded: the ability is still unused
    g.used |= USED_ABILITY
    g.bottom(chosen)
    g.forget_hand(p)
    drawn = g.draw(len(chosen))
    g.hands[p].extend(drawn)
    g._emit("redraw", {"player": p, "count": len(chosen), "drawn": len(drawn)})
    g._emit("redraw_private", {"player": p, "discarded": g._keys(chosen), "drawn": g._keys(drawn)}, (p,))
