"""Patrician, Trader, Navigator, Scholar, Alchemist (2016 rulebook, Character Abilities in Detail)."""

from helpers import act, keys, legal, mid_game, turn_of

from citadels_core import IllegalAction
from citadels_core.terms import GATHER_GOLD

ARISTOCRATS = "ambitious_aristocrats"


def test_patrician_must_take_the_crown_when_revealed():
    g = mid_game(players=4, cast=ARISTOCRATS, characters={2: "patrician", 1: "thief"}, crown=0)
    act(g, "gather", "gold", seat=1)
    act(g, "end", seat=1)
    assert turn_of(g) == (2, "patrician")
    assert g.crown == 2


def test_patrician_gains_one_card_per_noble_district():
    g = mid_game(
        players=4, cast=ARISTOCRATS, characters={1: "patrician"}, cities={1: ["manor", "castle", "temple"]}
    )
    before = len(g.hands[1])
    act(g, "income", seat=1)
    assert len(g.hands[1]) == before + 2
    assert g.gold[1] == 2


def test_killed_patrician_heir_takes_the_crown_at_round_end():
    """RULINGS R5."""
    g = mid_game(
        players=4,
        cast=["assassin", "thief", "magician", "patrician", "bishop", "merchant", "architect", "warlord"],
        characters={0: "assassin", 3: "patrician"},
        crown=1,
    )
    act(g, "kill", "patrician", seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    assert g.round == 2 and g.crown == 3


def test_trader_trade_districts_do_not_count_toward_the_building_limit():
    g = mid_game(
        players=4,
        cast=ARISTOCRATS,
        characters={0: "trader"},
        gold=[20, 2, 2, 2],
        hands={0: ["tavern", "market", "docks", "manor", "castle"]},
    )
    act(g, "gather", "gold", seat=0)
    act(g, "build", "manor", seat=0)  # the one counted build
    act(g, "build", "tavern", seat=0)
    act(g, "build", "market", seat=0)
    act(g, "build", "docks", seat=0)
    assert {"tavern", "market", "docks", "manor"} <= set(keys(g, g.cities[0]))
    assert ("castle",) not in legal(g, "build")
    try:
        act(g, "build", "castle", seat=0)
        raise AssertionError("a second non-trade district was built")
    except IllegalAction as e:
        assert "limit" in str(e)


def test_trader_gains_one_gold_per_trade_district():
    g = mid_game(
        players=4,
        cast=ARISTOCRATS,
        characters={0: "trader"},
        gold=[0, 2, 2, 2],
        cities={0: ["tavern", "market", "manor"]},
    )
    act(g, "income", seat=0)
    assert g.gold[0] == 2


def test_navigator_gains_four_gold_or_four_cards_and_cannot_build():
    g = mid_game(
        players=4,
        cast="devious_dignitaries",
        characters={0: "navigator"},
        gold=[10, 2, 2, 2],
        hands={0: ["tavern"]},
    )
    act(g, "gather", "cards", seat=0)
    if g.decision.kind == "keep":
        act(g, "keep", g.card_keys(g.turn.drawn)[0], seat=0)
    assert legal(g, "build") == []
    hand = len(g.hands[0])
    act(g, "navigate", "cards", seat=0)
    assert len(g.hands[0]) == hand + 4
    assert legal(g, "navigate") == []  # once per turn
    try:
        act(g, "build", "tavern", seat=0)
        raise AssertionError("the Navigator built")
    except IllegalAction as e:
        assert "cannot build" in str(e)


def test_navigator_four_extra_gold_whatever_was_gathered():
    g = mid_game(players=4, cast="devious_dignitaries", characters={0: "navigator"}, gold=[0, 2, 2, 2])
    act(g, "navigate", "gold", seat=0)
    assert g.gold[0] == 4


def test_scholar_draws_seven_keeps_one_and_shuffles_the_rest_back():
    g = mid_game(players=4, cast="tenacious_delegates", characters={0: "scholar"})
    deck = len(g.deck)
    hand = list(g.hands[0])
    act(g, "study", seat=0)
    assert g.pending() == (0, "scholar_keep")
    choice = legal(g, "scholar_keep")[0][0]
    act(g, "scholar_keep", choice, seat=0)
    assert len(g.hands[0]) == len(hand) + 1 and choice in keys(g, g.hands[0])
    assert len(g.deck) == deck - 1
    assert legal(g, "study") == []


def test_scholar_building_limit_is_two():
    g = mid_game(
        players=4,
        cast="tenacious_delegates",
        characters={0: "scholar"},
        gold=[20, 2, 2, 2],
        hands={0: ["tavern", "manor", "temple"]},
    )
    act(g, "gather", "gold", seat=0)
    act(g, "build", "tavern", seat=0)
    act(g, "build", "manor", seat=0)
    assert legal(g, "build") == []


def test_alchemist_gets_back_gold_paid_to_build_at_end_of_turn():
    g = mid_game(
        players=4,
        cast="devious_dignitaries",
        characters={0: "alchemist"},
        gold=[5, 2, 2, 2],
        hands={0: ["palace"]},
        cities={0: []},
    )
    act(g, "gather", "gold", seat=0)  # 7
    act(g, "build", "palace", seat=0)  # 2 left
    assert g.gold[0] == 2
    act(g, "end", seat=0)
    assert g.gold[0] == 7


def test_alchemist_does_not_get_back_gold_paid_for_other_reasons():
    g = mid_game(
        players=4,
        cast=["assassin", "thief", "magician", "king", "bishop", "alchemist", "architect", "warlord"],
        characters={0: "alchemist"},
        gold=[6, 2, 2, 2],
        hands={0: ["tavern"]},
        cities={0: ["smithy"]},
    )
    act(g, "gather", "gold", seat=0)  # 8
    act(g, "smithy", seat=0)  # 6
    act(g, "build", "tavern", seat=0)  # 5
    act(g, "end", seat=0)
    assert g.gold[0] == 6  # the tavern's 1 gold back, not the Smithy's 2


def test_gather_gold_is_only_once():
    g = mid_game(players=4, cast=ARISTOCRATS, characters={0: "trader"})
    act(g, "gather", "gold", seat=0)
    assert GATHER_GOLD not in g.legal_actions()


def test_scholar_cards_are_hidden_from_other_players_redeal():
    """RULINGS R2: a re-deal for another player does not keep the Scholar's secret draw."""
    from citadels_core.redeal import redeal
    from citadels_core.rng import Rng

    g = mid_game(players=4, cast="tenacious_delegates", characters={0: "scholar"})
    act(g, "study", seat=0)
    seen = set()
    for s in range(20):
        h = redeal(g, 1, Rng(s))
        assert sorted(h.decision.data + h.deck + [c for q in range(4) for c in h.hands[q]]) == sorted(
            g.decision.data + g.deck + [c for q in range(4) for c in g.hands[q]]
        )
        seen.add(tuple(h.decision.data))
    assert len(seen) > 1
    assert redeal(g, 0, Rng(3)).decision.data == g.decision.data
