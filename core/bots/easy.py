"""`easy`: the heuristic bot with human-like slips. It drafts on a whim, sometimes aims its abilities at
random, and now and then overlooks its best move for another plausible one; every move is legal."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..view import View
from .heuristic import HeuristicBot

SLIP = 6  # one decision in SLIP is an oversight
WHIM = 100  # draft noise (the heuristic uses 400: smaller is noisier)


class EasyBot(HeuristicBot):
    name = "easy"

    def choose(self, v: View) -> Action:
        legal = v.legal
        if len(legal) > 1 and self.rng.below(SLIP) == 0:
            # An oversight, not nonsense: never throw the turn away by ending it while it could act.
            plausible = [a for a in legal if a.kind != "end"] or list(legal)
            return plausible[self.rng.below(len(plausible))]
        return super().choose(v)

    def _draft(self, v: View, verb: str, worst: bool = False) -> Action:
        opts = [a for a in v.legal if a.kind == verb]
        scored = sorted(
            opts, key=lambda a: self.draft_value(v, str(a.args[0])) + self.rng.below(100) / WHIM * 2
        )
        return scored[0] if worst else scored[-1]

    def pick_target(self, opts: Sequence[Action], order: tuple[str, ...], v: View) -> Action:
        if self.rng.below(2) == 0:
            return opts[self.rng.below(len(opts))]
        return super().pick_target(opts, order, v)
