"""1 Magistrate: put 3 warrants face down on 3 characters, one of them signed. When the player of the signed
character pays to build his first district of the turn, the Magistrate may reveal the warrant and
confiscate it: it goes into the Magistrate's city for free (not if he already has one of that name), the
builder gets all his gold back (only gold, for the Thieves' Den), the build still counts toward his limit,
and the Magistrate pays the Tax Collector's tax (RULINGS R17, R32). Free builds (Framework, Necropolis)
cannot be confiscated."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..actions import Action
from ..terms import CARD, USED_ABILITY, Decision
from ._targets import nameable
from .base import CharacterRules, Handler

if TYPE_CHECKING:
    from ..game import Game

WARRANT, SIGNED, WARRANT_SPENT, WARRANT_SHOWN = 1, 2, 4, 8
CONFISCATE = Action("confiscate")
LET_BUILD = Action("let_build")


def magistrate_player(g: Game) -> int:
    return g.owner[0]  # rank 1 is cast index 0


def asks_magistrate(g: Game, p: int) -> bool:
    """Whether p's next paid build now waits for the Magistrate's decision (before it is placed, so before
    any tax): the current character carries an unspent warrant (public: whether it is signed is not)."""
    m = g.markers[g.current_character]
    if not m & WARRANT or m & WARRANT_SPENT or p != g.turn.player:
        return False
    mp = magistrate_player(g)
    return mp >= 0 and mp != p


class Magistrate(CharacterRules):
    key = "magistrate"
    rank = 1
    watches_builds = True
    follow_ups = frozenset({Decision.WARRANT})

    def handlers(self) -> dict[str, Handler]:
        return {"warrants": warrants, "confiscate": confiscate, "let_build": let_build}

    def actions(self, g: Game, p: int, out: list[Action]) -> None:
        if g.turn.used & USED_ABILITY or any(m & WARRANT for m in g.markers):
            return
        targets = nameable(g, p)
        k = min(3, len(targets))
        for group in combinations(targets, k):
            for signed in group:
                rest = tuple(g.character_key(i) for i in group if i != signed)
                out.append(Action("warrants", (g.character_key(signed), *rest)))

    def intercept_paid_build(self, g: Game, p: int, cid: int, gold: int, count: bool) -> bool:
        i = g.current_character
        m = g.markers[i]
        if not m & WARRANT or m & WARRANT_SPENT or p != g.turn.player:
            return False
        asks = asks_magistrate(g, p)
        g.markers[i] |= WARRANT_SPENT  # only the first paid build of the turn can be confiscated
        if not asks:
            return False
        mp = magistrate_player(g)
        # Every warranted character's first paid build asks the Magistrate, so that the question itself
        # does not tell the table which warrant is signed (RULINGS R2).
        g.open_follow_up(Decision.WARRANT, mp, [p, cid, gold, int(count)])
        return True

    def follow_up_actions(self, g: Game) -> list[Action]:
        mp = g.decision.player
        target, cid = g.decision.data[0], g.decision.data[1]
        del target
        if g.markers[g.current_character] & SIGNED and not any(e & CARD == cid for e in g.cities[mp]):
            return [CONFISCATE, LET_BUILD]
        return [LET_BUILD]


def warrants(g: Game, p: int, a: Action) -> None:
    g.turn.used |= USED_ABILITY
    for n, key in enumerate(a.args):
        g.markers[g.cast_index(str(key))] |= WARRANT | (SIGNED if n == 0 else 0)
    keys = sorted((str(k) for k in a.args), key=g.cast_index)
    g.emit("warrants", {"player": p, "characters": keys})
    g.emit("warrants_private", {"player": p, "signed": str(a.args[0])}, (p,))


def _close(g: Game) -> tuple[int, int, int, bool]:
    p, cid, gold, count = g.decision.data
    g.decision.kind = Decision.NONE
    g.decision.data = []
    return p, cid, gold, bool(count)


def let_build(g: Game, mp: int, a: Action) -> None:
    p, cid, gold, count = _close(g)
    g.place(p, cid, "paid", count)


def confiscate(g: Game, mp: int, a: Action) -> None:
    p, cid, gold, count = _close(g)
    g.markers[g.current_character] |= WARRANT_SHOWN
    g.gold[p] += gold
    g.turn.spent -= gold  # not paid after all (the Alchemist gets back only what he paid)
    if count and g.counts_toward_limit(cid):
        g.turn.builds += 1  # it still counts toward the target's building limit
    g.emit(
        "confiscate",
        {
            "player": mp,
            "target": p,
            "card": g.rules.edition.districts[cid].key,
            "refund": gold,
            "character": g.character_key(g.current_character),
        },
    )
    g.place(mp, cid, "confiscated", count=False)
