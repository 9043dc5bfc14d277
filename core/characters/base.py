"""What every character's rules may hook into; a character overrides only what it changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import DistrictType
from ..terms import Decision, Income

if TYPE_CHECKING:
    from ..actions import Action
    from ..errors import IllegalAction
    from ..game import Game

Handler = Callable[["Game", int, "Action"], None]


class CharacterRules:
    """Hooks of one character. The engine calls them at the moment the rulebook names."""

    key = ""
    rank = 0
    income: DistrictType | None = None
    income_resource = Income.GOLD
    build_limit = 1
    may_build = True
    allows_duplicates = False
    has_bonus = False  # an extra resource any time in the turn (Merchant, Architect)
    # The extra resource comes only "after you take an action" (the classic book): offered once gathered.
    bonus_after_action = False
    protects = False  # Bishop: rank 8 abilities cannot target the holder's districts
    follow_ups: frozenset[Decision] = frozenset()  # follow-up decisions this character opens
    # Whole-game hooks: called whatever character is playing, while this character is in the cast.
    watches_builds = False  # after_build / intercept_paid_build (Tax Collector, Magistrate)
    gates = False  # gate / after_gathering (Witch, Blackmailer)
    watches_turn_ends = False  # after_any_turn (the classic Tax Collector)

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

    def follow_up_actions(self, g: Game) -> list[Action]:
        """Legal actions of a follow-up decision this character opened."""
        return []

    def bonus(self, g: Game, p: int) -> None:
        """The extra resource of a character with `has_bonus`."""

    def on_end_turn(self, g: Game, p: int) -> None:
        """Called when the turn ends."""

    def on_round_end(self, g: Game, i: int) -> bool:
        """Called at the end of every round for the character at cast index i (RULINGS R27). Return True
        after opening a decision; its handler must then call `g.resume_round_end(i)`."""
        return False

    def on_resume(self, g: Game, p: int) -> None:
        """Called when the Witch (player p) resumes her turn as this bewitched character."""

    def counts_toward_limit(self, g: Game, cid: int) -> bool:
        """Whether building district cid counts toward this character's building limit (Trader)."""
        return True

    def may_end(self, g: Game, p: int) -> bool:
        """Whether the turn may end now (the Emperor must first move the crown)."""
        return True

    def mixed_income(self, g: Game, p: int, k: int) -> None:
        """Income of k resources for a character whose `income_resource` is "either" (Abbot)."""

    def after_build(self, g: Game, p: int, cid: int) -> None:
        """With `watches_builds`: player p just built district cid (into his city)."""

    def tax_due(self, g: Game, p: int, gold_left: int) -> int:
        """With `watches_builds`: the gold `after_build` takes from p at once for a build that leaves him
        `gold_left` (the 2016 Tax Collector's tax; the classic one collects at the end of the turn)."""
        return 0

    def intercept_paid_build(self, g: Game, p: int, cid: int, gold: int, count: bool) -> bool:
        """With `watches_builds`: p has paid `gold` for cid, not yet placed. Return True to take over the
        placing (the Magistrate's confiscation decision)."""
        return False

    def after_any_turn(self, g: Game, p: int) -> None:
        """With `watches_turn_ends`: player p's turn (any character) has just ended."""

    def gate(self, g: Game, p: int) -> list[Action] | None:
        """With `gates`: the only actions of the current turn decision now, or None for no restriction."""
        return None

    def after_gathering(self, g: Game, p: int) -> None:
        """With `gates`: the current player p has just finished gathering resources."""

    def gate_refusal(self, g: Game, p: int, kind: str) -> IllegalAction | None:
        """With `gates`: the refusal of an action of `kind` while this gate holds the turn, or None."""
        return None
