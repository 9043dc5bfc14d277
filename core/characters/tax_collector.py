"""9 Tax Collector: while in the cast, every build costs its builder 1 gold, after the build, if he has any
left, put on the Tax Collector's token (even in rounds without a Tax Collector; the token keeps its gold,
RULINGS R21). Not charged while playing the Tax Collector. The Tax Collector takes all of the token's gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_ABILITY
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

COLLECT = Action("collect_tax")


class TaxCollector(CharacterRules):
    key = "tax_collector"
    rank = 9
    watches_builds = True

    def handlers(self) -> dict[str, Handler]:
        return {"collect_tax": collect_tax}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY and g.tax > 0:
            out.append(COLLECT)

    def tax_due(self, g: Game, p: int, gold_left: int) -> int:
        """The tax p pays on a build with `gold_left` gold once it is paid (what `Effect.tax` states)."""
        # The builder is p (the Magistrate for a confiscated district, R17); exempt only while p is the one
        # playing the Tax Collector (in 2-3 player games his other character pays).
        if p == g.turn.player and g.rules.character_rules[g.current_character] is self:
            return 0
        return 1 if gold_left > 0 else 0

    def after_build(self, g: Game, p: int, cid: int) -> None:
        if self.tax_due(g, p, g.gold[p]):
            g.gold[p] -= 1
            g.tax += 1
            g.emit("tax", {"player": p, "token": g.tax})


def collect_tax(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_ABILITY
    amount = g.tax
    g.tax = 0
    g.gold[p] += amount
    g.emit("collect_tax", {"player": p, "amount": amount})
