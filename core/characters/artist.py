"""9 Artist: beautify up to 2 of your districts with 1 gold each, once per district (RULINGS R33)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import BEAUTY, CARD
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Artist(CharacterRules):
    key = "artist"
    rank = 9

    def handlers(self) -> dict[str, Handler]:
        return {"beautify": beautify}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.beautified >= 2 or g.gold[p] < 1:
            return
        for key in dict.fromkeys(
            g.rules.edition.districts[e & CARD].key for e in g.cities[p] if not e & BEAUTY
        ):
            out.append(Action("beautify", (key,)))


def beautify(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    city = g.cities[p]
    i = next(j for j, e in enumerate(city) if e == cid)
    city[i] = cid | BEAUTY
    g.gold[p] -= 1
    g.turn.beautified += 1
    g.emit("beautify", {"player": p, "card": str(a.args[0])})
