"""7 Navigator: gain 4 extra gold or 4 extra cards (whatever was gathered); cannot build any district,
not even one that does not count toward the building limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_BONUS
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

NAVIGATE = (Action("navigate", ("gold",)), Action("navigate", ("cards",)))


class Navigator(CharacterRules):
    key = "navigator"
    rank = 7
    may_build = False

    def handlers(self) -> dict[str, Handler]:
        return {"navigate": navigate}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_BONUS:
            out.extend(NAVIGATE)


def navigate(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_BONUS
    if a.args[0] == "gold":
        g.gain_gold(p, 4, "navigator")
    else:
        g.gain_cards(p, 4, "navigator")
