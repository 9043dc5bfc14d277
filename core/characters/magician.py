"""3 Magician: exchange hands with another player, or discard any number of cards to draw as many."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, shared
from ..events import shape
from ..terms import DONE, USED_ABILITY, Decision
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game


# The shared actions of the Magician's list (`shared(...)` builds and hashes a key at each call): a swap with
# each seat of a game of up to eight, and the redraw.
_SWAPS = [shared("swap_hands", q) for q in range(8)]
_REDRAW = shared("redraw")


class Magician(CharacterRules):
    key = "magician"
    rank = 3
    follow_ups = frozenset({Decision.REDRAW})

    def handlers(self) -> dict[str, Handler]:
        return {"swap_hands": swap_hands, "redraw": redraw, "discard": discard, "done": done}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY:
            return
        swaps = _SWAPS if g.players <= len(_SWAPS) else [shared("swap_hands", q) for q in range(g.players)]
        for q in range(g.players):
            if q != p:
                out.append(swaps[q])
        if g.hands[p]:
            out.append(_REDRAW)

    def follow_up_actions(self, g: Game) -> list[Action]:
        out = [shared("discard", k) for k in dict.fromkeys(g.card_keys(g.hands[g.decision.player]))]
        out.append(DONE)
        return out


_SWAP_HANDS = shape("swap_hands", "player", "target", "gave", "took")
_SWAP_HANDS_PRIVATE = shape("swap_hands_private", "player", "target", "gave", "took", cards=(2, 3))


def swap_hands(g: Game, p: int, a: Action) -> None:
    q = int(a.args[0])
    g.turn.used |= USED_ABILITY
    hp, hq = g.hands[p], g.hands[q]
    g.hands[p], g.hands[q] = hq, hp
    # Both now know the other's whole hand (RULINGS R2); what others knew moves with the cards.
    for r in range(g.players):
        g.known[r][p], g.known[r][q] = g.known[r][q], g.known[r][p]
    g.known[p][q] = hp[:]
    g.known[q][p] = hq[:]
    g.known[p][p] = []
    g.known[q][q] = []
    log = g.log
    if log is not None:  # compact records (see Game.events)
        log.append((_SWAP_HANDS, None, p, q, len(hp), len(hq)))
        log.append((_SWAP_HANDS_PRIVATE, (p, q), p, q, tuple(hp), tuple(hq)))


def redraw(g: Game, p: int, a: Action) -> None:
    g.open_follow_up(Decision.REDRAW, p, [])


def discard(g: Game, p: int, a: Action) -> None:
    cid = g.card_id(str(a.args[0]))
    g.hands[p].remove(cid)
    # Discarded face down: from now on nobody else can tell which known cards are left (a redeal made
    # while this decision is open must not find a known card missing from the hand).
    g.forget_hand(p)
    g.decision.data.append(cid)


def done(g: Game, p: int, a: Action) -> None:
    chosen = g.decision.data
    g.decision.kind = Decision.NONE
    g.decision.data = []
    if not chosen:
        return  # nothing discarded: the ability is still unused
    g.turn.used |= USED_ABILITY
    g.bottom(chosen)
    g.forget_hand(p)
    drawn = g.draw(len(chosen))
    g.hands[p].extend(drawn)
    g.emit("redraw", {"player": p, "count": len(chosen), "drawn": len(drawn)})
    g.emit(
        "redraw_private", {"player": p, "discarded": g.card_keys(chosen), "drawn": g.card_keys(drawn)}, (p,)
    )
