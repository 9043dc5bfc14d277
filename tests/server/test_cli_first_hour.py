"""The command line as a new player and a new host first meet it, through the real `citadels` command: a
bad option is a usage error before any screen, the app refuses to run without a terminal, a reader that
stops reading (`| head`) ends no command in a traceback, counts are checked, and the leaderboard of a
server that never ran says so and creates nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import finished_by_bots

from citadels_core.levels import LEVELS
from citadels_core.record import GameRecord, state_digest
from citadels_server.settings import SettingsError, load_settings
from citadels_tui.settings import settings_path

ROOT = Path(__file__).resolve().parents[2]
# The installed command itself (the venv's console script), as a player types it; else the module.
SCRIPT = Path(sys.executable).with_name("citadels")
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "citadels_server.cli"]
EXAMPLE = ROOT / "docs" / "examples" / "win-from-here.txt"


def citadels(*args: str, home: Path, **kw) -> subprocess.CompletedProcess:
    """`citadels ARGS` with its own data dirs, input and output not a terminal (as in a script)."""
    env = dict(os.environ, CITADELS_HOME=str(home))
    kw.setdefault("stdin", subprocess.DEVNULL)
    kw.setdefault("capture_output", True)
    return subprocess.run([*COMMAND, *args], env=env, text=True, timeout=120, **kw)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--theme", "nope"], "there is no theme called 'nope' (choose from citadel, "),
        (["--lang", "xx"], "there is no language called 'xx' (choose from en, ru)"),
        (["play", "--lang", "klingon"], "there is no language called 'klingon' (choose from en, ru)"),
        (["replay", "game.json", "--theme", "nope"], "there is no theme called 'nope'"),
        (["review", "game.json", "--lang", "xx"], "there is no language called 'xx'"),
    ],
)
def test_an_unknown_theme_or_language_is_a_usage_error_before_any_screen(tmp_path, args, says):
    r = citadels(*args, home=tmp_path)
    assert r.returncode == 2
    assert says in r.stderr and "usage: citadels" in r.stderr
    assert r.stdout == ""  # no screen was drawn


@pytest.mark.slow
def test_the_game_without_a_terminal_says_it_needs_one_and_ends(tmp_path):
    for args in ([], ["--theme", "night", "--lang", "ru"], ["--position", f"@{EXAMPLE}"]):
        r = citadels(*args, home=tmp_path)
        assert r.returncode == 2
        assert "the game needs a terminal" in r.stderr
        assert "\x1b" not in r.stdout and "\x1b" not in r.stderr  # no screen codes
    # A bare `citadels` whose input is a terminal but whose output is a pipe draws for no one either.
    import pty

    leader, follower = pty.openpty()
    try:
        r = citadels(home=tmp_path, stdin=follower)
    finally:
        os.close(leader)
        os.close(follower)
    assert r.returncode == 2 and "the game needs a terminal" in r.stderr


def game_file(tmp_path: Path) -> Path:
    from citadels_core import Game

    cfg, actions = finished_by_bots(4, 3, ("random",))
    g = Game(cfg, 3)
    for p, a in actions:
        g.apply(p, a)
    f = tmp_path / "game.json"
    f.write_text(GameRecord(cfg, 3, actions, state_digest(g)).dumps(), encoding="utf-8")
    return f


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "--log", "GAME"],
        ["replay", "--check", "GAME"],
        ["simulate", "--games", "2"],
        ["simulate", "--games", "2", "--json"],
        ["tournament", "--players", "2", "--games", "2", "--bots", "random,random", "--workers", "1"],
        ["leaderboard"],
    ],
)
def test_no_printing_command_ends_in_a_traceback_when_its_reader_is_gone(tmp_path, args):
    # `citadels … | head`: once `head` has read its lines and ended, every write meets a closed pipe.
    # Here the pipe's reading end is closed before the command starts, so that every write does. (`--help`
    # is argparse's, which ignores a closed pipe itself.)
    if "leaderboard" in args:
        from citadels_server.database import open_database

        open_database(load_settings(None, data_dir=str(tmp_path))).close()  # a server's, with no players yet
    args = [str(game_file(tmp_path)) if a == "GAME" else a for a in args]
    reader, writer = os.pipe()
    os.close(reader)
    try:
        r = citadels(*args, home=tmp_path, stdout=writer, stderr=subprocess.PIPE, capture_output=False)
    finally:
        os.close(writer)
    assert "Traceback" not in r.stderr and "BrokenPipeError" not in r.stderr, r.stderr
    said = [line for line in r.stderr.replace("\r", "\n").splitlines() if line and "] " not in line]
    assert said == [], r.stderr  # nothing but the tournament's progress bar


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "--games", "-5"], "argument --games: must be at least 1, not -5"),
        (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["simulate", "--players", "-3"], "argument --players: Citadels is played by 2 to 8 players, not -3"),
        (["simulate", "--players", "9"], "argument --players: Citadels is played by 2 to 8 players, not 9"),
        (["tournament", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["tournament", "--workers", "0"], "argument --workers: must be at least 1, not 0"),
        (["leaderboard", "--limit", "-1"], "argument --limit: must be at least 1, not -1"),
        (["--players", "1"], "argument --players: Citadels is played by 2 to 8 players, not 1"),
    ],
)
def test_a_bad_count_is_refused_with_a_sentence(tmp_path, args, says):
    r = citadels(*args, home=tmp_path)
    assert r.returncode == 2 and says in r.stderr and r.stdout == ""


def test_one_list_of_bot_levels_in_every_help_and_error(tmp_path):
    levels = ", ".join(LEVELS)
    for args in (["--help"], ["simulate", "--help"], ["tournament", "--help"]):
        shown = " ".join(citadels(*args, home=tmp_path).stdout.split())  # help text is wrapped
        assert levels in shown, args
    for args in (
        ["simulate", "--bots", "genius"],
        ["--bots", "genius"],
        ["--players", "3", "--bots", "x,easy"],
    ):
        r = citadels(*args, home=tmp_path)
        assert r.returncode == 2 and f"; the levels are {levels} (hard:800" in r.stderr, args


def test_players_and_bots_for_a_local_game_on_the_command_line(tmp_path, monkeypatch):
    import citadels_server.cli_play
    import citadels_tui.terminal_run
    from citadels_server.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr(citadels_tui.terminal_run, "run", lambda **kw: seen.update(kw) or 0)
    monkeypatch.setattr(citadels_server.cli_play, "has_terminal", lambda: True)
    monkeypatch.setenv("CITADELS_HOME", str(tmp_path))
    assert main(["--players", "5", "--bots", "easy,hard,normal,random"]) == 0
    assert seen["players"] == 5 and seen["bots"] == ["easy", "hard", "normal", "random"]
    assert main(["play", "--players", "3", "--bots", "hard:800"]) == 0
    assert seen.get("players") == 3 and seen["bots"] == ["hard:800", "hard:800"]
    assert main(["--bots", "easy"]) == 0 and seen["bots"] == ["easy"] * 3  # the settings' 4 players
    assert main(["--position", f"@{EXAMPLE}", "--bots", "easy,hard,random"]) == 0
    assert seen["position_bots"] == ["easy", "hard", "random"]
    for args, says in [
        (["--players", "3", "--bots", "easy,hard,normal"], "--bots names 3 levels for the 2 bots"),
        (["--resume", "--players", "3"], "a resumed game keeps its own"),
        (["--position", f"@{EXAMPLE}", "--players", "5"], "the position is of a 4-player game, not 5"),
        (["--position", f"@{EXAMPLE}", "--bots", "easy,hard"], "--bots names 2 levels for the 3 bots"),
    ]:
        r = citadels(*args, home=tmp_path)
        assert r.returncode == 2 and says in r.stderr, (args, r.stderr)


async def test_the_app_deals_the_players_and_bots_asked_for(tmp_path):
    from citadels_tui.app import CitadelsApp

    app = CitadelsApp(home=tmp_path, seed=3, pace=0, players=5, bots=("easy", "hard", "normal", "random"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.table is not None and app.table.config.players == 5
        assert app.table.bot_kinds == {1: "easy", 2: "hard", 3: "normal", 4: "random"}


def test_the_leaderboard_of_a_server_that_never_ran_says_so_and_creates_nothing(tmp_path):
    home = tmp_path / "home"
    r = citadels("leaderboard", home=home)
    assert r.returncode == 1
    assert f"there is no server database at {home / 'citadels.db'}" in r.stderr
    assert not home.exists()
    r = citadels("leaderboard", "--database", str(tmp_path / "elsewhere.db"), home=home)
    assert r.returncode == 1 and str(tmp_path / "elsewhere.db") in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_settings_file_with_several_bad_values_names_them_all(tmp_path):
    path = settings_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('players = 12\nbot_pace = -1\nedition = "1999"\nname = ""\n', encoding="utf-8")
    from citadels_tui.settings import load_settings as load_player_settings

    _, msg = load_player_settings(tmp_path)
    assert msg is not None
    for key in ("players", "bot_pace", "edition", "name"):
        assert key in msg, key
    server = tmp_path / "citadels.toml"
    server.write_text('prot = 22\nport = 70000\nmax_per_address = 0\nmotd = "a\\u001bb"\n', encoding="utf-8")
    with pytest.raises(SettingsError) as refused:
        load_settings(server)
    said = str(refused.value)
    assert said.startswith("4 settings cannot be used: ")
    for part in (
        "unknown setting(s) prot",
        "port must be between",
        "max_per_address must be positive",
        "motd",
    ):
        assert part in said, part
    r = citadels("serve", "--settings", str(server), home=tmp_path)
    assert r.returncode == 2 and "4 settings cannot be used" in r.stderr


def test_the_example_position_loads_and_plays(tmp_path, monkeypatch):
    from citadels_core.position import from_seat_position, is_seat_position, seat_of

    text = EXAMPLE.read_text(encoding="utf-8")
    assert is_seat_position(text) and seat_of(text) == 0
    game = from_seat_position(text, 7)
    assert not game.over and game.pending() == (0, "turn")
    # The command the docs show is one the command line takes, up to the screen.
    for doc in ("position.md", "playing.md"):
        assert "citadels --position @docs/examples/win-from-here.txt" in (ROOT / "docs" / doc).read_text()
    import citadels_server.cli_play
    import citadels_tui.terminal_run
    from citadels_server.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr(citadels_tui.terminal_run, "run", lambda **kw: seen.update(kw) or 0)
    monkeypatch.setattr(citadels_server.cli_play, "has_terminal", lambda: True)
    monkeypatch.chdir(ROOT)
    assert main(["--position", "@docs/examples/win-from-here.txt"]) == 0
    assert seen["position_seat"] == 0 and seen["position_bots"] == ["normal"] * 3


def test_a_postgresql_database_without_its_driver_says_how_to_install_it(tmp_path):
    # psycopg is the extra `postgres`: an install without it must say which command adds it.
    hide = (
        "import sys\n"
        "class NoPsycopg:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'psycopg':\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, NoPsycopg())\n"
        "from citadels_server.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = dict(os.environ, CITADELS_HOME=str(tmp_path))
    url = "postgresql://citadels@127.0.0.1:1/citadels"
    for command in (["serve", "--port", "0", "--database", url], ["leaderboard", "--database", url]):
        r = subprocess.run(
            [sys.executable, "-c", hide, *command], env=env, capture_output=True, text=True, timeout=120
        )
        assert r.returncode == 2, r.stderr
        assert "its driver (psycopg) is not installed: pip install -e '.[postgres]' in the clone" in r.stderr
        assert "pipx install --force '.[postgres]'" in r.stderr
        assert "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == []


async def test_the_start_up_lines_are_the_ones_docs_hosting_shows(tmp_path):
    import asyncio
    import re

    from served import served

    async with served(tmp_path) as server:
        for _ in range(600):
            if b"Players connect with" in server.output:
                break
            await asyncio.sleep(0.1)
        printed = server.output.decode()
    key = tmp_path / "ssh_host_ed25519_key"
    assert f"Host key: {key}\n" in printed and key.is_file()  # the key file, not its folder
    banner = [line for line in printed.splitlines() if not re.match(r"\d{4}-\d\d-\d\d ", line)]  # no logs
    banner = banner[: next(i for i, line in enumerate(banner) if line.startswith("Players connect")) + 1]
    doc = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    sample = re.search(r"At start it prints.*?```\n(.*?)```", doc, re.S)
    assert sample is not None

    def same(lines: list[str], home: str) -> list[str]:
        text = "\n".join(lines).replace(home, "HOME")
        text = re.sub(r"SHA256:\S+", "FINGERPRINT", text)
        return re.sub(r"port \d+|-p \d+", "PORT", text).splitlines()

    assert same(banner, str(tmp_path)) == same(
        sample.group(1).splitlines(), "/home/you/.local/share/citadels"
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "ru", "--theme", "night", "review", "game.json"],
        ["review", "game.json", "--lang", "ru", "--theme", "night"],
    ],
)
def test_review_takes_the_language_and_theme_given_before_or_after_it(argv):
    from citadels_server.cli_parser import build_parser

    args = build_parser(argv).parse_args(argv)
    assert (args.lang, args.theme) == ("ru", "night")
