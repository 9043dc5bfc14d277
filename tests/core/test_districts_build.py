"""Building unique districts: Framework, Necropolis, Monument, Stables, Secret Vault and the Factory
(2016 rulebook "District Clarifications"; RULINGS R10, R14, R17, R23, R24, R30, R31)."""

import pytest
from district_helpers import districts
from helpers import build, deck_top, legal_kinds, mid_game, new_game, recorded_events, total_cards

from citadels_core import IllegalAction
from citadels_core.actions import Action
from citadels_core.terms import GATHER_GOLD


def build_action(key, *how):
    return Action("build", (key, *how))


# ------------------------------------------------------------------ Framework


def test_framework_builds_a_district_by_destroying_the_framework_instead_of_paying():
    g = new_game(districts=districts("framework"))
    g = build(g, hands={0: ["palace"]}, cities={0: ["temple", "framework"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    gold = g.gold[0]
    assert build_action("palace", "destroy", "framework") in g.legal_actions()
    g.apply(0, build_action("palace", "destroy", "framework"))
    assert [g.rules.edition.districts[e].key for e in g.cities[0]] == ["temple", "palace"]
    assert g.gold[0] == gold  # nothing paid
    assert g.deck[0] == g.card_id("framework")  # destroyed: face down at the bottom of the deck
    assert recorded_events(g)[-1].data["how"] == "framework"


def test_framework_build_is_offered_besides_paying_and_counts_toward_the_building_limit():
    g = new_game(districts=districts("framework"))
    g = build(g, hands={0: ["castle", "manor"]}, cities={0: ["framework"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)  # 2 gold: not enough for the Castle or the Manor's 3
    legal = g.legal_actions()
    assert build_action("castle") not in legal and build_action("castle", "destroy", "framework") in legal
    g.apply(0, build_action("castle", "destroy", "framework"))
    with pytest.raises(IllegalAction, match="building limit of 1"):
        g.apply(0, build_action("manor"))


def test_framework_cannot_be_used_by_a_player_who_does_not_own_it():
    g = new_game(districts=districts("framework"))
    g = build(g, hands={1: []}, cities={1: ["framework"]}, gold={1: 0})
    g = build(g, hands={0: ["palace"]}, cities={0: ["temple"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    assert not [a for a in g.legal_actions() if len(a.args) > 1]
    with pytest.raises(IllegalAction, match="no framework in your city"):
        g.apply(0, build_action("palace", "destroy", "framework"))
    assert g.hands[0] == [g.card_id("palace")]


def test_framework_builds_the_thieves_den_without_gold_or_cards():
    g = new_game(districts=districts("framework", "thieves_den"))
    g = build(g, hands={0: ["thieves_den", "temple"]}, cities={0: ["framework"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("thieves_den", "destroy", "framework"))
    assert g.has(0, "thieves_den") and g.hands[0] == [g.card_id("temple")] and g.decision.kind == ""


# ------------------------------------------------------------------ Necropolis


def test_necropolis_is_built_by_destroying_one_district_of_your_city_instead_of_paying():
    g = new_game(districts=districts("necropolis"))
    g = build(g, hands={0: ["necropolis"]}, cities={0: ["temple", "castle"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    legal = g.legal_actions()
    assert build_action("necropolis", "destroy", "temple") in legal
    assert build_action("necropolis", "destroy", "castle") in legal
    assert build_action("necropolis") not in legal  # 2 gold cannot pay 5
    g.apply(0, build_action("necropolis", "destroy", "temple"))
    assert [g.rules.edition.districts[e].key for e in g.cities[0]] == ["castle", "necropolis"]
    assert g.gold[0] == 2 and g.deck[0] == g.card_id("temple")


def test_necropolis_refuses_to_destroy_a_district_that_is_not_in_your_city():
    g = new_game(districts=districts("necropolis"))
    g = build(g, hands={0: ["necropolis", "castle"]}, cities={0: ["temple"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    with pytest.raises(IllegalAction, match="There is no palace in your city to destroy"):
        g.apply(0, build_action("necropolis", "destroy", "palace"))
    with pytest.raises(IllegalAction, match="Only the Framework"):
        g.apply(0, build_action("castle", "destroy", "temple"))
    assert g.cities[0] == [g.card_id("temple")]


def test_necropolis_needs_a_district_in_your_city_to_be_built_without_paying():
    g = new_game(districts=districts("necropolis"))
    g = build(g, hands={0: ["necropolis"]}, cities={0: []}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    assert "build" not in legal_kinds(g)


def test_necropolis_may_still_be_paid_for():
    g = new_game(districts=districts("necropolis"))
    g = build(g, hands={0: ["necropolis"]}, cities={0: ["temple"]}, gold={0: 3})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("necropolis"))
    assert g.gold[0] == 0 and len(g.cities[0]) == 2


def test_necropolis_destroying_the_museum_sends_its_cards_to_the_bottom_of_the_deck_R24():
    g = new_game(districts=districts("necropolis", "museum"))
    g = build(g, hands={0: ["necropolis"]}, cities={0: ["museum", "temple"]}, gold={0: 0})
    top, rest = deck_top(g, 2)
    g = build(g, museum=top, deck=rest)
    under = g.museum[:]
    n = total_cards(g)
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("necropolis", "destroy", "museum"))
    assert g.museum == [] and set(g.deck[:3]) == {*under, g.card_id("museum")}
    assert total_cards(g) == n


def test_framework_and_necropolis_together_offer_destroying_the_framework_once():
    g = new_game(districts=districts("necropolis", "framework"))
    g = build(g, hands={0: ["necropolis"]}, cities={0: ["framework"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    builds = [a for a in g.legal_actions() if a.kind == "build"]
    assert builds == [build_action("necropolis", "destroy", "framework")]


# ------------------------------------------------------------------ Monument


def test_monument_cannot_be_built_with_five_or_more_districts_in_the_city_R31():
    g = new_game(districts=districts("monument"))
    g = build(
        g,
        hands={0: ["monument"]},
        cities={0: ["temple", "church", "manor", "tavern", "market"]},
        gold={0: 10},
    )
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    assert build_action("monument") not in g.legal_actions()
    with pytest.raises(IllegalAction, match="cannot build the Monument with 5 or more districts"):
        g.apply(0, build_action("monument"))


def test_monument_can_be_built_with_four_districts_and_then_counts_as_two_toward_completion_R10():
    g = new_game(districts=districts("monument"))
    g = build(g, hands={0: ["monument"]}, cities={0: ["temple", "church", "manor", "tavern"]}, gold={0: 10})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("monument"))
    assert g.city_size(0) == 6 and not g.is_complete(0)


def test_monument_completes_a_city_of_six_cards_and_earns_the_first_completion_bonus_R10_R11():
    from citadels_core.scoring import score_breakdown

    g = new_game(districts=districts("monument", "framework"))
    # Five districts and the Framework would block the Monument, so build it at four plus a sacrifice...
    g = build(
        g,
        hands={0: ["monument", "palace"]},
        cities={0: ["temple", "church", "manor", "tavern"]},
        gold={0: 10},
    )
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("monument"))
    g.apply(0, build_action("palace"))
    assert len(g.cities[0]) == 6 and g.city_size(0) == 7
    assert g.is_complete(0) and g.first_complete == 0 and g.last_round
    assert score_breakdown(g, 0)["completion"] == 4


def test_monument_limit_counts_the_framework_before_it_is_destroyed_R31():
    g = new_game(districts=districts("monument", "framework"))
    g = build(
        g,
        hands={0: ["monument"]},
        cities={0: ["temple", "church", "manor", "tavern", "framework"]},
        gold={0: 0},
    )
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    assert "build" not in legal_kinds(g)
    with pytest.raises(IllegalAction, match="5 or more districts"):
        g.apply(0, build_action("monument", "destroy", "framework"))


def test_monument_built_with_the_framework_at_four_districts():
    g = new_game(districts=districts("monument", "framework"))
    g = build(g, hands={0: ["monument"]}, cities={0: ["temple", "church", "manor", "framework"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("monument", "destroy", "framework"))
    assert g.city_size(0) == 5


def test_a_city_completed_by_the_monument_is_immune_to_the_warlord_R14():
    g = new_game(districts=districts("monument"))
    g = build(
        g,
        hands={1: []},
        cities={1: ["monument", "temple", "church", "manor", "tavern", "market"]},
        gold={1: 0},
    )
    g = build(g, hands={2: []}, cities={2: ["temple", "castle"]}, gold={2: 0})
    g = build(g, hands={0: []}, cities={0: []}, gold={0: 10})
    assert g.is_complete(1) and not g.is_complete(2)
    g = mid_game(g, characters={0: "warlord"})
    targets = {a.args[0] for a in g.legal_actions() if a.kind == "destroy"}
    assert targets == {2}


# ------------------------------------------------------------------ Stables


def test_stables_does_not_count_toward_the_building_limit():
    g = new_game(districts=districts("stables"))
    g = build(g, hands={0: ["stables", "castle"]}, cities={0: []}, gold={0: 4})
    g = mid_game(g, characters={0: "merchant"})  # Merchant: limit 1
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("stables"))
    assert g.turn.builds == 0
    assert build_action("castle") in g.legal_actions()
    g.apply(0, build_action("castle"))
    assert len(g.cities[0]) == 2


def test_stables_can_be_built_after_the_building_limit_is_reached():
    g = new_game(districts=districts("stables"))
    g = build(g, hands={0: ["castle", "stables", "manor"]}, cities={0: []}, gold={0: 10})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("castle"))
    builds = [a for a in g.legal_actions() if a.kind == "build"]
    assert builds == [build_action("stables")]
    with pytest.raises(IllegalAction, match="building limit"):
        g.apply(0, build_action("manor"))
    g.apply(0, build_action("stables"))
    assert g.has(0, "stables")


def test_stables_built_with_the_framework_still_does_not_count():
    g = new_game(districts=districts("stables", "framework"))
    g = build(g, hands={0: ["stables", "castle"]}, cities={0: ["framework"]}, gold={0: 2})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action("stables", "destroy", "framework"))
    g.apply(0, build_action("castle"))
    assert g.has(0, "stables") and len(g.cities[0]) == 2


# ------------------------------------------------------------------ Secret Vault, Factory


def test_secret_vault_can_never_be_built_R23():
    g = new_game(districts=districts("secret_vault", "framework"))
    g = build(g, hands={0: ["secret_vault"]}, cities={0: ["framework"]}, gold={0: 20})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    assert "build" not in legal_kinds(g)
    with pytest.raises(IllegalAction, match="Secret Vault can never be built"):
        g.apply(0, build_action("secret_vault"))
    with pytest.raises(IllegalAction, match="Secret Vault can never be built"):
        g.apply(0, build_action("secret_vault", "destroy", "framework"))


@pytest.mark.parametrize("key,cost", [("monument", 3), ("stables", 1), ("necropolis", 4), ("park", 5)])
def test_factory_makes_other_unique_districts_cost_one_less(key, cost):
    g = new_game(districts=districts("factory", key))
    gold = max(cost - 2, 0)  # a position holds no debt: the Stables' 1 leaves 1 of the 2 gathered
    g = build(g, hands={0: [key]}, cities={0: ["factory"]}, gold={0: gold})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, build_action(key))
    assert g.gold[0] == gold + 2 - cost and g.has(0, key)


def test_factory_does_not_discount_basic_districts():
    g = new_game(districts=districts("factory"))
    g = build(g, hands={0: ["castle"]}, cities={0: ["factory"]}, gold={0: 1})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    with pytest.raises(IllegalAction, match="costs 4 gold and you have 3"):
        g.apply(0, build_action("castle"))
