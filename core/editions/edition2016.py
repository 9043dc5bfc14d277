"""Card facts of the 2016 edition (CARDS.md section A): 17 basic kinds, 30 unique districts, 27 characters."""

from __future__ import annotations

from ..cards import CharacterCard as C
from ..cards import DistrictCard as D
from ..cards import DistrictType as T
from ..cards import Preset

N, R, TR, M, U = T.NOBLE, T.RELIGIOUS, T.TRADE, T.MILITARY, T.UNIQUE

BASIC: tuple[D, ...] = (
    D("manor", "Manor", N, 3, 5),
    D("castle", "Castle", N, 4, 4),
    D("palace", "Palace", N, 5, 3),
    D("temple", "Temple", R, 1, 3),
    D("church", "Church", R, 2, 3),
    D("monastery", "Monastery", R, 3, 3),
    D("cathedral", "Cathedral", R, 5, 2),
    D("tavern", "Tavern", TR, 1, 5),
    D("market", "Market", TR, 2, 4),
    D("trading_post", "Trading Post", TR, 2, 3),
    D("docks", "Docks", TR, 3, 3),
    D("harbor", "Harbor", TR, 4, 3),
    D("town_hall", "Town Hall", TR, 5, 2),
    D("watchtower", "Watchtower", M, 1, 3),
    D("prison", "Prison", M, 2, 3),
    D("barracks", "Barracks", M, 3, 3),
    D("fortress", "Fortress", M, 5, 2),
)

UNIQUE: tuple[D, ...] = (
    D("armory", "Armory", U, 3, 1, "During your turn, destroy the Armory to destroy 1 district of your choice.", "dark_city"),
    D("basilica", "Basilica", U, 4, 1, "At the end of the game, score 1 extra point for each district in your city with an odd-numbered cost.", "2016"),
    D("capitol", "Capitol", U, 5, 1, "If you have at least 3 districts of the same type at the end of the game, score 3 extra points.", "2016"),
    D("dragon_gate", "Dragon Gate", U, 6, 1, "At the end of the game, score 2 extra points.", "base"),
    D("factory", "Factory", U, 5, 1, "You pay 1 fewer gold to build any other unique district.", "dark_city"),
    D("framework", "Framework", U, 3, 1, "You can build a district by destroying the Framework instead of paying that district's cost.", "2016"),
    D("gold_mine", "Gold Mine", U, 6, 1, "If you choose to gain gold when gathering resources, gain 1 extra gold.", "2016"),
    D("great_wall", "Great Wall", U, 6, 1, "The rank 8 character must pay 1 more gold to use its ability on any other district in your city.", "base"),
    D("haunted_quarter", "Haunted Quarter", U, 2, 1, "At the end of the game, the Haunted Quarter counts as any 1 district type of your choice.", "base"),
    D("imperial_treasury", "Imperial Treasury", U, 5, 1, "At the end of the game, score 1 extra point for each gold in your stash.", "dark_city"),
    D("ivory_tower", "Ivory Tower", U, 5, 1, "If the Ivory Tower is the only unique district in your city at the end of the game, score 5 extra points.", "2016"),
    D("keep", "Keep", U, 3, 1, "The rank 8 character cannot use its ability on the Keep.", "base"),
    D("laboratory", "Laboratory", U, 5, 1, "Once per turn, discard 1 card from your hand to gain 2 gold.", "base"),
    D("library", "Library", U, 6, 1, "If you choose to draw cards when gathering resources, keep all drawn cards.", "base"),
    D("map_room", "Map Room", U, 5, 1, "At the end of the game, score 1 extra point for each card in your hand.", "dark_city"),
    D("monument", "Monument", U, 4, 1, "You cannot build the Monument if you have 5 or more districts in your city. Treat the Monument as being 2 districts toward your completed city.", "2016"),
    D("museum", "Museum", U, 4, 1, "Once per turn, assign 1 card from your hand facedown under the Museum. At the end of the game, score 1 extra point for each card under the Museum.", "dark_city"),
    D("necropolis", "Necropolis", U, 5, 1, "You can build the Necropolis by destroying 1 district in your city instead of paying its cost.", "2016"),
    D("observatory", "Observatory", U, 4, 1, "If you choose to draw cards when gathering resources, draw 3 cards instead of 2.", "base"),
    D("park", "Park", U, 6, 1, "If there are no cards in your hand at the end of your turn, gain 2 cards.", "dark_city"),
    D("poor_house", "Poor House", U, 4, 1, "If you have no gold in your stash at the end of your turn, gain 1 gold.", "dark_city"),
    D("quarry", "Quarry", U, 5, 1, "You can build districts that are identical to districts in your city.", "dark_city"),
    D("school_of_magic", "School of Magic", U, 6, 1, "For abilities that gain resources for your districts, the School of Magic counts as the district type of your choice.", "base"),
    D("secret_vault", "Secret Vault", U, 0, 1, "The Secret Vault cannot be built. At the end of the game, reveal the Secret Vault from your hand to score 3 extra points.", "2016", buildable=False),
    D("smithy", "Smithy", U, 5, 1, "Once per turn, pay 2 gold to gain 3 cards.", "base"),
    D("stables", "Stables", U, 2, 1, "Building the Stables does not count toward your building limit for the turn.", "2016"),
    D("statue", "Statue", U, 3, 1, "If you have the crown at the end of the game, score 5 extra points.", "2016"),
    D("theater", "Theater", U, 6, 1, "At the end of each selection phase, you may exchange your chosen character card with an opponent's character card.", "2016"),
    D("thieves_den", "Thieves' Den", U, 6, 1, "Pay some or all of the Thieves' Den's cost with cards from your hand instead of gold at a rate of 1 card : 1 gold.", "2016"),
    D("wishing_well", "Wishing Well", U, 5, 1, "At the end of the game, score 1 extra point for each unique district in your city (including Wishing Well).", "dark_city"),
)

CHARACTERS: tuple[C, ...] = (
    C("assassin", "Assassin", 1, "Call a character you wish to kill. The killed character skips his turn."),
    C("witch", "Witch", 1, "You must gather resources, call a character you wish to bewitch, then put your turn on hold. After the bewitched character gathers resources, you resume your turn as that character.", origin="dark_city"),
    C("magistrate", "Magistrate", 1, "Assign warrants facedown to character tokens. Reveal the signed warrant to confiscate the first district that player builds. The player gets back all gold paid to build that district.", origin="2016"),
    C("thief", "Thief", 2, "Call a character you wish to rob. When the robbed character is revealed, you take all his gold."),
    C("spy", "Spy", 2, "Name a district type and look at another player's hand. For each card of that type, take 1 of his gold and gain 1 card.", origin="2016"),
    C("blackmailer", "Blackmailer", 2, "Assign threats facedown to character tokens. A threatened player can bribe you (half his gold rounded down) to remove his threat. If you reveal the flower, you take all his gold.", origin="2016"),
    C("magician", "Magician", 3, "Either exchange hands of cards with another player or discard any number of cards to gain an equal number of cards."),
    C("wizard", "Wizard", 3, "Look at another player's hand and choose 1 card. Either pay to build it immediately or add it to your hand. You can build identical districts.", origin="dark_city"),
    C("seer", "Seer", 3, "Randomly take 1 card from each player's hand and add it to yours. Then give each player you took a card from 1 card from your hand. You can build up to 2 districts.", origin="2016"),
    C("king", "King", 4, "You must take the crown. Gain 1 gold for each of your noble districts.", N, "gold"),
    C("emperor", "Emperor", 4, "You must give the crown to a different player and take either 1 of his gold or 1 of his cards. Gain 1 gold for each of your noble districts.", N, "gold", "dark_city"),
    C("patrician", "Patrician", 4, "You must take the crown. Gain 1 card for each of your noble districts.", N, "cards", "2016"),
    C("bishop", "Bishop", 5, "The rank 8 character cannot use its ability on your districts. Gain 1 gold for each of your religious districts.", R, "gold"),
    C("abbot", "Abbot", 5, "The richest player gives you 1 gold. Gain either 1 gold or 1 card for each of your religious districts.", R, "either", "dark_city"),
    C("cardinal", "Cardinal", 5, "If you are short of gold to build a district, exchange your cards for another player's gold (1 card: 1 gold). Gain 1 card for each of your religious districts.", R, "cards", "2016"),
    C("merchant", "Merchant", 6, "Gain 1 extra gold. Gain 1 gold for each of your trade districts.", TR, "gold"),
    C("alchemist", "Alchemist", 6, "At the end of your turn, you get back all the gold you paid to build districts this turn. You cannot pay more gold than you have.", origin="dark_city"),
    C("trader", "Trader", 6, "You can build any number of trade districts. Gain 1 gold for each of your trade districts.", TR, "gold", "2016"),
    C("architect", "Architect", 7, "Gain 2 extra cards. You can build up to 3 districts."),
    C("navigator", "Navigator", 7, "Gain either 4 extra gold or 4 extra cards. You cannot build any districts.", origin="dark_city"),
    C("scholar", "Scholar", 7, "Draw 7 cards, choose 1 to keep, then shuffle the rest back into the deck. You can build up to 2 districts.", origin="2016"),
    C("warlord", "Warlord", 8, "Destroy 1 district by paying 1 fewer gold than its cost. Gain 1 gold for each of your military districts.", M, "gold"),
    C("diplomat", "Diplomat", 8, "Exchange 1 of your districts for another player's district, giving him gold equal to the difference in their costs. Gain 1 gold for each of your military districts.", M, "gold", "dark_city"),
    C("marshal", "Marshal", 8, "Seize 1 district with a cost of 3 or less from another player's city, giving that player gold equal to its cost. Gain 1 gold for each of your military districts.", M, "gold", "2016"),
    C("queen", "Queen", 9, "If you are sitting next to the player who revealed the rank 4 character, gain 3 gold.", origin="dark_city"),
    C("artist", "Artist", 9, "Beautify up to 2 of your districts by assigning each of them 1 of your gold. A district can be beautified only once.", origin="dark_city"),
    C("tax_collector", "Tax Collector", 9, "After each player builds, he places 1 of his gold on the Tax Collector's character token. Take all gold from your character token.", origin="dark_city"),
)

_EMPEROR_SUB: dict[str, tuple[str, ...]] = {"emperor@2": ("king", "patrician")}
_QUEEN_SUB: dict[str, tuple[str, ...]] = {"queen@3": ("artist", "tax_collector"), "queen@4": ("artist", "tax_collector")}

PRESETS: tuple[Preset, ...] = (
    Preset(
        "first_game", "Your First Game",
        ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "artist"),
        ("dragon_gate", "factory", "haunted_quarter", "imperial_treasury", "keep", "laboratory", "library",
         "map_room", "quarry", "school_of_magic", "smithy", "statue", "thieves_den", "wishing_well"),
    ),
    Preset(
        "ambitious_aristocrats", "Ambitious Aristocrats",
        ("magistrate", "thief", "wizard", "patrician", "bishop", "trader", "architect", "marshal", "queen"),
        ("capitol", "factory", "framework", "great_wall", "haunted_quarter", "keep", "necropolis", "park",
         "poor_house", "quarry", "school_of_magic", "stables", "statue", "thieves_den"),
        _QUEEN_SUB,
    ),
    Preset(
        "cunning_agents", "Cunning Agents",
        ("witch", "blackmailer", "magician", "emperor", "abbot", "alchemist", "architect", "warlord", "tax_collector"),
        ("armory", "basilica", "dragon_gate", "gold_mine", "keep", "monument", "museum", "necropolis", "park",
         "poor_house", "quarry", "secret_vault", "smithy", "theater"),
        _EMPEROR_SUB,
    ),
    Preset(
        "illustrious_emissaries", "Illustrious Emissaries",
        ("witch", "spy", "seer", "emperor", "bishop", "merchant", "scholar", "diplomat", "artist"),
        ("factory", "framework", "great_wall", "haunted_quarter", "ivory_tower", "keep", "library", "museum",
         "observatory", "park", "poor_house", "quarry", "school_of_magic", "smithy"),
        _EMPEROR_SUB,
    ),
    Preset(
        "devious_dignitaries", "Devious Dignitaries",
        ("magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator", "marshal", "queen"),
        ("dragon_gate", "factory", "framework", "haunted_quarter", "laboratory", "necropolis", "park",
         "poor_house", "secret_vault", "smithy", "stables", "theater", "thieves_den", "wishing_well"),
        _QUEEN_SUB,
    ),
    Preset(
        "tenacious_delegates", "Tenacious Delegates",
        ("assassin", "spy", "seer", "king", "cardinal", "trader", "scholar", "diplomat", "artist"),
        ("basilica", "capitol", "haunted_quarter", "imperial_treasury", "laboratory", "library", "map_room",
         "observatory", "school_of_magic", "secret_vault", "smithy", "stables", "statue", "wishing_well"),
    ),
    Preset(
        "vicious_nobles", "Vicious Nobles",
        ("assassin", "thief", "magician", "patrician", "cardinal", "merchant", "navigator", "warlord", "tax_collector"),
        ("armory", "basilica", "dragon_gate", "gold_mine", "imperial_treasury", "ivory_tower", "laboratory",
         "map_room", "monument", "museum", "school_of_magic", "statue", "thieves_den", "wishing_well"),
    ),
)
