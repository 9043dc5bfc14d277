"""The turn phase: rank order, gathering, building, income, the first game's characters."""

import pytest
from helpers import (
    act,
    build,
    cards,
    finish_turn,
    legal_kinds,
    mid_game,
    new_game,
    pending_seat,
    recorded_events,
)

from citadels_core import Action, IllegalAction
from citadels_core.view import view


def test_characters_take_turns_in_ascending_rank_order():
    g = new_game()
    g = mid_game(g, characters={0: "warlord", 1: "assassin", 2: "king", 3: "merchant"})
    order = []
    while g.phase == "turn":
        order.append((g.turn.player, g.character_key(g.current_character)))
        finish_turn(g)
    assert order == [(1, "assassin"), (2, "king"), (3, "merchant"), (0, "warlord")]


def test_gathering_gold_takes_two_from_the_bank():
    g = mid_game(characters={0: "king"})
    act(g, "gather", "gold")
    assert g.gold[0] == 4


def test_drawing_keeps_one_card_and_puts_the_other_under_the_deck():
    g = mid_game(characters={0: "king"})
    top2 = g.deck[-2:]
    act(g, "gather", "cards")
    assert g.pending() == (0, "keep")
    keep = g.rules.edition.districts[top2[0]].key
    act(g, "keep", keep)
    assert g.hands[0][-1] == top2[0]
    assert g.deck[0] == top2[1]
    assert len(g.hands[0]) == 5


def test_a_player_must_gather_before_building_or_ending():
    g = mid_game(characters={0: "king"}, hands={0: ["tavern"]})
    assert "build" not in legal_kinds(g) and "end" not in legal_kinds(g)
    with pytest.raises(IllegalAction, match="gather resources"):
        act(g, "end")
    with pytest.raises(IllegalAction, match="gather resources before you build"):
        act(g, "build", "tavern")


def test_building_pays_the_cost_and_places_the_district():
    g = mid_game(characters={0: "king"}, hands={0: ["castle", "tavern"]})
    act(g, "gather", "gold")
    act(g, "build", "castle")
    assert g.gold[0] == 0
    assert [g.rules.edition.districts[c].key for c in g.cities[0]] == ["castle"]
    assert g.hands[0] == cards(g, "tavern")


def test_building_limit_is_one_district_per_turn():
    g = mid_game(characters={0: "king"}, hands={0: ["tavern", "temple"]}, gold={0: 10})
    act(g, "gather", "gold")
    act(g, "build", "tavern")
    with pytest.raises(IllegalAction, match="building limit of 1"):
        act(g, "build", "temple")


def test_a_player_cannot_build_a_district_identical_to_one_in_his_city():
    g = mid_game(characters={0: "king"}, hands={0: ["tavern"]}, cities={0: ["tavern"]})
    act(g, "gather", "gold")
    assert Action("build", ("tavern",)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="already have a Tavern"):
        act(g, "build", "tavern")


def test_a_player_cannot_build_what_he_cannot_afford():
    g = mid_game(characters={0: "king"}, hands={0: ["palace"]})
    act(g, "gather", "gold")
    with pytest.raises(IllegalAction, match="costs 5 gold and you have 4"):
        act(g, "build", "palace")


def test_income_is_taken_once_at_any_moment_of_the_turn():
    """RULINGS R4: before or after building, once."""
    g = mid_game(
        characters={0: "king"}, cities={0: ["manor", "castle", "tavern"]}, hands={0: ["palace"]}, gold={0: 3}
    )
    act(g, "gather", "gold")
    act(g, "build", "palace")  # 5 gold: 0 left
    act(g, "income")  # now three noble districts
    assert g.gold[0] == 3
    assert "income" not in legal_kinds(g)


def test_income_before_gathering_is_allowed():
    g = mid_game(characters={0: "merchant"}, cities={0: ["tavern"]})
    act(g, "income")
    assert g.gold[0] == 3


def test_illegal_action_leaves_the_state_untouched():
    g = mid_game(characters={0: "king"})
    from citadels_core.record import state_digest

    before = state_digest(g)
    for a in [
        Action("build", ("palace",)),
        Action("rob", ("king",)),
        Action("fly"),
        Action("keep", ("manor",)),
    ]:
        with pytest.raises(IllegalAction):
            g.apply(0, a)
    assert state_digest(g) == before


# ---------------------------------------------------------------- characters


def test_killed_character_skips_his_turn_silently():
    """RULINGS R5: not revealed when called."""
    g = mid_game(characters={0: "assassin", 1: "merchant", 2: "king"})
    act(g, "kill", "merchant")
    finish_turn(g)
    assert g.turn.player == 2 and g.character_key(g.current_character) == "king"
    finish_turn(g)
    assert g.phase == "select"  # the merchant never played
    call = [e for e in recorded_events(g) if e.kind == "call" and e.data["character"] == "merchant"][-1]
    assert call.data["answer"] == "killed" and "player" not in call.data
    assert not g.revealed[g.cast_index("merchant")]


def test_assassin_cannot_name_himself_or_a_faceup_character():
    """RULINGS R26."""
    g = mid_game(characters={0: "assassin", 1: "merchant"}, faceup=["bishop", "warlord"])
    targets = {a.args[0] for a in g.legal_actions() if a.kind == "kill"}
    assert targets == {"thief", "magician", "king", "merchant", "architect"}


def test_thief_robs_at_reveal_before_gathering():
    """RULINGS R12."""
    g = mid_game(characters={0: "thief", 1: "merchant", 2: "assassin"})
    # Assassin first: kills nobody relevant.
    finish_turn(g)
    act(g, "rob", "merchant")
    g = build(g, gold={1: 5})
    finish_turn(g)  # thief: +2 gold -> 4
    assert g.turn.player == 1
    assert g.gold[1] == 0
    assert g.gold[0] == 4 + 5
    assert not g.turn.gathered


def test_thief_cannot_rob_rank_1_or_the_killed_character():
    """RULINGS R12."""
    g = mid_game(characters={0: "assassin", 1: "thief"})
    act(g, "kill", "king")
    finish_turn(g)
    targets = {a.args[0] for a in g.legal_actions() if a.kind == "rob"}
    assert "assassin" not in targets and "king" not in targets and "thief" not in targets
    assert {"magician", "bishop", "merchant", "architect", "warlord"} <= targets


def test_magician_exchanges_hands_and_both_know_what_they_gave():
    """RULINGS R2."""
    g = mid_game(characters={0: "magician"}, hands={0: ["tavern"], 2: ["palace", "castle"]})
    act(g, "swap_hands", 2)
    assert g.hands[0] == cards(g, "palace", "castle")
    assert g.hands[2] == cards(g, "tavern")
    assert view(g, 0).players[2].known_hand == ("tavern",)
    assert view(g, 2).players[0].known_hand == ("castle", "palace")
    assert view(g, 1).players[0].known_hand == ()


def test_magician_discards_any_number_of_cards_to_draw_as_many():
    g = mid_game(characters={0: "magician"}, hands={0: ["tavern", "temple", "palace"]})
    top2 = g.deck[-2:]
    act(g, "redraw")
    act(g, "discard", "tavern")
    act(g, "discard", "temple")
    act(g, "done")
    assert sorted(g.hands[0]) == sorted(cards(g, "palace") + top2)
    assert g.deck[:2] in (cards(g, "temple", "tavern"), cards(g, "tavern", "temple"))
    assert "redraw" not in legal_kinds(g) and "swap_hands" not in legal_kinds(g)


def test_king_takes_the_crown_when_revealed():
    g = mid_game(characters={2: "king"})
    assert g.crown == 2


def test_killed_king_takes_the_crown_at_the_end_of_the_round_as_heir():
    """RULINGS R5."""
    g = mid_game(characters={0: "assassin", 3: "king", 1: "warlord"})
    act(g, "kill", "king")
    finish_turn(g)
    assert g.crown == 0
    finish_turn(g)  # warlord
    assert g.crown == 3
    assert g.phase == "select" and pending_seat(g) == 3


def test_crowned_player_chooses_first_next_round():
    g = mid_game(characters={1: "king"})
    finish_turn(g)
    assert g.phase == "select" and pending_seat(g) == 1


def test_merchant_gains_one_extra_gold_whatever_he_gathered():
    g = mid_game(characters={0: "merchant"})
    act(g, "gather", "cards")
    act(g, "keep", g.rules.edition.districts[g.turn.drawn[0]].key)
    act(g, "bonus")
    assert g.gold[0] == 3
    assert "bonus" not in legal_kinds(g)


def test_architect_gains_two_cards_and_builds_up_to_three():
    g = mid_game(
        characters={0: "architect"}, hands={0: ["tavern", "temple", "watchtower", "market"]}, gold={0: 10}
    )
    act(g, "bonus")
    assert len(g.hands[0]) == 6
    act(g, "gather", "gold")
    for k in ("tavern", "temple", "watchtower"):
        act(g, "build", k)
    with pytest.raises(IllegalAction, match="building limit of 3"):
        act(g, "build", "market")


def test_bishop_gains_gold_for_religious_districts():
    g = mid_game(characters={0: "bishop"}, cities={0: ["temple", "church", "manor"]})
    act(g, "income")
    assert g.gold[0] == 4


def test_school_of_magic_counts_as_the_income_type():
    g = mid_game(characters={0: "bishop"}, cities={0: ["temple", "school_of_magic"]})
    act(g, "income")
    assert g.gold[0] == 4


def test_warlord_destroys_a_district_paying_one_less_than_its_cost():
    g = mid_game(characters={0: "warlord"}, cities={2: ["castle", "tavern"]}, gold={0: 3})
    act(g, "destroy", 2, "castle")
    assert g.gold[0] == 0
    assert g.cities[2] == cards(g, "tavern")
    assert g.deck[0] == g.card_id("castle")


def test_warlord_destroys_a_one_cost_district_for_free_and_may_target_his_own_city():
    g = mid_game(characters={0: "warlord"}, cities={0: ["tavern"]}, gold={0: 0})
    assert Action("destroy", (0, "tavern")) in g.legal_actions()


def test_warlord_cannot_destroy_in_a_completed_city():
    """RULINGS R14."""
    g = mid_game(
        characters={0: "warlord"},
        cities={1: ["tavern", "temple", "manor", "castle", "market", "church", "prison"]},
        gold={0: 10},
    )
    assert not [a for a in g.legal_actions() if a.kind == "destroy" and a.args[0] == 1]


def test_warlord_cannot_target_the_keep():
    """RULINGS R14."""
    g = mid_game(characters={0: "warlord"}, cities={1: ["keep", "tavern"]}, gold={0: 10})
    targets = {a.args[1] for a in g.legal_actions() if a.kind == "destroy" and a.args[0] == 1}
    assert targets == {"tavern"}


def test_bishop_protects_his_districts_from_the_warlord():
    """RULINGS R13."""
    g = mid_game(characters={0: "warlord", 1: "bishop"}, cities={1: ["tavern"]})
    finish_turn(g)  # bishop revealed
    assert g.turn.player == 0
    assert not [a for a in g.legal_actions() if a.kind == "destroy"]


def test_killed_bishop_protects_nothing():
    """RULINGS R13."""
    g = mid_game(characters={0: "warlord", 1: "bishop", 2: "assassin"}, cities={1: ["tavern"]})
    act(g, "kill", "bishop")
    finish_turn(g)
    assert g.turn.player == 0
    assert Action("destroy", (1, "tavern")) in g.legal_actions()


def test_artist_beautifies_up_to_two_districts_once_each():
    """RULINGS R33: +1 cost and +1 point."""
    g = mid_game(
        new_game(5, rank9=True),
        characters={0: "artist"},
        cities={0: ["tavern", "temple", "manor"]},
        gold={0: 5},
    )
    act(g, "beautify", "tavern")
    assert Action("beautify", ("tavern",)) not in g.legal_actions()
    act(g, "beautify", "temple")
    assert "beautify" not in legal_kinds(g)
    assert g.gold[0] == 3
    assert [g.entry_cost(e) for e in g.cities[0]] == [2, 2, 3]


def test_beautified_district_costs_one_more_to_destroy():
    from citadels_core.characters.warlord import destroy_price

    g = mid_game(characters={0: "warlord"}, cities={1: ["castle+"]})
    assert destroy_price(g, 1, g.cities[1][0]) == 4
