"""Classic game end and scoring (001_374172512b2ff6bd.txt "Game End"; RULINGS R7, R40) and the replay of a
classic game from its save file."""

from classic_helpers import act, build, classic_game, purple_with, setup, start

from citadels_core import GameConfig
from citadels_core.bots import make_bot
from citadels_core.record import GameRecord, state_digest
from citadels_core.scoring import final_result, score_breakdown
from citadels_core.view import view

EIGHT = ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace", "tavern"]


def test_score_is_district_costs_plus_3_for_five_colours_plus_4_for_the_first_complete_city():
    g = classic_game(4)
    g = setup(g, 0, city=["keep", "manor", "temple", "tavern", "prison", "castle", "palace", "church"])
    g = build(g, first_complete=0)
    s = score_breakdown(g, 0)
    assert (s["districts"], s["all_types"], s["completion"]) == (3 + 3 + 1 + 1 + 2 + 4 + 5 + 2, 3, 4)
    assert s["total"] == 21 + 3 + 4


def test_other_players_with_eight_districts_get_2_and_seven_districts_get_nothing():
    g = classic_game(4)
    g = setup(g, 0, city=EIGHT)
    g = setup(
        g,
        1,
        city=["watchtower", "prison", "battlefield", "fortress", "market", "harbor", "docks", "town_hall"],
    )
    g = setup(g, 2, city=["trading_post", "market", "docks", "harbor", "manor", "castle", "temple"])
    g = build(g, first_complete=0)
    assert score_breakdown(g, 1)["completion"] == 2
    assert score_breakdown(g, 2)["completion"] == 0


def test_building_the_eighth_district_makes_the_round_the_last_one_r40():
    g = start(classic_game(4), {0: "king", 1: "bishop"})
    g = setup(g, 0, hand=["tavern"], city=EIGHT[:7], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "tavern")
    assert g.last_round and g.first_complete == 0
    act(g, "end")
    act(g, "gather", "gold")
    act(g, "end")
    assert g.over and g.result["scores"][0]["completion"] == 4


def test_seven_districts_do_not_end_a_classic_game_but_do_in_the_shorter_game():
    g = start(classic_game(4), {0: "king"})
    g = setup(g, 0, hand=["palace"], city=EIGHT[:6], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "palace")
    assert not g.last_round
    g = start(classic_game(4, shorter=True), {0: "king"})
    g = setup(g, 0, hand=["palace"], city=EIGHT[:6], gold=5)
    act(g, "gather", "gold")
    act(g, "build", "palace")
    assert g.last_round


def test_tie_on_total_and_district_points_goes_to_the_player_with_more_gold_r7():
    g = classic_game(4)
    g = setup(g, 0, city=["palace", "castle"], gold=1)
    g = setup(g, 1, city=["cathedral", "harbor"], gold=3)
    g = setup(g, 2, city=["temple"], gold=9)
    g = setup(g, 3, city=["tavern"], gold=0)
    r = final_result(g)
    assert r["winners"] == [1] and r["tiebreak"]["gold"] == {0: 1, 1: 3}


def test_a_tie_is_broken_by_district_points_before_gold_r7():
    g = classic_game(4)
    g = setup(g, 0, city=["palace", "cathedral", "docks"], gold=0)  # 13 points, all districts
    g = setup(g, 1, city=["keep", "church", "manor", "tavern", "watchtower"], gold=9)  # 10 + 3 = 13
    g = setup(g, 2, city=["temple"], gold=0)
    g = setup(g, 3, city=["market"], gold=0)
    r = final_result(g)
    assert r["scores"][0]["total"] == r["scores"][1]["total"] == 13
    assert r["winners"] == [0] and r["tiebreak"]["district_points"] == {0: 13, 1: 10}


def test_dragon_gate_and_university_count_eight_as_district_points_in_the_tie_break():
    g = classic_game(4)
    g = setup(g, 0, city=["university", "monastery"], gold=0)  # 8 + 3 = 11
    g = setup(g, 1, city=["palace", "harbor", "watchtower", "temple"], gold=9)  # 11
    r = final_result(g)
    assert r["tiebreak"]["district_points"] == {0: 11, 1: 11} and r["winners"] == [1]


def _record_game(players: int, preset: str, seed: int) -> tuple[GameRecord, str]:
    cfg = GameConfig.create(players, preset, preset, edition="classic", shorter=seed % 2 == 1)
    from citadels_core import Game

    g = Game(cfg, seed)
    rec = GameRecord(cfg, seed)
    bots = [make_bot("heuristic" if i % 2 else "random", seed + i) for i in range(players)]
    while not g.over:
        p = g.pending()[0]
        a = bots[p].choose(view(g, p))
        g.apply(p, a)
        rec.actions.append((p, a))
    rec.final = state_digest(g)
    return rec, state_digest(g)


def test_a_classic_game_replays_from_its_save_file_to_the_same_end():
    for players, preset, seed in (
        (4, "classic_dark_city", 3),
        (6, "classic_intrigue", 8),
        (3, "classic_basic", 5),
    ):
        rec, digest = _record_game(players, preset, seed)
        again = GameRecord.loads(rec.dumps())
        assert again.config == rec.config and again.config.edition == "classic"
        g = again.replay()
        assert g.over and state_digest(g) == digest


def test_purple_with_keeps_the_named_cards():
    assert {"park", "museum"} <= set(purple_with("park", "museum"))
