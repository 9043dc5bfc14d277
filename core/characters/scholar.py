"""7 Scholar: draw 7 cards, choose 1 to keep, shuffle the rest back into the deck; building limit 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_ABILITY, Decision
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

STUDY = Action("study")


class Scholar(CharacterRules):
    key = "scholar"
    rank = 7
    build_limit = 2
    follow_ups = frozenset({Decision.SCHOLAR_KEEP})

    def handlers(self) -> dict[str, Handler]:
        return {"study": study, "scholar_keep": scholar_keep}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY and g.deck:
            out.append(STUDY)

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [Action("scholar_keep", (k,)) for k in dict.fromkeys(g.card_keys(g.decision.data))]


def study(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_ABILITY
    drawn = g.draw(7)  # RULINGS R1: fewer if the deck is short
    g.emit("study", {"player": p, "drawn": len(drawn)})
    g.emit("study_private", {"player": p, "cards": g.card_keys(drawn)}, (p,))
    g.open_follow_up(Decision.SCHOLAR_KEEP, p, drawn)


def scholar_keep(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    rest = g.decision.data
    rest.remove(cid)
    g.decision.kind = Decision.NONE
    g.decision.data = []
    g.hands[p].append(cid)
    g.deck.extend(rest)
    g.rng.shuffle(g.deck)
    g.emit("scholar_keep_private", {"player": p, "card": str(a.args[0])}, (p,))
