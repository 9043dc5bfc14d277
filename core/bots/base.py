"""A bot decides from a `View` only: exactly what a human in its seat would see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..actions import Action
from ..view import LazyView, View

if TYPE_CHECKING:
    from ..game import Game


class Bot(Protocol):
    name: str

    def choose(self, v: View) -> Action:
        """Pick one of `v.legal`."""
        ...


def decide(bot: Bot, g: Game, p: int) -> Action:
    """Ask `bot` (seat p) for its move in game `g`: its view, and for a bot that `wants_worlds` a sampler
    of worlds re-dealt from p's information (`redeal`), never the state itself. Every harness that runs
    bots goes through here, so no bot is left without the worlds it searches."""
    # A lazy view: the bot pays only for the fields it reads (the random bot reads `legal` alone). Closed
    # once the bot has chosen, so a bot that kept it can never read a later state through it.
    v = LazyView(g, p)
    try:
        if getattr(bot, "wants_worlds", False):
            from ..redeal import Worlds

            if getattr(bot, "wants_moves", False):
                g.record_moves()  # a bot that keeps its tree follows the moves made since its last decision
            return bot.choose(v, Worlds(g, p))  # type: ignore[call-arg]
        return bot.choose(v)
    finally:
        v.close()
