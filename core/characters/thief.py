"""2 Thief: call a character to rob; when it is revealed, take all its gold (RULINGS R12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..events import shape
from ..terms import USED_ABILITY
from ._targets import nameable, named_actions
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


class Thief(CharacterRules):
    key = "thief"
    rank = 2

    def handlers(self) -> dict[str, Handler]:
        return {"rob": rob}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if not g.turn.used & USED_ABILITY:
            targets = nameable(g, p, min_rank=2, exclude_killed=True, exclude_bewitched=True)
            out.extend(map(named_actions(g, "rob").__getitem__, targets))  # shared("rob", key) each


_ROB = shape("rob", "player", "character")


def rob(g: Game, p: int, a: Action) -> None:
    i = g.cast_index(str(a.args[0]))
    g.robbed = i
    g.robber = p
    g.turn.used |= USED_ABILITY
    log = g.log
    if log is not None:  # a compact record (see Game.events); a silent game, a search's, keeps none
        log.append((_ROB, None, p, g.rules.cast_keys[i]))
