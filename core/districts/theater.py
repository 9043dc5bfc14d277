"""Theater: at the end of each selection phase its owner may exchange a chosen character with an
opponent's (RULINGS R22). He picks the opponent blind; with 2–3 players (two characters each) he also
picks which of his own to give and takes one of the opponent's at random. The exchanged cards stay
hidden: only the two players learn their new character (private events)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import Decision
from .base import DistrictRules, Handler

if TYPE_CHECKING:
    from ..game import Game

THEATER_PASS = Action("theater_pass")


class Theater(DistrictRules):
    key = "theater"
    follow_ups = frozenset({Decision.THEATER})

    def handlers(self) -> dict[str, Handler]:
        return {"theater": theater, "theater_pass": theater_pass}

    def on_selection_end(self, g: Game) -> bool:
        for p in range(g.players):
            if g.has(p, self.key) and g.characters[p]:
                g.open_follow_up(Decision.THEATER, p)
                return True
        return False

    def follow_up_actions(self, g: Game) -> list[Action]:
        p = g.decision.player
        out: list[Action] = []
        for q in range(g.players):
            if q == p or not g.characters[q]:
                continue
            if len(g.characters[p]) > 1:
                out.extend(Action("theater", (q, g.character_key(i))) for i in g.characters[p])
            else:
                out.append(Action("theater", (q,)))
        out.append(THEATER_PASS)
        return out


def theater(g: Game, p: int, a: Action) -> None:
    q = int(a.args[0])
    give = g.cast_index(str(a.args[1])) if len(a.args) > 1 else g.characters[p][0]
    theirs = g.characters[q]
    take = theirs[g.rng.below(len(theirs))] if len(theirs) > 1 else theirs[0]
    g.swap_characters(p, q, give, take)
    for who, c in ((p, take), (q, give)):
        if c not in g.round_state.seen[who]:
            g.round_state.seen[who].append(c)
    g.emit("theater", {"player": p, "target": q})
    g.emit(
        "theater_private",
        {"player": p, "target": q, "gave": g.character_key(give), "took": g.character_key(take)},
        (p, q),
    )
    g.begin_turn_phase()


def theater_pass(g: Game, p: int, a: Action) -> None:
    g.emit("theater_pass", {"player": p})
    g.begin_turn_phase()
