"""Helpers for character tests: a table in the turn phase with chosen characters, hands, gold and cities."""

from __future__ import annotations

from collections.abc import Sequence

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
    start: bool = True,
) -> Game:
    """A game whose selection phase is replaced by `holders` (character key -> seat)."""
    g = Game(GameConfig.create(players, cast=cast, districts=districts), seed)
    g.owner = [-1] * g.cast_size
    g.characters = [[] for _ in range(players)]
    for k, p in holders.items():
        i = g.cast_index(k)
        assert i >= 0, f"{k} is not in the cast"
        g.owner[i] = p
        g.characters[p].append(i)
    g.faceup = []
    g.draft = []
    g.facedown = [i for i in range(g.cast_size) if g.owner[i] < 0]
    g.crown = crown
    if gold is not None:
        g.gold = list(gold)
    for p, keys in (hands or {}).items():
        g.hands[p] = [_take(g, k) for k in keys]
    for p, keys in (cities or {}).items():
        g.cities[p] = [_take(g, k) for k in keys]
    if start:
        g.begin_turn_phase()
    return g


def _take(g: Game, key: str) -> int:
    cid = g.card_id(key)
    if cid in g.deck:
        g.deck.remove(cid)
    return cid


def act(g: Game, p: int, kind: str, *args: str | int) -> None:
    g.apply(p, Action(kind, tuple(args)))


def keys(g: Game, cards: list[int]) -> list[str]:
    return sorted(g.card_keys(cards))


def legal(g: Game, kind: str) -> list[tuple]:
    return [a.args for a in g.legal_actions() if a.kind == kind]


def turn_of(g: Game) -> tuple[int, str]:
    """(player, character) now playing."""
    return g.turn_player, g.character_key(g.current_character)
