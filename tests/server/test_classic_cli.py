"""`citadels simulate --edition classic [--shorter]` and `citadels replay` of a classic game file."""

import json
import subprocess
import sys

from citadels_core import Game, GameConfig
from citadels_core.bots import RandomBot
from citadels_core.record import GameRecord, state_digest
from citadels_core.view import view


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "citadels_server.cli", *args], capture_output=True, text=True, timeout=120
    )


# Six classic games of the Dark City preset for five players, seed 2.
DARK_CITY_FOR_FIVE = (
    *("simulate", "--edition", "classic", "--preset", "classic_dark_city"),
    *("--players", "5", "--games", "6", "--seed", "2"),
)


def test_cli_simulates_classic_games_with_the_shorter_option():
    r = run_cli(*DARK_CITY_FOR_FIVE, "--bots", "heuristic,random", "--json", "--shorter")
    assert r.returncode == 2 and "--bots names 2 bots for 5 players" in r.stderr
    r = run_cli(*DARK_CITY_FOR_FIVE, "--json", "--shorter", "--rank9")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 6 and out["finished"] == 6 and out["errors"] == 0


def test_cli_classic_defaults_to_the_basic_game_and_refuses_2016_presets_with_a_sentence():
    r = run_cli("simulate", "--edition", "classic", "--players", "3", "--games", "2", "--json")
    assert r.returncode == 0, r.stderr
    r = run_cli("simulate", "--edition", "classic", "--preset", "first_game", "--players", "4")
    assert r.returncode == 2 and "no classic setup called 'first_game'" in r.stderr


def test_cli_shorter_is_refused_for_the_2016_edition():
    r = run_cli("simulate", "--shorter", "--players", "4", "--games", "1")
    assert r.returncode == 2 and "classic edition only" in r.stderr


def test_cli_replays_a_classic_game_file(tmp_path):
    cfg = GameConfig.create(4, "classic_intrigue", "classic_intrigue", edition="classic", shorter=True)
    g = Game(cfg, 9)
    bot = RandomBot(4)
    log = []
    while not g.over:
        pending = g.pending()
        assert pending is not None  # not over
        p = pending[0]
        a = bot.choose(view(g, p))
        g.apply(p, a)
        log.append((p, a))
    f = tmp_path / "classic.json"
    f.write_text(GameRecord(cfg, 9, log, state_digest(g)).dumps())
    r = run_cli("replay", str(f))
    assert r.returncode == 0 and "reaches the recorded final state" in r.stdout
