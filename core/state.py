"""The parts of a game's state that belong together, as small slotted records of `Game`.

`Game.decision` is the open follow-up decision. Each record is changed in place by the rules, so that a
field a position writes keeps its value until the rules set it (a closed decision keeps its player and
numbers: `docs/position.md` writes them); `clone()` copies each record with its `copy()`, which shares no
list with the original.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .terms import NO_DECISION, Decision, Seat

_new = object.__new__


@dataclass(slots=True)
class OpenDecision:
    """A follow-up decision: one an action opens before the game goes on (keep a drawn card, the Magician's
    discards, the Witch's target …). `Game.open_follow_up` opens one, `Game.pending()` says whose it is."""

    kind: Decision = NO_DECISION
    """Its kind [decision]; `Decision.NONE` (false) when none is open."""
    player: Seat = -1
    """The seat that answers it, not always the player of the turn [decision_player]."""
    data: list[int] = field(default_factory=list)
    """The numbers it needs [decision_data]."""

    def copy(self) -> OpenDecision:
        """An independent copy (`Game.clone`), written out: a clone is made for every playout."""
        d = _new(OpenDecision)
        d.kind = self.kind
        d.player = self.player
        d.data = self.data[:]
        return d
