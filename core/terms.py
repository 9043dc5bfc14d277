"""The engine's shared terms: the phases of a round, the turn's flags, how a city entry holds a card, and the
actions every turn offers.

`game.py` and the rules modules (`characters/`, `districts/`, `scoring.py`, `view.py` …) all use them; they
live here, in a module that imports nothing of the engine, so that the rules modules never need `game.py`
at run time and `game.py` can import the rules registries at the top (no import cycle).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal, TypeAlias

from .actions import Action

# The kinds of numbers the engine passes around. They are plain ints (a game is lists of them, copied at
# every clone); the names say which kind a signature takes. A field that names nobody or nothing holds -1.
Seat: TypeAlias = int
"""A player: the seat number, 0 to `players - 1`."""
CastIndex: TypeAlias = int
"""A character in play: its index in the cast (`Game.cast`, in rank order)."""
CardId: TypeAlias = int
"""A district card: its index in the edition's table (`Edition.districts`)."""
CityEntry: TypeAlias = int
"""A district in a city: its card id, with the `BEAUTY` flag when the Artist beautified it."""

# A city entry is a district card id, with the BEAUTY flag when the Artist beautified it (RULINGS R33). Whether
# a city holds a district is one question of its two entries: `not entries.isdisjoint(city)`, with the entries
# of a card from `Game.card_entries` or of a unique district from its rules (`DistrictRules.entries`).
BEAUTY: Final = 256  # flag on a city entry: the Artist beautified this district
CARD: Final = 255  # mask of the card id in a city entry


# Game.phase: the selection of characters, the turns (characters called in rank order), the game's end.
# Plain strings (a position names them in its text), named as a closed set for the type checker.
Phase: TypeAlias = Literal["select", "turn", "over"]
SELECT: Final = "select"
TURN: Final = "turn"
OVER: Final = "over"


class Pick(StrEnum):
    """The kind of one pick of the selection (`Game.selection_order`): its value is the short name the
    selection scripts are written in."""

    CHOOSE = "c"
    """Choose a character from the draft."""
    CHOOSE_LAST = "c+"
    """Choose from the draft; when one card is left, the face-down card may be taken instead."""
    DISCARD = "d"
    """Discard a character face down."""
    RANDOM_DISCARD = "r"
    """One character of the draft goes face down at random (3 players, 2016)."""


# The members as module constants, for the engine's hot paths: reading a member through its class goes
# through the enum's descriptor (about 130 ns, against 25 ns for a global), and a pick reads one or two.
CHOOSE, CHOOSE_LAST, DISCARD, RANDOM_DISCARD = (
    Pick.CHOOSE,
    Pick.CHOOSE_LAST,
    Pick.DISCARD,
    Pick.RANDOM_DISCARD,
)


# Turn flags (bits of Game.used): each ability or effect once per turn.
USED_ABILITY = 1
USED_BONUS = 2
USED_INCOME = 4
USED_LAB = 8
USED_SMITHY = 16
USED_MUSEUM = 32

# Actions of every turn, shared objects (an Action is immutable).
GATHER_GOLD = Action("gather", ("gold",))
GATHER_CARDS = Action("gather", ("cards",))
INCOME = Action("income")
BONUS = Action("bonus")
END = Action("end")
THANK = Action("thank")  # classic Ball Room: thank the crowned owner first (RULINGS R44)
DONE = Action("done")
