"""3 Wizard: look at another player's hand and take 1 card: either pay to build it at once (not counted
toward the building limit; a paid build, RULINGS R32) or add it to your hand. This turn you may build
districts identical to ones in your city."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_ABILITY, Decision
from ._targets import build_refused
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Wizard(CharacterRules):
    key = "wizard"
    rank = 3
    allows_duplicates = True
    follow_ups = frozenset({Decision.WIZARD_PICK})

    def handlers(self) -> dict[str, Handler]:
        return {"wizard": wizard, "wizard_take": wizard_take, "wizard_build": wizard_build}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        out.extend(Action("wizard", (q,)) for q in range(g.players) if q != p and g.hands[q])

    def follow_up_actions(self, g: Game) -> list[Action]:
        p, q = g.decision.player, g.decision.data[0]
        out = []
        may_build = g.rules.character_rules[g.current_character].may_build
        for cid in dict.fromkeys(g.hands[q]):
            d = g.rules.edition.districts[cid]
            out.append(Action("wizard_take", (d.key,)))
            dr = g.rules.district_rules.get(d.key)
            custom = dr is not None and dr.custom_build
            if (
                may_build
                and d.buildable
                and not custom
                and g.build_cost(p, cid) <= g.gold[p]
                and not build_refused(g, p, cid)
            ):
                out.append(Action("wizard_build", (d.key,)))
        return out


def wizard(g: Game, p: int, a: Action) -> None:
    q = int(a.args[0])
    g.turn.used |= USED_ABILITY
    g.known[p][q] = g.hands[q][:]  # RULINGS R2: the Wizard saw the whole hand
    g.emit("wizard", {"player": p, "target": q})
    g.emit("wizard_private", {"player": p, "target": q, "cards": g.card_keys(g.hands[q])}, (p,))
    g.open_follow_up(Decision.WIZARD_PICK, p, [q])


def _take(g: Game, p: int, a: Action) -> int:
    q = g.decision.data[0]
    cid = g.card_id(str(a.args[0]))
    g.decision.kind = Decision.NONE
    g.decision.data = []
    g.hand_remove(q, cid)
    g.emit("wizard_take_private", {"player": p, "target": q, "card": str(a.args[0])}, (p, q))
    return cid


def wizard_take(g: Game, p: int, a: Action) -> None:
    q = g.decision.data[0]
    cid = _take(g, p, a)
    g.hands[p].append(cid)
    g.known[q][p].append(cid)
    g.emit("wizard_takes", {"player": p, "target": q})


def wizard_build(g: Game, p: int, a: Action) -> None:
    q = g.decision.data[0]
    cid = _take(g, p, a)
    g.emit("wizard_builds", {"player": p, "target": q, "card": str(a.args[0])})
    g.pay_and_place(p, cid, g.build_cost(p, cid), count=False)
