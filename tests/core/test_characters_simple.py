"""Patrician, Trader, Navigator, Scholar, Alchemist (2016 rulebook, Character Abilities in Detail)."""

from chars_table import act, keys, legal, table, turn_of

from citadels_core import IllegalAction
from citadels_core.terms import GATHER_GOLD

ARISTOCRATS = "ambitious_aristocrats"


def test_patrician_must_take_the_crown_when_revealed():
    g = table(ARISTOCRATS, 4, {"patrician": 2, "thief": 1}, crown=0)
    act(g, 1, "gather", "gold")
    act(g, 1, "end")
    assert turn_of(g) == (2, "patrician")
    assert g.crown == 2


def test_patrician_gains_one_card_per_noble_district():
    g = table(ARISTOCRATS, 4, {"patrician": 1}, cities={1: ["manor", "castle", "temple"]})
    before = len(g.hands[1])
    act(g, 1, "income")
    assert len(g.hands[1]) == before + 2
    assert g.gold[1] == 2


def test_killed_patrician_heir_takes_the_crown_at_round_end():
    """RULINGS R5."""
    g = table(
        ["assassin", "thief", "magician", "patrician", "bishop", "merchant", "architect", "warlord"],
        4,
        {"assassin": 0, "patrician": 3},
        crown=1,
    )
    act(g, 0, "kill", "patrician")
    act(g, 0, "gather", "gold")
    act(g, 0, "end")
    assert g.round == 2 and g.crown == 3


def test_trader_trade_districts_do_not_count_toward_the_building_limit():
    g = table(
        ARISTOCRATS,
        4,
        {"trader": 0},
        gold=[20, 2, 2, 2],
        hands={0: ["tavern", "market", "docks", "manor", "castle"]},
    )
    act(g, 0, "gather", "gold")
    act(g, 0, "build", "manor")  # the one counted build
    act(g, 0, "build", "tavern")
    act(g, 0, "build", "market")
    act(g, 0, "build", "docks")
    assert {"tavern", "market", "docks", "manor"} <= set(keys(g, g.cities[0]))
    assert ("castle",) not in legal(g, "build")
    try:
        act(g, 0, "build", "castle")
        raise AssertionError("a second non-trade district was built")
    except IllegalAction as e:
        assert "limit" in str(e)


def test_trader_gains_one_gold_per_trade_district():
    g = table(ARISTOCRATS, 4, {"trader": 0}, gold=[0, 2, 2, 2], cities={0: ["tavern", "market", "manor"]})
    act(g, 0, "income")
    assert g.gold[0] == 2


def test_navigator_gains_four_gold_or_four_cards_and_cannot_build():
    g = table("devious_dignitaries", 4, {"navigator": 0}, gold=[10, 2, 2, 2], hands={0: ["tavern"]})
    act(g, 0, "gather", "cards")
    if g.follow_up == "keep":
        act(g, 0, "keep", g.card_keys(g.drawn)[0])
    assert legal(g, "build") == []
    hand = len(g.hands[0])
    act(g, 0, "navigate", "cards")
    assert len(g.hands[0]) == hand + 4
    assert legal(g, "navigate") == []  # once per turn
    try:
        act(g, 0, "build", "tavern")
        raise AssertionError("the Navigator built")
    except IllegalAction as e:
        assert "cannot build" in str(e)


def test_navigator_four_extra_gold_whatever_was_gathered():
    g = table("devious_dignitaries", 4, {"navigator": 0}, gold=[0, 2, 2, 2])
    act(g, 0, "navigate", "gold")
    assert g.gold[0] == 4


def test_scholar_draws_seven_keeps_one_and_shuffles_the_rest_back():
    g = table("tenacious_delegates", 4, {"scholar": 0})
    deck = len(g.deck)
    hand = list(g.hands[0])
    act(g, 0, "study")
    assert g.pending() == (0, "scholar_keep")
    choice = legal(g, "scholar_keep")[0][0]
    act(g, 0, "scholar_keep", choice)
    assert len(g.hands[0]) == len(hand) + 1 and choice in keys(g, g.hands[0])
    assert len(g.deck) == deck - 1
    assert legal(g, "study") == []


def test_scholar_building_limit_is_two():
    g = table(
        "tenacious_delegates", 4, {"scholar": 0}, gold=[20, 2, 2, 2], hands={0: ["tavern", "manor", "temple"]}
    )
    act(g, 0, "gather", "gold")
    act(g, 0, "build", "tavern")
    act(g, 0, "build", "manor")
    assert legal(g, "build") == []


def test_alchemist_gets_back_gold_paid_to_build_at_end_of_turn():
    g = table(
        "devious_dignitaries", 4, {"alchemist": 0}, gold=[5, 2, 2, 2], hands={0: ["palace"]}, cities={0: []}
    )
    act(g, 0, "gather", "gold")  # 7
    act(g, 0, "build", "palace")  # 2 left
    assert g.gold[0] == 2
    act(g, 0, "end")
    assert g.gold[0] == 7


def test_alchemist_does_not_get_back_gold_paid_for_other_reasons():
    g = table(
        ["assassin", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord"],
        4,
        {"alchemist": 0},
        gold=[6, 2, 2, 2],
        hands={0: ["tavern"]},
        cities={0: ["smithy"]},
    )
    act(g, 0, "gather", "gold")  # 8
    act(g, 0, "smithy")  # 6
    act(g, 0, "build", "tavern")  # 5
    act(g, 0, "end")
    assert g.gold[0] == 6  # the tavern's 1 gold back, not the Smithy's 2


def test_gather_gold_is_only_once():
    g = table(ARISTOCRATS, 4, {"trader": 0})
    act(g, 0, "gather", "gold")
    assert GATHER_GOLD not in g.legal_actions()


def test_scholar_cards_are_hidden_from_other_players_redeal():
    """RULINGS R2: a re-deal for another player does not keep the Scholar's secret draw."""
    from citadels_core.redeal import redeal
    from citadels_core.rng import Rng

    g = table("tenacious_delegates", 4, {"scholar": 0})
    act(g, 0, "study")
    seen = set()
    for s in range(20):
        h = redeal(g, 1, Rng(s))
        assert sorted(h.follow_up_data + h.deck + [c for q in range(4) for c in h.hands[q]]) == sorted(
            g.follow_up_data + g.deck + [c for q in range(4) for c in g.hands[q]]
        )
        seen.add(tuple(h.follow_up_data))
    assert len(seen) > 1
    assert redeal(g, 0, Rng(3)).follow_up_data == g.follow_up_data
