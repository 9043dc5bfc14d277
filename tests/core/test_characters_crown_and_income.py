"""Emperor, Queen, Abbot, Cardinal, Tax Collector (2016 rulebook, Character Abilities in Detail; R19-R21, R27)."""

import pytest
from helpers import act, build, first_game_cast, keys, legal, mid_game, turn_of

from citadels_core import IllegalAction, get_edition
from citadels_core.terms import END

AGENTS = "cunning_agents"
FIRST_GAME_DISTRICTS = get_edition("2016").preset_by_key["first_game"].districts
EMPEROR_CAST = ["assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord"]
QUEEN_CAST = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord", "queen"]


# ---------------------------------------------------------------- Emperor


def test_emperor_must_give_the_crown_before_ending_the_turn():
    """RULINGS R19."""
    g = mid_game(players=4, cast=EMPEROR_CAST, characters={1: "emperor"}, crown=0)
    act(g, "gather", "gold", seat=1)
    assert END not in g.legal_actions()
    with pytest.raises(IllegalAction):
        act(g, "end", seat=1)
    targets = {a[0] for a in legal(g, "emperor")}
    assert targets == {2, 3}  # neither the holder (0) nor himself (1)


def test_emperor_takes_one_gold_from_the_new_crowned_player():
    g = mid_game(players=4, cast=EMPEROR_CAST, characters={1: "emperor"}, crown=0, gold=[2, 0, 5, 2])
    act(g, "emperor", 2, "gold", seat=1)
    assert g.crown == 2 and g.gold[2] == 4 and g.gold[1] == 1
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)


def test_emperor_takes_one_random_card_and_its_owner_knows_which():
    """RULINGS R2: both know the card."""
    g = mid_game(
        players=4,
        cast=EMPEROR_CAST,
        characters={1: "emperor"},
        crown=0,
        gold=[2, 2, 2, 0],
        hands={1: [], 3: ["palace"]},
    )
    act(g, "emperor", 3, "card", seat=1)
    assert keys(g, g.hands[1]) == ["palace"] and g.hands[3] == []
    assert keys(g, g.known[3][1]) == ["palace"]


def test_emperor_takes_nothing_from_a_player_without_gold_or_cards():
    g = mid_game(
        players=4, cast=EMPEROR_CAST, characters={1: "emperor"}, crown=0, gold=[2, 2, 0, 2], hands={2: []}
    )
    assert legal(g, "emperor").count((2, "nothing")) == 1
    assert (2, "gold") not in legal(g, "emperor") and (2, "card") not in legal(g, "emperor")


def test_killed_emperor_advisor_moves_the_crown_at_round_end_and_takes_nothing():
    """RULINGS R5, R27."""
    g = mid_game(
        players=4, cast=EMPEROR_CAST, characters={0: "assassin", 2: "emperor"}, crown=1, gold=[2, 2, 2, 2]
    )
    act(g, "kill", "emperor", seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    assert g.pending() == (2, "advisor")
    assert {a[0] for a in legal(g, "advisor")} == {0, 3}
    act(g, "advisor", 3, seat=2)
    assert g.crown == 3 and g.round == 2
    assert g.gold == [4, 2, 2, 2]


# ---------------------------------------------------------------- Queen


def test_queen_beside_the_player_who_revealed_the_rank_4_gains_three_gold():
    g = mid_game(players=5, cast=QUEEN_CAST, characters={2: "king", 3: "queen"}, gold=[0, 0, 0, 0, 0])
    act(g, "gather", "gold", seat=2)
    act(g, "end", seat=2)
    assert turn_of(g) == (3, "queen")
    act(g, "queen", seat=3)
    assert g.gold[3] == 3


def test_queen_not_beside_the_rank_4_gains_nothing():
    g = mid_game(players=5, cast=QUEEN_CAST, characters={1: "king", 3: "queen"})
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    assert turn_of(g) == (3, "queen") and legal(g, "queen") == []


def killed_by_the_assassin(victim: str):
    """Five players without gold, with the Assassin (seat 0), the Queen (seat 3) and the King (seat 4): the
    Assassin has killed `victim` and ended his turn."""
    g = mid_game(
        players=5, cast=QUEEN_CAST, characters={0: "assassin", 4: "king", 3: "queen"}, gold=[0, 0, 0, 0, 0]
    )
    act(g, "kill", victim, seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    return g


def test_queen_beside_a_killed_king_is_paid_at_round_end():
    """RULINGS R20, R27."""
    g = killed_by_the_assassin("king")
    assert turn_of(g) == (3, "queen") and legal(g, "queen") == []
    act(g, "gather", "gold", seat=3)
    act(g, "end", seat=3)
    assert g.round == 2 and g.gold[3] == 5 and g.crown == 4


def test_killed_queen_gets_nothing():
    """RULINGS R20."""
    g = killed_by_the_assassin("queen")
    act(g, "gather", "gold", seat=4)
    act(g, "end", seat=4)
    assert g.round == 2 and g.gold[3] == 0


# ---------------------------------------------------------------- Abbot


def test_abbot_takes_any_mix_of_gold_and_cards_for_religious_districts():
    g = mid_game(
        players=4,
        cast=AGENTS,
        characters={0: "abbot"},
        gold=[0, 2, 2, 2],
        cities={0: ["temple", "church", "monastery"]},
    )
    hand = len(g.hands[0])
    act(g, "income", seat=0)
    assert sorted(legal(g, "abbot_income")) == [(0,), (1,), (2,), (3,)]
    act(g, "abbot_income", 1, seat=0)
    assert g.gold[0] == 1 and len(g.hands[0]) == hand + 2


def test_abbot_richest_player_gives_one_gold_choosing_among_tied():
    g = mid_game(players=4, cast=AGENTS, characters={0: "abbot"}, gold=[1, 6, 6, 2])
    assert sorted(legal(g, "alms")) == [(1,), (2,)]
    act(g, "alms", 2, seat=0)
    assert g.gold == [2, 6, 5, 2]
    assert legal(g, "alms") == []  # once per turn


def test_abbot_tied_for_richest_receives_nothing():
    g = mid_game(players=4, cast=AGENTS, characters={0: "abbot"}, gold=[6, 6, 2, 2])
    assert legal(g, "alms") == []


# ---------------------------------------------------------------- Cardinal

CARDINAL_CAST = ["assassin", "thief", "magician", "king", "cardinal", "merchant", "architect", "warlord"]


def test_cardinal_takes_missing_gold_and_gives_one_card_per_gold():
    g = mid_game(
        players=4,
        cast=CARDINAL_CAST,
        characters={0: "cardinal"},
        gold=[1, 2, 5, 2],
        hands={0: ["palace", "tavern", "temple", "manor"], 2: []},
    )
    act(g, "gather", "gold", seat=0)  # 3 gold, palace costs 5
    assert ("palace", 2) in legal(g, "cardinal_build")
    assert ("palace", 1) in legal(g, "cardinal_build")  # 2 gold is just enough
    act(g, "cardinal_build", "palace", 2, seat=0)
    act(g, "cardinal_give", "tavern", seat=0)
    assert "palace" not in keys(g, g.cities[0])
    act(g, "cardinal_give", "temple", seat=0)
    assert keys(g, g.cities[0]) == ["palace"]
    assert g.gold[0] == 0 and g.gold[2] == 3
    assert keys(g, g.hands[2]) == ["tavern", "temple"] and keys(g, g.hands[0]) == ["manor"]
    assert keys(g, g.known[0][2]) == ["tavern", "temple"]


def test_cardinal_short_of_cards_cannot_take_gold():
    g = mid_game(
        players=4,
        cast=CARDINAL_CAST,
        characters={0: "cardinal"},
        gold=[0, 9, 9, 9],
        hands={0: ["palace", "tavern"]},
    )
    act(g, "gather", "gold", seat=0)  # 2 gold, 3 missing, only 1 other card
    assert legal(g, "cardinal_build") == []


def test_cardinal_cannot_take_from_a_player_with_too_little_gold():
    g = mid_game(
        players=4,
        cast=CARDINAL_CAST,
        characters={0: "cardinal"},
        gold=[0, 2, 3, 9],
        hands={0: ["palace", "tavern", "temple", "manor"]},
    )
    act(g, "gather", "gold", seat=0)
    assert {q for _, q in legal(g, "cardinal_build") if _ == "palace"} == {2, 3}


def test_cardinal_gains_one_card_per_religious_district():
    g = mid_game(players=4, cast=CARDINAL_CAST, characters={0: "cardinal"}, cities={0: ["temple", "church"]})
    hand = len(g.hands[0])
    act(g, "income", seat=0)
    assert len(g.hands[0]) == hand + 2


# ---------------------------------------------------------------- Tax Collector

TAX_CAST = first_game_cast(rank9="tax_collector")


def test_every_build_puts_one_gold_on_the_tax_token_even_without_a_tax_collector_in_play():
    """RULINGS R21: the token keeps its gold into the next round."""
    g = mid_game(
        players=4,
        cast=TAX_CAST,
        characters={0: "merchant", 1: "king"},
        gold=[5, 0, 2, 2],
        hands={0: ["tavern"], 1: ["temple"]},
    )
    act(g, "gather", "gold", seat=1)
    act(g, "build", "temple", seat=1)  # 2 - 1 = 1 left, then 1 tax
    assert g.gold[1] == 0 and g.tax == 1
    act(g, "end", seat=1)
    act(g, "gather", "gold", seat=0)
    act(g, "build", "tavern", seat=0)
    assert g.gold[0] == 5 and g.tax == 2
    act(g, "end", seat=0)
    assert g.round == 2 and g.tax == 2


def test_a_builder_with_no_gold_left_pays_no_tax():
    g = mid_game(players=4, cast=TAX_CAST, characters={1: "king"}, gold=[2, 0, 2, 2], hands={1: ["church"]})
    act(g, "gather", "gold", seat=1)
    act(g, "build", "church", seat=1)
    assert g.gold[1] == 0 and g.tax == 0


def test_tax_collector_takes_all_gold_from_the_token_and_pays_no_tax():
    g = mid_game(
        players=4, cast=TAX_CAST, characters={2: "tax_collector"}, gold=[2, 2, 3, 2], hands={2: ["tavern"]}
    )
    g = build(g, tax=4)
    act(g, "gather", "gold", seat=2)
    act(g, "build", "tavern", seat=2)
    assert g.gold[2] == 4 and g.tax == 4
    act(g, "collect_tax", seat=2)
    assert g.gold[2] == 8 and g.tax == 0


def test_tax_collectors_other_character_pays_the_tax_in_three_player_games():
    g = mid_game(
        players=3,
        cast=TAX_CAST,
        characters={0: ["king", "tax_collector"]},
        gold=[3, 2, 2],
        hands={0: ["tavern"]},
    )
    act(g, "gather", "gold", seat=0)
    act(g, "build", "tavern", seat=0)
    assert g.tax == 1 and g.gold[0] == 3


def test_alchemist_applies_the_poor_house_before_his_refund():
    districts = ["poor_house" if k == "dragon_gate" else k for k in FIRST_GAME_DISTRICTS]
    g = mid_game(
        players=4,
        cast=AGENTS,
        districts=districts,
        characters={0: "alchemist"},
        gold=[0, 2, 2, 2],
        hands={0: ["palace"]},
        cities={0: ["poor_house"]},
    )
    g = build(g, gold={0: 3})
    act(g, "gather", "gold", seat=0)
    act(g, "build", "palace", seat=0)
    act(g, "end", seat=0)
    assert g.gold[0] == 6  # Poor House 1 at zero gold, then the 5 paid
