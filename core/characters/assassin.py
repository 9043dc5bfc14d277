"""1 Assassin: call a character to kill; the killed character skips his whole turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..events import shape
from ..terms import USED_ABILITY
from ._targets import nameable, named_actions
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Assassin(CharacterRules):
    key = "assassin"
    rank = 1

    def handlers(self) -> dict[str, Handler]:
        return {"kill": kill}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY:
            out.extend(map(named_actions(g, "kill").__getitem__, nameable(g, p)))  # shared("kill", key) each


_KILL = shape("kill", "player", "character")


def kill(g: Game, p: int, a: Action) -> None:
    i = g.cast_index(str(a.args[0]))
    g.killed = i
    g.turn.used |= USED_ABILITY
    log = g.log
    if log is not None:  # a compact record (see Game.events); a silent game, a search's, keeps none
        log.append((_KILL, None, p, g.rules.cast_keys[i]))
