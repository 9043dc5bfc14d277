"""Scenario helpers for the unique-district tests: a game with chosen districts, set straight into one
player's turn with the state a test needs."""

from __future__ import annotations

from citadels_core import Game, GameConfig
from citadels_core.terms import TURN

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


def start_turn(g: Game, p: int, char: str = "merchant") -> None:
    """Skip the selection: p holds `char` (nobody else holds a character) and its turn begins."""
    i = g.cast_index(char)
    assert i >= 0, char
    g.phase = TURN
    g.follow_up = ""
    g.owner = [-1] * g.cast_size
    g.owner[i] = p
    g.characters = [[] for _ in range(g.players)]
    g.characters[p] = [i]
    g.faceup = []
    g.current_character = i
    g.begin_turn(i, p)


def setup(g: Game, p: int, hand: tuple[str, ...] = (), city: tuple[str, ...] = (), gold: int = 0) -> None:
    """Set p's hand, city and gold; the replaced cards go back to the deck so the card count holds."""
    g.deck.extend(g.hands[p])
    for e in g.cities[p]:
        g.deck.append(e & 255)
    g.hands[p] = []
    g.cities[p] = []
    for k in hand:
        g.hands[p].append(take(g, k))
    for k in city:
        g.cities[p].append(take(g, k))
    g.gold[p] = gold


def take(g: Game, key: str) -> int:
    """Move one copy of `key` out of the deck or another hand (so every card exists once)."""
    cid = g.card_id(key)
    if cid in g.deck:
        g.deck.remove(cid)
        return cid
    for h in g.hands:
        if cid in h:
            h.remove(cid)
            return cid
    raise AssertionError(f"no free copy of {key}")


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
