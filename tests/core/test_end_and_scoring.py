"""The end of the game, scoring with every bonus, the tie-break (RULINGS R7, R10, R11, R28)."""

import pytest
from district_helpers import districts
from helpers import act, build, finish_turn, mid_game, new_game, position_lines

from citadels_core.scoring import final_result, score_breakdown

SEVEN = ("tavern", "temple", "manor", "castle", "market", "church", "prison")


def play_out_round(g):
    while g.phase == "turn":
        finish_turn(g)


def test_rulebook_scoring_example_ashley_29_beats_kurt_28():
    """2016 rulebook, 'Endgame scoring example': Kurt completed first (28), Ashley wins with 29."""
    # The example's Observatory is not among the first game's districts: it takes the Wishing Well's place.
    g = new_game(4, districts=districts("observatory", "haunted_quarter", "school_of_magic", "dragon_gate"))
    kurt, ashley = 0, 1
    g = build(
        g,
        cities={
            kurt: [
                "castle",
                "tavern",
                "trading_post",
                "monastery",
                "cathedral",
                "observatory",
                "haunted_quarter",
            ],
            ashley: [
                "docks",
                "trading_post",
                "barracks",
                "manor",
                "prison",
                "school_of_magic",
                "dragon_gate",
            ],
        },
        first_complete=kurt,
    )
    k = score_breakdown(g, kurt)
    a = score_breakdown(g, ashley)
    assert (k["districts"], k["all_types"], k["completion"], k["total"]) == (21, 3, 4, 28)
    assert k["haunted_quarter"] == "military"
    assert (a["districts"], a["all_types"], a["completion"], a["uniques"], a["total"]) == (
        25,
        0,
        2,
        {"dragon_gate": 2},
        29,
    )
    g = build(g, gold=[0] * 4)
    assert final_result(g)["winners"] == [ashley]


def king_builds_his_seventh():
    """Four players; the King (seat 0) has just built the Palace, his city's seventh district, and the
    Warlord (seat 1) is still to play."""
    g = mid_game(
        players=4,
        characters={0: "king", 1: "warlord"},
        cities={0: list(SEVEN[:6])},
        hands={0: ["palace"]},
        gold={0: 5},
    )
    act(g, "gather", "gold")
    act(g, "build", "palace")
    return g


def test_game_ends_after_the_round_in_which_a_city_has_seven_districts():
    """RULINGS R10: 4-8 players."""
    g = king_builds_his_seventh()
    assert g.last_round and g.first_complete == 0
    act(g, "end")
    assert g.phase == "turn" and g.turn.player == 1  # the round is played to its end
    finish_turn(g)
    assert g.over
    assert g.result["scores"][0]["completion"] == 4


@pytest.mark.parametrize("players", [2, 3])
def test_with_two_or_three_players_a_city_is_complete_at_eight(players):
    """RULINGS R10."""
    g = new_game(players)
    assert g.complete_at == 8
    g = build(g, cities={0: list(SEVEN)})
    assert not g.is_complete(0)


def test_other_completed_cities_score_two():
    """RULINGS R11."""
    g = new_game(4)
    g = build(g, cities={0: list(SEVEN), 1: list(SEVEN)}, first_complete=1)
    assert score_breakdown(g, 0)["completion"] == 2
    assert score_breakdown(g, 1)["completion"] == 4


def test_first_completer_whose_city_shrank_loses_the_bonus_and_nobody_is_promoted():
    """RULINGS R11."""
    g = new_game(4)
    g = build(g, cities={0: list(SEVEN[:6]), 1: list(SEVEN)}, first_complete=0)
    assert score_breakdown(g, 0)["completion"] == 0
    assert score_breakdown(g, 1)["completion"] == 2


def test_round_in_which_a_city_is_first_completed_stays_the_last_round_even_if_it_shrinks():
    """RULINGS R10."""
    g = king_builds_his_seventh()
    act(g, "end")
    g = build(g, cities={0: position_lines(g)["cities"][0][:-1]})  # as if destroyed
    finish_turn(g)
    assert g.over


def test_one_district_of_each_type_scores_three():
    g = new_game(4)
    g = build(g, cities={0: ["tavern", "temple", "manor", "prison", "smithy"]})
    assert score_breakdown(g, 0)["all_types"] == 3
    g = build(g, cities={0: ["tavern", "temple", "manor", "prison"]})
    assert score_breakdown(g, 0)["all_types"] == 0


def test_haunted_quarter_counts_as_the_best_type_for_its_owner():
    """RULINGS R3."""
    g = new_game(4)
    g = build(g, cities={0: ["tavern", "temple", "manor", "haunted_quarter", "smithy"]})
    b = score_breakdown(g, 0)
    assert b["all_types"] == 3 and b["haunted_quarter"] == "military"


def test_wishing_well_counts_every_unique_district_including_itself():
    g = new_game(4)
    g = build(g, cities={0: ["wishing_well", "smithy", "tavern"]})
    assert score_breakdown(g, 0)["uniques"]["wishing_well"] == 2


def test_haunted_quarter_counted_as_another_type_is_not_unique_for_the_wishing_well():
    g = new_game(4)
    g = build(g, cities={0: ["wishing_well", "haunted_quarter", "tavern", "temple", "manor"]})
    b = score_breakdown(g, 0)
    # As military it completes the five types (+3) and the Wishing Well counts only itself (+1): better
    # than unique (+2 Wishing Well, no +3).
    assert b["haunted_quarter"] == "military"
    assert b["uniques"]["wishing_well"] == 1 and b["all_types"] == 3


def test_dragon_gate_imperial_treasury_map_room_and_statue_score_their_extras():
    g = new_game(4)
    g = build(
        g,
        cities={0: ["dragon_gate", "imperial_treasury", "map_room", "statue"]},
        gold={0: 6},
        hands={0: ["tavern", "temple", "manor"]},
        crown=0,
    )
    u = score_breakdown(g, 0)["uniques"]
    assert u == {"dragon_gate": 2, "imperial_treasury": 6, "map_room": 3, "statue": 5}
    g = build(g, crown=1)
    assert "statue" not in score_breakdown(g, 0)["uniques"]


def test_beautified_districts_score_one_more():
    """RULINGS R33."""
    g = build(new_game(4), cities={0: ["tavern+", "castle"]})
    assert score_breakdown(g, 0)["districts"] == 6


def test_tie_goes_to_the_player_who_revealed_the_highest_rank_in_the_last_round():
    """RULINGS R7, R28."""
    g = mid_game(
        players=4, characters={0: "king", 1: "warlord", 2: "assassin", 3: "merchant"}, last_round=True
    )
    g = build(g, cities=[["castle"], ["castle"], [], []], gold=[0, 0, 0, 0], hands=[[], [], [], []])
    play_out_round(g)
    r = g.result
    assert r is not None
    assert r["winners"] == [1]
    assert r["tiebreak"]["tied"] == [0, 1]


def test_a_killed_character_does_not_count_for_the_tie_break():
    """RULINGS R28: the killed King shown at the end of the round does not count."""
    g = mid_game(players=4, characters={0: "assassin", 1: "king", 2: "thief"}, last_round=True)
    act(g, "kill", "king")
    g = build(g, cities=[[], ["castle"], ["castle"], []], hands=[[], [], [], []], gold=[0, 0, 0, 0])
    play_out_round(g)
    # Thief (rank 2) revealed; the killed King never was: the thief's player wins the tie.
    g = build(g, gold=[0, 0, 0, 0])
    assert final_result(g)["winners"] == [2]
