"""3 Seer: take 1 random card from each other player's hand, then give 1 card from your hand to each player
you took one from (no take and no give for a player with an empty hand); building limit 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_ABILITY, Decision
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

FORESEE = Action("foresee")


class Seer(CharacterRules):
    key = "seer"
    rank = 3
    build_limit = 2
    follow_ups = frozenset({Decision.SEER_GIVE})

    def handlers(self) -> dict[str, Handler]:
        return {"foresee": foresee, "seer_give": seer_give}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY and any(g.hands[q] for q in range(g.players) if q != p):
            out.append(FORESEE)

    def follow_up_actions(self, g: Game) -> list[Action]:
        keys = list(dict.fromkeys(g.card_keys(g.hands[g.decision.player])))
        return [Action("seer_give", (q, k)) for q in g.decision.data for k in keys]


def foresee(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_ABILITY
    owed = []
    for k in range(1, g.players):
        q = (p + k) % g.players
        hand = g.hands[q]
        if not hand:
            continue
        cid = hand[g.rng.below(len(hand))]
        g.hand_remove(q, cid)
        g.hands[p].append(cid)
        g.known[q][p].append(cid)  # he saw which card left his hand
        owed.append(q)
        g.emit(
            "seer_take_private",
            {"player": p, "target": q, "card": g.rules.edition.districts[cid].key},
            (p, q),
        )
    g.emit("foresee", {"player": p, "from": owed})
    g.open_follow_up(Decision.SEER_GIVE, p, owed)


def seer_give(g: Game, p: int, a: Action) -> None:
    q, key = int(a.args[0]), str(a.args[1])
    cid = g.card_id(key)
    g.hand_remove(p, cid)
    g.hands[q].append(cid)
    g.known[p][q].append(cid)
    g.decision.data.remove(q)
    g.emit("seer_give", {"player": p, "target": q})
    g.emit("seer_give_private", {"player": p, "target": q, "card": key}, (p, q))
    if not g.decision.data:
        g.decision.kind = Decision.NONE
