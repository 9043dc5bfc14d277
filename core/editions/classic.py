"""Card facts of the classic edition: the Fantasy Flight rulebook (001_374172512b2ff6bd.txt) with The Dark
City bonus cards (CARDS.md section B). Keys are shared with the 2016 tables where the card has the same name;
the rules that differ are registered for this edition in `characters/classic.py` and `districts/classic.py`.
Names and texts here are the English catalogue entries; a translation looks them up by key."""

from __future__ import annotations

from ..cards import CharacterCard as C
from ..cards import DistrictCard as D
from ..cards import DistrictType as T
from ..cards import Preset
from ..terms import Income
from . import edition2016

N, R, TR, M, U = T.NOBLE, T.RELIGIOUS, T.TRADE, T.MILITARY, T.UNIQUE

# The same 54 basic cards as the 2016 edition, but for one name: the classic Battlefield is the Barracks.
BASIC: tuple[D, ...] = tuple(
    D("battlefield", "Battlefield", M, 3, 3) if d.key == "barracks" else d for d in edition2016.BASIC
)

# The 12 purple cards of the basic game (11 names: two Keeps), origin "base" (CARDS.md B2).
BASE_PURPLE: tuple[D, ...] = (
    D(
        "haunted_city",
        "Haunted City",
        U,
        2,
        1,
        "For the purposes of victory points, the Haunted City is considered to be of the color of your choice. You cannot use this ability if you built it during the last round of the game.",
    ),
    D("keep", "Keep", U, 3, 2, "The Keep cannot be destroyed by the Warlord."),
    D(
        "laboratory",
        "Laboratory",
        U,
        5,
        1,
        "Once during your turn, you may discard a district card from your hand and receive one gold from the bank.",
    ),
    D("smithy", "Smithy", U, 5, 1, "Once during your turn, you may pay two gold to draw 3 district cards."),
    D(
        "observatory",
        "Observatory",
        U,
        5,
        1,
        "If you choose to draw cards when you take an action, you draw 3 cards, keep one of your choice, and put the other 2 on the bottom of the deck.",
    ),
    D(
        "graveyard",
        "Graveyard",
        U,
        5,
        1,
        "When the Warlord destroys a district, you may pay one gold to take the destroyed district into your hand. You may not do this if you are the Warlord.",
    ),
    D(
        "dragon_gate",
        "Dragon Gate",
        U,
        6,
        1,
        "This district costs 6 gold to build, but is worth 8 points at the end of the game.",
    ),
    D(
        "university",
        "University",
        U,
        6,
        1,
        "This district costs 6 gold to build, but is worth 8 points at the end of the game.",
    ),
    D(
        "library",
        "Library",
        U,
        6,
        1,
        "If you choose to draw cards when you take an action, you keep both of the cards you have drawn.",
    ),
    D(
        "great_wall",
        "Great Wall",
        U,
        6,
        1,
        "The cost for the Warlord to destroy any of your other districts is increased by one gold.",
    ),
    D(
        "school_of_magic",
        "School of Magic",
        U,
        6,
        1,
        "For the purposes of income, the School of Magic is considered to be the color of your choice. If you are the King this round, for example, the School is considered to be a noble (yellow) district.",
    ),
)

# The 14 bonus purple districts of The Dark City, marked with a white star (CARDS.md B3; no Powderhouse, B4).
BONUS_PURPLE: tuple[D, ...] = (
    D(
        "lighthouse",
        "Lighthouse",
        U,
        3,
        1,
        "When you place the Lighthouse in your city, you may look through the District Deck, choose one card, and add it to your hand. Shuffle the deck afterwards.",
        "dark_city",
    ),
    D(
        "armory",
        "Armory",
        U,
        3,
        1,
        "During your turn, you may destroy the Armory in order to destroy any other district card of your choice in another player's city.",
        "dark_city",
    ),
    D(
        "museum",
        "Museum",
        U,
        4,
        1,
        "On your turn, you may place one district card from your hand face down under the Museum. At the end of the game, you score one extra point for every card under the Museum.",
        "dark_city",
    ),
    D(
        "imperial_treasury",
        "Imperial Treasury",
        U,
        4,
        1,
        "At the end of the game, you score one extra point for each gold in your treasury.",
        "dark_city",
    ),
    D(
        "map_room",
        "Map Room",
        U,
        5,
        1,
        "At the end of the game, you score one extra point for each card in your hand.",
        "dark_city",
    ),
    D(
        "wishing_well",
        "Wishing Well",
        U,
        5,
        1,
        "At the end of the game, you score one extra point for every other purple district in your city.",
        "dark_city",
    ),
    D(
        "quarry",
        "Quarry",
        U,
        5,
        1,
        "When building, you may build a district identical to one already in your city; there may never be more than two identical districts in your city.",
        "dark_city",
    ),
    D(
        "poor_house",
        "Poor House",
        U,
        5,
        1,
        "If you have no gold in your treasury at the end of your turn, receive one gold from the bank.",
        "dark_city",
    ),
    D(
        "bell_tower",
        "Bell Tower",
        U,
        5,
        1,
        "When you place the Bell Tower in your city, you may announce that the game will end after the round in which a player places his seventh district. If the Bell Tower is later destroyed, the game end conditions return to normal.",
        "dark_city",
    ),
    D(
        "factory",
        "Factory",
        U,
        6,
        1,
        "The cost of building any other purple district is reduced by one. This does not affect the Warlord's cost to destroy the Factory.",
        "dark_city",
    ),
    D(
        "park",
        "Park",
        U,
        6,
        1,
        "If there are no cards in your hand at the end of your turn, you may draw two district cards.",
        "dark_city",
    ),
    D(
        "hospital",
        "Hospital",
        U,
        6,
        1,
        "Even if you are assassinated, you may still take an action (gold or cards) during your turn. You may not build a district or use your character's power.",
        "dark_city",
    ),
    D(
        "throne_room",
        "Throne Room",
        U,
        6,
        1,
        "Every time the Crown switches players, you receive one gold from the bank.",
        "dark_city",
    ),
    D(
        "ball_room",
        "Ball Room",
        U,
        6,
        1,
        'When you have the Crown, all other players must say "Thank you, your Excellency" after you call their character. If a player forgets, he loses his turn.',
        "dark_city",
    ),
)

UNIQUE: tuple[D, ...] = BASE_PURPLE + BONUS_PURPLE

CHARACTERS: tuple[C, ...] = (
    C(
        "assassin",
        "Assassin",
        1,
        "Announce a character that you wish to murder. The murdered character misses his turn.",
    ),
    C(
        "witch",
        "Witch",
        1,
        "After you take an action, name a character to bewitch and end your turn. When the bewitched character is called, its player takes an action and ends his turn; you then play the rest of that turn as the bewitched character, in your city.",
        origin="dark_city",
    ),
    C(
        "thief",
        "Thief",
        2,
        "Announce a character from whom you wish to steal. When that character is revealed, you take all his gold. You may not steal from the Assassin or the Assassin's target.",
    ),
    C(
        "tax_collector",
        "Tax Collector",
        2,
        "Whenever another player builds one or more districts, he must give you one gold at the end of his turn, if he has any left.",
        origin="dark_city",
    ),
    C(
        "magician",
        "Magician",
        3,
        "Either exchange your hand of cards with another player's, or place any number of cards from your hand at the bottom of the District Deck and draw an equal number of cards.",
    ),
    C(
        "wizard",
        "Wizard",
        3,
        "Look at another player's hand and take one card. Put it in your hand or pay to build it at once; that build does not count toward your limit. You may build identical districts this turn.",
        origin="dark_city",
    ),
    C(
        "king",
        "King",
        4,
        "Receive one gold for each noble (yellow) district in your city. When the King is called, you take the Crown.",
        N,
        Income.GOLD,
    ),
    C(
        "emperor",
        "Emperor",
        4,
        "Receive one gold for each noble (yellow) district in your city. Take the Crown and give it to another player, who gives you one gold or one district card.",
        N,
        Income.GOLD,
        "dark_city",
    ),
    C(
        "bishop",
        "Bishop",
        5,
        "Receive one gold for each religious (blue) district in your city. Your districts cannot be destroyed by the Warlord.",
        R,
        Income.GOLD,
    ),
    C(
        "abbot",
        "Abbot",
        5,
        "Receive one gold for each religious (blue) district in your city. The richest player must give you one gold.",
        R,
        Income.GOLD,
        "dark_city",
    ),
    C(
        "merchant",
        "Merchant",
        6,
        "Receive one gold for each trade (green) district in your city. After you take an action, you receive one additional gold.",
        TR,
        Income.GOLD,
    ),
    C(
        "alchemist",
        "Alchemist",
        6,
        "At the end of your turn, you get back all the gold you paid to build districts this turn. You cannot spend more gold than you have.",
        origin="dark_city",
    ),
    C(
        "architect",
        "Architect",
        7,
        "After you take an action, you draw two additional district cards. You can build up to three districts during your turn.",
    ),
    C(
        "navigator",
        "Navigator",
        7,
        "After you take an action, receive either four extra gold or four extra cards. You cannot build any district.",
        origin="dark_city",
    ),
    C(
        "warlord",
        "Warlord",
        8,
        "Receive one gold for each military (red) district in your city. At the end of your turn, you may destroy one district by paying one gold less than its cost.",
        M,
        Income.GOLD,
    ),
    C(
        "diplomat",
        "Diplomat",
        8,
        "Receive one gold for each military (red) district in your city. At the end of your turn, you may exchange one of your districts for another player's, paying him the difference if his costs more.",
        M,
        Income.GOLD,
        "dark_city",
    ),
    C(
        "artist",
        "Artist",
        9,
        "Beautify one or two of your districts by placing one of your gold on each; each is worth one more.",
        origin="dark_city",
    ),
    C(
        "queen",
        "Queen",
        9,
        "Receive three gold if you are sitting next to the King (or the Emperor).",
        origin="dark_city",
    ),
)

BASE_CAST: tuple[str, ...] = (
    "assassin",
    "thief",
    "magician",
    "king",
    "bishop",
    "merchant",
    "architect",
    "warlord",
)
BASE_PURPLE_KEYS: tuple[str, ...] = tuple(d.key for d in BASE_PURPLE)

PRESETS: tuple[Preset, ...] = (
    # The basic game: the eight base characters and the twelve base purple cards.
    Preset("classic_basic", "The Basic Game", BASE_CAST, BASE_PURPLE_KEYS),
    # Dark City, gentle: two bonus characters, the Artist as rank 9, three bonus districts added.
    Preset(
        "classic_dark_city",
        "The Dark City",
        (
            "assassin",
            "tax_collector",
            "magician",
            "king",
            "abbot",
            "merchant",
            "architect",
            "warlord",
            "artist",
        ),
        BASE_PURPLE_KEYS + ("bell_tower", "lighthouse", "museum"),
    ),
    # Dark City, intrigue: Witch and Emperor, the Queen (the Artist below 5 players); five bonus districts
    # replace two base ones (net +3).
    Preset(
        "classic_intrigue",
        "Court Intrigue",
        ("witch", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord", "queen"),
        tuple(k for k in BASE_PURPLE_KEYS if k not in ("great_wall", "smithy"))
        + ("ball_room", "throne_room", "hospital", "quarry", "park"),
        {"queen@4": ("artist",)},
    ),
)
