"""The parts of a game's state that belong together, as small slotted records of `Game`.

`Game.decision` is the open follow-up decision, `Game.turn` the turn being played, `Game.round_state` the
round's selection and calls. Each record is changed in place by the rules, so that a field a position writes
keeps its value until the rules set it (a closed decision keeps its player and numbers, a new turn the count
of cards to keep: `docs/position.md` writes them); `clone()` copies each record with its `copy()`, which
shares no list with the original (and no record: a record is never shared, unlike `Game.SHARED`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .terms import NO_DECISION, CardId, CastIndex, Decision, Pick, Seat


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
        """An independent copy (`Game.clone`)."""
        return OpenDecision(self.kind, self.player, self.data[:])


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
        """An independent copy (`Game.clone`)."""
        return Turn(
            self.player,
            self.gathered,
            self.builds,
            self.build_limit,
            self.used,
            self.drawn[:],
            self.keep_count,
            self.beautified,
            self.spent,
        )


@dataclass(slots=True)
class Round:
    """What the round's selection and calls keep: `start_round` (core/selection.py) sets every field anew.
    The round's most read facts (who took which character, who was killed, robbed, bewitched) stay `Game`'s
    own fields: every step of a turn reads them (docs/performance.md)."""

    draft: list[CastIndex] = field(default_factory=list)
    """The characters still passed around in the selection [draft]."""
    order: tuple[tuple[int, Pick], ...] = ()
    """This round's picks: seat offset from the crown, and kind (the configuration's, shared, never changed)."""
    step: int = 0
    """The picks made [selection_step]."""
    picker: Seat = -1
    """The seat whose pick it is (`Rules.pick_seats`), set as each pick comes (`selection.advance_selection`,
    and a position's reader from the crown and the step); -1 after the selection. Listing, checking and
    asking who decides read it at every pick."""
    seen: list[list[CastIndex]] = field(default_factory=list)
    """The characters each seat was offered [seen]."""
    called_by: list[Seat] = field(default_factory=list)
    """The seat that answered each character's call, by cast index [called_by]."""

    def copy(self) -> Round:
        """An independent copy (`Game.clone`); `order` is shared."""
        return Round(
            self.draft[:], self.order, self.step, self.picker, [s[:] for s in self.seen], self.called_by[:]
        )
