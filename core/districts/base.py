"""What every unique district's rules may hook into; a district overrides only what it changes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import DistrictType
from ..terms import BEAUTY, Decision

if TYPE_CHECKING:
    from ..actions import Action
    from ..errors import IllegalAction
    from ..game import Game

Handler = Callable[["Game", int, "Action"], None]


@dataclass(slots=True)
class ScoreContext:
    """End-of-game facts one scoring pass shares (the Haunted Quarter's chosen type)."""

    haunted_type: DistrictType = DistrictType.UNIQUE


class DistrictRules:
    """Hooks of one unique district. Passive effects (Library, Quarry, Keep …) are looked up by key where
    the engine applies them; active ones add actions; scoring ones score."""

    key = ""
    has_actions = False
    has_end_turn = False
    custom_build = False
    alt_pay = False  # offers another way to pay for builds (Framework, Necropolis): see alt_build_actions
    counts_toward_limit = True  # False: building it does not count toward the building limit (Stables)
    follow_ups: frozenset[Decision] = frozenset()
    has_placed = False  # on_placed when this district enters a city by being built (classic Lighthouse …)
    watches_crown = False  # on_crown_change whenever the crown changes hands (classic Throne Room)
    has_removed = False  # on_removed when this district leaves a city destroyed (classic Bell Tower)
    max_identical = 1 << 30  # the Quarry: identical districts allowed in its owner's city (classic: 2)

    def __init__(self, card_id: int) -> None:
        self.id = card_id
        # Its entries in a city, plain and beautified: `not dr.entries.isdisjoint(city)` asks whether a city
        # holds it, in one C call (the engine asks at every gathering and every turn's end).
        self.entries = frozenset((card_id, card_id | BEAUTY))

    def handlers(self) -> dict[str, Handler]:
        return {}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        """Actions this district offers its owner during his turn."""

    def follow_up_actions(self, g: Game) -> list[Action]:
        return []

    def on_end_turn(self, g: Game, p: int) -> None:
        """Called at the end of its owner's turn (when `has_end_turn`)."""

    def on_selection_end(self, g: Game) -> bool:
        """Called at the end of each selection phase; True if it opened a decision."""
        return False

    def can_build(self, g: Game, p: int, cost: int) -> bool:
        """For `custom_build` districts: may p build it now at this gold cost."""
        return cost <= g.gold[p]

    def start_build(self, g: Game, p: int, cost: int) -> None:
        """For `custom_build` districts: the card has left p's hand; pay and place it."""
        g.pay_and_place(p, self.id, cost)

    def build_refusal(self, g: Game, p: int) -> IllegalAction | None:
        """Why p may not build this district now whatever he pays (Monument), or None if he may."""
        return None

    def alt_build_actions(self, g: Game, p: int, cid: int, out: list[Action]) -> None:
        """For `alt_pay` districts: append the actions building card `cid` from p's hand without paying
        its cost (the engine has already checked the card may be built now)."""

    def alt_build(self, g: Game, p: int, cid: int, how: tuple[str | int, ...]) -> bool:
        """For `alt_pay` districts: the card `cid` has left p's hand; build it the way `how` (the build
        action's arguments after the card) names, and return True, or return False if `how` is not ours."""
        return False

    def may_choose_type(self, g: Game) -> bool:
        """Haunted Quarter / City: whether its owner may choose its type at scoring (classic: not if it was
        built in the last round)."""
        return True

    def on_placed(self, g: Game, p: int) -> None:
        """With `has_placed`: this district was just built into p's city."""

    def on_crown_change(self, g: Game) -> None:
        """With `watches_crown`: the crown has just moved to g.crown."""

    def crown_gain(self, g: Game, p: int) -> int:
        """With `watches_crown`: the gold p gains from this district when the crown changes hands."""
        return 0

    def on_removed(self, g: Game, p: int) -> None:
        """With `has_removed`: this district was just destroyed from p's city."""

    def score(self, g: Game, p: int, ctx: ScoreContext) -> int:
        """Extra points at the end of the game for its owner."""
        return 0
