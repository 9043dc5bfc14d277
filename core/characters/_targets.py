"""Shared target lists for abilities that name a character (RULINGS R26)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..actions import Action, shared

if TYPE_CHECKING:
    from ..game import Game


def nameable(
    g: Game, p: int, min_rank: int = 2, exclude_killed: bool = False, exclude_bewitched: bool = False
) -> list[int]:
    """Cast indexes p may name: not p's own, not face up, rank >= min_rank, optionally not killed/bewitched."""
    # One set of the excluded cast indexes and one test per character: the Assassin and the Thief list
    # their targets at each of their decisions. (-1, "nobody killed or bewitched", matches no cast index.)
    skip = {*g.characters[p], *g.faceup}
    if exclude_killed:
        skip.add(g.killed)
    if exclude_bewitched:
        skip.add(g.bewitched)
    return [i for i in _ranked(g.rules.hooks.ranks, min_rank) if i not in skip]


@functools.lru_cache(maxsize=256)
def _ranked(ranks: tuple[int, ...], min_rank: int) -> tuple[int, ...]:
    """The cast indexes of rank >= min_rank, by the cast's ranks (`Hooks.ranks`): made once per cast instead
    of comparing every rank at every listing."""
    return tuple(i for i, r in enumerate(ranks) if r >= min_rank)


@functools.lru_cache(maxsize=256)
def _named(kind: str, keys: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(shared(kind, k) for k in keys)


def named_actions(g: Game, kind: str) -> tuple[Action, ...]:
    """`shared(kind, key)` for each character of g's cast, by cast index: the Assassin's and the Thief's lists
    are made at their every turn (the `hard` bot's playouts make millions), and looking up `shared(kind,
    key)` per target built and hashed a key each time."""
    return _named(kind, g.rules.cast_keys)


def city_changed(g: Game, p: int) -> None:
    """A district entered p's city other than by building (seized, confiscated, exchanged): completion
    is checked as for a build (RULINGS R10)."""
    if not g.is_complete(p):
        return
    if g.first_complete < 0:
        g.first_complete = p
        g.last_round = True
        g.emit("complete", {"player": p, "first": True})
    elif not g.last_round:
        g.last_round = True


def richest(g: Game) -> list[int]:
    """The players tied for the most gold."""
    top = max(g.gold)
    return [q for q in range(g.players) if g.gold[q] == top]


def build_refused(g: Game, p: int, cid: int) -> bool:
    """A district's own ban on building it now (the Monument's, where the districts provide
    `build_refusal`), for builds the characters make outside Game.build_actions (Wizard, Cardinal)."""
    dr = g.rules.card_rules[cid]
    refusal = getattr(dr, "build_refusal", None)
    return bool(refusal is not None and refusal(g, p))
