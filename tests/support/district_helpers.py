"""District lists for the unique-district tests: the districts a test names, completed to a game's 14."""

from __future__ import annotations

# Districts most tests need, padded to the 14 a game uses (first-game uniques fill the rest).
FILL = (
    "dragon_gate",
    "factory",
    "haunted_quarter",
    "imperial_treasury",
    "keep",
    "laboratory",
    "library",
    "map_room",
    "quarry",
    "school_of_magic",
    "smithy",
    "statue",
    "thieves_den",
    "wishing_well",
    "basilica",
    "capitol",
    "gold_mine",
    "great_wall",
)


def districts(*keys: str) -> list[str]:
    """The given uniques, completed to 14 with others not named."""
    out = list(keys)
    for k in FILL:
        if len(out) == 14:
            break
        if k not in out:
            out.append(k)
    return out
