"""Scenario builders for the classic-edition tests: a classic game with chosen cards, set into a turn."""

from __future__ import annotations

from collections.abc import Sequence

# Shared with the 2016 tests; imported from here by the classic ones.
from district_helpers import setup as setup
from helpers import act as act
from helpers import build as build
from helpers import legal_kinds as kinds  # noqa: F401 - the classic tests call it kinds
from helpers import start_turns

from citadels_core import Game, GameConfig
from citadels_core.editions.classic import BASE_CAST, BASE_PURPLE_KEYS

BONUS = (
    "lighthouse",
    "armory",
    "museum",
    "imperial_treasury",
    "map_room",
    "wishing_well",
    "quarry",
    "poor_house",
    "bell_tower",
    "factory",
    "park",
    "hospital",
    "throne_room",
    "ball_room",
)


def cast_with(*keys: str, rank9: str | None = None) -> list[str]:
    """The base cast with the named bonus characters in their ranks, plus an optional rank 9."""
    from citadels_core.edition import get_edition

    ed = get_edition("classic")
    out = list(BASE_CAST)
    for k in keys:
        rank = ed.characters[ed.character_by_key[k]].rank
        out[rank - 1] = k
    if rank9:
        out.append(rank9)
    return out


def purple_with(*bonus: str, keep: Sequence[str] = ()) -> list[str]:
    """The base purple districts plus the named bonus ones, made legal: with one bonus card a second is
    added (2-3 must be added); beyond 3, base cards not in `keep` are swapped out one for one."""
    extra = list(bonus)
    for k in BONUS:
        if len(extra) >= 2:
            break
        if k not in extra:
            extra.append(k)
    base = list(BASE_PURPLE_KEYS)
    removable = [
        k
        for k in (
            "smithy",
            "school_of_magic",
            "observatory",
            "laboratory",
            "university",
            "haunted_city",
            "library",
            "dragon_gate",
        )
        if k not in keep
    ]
    while len(extra) - (len(BASE_PURPLE_KEYS) - len(base)) > 3:
        base.remove(removable.pop(0))
    return base + extra


def classic_game(
    players: int = 4,
    seed: int = 1,
    cast: str | Sequence[str] = "classic_basic",
    districts: str | Sequence[str] = "classic_basic",
    **kw,
) -> Game:
    return Game(GameConfig.create(players, cast=cast, districts=districts, edition="classic", **kw), seed)


def start(g: Game, picks: dict[int, str | Sequence[str]], crown: int = 0) -> Game:
    """The game with the selection skipped: each player holds the named character(s) and the first is
    called (a position: helpers.start_turns)."""
    return start_turns(g, picks, crown=crown)


def total_cards(g: Game) -> int:
    """Every district card: deck, hands, cities, the Museum, drawn cards, and cards set aside by an open
    decision (the Magician's discards, the district waiting for the Graveyard's owner)."""
    aside = g.follow_up_data if g.follow_up in ("redraw", "graveyard") else []
    return (
        len(g.deck)
        + sum(map(len, g.hands))
        + sum(map(len, g.cities))
        + len(g.museum)
        + len(g.drawn)
        + len(aside)
    )
