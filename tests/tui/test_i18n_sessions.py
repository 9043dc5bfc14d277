"""Each app has its own language: two apps in one process and one event loop (as the SSH server runs
them) switch languages independently, in the game, in the lobby and in the hub's announcements."""

from __future__ import annotations

import asyncio
import functools
import re
from pathlib import Path

import pytest
from pilots import game_screen_of, language_of, story, type_line
from sessions import session_info
from ssh_helpers import Screen, connect, open_game, running_server

from citadels_server.hub import Hub
from citadels_tui import i18n
from citadels_tui.app import CitadelsApp
from citadels_tui.components.status_bar import StatusBar
from citadels_tui.lobby_app import ssh_app_factory

CYRILLIC = re.compile("[А-Яа-яЁё]")
SIZE = (100, 30)


async def _settle(pilot) -> None:
    for _ in range(5):
        await pilot.pause(0.05)


@pytest.mark.slow
async def test_two_apps_in_one_loop_keep_their_own_language(tmp_path: Path):
    english = CitadelsApp(home=tmp_path / "a", seed=5, pace=0, lang="en")
    russian = CitadelsApp(home=tmp_path / "b", seed=5, pace=0, lang="en")
    switched = asyncio.Event()
    seen: dict[str, str] = {}

    async def play_russian() -> None:
        async with russian.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            await type_line(pilot, "lang ru")
            await _settle(pilot)
            assert i18n.language() == "ru"  # the test body runs in this app's context
            seen["ru"] = story(russian)
            seen["ru status"] = str(game_screen_of(russian).query_one(StatusBar).render())
            switched.set()
            await asyncio.sleep(0.3)  # the other app redraws meanwhile

    async def play_english() -> None:
        async with english.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            await switched.wait()
            await type_line(pilot, "choose king")
            await _settle(pilot)
            assert i18n.language() == "en"
            seen["en"] = story(english)
            seen["en status"] = str(game_screen_of(english).query_one(StatusBar).render())

    await asyncio.gather(play_russian(), play_english())
    assert "Язык: ru." in seen["ru"] and CYRILLIC.search(seen["ru status"])
    assert "You choose the King." in seen["en"]
    assert not CYRILLIC.search(seen["en"]) and not CYRILLIC.search(seen["en status"])
    assert language_of(english) == "en" and language_of(russian) == "ru"
    assert i18n.language() == "en"  # outside both apps: the process default did not move


ANNA = session_info(name="anna", key_fingerprint=None)


async def test_the_lobby_switches_language_with_lang():
    hub = Hub(pace=0.0)
    app = ssh_app_factory(ANNA, hub)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "lang ru")
        await _settle(pilot)
        status = str(app.screen.query_one("#lobby-status").render())
        assert "Лобби" in status or CYRILLIC.search(status), status
        assert language_of(app) == "ru"
    assert i18n.language() == "en"


@pytest.mark.slow
async def test_over_ssh_each_player_has_their_language(tmp_path):
    hub = Hub(pace=0.0)
    factory = functools.partial(ssh_app_factory, hub=hub)
    async with running_server(tmp_path, factory) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            sa, sb = await open_game(a, 120, 40), await open_game(b, 120, 40)
            await sa.wait_for("Citadels lobby")
            await sb.wait_for("Citadels lobby")
            sa.process.stdin.write("язык ru\r".encode())
            await sa.wait_for("Язык: ru.")
            # bruno's lobby stays English, even when redrawn for anna's new table
            sa.process.stdin.write(b"new 2 seed=3\r")
            await sb.wait_for(lambda s: "anna" in s and "waiting" in s)
            assert not CYRILLIC.search(sb.text), sb.text
            sb.process.stdin.write(b"join 1\r")
            await sb.wait_for("You sit at table 1")
            sa.process.stdin.write(b"start\r")
            await sb.wait_for("Your hand")
            await sa.wait_for("Ваши карты")  # anna's game is Russian
            assert not CYRILLIC.search(sb.text.replace("anna", "")), sb.text
            # bruno leaves his seat and comes back: the table's announcements read in each player's language
            sb.process.stdin.write(b"lobby\r")
            await sa.wait_for("* bruno вышел")
            await sb.wait_for("Citadels lobby")
            sb.process.stdin.write(b"join 1\r")
            await sb.wait_for("* bruno is back.")
            await sa.wait_for("* bruno вернулся.")
            # anna switches back to English in her game, then her lobby (built in Russian) follows.
            sb.process.stdin.write(b"lang ru\r")
            await sb.wait_for("Язык: ru.")
            sa.process.stdin.write(b"lang en\r")
            await sa.wait_for("Language: en.")
            await sa.wait_for(lambda s: "Your hand" in s and "* bruno is back." in s)
            sa.process.stdin.write(b"lobby\r")
            await sa.wait_for("Citadels lobby")
            assert "Ваши карты" in sb.text  # bruno reads Russian now, whatever anna chose


async def test_the_settings_screen_switches_the_language(tmp_path: Path):
    from textual.widgets import Select

    from citadels_tui.components.settings_screen import SettingsScreen

    app = CitadelsApp(home=tmp_path, seed=5, pace=0, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await pilot.press("f3")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#language", Select).value = "ru"
        await _settle(pilot)
        assert not isinstance(app.screen, SettingsScreen)  # the game screen, rebuilt in Russian
        assert app.screen is app.game_screen and "Язык: ru." in story(app)
        assert CYRILLIC.search(str(app.game_screen.query_one(StatusBar).render()))


async def test_a_player_whose_ssh_sends_a_russian_locale_gets_russian(tmp_path):
    hub = Hub(pace=0.0)
    factory = functools.partial(ssh_app_factory, hub=hub)
    async with running_server(tmp_path, factory) as server:
        async with connect(server, "anna") as a, connect(server, "bruno") as b:
            process = await a.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None, env={"LANG": "ru_RU.UTF-8"}
            )
            sa = Screen(process, 100, 30)
            sb = await open_game(b, 100, 30)
            await sa.wait_for("Лобби «Цитаделей»")
            await sb.wait_for("Citadels lobby")
