"""Classic game end and scoring (001_374172512b2ff6bd.txt "Game End"; RULINGS R7, R40) and the replay of a
classic game from its save file."""

from classic_helpers import purple_with
from helpers import act, build, mid_game, new_game, pending_seat

from citadels_core import GameConfig
from citadels_core.bots import make_bot
from citadels_core.record import GameRecord, state_digest
from citadels_core.scoring import final_result, score_breakdown
from citadels_core.view import view

EIGHT = ["temple", "church", "monastery", "cathedral", "manor", "castle", "palace", "tavern"]


def test_score_is_district_costs_plus_3_for_five_colours_plus_4_for_the_first_complete_city():
    g = new_game(4, edition="classic")
    g = build(
        g,
        hands={0: []},
        cities={0: ["keep", "manor", "temple", "tavern", "prison", "castle", "palace", "church"]},
        gold={0: 0},
    )
    g = build(g, first_complete=0)
    s = score_breakdown(g, 0)
    assert (s["districts"], s["all_types"], s["completion"]) == (3 + 3 + 1 + 1 + 2 + 4 + 5 + 2, 3, 4)
    assert s["total"] == 21 + 3 + 4


def test_other_players_with_eight_districts_get_2_and_seven_districts_get_nothing():
    g = new_game(4, edition="classic")
    g = build(g, hands={0: []}, cities={0: list(EIGHT)}, gold={0: 0})
    g = build(
        g,
        hands={1: []},
        cities={
            1: ["watchtower", "prison", "battlefield", "fortress", "market", "harbor", "docks", "town_hall"]
        },
        gold={1: 0},
    )
    g = build(
        g,
        hands={2: []},
        cities={2: ["trading_post", "market", "docks", "harbor", "manor", "castle", "temple"]},
        gold={2: 0},
    )
    g = build(g, first_complete=0)
    assert score_breakdown(g, 1)["completion"] == 2
    assert score_breakdown(g, 2)["completion"] == 0


def test_building_the_eighth_district_makes_the_round_the_last_one_r40():
    g = mid_game(players=4, edition="classic", characters={0: "king", 1: "bishop"})
    g = build(g, hands={0: ["tavern"]}, cities={0: list(EIGHT[:7])}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "tavern")
    assert g.last_round and g.first_complete == 0
    act(g, "end")
    act(g, "gather", "gold")
    act(g, "end")
    assert g.over and g.result is not None and g.result["scores"][0]["completion"] == 4


def test_seven_districts_do_not_end_a_classic_game_but_do_in_the_shorter_game():
    g = mid_game(players=4, edition="classic", characters={0: "king"})
    g = build(g, hands={0: ["palace"]}, cities={0: list(EIGHT[:6])}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "palace")
    assert not g.last_round
    g = mid_game(new_game(4, edition="classic", shorter=True), characters={0: "king"})
    g = build(g, hands={0: ["palace"]}, cities={0: list(EIGHT[:6])}, gold={0: 5})
    act(g, "gather", "gold")
    act(g, "build", "palace")
    assert g.last_round


def test_tie_on_total_and_district_points_goes_to_the_player_with_more_gold_r7():
    g = new_game(4, edition="classic")
    g = build(g, hands={0: []}, cities={0: ["palace", "castle"]}, gold={0: 1})
    g = build(g, hands={1: []}, cities={1: ["cathedral", "harbor"]}, gold={1: 3})
    g = build(g, hands={2: []}, cities={2: ["temple"]}, gold={2: 9})
    g = build(g, hands={3: []}, cities={3: ["tavern"]}, gold={3: 0})
    r = final_result(g)
    assert r["winners"] == [1] and r["tiebreak"]["gold"] == {0: 1, 1: 3}


def test_a_tie_is_broken_by_district_points_before_gold_r7():
    g = new_game(4, edition="classic")
    g = build(
        g, hands={0: []}, cities={0: ["palace", "cathedral", "docks"]}, gold={0: 0}
    )  # 13 points, all districts
    g = build(
        g, hands={1: []}, cities={1: ["keep", "church", "manor", "tavern", "watchtower"]}, gold={1: 9}
    )  # 10 + 3 = 13
    g = build(g, hands={2: []}, cities={2: ["temple"]}, gold={2: 0})
    g = build(g, hands={3: []}, cities={3: ["market"]}, gold={3: 0})
    r = final_result(g)
    assert r["scores"][0]["total"] == r["scores"][1]["total"] == 13
    assert r["winners"] == [0] and r["tiebreak"]["district_points"] == {0: 13, 1: 10}


def test_dragon_gate_and_university_count_eight_as_district_points_in_the_tie_break():
    g = new_game(4, edition="classic")
    g = build(g, hands={0: []}, cities={0: ["university", "monastery"]}, gold={0: 0})  # 8 + 3 = 11
    g = build(g, hands={1: []}, cities={1: ["palace", "harbor", "watchtower", "temple"]}, gold={1: 9})  # 11
    r = final_result(g)
    assert r["tiebreak"]["district_points"] == {0: 11, 1: 11} and r["winners"] == [1]


def _record_game(players: int, preset: str, seed: int) -> tuple[GameRecord, str]:
    cfg = GameConfig.create(players, preset, preset, edition="classic", shorter=seed % 2 == 1)
    from citadels_core import Game

    g = Game(cfg, seed)
    rec = GameRecord(cfg, seed)
    bots = [make_bot("heuristic" if i % 2 else "random", seed + i) for i in range(players)]
    while not g.over:
        p = pending_seat(g)
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
