"""Spy, Seer, Wizard, Diplomat, Marshal (2016 rulebook, Character Abilities in Detail; R2, R13, R14, R32, R33)."""

from collections.abc import Mapping, Sequence

import pytest
from district_helpers import districts
from helpers import act, keys, legal, mid_game

from citadels_core import Game, IllegalAction
from citadels_core.districts.base import DistrictRules
from citadels_core.terms import BEAUTY
from citadels_core.view import view

EMISSARIES = "illustrious_emissaries"


# The first game's districts with the Great Wall in play (it is not one of them).
WALL = districts("great_wall")


SPY_CAST = ["assassin", "spy", "magician", "king", "bishop", "merchant", "architect", "warlord"]
DIPLOMAT_CAST = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "diplomat"]
MARSHAL_CAST = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "marshal"]


# ---------------------------------------------------------------- Spy


def spy_table(gold: int, hand: list[str]):
    """Four players; the Spy (seat 0) with no gold and no cards, to spy on seat 1 with `gold` and `hand`."""
    return mid_game(
        players=4, cast=SPY_CAST, characters={0: "spy"}, gold=[0, gold, 2, 2], hands={0: [], 1: hand}
    )


def test_spy_takes_one_gold_and_one_card_per_matching_card_and_sees_the_hand():
    g = spy_table(5, ["manor", "castle", "temple"])
    act(g, "spy", 1, "noble", seat=0)
    assert g.gold[:2] == [2, 3]
    assert len(g.hands[0]) == 2
    assert keys(g, g.known[0][1]) == ["castle", "manor", "temple"]
    assert view(g, 0).players[1].known_hand == ("castle", "manor", "temple")
    assert view(g, 2).players[1].known_hand == ()
    assert legal(g, "spy") == []


def test_spy_against_a_player_with_too_little_gold_takes_all_and_still_gains_every_card():
    g = spy_table(1, ["manor", "castle", "palace"])
    act(g, "spy", 1, "noble", seat=0)
    assert g.gold[:2] == [1, 0]
    assert len(g.hands[0]) == 3


def test_spy_naming_a_type_with_no_match_gains_nothing():
    g = spy_table(5, ["manor"])
    act(g, "spy", 1, "military", seat=0)
    assert g.gold[:2] == [0, 5] and g.hands[0] == []


# ---------------------------------------------------------------- Seer


def test_seer_takes_a_random_card_from_each_player_then_gives_one_back_to_each():
    g = mid_game(
        players=4,
        cast=EMISSARIES,
        characters={0: "seer"},
        hands={0: ["palace"], 1: ["tavern"], 2: ["temple"], 3: []},
    )
    act(g, "foresee", seat=0)
    assert keys(g, g.hands[0]) == ["palace", "tavern", "temple"]
    assert g.pending() == (0, "seer_give")
    assert {a[0] for a in legal(g, "seer_give")} == {1, 2}  # nothing owed to the empty hand
    act(g, "seer_give", 1, "palace", seat=0)
    act(g, "seer_give", 2, "tavern", seat=0)
    assert g.decision.kind == ""
    assert keys(g, g.hands[0]) == ["temple"]
    assert keys(g, g.hands[1]) == ["palace"] and keys(g, g.hands[2]) == ["tavern"]
    assert keys(g, g.known[2][0]) == ["temple"]  # he knows the Seer has his card
    assert keys(g, g.known[0][1]) == ["palace"]


def test_seer_against_empty_hands_is_not_offered():
    g = mid_game(
        players=4, cast=EMISSARIES, characters={0: "seer"}, hands={0: ["palace"], 1: [], 2: [], 3: []}
    )
    assert legal(g, "foresee") == []


def test_seer_building_limit_is_two():
    g = mid_game(
        players=4,
        cast=EMISSARIES,
        characters={0: "seer"},
        gold=[20, 2, 2, 2],
        hands={0: ["tavern", "temple", "manor"]},
    )
    act(g, "gather", "gold", seat=0)
    act(g, "build", "tavern", seat=0)
    act(g, "build", "temple", seat=0)
    assert legal(g, "build") == []


# ---------------------------------------------------------------- Wizard

WIZARD_CAST = ["assassin", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord"]


def test_wizard_takes_a_card_from_a_hand_into_his_own():
    g = mid_game(
        players=4, cast=WIZARD_CAST, characters={0: "wizard"}, hands={0: [], 1: ["palace", "tavern"]}
    )
    act(g, "wizard", 1, seat=0)
    assert keys(g, g.known[0][1]) == ["palace", "tavern"]
    act(g, "wizard_take", "palace", seat=0)
    assert keys(g, g.hands[0]) == ["palace"] and keys(g, g.hands[1]) == ["tavern"]
    assert keys(g, g.known[1][0]) == ["palace"]
    assert keys(g, g.known[0][1]) == ["tavern"]


def test_wizard_builds_the_card_at_once_without_counting_toward_the_limit():
    g = mid_game(
        players=4,
        cast=WIZARD_CAST,
        characters={0: "wizard"},
        gold=[8, 2, 2, 2],
        hands={0: ["manor"], 1: ["palace", "tavern"]},
    )
    act(g, "wizard", 1, seat=0)
    act(g, "wizard_build", "palace", seat=0)
    assert keys(g, g.cities[0]) == ["palace"] and g.gold[0] == 3
    act(g, "gather", "gold", seat=0)
    act(g, "build", "manor", seat=0)  # still allowed: the immediate build did not count
    assert keys(g, g.cities[0]) == ["manor", "palace"]


def test_wizard_cannot_build_a_card_he_cannot_pay_for():
    g = mid_game(
        players=4, cast=WIZARD_CAST, characters={0: "wizard"}, gold=[4, 2, 2, 2], hands={1: ["palace"]}
    )
    act(g, "wizard", 1, seat=0)
    assert legal(g, "wizard_build") == [] and legal(g, "wizard_take") == [("palace",)]


def test_wizard_may_build_identical_districts():
    g = mid_game(
        players=4,
        cast=WIZARD_CAST,
        characters={0: "wizard"},
        gold=[8, 2, 2, 2],
        hands={0: ["manor"]},
        cities={0: ["manor"]},
    )
    act(g, "gather", "gold", seat=0)
    act(g, "build", "manor", seat=0)
    assert keys(g, g.cities[0]) == ["manor", "manor"]


# ---------------------------------------------------------------- Diplomat


def diplomat_table(
    gold: int, cities: Mapping[int, Sequence[str]], districts: Sequence[str] | None = None
) -> Game:
    """Four players, the Diplomat's (seat 0) turn begun with `gold`, the others with 2, and the cities given
    (seat -> districts); the first game's districts unless `districts` says others."""
    return mid_game(
        players=4,
        cast=DIPLOMAT_CAST,
        districts=districts,
        characters={0: "diplomat"},
        gold=[gold, 2, 2, 2],
        cities=cities,
    )


def test_diplomat_exchanges_districts_paying_the_difference():
    g = diplomat_table(4, {0: ["tavern", "watchtower"], 1: ["palace", "temple"]})
    act(g, "exchange", 1, "palace", "tavern", seat=0)
    assert keys(g, g.cities[0]) == ["palace", "watchtower"]
    assert keys(g, g.cities[1]) == ["tavern", "temple"]
    assert g.gold[:2] == [0, 6]
    assert legal(g, "exchange") == []


def test_diplomat_giving_the_dearer_district_receives_nothing():
    g = diplomat_table(0, {0: ["palace"], 1: ["temple"]})
    act(g, "exchange", 1, "temple", "palace", seat=0)
    assert g.gold[:2] == [0, 2]


def test_diplomat_never_takes_the_keep_nor_gives_his_own():
    """RULINGS R14."""
    # The game has one Keep: in his own city, then in another's.
    for keep in (
        {0: ["keep", "tavern"], 1: ["manor"], 2: ["temple"]},
        {0: ["tavern"], 1: ["manor"], 2: ["temple", "keep"]},
    ):
        g = diplomat_table(9, keep)
        acts = legal(g, "exchange")
        assert all("keep" not in a for a in acts)
        assert (1, "manor", "tavern") in acts


def test_diplomat_never_takes_from_a_completed_city_but_may_give_from_his_own():
    """RULINGS R14."""
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"]
    g = diplomat_table(
        9,
        {
            0: full,
            1: ["tavern"],
            2: ["market", "docks", "harbor", "town_hall", "watchtower", "prison", "fortress"],
        },
    )
    acts = legal(g, "exchange")
    assert acts and all(a[0] == 1 for a in acts)


def test_diplomat_cannot_make_a_duplicate_in_either_city():
    g = diplomat_table(9, {0: ["manor", "tavern"], 1: ["manor", "temple"]})
    acts = legal(g, "exchange")
    assert (1, "manor", "tavern") not in acts  # he has a Manor
    assert (1, "temple", "manor") not in acts  # the other has a Manor
    assert (1, "temple", "tavern") in acts


def test_diplomat_pays_one_more_for_the_great_wall_but_not_on_what_he_gives():
    """RULINGS R14."""
    g = diplomat_table(9, {0: ["tavern"], 1: ["palace", "great_wall"]}, districts=WALL)
    act(g, "exchange", 1, "palace", "tavern", seat=0)
    assert g.gold[:2] == [4, 7]  # difference 4, +1 for the Great Wall


def test_diplomat_cannot_target_the_bishops_city():
    """RULINGS R13."""
    g = mid_game(
        players=4,
        cast=DIPLOMAT_CAST,
        characters={0: "diplomat", 1: "bishop"},
        gold=[9, 2, 2, 2],
        cities={0: ["tavern"], 1: ["palace"], 2: ["temple"]},
    )
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    assert {a[0] for a in legal(g, "exchange")} == {2}


def test_diplomat_exchange_moves_the_artists_gold_with_the_district():
    """RULINGS R33, R14: a beautified district counts its +1 in the difference."""
    g = diplomat_table(9, {0: ["tavern"], 1: ["manor+"]})
    act(g, "exchange", 1, "manor", "tavern", seat=0)
    assert g.gold[:2] == [6, 5]
    assert g.cities[0] == [g.card_id("manor") | BEAUTY]


# ---------------------------------------------------------------- Marshal


def test_marshal_seizes_a_district_of_cost_three_or_less_paying_its_owner():
    g = mid_game(
        players=4,
        cast=MARSHAL_CAST,
        characters={0: "marshal"},
        gold=[5, 2, 2, 2],
        cities={1: ["manor", "palace"]},
    )
    assert legal(g, "seize") == [(1, "manor")]
    act(g, "seize", 1, "manor", seat=0)
    assert keys(g, g.cities[0]) == ["manor"] and keys(g, g.cities[1]) == ["palace"]
    assert g.gold[:2] == [2, 5]


def test_marshal_beautified_district_counts_its_plus_one_for_the_limit():
    """RULINGS R14."""
    g = mid_game(
        players=4,
        cast=MARSHAL_CAST,
        characters={0: "marshal"},
        gold=[9, 2, 2, 2],
        cities={1: ["manor+", "church+"]},
    )  # a 4-cost Manor, a 3-cost Church
    assert legal(g, "seize") == [(1, "church")]
    act(g, "seize", 1, "church", seat=0)
    assert g.gold[:2] == [6, 5]
    assert g.cities[0] == [g.card_id("church") | BEAUTY]


def test_marshal_never_seizes_from_a_completed_city_a_duplicate_or_the_keep():
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"]
    g = mid_game(
        players=4,
        cast=MARSHAL_CAST,
        characters={0: "marshal"},
        gold=[9, 2, 2, 2],
        cities={0: ["tavern"], 1: full, 2: ["tavern", "keep", "market"]},
    )
    assert legal(g, "seize") == [(2, "market")]


def test_marshal_great_wall_adds_one_gold_but_does_not_change_the_limit():
    """RULINGS R14."""
    g = mid_game(
        players=4,
        cast=MARSHAL_CAST,
        districts=WALL,
        characters={0: "marshal"},
        gold=[9, 2, 2, 2],
        cities={1: ["manor", "great_wall"]},
    )
    act(g, "seize", 1, "manor", seat=0)
    assert g.gold[:2] == [5, 6]


def test_marshal_seizing_the_seventh_district_completes_his_city():
    g = mid_game(
        players=4,
        cast=MARSHAL_CAST,
        characters={0: "marshal"},
        gold=[9, 2, 2, 2],
        cities={0: ["castle", "palace", "temple", "church", "monastery", "cathedral"], 1: ["manor"]},
    )
    act(g, "seize", 1, "manor", seat=0)
    assert g.first_complete == 0 and g.last_round


def test_illegal_seize_is_refused_with_a_sentence():
    g = mid_game(
        players=4, cast=MARSHAL_CAST, characters={0: "marshal"}, gold=[1, 2, 2, 2], cities={1: ["manor"]}
    )
    with pytest.raises(IllegalAction):
        act(g, "seize", 1, "manor", seat=0)
    assert g.gold[:2] == [1, 2]


def test_diplomat_owning_the_great_wall_pays_no_surcharge_on_his_own_district():
    """RULINGS R14: the Great Wall is not applied to the district the Diplomat gives away."""
    g = diplomat_table(9, {0: ["tavern", "great_wall"], 1: ["manor"]}, districts=WALL)
    act(g, "exchange", 1, "manor", "tavern", seat=0)
    assert g.gold[:2] == [7, 4]


class _Refusing(DistrictRules):
    """A district that forbids being built now (as the Monument does in a city of 5 or more)."""

    key = "dragon_gate"

    def build_refusal(self, g, p):
        return "not now"


def test_wizard_immediate_build_respects_a_districts_own_ban():
    g = mid_game(
        players=4,
        cast=WIZARD_CAST,
        characters={0: "wizard"},
        gold=[9, 2, 2, 2],
        hands={1: ["dragon_gate", "manor"]},
    )
    g.set_district_rules({**g.rules.district_rules, "dragon_gate": _Refusing(g.card_id("dragon_gate"))})
    act(g, "wizard", 1, seat=0)
    assert legal(g, "wizard_build") == [("manor",)]
