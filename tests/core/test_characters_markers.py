"""Magistrate and Blackmailer: face-down markers (2016 rulebook; RULINGS R2, R11, R17, R18, R21, R26, R32)."""

import pytest
from helpers import MAGISTRATE_CAST, act, build, held_by, keys, legal, mid_game, turn_of, warrants_then_build

from citadels_core import IllegalAction
from citadels_core.terms import END, GATHER_CARDS, GATHER_GOLD
from citadels_core.view import view

BM_CAST = ["witch", "blackmailer", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def magistrate_table(holders, **kw):
    characters = held_by({"magistrate": 0, **holders})
    return mid_game(players=kw.pop("players", 4), cast=MAGISTRATE_CAST, characters=characters, **kw)


# ---------------------------------------------------------------- Magistrate


def test_magistrate_assigns_three_warrants_to_three_other_characters_one_signed():
    g = magistrate_table({"king": 1}, players=4)
    acts = legal(g, "warrants")
    assert acts and all(len(set(a)) == 3 and "magistrate" not in a for a in acts)
    act(g, "warrants", "king", "bishop", "architect", seat=0)
    assert legal(g, "warrants") == []
    mine, other = view(g, 0), view(g, 1)
    assert mine.warrants == other.warrants == ("king", "bishop", "architect")
    assert mine.signed_warrant == "king" and other.signed_warrant is None


def test_warrants_never_go_on_face_up_characters():
    """RULINGS R26."""
    g = magistrate_table({"king": 1}, faceup=["bishop"])
    assert all("bishop" not in a for a in legal(g, "warrants"))


def test_signed_target_first_paid_build_is_confiscated_with_all_gold_back():
    g = magistrate_table({"king": 1}, gold=[0, 5, 2, 2], hands={1: ["palace", "tavern"]})
    warrants_then_build(g, ("king", "bishop", "architect"), "palace")  # the King had 7 gold to build with
    assert g.pending() == (0, "warrant")
    assert g.gold[1] == 2 and "palace" not in keys(g, g.cities[1])
    act(g, "confiscate", seat=0)
    assert keys(g, g.cities[0]) == ["palace"] and g.cities[1] == []
    assert g.gold[1] == 7  # all 5 gold back, and no tax for the target
    assert view(g, 2).signed_warrant == "king"
    # It still counts toward the building limit.
    assert legal(g, "build") == [] and turn_of(g) == (1, "king")


def test_magistrate_pays_the_tax_on_a_confiscated_district():
    """RULINGS R17, R21."""
    g = magistrate_table({"king": 1}, gold=[0, 5, 2, 2], hands={1: ["palace"]})
    warrants_then_build(g, ("king", "bishop", "architect"), "palace")  # the Magistrate has 2 gold by then
    act(g, "confiscate", seat=0)
    assert g.gold[0] == 1 and g.tax == 1
    assert g.gold[1] == 7


def test_magistrate_letting_the_build_through_places_it_and_the_builder_pays_the_tax():
    g = magistrate_table({"king": 1}, gold=[0, 5, 2, 2], hands={1: ["palace"]})
    warrants_then_build(g, ("king", "bishop", "architect"), "palace")
    act(g, "let_build", seat=0)
    assert keys(g, g.cities[1]) == ["palace"] and g.gold[1] == 1 and g.tax == 1


def test_unsigned_warrant_is_asked_too_but_cannot_confiscate():
    """The question must not tell the table which warrant is signed (RULINGS R2)."""
    g = magistrate_table({"king": 1}, gold=[0, 5, 2, 2], hands={1: ["palace"]})
    warrants_then_build(g, ("bishop", "king", "architect"), "palace")
    assert g.pending() == (0, "warrant")
    assert [a.kind for a in g.legal_actions()] == ["let_build"]


def test_only_the_first_district_paid_for_can_be_confiscated():
    g = magistrate_table({"architect": 1}, gold=[0, 9, 2, 2], hands={1: ["tavern", "temple", "manor"]})
    warrants_then_build(g, ("architect", "king", "bishop"), "tavern")
    act(g, "let_build", seat=0)
    act(g, "build", "temple", seat=1)
    assert g.pending() == (1, "turn")
    assert keys(g, g.cities[1]) == ["tavern", "temple"]


def test_magistrate_cannot_confiscate_a_district_he_already_has():
    g = magistrate_table({"king": 1}, gold=[0, 5, 2, 2], hands={1: ["palace"]}, cities={0: ["palace"]})
    warrants_then_build(g, ("king", "bishop", "architect"), "palace")
    assert [a.kind for a in g.legal_actions()] == ["let_build"]


def test_wizard_immediate_build_is_a_paid_build_that_can_be_confiscated():
    """RULINGS R32: and the Wizard can still build after it."""
    g = magistrate_table({"wizard": 1}, gold=[0, 9, 2, 2], hands={1: ["tavern"], 2: ["palace"]})
    act(g, "warrants", "wizard", "king", "bishop", seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    act(g, "wizard", 2, seat=1)
    act(g, "wizard_build", "palace", seat=1)
    assert g.pending() == (0, "warrant")
    act(g, "confiscate", seat=0)
    assert keys(g, g.cities[0]) == ["palace"] and g.gold[1] == 9
    act(g, "gather", "gold", seat=1)
    act(g, "build", "tavern", seat=1)
    assert keys(g, g.cities[1]) == ["tavern"]


def test_confiscated_completing_district_does_not_complete_the_target():
    """RULINGS R11."""
    six = ["manor", "castle", "temple", "church", "monastery", "cathedral"]
    g = magistrate_table({"king": 1}, gold=[0, 5, 2, 2], hands={1: ["palace"]}, cities={1: six})
    warrants_then_build(g, ("king", "bishop", "architect"), "palace")
    act(g, "confiscate", seat=0)
    assert g.first_complete == -1 and not g.last_round


def test_confiscated_alchemist_gets_his_gold_back_only_once():
    g = magistrate_table({"alchemist": 1}, gold=[0, 3, 2, 2], hands={1: ["palace"]})
    warrants_then_build(g, ("alchemist", "king", "bishop"), "palace")
    act(g, "confiscate", seat=0)
    act(g, "end", seat=1)
    assert g.gold[1] == 5


def test_confiscated_thieves_den_returns_only_the_gold():
    """RULINGS R17."""
    g = magistrate_table({"king": 1}, gold=[0, 2, 2, 2], hands={1: ["thieves_den", "tavern", "temple"]})
    # Gathering gives the King 4 gold: with 2 cards, the Den's 6.
    warrants_then_build(g, ("king", "bishop", "architect"), "thieves_den")
    act(g, "pay_card", "tavern", seat=1)
    act(g, "pay_card", "temple", seat=1)
    act(g, "pay_gold", seat=1)
    act(g, "confiscate", seat=0)
    assert keys(g, g.cities[0]) == ["thieves_den"]
    assert g.gold[1] == 4 and g.hands[1] == []


# ---------------------------------------------------------------- Blackmailer


def bm_table(holders, **kw):
    characters = held_by({"blackmailer": 0, **holders})
    return mid_game(players=kw.pop("players", 4), cast=BM_CAST, characters=characters, **kw)


def test_threats_only_on_characters_not_yet_called_not_rank_1_not_bewitched():
    """RULINGS R18, R26."""
    g = bm_table({"witch": 1, "king": 2, "merchant": 3})
    act(g, "gather", "gold", seat=1)
    act(g, "bewitch", "king", seat=1)
    assert turn_of(g) == (0, "blackmailer")
    targets = {k for a in legal(g, "threaten") for k in a}
    assert targets == {"magician", "bishop", "merchant", "architect", "warlord"}


def test_thief_cannot_rob_rank_1_the_killed_or_the_bewitched_character():
    """RULINGS R12."""
    g = mid_game(
        players=4,
        cast=["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"],
        characters={1: "witch", 0: "thief", 2: "king"},
    )
    act(g, "gather", "gold", seat=1)
    act(g, "bewitch", "king", seat=1)
    targets = {a[0] for a in legal(g, "rob")}
    assert targets == {"magician", "bishop", "merchant", "architect", "warlord"}


def threatened(gold=5, flower="merchant", other="architect"):
    g = bm_table({"merchant": 1, "architect": 2}, gold=[0, gold, 2, 2])
    act(g, "threaten", flower, other, seat=0)
    act(g, "gather", "gold", seat=0)
    act(g, "end", seat=0)
    assert turn_of(g) == (1, "merchant")
    return g


def test_threatened_player_must_first_gather_resources():
    g = threatened()
    assert set(g.legal_actions()) == {GATHER_GOLD, GATHER_CARDS}
    with pytest.raises(IllegalAction, match="First gather resources"):
        act(g, "bonus", seat=1)


def test_threatened_player_may_bribe_with_half_his_gold_rounded_down():
    g = threatened(gold=5)
    act(g, "gather", "gold", seat=1)  # 7
    assert g.pending() == (1, "bribe")
    act(g, "bribe", seat=1)
    assert g.gold[:2] == [2 + 3, 4]
    assert g.pending() == (1, "turn") and view(g, 3).threats == ("architect",)


def test_threatened_player_with_one_gold_bribes_with_zero():
    """RULINGS R18."""
    g = threatened(gold=0)
    g = build(g, gold={1: 1})
    act(g, "gather", "cards", seat=1)
    act(g, "keep", g.card_keys(g.turn.drawn)[0], seat=1)
    act(g, "bribe", seat=1)
    assert g.gold[1] == 1


def test_refused_flowered_threat_revealed_takes_all_gold():
    g = threatened(gold=5)
    act(g, "gather", "gold", seat=1)
    act(g, "refuse_bribe", seat=1)
    assert g.pending() == (0, "reveal_threat")
    act(g, "reveal_threat", seat=0)
    assert g.gold[:2] == [2 + 7, 0]
    assert view(g, 3).flowered_threat == "merchant"
    assert END in g.legal_actions() and g.turn.player == 1


def test_refused_unflowered_threat_revealed_takes_nothing():
    g = threatened(gold=5, flower="architect", other="merchant")
    act(g, "gather", "gold", seat=1)
    act(g, "refuse_bribe", seat=1)
    act(g, "reveal_threat", seat=0)
    assert g.gold[:2] == [2, 7]
    assert view(g, 3).revealed_threats == ("merchant",) and view(g, 3).flowered_threat is None


def test_only_the_blackmailer_sees_which_threat_has_the_flower():
    g = threatened()
    assert view(g, 0).flowered_threat == "merchant"
    assert view(g, 1).flowered_threat is None and view(g, None).flowered_threat is None
    assert view(g, 1).threats == ("merchant", "architect")
