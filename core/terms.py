"""The engine's shared terms: the phases of a round, the turn's flags, how a city entry holds a card, and the
actions every turn offers.

`game.py` and the rules modules (`characters/`, `districts/`, `scoring.py`, `view.py` …) all use them; they
live here, in a module that imports nothing of the engine, so that the rules modules never need `game.py`
at run time and `game.py` can import the rules registries at the top (no import cycle).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, TypeAlias

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


class Phase(StrEnum):
    """`Game.phase`: the part of the round the game is in. A member is its string (a position, a view and a
    protocol message write the value), so it compares, hashes and serialises as that string."""

    SELECT = "select"
    """The selection of characters."""
    TURN = "turn"
    """The turns: the characters called in rank order."""
    OVER = "over"
    """The game is over."""


class Decision(StrEnum):
    """The kind of decision `Game.pending()` asks for: the turn, a pick of the selection, or a follow-up
    decision an action opened (`Game.decision.kind`). A member is its string: positions, views, records and
    protocol messages write the value, and `NONE` (no follow-up open) is the empty string, so it is false."""

    NONE = ""
    """No follow-up decision is open (only `Game.decision.kind` holds it; `pending()` never returns it)."""
    TURN = "turn"
    """The player of the turn chooses an action."""
    CHOOSE_CHARACTER = "choose_character"
    """A pick of the selection: choose a character."""
    DISCARD_CHARACTER = "discard_character"
    """A pick of the selection: discard a character face down."""
    KEEP = "keep"
    """Keep one (or more) of the cards drawn by gathering."""
    REDRAW = "redraw"
    """The Magician's discards, before drawing as many."""
    BEWITCH = "bewitch"
    """The Witch names the character she bewitches."""
    BRIBE = "bribe"
    """The threatened player pays the Blackmailer's bribe or refuses."""
    REVEAL_THREAT = "reveal_threat"
    """The Blackmailer reveals the threat or spares the player who refused."""
    WARRANT = "warrant"
    """The Magistrate reveals the warrant on a district just built, or lets it be."""
    CARDINAL_GIVE = "cardinal_give"
    """The cards the Cardinal gives for the gold he took."""
    SEER_GIVE = "seer_give"
    """The cards the Seer gives back."""
    WIZARD_PICK = "wizard_pick"
    """The card the Wizard takes from the hand he looked at."""
    ABBOT_INCOME = "abbot_income"
    """The Abbot's income: how much of it in gold and how much in cards."""
    SCHOLAR_KEEP = "scholar_keep"
    """The card the Scholar keeps of those he drew."""
    ADVISOR = "advisor"
    """The killed Emperor's player, as advisor, gives the crown at the round's end."""
    EMPEROR_GIVE = "emperor_give"
    """The classic Emperor: what the crowned player gives him."""
    GRAVEYARD = "graveyard"
    """The classic Graveyard: buy back the district just destroyed, or not."""
    LIGHTHOUSE = "lighthouse"
    """The classic Lighthouse: the card taken from the deck."""
    BELL_TOWER = "bell_tower"
    """The classic Bell Tower: announce the shorter game, or not."""
    THEATER = "theater"
    """The Theater: swap characters with a player, or not."""
    PAY_DEN = "pay_den"
    """The Thieves' Den: which cards pay part of its price."""


class Income(StrEnum):
    """What a character's income is paid in (`CharacterRules.income_resource`)."""

    NONE = ""
    """No income (a character card that names none)."""
    GOLD = "gold"
    CARDS = "cards"
    EITHER = "either"
    """Gold and cards, in the share the player chooses (the Abbot: `CharacterRules.mixed_income`)."""


# The members as module constants, for the engine's hot paths: reading a member through its class goes
# through the enum's descriptor (about 130 ns, against 25 ns for a global).
SELECT, TURN, OVER = Phase.SELECT, Phase.TURN, Phase.OVER
NO_DECISION, TURN_DECISION, CHOOSE_DECISION, DISCARD_DECISION, KEEP_DECISION = (
    Decision.NONE,
    Decision.TURN,
    Decision.CHOOSE_CHARACTER,
    Decision.DISCARD_CHARACTER,
    Decision.KEEP,
)


class Pick(StrEnum):
    """The kind of one pick of the selection (`Round.order`, core/state.py): its value is the short name the
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


# Turn flags (bits of Game.turn.used): each ability or effect once per turn.
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
