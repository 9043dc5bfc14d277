"""9 Queen: beside the player who revealed the rank 4 character, gain 3 gold; if that character was
killed, she is paid when it is revealed at the end of the round; a killed Queen gets nothing (RULINGS R20;
with a bewitched rank 4 the seat of the player holding the card counts, R29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import USED_ABILITY
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

QUEEN = Action("queen")
RANK4 = 3  # cast index of the rank 4 character


def neighbours(g: Game, p: int, q: int) -> bool:
    return q >= 0 and q != p and (q == (p + 1) % g.players or q == (p - 1) % g.players)


class Queen(CharacterRules):
    key = "queen"
    rank = 9

    def handlers(self) -> dict[str, Handler]:
        return {"queen": queen}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY and neighbours(g, p, g.round_state.called_by[RANK4]):
            out.append(QUEEN)

    def on_round_end(self, g: Game, i: int) -> bool:
        q = g.owner[i]
        if q >= 0 and g.killed == RANK4 and neighbours(g, q, g.owner[RANK4]):
            g.gain_gold(q, 3, "queen")
        return False


def queen(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_ABILITY
    g.gain_gold(p, 3, "queen")
