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
        if THANK in v.legal:
            return THANK  # the classic Ball Room: bots never forget to thank (RULINGS R44)
        return v.legal[self.rng.below(len(v.legal))]
