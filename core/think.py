"""What one seat can tell about the others' characters this round: the bots' own inference from the draft
(`bots/inference.infer`), as data the app words (`think`).

It reads that seat's view and the public crown of the round's draft (the `round` event), nothing else, so
it never changes when what the seat cannot see is dealt again (tests/core/test_think.py).

Besides the chances it tells what the seat knows for sure of the player who chose next after it (4 players
or more, where each chooses once from what the one before passed on): that player was offered every
character the seat passed on, so one of them now out of that player's reach (revealed by another, or
called with nobody answering) was offered and not taken (`declined`). Not said while a Theater stands in
a city: its owner may exchange characters once the draft is over, so a character revealed elsewhere may
have been taken first."""

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
    2 or 3 players, where each holds several and the order tells less). `declined`: the characters it was
    surely offered and surely did not take (see the module's docstring), by rank."""

    seat: int
    revealed: tuple[str, ...]
    chances: tuple[tuple[str, float], ...]
    after_me: bool | None
    declined: tuple[str, ...] = ()


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
    passed = set(v.seen_characters) - set(v.my_characters)
    at = order.index(p)
    theater = any(d.key == "theater" for q in v.players for d in q.city)
    told_next = order[at + 1] if n >= 4 and at + 1 < n and passed and not theater else None
    out = []
    for q in range(n):
        if q == p:
            continue
        chances = sorted(
            ((k, beliefs.prob(q, k)) for k in beliefs.candidates[q]), key=lambda c: (-c[1], c[0])
        )
        after = None if n <= 3 else order.index(q) > order.index(p)
        declined: tuple[str, ...] = ()
        if q == told_next:
            held = beliefs.candidates[q] | set(beliefs.revealed[q])
            declined = tuple(k for k in v.cast if k in passed and k not in held)
        out.append(Guess(q, beliefs.revealed[q], tuple(chances), after, declined))
    return tuple(out)
