"""Unique districts used during or at the end of the owner's turn: Armory, Museum, Park, Poor House,
Gold Mine, Observatory, Great Wall (2016 rulebook "District Clarifications"; RULINGS R2, R14, R15, R24)."""

import pytest
from district_helpers import districts
from helpers import (
    build,
    deck_top,
    legal_kinds,
    mid_game,
    new_game,
    position_lines,
    recorded_events,
    total_cards,
)

from citadels_core import IllegalAction
from citadels_core.actions import Action
from citadels_core.narrate import narrate
from citadels_core.terms import END, GATHER_CARDS, GATHER_GOLD, TURN
from citadels_core.view import view


def keys(g, p):
    return sorted(g.rules.edition.districts[e & 255].key for e in g.cities[p])


# ------------------------------------------------------------------ Armory


def test_armory_is_destroyed_to_destroy_one_district_of_another_city_without_paying_R15():
    g = new_game(districts=districts("armory"))
    g = build(g, hands={0: []}, cities={0: ["armory", "temple"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["palace", "tavern"]}, gold={1: 0})
    g = mid_game(g, characters={0: "merchant"})
    n = total_cards(g)
    assert Action("armory", (1, "palace")) in g.legal_actions()  # even before gathering: "during your turn"
    g.apply(0, Action("armory", (1, "palace")))
    assert keys(g, 0) == ["temple"] and keys(g, 1) == ["tavern"]
    assert g.gold[0] == 0
    assert set(g.deck[:2]) == {g.card_id("armory"), g.card_id("palace")}
    assert total_cards(g) == n
    assert "armory" not in legal_kinds(g)  # it is gone: once only


def test_armory_cannot_destroy_a_district_in_a_completed_city_R15():
    g = new_game(districts=districts("armory"))
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(
        g,
        hands={1: []},
        cities={1: ["temple", "church", "manor", "tavern", "market", "castle", "palace"]},
        gold={1: 0},
    )
    g = mid_game(g, characters={0: "merchant"})
    assert g.is_complete(1)
    assert not [a for a in g.legal_actions() if a.kind == "armory" and a.args[0] == 1]
    with pytest.raises(IllegalAction):
        g.apply(0, Action("armory", (1, "palace")))
    assert len(g.cities[1]) == 7


def test_armory_may_target_its_owners_own_city_and_the_keep_R15():
    g = new_game(districts=districts("armory", "keep"))
    g = build(g, hands={0: []}, cities={0: ["armory", "temple"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["keep"]}, gold={1: 0})
    g = mid_game(g, characters={0: "merchant"})
    legal = g.legal_actions()
    assert Action("armory", (0, "temple")) in legal
    assert Action("armory", (0, "armory")) not in legal
    g.apply(0, Action("armory", (1, "keep")))
    assert g.cities[1] == [] and g.cities[0] == [g.card_id("temple")]


def test_armory_ignores_the_bishops_protection_and_the_great_wall():
    g = new_game(districts=districts("armory", "great_wall"))
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["great_wall", "castle"]}, gold={1: 0})
    g = mid_game(g, characters={0: "merchant", 1: "bishop"})
    g.apply(1, GATHER_GOLD)
    g.apply(1, END)  # the Bishop was revealed before the Merchant's turn
    assert g.is_protected(1)
    g.apply(0, Action("armory", (1, "castle")))
    assert keys(g, 1) == ["great_wall"] and g.gold[0] == 0


def test_armory_destroying_the_museum_sends_its_cards_to_the_bottom_of_the_deck_R24():
    g = new_game(districts=districts("armory", "museum"))
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["museum"]}, gold={1: 0})
    top, rest = deck_top(g, 3)
    g = build(g, museum=top, deck=rest)
    under = g.museum[:]
    n = total_cards(g)
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, Action("armory", (1, "museum")))
    assert g.museum == [] and set(under) <= set(g.deck[:5])
    assert total_cards(g) == n


def test_armory_is_only_offered_to_its_owner():
    g = new_game(districts=districts("armory"))
    g = build(g, hands={1: []}, cities={1: ["armory"]}, gold={1: 0})
    g = build(g, hands={2: []}, cities={2: ["castle"]}, gold={2: 0})
    g = mid_game(g, characters={0: "merchant"})
    assert "armory" not in legal_kinds(g)


# ------------------------------------------------------------------ Museum


def test_museum_takes_one_card_from_the_hand_face_down_once_per_turn_and_scores_it():
    from citadels_core.scoring import score_breakdown

    g = new_game(districts=districts("museum"))
    g = build(g, hands={0: ["castle", "temple"]}, cities={0: ["museum"]}, gold={0: 0})
    g = build(g, known={1: [["castle"], [], [], []]})  # player 1 saw the Castle earlier
    g = mid_game(g, characters={0: "merchant"})
    start = len(recorded_events(g))
    g.apply(0, Action("museum", ("castle",)))
    assert g.hands[0] == [g.card_id("temple")] and g.museum == [g.card_id("castle")]
    assert "museum" not in legal_kinds(g)  # once per turn
    with pytest.raises(IllegalAction):
        g.apply(0, Action("museum", ("temple",)))
    # Face down: the others neither see the card nor keep tracking what they knew of the hand (R2, R24).
    assert g.known[1][0] == []
    new = recorded_events(g)[start:]
    public = [e for e in new if e.audience is None]
    assert public and all("castle" not in str(e.data) for e in public)
    assert [e.audience for e in new if e.kind == "museum_private"] == [(0,)]
    assert view(g, 1).players[0].museum == 1
    assert "Castle" in narrate(g.config, [e for e in new if e.kind == "museum_private"][0], 0)
    assert score_breakdown(g, 0)["uniques"]["museum"] == 1


def test_museum_is_usable_again_next_turn():
    g = new_game(districts=districts("museum"))
    g = build(g, hands={0: ["castle", "temple"]}, cities={0: ["museum"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, Action("museum", ("castle",)))
    g.apply(0, GATHER_GOLD)
    g.apply(0, END)  # the round ends: the next begins with the selection
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, Action("museum", ("temple",)))
    assert len(g.museum) == 2


def test_museum_cards_are_lost_when_the_warlord_destroys_it_and_every_card_is_conserved_R24():
    g = new_game(districts=districts("museum"))
    g = build(g, hands={1: ["castle"]}, cities={1: ["museum"]}, gold={1: 0})
    top, rest = deck_top(g, 2)
    g = build(g, museum=top, deck=rest)
    g = build(g, hands={0: []}, cities={0: []}, gold={0: 10})
    n = total_cards(g)
    g = mid_game(g, characters={0: "warlord"})
    g.apply(0, Action("destroy", (1, "museum")))
    assert g.museum == [] and g.cities[1] == [] and g.gold[0] == 7
    assert total_cards(g) == n


def test_museum_cards_score_for_whoever_owns_the_museum_now_R24():
    from citadels_core.scoring import score_breakdown

    g = new_game(districts=districts("museum"))
    g = build(g, hands={0: []}, cities={0: ["museum"]}, gold={0: 0})
    top, rest = deck_top(g, 2)
    g = build(g, museum=top, deck=rest)
    # The Museum changes city (as a Diplomat or Marshal would move it): its cards go with it.
    g = build(g, cities={1: position_lines(g)["cities"][0], 0: []})
    assert score_breakdown(g, 1)["uniques"]["museum"] == 2
    assert "museum" not in score_breakdown(g, 0)["uniques"]


# ------------------------------------------------------------------ Park, Poor House


def test_park_gives_two_cards_to_an_empty_hand_at_the_end_of_the_owners_turn():
    g = new_game(districts=districts("park"))
    g = build(g, hands={0: ["castle"]}, cities={0: ["park"]}, gold={0: 10})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, Action("build", ("castle",)))
    assert g.hands[0] == []
    g.apply(0, END)
    assert len(g.hands[0]) == 2


def test_park_does_nothing_when_the_hand_is_not_empty():
    g = new_game(districts=districts("park"))
    g = build(g, hands={0: ["castle"]}, cities={0: ["park"]}, gold={0: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, END)
    assert g.hands[0] == [g.card_id("castle")]


def test_park_helps_only_its_owner():
    g = new_game(districts=districts("park"))
    g = build(g, hands={1: []}, cities={1: ["park"]}, gold={1: 0})
    g = build(g, hands={0: ["castle"]}, cities={0: []}, gold={0: 10})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, Action("build", ("castle",)))
    g.apply(0, END)
    assert g.hands[0] == []


def test_poor_house_gives_one_gold_to_an_empty_stash_at_the_end_of_the_owners_turn():
    g = new_game(districts=districts("poor_house"))
    g = build(g, hands={0: ["castle"]}, cities={0: ["poor_house"]}, gold={0: 2})
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, Action("build", ("castle",)))
    assert g.gold[0] == 0
    g.apply(0, END)
    assert g.gold[0] == 1


def test_poor_house_does_nothing_with_gold_in_the_stash():
    g = new_game(districts=districts("poor_house"))
    g = build(g, hands={0: []}, cities={0: ["poor_house"]}, gold={0: 0})
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, END)
    assert g.gold[0] == 2


# ------------------------------------------------------------------ Gold Mine, Observatory


def test_gold_mine_adds_one_gold_when_gathering_gold():
    g = new_game(districts=districts("gold_mine"))
    g = build(g, hands={0: []}, cities={0: ["gold_mine"]}, gold={0: 0})
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_GOLD)
    assert g.gold[0] == 3


def test_gold_mine_adds_nothing_when_drawing_cards():
    g = new_game(districts=districts("gold_mine"))
    g = build(g, hands={0: []}, cities={0: ["gold_mine"]}, gold={0: 0})
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_CARDS)
    assert g.gold[0] == 0 and len(g.turn.drawn) == 2


def test_observatory_draws_three_cards_and_keeps_one():
    g = new_game(districts=districts("observatory"))
    g = build(g, hands={0: []}, cities={0: ["observatory"]}, gold={0: 0})
    g = mid_game(g, characters={0: "architect"})
    n = total_cards(g)
    g.apply(0, GATHER_CARDS)
    assert g.pending() == (0, "keep") and len(g.turn.drawn) == 3
    g.apply(0, g.legal_actions()[0])
    assert len(g.hands[0]) == 1 and total_cards(g) == n


def test_observatory_with_the_library_keeps_all_three():
    g = new_game(districts=districts("observatory", "library"))
    g = build(g, hands={0: []}, cities={0: ["observatory", "library"]}, gold={0: 0})
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_CARDS)
    assert len(g.hands[0]) == 3 and g.pending() == (0, "turn")


# ------------------------------------------------------------------ Great Wall


def test_great_wall_makes_the_warlord_pay_one_more_for_other_districts_R14():
    g = new_game(districts=districts("great_wall"))
    g = build(g, hands={1: []}, cities={1: ["great_wall", "castle"]}, gold={1: 0})
    g = build(g, hands={0: []}, cities={0: []}, gold={0: 3})
    g = mid_game(g, characters={0: "warlord"})
    assert Action("destroy", (1, "castle")) not in g.legal_actions()  # 4 - 1 + 1 = 4 > 3
    g = build(g, gold={0: 4})
    g.apply(0, Action("destroy", (1, "castle")))
    assert g.gold[0] == 0 and keys(g, 1) == ["great_wall"]


def test_great_wall_does_not_raise_the_price_of_itself_R14():
    g = new_game(districts=districts("great_wall"))
    g = build(g, hands={1: []}, cities={1: ["great_wall"]}, gold={1: 0})
    g = build(g, hands={0: []}, cities={0: []}, gold={0: 5})
    g = mid_game(g, characters={0: "warlord"})
    g.apply(0, Action("destroy", (1, "great_wall")))
    assert g.gold[0] == 0 and g.cities[1] == []


def test_great_wall_protects_only_its_owners_city():
    g = new_game(districts=districts("great_wall"))
    g = build(g, hands={1: []}, cities={1: ["great_wall"]}, gold={1: 0})
    g = build(g, hands={2: []}, cities={2: ["castle"]}, gold={2: 0})
    g = build(g, hands={0: []}, cities={0: []}, gold={0: 3})
    g = mid_game(g, characters={0: "warlord"})
    g.apply(0, Action("destroy", (2, "castle")))
    assert g.gold[0] == 0


def test_a_completed_city_with_a_great_wall_is_out_of_the_warlords_reach_R14():
    g = new_game(districts=districts("great_wall"))
    g = build(
        g,
        hands={1: []},
        cities={1: ["great_wall", "temple", "church", "manor", "tavern", "market", "castle"]},
        gold={1: 0},
    )
    g = build(g, hands={2: []}, cities={2: ["temple"]}, gold={2: 0})
    g = build(g, hands={0: []}, cities={0: []}, gold={0: 10})
    g = mid_game(g, characters={0: "warlord"})
    assert g.phase == TURN
    assert {a.args[0] for a in g.legal_actions() if a.kind == "destroy"} == {2}


def test_armory_cannot_reach_a_city_completed_with_the_monument_R10_R15():
    g = new_game(districts=districts("armory", "monument"))
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(
        g,
        hands={1: []},
        cities={1: ["monument", "temple", "church", "manor", "tavern", "market"]},
        gold={1: 0},
    )
    g = build(
        g, hands={2: []}, cities={2: ["temple", "church", "manor", "tavern", "market", "castle"]}, gold={2: 0}
    )
    g = mid_game(g, characters={0: "merchant"})
    assert g.is_complete(1) and not g.is_complete(2)
    assert {a.args[0] for a in g.legal_actions() if a.kind == "armory"} == {2}


def test_cards_under_the_museum_are_hidden_from_everyone_but_its_owner_R2_R24():
    from citadels_core.redeal import redeal
    from citadels_core.rng import Rng

    g = new_game(districts=districts("museum"))
    g = build(g, hands={0: []}, cities={0: ["museum"]}, gold={0: 0})
    top, rest = deck_top(g, 2)
    g = build(g, museum=top, deck=rest)
    n = total_cards(g)
    # The owner's own redeal keeps them; another player's redeal deals them again from the unknown cards.
    assert all(redeal(g, 0, Rng(s)).museum == g.museum for s in range(5))
    others = [redeal(g, 1, Rng(s)) for s in range(20)]
    assert any(h.museum != g.museum for h in others)
    assert all(len(h.museum) == 2 and total_cards(h) == n for h in others)


def test_park_and_poor_house_both_resolve_at_the_end_of_the_same_turn():
    g = new_game(districts=districts("park", "poor_house"))
    g = build(g, hands={0: ["castle"]}, cities={0: ["park", "poor_house"]}, gold={0: 2})
    g = mid_game(g, characters={0: "architect"})
    g.apply(0, GATHER_GOLD)
    g.apply(0, Action("build", ("castle",)))
    assert g.hands[0] == [] and g.gold[0] == 0
    g.apply(0, END)
    assert len(g.hands[0]) == 2 and g.gold[0] == 1


def test_a_beautified_district_destroyed_by_the_armory_leaves_its_gold_to_the_bank_R33():

    g = new_game(districts=districts("armory"))
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["castle+"]}, gold={1: 0})
    g = mid_game(g, characters={0: "merchant"})
    g.apply(0, Action("armory", (1, "castle")))
    assert g.deck[0] == g.card_id("castle")  # a plain card again: its gold went back to the bank
    assert g.gold[0] == 0 and g.gold[1] == 0


def test_the_magicians_hand_exchange_leaves_the_cards_under_the_museum_in_place_R24():
    g = new_game(districts=districts("museum"))
    g = build(g, hands={0: ["castle"]}, cities={0: ["museum"]}, gold={0: 0})
    g = build(g, hands={1: ["temple", "manor"]}, cities={1: []}, gold={1: 0})
    top, rest = deck_top(g, 1)
    g = build(g, museum=top, deck=rest)
    under = g.museum[:]
    g = mid_game(g, characters={0: "magician"})
    g.apply(0, Action("swap_hands", (1,)))
    assert g.museum == under and sorted(g.hands[0]) == sorted([g.card_id("temple"), g.card_id("manor")])
