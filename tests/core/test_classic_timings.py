"""The classic book's timings (001_374172512b2ff6bd.txt, the same in 002 and 004; docs/rules-decisions.md,
"Classic edition"): each test is named for the sentence of the book it checks. The 2016 edition keeps its
own timings; a test of each shows that."""

import pytest
from classic_helpers import classic_turns, purple_with
from helpers import act, build, first_game_cast, legal_kinds, mid_game

from citadels_core import Action, Game, GameConfig, IllegalAction
from citadels_core.scoring import score_breakdown

AFTER_ACTION = "The extra resources come after you take an action: first take 2 gold or draw cards."


# ---------------------------------------------------------------- "After you take an action"


def test_merchant_after_you_take_an_action_you_receive_one_additional_gold():
    g = mid_game(players=4, edition="classic", characters={0: "merchant", 1: "warlord"})
    assert "bonus" not in legal_kinds(g)
    with pytest.raises(IllegalAction, match="come after you take an action"):
        g.apply(0, Action("bonus"))
    act(g, "gather", "gold")
    assert "bonus" in legal_kinds(g)
    gold = g.gold[0]
    act(g, "bonus")
    assert g.gold[0] == gold + 1


def test_architect_after_you_take_an_action_you_draw_two_additional_district_cards():
    g = mid_game(players=4, edition="classic", characters={0: "architect", 1: "warlord"})
    assert "bonus" not in legal_kinds(g)  # he chooses gold or cards before seeing the top of the deck
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Action("bonus"))
    assert str(err.value) == AFTER_ACTION
    act(g, "gather", "gold")
    hand = len(g.hands[0])
    act(g, "bonus")
    assert len(g.hands[0]) == hand + 2


def test_navigator_after_you_take_an_action_receive_four_extra_gold_or_four_extra_cards():
    g = classic_turns("navigator", characters={0: "navigator", 1: "warlord"})
    assert "navigate" not in legal_kinds(g)
    with pytest.raises(IllegalAction, match="come after you take an action"):
        g.apply(0, Action("navigate", ("cards",)))
    act(g, "gather", "cards")
    act(g, "keep", g.rules.edition.districts[g.turn.drawn[0]].key)
    assert {a.args[0] for a in g.legal_actions() if a.kind == "navigate"} == {"gold", "cards"}
    gold = g.gold[0]
    act(g, "navigate", "gold")
    assert g.gold[0] == gold + 4 and "navigate" not in legal_kinds(g)


def test_a_witch_resuming_as_the_merchant_has_already_taken_her_action():
    g = classic_turns("witch", characters={0: "witch", 1: "merchant"})
    act(g, "gather", "gold")
    act(g, "bewitch", "merchant")
    assert "bonus" not in legal_kinds(g)  # the bewitched player only takes an action
    act(g, "gather", "gold")
    assert g.turn.player == 0 and "bonus" in legal_kinds(g)


def first_choice(g: Game) -> None:
    a = g.legal_actions()[0]
    act(g, a.kind, *a.args)


def plain_turn(g: Game) -> None:
    """Gather gold where it may, take the first legal action until the turn may end, and end it."""
    if "gather" in legal_kinds(g):
        act(g, "gather", "gold")
    while "end" not in legal_kinds(g):
        first_choice(g)
    act(g, "end")


def test_in_2016_the_extra_resources_still_come_at_any_moment_of_the_turn():
    g = Game(GameConfig.create(4, cast="first_game", districts="first_game"), 1)
    while g.phase == "select":
        first_choice(g)
    while g.character_key(g.current_character) not in ("merchant", "architect"):
        plain_turn(g)
    assert not g.turn.gathered and "bonus" in legal_kinds(g)


# ---------------------------------------------------------------- "When the Emperor is called"


def _emperor_game() -> Game:
    return classic_turns("emperor", characters={0: "emperor", 1: "bishop", 2: "merchant"})


def test_when_the_emperor_is_called_you_immediately_take_the_crown_and_give_it_to_a_different_player():
    g = _emperor_game()
    assert legal_kinds(g) == {"emperor"}  # no gathering, income or building first
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Action("gather", ("gold",)))
    assert str(err.value) == "When the Emperor is called, he first gives the crown to another player."
    for kind in ("income", "end"):
        with pytest.raises(IllegalAction, match="he first gives the crown"):
            g.apply(0, Action(kind))
    g = build(g, hands={1: ["tavern"]}, cities={1: []}, gold={1: 2})
    act(g, "emperor", 1)
    assert g.crown == 1 and g.pending() == (1, "emperor_give")
    act(g, "emperor_give", "gold")
    assert {"gather", "income"} <= legal_kinds(g) and "emperor" not in legal_kinds(g)


def test_the_witch_resuming_as_the_emperor_gives_the_crown_away_before_anything_else():
    g = classic_turns("witch", "emperor", characters={0: "witch", 1: "emperor", 2: "merchant"})
    act(g, "gather", "gold")
    act(g, "bewitch", "emperor")
    assert legal_kinds(g) == {"gather"}  # the bewitched player cannot use the power before she takes over
    act(g, "gather", "gold")
    assert g.turn.player == 0 and legal_kinds(g) == {"emperor"}
    assert {a.args[0] for a in g.legal_actions()} == {1, 2, 3}


def test_in_2016_the_emperor_may_still_gather_before_moving_the_crown():
    cfg = GameConfig.create(
        4,
        cast=first_game_cast("emperor"),
        districts="first_game",
    )
    g = Game(cfg, 1)
    while g.phase == "select":
        first_choice(g)
    while g.character_key(g.current_character) != "emperor":
        # Seed 1 has a player choose the Emperor in round 1: his turn comes before the round ends.
        assert g.phase == "turn", "the Emperor was not chosen in round 1 with this seed"
        plain_turn(g)
    assert {"gather", "emperor"} <= legal_kinds(g)


# ---------------------------------------------------------------- the game end, steps 3 and 4

SEVEN = ("armory", "temple", "church", "market", "watchtower", "manor", "castle")


def _armory_game() -> Game:
    g = mid_game(
        players=4,
        edition="classic",
        districts=purple_with("armory"),
        characters={0: "king", 1: "merchant", 2: "architect"},
    )
    g = build(g, hands={0: ["tavern"]}, cities={0: list(SEVEN)}, gold={0: 1})
    act(g, "gather", "gold")
    act(g, "build", "tavern")
    assert g.first_complete == 0 and g.last_round
    return g


def test_step_3_the_first_player_to_build_eight_districts_receives_four_points_even_if_his_city_shrinks():
    g = _armory_game()
    g = build(g, hands={1: []}, cities={1: ["palace"]}, gold={1: 0})
    act(g, "armory", 1, "palace")  # the Armory destroys itself: his city is back to seven
    assert len(g.cities[0]) == 7 and not g.is_complete(0)
    assert score_breakdown(g, 0)["completion"] == 4


def test_step_4_other_players_receive_two_points_only_with_eight_districts_at_the_end_of_the_game():
    g = _armory_game()
    g = build(
        g,
        hands={1: []},
        cities={1: ["palace", "temple", "church", "market", "watchtower", "manor", "castle", "docks"]},
        gold={1: 0},
    )
    g = build(
        g,
        hands={2: []},
        cities={2: ["fortress", "temple", "church", "market", "watchtower", "manor", "castle", "docks"]},
        gold={2: 0},
    )
    assert score_breakdown(g, 1)["completion"] == 2
    act(g, "armory", 1, "palace")  # the classic Armory may target a completed city
    assert score_breakdown(g, 1)["completion"] == 0
    assert score_breakdown(g, 2)["completion"] == 2
    assert score_breakdown(g, 0)["completion"] == 4


def test_in_2016_the_first_completer_keeps_four_points_only_with_a_complete_city_r11():
    g = Game(GameConfig.create(4, cast="first_game", districts="first_game"), 1)
    g = build(
        g, first_complete=0, cities={0: ["temple", "church", "market", "watchtower", "manor", "castle"]}
    )
    assert not g.is_complete(0) and score_breakdown(g, 0)["completion"] == 0


def test_the_cities_pane_counts_the_first_builders_four_points_after_his_city_shrinks():
    from citadels_core.view import points_so_far, view

    g = _armory_game()
    g = build(g, hands={1: []}, cities={1: ["palace"]}, gold={1: 0})
    act(g, "armory", 1, "palace")
    v = view(g, 0)
    me = v.players[0]
    assert points_so_far(v, me) == sum(d.cost for d in me.city) + 4
