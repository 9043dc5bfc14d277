"""4 Emperor: must, during his turn, give the crown to a player who is neither its holder nor himself, and
take 1 gold or 1 random card from that player (nothing if he has neither). A killed Emperor's player, as
advisor, moves the crown the same way at the end of the round and takes nothing (RULINGS R5, R19, R29).
Gains 1 gold for each noble district."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import DistrictType
from ..terms import USED_ABILITY, Decision
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


def crown_targets(g: Game, p: int) -> list[int]:
    return [q for q in range(g.players) if q != p and q != g.crown]


class Emperor(CharacterRules):
    key = "emperor"
    rank = 4
    income = DistrictType.NOBLE
    follow_ups = frozenset({Decision.ADVISOR})

    def handlers(self) -> dict[str, Handler]:
        return {"emperor": emperor, "advisor": advisor}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        for q in crown_targets(g, p):
            took = False
            if g.gold[q] > 0:
                out.append(Action("emperor", (q, "gold")))
                took = True
            if g.hands[q]:
                out.append(Action("emperor", (q, "card")))
                took = True
            if not took:
                out.append(Action("emperor", (q, "nothing")))

    def may_end(self, g: Game, p: int) -> bool:
        # "must": the turn cannot end before the crown has moved.
        return bool(g.turn.used & USED_ABILITY) or not crown_targets(g, p)

    def on_round_end(self, g: Game, i: int) -> bool:
        p = g.owner[i]
        if p < 0 or g.killed != i or not crown_targets(g, p):
            return False
        g.emit("advisor", {"player": p, "character": self.key})
        g.open_follow_up(Decision.ADVISOR, p, [i])
        return True

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [Action("advisor", (q,)) for q in crown_targets(g, g.decision.player)]


def emperor(g: Game, p: int, a: Action) -> None:
    q, what = int(a.args[0]), str(a.args[1])
    g.turn.used |= USED_ABILITY
    g.take_crown(q, "emperor")
    if what == "gold":
        g.gold[q] -= 1
        g.gold[p] += 1
        g.emit("emperor_take", {"player": p, "target": q, "what": "gold"})
    elif what == "card":
        cid = g.hands[q][g.rng.below(len(g.hands[q]))]
        g.hand_remove(q, cid)
        g.hands[p].append(cid)
        g.known[q][p].append(cid)  # the robbed player knows which of his cards left (RULINGS R2)
        g.emit("emperor_take", {"player": p, "target": q, "what": "card"})
        g.emit(
            "emperor_take_private",
            {"player": p, "target": q, "card": g.rules.edition.districts[cid].key},
            (p, q),
        )


def advisor(g: Game, p: int, a: Action) -> None:
    i = g.decision.data[0]
    g.decision.data = []
    g.take_crown(int(a.args[0]), "advisor")
    g.resume_round_end(i)
