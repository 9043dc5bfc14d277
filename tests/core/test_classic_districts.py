"""The classic purple districts, base and bonus (001_374172512b2ff6bd.txt "District Cards", CARDS.md B2-B3,
RULINGS R40, R43, R44): each card's sentence in a scenario."""

from collections import Counter

from classic_helpers import cast_with, purple_with
from helpers import act, build, legal_kinds, mid_game, new_game, recorded_events, total_cards

from citadels_core import Action
from citadels_core.scoring import score_breakdown


def _game(*bonus, cast=None, players=4, keep=()):
    return new_game(
        players, edition="classic", cast=cast or cast_with(), districts=purple_with(*bonus, keep=keep)
    )


def _keys(g, p):
    return sorted(g.rules.edition.districts[e & 255].key for e in g.cities[p])


def test_the_deck_holds_both_keeps():
    g = new_game(4, edition="classic")
    kid = g.card_id("keep")
    assert (g.deck + [c for h in g.hands for c in h]).count(kid) == 2


def test_the_haunted_city_counts_as_the_missing_colour_for_the_five_colour_bonus():
    g = new_game(4, edition="classic")
    g = build(
        g, hands={0: []}, cities={0: ["haunted_city", "keep", "manor", "temple", "tavern"]}, gold={0: 0}
    )
    g = build(g, edition_state={"haunted_built": 0}, round=3)  # built in an earlier round
    s = score_breakdown(g, 0)
    assert s["all_types"] == 3 and s["haunted_city"] == "military"


def test_the_haunted_city_built_in_the_last_round_cannot_change_colour_r43():
    g = new_game(4, edition="classic")
    g = build(
        g, hands={0: []}, cities={0: ["haunted_city", "keep", "manor", "temple", "tavern"]}, gold={0: 0}
    )
    g = build(g, edition_state={"haunted_built": g.round})
    s = score_breakdown(g, 0)
    assert s["all_types"] == 0 and "haunted_city" in s


def test_building_the_haunted_city_records_its_round():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: ["haunted_city"]}, cities={0: []}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "haunted_city")
    assert g.edition_state["haunted_built"] == g.round


def test_the_classic_laboratory_gives_one_gold_for_a_discarded_card():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: ["temple"]}, cities={0: ["laboratory"]}, gold={0: 0})
    act(g, "laboratory", "temple")
    assert g.gold[0] == 1 and g.hands[0] == [] and "laboratory" not in legal_kinds(g)


def test_the_smithy_turns_two_gold_into_three_cards():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: []}, cities={0: ["smithy"]}, gold={0: 2})
    act(g, "smithy")
    assert g.gold[0] == 0 and len(g.hands[0]) == 3


def test_the_observatory_draws_three_and_keeps_one():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: []}, cities={0: ["observatory"]}, gold={0: 0})
    act(g, "gather", "cards")
    assert len(g.turn.drawn) == 3
    act(g, "keep", g.legal_actions()[0].args[0])
    assert len(g.hands[0]) == 1 and g.decision.kind == ""


def test_the_library_keeps_both_cards_drawn():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: []}, cities={0: ["library"]}, gold={0: 0})
    act(g, "gather", "cards")
    assert len(g.hands[0]) == 2 and g.decision.kind == ""


def test_library_and_observatory_together_draw_three_and_keep_two_r43():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: []}, cities={0: ["library", "observatory"]}, gold={0: 0})
    before = total_cards(g)
    act(g, "gather", "cards")
    assert len(g.turn.drawn) == 3
    act(g, "keep", g.legal_actions()[0].args[0])
    assert g.decision.kind == "keep"
    act(g, "keep", g.legal_actions()[0].args[0])
    assert len(g.hands[0]) == 2 and g.decision.kind == "" and total_cards(g) == before


def _graveyard_game():
    return mid_game(players=4, edition="classic", characters={1: "warlord"})


def _warlord_before_the_manor_and_the_graveyard():
    """The Warlord (seat 1) with 3 gold, having gathered, beside seat 2's Manor and seat 3's Graveyard with
    2 gold: nothing else in their hands and cities."""
    g = _graveyard_game()
    g = build(g, hands={1: []}, cities={1: []}, gold={1: 3})
    g = build(g, hands={2: []}, cities={2: ["manor"]}, gold={2: 0})
    g = build(g, hands={3: []}, cities={3: ["graveyard"]}, gold={3: 2})
    act(g, "gather", "gold")
    return g


def test_the_graveyard_owner_may_pay_one_gold_to_take_the_district_the_warlord_destroyed_r43():
    g = _warlord_before_the_manor_and_the_graveyard()
    act(g, "destroy", 2, "manor")
    assert g.pending() == (3, "graveyard")
    act(g, "graveyard", "take")
    assert g.hands[3] == [g.card_id("manor")] and g.gold[3] == 1
    assert g.turn.player != 1  # the Warlord's turn is over


def test_the_graveyard_is_not_usable_by_the_warlord_nor_on_itself_nor_without_gold_r43():
    g = _graveyard_game()
    g = build(g, hands={1: []}, cities={1: ["graveyard"]}, gold={1: 9})
    g = build(g, hands={2: []}, cities={2: ["manor"]}, gold={2: 0})
    act(g, "gather", "gold")
    act(g, "destroy", 2, "manor")
    assert g.decision.kind == "" and g.turn.player != 1
    g = _graveyard_game()
    g = build(g, hands={1: []}, cities={1: []}, gold={1: 9})
    g = build(g, hands={2: []}, cities={2: ["graveyard"]}, gold={2: 5})
    act(g, "gather", "gold")
    act(g, "destroy", 2, "graveyard")
    assert g.decision.kind == "" and g.hands[2] == []
    g = _graveyard_game()
    g = build(g, hands={1: []}, cities={1: []}, gold={1: 9})
    g = build(g, hands={2: []}, cities={2: ["manor"]}, gold={2: 0})
    g = build(g, hands={3: []}, cities={3: ["graveyard"]}, gold={3: 0})
    act(g, "gather", "gold")
    act(g, "destroy", 2, "manor")
    assert g.decision.kind == ""


def test_dragon_gate_and_university_cost_six_and_are_worth_eight():
    g = new_game(4, edition="classic")
    g = build(g, hands={0: []}, cities={0: ["dragon_gate", "university"]}, gold={0: 0})
    s = score_breakdown(g, 0)
    assert s["total"] == 16 and g.rules.edition.districts[g.card_id("university")].cost == 6


def test_the_school_of_magic_counts_as_the_income_colour():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: []}, cities={0: ["school_of_magic", "manor"]}, gold={0: 0})
    act(g, "income")
    assert g.gold[0] == 2


def test_the_lighthouse_lets_its_builder_take_any_card_from_the_deck_then_shuffles_it():
    g = mid_game(_game("lighthouse"), characters={0: "king"}, crown=0)
    g = build(g, hands={0: ["lighthouse"]}, cities={0: []}, gold={0: 3})
    act(g, "gather", "gold")
    act(g, "build", "lighthouse")
    assert g.pending() == (0, "lighthouse")
    assert Action("lighthouse", ("university",)) in g.legal_actions()
    deck_before = list(g.deck)
    act(g, "lighthouse", "university")
    assert g.hands[0] == [g.card_id("university")]
    assert Counter(deck_before) - Counter([g.card_id("university")]) == Counter(g.deck)
    assert any(e.kind == "lighthouse" for e in recorded_events(g))


def test_the_classic_armory_may_destroy_a_district_in_a_completed_city():
    g = mid_game(_game("armory"), characters={0: "king"}, crown=0)
    g = build(g, hands={0: []}, cities={0: ["armory"]}, gold={0: 0})
    g = build(
        g,
        hands={1: []},
        cities={1: ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace", "tavern"]},
        gold={1: 0},
    )
    act(g, "armory", 1, "palace")
    assert "palace" not in _keys(g, 1) and _keys(g, 0) == []


def test_the_museum_scores_one_per_card_under_it():
    g = mid_game(_game("museum"), characters={0: "king"}, crown=0)
    g = build(g, hands={0: ["temple", "manor"]}, cities={0: ["museum"]}, gold={0: 0})
    act(g, "museum", "temple")
    assert score_breakdown(g, 0)["uniques"]["museum"] == 1


def test_imperial_treasury_and_map_room_score_gold_and_cards():
    g = new_game(4, edition="classic", districts=purple_with("imperial_treasury", "map_room"))
    g = build(g, hands={0: ["temple", "manor"]}, cities={0: ["imperial_treasury", "map_room"]}, gold={0: 5})
    u = score_breakdown(g, 0)["uniques"]
    assert u == {"imperial_treasury": 5, "map_room": 2}
    assert g.rules.edition.districts[g.card_id("imperial_treasury")].cost == 4


def test_the_classic_wishing_well_scores_each_other_purple_district():
    g = _game("wishing_well")
    g = build(g, hands={0: []}, cities={0: ["wishing_well", "keep", "smithy", "manor"]}, gold={0: 0})
    assert score_breakdown(g, 0)["uniques"]["wishing_well"] == 2


def test_the_classic_quarry_allows_at_most_two_identical_districts_r43():
    g = mid_game(_game("quarry"), characters={0: "architect"}, crown=0)
    g = build(g, hands={0: ["temple", "temple"]}, cities={0: ["quarry", "temple"]}, gold={0: 10})
    act(g, "gather", "gold")
    assert Action("build", ("temple",)) in g.legal_actions()
    act(g, "build", "temple")
    assert Action("build", ("temple",)) not in g.legal_actions()


def test_the_poor_house_gives_one_gold_to_an_owner_without_gold_at_the_end_of_the_turn():
    g = mid_game(_game("poor_house"), characters={0: "king", 1: "bishop"}, crown=0)
    g = build(g, hands={0: ["palace"]}, cities={0: ["poor_house"]}, gold={0: 3})
    act(g, "gather", "gold")
    act(g, "build", "palace")
    act(g, "end")
    assert g.gold[0] == 1


def test_the_factory_lowers_the_cost_of_other_purple_districts():
    g = mid_game(_game("factory"), characters={0: "king"}, crown=0)
    g = build(g, hands={0: ["university"]}, cities={0: ["factory"]}, gold={0: 3})
    act(g, "gather", "gold")
    act(g, "build", "university")
    assert g.gold[0] == 0


def test_the_park_draws_two_cards_for_an_empty_hand_at_the_end_of_the_turn():
    g = mid_game(_game("park"), characters={0: "king", 1: "bishop"}, crown=0)
    g = build(g, hands={0: []}, cities={0: ["park"]}, gold={0: 0})
    act(g, "gather", "gold")
    act(g, "end")
    assert len(g.hands[0]) == 2


# ---------------------------------------------------------------- Bell Tower (R40)


def _bell(players=4):
    return mid_game(
        _game("bell_tower", players=players), characters={0: "king", 1: "bishop", 2: "warlord"}, crown=0
    )


SEVEN = ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace"]


def test_the_bell_tower_may_announce_the_seven_district_end_r40():
    g = _bell()
    g = build(g, hands={0: ["bell_tower"]}, cities={0: list(SEVEN[:5])}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    assert g.pending() == (0, "bell_tower")
    act(g, "bell_tower", "announce")
    assert g.complete_at == 7 and not g.last_round


def test_the_bell_tower_not_announced_keeps_the_eight_district_end():
    g = _bell()
    g = build(g, hands={0: ["bell_tower"]}, cities={0: []}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    act(g, "bell_tower", "silent")
    assert g.complete_at == 8


def test_the_bell_tower_gives_four_points_to_every_player_with_seven_districts_when_it_is_built():
    g = _bell()
    g = build(g, hands={0: ["bell_tower"]}, cities={0: list(SEVEN[:6])}, gold={0: 5})
    g = build(
        g,
        hands={3: []},
        cities={3: ["tavern", "market", "trading_post", "docks", "harbor", "town_hall", "watchtower"]},
        gold={3: 0},
    )
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")  # its owner's seventh district
    act(g, "bell_tower", "announce")
    assert g.last_round
    assert score_breakdown(g, 0)["completion"] == 4
    assert score_breakdown(g, 3)["completion"] == 4
    g = build(
        g,
        hands={1: []},
        cities={1: ["watchtower", "prison", "battlefield", "fortress", "market", "manor", "temple"]},
        gold={1: 0},
    )
    assert score_breakdown(g, 1)["completion"] == 2  # later completers get 2


def test_a_destroyed_bell_tower_returns_the_end_to_eight_districts():
    g = _bell()
    g = build(g, hands={0: ["bell_tower"]}, cities={0: []}, gold={0: 5})
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
    g = mid_game(
        new_game(4, edition="classic", districts=purple_with("bell_tower"), shorter=True),
        characters={0: "king"},
    )
    g = build(g, hands={0: ["bell_tower"]}, cities={0: []}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "bell_tower")
    assert g.decision.kind == "" and g.complete_at == 7


# ---------------------------------------------------------------- Hospital, Throne Room, Ball Room


def test_an_assassinated_hospital_owner_still_takes_an_action_but_cannot_build_or_use_the_power():
    g = mid_game(_game("hospital"), characters={0: "assassin", 1: "merchant"}, crown=0)
    g = build(g, hands={1: ["temple"]}, cities={1: ["hospital", "market"]}, gold={1: 5})
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    assert g.turn.player == 1 and legal_kinds(g) == {"gather"}
    act(g, "gather", "gold")
    assert legal_kinds(g) == {"end"}  # no build, no income, no bonus
    act(g, "end")
    assert g.gold[1] == 7 and not g.revealed[g.cast_index("merchant")]


def test_a_hospital_turn_still_offers_the_owners_purple_district_abilities():
    g = mid_game(_game("hospital"), characters={0: "assassin", 1: "merchant"}, crown=0)
    g = build(g, hands={1: ["temple"]}, cities={1: ["hospital", "laboratory"]}, gold={1: 0})
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    assert legal_kinds(g) == {"gather", "laboratory"}
    act(g, "laboratory", "temple")
    act(g, "gather", "gold")
    assert legal_kinds(g) == {"end"} and g.gold[1] == 3


def test_everyone_knows_the_card_the_graveyard_took():
    g = _warlord_before_the_manor_and_the_graveyard()
    act(g, "destroy", 2, "manor")
    act(g, "graveyard", "take")
    assert all(g.card_id("manor") in g.known[r][3] for r in (0, 1, 2))


def test_a_killed_player_without_the_hospital_misses_his_turn():
    g = mid_game(_game("hospital"), characters={0: "assassin", 1: "merchant", 2: "warlord"}, crown=0)
    act(g, "kill", "merchant")
    act(g, "gather", "gold")
    act(g, "end")
    assert g.turn.player == 2


def test_the_throne_room_gives_one_gold_whenever_the_crown_changes_hands():
    g = mid_game(_game("throne_room"), characters={0: "assassin", 2: "king"}, crown=0)
    g = build(g, hands={3: []}, cities={3: ["throne_room"]}, gold={3: 0})
    act(g, "gather", "gold")
    act(g, "end")
    assert g.crown == 2 and g.gold[3] == 1


def test_the_throne_room_gives_nothing_when_the_crown_stays():
    g = mid_game(_game("throne_room"), characters={0: "king"}, crown=0)
    g = build(g, hands={0: []}, cities={0: ["throne_room"]}, gold={0: 0})
    assert g.gold[0] == 0


def _ballroom():
    g = new_game(4, edition="classic", districts=purple_with("ball_room"))
    g = build(g, hands={0: []}, cities={0: ["ball_room"]}, gold={0: 0})
    return mid_game(g, characters={0: "assassin", 1: "bishop", 2: "merchant"}, crown=0)


def test_the_ball_room_owner_with_the_crown_is_thanked_first_r44():
    g = _ballroom()
    assert "thank" not in legal_kinds(g)  # not by himself
    act(g, "gather", "gold")
    act(g, "end")
    assert g.turn.player == 1 and g.legal_actions()[0] == Action("thank")
    act(g, "thank")
    assert "thank" not in legal_kinds(g)
    act(g, "gather", "gold")
    assert g.turn.player == 1


def test_a_player_who_forgets_to_thank_loses_the_rest_of_his_turn_r44():
    g = _ballroom()
    act(g, "gather", "gold")
    act(g, "end")
    gold = g.gold[1]
    act(g, "gather", "gold")
    assert g.turn.player == 2 and g.gold[1] == gold  # the action did not happen; the Merchant is called
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
    g = _warlord_before_the_manor_and_the_graveyard()
    before = total_cards(g)
    act(g, "destroy", 2, "manor")
    assert total_cards(g) == before
    act(g, "graveyard", "pass")
    assert g.deck[0] == g.card_id("manor") and g.gold[3] == 2 and total_cards(g) == before
