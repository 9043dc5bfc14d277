"""End-of-game points of unique districts: Basilica, Capitol, Ivory Tower, Secret Vault, and the Haunted
Quarter's chosen type with them (2016 rulebook "District Clarifications"; RULINGS R3, R14, R23, R33)."""

from district_helpers import districts
from helpers import build, new_game

from citadels_core.scoring import final_result, score_breakdown


def extras(g, p=0):
    return score_breakdown(g, p)["uniques"]


def test_basilica_scores_one_per_district_with_an_odd_cost():
    g = new_game(districts=districts("basilica"))
    g = build(
        g,
        hands={0: []},
        cities={0: ["basilica", "temple", "manor", "castle", "church", "palace"]},
        gold={0: 0},
    )
    assert extras(g)["basilica"] == 3  # temple 1, manor 3, palace 5


def test_basilica_counts_a_beautified_districts_cost_with_its_extra_gold_R33():
    g = new_game(districts=districts("basilica"))
    g = build(g, hands={0: []}, cities={0: ["basilica", "castle", "temple"]}, gold={0: 0})
    assert extras(g)["basilica"] == 1
    g = build(g, cities={0: ["basilica", "castle+", "temple+"]})  # castle 5, temple 2
    assert extras(g)["basilica"] == 1
    g = build(g, cities={0: ["basilica+", "castle+", "temple+"]})  # the Basilica itself: 5
    assert extras(g)["basilica"] == 2


def test_capitol_scores_three_with_three_districts_of_one_type():
    g = new_game(districts=districts("capitol"))
    g = build(g, hands={0: []}, cities={0: ["capitol", "castle", "manor", "palace"]}, gold={0: 0})
    assert extras(g)["capitol"] == 3


def test_capitol_scores_nothing_with_at_most_two_of_each_type():
    g = new_game(districts=districts("capitol"))
    g = build(
        g,
        hands={0: []},
        cities={0: ["capitol", "castle", "manor", "temple", "church", "tavern"]},
        gold={0: 0},
    )
    assert "capitol" not in extras(g)


def test_capitol_scores_extra_points_only_once():
    g = new_game(districts=districts("capitol"))
    g = build(
        g,
        hands={0: []},
        cities={0: ["capitol", "castle", "manor", "palace", "temple", "church", "monastery"]},
        gold={0: 0},
    )
    assert extras(g)["capitol"] == 3


def test_capitol_counts_unique_as_a_district_type():
    g = new_game(districts=districts("capitol", "keep", "dragon_gate"))
    g = build(g, hands={0: []}, cities={0: ["capitol", "keep", "dragon_gate"]}, gold={0: 0})
    assert extras(g)["capitol"] == 3


def test_capitol_with_the_haunted_quarter_counted_as_a_third_noble_district_R3():
    g = new_game(districts=districts("capitol", "haunted_quarter"))
    g = build(g, hands={0: []}, cities={0: ["capitol", "haunted_quarter", "castle", "manor"]}, gold={0: 0})
    b = score_breakdown(g, 0)
    assert b["uniques"]["capitol"] == 3 and b["haunted_quarter"] == "noble"


def test_capitol_and_wishing_well_keep_the_haunted_quarter_unique_when_that_scores_more_R3():
    g = new_game(districts=districts("capitol", "haunted_quarter", "wishing_well"))
    g = build(
        g,
        hands={0: []},
        cities={0: ["capitol", "wishing_well", "haunted_quarter", "castle", "manor"]},
        gold={0: 0},
    )
    b = score_breakdown(g, 0)
    # Unique: 3 uniques for the Capitol (+3) and the Wishing Well (+3); noble would give +3 and +2.
    assert b["haunted_quarter"] == "unique"
    assert b["uniques"] == {"capitol": 3, "wishing_well": 3}


def test_ivory_tower_scores_five_when_it_is_the_only_unique_district():
    g = new_game(districts=districts("ivory_tower"))
    g = build(g, hands={0: []}, cities={0: ["ivory_tower", "castle", "temple"]}, gold={0: 0})
    assert extras(g)["ivory_tower"] == 5


def test_ivory_tower_scores_nothing_beside_another_unique_district():
    g = new_game(districts=districts("ivory_tower", "keep"))
    g = build(g, hands={0: []}, cities={0: ["ivory_tower", "keep"]}, gold={0: 0})
    assert "ivory_tower" not in extras(g)


def test_ivory_tower_scores_when_the_haunted_quarter_counts_as_another_type():
    g = new_game(districts=districts("ivory_tower", "haunted_quarter"))
    g = build(g, hands={0: []}, cities={0: ["ivory_tower", "haunted_quarter", "castle"]}, gold={0: 0})
    b = score_breakdown(g, 0)
    assert b["uniques"]["ivory_tower"] == 5 and b["haunted_quarter"] != "unique"


def test_haunted_quarter_picks_the_type_that_gives_both_ivory_tower_and_all_types_bonus_R3():
    g = new_game(districts=districts("ivory_tower", "haunted_quarter"))
    g = build(
        g,
        hands={0: []},
        cities={0: ["ivory_tower", "haunted_quarter", "temple", "tavern", "watchtower"]},
        gold={0: 0},
    )
    b = score_breakdown(g, 0)
    assert b["haunted_quarter"] == "noble" and b["all_types"] == 3 and b["uniques"]["ivory_tower"] == 5


def test_ivory_tower_and_wishing_well_with_the_haunted_quarter():
    g = new_game(districts=districts("ivory_tower", "haunted_quarter", "wishing_well"))
    g = build(g, hands={0: []}, cities={0: ["ivory_tower", "wishing_well", "haunted_quarter"]}, gold={0: 0})
    b = score_breakdown(g, 0)
    # The Wishing Well is unique too: the Ivory Tower never scores; the Quarter stays unique for the Well.
    assert "ivory_tower" not in b["uniques"]
    assert b["uniques"]["wishing_well"] == 3 and b["haunted_quarter"] == "unique"


def test_secret_vault_scores_three_from_the_hand_R23():
    g = new_game(districts=districts("secret_vault"))
    g = build(g, hands={0: ["secret_vault", "castle"]}, cities={0: []}, gold={0: 0})
    g = build(g, hands={1: ["castle"]}, cities={1: []}, gold={1: 0})
    assert extras(g, 0) == {"secret_vault": 3}
    assert extras(g, 1) == {}


def test_secret_vault_counts_as_a_card_in_hand_for_the_map_room_R23():
    g = new_game(districts=districts("secret_vault", "map_room"))
    g = build(g, hands={0: ["secret_vault", "castle"]}, cities={0: ["map_room"]}, gold={0: 0})
    assert extras(g) == {"secret_vault": 3, "map_room": 2}


def test_secret_vault_under_the_museum_scores_only_for_the_museum():
    g = new_game(districts=districts("secret_vault", "museum"))
    g = build(g, hands={0: []}, cities={0: ["museum"]}, gold={0: 0})
    g = build(g, museum=["secret_vault"])
    assert extras(g) == {"museum": 1}


def test_monument_completion_bonus_and_district_points_at_the_end_R10_R11():
    g = new_game(districts=districts("monument"))
    g = build(
        g,
        hands={0: []},
        cities={0: ["monument", "temple", "church", "manor", "tavern", "market"]},
        gold={0: 0},
    )
    g = build(
        g, hands={1: []}, cities={1: ["temple", "church", "manor", "tavern", "market", "castle"]}, gold={1: 0}
    )
    g = build(g, first_complete=0)
    b0, b1 = score_breakdown(g, 0), score_breakdown(g, 1)
    assert b0["completion"] == 4 and b0["districts"] == 4 + 1 + 2 + 3 + 1 + 2
    assert b1["completion"] == 0
    assert final_result(g)["scores"][0]["total"] == b0["total"]
