"""What every character's rules may hook into; a character overrides only what it changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import DistrictType

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game

Handler = Callable[["Game", int, "Action"], None]


class CharacterRules:
    """Hooks of one character. The engine calls them at the moment the rulebook names."""

    key = ""
    rank = 0
    income: DistrictType | None = None
    income_resource = "gold"
    build_limit = 1
    may_build = True
    allows_duplicates = False
    has_bonus = False  # an extra resource any time in the turn (Merchant, Architect)
    protects = False  # Bishop: rank 8 abilities cannot target the holder's districts
    subs: frozenset[str] = frozenset()  # follow-up decisions this character opens

    def handlers(self) -> dict[str, Handler]:
        """Action kinds this character's abilities add, with their handlers."""
        return {}

    def on_reveal(self, g: Game, p: int) -> None:
        """Called when the character is revealed, after the Thief's robbery."""

    def after_gather(self, g: Game, p: int) -> None:
        """Called right after gathering resources (before a drawn card is kept)."""

    def after_keep(self, g: Game, p: int) -> None:
        """Called after the kept card is chosen."""

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        """Append the ability actions available now in the turn."""

    def sub_actions(self, g: Game) -> list[Action]:
        """Legal actions of a follow-up decision this character opened."""
        return []

    def bonus(self, g: Game, p: int) -> None:
        """The extra resource of a character with `has_bonus`."""

    def on_end_turn(self, g: Game, p: int) -> None:
        """Called when the turn ends."""

    def on_round_end(self, g: Game, i: int) -> None:
        """Called at the end of every round for the character at cast index i (RULINGS R27)."""
