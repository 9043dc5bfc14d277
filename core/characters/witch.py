"""1 Witch: first gather resources, then name a character to bewitch; the turn is put on hold (no building,
only gathering district effects). When the bewitched character is called, its player reveals it, gathers
resources (a bewitched King or Patrician still takes the crown) and his turn ends at once. The Witch then
resumes her turn as that character: its abilities, extra resources, passives and restrictions, with her own
hand, gold and city, and without the districts of the bewitched player. If the bewitched character is not in
play, she does not resume, and her end-of-turn district effects never resolve (RULINGS R16, R29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import GATHER_CARDS, GATHER_GOLD, Decision
from ._targets import nameable
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

WITCH = 0  # cast index of rank 1
GATHER = [GATHER_GOLD, GATHER_CARDS]


def bewitched_turn(g: Game) -> bool:
    """The player holding the bewitched character is playing it (he only gathers)."""
    return g.current_character == g.bewitched and g.turn.player == g.owner[g.current_character]


class Witch(CharacterRules):
    key = "witch"
    rank = 1
    gates = True
    may_build = False  # while she plays the Witch herself; resumed, the bewitched character's rules apply
    follow_ups = frozenset({Decision.BEWITCH})

    def handlers(self) -> dict[str, Handler]:
        return {"bewitch": bewitch}

    def gate(self, g: Game, p: int) -> list[Action] | None:
        if g.current_character == WITCH or bewitched_turn(g):
            # The follow-up "bewitch" opens right after gathering, so here she has not gathered yet.
            return GATHER if not g.turn.gathered else []
        return None

    def after_gathering(self, g: Game, p: int) -> None:
        if g.current_character == WITCH and g.bewitched < 0:
            g.open_follow_up(Decision.BEWITCH, p)
        elif bewitched_turn(g):
            _resume(g)

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [Action("bewitch", (g.character_key(i),)) for i in nameable(g, g.decision.player)]


def bewitch(g: Game, p: int, a: Action) -> None:
    i = g.cast_index(str(a.args[0]))
    g.bewitched = i
    g.decision.kind = Decision.NONE
    g.emit("bewitch", {"player": p, "character": g.character_key(i)})
    # Her turn is on hold: no end-of-turn effects now (R16); the next character is called.
    g.emit("witch_pause", {"player": p})
    g.turn.player = -1
    g.call_next()


def _resume(g: Game) -> None:
    i = g.current_character
    holder = g.turn.player
    g.emit("end_turn", {"player": holder, "character": g.character_key(i), "bewitched": True})
    w = g.owner[WITCH]
    g.reset_turn(i, w, gathered=True)  # she gathered in the first part of her turn
    g.emit("witch_resume", {"player": w, "character": g.character_key(i)})
    g.rules.character_rules[i].on_resume(g, w)
