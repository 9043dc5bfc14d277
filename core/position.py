"""A whole position as text (docs/position.md): `position(game)` writes it, `from_position(text)` builds the
game again, checked, with one sentence on any error (an impossible position is refused, never half-built);
a seat's position (`seat_position`, `from_seat_position`) is what one player knows. The text format itself is
`position_text.py`."""

from __future__ import annotations

from .game import Game
from .position_text import (
    END_OF_ROUND,
    FIELDS,
    HEADER,
    HIDDEN,
    SEAT_FIELDS,
    SEAT_HEADER,
    VERSION,
    PositionError,
    count_hidden,
    dealt,
    is_seat_position,
    parse,
    position,
    seat_of,
    seat_position,
    write,
)
from .redeal import redeal
from .rng import Rng

__all__ = [
    "END_OF_ROUND",
    "FIELDS",
    "HEADER",
    "HIDDEN",
    "SEAT_FIELDS",
    "SEAT_HEADER",
    "VERSION",
    "PositionError",
    "from_position",
    "from_seat_position",
    "is_seat_position",
    "position",
    "seat_of",
    "seat_position",
]


def from_position(text: str, record_events: bool = True) -> Game:
    """The game at the position `text`; PositionError with a sentence when it cannot be read or is not one
    the rules allow."""
    return Game.from_position(text, record_events)


def from_seat_position(text: str, seed: int, record_events: bool = True) -> Game:
    """A game at the seat position `text`: every hidden card and character dealt at random from `seed`,
    consistent with what the seat knows (as `redeal` deals a world); PositionError if refused."""
    values = parse(text, SEAT_HEADER, SEAT_FIELDS)
    seat = values["seat"]
    cards, chars = values["hidden_cards"], values["hidden_characters"]
    if not (isinstance(cards, list) and all(isinstance(k, str) for k in cards)):
        raise PositionError("The position's 'hidden_cards' must be a list of district cards.")
    if not (isinstance(chars, list) and all(isinstance(k, str) for k in chars)):
        raise PositionError("The position's 'hidden_characters' must be a list of characters.")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise PositionError("The position's 'seat' must be a seat number.")
    holes = count_hidden(values)
    if holes != (len(cards), len(chars)):
        raise PositionError(
            f"The position hides {holes[0]} district cards and {holes[1]} characters but lists "
            f"{len(cards)} and {len(chars)}."
        )
    rng = Rng(seed & (1 << 64) - 1)
    last: PositionError | None = None
    # A deal may give a player a character they named this round, which the rules refuse; another deal
    # will not (redeal below then deals from this world the way a search bot's worlds are dealt).
    for _ in range(50):
        try:
            g = from_position(write(HEADER, FIELDS, dealt(values, rng)), record_events=False)
        except PositionError as e:
            last = e
            continue
        if not 0 <= seat < g.players:
            raise PositionError(f"The position's 'seat' must be a whole number from 0 to {g.players - 1}.")
        world = g if g.over else redeal(g, seat, rng)  # at the end nothing is hidden
        return from_position(position(world), record_events=record_events)
    assert last is not None
    raise last
