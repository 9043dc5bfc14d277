"""The random bot: any legal action, uniformly, from its own seeded generator."""

from __future__ import annotations

from ..actions import Action
from ..rng import Rng
from ..view import View

THANK = Action("thank")


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, v: View) -> Action:
        legal = v.legal
        # The classic Ball Room: bots never forget to thank (RULINGS R44). The engine lists thanking first
        # when it is owed, so one look at the first action's kind finds it (a kind is a plain string: cheaper
        # than comparing whole actions, at every decision of every simulated game).
        if legal[0].kind == "thank":
            return THANK
        return legal[self.rng.below(len(legal))]
