"""The parts of a game's state that belong together, as small slotted records of `Game`.

`Game.decision` is the open follow-up decision, `Game.turn` the turn being played. Each record is changed
in place by the rules, so that a field a position writes keeps its value until the rules set it (a closed
decision keeps its player and numbers, a new turn the count of cards to keep: `docs/position.md` writes
them); `clone()` copies each record with its `copy()`, which shares no list with the original.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .terms import NO_DECISION, CardId, Decision, Seat

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


@dataclass(slots=True)
class Turn:
    """The turn of one character's player: what the turn has done so far. `Game.reset_turn` starts one (the
    Witch resuming a bewitched character's turn starts one too, keeping `gathered`)."""

    player: Seat = -1
    """The seat whose turn it is: the current character's player or, for a bewitched character, the Witch
    [turn_player]; -1 between turns."""
    gathered: bool = False
    """Resources were gathered this turn."""
    builds: int = 0
    """Districts built this turn toward the limit."""
    build_limit: int = 1
    """How many districts the turn may build."""
    used: int = 0
    """`USED_*` bits (core/terms.py): what the turn has used."""
    drawn: list[CardId] = field(default_factory=list)
    """Cards drawn and not yet kept or put back."""
    keep_count: int = 1
    """How many of the drawn cards are still to be kept [keep]."""
    beautified: int = 0
    """Districts beautified this turn."""
    spent: int = 0
    """Gold spent building this turn."""

    def copy(self) -> Turn:
        """An independent copy (`Game.clone`), written out as `OpenDecision.copy` is."""
        t = _new(Turn)
        t.player = self.player
        t.gathered = self.gathered
        t.builds = self.builds
        t.build_limit = self.build_limit
        t.used = self.used
        t.drawn = self.drawn[:]
        t.keep_count = self.keep_count
        t.beautified = self.beautified
        t.spent = self.spent
        return t
