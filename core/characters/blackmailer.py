"""2 Blackmailer: put 2 threats face down on characters not yet called (not rank 1, not the killed, not the
bewitched character), one of them with the flower. A threatened player, when called, must first gather
resources and then resolve the threat: bribe the Blackmailer with half his gold rounded down (removing the
threat unseen), or refuse, and the Blackmailer may reveal it: with the flower he takes all that player's
gold. Nothing else (abilities, builds, district effects other than gathering ones) comes first (R18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import GATHER_CARDS, GATHER_GOLD, USED_ABILITY, Decision
from ._targets import nameable
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

THREAT, FLOWER, THREAT_DONE, THREAT_SHOWN, BRIBED = 16, 32, 64, 128, 256
BRIBE, REFUSE = Action("bribe"), Action("refuse_bribe")
REVEAL, SPARE = Action("reveal_threat"), Action("spare")
BLACKMAILER = 1  # cast index of rank 2


def blackmailer_player(g: Game) -> int:
    """Who placed the threats and gets the bribes: the Witch when she bewitched the Blackmailer."""
    return g.owner[0] if g.bewitched == BLACKMAILER else g.owner[BLACKMAILER]


def threatened_now(g: Game) -> bool:
    """The current player's character carries an unresolved threat."""
    m = g.markers[g.current_character] if 0 <= g.current_character < g.cast_size else 0
    return bool(m & THREAT) and not m & THREAT_DONE and g.turn.player == g.owner[g.current_character]


class Blackmailer(CharacterRules):
    key = "blackmailer"
    rank = 2
    gates = True
    follow_ups = frozenset({Decision.BRIBE, Decision.REVEAL_THREAT})

    def handlers(self) -> dict[str, Handler]:
        return {
            "threaten": threaten,
            "bribe": bribe,
            "refuse_bribe": refuse_bribe,
            "reveal_threat": reveal_threat,
            "spare": spare,
        }

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY or any(m & THREAT for m in g.markers):
            return
        # Not yet called: ranks after the one playing now.
        targets = [
            i for i in nameable(g, p, exclude_killed=True, exclude_bewitched=True) if i > g.current_character
        ]
        if len(targets) < 2:
            out.extend(Action("threaten", (g.character_key(i),)) for i in targets)
            return
        for f in targets:
            out.extend(
                Action("threaten", (g.character_key(f), g.character_key(o))) for o in targets if o != f
            )

    def gate(self, g: Game, p: int) -> list[Action] | None:
        if threatened_now(g) and not g.turn.gathered:
            return [GATHER_GOLD, GATHER_CARDS]
        return None

    def after_gathering(self, g: Game, p: int) -> None:
        if threatened_now(g) and blackmailer_player(g) >= 0:
            g.open_follow_up(Decision.BRIBE, p)

    def follow_up_actions(self, g: Game) -> list[Action]:
        return [BRIBE, REFUSE] if g.decision.kind == Decision.BRIBE else [REVEAL, SPARE]


def threaten(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_ABILITY
    for n, key in enumerate(a.args):
        g.markers[g.cast_index(str(key))] |= THREAT | (FLOWER if n == 0 else 0)
    keys = sorted((str(k) for k in a.args), key=g.cast_index)
    g.emit("threats", {"player": p, "characters": keys})
    g.emit("threats_private", {"player": p, "flower": str(a.args[0])}, (p,))


def bribe(g: Game, p: int, a: Action) -> None:
    g.decision.kind = Decision.NONE
    g.markers[g.current_character] |= THREAT_DONE | BRIBED  # the marker goes back unseen
    bm = blackmailer_player(g)
    amount = g.gold[p] // 2  # with 1 gold the bribe is 0 (R18)
    g.gold[p] -= amount
    g.gold[bm] += amount
    g.emit(
        "bribe",
        {"player": p, "target": bm, "amount": amount, "character": g.character_key(g.current_character)},
    )


def refuse_bribe(g: Game, p: int, a: Action) -> None:
    g.emit("refuse_bribe", {"player": p, "character": g.character_key(g.current_character)})
    g.open_follow_up(Decision.REVEAL_THREAT, blackmailer_player(g), [p])


def _resolve(g: Game) -> int:
    p = g.decision.data[0]
    g.decision.kind = Decision.NONE
    g.decision.data = []
    g.markers[g.current_character] |= THREAT_DONE
    return p


def spare(g: Game, bm: int, a: Action) -> None:
    p = _resolve(g)
    g.emit("spare", {"player": bm, "target": p})


def reveal_threat(g: Game, bm: int, a: Action) -> None:
    p = _resolve(g)
    g.markers[g.current_character] |= THREAT_SHOWN
    flower = bool(g.markers[g.current_character] & FLOWER)
    amount = g.gold[p] if flower else 0
    g.gold[p] -= amount
    g.gold[bm] += amount
    g.emit(
        "reveal_threat",
        {
            "player": bm,
            "target": p,
            "character": g.character_key(g.current_character),
            "flower": flower,
            "amount": amount,
        },
    )
