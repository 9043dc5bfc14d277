"""Helpers for character tests: a table in the turn phase with chosen characters, hands, gold and cities."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from helpers import start_turns

from citadels_core import Action, Game, GameConfig


def table(
    cast: str | Sequence[str],
    players: int,
    holders: dict[str, int],
    *,
    seed: int = 1,
    gold: Sequence[int] | None = None,
    hands: dict[int, list[str]] | None = None,
    cities: dict[int, list[str]] | None = None,
    crown: int = 0,
    districts: str | Sequence[str] = "first_game",
    faceup: Sequence[str] = (),
) -> Game:
    """A game whose selection phase is replaced by `holders` (character key -> seat), at the first call of
    the turn phase, with the gold, hands and cities given (a position: helpers.start_turns)."""
    g = Game(GameConfig.create(players, cast=cast, districts=districts), seed)
    picks: dict[int, list[str]] = {}
    for k, p in holders.items():
        picks.setdefault(p, []).append(k)
    changes: dict[str, Any] = {}
    if gold is not None:
        changes["gold"] = list(gold)
    if hands:
        changes["hands"] = {p: list(keys) for p, keys in hands.items()}
    if cities:
        changes["cities"] = {p: list(keys) for p, keys in cities.items()}
    return start_turns(g, picks, faceup, crown=crown, **changes)


def act(g: Game, p: int, kind: str, *args: str | int) -> None:
    g.apply(p, Action(kind, tuple(args)))


def keys(g: Game, cards: list[int]) -> list[str]:
    return sorted(g.card_keys(cards))


def legal(g: Game, kind: str) -> list[tuple]:
    return [a.args for a in g.legal_actions() if a.kind == kind]


def turn_of(g: Game) -> tuple[int, str]:
    """(player, character) now playing."""
    return g.turn_player, g.character_key(g.current_character)
