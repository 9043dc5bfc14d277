"""The engine contract: actions as data, events with audiences, views, replay files (DESIGN.md)."""

import json
import subprocess
import sys

import pytest
from helpers import act, cards, mid_game, new_game, pending_seat, play_random, recorded_events

from citadels_core import Action, Game, GameConfig, SaveFileError
from citadels_core.record import GameRecord, state_digest
from citadels_core.view import events_for, view


def test_actions_round_trip_through_json():
    for a in [Action("end"), Action("build", ("castle",)), Action("destroy", (2, "market"))]:
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a


def test_every_legal_action_is_a_small_json_value():
    g = new_game(5, seed=3)
    for _ in range(200):
        if g.over:
            break
        for a in g.legal_actions():
            assert json.loads(json.dumps(a.to_json())) == a.to_json()
        play_random(g, 1)


def test_drawn_cards_are_told_only_to_the_drawing_player():
    g = mid_game(characters={0: "king"})
    act(g, "gather", "cards")
    private = [e for e in recorded_events(g) if e.kind == "drawn_private"]
    assert private and private[-1].audience == (0,)
    assert all(e.kind != "drawn_private" for e in events_for(g, 1))
    assert all(e.kind != "drawn_private" for e in events_for(g, None))


def test_chosen_characters_are_private_until_revealed():
    g = new_game(4, seed=2)
    p = pending_seat(g)
    g.apply(p, g.legal_actions()[0])
    public = [e for e in events_for(g, None) if e.kind.startswith("choose")]
    assert public and all("character" not in e.data for e in public)
    mine = [e for e in events_for(g, p) if e.kind == "choose_private"]
    assert mine and mine[0].data["character"]


def test_spectator_view_shows_no_hand_and_no_character():
    g = new_game(4, seed=2)
    play_random(g, 6)
    v = view(g, None)
    assert v.hand == () and v.my_characters == () and v.legal == ()
    assert all(pi.known_hand == () for pi in v.players)


def test_a_view_lists_legal_actions_only_for_the_deciding_player():
    g = new_game(4, seed=2)
    p = pending_seat(g)
    assert view(g, p).legal == tuple(g.legal_actions())
    assert view(g, (p + 1) % 4).legal == ()


def test_a_saved_game_replays_to_the_same_state(tmp_path):
    cfg = GameConfig.create(4)
    g = Game(cfg, 99)
    log = play_random(g, 150, seed=5)
    rec = GameRecord(cfg, 99, log, state_digest(g))
    path = tmp_path / "game.json"
    path.write_text(rec.dumps())
    g2 = GameRecord.loads(path.read_text()).replay()
    assert state_digest(g2) == state_digest(g)
    assert [e.to_json() for e in recorded_events(g2)] == [e.to_json() for e in recorded_events(g)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not a JSON file"),
        ('{"format": "other"}', "not a Citadels game file"),
        ('{"format": "citadels-game", "version": 7}', "unsupported game file version"),
        ('{"format": "citadels-game", "version": 1, "config": {"players": 4}}', "configuration"),
    ],
)
def test_a_malformed_game_file_gets_a_clear_error(text, message):
    with pytest.raises(SaveFileError, match=message):
        GameRecord.loads(text)


def test_a_file_with_an_illegal_action_names_it():
    cfg = GameConfig.create(4)
    rec = GameRecord(cfg, 1, [(0, Action("build", ("castle",)))])
    with pytest.raises(SaveFileError, match="action 1"):
        GameRecord.loads(rec.dumps()).replay()


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_replay_says_whether_the_final_state_is_reached(tmp_path):
    cfg = GameConfig.create(3)
    g = Game(cfg, 5)
    log = play_random(g, 10_000, seed=1)
    assert g.over
    good = tmp_path / "good.json"
    good.write_text(GameRecord(cfg, 5, log, state_digest(g)).dumps())
    r = run_cli("replay", str(good))
    assert r.returncode == 0 and "reaches the recorded final state" in r.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(GameRecord(cfg, 5, log, "0" * 16).dumps())
    r = run_cli("replay", str(bad))
    assert r.returncode == 1 and "does NOT reach" in r.stdout


def test_cli_replay_of_garbage_prints_a_message_not_a_traceback(tmp_path):
    f = tmp_path / "junk.json"
    f.write_bytes(b"\x00\xff garbage")
    r = run_cli("replay", str(f))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "junk.json" in r.stderr


def test_cli_simulate_prints_json_with_the_summary_fields():
    r = run_cli(
        "simulate",
        "--players",
        "4",
        "--games",
        "8",
        "--seed",
        "3",
        "--bots",
        "heuristic,random,random,random",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for k in ("games", "finished", "errors", "games_per_second", "wins_by_seat", "mean_score"):
        assert k in out
    assert out["games"] == 8 and out["finished"] == 8 and out["errors"] == 0


def test_cli_refuses_a_bad_cast_with_the_rule():
    r = run_cli(
        "simulate",
        "--players",
        "2",
        "--cast",
        "assassin,thief,magician,emperor,bishop,merchant,architect,warlord",
    )
    assert r.returncode == 2 and "Emperor cannot be used" in r.stderr


def test_same_seed_and_actions_give_the_same_game():
    cfg = GameConfig.create(5)
    a, b = Game(cfg, 42), Game(cfg, 42)
    log = play_random(a, 300, seed=3)
    for p, act_ in log:
        b.apply(p, act_)
    assert state_digest(a) == state_digest(b)


def test_clone_is_independent():
    g = mid_game(characters={0: "king"})
    c = g.clone()
    act(g, "gather", "gold")
    g.hands[0].append(cards(g, "tavern")[0])
    assert c.gold[0] == 2 and c.hands[0] != g.hands[0]
    c.apply(0, Action("gather", ("cards",)))
    assert g.pending() == (0, "turn")
