"""The classic edition's casts and purple districts for tests: the base ones with chosen bonus cards."""

from __future__ import annotations

from collections.abc import Sequence

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
