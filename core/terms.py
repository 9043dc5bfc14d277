"""The engine's shared terms: the phases of a round, the turn's flags, how a city entry holds a card, and the
actions every turn offers.

`game.py` and the rules modules (`characters/`, `districts/`, `scoring.py`, `view.py` …) all use them; they
live here, in a module that imports nothing of the engine, so that the rules modules never need `game.py`
at run time and `game.py` can import the rules registries at the top (no import cycle).
"""

from __future__ import annotations

from .actions import Action

# A city entry is a district card id, with the BEAUTY flag when the Artist beautified it (RULINGS R33).
BEAUTY = 256  # flag on a city entry: the Artist beautified this district
CARD = 255  # mask of the card id in a city entry

# Game.phase: the selection of characters, the turns (characters called in rank order), the game's end.
SELECT, TURN, OVER = "select", "turn", "over"

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
