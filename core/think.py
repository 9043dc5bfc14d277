"""What one seat can tell about the others' characters this round: the bots' own inference from the draft
(`bots/inference.infer`), as data the app words (`think`).

It reads that seat's view and the public crown of the round's draft (the `round` event), nothing else, so
it never changes when what the seat cannot see is dealt again (tests/core/test_think.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bots.inference import draft_order, infer
from .view import view

if TYPE_CHECKING:
    from .events import Event
    from .game import Game


@dataclass(frozen=True, slots=True)
class Guess:
    """Seat `seat` as another seat sees it: the characters it revealed this round, else each character it
    may hold with its chance (highest first), and whether it chose after that seat in the draft (None: at
    2 or 3 players, where each holds several and the order tells less)."""

    seat: int
    revealed: tuple[str, ...]
    chances: tuple[tuple[str, float], ...]
    after_me: bool | None


def draft_crown(g: Game, events: Sequence[Event] | None = None) -> int | None:
    """Who held the crown when this round's draft began (public: the `round` event), None if untold."""
    for e in reversed(events if events is not None else g.events or []):
        if e.kind == "round":
            return int(e.data["crown"])
    return None


def think(g: Game, p: int, events: Sequence[Event] | None = None) -> tuple[Guess, ...]:
    """Seat p's guesses about every other seat now (`events`: the game's own when None)."""
    v = view(g, p)
    crown = draft_crown(g, events)
    beliefs = infer(v, crown)
    n = len(v.players)
    order = draft_order(n, crown if crown is not None else next((q.seat for q in v.players if q.crown), 0))
    out = []
    for q in range(n):
        if q == p:
            continue
        chances = sorted(
            ((k, beliefs.prob(q, k)) for k in beliefs.candidates[q]), key=lambda c: (-c[1], c[0])
        )
        after = None if n <= 3 else order.index(q) > order.index(p)
        out.append(Guess(q, beliefs.revealed[q], tuple(chances), after))
    return tuple(out)
