"""End-of-game points of unique districts: Basilica, Capitol, Ivory Tower, Secret Vault, and the Haunted
Quarter's chosen type with them (2016 rulebook "District Clarifications"; RULINGS R3, R14, R23, R33)."""

from district_helpers import game, setup
from helpers import build

from citadels_core.scoring import final_result, score_breakdown


def extras(g, p=0):
    return score_breakdown(g, p)["uniques"]


def test_basilica_scores_one_per_district_with_an_odd_cost():
    g = game("basilica")
    g = setup(g, 0, city=("basilica", "temple", "manor", "castle", "church", "palace"))
    assert extras(g)["basilica"] == 3  # temple 1, manor 3, palace 5


def test_basilica_counts_a_beautified_districts_cost_with_its_extra_gold_R33():
    g = game("basilica")
    g = setup(g, 0, city=("basilica", "castle", "temple"))
    assert extras(g)["basilica"] == 1
    g = build(g, cities={0: ["basilica", "castle+", "temple+"]})  # castle 5, temple 2
    assert extras(g)["basilica"] == 1
    g = build(g, cities={0: ["basilica+", "castle+", "temple+"]})  # the Basilica itself: 5
    assert extras(g)["basilica"] == 2


def test_capitol_scores_three_with_three_districts_of_one_type():
    g = game("capitol")
    g = setup(g, 0, city=("capitol", "castle", "manor", "palace"))
    assert extras(g)["capitol"] == 3


def test_capitol_scores_nothing_with_at_most_two_of_each_type():
    g = game("capitol")
    g = setup(g, 0, city=("capitol", "castle", "manor", "temple", "church", "tavern"))
    assert "capitol" not in extras(g)


def test_capitol_scores_extra_points_only_once():
    g = game("capitol")
    g = setup(g, 0, city=("capitol", "castle", "manor", "palace", "temple", "church", "monastery"))
    assert extras(g)["capitol"] == 3


def test_capitol_counts_unique_as_a_district_type():
    g = game("capitol", "keep", "dragon_gate")
    g = setup(g, 0, city=("capitol", "keep", "dragon_gate"))
    assert extras(g)["capitol"] == 3


def test_capitol_with_the_haunted_quarter_counted_as_a_third_noble_district_R3():
    g = game("capitol", "haunted_quarter")
    g = setup(g, 0, city=("capitol", "haunted_quarter", "castle", "manor"))
    b = score_breakdown(g, 0)
    assert b["uniques"]["capitol"] == 3 and b["haunted_quarter"] == "noble"


def test_capitol_and_wishing_well_keep_the_haunted_quarter_unique_when_that_scores_more_R3():
    g = game("capitol", "haunted_quarter", "wishing_well")
    g = setup(g, 0, city=("capitol", "wishing_well", "haunted_quarter", "castle", "manor"))
    b = score_breakdown(g, 0)
    # Unique: 3 uniques for the Capitol (+3) and the Wishing Well (+3); noble would give +3 and +2.
    assert b["haunted_quarter"] == "unique"
    assert b["uniques"] == {"capitol": 3, "wishing_well": 3}


def test_ivory_tower_scores_five_when_it_is_the_only_unique_district():
    g = game("ivory_tower")
    g = setup(g, 0, city=("ivory_tower", "castle", "temple"))
    assert extras(g)["ivory_tower"] == 5


def test_ivory_tower_scores_nothing_beside_another_unique_district():
    g = game("ivory_tower", "keep")
    g = setup(g, 0, city=("ivory_tower", "keep"))
    assert "ivory_tower" not in extras(g)


def test_ivory_tower_scores_when_the_haunted_quarter_counts_as_another_type():
    g = game("ivory_tower", "haunted_quarter")
    g = setup(g, 0, city=("ivory_tower", "haunted_quarter", "castle"))
    b = score_breakdown(g, 0)
    assert b["uniques"]["ivory_tower"] == 5 and b["haunted_quarter"] != "unique"


def test_haunted_quarter_picks_the_type_that_gives_both_ivory_tower_and_all_types_bonus_R3():
    g = game("ivory_tower", "haunted_quarter")
    g = setup(g, 0, city=("ivory_tower", "haunted_quarter", "temple", "tavern", "watchtower"))
    b = score_breakdown(g, 0)
    assert b["haunted_quarter"] == "noble" and b["all_types"] == 3 and b["uniques"]["ivory_tower"] == 5


def test_ivory_tower_and_wishing_well_with_the_haunted_quarter():
    g = game("ivory_tower", "haunted_quarter", "wishing_well")
    g = setup(g, 0, city=("ivory_tower", "wishing_well", "haunted_quarter"))
    b = score_breakdown(g, 0)
    # The Wishing Well is unique too: the Ivory Tower never scores; the Quarter stays unique for the Well.
    assert "ivory_tower" not in b["uniques"]
    assert b["uniques"]["wishing_well"] == 3 and b["haunted_quarter"] == "unique"


def test_secret_vault_scores_three_from_the_hand_R23():
    g = game("secret_vault")
    g = setup(g, 0, hand=("secret_vault", "castle"))
    g = setup(g, 1, hand=("castle",))
    assert extras(g, 0) == {"secret_vault": 3}
    assert extras(g, 1) == {}


def test_secret_vault_counts_as_a_card_in_hand_for_the_map_room_R23():
    g = game("secret_vault", "map_room")
    g = setup(g, 0, hand=("secret_vault", "castle"), city=("map_room",))
    assert extras(g) == {"secret_vault": 3, "map_room": 2}


def test_secret_vault_under_the_museum_scores_only_for_the_museum():
    g = game("secret_vault", "museum")
    g = setup(g, 0, city=("museum",))
    g = build(g, museum=["secret_vault"])
    assert extras(g) == {"museum": 1}


def test_monument_completion_bonus_and_district_points_at_the_end_R10_R11():
    g = game("monument")
    g = setup(g, 0, city=("monument", "temple", "church", "manor", "tavern", "market"))
    g = setup(g, 1, city=("temple", "church", "manor", "tavern", "market", "castle"))
    g = build(g, first_complete=0)
    b0, b1 = score_breakdown(g, 0), score_breakdown(g, 1)
    assert b0["completion"] == 4 and b0["districts"] == 4 + 1 + 2 + 3 + 1 + 2
    assert b1["completion"] == 0
    assert final_result(g)["scores"][0]["total"] == b0["total"]
