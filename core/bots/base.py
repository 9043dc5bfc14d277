"""A bot decides from a `View` only: exactly what a human in its seat would see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..actions import Action
from ..redeal import Worlds
from ..view import LazyView, View, events_for

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
        if getattr(bot, "wants_events", False):
            # Another program (bots/outside.py): told the events its seat may see since it last decided.
            start, bot.events_seen = bot.events_seen, len(g.events or ())  # type: ignore[attr-defined]  # the bot said it wants events (bots/outside.py)
            return bot.choose(v, events_for(g, p, start))  # type: ignore[call-arg]  # a bot that wants events takes them
        if getattr(bot, "wants_worlds", False):
            if getattr(bot, "wants_moves", False):
                g.record_moves()  # a bot that keeps its tree follows the moves made since its last decision
            return bot.choose(v, Worlds(g, p))  # type: ignore[call-arg]  # a bot that wants worlds takes them
        return bot.choose(v)
    finally:
        v.close()


def game_over(bot: Bot, g: Game, p: int) -> None:
    """Tell `bot` (seat p) that the game is over, where it listens (another program: bots/outside.py)."""
    if getattr(bot, "wants_events", False):
        bot.game_over(events_for(g, p, bot.events_seen), g.result)  # type: ignore[attr-defined]  # the bot said it wants events (bots/outside.py)
