"""The app commands' registry (citadels_tui/app_commands.py) and their words (citadels_tui/command_words.py):
every word names a command, every command has words and something that carries it out, and the apps and the game screen are what the commands and
the screens take them for (citadels_tui/game_app.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sessions import session_info

from citadels_server.hub import Hub
from citadels_tui.app import CitadelsApp
from citadels_tui.app_commands import COMMANDS
from citadels_tui.command_words import APP_ARGUMENTS, APP_WORDS, VERBS, Argument
from citadels_tui.components.game_screen import GameScreen
from citadels_tui.game_app import Board, GameApp
from citadels_tui.lobby_app import ssh_app_factory

SIZE = (100, 30)


def test_every_word_names_a_command_and_every_command_has_words():
    assert set(APP_WORDS.values()) == set(COMMANDS)
    for name, command in COMMANDS.items():
        assert command.name == name
        assert command.on_screen is not None or command.run is not None, name
        # In English and in Russian; `settings` is F3 in both, and a word in English only.
        words = [w for w, c in APP_WORDS.items() if c == name]
        assert any(w.isascii() for w in words), name
        assert name == "settings" or any(not w.isascii() for w in words), name


def test_the_parser_reads_every_word_as_its_command():
    for word, name in APP_WORDS.items():
        assert VERBS[word] == "app:" + name


def test_the_commands_that_take_an_argument():
    assert set(APP_ARGUMENTS) <= set(COMMANDS)
    assert APP_ARGUMENTS == {
        "help": Argument.CARD,
        "why": Argument.CARD,
        "look": Argument.PLAYER,
        "city": Argument.PLAYER,
        "theme": Argument.TEXT,
        "pace": Argument.TEXT,
        "lang": Argument.TEXT,
        "ring": Argument.TEXT,
        "think": Argument.TEXT,
    }


async def test_the_apps_and_the_game_screen_are_what_commands_take_them_for(tmp_path: Path):
    app = CitadelsApp(home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app, GameApp)
        assert isinstance(app.game_screen, GameScreen)
        assert isinstance(app.game_screen, Board)
        assert app.game_screen.game_app is app
    lobby = ssh_app_factory(session_info(name="anna", key_fingerprint=None), Hub(pace=0.0))
    async with lobby.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(lobby, GameApp)


def test_what_the_app_commands_open_is_imported_when_first_asked_for():
    """The screens and rules the commands open are imported by the command, not by the app's start."""
    deferred = {
        "citadels_tui.components.help_screen": "help: the Markdown widget, the slowest import of the app",
        "citadels_tui.components.settings_screen": "settings",
        "citadels_tui.components.share_screen": "share",
        "citadels_core.gameline": "share: the game line",
        "citadels_core.takeback": "undo: the take-back rules and their re-deal",
        "citadels_tui.components.review_screen": "review: the chart library",
        "textual_plotext": "review: the chart library",
        "citadels_tui.commands": "the parser: after the first frame (CitadelsApp._started)",
        "citadels_tui.command_words": "the parser's words, with it",
    }
    code = (
        "import sys, citadels_tui.app, citadels_tui.lobby_app\n"
        f"print(sorted(m for m in {sorted(deferred)!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
