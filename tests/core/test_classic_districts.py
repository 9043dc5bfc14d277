"""The classic purple districts, base and bonus (001_374172512b2ff6bd.txt "District Cards", CARDS.md B2-B3,
RULINGS R40, R43, R44): each card's sentence in a scenario."""

from collections import Counter

from classic_helpers import act, build, cast_with, classic_game, kinds, purple_with, setup, start, total_cards

from citadels_core import Action
from citadels_core.scoring import score_breakdown


def _game(*bonus, cast=None, players=4, keep=()):
    return classic_game(players, cast=cast or cast_with(), districts=purple_with(*bonus, keep=keep))


def _keys(g, p):
    return sorted(g.rules.edition.districts[e & 255].key for e in g.cities[p])


def test_the_deck_holds_both_keeps():
    g = classic_game(4)
    kid = g.card_id("keep")
    assert (g.deck + [c for h in g.hands for c in h]).count(kid) == 2


def test_the_haunted_city_counts_as_the_missing_colour_for_the_five_colour_bonus():
    g = classic_game(4)
    g = setup(g, 0, city=["haunted_city", "keep", "manor", "temple", "tavern"])
    g = build(g, edition_state={"haunted_built": 0}, round=3)  # built in an earlier round
    s = score_breakdown(g, 0)
    assert s["all_types"] == 3 and s["haunted_city"] == "military"


def test_the_haunted_city_built_in_the_last_round_cannot_change_colour_r43():
    g = classic_game(4)
    g = setup(g, 0, city=["haunted_city", "keep", "manor", "temple", "tavern"])
    g = build(g, edition_state={"haunted_built": g.round})
    s = score_breakdown(g, 0)
    assert s["all_types"] == 0 and "haunted_city" in s


def test_building_the_haunted_city_records_its_round():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, hand=["haunted_city"], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "haunted_city")
    assert g.edition_state["haunted_built"] == g.round


def test_the_classic_laboratory_gives_one_gold_for_a_discarded_card():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, hand=["temple"], city=["laboratory"], gold=0)
    act(g, "laboratory", "temple")
    assert g.gold[0] == 1 and g.hands[0] == [] and "laboratory" not in kinds(g)


def test_the_smithy_turns_two_gold_into_three_cards():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, city=["smithy"], gold=2)
    act(g, "smithy")
    assert g.gold[0] == 0 and len(g.hands[0]) == 3


def test_the_observatory_draws_three_and_keeps_one():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, city=["observatory"])
    act(g, "gather", "cards")
    assert len(g.drawn) == 3
    act(g, "keep", g.legal_actions()[0].args[0])
    assert len(g.hands[0]) == 1 and g.follow_up == ""


def test_the_library_keeps_both_cards_drawn():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, city=["library"])
    act(g, "gather", "cards")
    assert len(g.hands[0]) == 2 and g.follow_up == ""


def test_library_and_observatory_together_draw_three_and_keep_two_r43():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, city=["library", "observatory"])
    before = total_cards(g)
    act(g, "gather", "cards")
    assert len(g.drawn) == 3
    act(g, "keep", g.legal_actions()[0].args[0])
    assert g.follow_up == "keep"
    act(g, "keep", g.legal_actions()[0].args[0])
    assert len(g.hands[0]) == 2 and g.follow_up == "" and total_cards(g) == before


def _graveyard_game():
    return start(classic_game(4), {1: "warlord"})


def test_the_graveyard_owner_may_pay_one_gold_to_take_the_district_the_warlord_destroyed_r43():
    g = _graveyard_game()
    g = setup(g, 1, gold=3)
    g = setup(g, 2, city=["manor"], gold=0)
    g = setup(g, 3, city=["graveyard"], gold=2)
    act(g, "gather", "gold")
    act(g, "destroy", 2, "manor")
    assert g.pending() == (3, "graveyard")
    act(g, "graveyard", "take")
    assert g.hands[3] == [g.card_id("manor")] and g.gold[3] == 1
    assert g.turn_player != 1  # the Warlord's turn is over


def test_the_graveyard_is_not_usable_by_the_warlord_nor_on_itself_nor_without_gold_r43():
    g = _graveyard_game()
    g = setup(g, 1, city=["graveyard"], gold=9)
    g = setup(g, 2, city=["manor"])
    act(g, "gather", "gold")
    act(g, "destroy", 2, "manor")
    assert g.follow_up == "" and g.turn_player != 1
    g = _graveyard_game()
    g = setup(g, 1, gold=9)
    g = setup(g, 2, city=["graveyard"], gold=5)
    act(g, "gather", "gold")
    act(g, "destroy", 2, "graveyard")
    assert g.follow_up == "" and g.hands[2] == []
    g = _graveyard_game()
    g = setup(g, 1, gold=9)
    g = setup(g, 2, city=["manor"])
    g = setup(g, 3, city=["graveyard"], gold=0)
    act(g, "gather", "gold")
    act(g, "destroy", 2, "manor")
    assert g.follow_up == ""


def test_dragon_gate_and_university_cost_six_and_are_worth_eight():
    g = classic_game(4)
    g = setup(g, 0, city=["dragon_gate", "university"])
    s = score_breakdown(g, 0)
    assert s["total"] == 16 and g.rules.edition.districts[g.card_id("university")].cost == 6


def test_the_school_of_magic_counts_as_the_income_colour():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, city=["school_of_magic", "manor"], gold=0)
    act(g, "income")
    assert g.gold[0] == 2


def test_the_lighthouse_lets_its_builder_take_any_card_from_the_deck_then_shuffles_it():
    g = start(_game("lighthouse"), {0: "king"})
    g = setup(g, 0, hand=["lighthouse"], gold=3)
    act(g, "gather", "gold")
    act(g, "build", "lighthouse")
    assert g.pending() == (0, "lighthouse")
    assert Action("lighthouse", ("university",)) in g.legal_actions()
    deck_before = list(g.deck)
    act(g, "lighthouse", "university")
    assert g.hands[0] == [g.card_id("university")]
    assert Counter(deck_before) - Counter([g.card_id("university")]) == Counter(g.deck)
    assert any(e.kind == "lighthouse" for e in g.events)


def test_the_classic_armory_may_destroy_a_district_in_a_completed_city():
    g = start(_game("armory"), {0: "king"})
    g = setup(g, 0, city=["armory"])
    g = setup(
        g, 1, city=["temple", "church", "monastery", "cathedral", "manor", "castle", "palace", "tavern"]
    )
    act(g, "armory", 1, "palace")
    assert "palace" not in _keys(g, 1) and _keys(g, 0) == []


def test_the_museum_scores_one_per_card_under_it():
    g = start(_game("museum"), {0: "king"})
    g = setup(g, 0, hand=["temple", "manor"], city=["museum"])
    act(g, "museum", "temple")
    assert score_breakdown(g, 0)["uniques"]["museum"] == 1


def test_imperial_treasury_and_map_room_score_gold_and_cards():
    g = classic_game(4, districts=purple_with("imperial_treasury", "map_room"))
    g = setup(g, 0, hand=["temple", "manor"], city=["imperial_treasury", "map_room"], gold=5)
    u = score_breakdown(g, 0)["uniques"]
    assert u == {"imperial_treasury": 5, "map_room": 2}
    assert g.rules.edition.districts[g.card_id("imperial_treasury")].cost == 4


def test_the_classic_wishing_well_scores_each_other_purple_district():
    g = _game("wishing_well")
    g = setup(g, 0, city=["wishing_well", "keep", "smithy", "manor"])
    assert score_breakdown(g, 0)["uniques"]["wishing_well"] == 2


def test_the_classic_quarry_allows_at_most_two_identical_districts_r43():
    g = start(_game("quarry"), {0: "architect"})
    g = setup(g, 0, hand=["temple", "temple"], city=["quarry", "temple"], gold=10)
    act(g, "gather", "gold")
    assert Action("build", ("temple",)) in g.legal_actions()
    act(g, "build", "temple")
    assert Action("build", ("temple",)) not in g.legal_actions()


def test_the_poor_house_gives_one_gold_to_an_owner_without_gold_at_the_end_of_the_turn():
    g = start(_game("poor_house"), {0: "king", 1: "bishop"})
    g = setup(g, 0, hand=["palace"], city=["poor_house"], gold=3)
    act(g, "gather", "gold")
    act(g, "build", "palace")
    act(g, "end")
    assert g.gold[0] == 1


def test_the_factory_lowers_the_cost_of_other_purple_districts():
    g = start(_game("factory"), {0: "king"})
    g = setup(g, 0, hand=["university"], city=["factory"], gold=3)
    act(g, "gather", "gold")
    act(g, "build", "university")
    assert g.gold[0] == 0


def test_the_park_draws_two_cards_for_an_empty_hand_at_the_end_of_the_turn():
    g = start(_game("park"), {0: "king", 1: "bishop"})
    g = setup(g, 0, city=["park"])
    act(g, "gather", "gold")
    act(g, "end")
    assert len(g.hands[0]) == 2


# ---------------------------------------------------------------- Bell Tower (R40)


def _bell(players=4):
    return start(_game("bell_tower", players=players), {0: "king", 1: "bishop", 2: "warlord"})


SEVEN = ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace"]


def test_the_bell_tower_may_announce_the_seven_district_end_r40():
    g = _bell()
    g = setup(g, 0, hand=["bell_tower"], city=SEVEN[:5], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    assert g.pending() == (0, "bell_tower")
    act(g, "bell_tower", "announce")
    assert g.complete_at == 7 and not g.last_round


def test_the_bell_tower_not_announced_keeps_the_eight_district_end():
    g = _bell()
    g = setup(g, 0, hand=["bell_tower"], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    act(g, "bell_tower", "silent")
    assert g.complete_at == 8


def test_the_bell_tower_gives_four_points_to_every_player_with_seven_districts_when_it_is_built():
    g = _bell()
    g = setup(g, 0, hand=["bell_tower"], city=SEVEN[:6], gold=5)
    g = setup(g, 3, city=["tavern", "market", "trading_post", "docks", "harbor", "town_hall", "watchtower"])
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")  # its owner's seventh district
    act(g, "bell_tower", "announce")
    assert g.last_round
    assert score_breakdown(g, 0)["completion"] == 4
    assert score_breakdown(g, 3)["completion"] == 4
    g = setup(g, 1, city=["watchtower", "prison", "battlefield", "fortress", "market", "manor", "temple"])
    assert score_breakdown(g, 1)["completion"] == 2  # later completers get 2


def test_a_destroyed_bell_tower_returns_the_end_to_eight_districts():
    g = _bell()
    g = setup(g, 0, hand=["bell_tower"], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    act(g, "bell_tower", "announce")
    act(g, "end")
    act(g, "gather", "gold")  # the bishop
    act(g, "end")
    g = build(g, gold={2: 10})
    act(g, "gather", "gold")
    act(g, "destroy", 0, "bell_tower")
    assert g.complete_at == 8


def test_the_bell_tower_is_not_offered_in_the_shorter_game():
    g = start(classic_game(4, districts=purple_with("bell_tower"), shorter=True), {0: "king"})
    g = setup(g, 0, hand=["bell_tower"], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    assert g.follow_up == "" and g.complete_at == 7


# ---------------------------------------------------------------- Hospital, Throne Room, Ball Room


def test_an_assassinated_hospital_owner_still_takes_an_action_but_cannot_build_or_use_the_power():
    g = start(_game("hospital"), {0: "assassin", 1: "merchant"})
    g = setup(g, 1, hand=["temple"], city=["hospital", "market"], gold=5)
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    assert g.turn_player == 1 and kinds(g) == {"gather"}
    act(g, "gather", "gold")
    assert kinds(g) == {"end"}  # no build, no income, no bonus
    act(g, "end")
    assert g.gold[1] == 7 and not g.revealed[g.cast_index("merchant")]


def test_a_hospital_turn_still_offers_the_owners_purple_district_abilities():
    g = start(_game("hospital"), {0: "assassin", 1: "merchant"})
    g = setup(g, 1, hand=["temple"], city=["hospital", "laboratory"], gold=0)
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    assert kinds(g) == {"gather", "laboratory"}
    act(g, "laboratory", "temple")
    act(g, "gather", "gold")
    assert kinds(g) == {"end"} and g.gold[1] == 3


def test_everyone_knows_the_card_the_graveyard_took():
    g = _graveyard_game()
    g = setup(g, 1, gold=3)
    g = setup(g, 2, city=["manor"], gold=0)
    g = setup(g, 3, city=["graveyard"], gold=2)
    act(g, "gather", "gold")
    act(g, "destroy", 2, "manor")
    act(g, "graveyard", "take")
    assert all(g.card_id("manor") in g.known[r][3] for r in (0, 1, 2))


def test_a_killed_player_without_the_hospital_misses_his_turn():
    g = start(_game("hospital"), {0: "assassin", 1: "merchant", 2: "warlord"})
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    assert g.turn_player == 2


def test_the_throne_room_gives_one_gold_whenever_the_crown_changes_hands():
    g = start(_game("throne_room"), {0: "assassin", 2: "king"}, crown=0)
    g = setup(g, 3, city=["throne_room"], gold=0)
    act(g, "gather", "gold")
    act(g, "end")
    assert g.crown == 2 and g.gold[3] == 1


def test_the_throne_room_gives_nothing_when_the_crown_stays():
    g = start(_game("throne_room"), {0: "king"}, crown=0)
    g = setup(g, 0, city=["throne_room"], gold=0)
    assert g.gold[0] == 0


def _ballroom():
    g = classic_game(4, districts=purple_with("ball_room"))
    g = setup(g, 0, city=["ball_room"])
    return start(g, {0: "assassin", 1: "bishop", 2: "merchant"}, crown=0)


def test_the_ball_room_owner_with_the_crown_is_thanked_first_r44():
    g = _ballroom()
    assert "thank" not in kinds(g)  # not by himself
    act(g, "gather", "gold")
    act(g, "end")
    assert g.turn_player == 1 and g.legal_actions()[0] == Action("thank")
    act(g, "thank")
    assert "thank" not in kinds(g)
    act(g, "gather", "gold")
    assert g.turn_player == 1


def test_a_player_who_forgets_to_thank_loses_the_rest_of_his_turn_r44():
    g = _ballroom()
    act(g, "gather", "gold")
    act(g, "end")
    gold = g.gold[1]
    act(g, "gather", "gold")
    assert g.turn_player == 2 and g.gold[1] == gold  # the action did not happen; the Merchant is called
    assert any(e.kind == "forgot_thanks" for e in g.events)


def test_bots_never_forget_to_thank():
    from citadels_core.bots import make_bot
    from citadels_core.view import view

    for kind in ("random", "heuristic"):
        g = _ballroom()
        act(g, "gather", "gold")
        act(g, "end")
        assert make_bot(kind, 3).choose(view(g, 1)) == Action("thank")


def test_a_district_the_graveyard_owner_passes_on_goes_to_the_bottom_of_the_deck():
    g = _graveyard_game()
    g = setup(g, 1, gold=3)
    g = setup(g, 2, city=["manor"], gold=0)
    g = setup(g, 3, city=["graveyard"], gold=2)
    act(g, "gather", "gold")
    before = total_cards(g)
    act(g, "destroy", 2, "manor")
    assert total_cards(g) == before
    act(g, "graveyard", "pass")
    assert g.deck[0] == g.card_id("manor") and g.gold[3] == 2 and total_cards(g) == before
