"""The classic characters (001_374172512b2ff6bd.txt "The Characters" and "Bonus Characters"; CARDS.md B5;
RULINGS R41, R42): each rule sentence in a scenario."""

from classic_helpers import cast_with, classic_turns, purple_with
from helpers import act, build, legal_kinds, mid_game, new_game, recorded_events

from citadels_core import Action


def _cur(g):
    return g.character_key(g.current_character)


def test_the_assassin_kills_and_the_killed_character_misses_his_whole_turn():
    g = mid_game(
        players=4, edition="classic", characters={0: "assassin", 1: "king", 2: "bishop", 3: "warlord"}
    )
    act(g, "kill", "king")
    act(g, "gather", "gold")
    act(g, "end")
    assert _cur(g) == "bishop" and g.turn.player == 2


def test_the_classic_thief_cannot_rob_the_assassin_or_the_assassins_victim_r41():
    g = mid_game(players=4, edition="classic", characters={0: "assassin", 1: "thief", 2: "king", 3: "bishop"})
    act(g, "kill", "king")
    act(g, "gather", "gold")
    act(g, "end")
    targets = {a.args[0] for a in g.legal_actions() if a.kind == "rob"}
    assert "assassin" not in targets and "king" not in targets and "bishop" in targets


def test_the_thief_cannot_rob_the_witch_or_the_bewitched_character_r41():
    g = classic_turns("witch", characters={0: "witch", 1: "thief", 2: "king", 3: "bishop"})
    act(g, "gather", "gold")
    act(g, "bewitch", "bishop")
    targets = {a.args[0] for a in g.legal_actions() if a.kind == "rob"}
    assert "witch" not in targets and "bishop" not in targets and "king" in targets


def test_the_witch_resumes_the_bewitched_turn_in_her_own_city():
    g = classic_turns("witch", characters={0: "witch", 1: "thief", 2: "merchant"})
    act(g, "gather", "gold")
    act(g, "bewitch", "merchant")
    act(g, "gather", "gold")  # the thief
    act(g, "end")
    act(g, "gather", "gold")  # the bewitched merchant's player only gathers
    assert g.turn.player == 0 and _cur(g) == "merchant"
    gold = g.gold[0]
    act(g, "bonus")
    assert g.gold[0] == gold + 1


def _tax_game(**kw):
    return new_game(4, edition="classic", cast=cast_with("tax_collector"), **kw)


def test_a_player_who_builds_gives_the_tax_collector_1_gold_at_the_end_of_his_turn():
    g = mid_game(_tax_game(), characters={0: "tax_collector", 1: "king", 2: "bishop", 3: "warlord"}, crown=0)
    act(g, "gather", "gold")
    act(g, "end")
    g = build(g, hands={1: ["temple", "tavern"]}, cities={1: []}, gold={1: 4})
    act(g, "gather", "gold")
    act(g, "build", "temple")
    assert g.gold[0] == 4  # paid at the end of the turn, not at the build
    act(g, "end")
    assert g.gold[0] == 5 and g.gold[1] == 4


def test_a_builder_with_no_gold_left_pays_nothing_and_a_non_builder_pays_nothing():
    g = mid_game(_tax_game(), characters={0: "tax_collector", 1: "king", 2: "bishop", 3: "warlord"}, crown=0)
    act(g, "gather", "gold")
    act(g, "end")
    g = build(g, hands={1: ["palace"]}, cities={1: []}, gold={1: 3})
    act(g, "gather", "gold")
    act(g, "build", "palace")
    act(g, "end")
    assert g.gold[1] == 0 and g.gold[0] == 4
    g = build(g, hands={2: ["palace"]}, cities={2: []}, gold={2: 1})
    act(g, "gather", "gold")
    act(g, "end")
    assert g.gold[2] == 3 and g.gold[0] == 4


def test_the_assassin_who_built_pays_the_tax_collector_when_he_is_revealed():
    g = mid_game(
        _tax_game(), characters={0: "assassin", 1: "tax_collector", 2: "bishop", 3: "warlord"}, crown=0
    )
    g = build(g, hands={0: ["temple"]}, cities={0: []}, gold={0: 3})
    act(g, "gather", "gold")
    act(g, "build", "temple")
    n_events = len(recorded_events(g))
    act(g, "end")
    # The Tax Collector is revealed right after: the Assassin's player pays then, retroactively.
    assert g.turn.player == 1 and g.gold[1] == 3 and g.gold[0] == 3
    kinds_now = [e.kind for e in recorded_events(g)[n_events:]]
    assert kinds_now.index("pay_tax") > kinds_now.index("call")


def test_the_tax_collectors_own_builds_are_not_taxed():
    g = mid_game(_tax_game(), characters={0: "tax_collector", 1: "king", 2: "bishop", 3: "warlord"}, crown=0)
    g = build(g, hands={0: ["temple"]}, cities={0: []}, gold={0: 3})
    act(g, "gather", "gold")
    act(g, "build", "temple")
    act(g, "end")
    assert g.gold[0] == 4


def test_the_classic_wizard_takes_a_card_and_builds_it_outside_his_limit_and_builds_duplicates():
    g = classic_turns("wizard", characters={0: "wizard", 1: "king", 2: "bishop", 3: "warlord"})
    g = build(g, hands={0: ["temple"]}, cities={0: ["temple"]}, gold={0: 10})
    g = build(g, hands={1: ["manor"]}, cities={1: []}, gold={1: 0})
    act(g, "gather", "gold")
    act(g, "wizard", 1)
    act(g, "wizard_build", "manor")
    assert "build" in legal_kinds(g)
    act(g, "build", "temple")  # a duplicate, and still within his one build
    assert [g.rules.edition.districts[c].key for c in g.cities[0]].count("temple") == 2


def test_the_king_takes_the_crown_and_gains_gold_for_noble_districts():
    g = mid_game(players=4, edition="classic", characters={0: "assassin", 2: "king", 3: "bishop"})
    act(g, "gather", "gold")
    act(g, "end")
    g = build(g, hands={2: []}, cities={2: ["manor", "castle"]}, gold={2: 0})
    assert g.crown == 2
    act(g, "income")
    assert g.gold[2] == 2


def _emperor_game():
    return classic_turns("emperor", characters={0: "assassin", 1: "emperor", 2: "bishop", 3: "warlord"})


def test_the_emperor_gives_the_crown_and_the_new_holder_chooses_gold_or_a_card():
    g = _emperor_game()
    act(g, "gather", "gold")
    act(g, "end")
    g = build(g, hands={2: ["tavern"]}, cities={2: []}, gold={2: 3})
    assert "end" not in legal_kinds(g)  # he must move the crown
    act(g, "emperor", 2)
    assert g.crown == 2 and g.pending() == (2, "emperor_give")
    assert {a.args[0] for a in g.legal_actions()} == {"gold", "tavern"}
    act(g, "emperor_give", "tavern")
    assert g.card_id("tavern") in g.hands[1] and g.hands[2] == []


def test_the_emperor_cannot_keep_the_crown_nor_give_it_to_its_holder():
    g = _emperor_game()
    act(g, "gather", "gold")
    act(g, "end")
    assert {a.args[0] for a in g.legal_actions() if a.kind == "emperor"} == {2, 3}


def test_a_murdered_emperor_leaves_the_crown_where_it_is():
    g = _emperor_game()
    act(g, "kill", "emperor")
    act(g, "gather", "gold")
    act(g, "end")
    while g.phase == "turn":
        if "gather" in legal_kinds(g):
            act(g, "gather", "gold")
        act(g, "end")
    assert g.crown == 0 and g.phase == "select"


def test_the_bishops_districts_cannot_be_destroyed_by_the_warlord():
    g = mid_game(players=4, edition="classic", characters={0: "bishop", 1: "warlord"})
    g = build(g, hands={0: []}, cities={0: ["temple"]}, gold={0: 0})
    g = build(g, hands={2: []}, cities={2: ["tavern"]}, gold={2: 0})
    act(g, "gather", "gold")
    act(g, "end")
    act(g, "gather", "gold")
    targets = {a.args[0] for a in g.legal_actions() if a.kind == "destroy"}
    assert 0 not in targets and 2 in targets


def test_the_classic_abbot_takes_gold_only_and_the_single_richest_gives_him_1():
    g = classic_turns("abbot", characters={0: "abbot", 1: "warlord"})
    g = build(g, hands={0: []}, cities={0: ["temple", "church"]}, gold={0: 0})
    g = build(g, gold={1: 5, 2: 2, 3: 2})
    act(g, "gather", "cards")
    if g.decision.kind == "keep":
        act(g, "keep", g.legal_actions()[0].args[0])
    act(g, "income")
    assert g.gold[0] == 2 and g.decision.kind == ""  # gold, no cards choice
    act(g, "alms", 1)
    assert g.gold[0] == 3 and g.gold[1] == 4


def test_the_abbot_gets_nothing_on_a_tie_for_the_most_gold_or_when_he_is_richest():
    g = classic_turns("abbot", characters={0: "abbot"})
    g = build(g, gold=[0, 5, 5, 1])
    act(g, "gather", "gold")
    assert "alms" not in legal_kinds(g)
    g = build(g, gold=[9, 5, 5, 1])
    assert "alms" not in legal_kinds(g)


def test_the_merchant_gains_one_more_gold():
    g = mid_game(players=4, edition="classic", characters={0: "merchant"})
    act(g, "gather", "gold")
    gold = g.gold[0]
    act(g, "bonus")
    assert g.gold[0] == gold + 1


def test_the_alchemist_gets_back_the_gold_he_paid_to_build_but_not_the_tax():
    g = classic_turns("tax_collector", "alchemist", characters={0: "tax_collector", 1: "alchemist"})
    act(g, "gather", "gold")
    act(g, "end")
    g = build(g, hands={1: ["palace"]}, cities={1: []}, gold={1: 3})
    act(g, "gather", "gold")
    act(g, "build", "palace")
    act(g, "end")
    # 5 back from the build, then 1 to the Tax Collector.
    assert g.gold[1] == 4 and g.gold[0] == 5


def test_the_architect_draws_two_more_and_builds_up_to_three():
    g = mid_game(players=4, edition="classic", characters={0: "architect"})
    g = build(g, hands={0: ["temple", "tavern", "prison", "manor"]}, cities={0: []}, gold={0: 20})
    act(g, "gather", "gold")
    act(g, "bonus")
    assert len(g.hands[0]) == 6
    for k in ("temple", "tavern", "prison"):
        act(g, "build", k)
    assert "build" not in legal_kinds(g)


def test_the_navigator_gains_four_gold_or_cards_and_cannot_build():
    g = classic_turns("navigator", characters={0: "navigator"})
    g = build(g, hands={0: ["temple"]}, cities={0: []}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "navigate", "gold")
    assert g.gold[0] == 11 and "build" not in legal_kinds(g)


def _warlord_game(**kw):
    return mid_game(new_game(4, edition="classic", **kw), characters={1: "warlord"})


def test_the_classic_warlord_destroys_at_the_end_of_his_turn_r41():
    g = _warlord_game()
    g = build(g, hands={1: ["temple"]}, cities={1: []}, gold={1: 5})
    g = build(g, hands={2: []}, cities={2: ["tavern", "manor"]}, gold={2: 0})
    assert "destroy" not in legal_kinds(g)  # not before his action
    act(g, "gather", "gold")
    assert "destroy" in legal_kinds(g)
    act(g, "destroy", 2, "manor")
    # Destroying is the last act of his turn: it is over.
    assert (
        g.gold[1] == 5
        and g.turn.player != 1
        and [g.rules.edition.districts[c].key for c in g.cities[2]] == ["tavern"]
    )


def test_the_warlord_cannot_destroy_the_keep_or_in_a_completed_city_of_eight():
    g = _warlord_game()
    g = build(g, hands={1: []}, cities={1: []}, gold={1: 20})
    g = build(g, hands={2: []}, cities={2: ["keep", "tavern"]}, gold={2: 0})
    g = build(
        g,
        hands={3: []},
        cities={3: ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace", "tavern"]},
        gold={3: 0},
    )
    act(g, "gather", "gold")
    targets = {(a.args[0], a.args[1]) for a in g.legal_actions() if a.kind == "destroy"}
    assert (2, "tavern") in targets and (2, "keep") not in targets
    assert not any(q == 3 for q, _ in targets)


def test_the_great_wall_makes_the_warlord_pay_one_more():
    g = _warlord_game()
    g = build(g, hands={1: []}, cities={1: []}, gold={1: 1})
    g = build(g, hands={2: []}, cities={2: ["great_wall", "manor", "castle"]}, gold={2: 0})
    act(g, "gather", "gold")
    targets = {a.args[1] for a in g.legal_actions() if a.kind == "destroy" and a.args[0] == 2}
    assert targets == {"manor"}  # 3 gold: Manor 3 - 1 + 1 = 3, Castle 4, the Great Wall itself 5


def _diplomat_game():
    return classic_turns("diplomat", characters={0: "bishop", 1: "diplomat"})


def test_the_classic_diplomat_exchanges_at_the_end_of_his_turn_paying_the_difference_r42():
    g = _diplomat_game()
    g = build(g, hands={1: []}, cities={1: ["tavern"]}, gold={1: 3})
    g = build(g, hands={2: []}, cities={2: ["castle"]}, gold={2: 0})
    act(g, "gather", "gold")
    act(g, "end")
    assert "exchange" not in legal_kinds(g)
    act(g, "gather", "gold")
    act(g, "exchange", 2, "castle", "tavern")
    assert g.gold[1] == 2 and g.gold[2] == 3 and g.turn.player != 1


def test_the_diplomat_cannot_take_the_keep_the_bishops_districts_or_from_a_completed_city_r42():
    g = _diplomat_game()
    g = build(g, hands={0: []}, cities={0: ["castle"]}, gold={0: 0})
    g = build(g, hands={1: []}, cities={1: ["tavern"]}, gold={1: 10})
    g = build(g, hands={2: []}, cities={2: ["keep", "manor"]}, gold={2: 0})
    g = build(
        g,
        hands={3: []},
        cities={3: ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace", "market"]},
        gold={3: 0},
    )
    act(g, "gather", "gold")
    act(g, "end")
    act(g, "gather", "gold")
    took = {(a.args[0], a.args[1]) for a in g.legal_actions() if a.kind == "exchange"}
    assert took == {(2, "manor")}


def test_the_great_wall_does_not_raise_the_classic_diplomats_price():
    g = _diplomat_game()
    g = build(g, hands={1: []}, cities={1: ["tavern"]}, gold={1: 2})
    g = build(g, hands={2: []}, cities={2: ["great_wall", "monastery"]}, gold={2: 0})
    act(g, "gather", "gold")
    act(g, "end")
    g = build(g, gold={1: 2})
    act(g, "gather", "gold")
    g = build(g, gold={1: 2})
    assert Action("exchange", (2, "monastery", "tavern")) in g.legal_actions()


def test_the_artist_beautifies_up_to_two_districts_each_worth_one_more():
    g = mid_game(players=4, edition="classic", cast=cast_with(rank9="artist"), characters={0: "artist"})
    g = build(g, hands={0: []}, cities={0: ["temple", "tavern", "manor"]}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "beautify", "temple")
    act(g, "beautify", "tavern")
    assert "beautify" not in legal_kinds(g) and g.gold[0] == 5
    assert sum(g.entry_cost(e) for e in g.cities[0]) == 7


def test_the_queen_next_to_the_king_gains_three_gold():
    g = mid_game(
        players=5,
        edition="classic",
        cast=cast_with(rank9="queen"),
        characters={0: "king", 1: "queen", 3: "bishop"},
    )
    act(g, "gather", "gold")
    act(g, "end")
    act(g, "gather", "gold")
    act(g, "end")
    assert "queen" in legal_kinds(g)
    act(g, "queen")
    assert g.gold[1] == 5


def test_the_magician_exchanges_hands():
    g = mid_game(players=4, edition="classic", characters={0: "magician"})
    g = build(g, hands={0: ["temple"]}, cities={0: []}, gold={0: 0})
    g = build(g, hands={2: ["manor", "castle"]}, cities={2: []}, gold={2: 0})
    act(g, "swap_hands", 2)
    assert len(g.hands[0]) == 2 and len(g.hands[2]) == 1


def test_purple_with_is_legal():
    # The helper the district tests use always gives a legal classic configuration.
    from citadels_core import GameConfig

    for bonus in (("park",), ("park", "museum", "quarry", "armory", "hospital")):
        GameConfig.create(4, "classic_basic", purple_with(*bonus), edition="classic")
