"""The classic edition's casts and purple districts for tests: the base ones with chosen bonus cards, a
game of four at its turns with such a cast, the bonus sets the sweeps play, and the cast and uniques the
`why` tests play with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from helpers import mid_game

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


def classic_turns(*bonus: str, characters: Mapping[int, str | Sequence[str]]) -> Game:
    """A classic game of four at its turns (`mid_game`): the base cast with the named bonus characters,
    `characters` held (seat -> key or keys) and the first of them called."""
    return mid_game(players=4, edition="classic", cast=cast_with(*bonus), characters=characters)


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


# Bonus characters (two per cast) and bonus districts (all 14 across the four sets, some swapped for base).
CASTS = (("witch", "tax_collector"), ("wizard", "emperor"), ("abbot", "alchemist"), ("navigator", "diplomat"))


SETS = (
    ("lighthouse", "armory", "museum", "imperial_treasury"),
    ("map_room", "wishing_well", "quarry", "poor_house", "bell_tower"),
    ("factory", "park", "hospital"),
    ("throne_room", "ball_room"),
)


SWAP_OUT = ("smithy", "school_of_magic")


def config(i: int, players: int) -> GameConfig:
    bonus = SETS[i]
    base = [k for k in BASE_PURPLE_KEYS if k not in SWAP_OUT[: max(0, len(bonus) - 3)]]
    rank9 = None
    if players >= 4 and (players == 8 or i % 2 == 0):
        rank9 = "queen" if players >= 5 and i == 1 else "artist"
    cast = cast_with(*CASTS[i], rank9=rank9)
    return GameConfig.create(
        players, cast, base + list(bonus), edition="classic", shorter=(i == 3 and players == 5)
    )


CAST = ["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


ASSASSIN_CAST = ["assassin", *CAST[1:]]


UNIQUES = [
    "observatory",
    "library",
    "great_wall",
    "keep",
    "gold_mine",
    "smithy",
    "laboratory",
    "school_of_magic",
    "haunted_quarter",
    "dragon_gate",
    "imperial_treasury",
    "map_room",
    "quarry",
    "statue",
]
