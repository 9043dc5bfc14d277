"""Scenario helpers for the unique-district tests: a game with chosen districts, set straight into one
player's turn with the state a test needs (written as positions: helpers.build)."""

from __future__ import annotations

from helpers import build, start_turns

from citadels_core import Game, GameConfig

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


def game(*keys: str, players: int = 4, seed: int = 1, cast: str = "first_game") -> Game:
    return Game(GameConfig.create(players, cast=cast, districts=districts(*keys)), seed)


def ids(g: Game, *keys: str) -> list[int]:
    return [g.card_id(k) for k in keys]


def start_turn(g: Game, p: int, char: str = "merchant") -> Game:
    """The game with the selection skipped: p holds `char` (nobody else holds a character) and its turn
    begins (a position: helpers.start_turns)."""
    return start_turns(g, {p: char})


def setup(g: Game, p: int, hand: tuple[str, ...] = (), city: tuple[str, ...] = (), gold: int = 0) -> Game:
    """The game with p's hand, city and gold replaced (a position: helpers.build); the replaced cards go
    under the deck and the new ones leave it, so every card exists once."""
    return build(g, hands={p: list(hand)}, cities={p: list(city)}, gold={p: gold})


def total_cards(g: Game) -> int:
    """Every district card in the game: deck, hands, cities, under the Museum, drawn, and those set
    aside by a decision in progress (paid to the Thieves' Den, discarded to the Magician)."""
    # During "pay_den" the Thieves' Den itself has left the hand and is not yet in the city.
    den = (
        [*g.follow_up_data[1:], -1]
        if g.follow_up == "pay_den"
        else g.follow_up_data
        if g.follow_up == "redraw"
        else []
    )
    return (
        len(g.deck)
        + sum(map(len, g.hands))
        + sum(map(len, g.cities))
        + len(g.museum)
        + len(g.drawn)
        + len(den)
    )


def kinds(g: Game) -> set[str]:
    return {a.kind for a in g.legal_actions()}
