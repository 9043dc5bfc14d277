"""What the heuristic bot's helper modules (heuristic_characters, heuristic_districts, heuristic_classic) ask
of the bot: its judgement of cards, characters and players. `HeuristicBot` (heuristic.py) and the bots
built on it provide it. The helpers name this protocol rather than the bot's class, so heuristic.py
imports them and they never import it back (no import cycle)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..actions import Action
    from ..rng import Rng
    from ..view import PlayerInfo, View


class Judge(Protocol):
    rng: Rng

    def card_value(self, v: View, key: str) -> float:
        """What the district card `key` is worth in my hand."""
        ...

    def build_value(self, v: View, key: str) -> float:
        """What building the district `key` now is worth."""
        ...

    def draft_value(self, v: View, key: str) -> float:
        """What taking the character `key` in the selection is worth."""
        ...

    def district_cost(self, v: View, key: str) -> int:
        """The printed cost of the district `key`."""
        ...

    def price_in(self, v: View, p: PlayerInfo, key: str) -> int:
        """What the district `key` in p's city costs (with the Artist's +1)."""
        ...

    def leader(self, v: View) -> PlayerInfo | None:
        """The other player closest to winning."""
        ...

    def pick_target(self, opts: Sequence[Action], order: tuple[str, ...], v: View) -> Action:
        """The character to aim at, from `opts`, preferring `order`."""
        ...
