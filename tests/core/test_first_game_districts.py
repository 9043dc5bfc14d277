"""The first game's unique districts with effects during play (CARDS.md A2, RULINGS R30)."""

import pytest
from helpers import act, build, cards, legal_kinds, mid_game

from citadels_core import Action, IllegalAction


def test_factory_makes_other_unique_districts_cost_one_less():
    g = mid_game(
        characters={0: "king"}, cities={0: ["factory"]}, hands={0: ["smithy", "palace"]}, gold={0: 2}
    )
    act(g, "gather", "gold")  # 4 gold: smithy now costs 4
    assert Action("build", ("smithy",)) in g.legal_actions()
    assert Action("build", ("palace",)) not in g.legal_actions()
    act(g, "build", "smithy")
    assert g.gold[0] == 0


def test_laboratory_discards_a_card_for_two_gold_once_per_turn():
    g = mid_game(characters={0: "king"}, cities={0: ["laboratory"]}, hands={0: ["tavern", "temple"]})
    act(g, "laboratory", "tavern")
    assert g.gold[0] == 4 and g.hands[0] == cards(g, "temple")
    assert g.deck[0] == g.card_id("tavern")
    assert "laboratory" not in legal_kinds(g)


def test_library_keeps_all_drawn_cards():
    g = mid_game(characters={0: "king"}, cities={0: ["library"]})
    top2 = g.deck[-2:]
    act(g, "gather", "cards")
    assert g.pending() == (0, "turn")
    assert sorted(g.hands[0][-2:]) == sorted(top2)


def test_quarry_allows_identical_districts():
    g = mid_game(characters={0: "king"}, cities={0: ["quarry", "tavern"]}, hands={0: ["tavern"]})
    act(g, "gather", "gold")
    act(g, "build", "tavern")
    assert g.cities[0].count(g.card_id("tavern")) == 2


def test_smithy_pays_two_gold_for_three_cards_once_per_turn():
    g = mid_game(characters={0: "king"}, cities={0: ["smithy"]})
    n = len(g.hands[0])
    act(g, "smithy")
    assert g.gold[0] == 0 and len(g.hands[0]) == n + 3
    g = build(g, gold={0: 5})
    assert "smithy" not in legal_kinds(g)


def test_smithy_needs_two_gold():
    g = mid_game(characters={0: "king"}, cities={0: ["smithy"]}, gold={0: 1})
    assert "smithy" not in legal_kinds(g)
    with pytest.raises(IllegalAction):
        act(g, "smithy")


def test_thieves_den_is_paid_with_cards_and_gold():
    g = mid_game(characters={0: "king"}, hands={0: ["thieves_den", "tavern", "temple", "manor"]}, gold={0: 1})
    act(g, "gather", "gold")  # 3 gold + 3 other cards >= 6
    act(g, "build", "thieves_den")
    assert g.pending() == (0, "pay_den")
    act(g, "pay_card", "tavern")
    act(g, "pay_card", "temple")
    assert "pay_gold" not in legal_kinds(g)  # 4 due, 3 gold: not yet
    act(g, "pay_card", "manor")
    act(g, "pay_gold")
    assert g.gold[0] == 0 and g.hands[0] == []
    assert g.card_id("thieves_den") in g.cities[0]
    assert sorted(g.deck[:3]) == sorted(cards(g, "tavern", "temple", "manor"))


def test_thieves_den_is_not_offered_when_cards_and_gold_fall_short():
    g = mid_game(characters={0: "king"}, hands={0: ["thieves_den", "tavern"]})
    act(g, "gather", "gold")  # 4 gold + 1 card < 6
    assert Action("build", ("thieves_den",)) not in g.legal_actions()


def test_factory_lowers_the_thieves_den_to_five_payable_in_any_mix():
    """RULINGS R30."""
    g = mid_game(characters={0: "king"}, cities={0: ["factory"]}, hands={0: ["thieves_den", "tavern"]})
    act(g, "gather", "gold")  # 4 gold + 1 card = 5
    act(g, "build", "thieves_den")
    act(g, "pay_card", "tavern")
    act(g, "pay_gold")
    assert g.gold[0] == 0
